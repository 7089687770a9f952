// Semantic search latency through the HTTP API (the real app: API-key check, rate limit, plan gate,
// request logs; bench/support/keyed-app.ts) over the benchmark catalog (>= 20,000 markets with
// title and rules embeddings; see prepare-corpus.ts), in one run:
//   1. distinct queries, recent-answers cache off, closed loop at 1, 4 and 20 clients: every request
//      embeds its query and searches pgvector (the in-memory query-embedding cache is off too),
//      searches that arrive together batched (src/util/micro-batcher.ts);
//   2. a skewed workload (Zipf, s = 1.07, over 2,000 distinct requests) at 20 clients through the
//      route with its recent-answers cache (src/search/semantic/result-cache.ts), from cold and warm.
// Each request's time embedding the query and in PostgreSQL/pgvector comes from its Server-Timing
// header and is reported apart (0 for cache hits). Requests go through the lean keep-alive client of
// bench/support/raw-http.ts, which takes less of the shared cores than node:http's.
//
//   npx tsx bench/semantic/latency.ts [--data-dir ./data/bench-semantic] [--seconds 20] [--concurrency 20] [--threads N] [--rounds 1]
// (--threads: ONNX threads of the one embedding worker; default cores / workers. --rounds: repeat the
// distinct-query rows, to see the noise of a shared machine.) The comparison with the first
// implementation (one embedding call and one statement per search, 3.4-3.7x fewer searches a second
// at 20 clients) is recorded in bench/HISTORY.md; to compare with an earlier revision, run this
// file from a checkout of it (bench/support/revision.ts) on the same --data-dir.
import os from 'node:os';
import path from 'node:path';
import { mkdirSync, writeFileSync } from 'node:fs';
import { openDatabase } from '../../src/db/database.js';
import { createSemanticRouter } from '../../src/http/routes/semantic-search.js';
import { startSemanticResultCache } from '../../src/search/semantic/result-cache.js';
import { SemanticSearchService } from '../../src/search/semantic/semantic-search.js';
import { Embedder } from '../../src/embeddings/embedder.js';
import { PgEmbeddingCache } from '../../src/embeddings/embedding-cache-repository.js';
import { MarketEmbeddingStore } from '../../src/search/semantic/market-embedding-repository.js';
import { loadPolymarketCorpus, realDataAvailable } from '../../scripts/eval/real-corpus.js';
import { zipfPicker } from '../search/queries.js';
import { startKeyedApp, type KeyedApp } from '../support/keyed-app.js';
import { benchmarkQueries, closedLoop, fmt, pct, withFilters, type Body } from './load.js';
import { loadConfig } from '../../src/config.js';
import { arg } from '../../scripts/lib/cli-args.js';

const dataDir = path.resolve(arg('data-dir', './data/bench-semantic'));
const seconds = Number(arg('seconds', '20'));
const concurrency = Number(arg('concurrency', '20'));
const workers = Number(arg('workers', '1'));

const db = await openDatabase({ dataDir });
const counts = await new MarketEmbeddingStore(db.pool).counts();
if (counts.title < 20_000) console.error(`warning: only ${counts.title} title embeddings in ${dataDir}; run prepare-corpus.ts and the backfill first`);
const threadsPerWorker = process.argv.includes('--threads') ? Number(arg('threads', '2')) : undefined;
const embedder = await Embedder.start({ modelDir: loadConfig().modelDir, workers, threadsPerWorker }, new PgEmbeddingCache(db.pool), { queryCacheSize: 0 });
const rounds = Number(arg('rounds', '1'));
const service = new SemanticSearchService(db.pool, embedder);
const results = startSemanticResultCache(db.pool);
const semanticApp = (svc: SemanticSearchService, cached: boolean): Promise<KeyedApp> =>
  startKeyedApp({
    db,
    plan: 'max',
    routers: (ctx) => [{ path: '/search', router: createSemanticRouter({ requireFeature: ctx.requireFeature, getService: () => svc, cache: cached ? results.cache : undefined }) }],
  });
const uncachedApp = await semanticApp(service, false);
const cachedApp = await semanticApp(service, true);

const queries = benchmarkQueries();
const bodies = withFilters;

const distinct = (n: number) => bodies(queries[n % queries.length], Math.floor(n / queries.length));
// the skewed workload: 2,000 distinct requests (the natural-language queries, then real titles
// asked as questions), each with a fixed filter variant, the first ones asked most
const titles = realDataAvailable() ? loadPolymarketCorpus().map((m) => m.title) : [];
const skewPool = [...new Set([...queries, ...titles.filter((_, i) => i % 7 === 0)])].slice(0, 2000).map((q, i) => bodies(q, i));
const zipf = zipfPicker(skewPool, 1.07, 5);

await closedLoop(uncachedApp, 4, 3, distinct); // warm-up: JIT, graph pages
const rows: { label: string; clients: number; n: number; perSecond: number; total: string; embed: string; db: string; p95: number; batches: string }[] = [];
const measure = async (label: string, app: KeyedApp, clients: number, nextBody: (n: number) => Body) => {
  const stats = service.batchStats;
  const { samples, perSecond } = await closedLoop(app, clients, seconds, nextBody);
  const after = service.batchStats;
  const totals = samples.map((s) => s.total);
  const per = (a: { calls: number; items: number }, b: { calls: number; items: number }) => ((b.items - a.items) / Math.max(1, b.calls - a.calls)).toFixed(2);
  rows.push({
    label, clients, n: samples.length, perSecond, p95: pct(totals, 0.95),
    total: fmt(totals), embed: fmt(samples.map((s) => s.embed)), db: fmt(samples.map((s) => s.db)),
    batches: `${per(stats.embedding, after.embedding)} / ${per(stats.database, after.database)}`,
  });
  console.error(`${label}, ${clients} clients: ${samples.length} requests, ${perSecond.toFixed(1)}/s, p95 ${pct(totals, 0.95).toFixed(1)} ms`);
};
for (let round = 0; round < rounds; round++) {
  for (const clients of [1, 4, concurrency]) await measure('distinct, no cache', uncachedApp, clients, distinct);
}
const cold = { hits: results.cache.hits, misses: results.cache.misses };
await measure('Zipf over 2,000 requests, recent-answers cache from cold', cachedApp, concurrency, () => zipf());
const coldHits = { hits: results.cache.hits - cold.hits, misses: results.cache.misses - cold.misses };
await measure('Zipf over 2,000 requests, cache warm', cachedApp, concurrency, () => zipf());
const warmHits = { hits: results.cache.hits - cold.hits - coldHits.hits, misses: results.cache.misses - cold.misses - coldHits.misses };
const ratio = (h: { hits: number; misses: number }) => `${((100 * h.hits) / Math.max(1, h.hits + h.misses)).toFixed(1)}%`;

const table = [
  `Catalog: ${counts.title} title and ${counts.rules} rules embeddings (${db.kind} database); ${queries.length} distinct queries, a third with active_only, a third with an exchange filter and limit 50; ` +
    `${workers} embedding worker(s); ${os.availableParallelism()} cores; load average at end ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}; ${seconds} s per row.`,
  `Recent-answers cache hits: ${ratio(coldHits)} from cold, ${ratio(warmHits)} warm (skewed pool: ${skewPool.length} distinct requests).`,
  '',
  '| workload | clients | requests | req/s | total p50 / p95 / p99 (ms) | query embedding p50 / p95 / p99 (ms) | database p50 / p95 / p99 (ms) | searches per embedding pass / per statement |',
  '|---|---|---|---|---|---|---|---|',
  ...rows.map((r) => `| ${r.label} | ${r.clients} | ${r.n} | ${r.perSecond.toFixed(1)} | ${r.total} | ${r.embed} | ${r.db} | ${r.batches} |`),
].join('\n');
console.log(table);
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/semantic-latency.json', JSON.stringify({ counts, rows, coldHits, warmHits }, null, 2));

results.stop();
await uncachedApp.close();
await cachedApp.close();
await embedder.close();
await db.close();
