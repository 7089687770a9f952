// A pool replaces its client after an error (and, on a server database, after idle time); the new
// client must be able to prepare the named statements the old one prepared. On the embedded database
// every socket connection reaches the same PGlite session, so the old connection's prepared
// statements are still there when the new one prepares the same names. Runs on both databases.
import { strict as assert } from 'node:assert';
import { issueKey, startTestService, type TestService } from '../helpers/service.js';

describe('database pool: a replaced client still serves keyed requests', function () {
  this.timeout(60_000);
  let svc: TestService;
  let key: string;

  before(async () => {
    svc = await startTestService();
    key = await issueKey(svc, 'pro');
  });
  after(() => svc?.destroy());

  /** Drops the pool's current client the way pg-pool does after an error: it is destroyed, not reused. */
  async function replacePooledClient(): Promise<void> {
    const client = await svc.db.pool.connect();
    const pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
    client.release(true);
    assert.ok(pid > 0);
  }

  it('answers the same keyed request before and after each of several client replacements', async () => {
    for (let round = 0; round < 3; round++) {
      // the key lookup is a named statement ('api-key-by-hash'): the first request prepares it
      const res = await svc.request('/api/v1/key', { headers: { 'x-api-key': key } });
      assert.equal(res.status, 200, `round ${round}: ${res.status} ${res.text}`);
      await replacePooledClient();
      // the key service caches lookups; without this the next request would not reach the database
      svc.keys.forgetCached();
    }
    const last = await svc.request('/api/v1/key', { headers: { 'x-api-key': key } });
    assert.equal(last.status, 200, `${last.status} ${last.text}`);
  });

  it('a replaced client finds no prepared statement left by the one before it', async () => {
    const first = await svc.db.pool.connect();
    await first.query({ name: 'reconnect-probe', text: 'SELECT $1::int AS n', values: [1] });
    first.release(true);
    const second = await svc.db.pool.connect();
    try {
      const { rows } = await second.query<{ name: string }>("SELECT name FROM pg_prepared_statements WHERE name = 'reconnect-probe'");
      assert.deepEqual(rows, []);
      const again = await second.query<{ n: number }>({ name: 'reconnect-probe', text: 'SELECT $1::int AS n', values: [2] });
      assert.equal(again.rows[0].n, 2);
    } finally {
      second.release();
    }
  });

  it('a transaction a dropped client left open is not inherited by the next one', async () => {
    const first = await svc.db.pool.connect();
    await first.query('BEGIN');
    await first.query("CREATE TABLE reconnect_probe (note text)");
    first.release(true);
    const second = await svc.db.pool.connect();
    try {
      const { rows } = await second.query<{ t: string | null }>("SELECT to_regclass('reconnect_probe')::text AS t");
      assert.equal(rows[0].t, null, 'the dropped client\'s uncommitted table is visible: its transaction is still open');
    } finally {
      second.release();
    }
  });
});
