// Two job-runner processes (the real service, RUN_JOBS=true, simulated venues) on one PostgreSQL
// server database: every scheduled job (the venue syncs, search indexing, matching) runs in one of
// them at a time. Each process logs when it starts and finishes a run (between taking and releasing
// the job's advisory lock); the runs of one job, from both processes, must never overlap.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startJobRunner, type JobRunnerProcess } from '../helpers/job-runner-process.js';
import { createServerDatabase } from '../helpers/postgres-server.js';

interface Run {
  runner: number;
  job: string;
  start: number;
  end: number;
}

/** Each runner's job runs, from its log (started/finished pairs per job). */
function runsOf(runners: JobRunnerProcess[]): { runs: Run[]; skippedLocked: number } {
  const runs: Run[] = [];
  let skippedLocked = 0;
  runners.forEach((r, i) => {
    const open = new Map<string, number>();
    for (const line of r.lines) {
      let rec: { msg?: string; job?: string; time?: number };
      try {
        rec = JSON.parse(line) as typeof rec;
      } catch {
        continue;
      }
      if (!rec.job || rec.time === undefined) continue;
      if (rec.msg === 'job started') open.set(rec.job, rec.time);
      else if (rec.msg === 'job finished' && open.has(rec.job)) {
        runs.push({ runner: i, job: rec.job, start: open.get(rec.job)!, end: rec.time });
        open.delete(rec.job);
      } else if (rec.msg === 'job skipped: another instance holds its lock') skippedLocked++;
    }
  });
  return { runs, skippedLocked };
}

describe('two job runners on one server database', function () {
  this.timeout(180_000);

  it('never run one job twice at once (venue syncs, search indexing, matching), and share the work', async () => {
    const server = await createServerDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-runners-'));
    // no model: the embedding backfill (its own lease: test/db/embedding-runners.test.ts) stays out of this
    const noModel = { SYNC_SCHEDULE: '*/3 * * * * *', MODEL_DIR: dataDir };
    const runners = [startJobRunner(server.url, dataDir, noModel), startJobRunner(server.url, dataDir, noModel)];
    try {
      // until both have synced every venue at least once between them and matched, plus a few ticks
      const deadline = Date.now() + 120_000;
      for (;;) {
        const { runs } = runsOf(runners);
        const syncs = new Set(runs.filter((r) => r.job.startsWith('venue-sync:')).map((r) => r.job));
        if (syncs.size >= 9 && runs.some((r) => r.job === 'matching') && runs.length >= 30) break;
        if (Date.now() > deadline) throw new Error(`not enough job runs in 120 s: ${runs.length}\n${runners.map((r) => r.lines.slice(-5).join('\n')).join('\n---\n')}`);
        await new Promise((r) => setTimeout(r, 500));
      }
    } finally {
      for (const r of runners) r.child.kill('SIGTERM');
      await Promise.all(runners.map((r) => r.exited));
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    const { runs, skippedLocked } = runsOf(runners);
    const byJob = new Map<string, Run[]>();
    for (const r of runs) byJob.set(r.job, [...(byJob.get(r.job) ?? []), r]);
    for (const [job, list] of byJob) {
      list.sort((x, y) => x.start - y.start || x.end - y.end);
      for (let i = 1; i < list.length; i++) {
        assert.ok(list[i].start >= list[i - 1].end, `${job}: a run of runner ${list[i].runner} started at ${list[i].start} while one of runner ${list[i - 1].runner} ran until ${list[i - 1].end}`);
      }
    }
    assert.ok(byJob.has('matching') && byJob.has('search-index'), `jobs seen: ${[...byJob.keys()].join(', ')}`);
    assert.ok(skippedLocked > 0, 'the runners contended for the locks (some runs were skipped as held by the other)');
    assert.deepEqual(new Set(runs.map((r) => r.runner)), new Set([0, 1]), 'both runners led some runs');
    await server.drop();
  });
});
