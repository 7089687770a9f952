/**
 * Static request tests, one runner for every venue (CCXT's static request fixtures): each
 * `src/venues/<code>/fixtures/requests.json` lists calls of the adapter's request table
 * (`<code>Requests` in its client.ts) with their arguments, the base URL they go to, and the exact URL
 * they must produce against the descriptor's live base URL. What only a running venue can show
 * (pagination, headers, signatures) stays in test/venues/<code>/requests.test.ts, against the simulator.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { buildUrl, type Query } from '../../src/venues/http-client.js';
import { VENUES } from '../../src/venues/index.js';
import { fixture } from './fixture.js';

interface RequestCase {
  call: string;
  args: unknown[];
  /** Key of the descriptor's `baseUrls` the request goes to. */
  base: string;
  url: string;
}

type RequestTable = Record<string, (...args: unknown[]) => { path: string; query?: Query }>;

describe('static requests', () => {
  for (const venue of VENUES) {
    it(`${venue.code}: every documented request builds its exact URL`, async () => {
      const file = new URL(`../../src/venues/${venue.code}/fixtures/requests.json`, import.meta.url);
      assert.ok(existsSync(file), `${venue.code}: src/venues/${venue.code}/fixtures/requests.json is missing`);
      const cases = fixture<RequestCase[]>(venue.code, 'requests.json');
      assert.ok(cases.length > 0, `${venue.code}: no request cases`);
      const client = (await import(`../../src/venues/${venue.code}/client.js`)) as Record<string, unknown>;
      const table = client[`${venue.code}Requests`] as RequestTable | undefined;
      assert.ok(table, `${venue.code}: client.ts exports no ${venue.code}Requests`);
      const baseUrls = venue.baseUrls as Record<string, string>;
      for (const c of cases) {
        assert.equal(typeof table[c.call], 'function', `${venue.code}Requests.${c.call} does not exist`);
        assert.ok(baseUrls[c.base], `${venue.code}: no base URL ${c.base}`);
        const r = table[c.call](...c.args);
        assert.equal(buildUrl(baseUrls[c.base], r.path, r.query), c.url, `${venue.code}Requests.${c.call}(${JSON.stringify(c.args).slice(1, -1)})`);
      }
    });
  }
});
