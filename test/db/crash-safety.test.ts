// Crash safety on both databases (item 7 of the scale path): the service's own sync and search
// indexing code runs in a child process (test/db/crash/worker.ts) that is killed with SIGKILL in the
// middle of its run; then the database is reopened (the embedded one recovers from its WAL and takes
// over the dead process's lock) and checked, and the run is started again and must finish it:
//   sync     every committed page is whole (markets = pages x page size, each market with all its
//            outcomes), the cursor names the last committed page, the restart resumes from it, and
//            at the end the catalog holds exactly the venue's markets, none twice;
//   reindex  the index state never runs ahead of the documents written, and after the restart the
//            search table holds exactly the live markets;
//   embed    the embedding cursors never run ahead of the vectors written, and the restart (at once:
//            the dead run's lease does not hold it up) embeds exactly what is missing: one title
//            vector per live market, one rules vector per market with rules, none for removed markets.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../../src/db/database.js';
import type { RunningSimulator } from '../../src/sim/types.js';
import { createAdapter } from '../../src/venues/registry.js';
import { simulatorFor } from '../../src/venues/simulators.js';
import { freshDataDir } from '../helpers/database.js';
import { createServerDatabase } from '../helpers/postgres-server.js';
import { ensureTestModel, TEST_MODEL_DIR } from '../embeddings/model-for-tests.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PAGE = 5;

interface Outcome {
  /** The lines the worker printed before it ended. */
  lines: string[];
  killed: boolean;
}

/** Runs the worker; with `killAfterSteps`, SIGKILLs it right after that many committed steps. */
function runWorker(mode: 'sync' | 'reindex' | 'embed', env: Record<string, string>, killAfterSteps?: number): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    // node itself (not the tsx launcher, whose own child would outlive a SIGKILL of the launcher)
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'test/db/crash/worker.ts'), mode], { cwd: ROOT, env: { ...process.env, CRASH_PAGE_SIZE: String(PAGE), LOG_LEVEL: 'silent', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const lines: string[] = [];
    let stderr = '';
    let killed = false;
    let buffered = '';
    child.stdout.on('data', (d: Buffer) => {
      buffered += d.toString();
      const parts = buffered.split('\n');
      buffered = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        if (!killed && killAfterSteps !== undefined && lines.filter((l) => l === 'step').length >= killAfterSteps) {
          killed = child.kill('SIGKILL');
        }
      }
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve({ lines, killed: true });
      else if (code === 0) resolve({ lines, killed });
      else reject(new Error(`worker ${mode} exited ${code}: ${stderr.slice(-2000)}`));
    });
  });
}

const count = async (db: Database, sql: string, params: unknown[] = []): Promise<number> => (await db.pool.query<{ n: number }>(sql, params)).rows[0].n;

for (const kind of ['embedded', 'server'] as const) {
  describe(`crash safety: kill -9 mid-run, restart (${kind} database)`, function () {
    this.timeout(240_000);
    let sim: RunningSimulator;
    let expected: string[];
    let env: Record<string, string>;
    let open: () => Promise<Database>;
    let cleanup: () => Promise<void>;

    before(async () => {
      sim = await (await simulatorFor('polymarket'))({ tickMs: 0, seed: 1 });
      const adapter = createAdapter('polymarket', { baseUrls: sim.baseUrls, http: { retries: 0, timeoutMs: 10_000 } });
      const ids: string[] = [];
      for await (const page of adapter.listMarkets({ pageSize: PAGE, status: 'all' })) ids.push(...page.markets.map((m) => m.market_id));
      expected = ids.sort();
      assert.ok(expected.length >= 4 * PAGE, `the simulator lists ${expected.length} markets: enough pages to crash in the middle`);
      // every listing request takes 150 ms, so the kill lands while later pages are in flight
      sim.server.slow(150);
      if (kind === 'embedded') {
        const dir = await freshDataDir();
        env = { DATA_DIR: dir.dataDir, DATABASE_URL: '' };
        open = () => openDatabase({ dataDir: dir.dataDir });
        cleanup = async () => dir.remove();
      } else {
        const server = await createServerDatabase();
        env = { DATA_DIR: os.tmpdir(), DATABASE_URL: server.url };
        open = () => openDatabase({ dataDir: os.tmpdir(), databaseUrl: server.url });
        cleanup = () => server.drop();
      }
      env.SIM_BASE_URLS = JSON.stringify(sim.baseUrls);
    });
    after(async () => {
      await sim?.stop();
      await cleanup?.();
    });

    it('a sync killed mid-listing keeps whole pages and its cursor; the restart resumes from it and ends with every market once', async () => {
      const crashed = await runWorker('sync', env, 2);
      assert.ok(crashed.killed, 'killed before it finished');
      let committed = 0;
      let db = await open();
      try {
        const status = (await db.pool.query<{ cursor: { pages: number } | null }>("SELECT cursor FROM venue_sync_status WHERE exchange = 'polymarket'")).rows[0];
        const pages = status?.cursor?.pages ?? 0;
        assert.ok(pages >= 2, `the cursor names the committed pages (${pages})`);
        const stored = await count(db, "SELECT count(*)::int AS n FROM markets WHERE exchange = 'polymarket'");
        assert.equal(stored, pages * PAGE, 'only whole pages are stored, exactly those the cursor names');
        committed = stored;
        const halfWritten = await count(db, `SELECT count(*)::int AS n FROM markets m
          WHERE m.exchange = 'polymarket' AND jsonb_array_length(m.outcomes) <> (SELECT count(*) FROM outcomes o WHERE o.exchange = m.exchange AND o.market_id = m.market_id)`);
        assert.equal(halfWritten, 0, 'every stored market has all its outcomes');
      } finally {
        await db.close();
      }

      const requestsBefore = sim.server.requests.length;
      const restarted = await runWorker('sync', env);
      const result = JSON.parse(restarted.lines[restarted.lines.length - 1]) as { done: boolean; resumed: boolean; markets: number };
      assert.equal(result.done, true);
      assert.equal(result.resumed, true, 'the restart resumed from the cursor');
      db = await open();
      try {
        const ids = (await db.pool.query<{ id: string }>("SELECT market_id AS id FROM markets WHERE exchange = 'polymarket' ORDER BY market_id")).rows.map((r) => r.id);
        assert.deepEqual(ids, expected, 'every market once');
        assert.equal(result.markets, expected.length - committed, `the resumed run listed only the rest (${result.markets} of ${expected.length})`);
        assert.ok(sim.server.requests.length - requestsBefore < Math.ceil(expected.length / PAGE), 'fewer listing requests than a full listing');
        assert.equal(await count(db, "SELECT count(*)::int AS n FROM markets m WHERE jsonb_array_length(m.outcomes) <> (SELECT count(*) FROM outcomes o WHERE o.exchange = m.exchange AND o.market_id = m.market_id)"), 0);
      } finally {
        await db.close();
      }
    });

    it('search indexing killed mid-run never records more than it wrote; the restart completes the index', async () => {
      const crashed = await runWorker('reindex', env, 2);
      assert.ok(crashed.killed, 'killed before it finished');
      let db = await open();
      try {
        const state = await count(db, 'SELECT coalesce(max(last_change_seq), 0)::int AS n FROM search_index_state');
        assert.ok(state > 0, 'some batches were committed');
        const behind = await count(db, `SELECT count(*)::int AS n FROM markets m WHERE m.change_seq <= $1 AND NOT m.removed
          AND NOT EXISTS (SELECT 1 FROM market_search s WHERE s.exchange = m.exchange AND s.market_id = m.market_id)`, [state]);
        assert.equal(behind, 0, 'every market up to the recorded position is in the index');
      } finally {
        await db.close();
      }
      await runWorker('reindex', env);
      db = await open();
      try {
        const live = await count(db, 'SELECT count(*)::int AS n FROM markets WHERE NOT removed');
        assert.equal(await count(db, 'SELECT count(*)::int AS n FROM market_search'), live, 'the index holds every live market once');
        assert.equal(
          await count(db, 'SELECT count(*)::int AS n FROM markets m JOIN market_search s USING (exchange, market_id) WHERE s.title <> m.title'),
          0,
          'with its current title',
        );
      } finally {
        await db.close();
      }
    });

    it('an embedding backfill killed mid-run leaves no vector past its cursors, and does not hold up the restart, which completes it', async () => {
      await ensureTestModel();
      // the service's lease: its row says 300 s, which a dead runner must not hold the backfill up for
      const embedEnv = { ...env, MODEL_DIR: TEST_MODEL_DIR, CRASH_LEASE_SECONDS: '300' };
      const crashed = await runWorker('embed', embedEnv, 2);
      assert.ok(crashed.killed, 'killed before it finished');
      let db = await open();
      try {
        const cursor = await count(db, "SELECT coalesce(max(last_change_seq) FILTER (WHERE name = 'cursor:title'), 0)::int AS n FROM embedding_index_state");
        assert.ok(cursor > 0, 'some title batches were committed');
        const missing = await count(db, `SELECT count(*)::int AS n FROM markets m WHERE m.change_seq <= $1 AND NOT m.removed AND btrim(m.title) <> ''
          AND NOT EXISTS (SELECT 1 FROM market_embeddings e WHERE e.exchange = m.exchange AND e.market_id = m.market_id AND e.kind = 'title')`, [cursor]);
        assert.equal(missing, 0, 'every market up to the title cursor has its title vector');
      } finally {
        await db.close();
      }
      const restarted = await runWorker('embed', embedEnv);
      assert.equal((JSON.parse(restarted.lines[restarted.lines.length - 1]) as { done: boolean }).done, true, 'the restart ran at once');
      db = await open();
      try {
        const live = await count(db, "SELECT count(*)::int AS n FROM markets WHERE NOT removed AND btrim(title) <> ''");
        assert.equal(await count(db, "SELECT count(*)::int AS n FROM market_embeddings WHERE kind = 'title'"), live, 'one title vector per live market');
        const withRules = await count(db, "SELECT count(*)::int AS n FROM markets WHERE NOT removed AND btrim(coalesce(rules, '')) <> ''");
        assert.equal(await count(db, "SELECT count(*)::int AS n FROM market_embeddings WHERE kind = 'rules'"), withRules, 'one rules vector per market with rules');
        assert.equal(await count(db, 'SELECT count(*)::int AS n FROM market_embeddings e JOIN markets m USING (exchange, market_id) WHERE m.removed'), 0, 'none for removed markets');
      } finally {
        await db.close();
      }
    });
  });
}
