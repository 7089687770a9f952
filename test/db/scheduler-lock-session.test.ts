// The scheduler's job locks live on one dedicated connection (external database). When that
// connection is terminated (pg_terminate_backend: what an administrator, a failover or a proxy's
// idle cut does), the server releases its locks. The scheduler must notice: a running job takes its
// lock again on a new session, or, when another instance took it meanwhile, its run is aborted; and
// later runs lock on a new session (the process does not crash on the dropped connection).
import assert from 'node:assert/strict';
import pg from 'pg';
import { AdvisoryLocks, jobLockId } from '../../src/db/advisory-locks.js';
import { JobScheduler } from '../../src/indexers/scheduler.js';
import { createServerDatabase } from '../helpers/postgres-server.js';

const JOB_LOCK_CLASS = 7_301_100; // src/indexers/scheduler.ts

describe('job locks when the scheduler\'s lock connection drops (server)', function () {
  this.timeout(60_000);
  let server: { url: string; drop(): Promise<void> };
  let pool: pg.Pool;
  let admin: pg.Pool;
  let scheduler: JobScheduler | undefined;

  /** The backends holding the job lock of `name`, from the server's lock table. */
  const holders = async (name: string): Promise<number[]> =>
    (await admin.query<{ pid: number }>(
      "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND classid = $1::oid AND objid = ($2::bigint & 4294967295)::oid",
      [JOB_LOCK_CLASS, jobLockId(name)])).rows.map((r) => r.pid);
  const until = async (what: string, probe: () => Promise<boolean> | boolean, ms = 5_000) => {
    const started = Date.now();
    while (!(await probe())) {
      if (Date.now() - started > ms) throw new Error(`${what}: not within ${ms} ms`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  /** A job that runs until released or aborted, and says which. */
  const longJob = (name: string) => {
    const state = { started: false, aborted: null as string | null, release: () => {} };
    return {
      state,
      job: {
        name,
        schedule: null,
        run: (signal: AbortSignal) => new Promise<string>((resolve) => {
          state.started = true;
          state.release = () => resolve('finished');
          signal.addEventListener('abort', () => {
            state.aborted = String((signal.reason as Error)?.message ?? signal.reason);
            resolve('aborted');
          });
        }),
      },
    };
  };

  before(async () => {
    server = await createServerDatabase();
    admin = new pg.Pool({ connectionString: server.url, max: 3 });
    // pool.end() resolves before its sockets close; the database's DROP ... FORCE in after() may then
    // terminate them, which an idle client reports as a pool error: the observer's, not under test
    admin.on('error', () => undefined);
  });
  beforeEach(async () => {
    pool = new pg.Pool({ connectionString: server.url, max: 4 });
  });
  afterEach(async () => {
    await scheduler?.stop();
    scheduler = undefined;
    await pool.end();
  });
  after(async () => {
    await admin?.end();
    await server?.drop();
  });

  it('a running job takes its lock again on a new session when nobody else took it, and keeps running', async () => {
    scheduler = new JobScheduler(await AdvisoryLocks.open(pool, true));
    const { state, job } = longJob('lock-drop-retake');
    scheduler.add(job);
    const run = scheduler.trigger(job.name);
    await until('job started', () => state.started);
    const [first] = await holders(job.name);
    assert.ok(first, 'the lock is held while the job runs');
    await admin.query('SELECT pg_terminate_backend($1)', [first]);
    await until('lock held again by a new session', async () => {
      const now = await holders(job.name);
      return now.length === 1 && now[0] !== first;
    });
    assert.equal(state.aborted, null, 'the run goes on');
    // still exclusive: a second instance cannot lead it
    const otherPool = new pg.Pool({ connectionString: server.url, max: 2 });
    const other = new JobScheduler(await AdvisoryLocks.open(otherPool, true));
    other.add(longJob(job.name).job);
    try {
      assert.deepEqual(await other.trigger(job.name), { ran: false, reason: 'locked' });
    } finally {
      await other.stop();
      await otherPool.end();
    }
    state.release();
    assert.deepEqual(await run, { ran: true, result: 'finished' });
    assert.deepEqual(await holders(job.name), [], 'released after the run');
  });

  it('aborts the run when another instance took the lock meanwhile', async () => {
    scheduler = new JobScheduler(await AdvisoryLocks.open(pool, true));
    const { state, job } = longJob('lock-drop-lost');
    scheduler.add(job);
    const run = scheduler.trigger(job.name);
    await until('job started', () => state.started);
    const [first] = await holders(job.name);
    // another instance waits for the lock: it gets it the moment the server releases it
    const rival = await admin.connect();
    try {
      const rivalGot = rival.query('SELECT pg_advisory_lock($1::int, $2::int)', [JOB_LOCK_CLASS, jobLockId(job.name)]);
      await until('the rival waits', async () => (await admin.query("SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted")).rows[0].n === 1);
      await admin.query('SELECT pg_terminate_backend($1)', [first]);
      await rivalGot;
      assert.deepEqual(await run, { ran: true, result: 'aborted' });
      assert.match(state.aborted ?? '', /lock of lock-drop-lost lost/);
      assert.deepEqual(await holders(job.name), [(await rival.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid], 'only the rival holds it');
    } finally {
      await rival.query('SELECT pg_advisory_unlock_all()');
      rival.release();
    }
  });

  it('a lock connection dropped between runs is reopened by the next run', async () => {
    scheduler = new JobScheduler(await AdvisoryLocks.open(pool, true));
    let heldBy: number[] = [];
    scheduler.add({ name: 'lock-drop-idle', schedule: null, run: async () => (heldBy = await holders('lock-drop-idle')) });
    assert.equal((await scheduler.trigger('lock-drop-idle')).ran, true);
    const first = heldBy[0];
    assert.ok(first);
    await admin.query('SELECT pg_terminate_backend($1)', [first]);
    await new Promise((r) => setTimeout(r, 100));
    assert.deepEqual(await scheduler.trigger('lock-drop-idle'), { ran: true, result: heldBy });
    assert.equal(heldBy.length, 1);
    assert.notEqual(heldBy[0], first, 'locked on a new session');
    assert.deepEqual(await holders('lock-drop-idle'), []);
  });
});
