// Polling a venue's market list for changes (`updated_since`) through the HTTP API (the real app of
// bench/support/keyed-app.ts, the venue router over the market-data service) on a catalog of the
// real Polymarket listing (22k markets; the fixture corpus varied to 20,000 without ../shared/data),
// seeded through the catalog writer with updated_at spread one second apart. In one run:
//   1. baseline: the first page of the list without a filter (limit 100);
//   2. updated_since matching the newest 1% (a poll a minute after the last one, say), 50%, and none;
// each sequentially (one client) for --requests requests, p50/p95 per row. Then the same rows again
// after `CREATE INDEX ... (exchange, updated_at)` in the same process, to see whether polling needs
// an index of its own.
//   npx tsx bench/market-data/updated-since.ts [--requests 200]
import { CatalogReader } from '../../src/catalog/catalog-repository.js';
import { createVenuesRouter } from '../../src/http/routes/venues.js';
import { MarketDataService } from '../../src/market-data/market-data-service.js';
import { createAdapter } from '../../src/venues/registry.js';
import { loadFixtureCorpus } from '../../scripts/eval/catalog-fixture.js';
import { loadPolymarketCorpus, realDataAvailable } from '../../scripts/eval/real-corpus.js';
import { seedCatalogMarkets, type SeedMarket } from '../../scripts/lib/catalog-seed.js';
import { openTestDatabase } from '../../test/helpers/database.js';
import { startKeyedApp } from '../support/keyed-app.js';

const i = process.argv.indexOf('--requests');
const requests = i >= 0 ? Number(process.argv[i + 1]) : 200;

const corpus = realDataAvailable()
  ? loadPolymarketCorpus()
  : Array.from({ length: 20_000 }, (_, n) => {
      const m = loadFixtureCorpus()[n % 60];
      return { ...m, exchange: 'polymarket', market_id: `${m.market_id}-v${n}`, title: `${m.title} (${n})` };
    });
const base = Date.parse('2026-01-01T00:00:00Z');
const markets: SeedMarket[] = corpus.map((m, n) => ({ ...m, exchange: 'polymarket', updated_at: new Date(base + n * 1000).toISOString() }));
const at = (fraction: number) => new Date(base + Math.floor(markets.length * (1 - fraction)) * 1000).toISOString();

const db = await openTestDatabase();
const t0 = performance.now();
await seedCatalogMarkets(db.pool, markets);
const seedSeconds = (performance.now() - t0) / 1000;
const marketData = new MarketDataService({ catalog: new CatalogReader(db.pool), adapters: { polymarket: createAdapter('polymarket') }, liveCacheTtlMs: 0 });
const app = await startKeyedApp({ db, routers: () => [{ path: '/', router: createVenuesRouter(marketData) }], logLevel: 'silent' });

const rows: [string, string][] = [
  ['list, no filter (baseline)', '/api/v1/polymarket/markets?limit=100'],
  ['updated_since: newest 1%', `/api/v1/polymarket/markets?limit=100&updated_since=${encodeURIComponent(at(0.01))}`],
  ['updated_since: newest 50%', `/api/v1/polymarket/markets?limit=100&updated_since=${encodeURIComponent(at(0.5))}`],
  ['updated_since: nothing newer', `/api/v1/polymarket/markets?limit=100&updated_since=${encodeURIComponent(at(-0.01))}`],
];

async function measure(path: string): Promise<{ p50: number; p95: number; count: number }> {
  const times: number[] = [];
  let count = 0;
  for (let n = 0; n < requests + 10; n++) {
    const started = performance.now();
    const res = await fetch(app.base + path, { headers: { 'x-api-key': app.apiKey } });
    const body = (await res.json()) as { count: number };
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    if (n >= 10) times.push(performance.now() - started); // the first 10 warm up
    count = body.count;
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length * 0.5)], p95: times[Math.floor(times.length * 0.95)], count };
}

console.log(`catalog: ${markets.length} polymarket markets (${realDataAvailable() ? 'real listing' : 'fixture variants'}), seeded through the catalog writer in ${seedSeconds.toFixed(1)} s`);
for (const phase of ['without an updated_at index', 'with (exchange, updated_at) index']) {
  if (phase.startsWith('with ')) await db.pool.query('CREATE INDEX bench_markets_updated_idx ON markets (exchange, updated_at) WHERE NOT removed; ANALYZE markets');
  console.log(`\n${phase}, ${requests} sequential requests per row\n| request | markets in page | p50 ms | p95 ms | p50 vs baseline |\n|---|---:|---:|---:|---:|`);
  let baseline = 0;
  for (const [name, path] of rows) {
    const r = await measure(path);
    baseline ||= r.p50;
    console.log(`| ${name} | ${r.count} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${(r.p50 / baseline).toFixed(2)}x |`);
  }
}
await app.close();
await db.destroy();
