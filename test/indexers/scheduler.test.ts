// The job scheduler: cron ticks run jobs, each under its advisory lock (held while the job runs,
// released after, even when the job fails), a job never overlaps itself, bad cron expressions are
// refused at start, and stop() ends ticks and waits for running jobs.
import assert from 'node:assert/strict';
import { AdvisoryLocks, jobLockId } from '../../src/db/advisory-locks.js';
import { JobScheduler } from '../../src/indexers/scheduler.js';
import { openTestDatabase, type TestDatabase } from '../helpers/database.js';

const advisoryLocksHeld = async (db: TestDatabase): Promise<number> =>
  (await db.pool.query("SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND granted")).rows[0].n;

describe('job scheduler with advisory-lock leadership', function () {
  this.timeout(60_000);
  let db: TestDatabase;
  let scheduler: JobScheduler | undefined;

  beforeEach(async () => {
    db = await openTestDatabase();
  });
  afterEach(async () => {
    await scheduler?.stop();
    scheduler = undefined;
    await db?.destroy();
  });

  it('holds the job lock while the job runs and releases it after, also when the job fails', async () => {
    scheduler = new JobScheduler(await AdvisoryLocks.open(db.pool, false));
    let heldDuring = -1;
    scheduler.add({ name: 'ok-job', schedule: null, run: async () => (heldDuring = await advisoryLocksHeld(db)) });
    scheduler.add({ name: 'bad-job', schedule: null, run: async () => { throw new Error('boom'); } });
    const out = await scheduler.trigger('ok-job');
    assert.deepEqual(out, { ran: true, result: 1 });
    assert.equal(heldDuring, 1);
    assert.equal(await advisoryLocksHeld(db), 0);
    const bad = await scheduler.trigger('bad-job');
    assert.equal(bad.ran, true);
    assert.equal(await advisoryLocksHeld(db), 0, 'released after a failure');
    assert.notEqual(jobLockId('venue-sync:kalshi'), jobLockId('venue-sync:polymarket'));
  });

  it('never overlaps a job with itself', async () => {
    scheduler = new JobScheduler(await AdvisoryLocks.open(db.pool, false));
    let release!: () => void;
    let runs = 0;
    scheduler.add({ name: 'slow', schedule: null, run: () => { runs += 1; return new Promise<void>((r) => (release = r)); } });
    const first = scheduler.trigger('slow');
    await new Promise((r) => setTimeout(r, 50));
    assert.deepEqual(await scheduler.trigger('slow'), { ran: false, reason: 'running' });
    release();
    await first;
    assert.equal(runs, 1);
  });

  it('runs jobs on their cron schedule until stopped, and refuses an invalid schedule', async () => {
    scheduler = new JobScheduler(await AdvisoryLocks.open(db.pool, false));
    assert.throws(() => scheduler!.add({ name: 'broken', schedule: 'every five minutes', run: async () => 0 }), /invalid cron schedule/);
    let ticks = 0;
    scheduler.add({ name: 'every-second', schedule: '* * * * * *', run: async () => (ticks += 1) });
    await new Promise((r) => setTimeout(r, 2_600));
    assert.ok(ticks >= 1, `ran ${ticks} times in 2.6 s`);
    await scheduler.stop();
    const after = ticks;
    await new Promise((r) => setTimeout(r, 1_300));
    assert.equal(ticks, after, 'no tick after stop');
    assert.deepEqual(await scheduler.trigger('every-second'), { ran: false, reason: 'stopped' });
  });
});
