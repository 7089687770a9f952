// One recorder at a time across job runners (src/indexers/recorder-lease.ts), on a real PostgreSQL server:
// - two real service instances running the jobs on one database: exactly one records (holds the
//   lease, writes), the other stands by and writes nothing; when the recorder stops, the other takes
//   over within its retry interval and writes;
// - the fence: when the lease's session is killed and another process takes the lock before the
//   holder can take it again, the holder is told it lost the lease and a write it still attempts is
//   rolled back (nothing of it lands).
import assert from 'node:assert/strict';
import pg from 'pg';
import pino from 'pino';
import { AdvisoryLocks } from '../../src/db/advisory-locks.js';
import { AdvisoryRecorderLease, RECORDER_LOCK } from '../../src/indexers/recorder-lease.js';
import { openDatabase, type Database } from '../../src/db/database.js';
import { PartitionManager } from '../../src/recorder/partition-repository.js';
import { LeaseLostError, RecordedStore } from '../../src/recorder/recorded-data-repository.js';
import { createServerDatabase } from '../helpers/postgres-server.js';
import { startTestService, type TestService } from '../helpers/service.js';

async function until(what: string, probe: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

type Health = { role: string; counters: { flushes: number; trades: number; snapshots: number; leases_taken: number; leases_lost: number } };

describe('recorder lease: one recorder writes at a time across job runners', function () {
  this.timeout(120_000);
  let db: { url: string; drop(): Promise<void> };
  let admin: pg.Pool;
  before(async () => {
    db = await createServerDatabase();
    admin = new pg.Pool({ connectionString: db.url, max: 3 });
  });
  after(async () => {
    await admin?.end();
    await db?.drop();
  });

  /** Server pids holding the recorder's lock. */
  const holders = async (): Promise<number[]> => {
    const { classid, objid } = AdvisoryLocks.lockKeys(RECORDER_LOCK);
    const r = await admin.query<{ pid: number }>(
      "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND classid::int8 = $1 AND objid::int8 = ($2::int8 + 4294967296) % 4294967296",
      [classid, objid],
    );
    return r.rows.map((x) => x.pid);
  };

  describe('two job runners on one database', () => {
    let a: TestService | undefined;
    let b: TestService | undefined;
    const start = (): Promise<TestService> =>
      startTestService({
        env: {
          DATABASE_URL: db.url, EXCHANGE_MODE: 'sim', RUN_JOBS: 'true', RECORDER_ENABLED: 'true', SYNC_ON_START: 'false', SYNC_SCHEDULE: '0 0 1 1 *', ORDER_SYNC_SCHEDULE: 'off',
          WS_FANOUT: 'off', RECORDER_MARKETS: '*=off,opinion=top:2', RECORDER_POLL_MS: '100', RECORDER_FLUSH_MS: '50', RECORDER_LOCK_RETRY_MS: '100',
        },
      });
    const health = async (svc: TestService): Promise<Health> => (await svc.recorder!.health()) as unknown as Health;
    after(async () => {
      await a?.destroy();
      await b?.destroy();
    });

    it('one records and the other stands by writing nothing; when the recorder stops, the other takes over and writes', async () => {
      [a, b] = await Promise.all([start(), start()]);
      await a.venueSync!.syncs.opinion!.run();
      await Promise.race([a.recorder!.start(), b.recorder!.start(), new Promise((r) => setTimeout(r, 5_000))]);
      await until('one instance records', () => a!.recorder!.isRecording || b!.recorder!.isRecording);
      const [rec, standby] = a.recorder!.isRecording ? [a, b] : [b, a];
      await rec.recorder!.refreshTracked();
      await until('the recorder writes', async () => (await health(rec)).counters.flushes >= 3);
      // A while of both running: the stand-by never records, follows or writes anything.
      for (let i = 0; i < 10; i++) {
        await new Promise((r) => setTimeout(r, 100));
        const [h1, h2] = [await health(rec), await health(standby)];
        assert.deepEqual([h1.role, h2.role], ['recording', 'standby']);
        assert.deepEqual([h2.counters.flushes, h2.counters.snapshots, h2.counters.trades], [0, 0, 0], 'the stand-by writes nothing');
        assert.deepEqual(standby.recorder!.tracked('opinion'), []);
      }
      assert.equal((await holders()).length, 1, 'one lock holder');

      // The recorder stops: the other takes over within its retry interval, and writes.
      const flushedBefore = (await health(standby)).counters.flushes;
      assert.equal(flushedBefore, 0);
      await rec.destroy();
      if (rec === a) a = undefined;
      else b = undefined;
      await until('the stand-by takes over', () => standby.recorder!.isRecording);
      await standby.recorder!.refreshTracked();
      await until('the new recorder writes', async () => (await health(standby)).counters.flushes >= 3);
      assert.equal((await health(standby)).role, 'recording');
      assert.equal(standby.recorder!.tracked('opinion').length, 2);
      const rows = await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM recorded_book_snapshots');
      assert.ok(rows.rows[0].n > 0);
    });
  });

  describe('the fence', () => {
    let database: Database;
    before(async () => {
      database = await openDatabase({ dataDir: '', databaseUrl: db.url, logger: pino({ level: 'silent' }) });
    });
    after(async () => database?.close());

    it('a holder whose session was killed and whose lock another process took is told so, and its writes are rolled back', async () => {
      const lease = await AdvisoryRecorderLease.open(database.pool, true, { retryMs: 50, logger: pino({ level: 'silent' }) });
      let lost = 0;
      lease.onLost(() => lost++);
      assert.equal(await lease.acquire(new AbortController().signal), true);
      const store = new RecordedStore(database.pool, new PartitionManager(database.pool, { retentionDays: 30, aheadDays: 1 }));
      const now = Date.now();
      const row = (market: string) => ({ book: [{ kind: 'top' as const, exchange: 'opinion', market_id: market, ts: now, best_bid: 0.4, best_ask: 0.6, bid_size: 10, ask_size: 10 }], trades: [], gaps: [] });
      const count = async (market: string) => (await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM recorded_top_of_book WHERE market_id = $1', [market])).rows[0].n;

      await store.write(row('fence-held'), now, lease.fence);
      assert.equal(await count('fence-held'), 1, 'written while the lease holds');

      const [holder] = await holders();
      assert.ok(holder);
      // Another job runner waits for the lock: it gets it the moment the server frees it.
      const rival = await admin.connect();
      try {
        const { classid, objid } = AdvisoryLocks.lockKeys(RECORDER_LOCK);
        const rivalGot = rival.query('SELECT pg_advisory_lock($1::int, $2::int)', [classid, objid]);
        await until('the rival waits', async () => (await admin.query("SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted")).rows[0].n === 1);
        await admin.query('SELECT pg_terminate_backend($1)', [holder]);
        await rivalGot;
        await until('the holder hears it lost the lease', () => lost === 1);
        await assert.rejects(store.write(row('fence-lost'), now, lease.fence), LeaseLostError);
        assert.equal(await count('fence-lost'), 0, 'nothing of a write after the lease went lands');
      } finally {
        await rival.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
        rival.release();
        await lease.release();
      }
    });
  });
});
