// docs/settings.md is generated from the zod schemas of src/config.ts (scripts/generate-settings-doc.ts):
// these tests keep it from drifting from what the service reads, and keep every setting described.
import assert from 'node:assert/strict';
import { checkSettingsDoc, renderSettingsDoc, settingRows } from '../../scripts/generate-settings-doc.js';
import { loadConfig } from '../../src/config.js';

describe('settings reference (docs/settings.md)', () => {
  it('is what the schemas give today (else: run npm run docs:settings)', () => {
    assert.equal(checkSettingsDoc(), null);
  });

  it('every setting, the service\'s and the per-venue ones, has a description (`.describe()` in its schema)', () => {
    const { service, features, perVenue } = settingRows();
    assert.ok(features.length >= 7, 'the features\' settings are listed');
    const missing = [...service, ...features.flatMap((f) => f.rows), ...perVenue].filter((r) => !r.description?.trim()).map((r) => r.name);
    assert.deepEqual(missing, [], `describe these settings in their schema (src/config.ts or the feature's settings.ts) with .describe('...'): ${missing.join(', ')}`);
  });

  it('lists the defaults the service applies, and the per-venue variables of the descriptors', () => {
    const doc = renderSettingsDoc();
    const config = loadConfig({});
    assert.match(doc, new RegExp(`\\| \`PORT\` \\| \`${config.port}\` \\|`));
    assert.match(doc, new RegExp(`\\| \`SYNC_SCHEDULE\` \\| \`${config.sync.schedule.replace(/\*/g, '\\*')}\` \\|`));
    assert.match(doc, /\| `SEARCH_REPLICAS` \| `auto` \|/, 'a default inside a transform is found');
    for (const name of ['KALSHI_REST_URL', 'POLYMARKET_GAMMA_URL', 'PREDICTFUN_API_KEY', 'VENUE_KALSHI_SYNC_SCHEDULE']) {
      assert.match(doc, new RegExp(`\\| \`${name}\` \\|`), name);
    }
  });
});
