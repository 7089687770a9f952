// Two job-runner processes (the real service, RUN_JOBS=true, simulated venues, the real embedding
// model) on one PostgreSQL server database: the embedding backfill, whose lease is an advisory lock
// on a session of its own (src/indexers/embedding-lease.ts), runs in one of them at a time. Each process logs when it
// starts and finishes an embedding run (between taking and releasing the lease); the runs from both
// processes must never overlap, both must have tried, and every market ends with its title vector.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ensureTestModel, TEST_MODEL_DIR } from '../embeddings/model-for-tests.js';
import { startJobRunner, type JobRunnerProcess } from '../helpers/job-runner-process.js';
import { createServerDatabase } from '../helpers/postgres-server.js';

interface Run { runner: number; start: number; end: number }

function embeddingRuns(runners: JobRunnerProcess[]): { runs: Run[]; skipped: number[] } {
  const runs: Run[] = [];
  const skipped = runners.map(() => 0);
  runners.forEach((r, i) => {
    let open: number | undefined;
    for (const line of r.lines) {
      let rec: { msg?: string; time?: number };
      try {
        rec = JSON.parse(line) as typeof rec;
      } catch {
        continue;
      }
      if (rec.msg === 'embedding run started') open = rec.time;
      else if (rec.msg === 'embedding run finished' && open !== undefined) {
        runs.push({ runner: i, start: open, end: rec.time! });
        open = undefined;
      } else if (rec.msg === 'embedding run skipped: another instance holds the lease') skipped[i]++;
    }
  });
  return { runs, skipped };
}

/** The first pair of runs that overlap, if any. */
function overlap(runs: Run[]): string | undefined {
  const sorted = [...runs].sort((x, y) => x.start - y.start || x.end - y.end);
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i].start < sorted[i - 1].end) return `an embedding run of runner ${sorted[i].runner} started at ${sorted[i].start} while one of runner ${sorted[i - 1].runner} ran until ${sorted[i - 1].end}`;
  }
  return undefined;
}

describe('two job runners share the embedding backfill (server)', function () {
  this.timeout(240_000);

  before(async function () {
    try {
      await ensureTestModel();
    } catch (err) {
      console.warn(`skipped: no embedding model (${(err as Error).message})`);
      this.skip();
    }
  });

  it('never run the embedding backfill twice at once, and every market gets its title vector', async () => {
    const server = await createServerDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-embed-runners-'));
    const withModel = { SYNC_SCHEDULE: '*/5 * * * * *', MODEL_DIR: TEST_MODEL_DIR };
    const runners = [startJobRunner(server.url, dataDir, withModel), startJobRunner(server.url, dataDir, withModel)];
    const pool = new pg.Pool({ connectionString: server.url, max: 1 });
    pool.on('error', () => undefined);
    try {
      const deadline = Date.now() + 200_000;
      for (;;) {
        const { runs, skipped } = embeddingRuns(runners);
        assert.equal(overlap(runs), undefined); // fail at once, not at the deadline
        const missing = (await pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM markets m WHERE NOT m.removed AND m.title <> ''
             AND NOT EXISTS (SELECT 1 FROM market_embeddings e WHERE e.exchange = m.exchange AND e.market_id = m.market_id AND e.kind = 'title')`)).rows[0].n;
        const markets = (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM markets')).rows[0].n;
        if (markets > 0 && missing === 0 && runs.length >= 2 && skipped.some((n) => n > 0)) break;
        if (Date.now() > deadline) throw new Error(`not done in 200 s: ${markets} markets, ${missing} without a title vector, ${runs.length} runs, skipped ${skipped}\n${runners.map((r) => r.lines.slice(-5).join('\n')).join('\n---\n')}`);
        await new Promise((r) => setTimeout(r, 1000));
      }
    } finally {
      for (const r of runners) r.child.kill('SIGTERM');
      await Promise.all(runners.map((r) => r.exited));
      await pool.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    const { runs, skipped } = embeddingRuns(runners);
    assert.equal(overlap(runs), undefined);
    assert.ok(skipped.some((n) => n > 0), 'the runners contended for the lease (some runs skipped as held by the other)');
    await server.drop();
  });
});
