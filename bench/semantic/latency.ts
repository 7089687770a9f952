// Semantic search latency through the HTTP API (the real app: API-key check, rate limit, plan gate,
// request logs; bench/support/keyed-app.ts) over the benchmark catalog (>= 20,000 markets with
// title and rules embeddings; see prepare-corpus.ts), in one run:
//   1. distinct queries, recent-answers cache off, closed loop at 1 and at 20 clients: every request
//      embeds its query and searches pgvector (the in-memory query-embedding cache is off too);
//   2. a skewed workload (Zipf, s = 1.07, over 2,000 distinct requests) at 20 clients through the
//      route with its recent-answers cache (src/search/semantic/result-cache.ts), from cold and warm.
// Each request's time embedding the query and in PostgreSQL/pgvector comes from its Server-Timing
// header and is reported apart (0 for cache hits). Requests go through the lean keep-alive client of
// bench/support/raw-http.ts, which takes less of the shared cores than node:http's.
//
//   npx tsx bench/semantic/latency.ts [--data-dir ./data/bench-semantic] [--seconds 20] [--concurrency 20] [--threads N]
// (--threads: ONNX threads of the one embedding worker; default cores / workers)
import os from 'node:os';
import path from 'node:path';
import { mkdirSync, writeFileSync } from 'node:fs';
import { openDatabase } from '../../src/db/database.js';
import { createSemanticRouter } from '../../src/http/routes/semantic-search.js';
import { startSemanticResultCache } from '../../src/search/semantic/result-cache.js';
import { SemanticSearchService } from '../../src/search/semantic/semantic-search.js';
import { Embedder } from '../../embeddings/embedder.js';
import { PgEmbeddingCache } from '../../embeddings/pg-embedding-cache.js';
import { MarketEmbeddingStore } from '../../src/search/semantic/market-embedding-store.js';
import { loadFixtureQueries } from '../../scripts/eval/catalog-fixture.js';
import { loadOpinionPairQueries, loadPolymarketCorpus, realDataAvailable } from '../../scripts/eval/real-corpus.js';
import { zipfPicker } from '../search/queries.js';
import { headerValue, RawHttpClient } from '../support/raw-http.js';
import { startKeyedApp, type KeyedApp } from '../support/keyed-app.js';
import { loadConfig } from '../../src/config.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}
const dataDir = path.resolve(arg('data-dir', './data/bench-semantic'));
const seconds = Number(arg('seconds', '20'));
const concurrency = Number(arg('concurrency', '20'));
const workers = Number(arg('workers', '1'));

const db = await openDatabase({ dataDir });
const counts = await new MarketEmbeddingStore(db.pool).counts();
if (counts.title < 20_000) console.error(`warning: only ${counts.title} title embeddings in ${dataDir}; run prepare-corpus.ts and the backfill first`);
const threadsPerWorker = process.argv.includes('--threads') ? Number(arg('threads', '2')) : undefined;
const embedder = await Embedder.start({ modelDir: loadConfig().modelDir, workers, threadsPerWorker }, new PgEmbeddingCache(db.pool), { queryCacheSize: 0 });
const service = new SemanticSearchService(db.pool, embedder);
const results = startSemanticResultCache(db.pool);
const semanticApp = (cached: boolean): Promise<KeyedApp> =>
  startKeyedApp({
    db,
    plan: 'max',
    routers: (ctx) => [{ path: '/search', router: createSemanticRouter({ requireFeature: ctx.requireFeature, getService: () => service, cache: cached ? results.cache : undefined }) }],
  });
const uncachedApp = await semanticApp(false);
const cachedApp = await semanticApp(true);

// Natural-language queries: the hand-written set plus, with the real data, other venues' titles.
const queries = [...new Set([
  ...loadFixtureQueries().map((q) => q.query),
  ...(realDataAvailable() ? loadOpinionPairQueries(loadPolymarketCorpus()).map((q) => q.query) : []),
])];
const bodies = (q: string, n: number) => [
  { query: q },
  { query: q, active_only: true },
  { query: q, exchange: ['polymarket', 'kalshi'], limit: 50 },
][n % 3];

interface Sample { total: number; embed: number; db: number }
type Body = Record<string, unknown>;

async function closedLoop(app: KeyedApp, clients: number, durationS: number, nextBody: (n: number) => Body): Promise<{ samples: Sample[]; perSecond: number }> {
  const client = new RawHttpClient(app.base, { 'X-API-Key': app.apiKey });
  const samples: Sample[] = [];
  let next = 0;
  const deadline = performance.now() + durationS * 1000;
  const started = performance.now();
  try {
    await Promise.all(Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        const body = nextBody(next++);
        const t = performance.now();
        const res = await client.post('/api/v1/search/semantic', body);
        const total = performance.now() - t;
        if (res.status !== 200) throw new Error(`status ${res.status}`);
        const timing = headerValue(res, 'server-timing') ?? '';
        const embed = Number(/embed;dur=([\d.]+)/.exec(timing)?.[1]);
        const dbMs = Number(/db;dur=([\d.]+)/.exec(timing)?.[1]);
        samples.push({ total, embed, db: dbMs });
      }
    }));
  } finally {
    client.close();
  }
  return { samples, perSecond: samples.length / ((performance.now() - started) / 1000) };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
};
const fmt = (xs: number[]) => `${pct(xs, 0.5).toFixed(1)} / ${pct(xs, 0.95).toFixed(1)} / ${pct(xs, 0.99).toFixed(1)}`;

const distinct = (n: number) => bodies(queries[n % queries.length], Math.floor(n / queries.length));
// the skewed workload: 2,000 distinct requests (the natural-language queries, then real titles
// asked as questions), each with a fixed filter variant, the first ones asked most
const titles = realDataAvailable() ? loadPolymarketCorpus().map((m) => m.title) : [];
const skewPool = [...new Set([...queries, ...titles.filter((_, i) => i % 7 === 0)])].slice(0, 2000).map((q, i) => bodies(q, i));
const zipf = zipfPicker(skewPool, 1.07, 5);

await closedLoop(uncachedApp, 4, 3, distinct); // warm-up: JIT, graph pages
const rows: { label: string; clients: number; n: number; perSecond: number; total: string; embed: string; db: string; p95: number }[] = [];
const measure = async (label: string, app: KeyedApp, clients: number, nextBody: (n: number) => Body) => {
  const { samples, perSecond } = await closedLoop(app, clients, seconds, nextBody);
  const totals = samples.map((s) => s.total);
  rows.push({
    label, clients, n: samples.length, perSecond, p95: pct(totals, 0.95),
    total: fmt(totals), embed: fmt(samples.map((s) => s.embed)), db: fmt(samples.map((s) => s.db)),
  });
  console.error(`${label}, ${clients} clients: ${samples.length} requests, p95 ${pct(totals, 0.95).toFixed(1)} ms`);
};
await measure('distinct queries, no cache', uncachedApp, 1, distinct);
await measure('distinct queries, no cache', uncachedApp, concurrency, distinct);
const cold = { hits: results.cache.hits, misses: results.cache.misses };
await measure('Zipf over 2,000 requests, recent-answers cache from cold', cachedApp, concurrency, () => zipf());
const coldHits = { hits: results.cache.hits - cold.hits, misses: results.cache.misses - cold.misses };
await measure('Zipf over 2,000 requests, cache warm', cachedApp, concurrency, () => zipf());
const warmHits = { hits: results.cache.hits - cold.hits - coldHits.hits, misses: results.cache.misses - cold.misses - coldHits.misses };
const ratio = (h: { hits: number; misses: number }) => `${((100 * h.hits) / Math.max(1, h.hits + h.misses)).toFixed(1)}%`;

const table = [
  `Catalog: ${counts.title} title and ${counts.rules} rules embeddings (${db.kind} database); ${queries.length} distinct queries, a third with active_only, a third with an exchange filter and limit 50; ` +
    `${workers} embedding worker(s); ${os.availableParallelism()} cores; load average at end ${os.loadavg()[0].toFixed(2)}; ${seconds} s per row.`,
  `Recent-answers cache hits: ${ratio(coldHits)} from cold, ${ratio(warmHits)} warm (skewed pool: ${skewPool.length} distinct requests).`,
  '',
  '| workload | clients | requests | req/s | total p50 / p95 / p99 (ms) | query embedding p50 / p95 / p99 (ms) | database p50 / p95 / p99 (ms) |',
  '|---|---|---|---|---|---|---|',
  ...rows.map((r) => `| ${r.label} | ${r.clients} | ${r.n} | ${r.perSecond.toFixed(1)} | ${r.total} | ${r.embed} | ${r.db} |`),
  '',
  `Target p95 < 60 ms at ${concurrency} clients: distinct queries ${rows[1].p95.toFixed(1)} ms (${rows[1].p95 < 60 ? 'met' : 'MISSED'}); ` +
    `skewed workload with the cache ${rows[2].p95.toFixed(1)} ms from cold (${rows[2].p95 < 60 ? 'met' : 'MISSED'}), ${rows[3].p95.toFixed(1)} ms warm (${rows[3].p95 < 60 ? 'met' : 'MISSED'}).`,
].join('\n');
console.log(table);
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/semantic-latency.json', JSON.stringify({ counts, rows, coldHits, warmHits }, null, 2));

results.stop();
await uncachedApp.close();
await cachedApp.close();
await embedder.close();
await db.close();
