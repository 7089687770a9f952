// Cross-venue listing benchmark: GET /api/v1/clusters?sort=gap&limit=50 against GET
// /api/v1/search/markets (a page of 50, PostgreSQL keyword engine) in the same run, 4 clients each,
// through the real keyed HTTP app on an embedded database (target: the listing's p95 within 2x).
//
//   npx tsx bench/clusters/run.ts [--corpus] [--seconds 10] [--warmup 3]
//
// --corpus (the default when ../shared/data is present) loads the real listings: Polymarket's Gamma
// markets (~22k) and the real Opinion<->Polymarket pairs an arbitrage bot traded
// (pairs/opinion-polymarket.jsonl, ~1,350), as clusters of two, the Opinion side a catalog market
// of its own. The files carry one price per market: the benchmark quotes each side around it
// (seeded), and gives half the members a newer recorded top of book, so both quote sources are read.
// Without the data it says so and stops (exit 0).
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rebuildSearchIndex } from '../../src/indexers/search-indexer.js';
import { seedCatalogMarkets, type SeedMarket } from '../../scripts/lib/catalog-seed.js';
import { arg } from '../../scripts/lib/cli-args.js';
import { CatalogReader } from '../../src/catalog/catalog-repository.js';
import { setupCrossVenue } from '../../src/cross-venue/setup.js';
import { createSearchRouter } from '../../src/http/routes/search.js';
import { MarketDataService } from '../../src/market-data/market-data-service.js';
import { PartitionManager } from '../../src/recorder/partition-repository.js';
import { RecordedStore } from '../../src/recorder/recorded-data-repository.js';
import { PostgresSearchEngine } from '../../src/search/postgres/search-repository.js';
import { openTestDatabase } from '../../test/helpers/database.js';
import { formatRow, runLoad, TABLE_HEADER } from '../search/harness.js';
import { GAMMA_MARKETS, loadGammaCorpus } from '../search/corpus.js';
import { keywordQueries } from '../search/queries.js';
import { startKeyedApp } from '../support/keyed-app.js';
import { RawHttpClient } from '../support/raw-http.js';

const SECONDS = Number(arg('seconds') ?? 10);
const WARMUP = Number(arg('warmup') ?? 3);
const PAIRS = path.resolve(process.cwd(), '../shared/data/pairs/opinion-polymarket.jsonl');

if (!existsSync(GAMMA_MARKETS) || !existsSync(PAIRS)) {
  console.log(`skipped: the real listings are not here (${GAMMA_MARKETS}, ${PAIRS}); this benchmark runs only on them`);
  process.exit(0);
}

let seed = 20261128;
const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
const r2 = (x: number) => Math.round(x * 100) / 100;

/** A YES bid and ask around a price (one to three cents apart), inside (0, 1). */
function quoteAround(price: number): { yes_bid: number; yes_ask: number } {
  const mid = Math.min(0.97, Math.max(0.03, price + (rand() - 0.5) * 0.06));
  const half = 0.01 * (1 + Math.floor(rand() * 2));
  return { yes_bid: r2(mid - half), yes_ask: r2(mid + half) };
}

interface Pair {
  opinion: { market_id: number; title: string };
  polymarket: { condition_id: string; slug?: string };
}

const started = new Date();
const gamma = loadGammaCorpus();
const byId = new Map(gamma.map((m) => [m.market_id, m]));
const pairs = readFileSync(PAIRS, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as Pair);
const now = Date.now();
const markets: SeedMarket[] = gamma.map((m) => ({ ...m, ...(m.yes_price !== null ? quoteAround(m.yes_price) : {}), updated_at: new Date(now - rand() * 240_000).toISOString() }));
const clusters: { svc: string; title: string; members: [string, string][] }[] = [];
const used = new Set<string>();
/** n as 12 characters of the svc_id alphabet (lower-case base32). */
const base32 = (n: number) => Array.from({ length: 12 }, (_, i) => 'abcdefghijklmnopqrstuvwxyz234567'[Math.floor(n / 32 ** (11 - i)) % 32]).join('');
for (const p of pairs) {
  const poly = byId.get(p.polymarket.condition_id);
  const opinionId = String(p.opinion.market_id);
  // one market per venue per cluster, one cluster per market
  if (used.has(`p:${p.polymarket.condition_id}`) || used.has(`o:${opinionId}`)) continue;
  used.add(`p:${p.polymarket.condition_id}`).add(`o:${opinionId}`);
  if (!poly) markets.push({ exchange: 'polymarket', market_id: p.polymarket.condition_id, title: p.opinion.title, ...quoteAround(0.5), volume: Math.round(rand() * 1e5), updated_at: new Date(now - rand() * 240_000).toISOString() });
  markets.push({ exchange: 'opinion', market_id: opinionId, title: p.opinion.title, ...quoteAround(poly?.yes_price ?? 0.5), volume: Math.round(rand() * 1e5), updated_at: new Date(now - rand() * 240_000).toISOString() });
  clusters.push({ svc: `svc_${base32(clusters.length + 1)}`, title: poly?.title ?? p.opinion.title, members: [['opinion', opinionId], ['polymarket', p.polymarket.condition_id]] });
}

const db = await openTestDatabase();
try {
  await seedCatalogMarkets(db.pool, markets);
  await db.pool.query(
    `INSERT INTO match_clusters (cluster_id, svc_id, title, canonical_exchange, canonical_market_id, category, close_time, confidence)
     SELECT replace(s, 'svc_', 'clu_'), s, t, 'polymarket', pm, 'other', NULL, 0.9 FROM unnest($1::text[], $2::text[], $3::text[]) AS x(s, t, pm)`,
    [clusters.map((c) => c.svc), clusters.map((c) => c.title), clusters.map((c) => c.members[1][1])],
  );
  const members = clusters.flatMap((c) => c.members.map(([exchange, id]) => ({ cluster: c.svc.replace('svc_', 'clu_'), exchange, id })));
  await db.pool.query(
    `INSERT INTO match_cluster_members (exchange, market_id, cluster_id, confidence, method) SELECT e, m, c, 0.9, 'judge' FROM unnest($1::text[], $2::text[], $3::text[]) AS x(e, m, c)`,
    [members.map((m) => m.exchange), members.map((m) => m.id), members.map((m) => m.cluster)],
  );
  await db.pool.query('UPDATE markets k SET svc_id = c.svc_id, cluster_id = c.cluster_id FROM match_cluster_members m JOIN match_clusters c USING (cluster_id) WHERE k.exchange = m.exchange AND k.market_id = m.market_id');
  // half the members: a recorded top of book from the last minute
  const recorded = members.filter(() => rand() < 0.5);
  await new PartitionManager(db.pool, { retentionDays: 7, aheadDays: 1 }).ensureDay(now);
  await db.pool.query(
    `INSERT INTO recorded_top_of_book (exchange, market_id, ts, best_bid, best_ask) SELECT e, m, to_timestamp(t / 1000.0), b, a FROM unnest($1::text[], $2::text[], $3::float8[], $4::float8[], $5::float8[]) AS x(e, m, t, b, a)`,
    [recorded.map((m) => m.exchange), recorded.map((m) => m.id), recorded.map(() => now - rand() * 60_000), recorded.map(() => r2(0.3 + rand() * 0.3)), recorded.map(() => r2(0.62 + rand() * 0.3))],
  );
  const engine = new PostgresSearchEngine({ pool: db.pool });
  await rebuildSearchIndex({ pool: db.pool, writer: engine });
  const catalog = new CatalogReader(db.pool);
  const recordedStore = new RecordedStore(db.pool, new PartitionManager(db.pool, { retentionDays: 7, aheadDays: 1 }));
  const marketData = new MarketDataService({ catalog, adapters: {}, liveCacheTtlMs: 1000, recorded: recordedStore });
  const app = await startKeyedApp({
    db,
    plan: 'pro',
    routers: (ctx) => [
      { path: '/search', router: createSearchRouter({ engine, catalog }) },
      { path: '/', router: setupCrossVenue({ pool: db.pool, marketData, recorded: recordedStore, now: Date.now, requireFeature: ctx.requireFeature }).router },
    ],
  });
  const client = new RawHttpClient(app.base, { 'X-API-Key': app.apiKey });
  try {
    const check = await client.get('/api/v1/clusters?sort=gap&limit=50');
    const body = JSON.parse(check.body.toString()) as { count: number; total: number; items: { gap: number | null }[] };
    if (check.status !== 200 || body.count !== 50) throw new Error(`listing check failed: ${check.status} ${check.body.toString().slice(0, 300)}`);
    const keywords = keywordQueries(gamma.map((m) => m.title), 2000);
    const load = os.loadavg().map((l) => l.toFixed(1)).join('/');
    const listing = await runLoad({ label: 'GET /api/v1/clusters?sort=gap&limit=50', concurrency: 4, seconds: SECONDS, warmupSeconds: WARMUP, request: () => client.getOk('/api/v1/clusters?sort=gap&limit=50') });
    const search = await runLoad({ label: 'GET /api/v1/search/markets?q=..&limit=50 (PostgreSQL engine)', concurrency: 4, seconds: SECONDS, warmupSeconds: WARMUP, request: (i) => client.getOk(`/api/v1/search/markets?q=${encodeURIComponent(keywords[i % keywords.length])}&limit=50`) });
    const ratio = listing.p95 / search.p95;
    console.log(`# Cross-venue listing benchmark ${started.toISOString()}`);
    console.log(`corpus: ${gamma.length} Polymarket markets + ${clusters.length} real Opinion<->Polymarket clusters (${body.total} listed; ${recorded.length} members with a recorded top); host ${os.cpus().length} cores, load ${load} at the start`);
    console.log(`phases: ${WARMUP} s warm-up + ${SECONDS} s measured, closed loop, 4 clients each, one after the other`);
    console.log(TABLE_HEADER);
    console.log(formatRow(listing));
    console.log(formatRow(search));
    console.log(`listing p95 / search p95 = ${ratio.toFixed(2)} (target <= 2: ${ratio <= 2 ? 'met' : 'MISSED'})`);
  } finally {
    client.close();
    await app.close();
  }
} finally {
  await db.destroy();
}
