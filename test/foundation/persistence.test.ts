import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { openDatabase } from '../../src/db/database.js';
import { listMigrations } from '../../src/db/migrate.js';
import { EXCHANGE_CODES } from '../../src/venues/exchanges.js';
import { freshDataDir } from '../helpers/database.js';
import { startTestService } from '../helpers/service.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

describe('embedded database: persistence, locking, migrations, health', function () {
  this.timeout(90_000);

  it('keeps users, sessions and keys across a restart of the service', async () => {
    const { dataDir, remove } = await freshDataDir();
    try {
      const first = await startTestService({ dataDir });
      await first.request('/api/v1/auth/signup', { body: { email: 'keep@example.com', password: 'survives restarts' } });
      const login = await first.request('/api/v1/auth/login', { body: { email: 'keep@example.com', password: 'survives restarts' } });
      const key = (await first.request('/api/v1/test-key', { method: 'POST', headers: { authorization: `Bearer ${login.body.token}` } })).body.api_key;
      await first.close();

      const second = await startTestService({ dataDir });
      try {
        assert.equal((await second.request('/api/v1/auth/me', { headers: { authorization: `Bearer ${login.body.token}` } })).status, 200);
        const me = await second.request('/api/v1/key', { headers: { 'x-api-key': key } });
        assert.equal(me.status, 200);
        assert.equal(me.body.user_id, login.body.user.id);
        const again = await second.request('/api/v1/auth/login', { body: { email: 'keep@example.com', password: 'survives restarts' } });
        assert.equal(again.status, 200);
      } finally {
        await second.close();
      }
    } finally {
      remove();
    }
  });

  it('refuses a second process on the same data directory with a clear message', async () => {
    const { dataDir, remove } = await freshDataDir();
    const db = await openDatabase({ dataDir });
    try {
      const script = `import { openDatabase } from ${JSON.stringify(path.join(ROOT, 'src/db/database.ts'))};
        try { await openDatabase({ dataDir: ${JSON.stringify(dataDir)} }); console.log('OPENED'); process.exit(0); }
        catch (e) { console.log('REFUSED: ' + e.message); process.exit(3); }`;
      const child = spawn(TSX, ['--input-type=module', '-e', script], { cwd: ROOT });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      const code = await new Promise((resolve) => child.on('exit', resolve));
      assert.equal(code, 3, out);
      assert.match(out, new RegExp(`REFUSED: the embedded database directory .* is already in use by process ${process.pid}`));
      // the first holder is unharmed
      assert.equal((await db.pool.query('SELECT 1 AS one')).rows[0].one, 1);
    } finally {
      await db.close();
      remove();
    }
  });

  it('takes over the lock of a holder that died, and applies each migration once', async () => {
    const { dataDir, remove } = await freshDataDir();
    try {
      const fs = await import('node:fs');
      fs.writeFileSync(path.join(dataDir, 'service.lock'), '999999\n'); // a pid that is not running
      const db = await openDatabase({ dataDir });
      const applied = (await db.pool.query('SELECT name FROM schema_migrations ORDER BY name')).rows.map((r) => r.name);
      assert.deepEqual(applied, listMigrations().map((m) => m.name));
      await db.close();
      const reopened = await openDatabase({ dataDir });
      assert.equal(Number((await reopened.pool.query('SELECT count(*) AS n FROM schema_migrations')).rows[0].n), applied.length);
      await reopened.close();
    } finally {
      remove();
    }
  });

  it('serves /health 200 ok, then 503 when the database stops answering', async () => {
    const svc = await startTestService();
    try {
      const ok = await svc.request('/health');
      assert.equal(ok.status, 200);
      assert.equal(ok.body.status, 'ok');
      assert.equal(ok.body.components.database.status, 'ok');
      assert.equal(typeof ok.body.uptime_s, 'number');
      assert.equal(ok.body.version, '1.0.0');
      assert.deepEqual(Object.keys(ok.body.components.exchanges), [...EXCHANGE_CODES], 'every venue of the list, in x1..x9 order');
      await svc.db.close();
      const down = await svc.request('/health');
      assert.equal(down.status, 503);
      assert.equal(down.body.status, 'down');
      assert.equal(down.body.components.database.status, 'down');
    } finally {
      await svc.destroy();
    }
  });

  it('mints a production key from the CLI, printed alone on the last line', async () => {
    const { dataDir, remove } = await freshDataDir();
    try {
      const { stdout } = await run(TSX, [path.join(ROOT, 'scripts/create-key.ts'), '--plan', 'max', '--email', 'ops@example.com'], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir },
      });
      const lines = stdout.trim().split('\n');
      const key = lines[lines.length - 1];
      assert.match(key, /^pm_live_[A-Za-z0-9_-]{43}$/);
      const bad = await run(TSX, [path.join(ROOT, 'scripts/create-key.ts'), '--plan', 'platinum'], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir } }).catch((e) => e);
      assert.equal(bad.code, 2);
      assert.match(bad.stderr, /--plan is required and must be one of/);

      const svc = await startTestService({ dataDir });
      try {
        const me = await svc.request('/api/v1/key', { headers: { 'x-api-key': key } });
        assert.equal(me.status, 200);
        assert.equal(me.body.plan, 'max');
        assert.equal(me.body.rate_limit_per_minute, 300);
        assert.equal(me.body.kind, 'production');
      } finally {
        await svc.close();
      }
    } finally {
      remove();
    }
  });
});
