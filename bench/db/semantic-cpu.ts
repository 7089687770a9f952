// Where the CPU of a semantic search on the PostgreSQL server goes, at 20 concurrent distinct
// queries, next to the query-embedding-only path (the floor the 0.7x target is measured against), in one run on the cache that
// bench/db/semantic.ts prepared (run that once first). For each path, per answered request:
//   - the CPU of every thread of this process (/proc/self/task: the main thread, which runs HTTP,
//     JSON, the pg client and the benchmark's own client; the embedding worker and its ONNX
//     Runtime threads), by thread;
//   - the CPU of the server's processes (/proc/<pid>/stat of every child of the postmaster:
//     the backends of the pool and the background processes);
//   - the whole machine's busy CPU (/proc/stat), to see whether the cores were saturated;
//   - the searches per embedding pass and per statement.
// Paths: "embedding only" (the same micro-batching stage as the service's, no database, no HTTP),
// "service" (SemanticSearchService called directly: model + database, no HTTP) and "HTTP" (the
// real app, as bench/db/semantic.ts measures it); "frame" (not in the default list) is the same app and
// router around a stand-in service that answers at once with `limit` real catalog rows: no model, no
// search statement, so its CPU is what HTTP, the key check and rate limit, body parsing, validation
// and the JSON answer cost a search. The same paths with the search statement before migration 099
// (a filter's rows counted at every search) and before 100 (the statement joining the live catalog
// rows at every search) are recorded in bench/HISTORY.md; an earlier revision is measured by running
// this file from a checkout of it (bench/support/revision.ts) on the same cache. With --statements the server's
// pg_stat_statements says which statements the HTTP path runs per request and their time (the
// bench creates the extension; the library must be preloaded on the cache's server first: it says
// how when it is not, and leaving it loaded did not change the CPU a request measured here, see
// bench/HISTORY.md, "Semantic search on the server at 20 clients"). Linux only.
//
//   npx tsx bench/db/semantic-cpu.ts [--cache-dir ./data/bench-db-semantic] [--seconds 8] [--clients 20] [--statements] [--paths embed,service,http,frame] [--db-concurrency N]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Embedder } from '../../src/embeddings/embedder.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/database.js';
import { serverUrl, startServer, stopServer } from '../../src/db/local-server.js';
import { createSemanticRouter } from '../../src/http/routes/semantic-search.js';
import { MicroBatcher } from '../../src/util/micro-batcher.js';
import { SemanticSearchService } from '../../src/search/semantic/semantic-search.js';
import { startKeyedApp } from '../support/keyed-app.js';
import { benchmarkQueries, closedLoop, withFilters, type Body } from '../semantic/load.js';
import { arg } from '../../scripts/lib/cli-args.js';

const cacheDir = path.resolve(arg('cache-dir', './data/bench-db-semantic'));
const seconds = Number(arg('seconds', '8'));
const clients = Number(arg('clients', '20'));
const paths = arg('paths', 'embed,service,http,embed').split(',');
const statements = process.argv.includes('--statements');
// statements in flight at once (SemanticSearchService's databaseConcurrency; default the pool's size)
const databaseConcurrency = process.argv.includes('--db-concurrency') ? Number(arg('db-concurrency', '10')) : undefined;
const serverDir = path.join(cacheDir, 'server');
if (!fs.existsSync(path.join(cacheDir, 'prepared.json'))) throw new Error(`${cacheDir} is not prepared: run npx tsx bench/db/semantic.ts --seconds 3 first`);

const TICK = 100; // USER_HZ
function statTicks(file: string): { name: string; ticks: number; system: number; ppid: number } | null {
  try {
    const stat = fs.readFileSync(file, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), ticks: Number(fields[11]) + Number(fields[12]), system: Number(fields[12]), ppid: Number(fields[1]) };
  } catch {
    return null; // ended
  }
}
/** CPU seconds of each thread of this process, by "name:tid" ("main" for the main thread). */
function threadCpu(): Map<string, number> {
  const out = new Map<string, number>();
  for (const tid of fs.readdirSync('/proc/self/task')) {
    const s = statTicks(`/proc/self/task/${tid}/stat`);
    if (s) out.set(Number(tid) === process.pid ? 'main' : `${s.name}:${tid}`, s.ticks / TICK);
    // the main thread's time in the kernel (syscalls: socket reads and writes, wake-ups)
    if (s && Number(tid) === process.pid) out.set('main (system)', s.system / TICK);
  }
  return out;
}
/** CPU seconds of each child of the postmaster (backends and background processes), by pid. */
function serverCpu(postmaster: number): Map<number, { name: string; cpu: number }> {
  const out = new Map<number, { name: string; cpu: number }>();
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    const s = statTicks(`/proc/${pid}/stat`);
    if (s && (s.ppid === postmaster || Number(pid) === postmaster)) out.set(Number(pid), { name: s.name, cpu: s.ticks / TICK });
  }
  return out;
}
/** Busy and total jiffies of the whole machine. */
function machineCpu(): { busy: number; total: number } {
  const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = f.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: total - f[3] - f[4], total };
}

const server = await startServer(serverDir);
const socketDir = new pg.Client({ connectionString: server.url }).host;
const db = await openDatabase({ dataDir: cacheDir, databaseUrl: serverUrl(socketDir, 'bench_semantic') });
const embedder = await Embedder.start({ modelDir: loadConfig().modelDir, workers: 1 }, { get: () => Promise.resolve(new Map()), put: () => Promise.resolve() }, { queryCacheSize: 0 });
const admin = new pg.Client({ connectionString: serverUrl(socketDir, 'bench_semantic') });
await admin.connect();
if (statements) {
  const loaded = (await admin.query<{ setting: string }>("SELECT setting FROM pg_settings WHERE name = 'shared_preload_libraries'")).rows[0].setting;
  if (!loaded.includes('pg_stat_statements')) throw new Error('pg_stat_statements is not loaded on the bench server: ALTER SYSTEM SET shared_preload_libraries = \'pg_stat_statements\' and restart it');
  await admin.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
}
const queries = benchmarkQueries();
let nextQuery = 0;
const distinct = (n: number): Body => withFilters(queries[n % queries.length], Math.floor(n / queries.length));

interface Measured { label: string; requests: number; wall: number; batches: string }
async function measure(label: string, run: () => Promise<{ requests: number; batches: string }>): Promise<void> {
  if (statements) await admin.query('SELECT pg_stat_statements_reset()');
  const t0 = threadCpu();
  const s0 = serverCpu(server.pid);
  const m0 = machineCpu();
  const started = performance.now();
  const { requests, batches } = await run();
  const wall = (performance.now() - started) / 1000;
  const m1 = machineCpu();
  const s1 = serverCpu(server.pid);
  const t1 = threadCpu();
  const r: Measured = { label, requests, wall, batches };
  const ms = (cpu: number) => ((1000 * cpu) / r.requests).toFixed(2);
  const threads = [...t1].map(([n, c]) => [n, c - (t0.get(n) ?? 0)] as const).filter(([, c]) => c > 0.005).sort((a, b) => b[1] - a[1]);
  const main = threads.find(([n]) => n === 'main')?.[1] ?? 0;
  const mainSystem = threads.find(([n]) => n === 'main (system)')?.[1] ?? 0;
  const others = threads.filter(([n]) => !n.startsWith('main')).reduce((a, [, c]) => a + c, 0);
  const backends = [...s1].map(([pid, v]) => [`${v.name}:${pid}`, v.cpu - (s0.get(pid)?.cpu ?? 0)] as const).filter(([, c]) => c > 0.005);
  const pgTotal = backends.reduce((a, [, c]) => a + c, 0);
  const busyCores = ((m1.busy - m0.busy) / (m1.total - m0.total)) * os.availableParallelism();
  console.log(`\n${label}: ${requests} in ${wall.toFixed(1)} s = ${(requests / wall).toFixed(1)}/s; batches ${batches}; machine busy ${busyCores.toFixed(2)} of ${os.availableParallelism()} cores`);
  console.log(`  CPU ms per request: main thread ${ms(main)} (${ms(mainSystem)} in the kernel), other threads ${ms(others)} (${threads.filter(([n]) => !n.startsWith('main')).slice(0, 5).map(([n, c]) => `${n} ${ms(c)}`).join(', ')}), server ${ms(pgTotal)} (${backends.length} processes), total ${ms(main + others + pgTotal)}`);
  console.log(`  this process ${((main + others) / wall).toFixed(2)} cores, server ${(pgTotal / wall).toFixed(2)} cores`);
  if (statements) {
    const { rows } = await admin.query<{ query: string; calls: string; ms: number }>(
      "SELECT left(regexp_replace(query, '\\s+', ' ', 'g'), 110) AS query, calls, total_exec_time AS ms FROM pg_stat_statements WHERE query NOT LIKE '%pg_stat_statements%' ORDER BY total_exec_time DESC LIMIT 8");
    for (const s of rows) console.log(`  ${(Number(s.calls) / requests).toFixed(2)} calls/request, ${(s.ms / requests).toFixed(2)} ms exec/request: ${s.query}`);
  }
}

// The floor: as bench/db/semantic.ts's embeddingOnly (same stage options as the service's).
const embedOnly = async () => {
  let inFlight = 0;
  const stage = new MicroBatcher((qs: string[]) => embedder.embedQueries(qs), { maxBatch: 32, concurrency: 1, maxWaitMs: 2, shouldWait: () => inFlight > 1 });
  let requests = 0;
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(Array.from({ length: clients }, async () => {
    while (performance.now() < deadline) {
      inFlight++;
      try {
        await stage.submit(queries[nextQuery++ % queries.length]);
      } finally {
        inFlight--;
      }
      requests++;
    }
  }));
  return { requests, batches: `${(stage.stats.items / stage.stats.calls).toFixed(2)} per pass` };
};
const perBatch = (svc: SemanticSearchService) => `${(svc.batchStats.embedding.items / Math.max(1, svc.batchStats.embedding.calls)).toFixed(2)} per pass / ${(svc.batchStats.database.items / Math.max(1, svc.batchStats.database.calls)).toFixed(2)} per statement`;
const direct = async () => {
  const svc = new SemanticSearchService(db.pool, embedder, { databaseConcurrency });
  let requests = 0;
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(Array.from({ length: clients }, async () => {
    while (performance.now() < deadline) {
      await svc.search(distinct(nextQuery++) as never);
      requests++;
    }
  }));
  return { requests, batches: perBatch(svc) };
};
const startSearchApp = (svc: SemanticSearchService) => startKeyedApp({
  db,
  plan: 'max',
  routers: (ctx) => [{ path: '/search', router: createSemanticRouter({ requireFeature: ctx.requireFeature, getService: () => svc }) }],
});
const service = new SemanticSearchService(db.pool, embedder, { databaseConcurrency });
const app = await startSearchApp(service);
const viaHttp = (svc: SemanticSearchService, through: Awaited<ReturnType<typeof startKeyedApp>>) => async () => {
  const before = svc.batchStats;
  const { samples } = await closedLoop(through, clients, seconds, (n) => distinct(nextQuery + n));
  nextQuery += samples.length + clients;
  const after = svc.batchStats;
  const per = (a: { calls: number; items: number }, b: { calls: number; items: number }) => ((b.items - a.items) / Math.max(1, b.calls - a.calls)).toFixed(2);
  return { requests: samples.length, batches: `${per(before.embedding, after.embedding)} per pass / ${per(before.database, after.database)} per statement` };
};

// the "frame" path's app: the stand-in service answers as SemanticSearchService would, from real rows
const frameApp = paths.includes('frame') ? await startFrameApp() : undefined;
async function startFrameApp(): Promise<Awaited<ReturnType<typeof startKeyedApp>>> {
  const { rows: sample } = await db.pool.query<{ exchange: string; market_id: string; title: string; category: string; closed: boolean }>(
    'SELECT exchange, market_id, title, category, closed FROM markets ORDER BY market_id LIMIT 100');
  const standIn = {
    search: (request: { query: string; limit?: number }) => {
      const results = sample.slice(0, request.limit ?? 20).map((r, i) => ({ ...r, score: Math.round((0.2 + i / 997) * 1e6) / 1e6 }));
      return Promise.resolve({ query: request.query, count: results.length, results, timings: { embedMs: 0, databaseMs: 0 } });
    },
  } as unknown as SemanticSearchService;
  return startKeyedApp({
    db,
    plan: 'max',
    routers: (ctx) => [{ path: '/search', router: createSemanticRouter({ requireFeature: ctx.requireFeature, getService: () => standIn }) }],
  });
}
const frameOnly = async () => {
  const { samples } = await closedLoop(frameApp!, clients, seconds, (n) => distinct(nextQuery + n));
  nextQuery += samples.length + clients;
  return { requests: samples.length, batches: '- (no model, no statement)' };
};

try {
  console.log(`${os.availableParallelism()} cores; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}; ${clients} clients, ${seconds} s a path; server pid ${server.pid}`);
  await closedLoop(app, 4, 3, (n) => distinct(90_000 + n)); // warm-up: JIT, graph pages in cache
  if (frameApp) await closedLoop(frameApp, 4, 2, (n) => distinct(80_000 + n));
  for (const p of paths) {
    if (p === 'embed') await measure('embedding only', embedOnly);
    else if (p === 'service') await measure('service (model + database, no HTTP)', direct);
    else if (p === 'http') await measure('HTTP app (model + database + HTTP)', viaHttp(service, app));
    else if (p === 'frame') await measure('HTTP frame alone (stand-in service, fixed answer)', frameOnly);
    else throw new Error(`unknown path ${p}`);
  }
  console.log(`\nload average at end ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
} finally {
  await frameApp?.close();
  await app.close();
  await admin.end();
  await db.close();
  await embedder.close();
  stopServer(serverDir, 'fast');
}
