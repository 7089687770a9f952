// Semantic search latency through the HTTP API (real app, API-key and plan middleware) over the
// benchmark catalog (>= 20,000 markets with title and rules embeddings; see prepare-corpus.ts), in a
// closed loop at 1 and at 20 concurrent clients, in one run. Each request's time embedding the
// query and in PostgreSQL/pgvector comes from its Server-Timing header and is reported apart.
// Every query is embedded (the in-memory query cache is off).
//
//   npx tsx bench/semantic/latency.ts [--data-dir ./data/bench-semantic] [--seconds 20] [--concurrency 20]
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { mkdirSync, writeFileSync } from 'node:fs';
import { AccountService } from '../../src/accounts/accounts.js';
import { ApiKeyService } from '../../src/accounts/api-keys.js';
import { buildPlanTable } from '../../src/accounts/plans.js';
import { SlidingWindowLimiter } from '../../src/accounts/rate-limiter.js';
import { openDatabase } from '../../src/db/database.js';
import { createApp } from '../../src/http/app.js';
import { createLogger } from '../../src/logger.js';
import { systemClock } from '../../src/util/clock.js';
import { createSemanticRouter } from '../../src/search/semantic/router.js';
import { SemanticSearchService } from '../../src/search/semantic/semantic-search.js';
import { Embedder } from '../../embeddings/embedder.js';
import { PgEmbeddingCache } from '../../embeddings/pg-embedding-cache.js';
import { MarketEmbeddingStore } from '../../src/search/semantic/market-embedding-store.js';
import { loadFixtureQueries } from '../../scripts/eval/catalog-fixture.js';
import { loadOpinionPairQueries, loadPolymarketCorpus, realDataAvailable } from '../../scripts/eval/real-corpus.js';

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
const embedder = await Embedder.start({ modelDir: path.resolve(process.env.MODEL_DIR ?? './models'), workers }, new PgEmbeddingCache(db.pool), { queryCacheSize: 0 });
const service = new SemanticSearchService(db.pool, embedder);
const clock = systemClock;
const accounts = new AccountService(db.pool, clock, 3600_000);
const keys = new ApiKeyService(db.pool, clock);
const app = createApp({
  settings: { version: 'bench', maxBodyBytes: 256 * 1024, trustProxyHops: 0, testKeyTtlSeconds: 600, testKeyRatePerMinute: 60, testKeysPerAddressPerHour: 20, productionKeyRatePerMinute: 1e7 },
  logger: createLogger('silent'), clock, db, accounts, keys,
  keyLimiter: new SlidingWindowLimiter(clock, 60_000), addressLimiter: new SlidingWindowLimiter(clock, 3600_000),
  plans: buildPlanTable(), startedAt: clock.now(),
  keyedRouters: (ctx) => [{ path: '/search', router: createSemanticRouter({ requireFeature: ctx.requireFeature, getService: () => service }) }],
});
const server = http.createServer(app);
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/search/semantic`;
const user = await accounts.createAnonymousUser();
const apiKey = (await keys.issue({ userId: user.id, kind: 'production', plan: 'max', ratePerMinute: 1e7 })).api_key;

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

async function closedLoop(clients: number, durationS: number): Promise<{ samples: Sample[]; perSecond: number }> {
  const samples: Sample[] = [];
  let next = 0;
  const deadline = performance.now() + durationS * 1000;
  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, async () => {
    while (performance.now() < deadline) {
      const n = next++;
      const body = bodies(queries[n % queries.length], Math.floor(n / queries.length));
      const t = performance.now();
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': apiKey }, body: JSON.stringify(body) });
      await res.arrayBuffer();
      const total = performance.now() - t;
      if (res.status !== 200) throw new Error(`status ${res.status}`);
      const timing = res.headers.get('server-timing') ?? '';
      const embed = Number(/embed;dur=([\d.]+)/.exec(timing)?.[1]);
      const dbMs = Number(/db;dur=([\d.]+)/.exec(timing)?.[1]);
      samples.push({ total, embed, db: dbMs });
    }
  }));
  return { samples, perSecond: samples.length / ((performance.now() - started) / 1000) };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
};
const fmt = (xs: number[]) => `${pct(xs, 0.5).toFixed(1)} / ${pct(xs, 0.95).toFixed(1)} / ${pct(xs, 0.99).toFixed(1)}`;

await closedLoop(4, 3); // warm-up: caches, JIT, graph pages
const results: { clients: number; n: number; perSecond: number; total: string; embed: string; db: string }[] = [];
for (const clients of [1, concurrency]) {
  const { samples, perSecond } = await closedLoop(clients, seconds);
  results.push({
    clients, n: samples.length, perSecond,
    total: fmt(samples.map((s) => s.total)), embed: fmt(samples.map((s) => s.embed)), db: fmt(samples.map((s) => s.db)),
  });
  console.error(`${clients} clients: ${samples.length} requests, p95 ${pct(samples.map((s) => s.total), 0.95).toFixed(1)} ms`);
}

const table = [
  `Catalog: ${counts.title} title and ${counts.rules} rules embeddings (${db.kind} database); ${queries.length} distinct queries, a third with active_only, a third with an exchange filter and limit 50; ` +
    `${workers} embedding worker(s); ${os.availableParallelism()} cores; load average at end ${os.loadavg()[0].toFixed(2)}; ${seconds} s per row.`,
  '',
  '| clients | requests | req/s | total p50 / p95 / p99 (ms) | query embedding p50 / p95 / p99 (ms) | database p50 / p95 / p99 (ms) |',
  '|---|---|---|---|---|---|',
  ...results.map((r) => `| ${r.clients} | ${r.n} | ${r.perSecond.toFixed(1)} | ${r.total} | ${r.embed} | ${r.db} |`),
].join('\n');
console.log(table);
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/semantic-latency.json', JSON.stringify({ counts, results }, null, 2));

server.closeAllConnections();
server.close();
await embedder.close();
await db.close();
