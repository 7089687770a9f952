// The database side of one semantic search on the PostgreSQL server, alone: the CPU time the
// server's backend spends per search statement (/proc/<backend pid>/stat, which the machine's load
// does not distort), for the benchmark's mix of searches (a third plain, a third active_only, a
// third with an exchange filter and limit 50), sent the way SemanticSearchService sends them (one
// unnamed extended-protocol statement, the vector as a binary parameter). Query vectors: stored
// title vectors of the benchmark catalog (bench/db/semantic.ts prepares it), so no model runs.
// Compares the current semantic_search() (with a filter's row counts passed in, as the service does
// once it has counted them, and without: counted at the call) with the ones before migrations 099
// and 098 (same answers checked) and with the bare title graph walk. With --explain, EXPLAIN (ANALYZE, BUFFERS) of each nested statement of one search of each kind
// (auto_explain, vectors elided). With --parts, the backend CPU of the parts of one search, each sent
// as a statement of its own over the same mix: the title kind's candidates (semantic_search_kind),
// the rules kind's, the rescoring join of the title candidates to the catalog rows, and `SELECT 1`
// (what any statement costs the backend: protocol, executor start-up). Linux only; the server must
// run on this machine.
//
//   npx tsx bench/db/semantic-statement-cpu.ts [--cache-dir ./data/bench-db-semantic] [--searches 1500] [--rounds 2] [--only 0|1|2] [--explain] [--statements] [--parts]
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { serverUrl, startServer, stopServer } from '../../src/db/local-server.js';
import { EXACT_SCAN_MAX_ROWS } from '../../src/search/semantic/semantic-search.js';
import { toPgVectorBinary } from '../../src/search/semantic/vector-param.js';
import { BEFORE_098, BEFORE_099, installFunctionBefore098, installFunctionBefore099 } from '../semantic/earlier-semantic-search.js';
import { arg } from '../../scripts/lib/cli-args.js';

const cacheDir = path.resolve(arg('cache-dir', './data/bench-db-semantic'));
const searches = Number(arg('searches', '1500'));
const rounds = Number(arg('rounds', '2'));
// one kind of search only: 0 plain, 1 active_only, 2 exchange filter and limit 50
const only = process.argv.includes('--only') ? Number(arg('only', '0')) : undefined;
const serverDir = path.join(cacheDir, 'server');
if (!fs.existsSync(path.join(cacheDir, 'prepared.json'))) throw new Error(`${cacheDir} is not prepared: run npx tsx bench/db/semantic.ts --seconds 3 first`);

const cpuMs = (pid: number): number => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
};

interface Search { vector: Buffer; k: number; exchanges: string[] | null; onlyOpen: boolean; rows?: { title: number; rules: number } }
/** The statements compared: each sends one search and returns its candidate rows. */
const call = (fn: string) => async (c: pg.Client, s: Search) =>
  (await c.query(`SELECT * FROM ${fn}($1::vector, $2, $3::text[], $4, $5, $6)`, [s.vector, s.k, s.exchanges, s.onlyOpen, null, EXACT_SCAN_MAX_ROWS])).rows;
const variants: Record<string, (c: pg.Client, s: Search) => Promise<unknown[]>> = {
  'semantic_search() (current), the filter\'s counts passed': async (c, s) =>
    (await c.query(`SELECT * FROM semantic_search($1::vector, $2, $3::text[], $4, $5, $6, $7, $8)`,
      [s.vector, s.k, s.exchanges, s.onlyOpen, null, EXACT_SCAN_MAX_ROWS, s.rows?.title ?? null, s.rows?.rules ?? null])).rows,
  'semantic_search() (current), counted at the call': call('semantic_search'),
  'before 099 (a filter\'s rows counted, its walk planned, at every search)': call(BEFORE_099),
  'before 098 (every statement planned at each call)': call(BEFORE_098),
  // the floor of a search: its graph walk alone (title kind, the search's filters, no rules, no catalog rows)
  'title HNSW scan alone': async (c, s) =>
    (await c.query(
      `SELECT e.exchange, e.market_id, e.embedding <=> $1::vector AS distance FROM market_embeddings e WHERE e.kind = 'title'${s.onlyOpen ? ' AND e.closed IS FALSE' : ''}${s.exchanges ? ' AND e.exchange = ANY ($3)' : ''} ORDER BY e.embedding <=> $1::vector LIMIT $2`,
      s.exchanges ? [s.vector, s.k, s.exchanges] : [s.vector, s.k])).rows,
};
if (process.argv.includes('--only-current')) delete variants['title HNSW scan alone'];

const server = await startServer(serverDir);
const socketDir = new pg.Client({ connectionString: server.url }).host;
const client = new pg.Client({ connectionString: serverUrl(socketDir, 'bench_semantic') });
await client.connect();
try {
  const pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
  await installFunctionBefore098(client);
  await installFunctionBefore099(client);
  const { rows: [filterRows] } = await client.query<{ title: number; rules: number }>(
    "SELECT semantic_filter_rows('title', $1::text[], false, NULL, $2) AS title, semantic_filter_rows('rules', $1::text[], false, NULL, $2) AS rules",
    [['polymarket', 'kalshi'], EXACT_SCAN_MAX_ROWS + 1]);
  const { rows } = await client.query<{ v: string }>("SELECT embedding::text AS v FROM market_embeddings WHERE kind = 'title' ORDER BY text_hash LIMIT $1", [searches]);
  const mix: Search[] = rows.map((r, n) => {
    const vector = toPgVectorBinary(Float32Array.from(JSON.parse(r.v) as number[]));
    return [
      { vector, k: 40, exchanges: null, onlyOpen: false },
      { vector, k: 40, exchanges: null, onlyOpen: true },
      { vector, k: 100, exchanges: ['polymarket', 'kalshi'], onlyOpen: false, rows: filterRows },
    ][only ?? n % 3];
  });
  if (process.argv.includes('--explain')) {
    await client.query("LOAD 'auto_explain'");
    await client.query("SET auto_explain.log_min_duration = 0; SET auto_explain.log_analyze = on; SET auto_explain.log_buffers = on; SET auto_explain.log_nested_statements = on; SET auto_explain.log_parameter_max_length = 0; SET auto_explain.log_level = notice");
    client.on('notice', (n) => console.log(String(n.message).replace(/\[[-0-9.e,]{200,}\]/g, '[vector]')));
    for (const [name, run] of Object.entries(variants)) {
      console.log(`\n===== ${name}`);
      for (const s of mix.slice(0, 3)) await run(client, s);
    }
    await client.query('SET auto_explain.log_min_duration = -1');
  }
  let firstAnswers: unknown[][] | undefined;
  for (let round = 1; round <= rounds; round++) {
    for (const [name, run] of Object.entries(variants)) {
      for (const s of mix.slice(0, 50)) await run(client, s); // warm: plans, cached pages
      const before = cpuMs(pid);
      const t = performance.now();
      let found = 0;
      const answers: unknown[][] = [];
      for (const s of mix) {
        const rows = await run(client, s);
        found += rows.length;
        answers.push(rows);
      }
      if (name !== 'title HNSW scan alone') (firstAnswers ??= answers);
      const same = name === 'title HNSW scan alone' ? '' : `, answers ${JSON.stringify(answers) === JSON.stringify(firstAnswers) ? 'identical to' : 'DIFFERENT from'} the first variant's`;
      const wall = performance.now() - t;
      const cpu = cpuMs(pid) - before;
      console.log(`round ${round}, ${name}: ${mix.length} searches, backend CPU ${(cpu / mix.length).toFixed(3)} ms a search, wall ${(wall / mix.length).toFixed(3)} ms, ${(found / mix.length).toFixed(1)} rows a search${same}`);
    }
  }
  if (process.argv.includes('--parts')) {
    // the title candidates of each search, fetched once, for the join part
    interface KindHits { hit_exchanges: string[] | null; hit_ids: string[] | null; hit_distances: number[] | null }
    const candidates: KindHits[] = [];
    for (const s of mix) {
      const { rows: [hits] } = await client.query<KindHits>(
        "SELECT * FROM semantic_search_kind($1::vector, 'title', $2, $3::text[], $4, NULL, $5)", [s.vector, s.k, s.exchanges, s.onlyOpen, EXACT_SCAN_MAX_ROWS]);
      candidates.push(hits);
    }
    const kind = (k: 'title' | 'rules') => async (i: number) => (await client.query({
      name: `part_${k}`,
      text: `SELECT * FROM semantic_search_kind($1::vector, '${k}', $2, $3::text[], $4, NULL, $5)`,
      values: [mix[i].vector, mix[i].k, mix[i].exchanges, mix[i].onlyOpen, EXACT_SCAN_MAX_ROWS],
    })).rowCount ?? 0;
    const parts: Record<string, (i: number) => Promise<number>> = {
      'title candidates (semantic_search_kind)': kind('title'),
      'rules candidates (semantic_search_kind)': kind('rules'),
      // as semantic_search's final statement reads the catalog rows (no rules candidates here)
      'rescoring join of the title candidates to markets': async (i) => (await client.query({
        name: 'part_join',
        text: `SELECT m.exchange, m.market_id, m.title, m.category, m.closed, m.svc_id, h.distance
               FROM unnest($1::text[], $2::text[], $3::float8[]) AS h(exchange, market_id, distance)
               JOIN markets m ON m.exchange = h.exchange AND m.market_id = h.market_id
               WHERE NOT m.removed AND ($4::text[] IS NULL OR m.exchange = ANY ($4)) AND (NOT $5 OR NOT m.closed)`,
        values: [candidates[i].hit_exchanges ?? [], candidates[i].hit_ids ?? [], candidates[i].hit_distances ?? [], mix[i].exchanges, mix[i].onlyOpen],
      })).rowCount ?? 0,
      'SELECT 1 (any statement)': async () => (await client.query({ name: 'part_select_1', text: 'SELECT 1' })).rowCount ?? 0,
    };
    for (const [name, run] of Object.entries(parts)) {
      for (let i = 0; i < Math.min(50, mix.length); i++) await run(i); // warm
      const before = cpuMs(pid);
      let found = 0;
      for (let i = 0; i < mix.length; i++) found += await run(i);
      console.log(`part, ${name}: backend CPU ${((cpuMs(pid) - before) / mix.length).toFixed(3)} ms a search, ${(found / mix.length).toFixed(1)} rows`);
    }
  }
  if (process.argv.includes('--statements')) {
    // needs pg_stat_statements loaded on the bench server (track = all, track_planning = on)
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await client.query('SELECT pg_stat_statements_reset()');
    const run = Object.values(variants)[0];
    for (const s of mix) await run(client, s);
    const { rows: stats } = await client.query<{ query: string; calls: string; plan: number; exec: number }>(
      "SELECT left(regexp_replace(query, '\\s+', ' ', 'g'), 150) AS query, calls, total_plan_time AS plan, total_exec_time AS exec FROM pg_stat_statements WHERE query NOT LIKE '%pg_stat_statements%' ORDER BY total_plan_time + total_exec_time DESC LIMIT 14");
    for (const r of stats) console.log(`${(Number(r.calls) / mix.length).toFixed(2)} calls, plan ${(r.plan / mix.length).toFixed(3)} ms, exec ${(r.exec / mix.length).toFixed(3)} ms a search: ${r.query}`);
  }
} finally {
  await client.end();
  stopServer(serverDir, 'fast');
}
