/**
 * The service's parts at a venue's real size: N markets in all, served by the simulators in scale
 * mode (src/sim/scale.ts: all nine venues, N/9 each, ~10% open; Limitless and PredictIt list only
 * their open markets, as the venues do), synced, indexed,
 * embedded, searched and matched, on the embedded default or the server path, in one run:
 *   first sync (every venue, full listings), steady-state sync (2% of the open markets moved, one
 *   incremental run per venue), database size, title and rules embedding rate over a bounded
 *   sample and the backfill time it implies, keyword and autocomplete p50/p95 at 4 clients (search
 *   engine directly), semantic p50/p95 at 4 clients over what was embedded, matching full and
 *   incremental run, cluster browse (GET /api/v1/clusters through the keyed HTTP app, 4 clients, a
 *   few filter shapes), the simulators' memory, and this process's peak RSS (simulators included).
 *
 *   npx tsx bench/scale/run.ts --markets 25000 [--path embedded|server] [--seconds 6] [--embed-seconds 60] [--skip-embeddings] [--skip-matching] [--keep DIR] [--engine-warmup 30]
 *
 * `--keep DIR` keeps the database in DIR after the run (the PGlite data directory, or the local
 * PostgreSQL server's data directory on the server path, stopped at the end) and, when DIR already
 * holds a synced catalog, reuses it: no simulators and no syncs (their rows say so), the rest
 * measured on the catalog as it is (the search index is rebuilt from it, ~1 min at 250k). A first
 * sync at 250k takes ~6 min; the search figures can then be repeated in a few.
 *
 * On the server path each search load also reports where its time goes: OpenSearch's own time
 * (the index's search stats before and after: queries per request, query and fetch milliseconds per
 * request) and this process's CPU per request (the client side: building the body, the HTTP round
 * trip, parsing the answer).
 *
 * `--path server` starts the local PostgreSQL (.db-server, scripts/db-server.ts) and the local
 * OpenSearch node (.search-node) as the tests do; `embedded` (default) runs PGlite and the PostgreSQL
 * search engine.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Embedder } from '../../src/embeddings/embedder.js';
import { PgEmbeddingCache } from '../../src/embeddings/embedding-cache-repository.js';
import { EmbeddingIndexer } from '../../src/indexers/embeddings-indexer.js';
import { rebuildSearchIndex } from '../../src/indexers/search-indexer.js';
import { VenueSync } from '../../src/indexers/venue-sync.js';
import { arg, exitOnHelp } from '../../scripts/lib/cli-args.js';
import { CatalogWriter } from '../../src/catalog/catalog-write-repository.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase, type Database } from '../../src/db/database.js';
import { judgePair } from '../../src/matching/judge.js';
import { Matcher } from '../../src/matching/matcher.js';
import { createElasticClient } from '../../src/search/elastic/client.js';
import { ElasticSearchEngine } from '../../src/search/elastic/engine.js';
import { startSearchNode, type SearchNode } from '../../scripts/lib/local-node.js';
import type { SearchEngine, SearchIndexWriter } from '../../src/search/engine.js';
import { PostgresSearchEngine } from '../../src/search/postgres/search-repository.js';
import { SemanticSearchService } from '../../src/search/semantic/semantic-search.js';
import { createRng } from '../../src/sim/rng.js';
import type { RunningSimulator } from '../../src/sim/types.js';
import { systemClock } from '../../src/util/clock.js';
import type { ExchangeCode } from '../../src/venues/exchanges.js';
import { VENUES } from '../../src/venues/index.js';
import { createAdapter } from '../../src/venues/registry.js';
import { RequestCounter } from '../../src/venues/request-counter.js';
import { simulatorFor } from '../../src/venues/simulators.js';
import { runLoad, type LoadResult } from '../search/harness.js';
import { startKeyedApp } from '../support/keyed-app.js';
import { RawHttpClient } from '../support/raw-http.js';
import { openKeptServerDatabase } from './kept-database.js';
import { CatalogReader } from '../../src/catalog/catalog-repository.js';
import { setupCrossVenue } from '../../src/cross-venue/setup.js';
import { MarketDataService } from '../../src/market-data/market-data-service.js';
import { PartitionManager } from '../../src/recorder/partition-repository.js';
import { RecordedStore } from '../../src/recorder/recorded-data-repository.js';
import { autocompletePrefixes, keywordQueries } from '../search/queries.js';

exitOnHelp(import.meta.url);

const MARKETS = arg('markets', 25_000);
const PATH = arg('path', 'embedded');
const SECONDS = arg('seconds', 6);
const EMBED_SECONDS = arg('embed-seconds', 60);
const SKIP_EMBEDDINGS = process.argv.includes('--skip-embeddings');
const SKIP_MATCHING = process.argv.includes('--skip-matching');
const KEEP = arg('keep');
/** seconds of searches before the measured ones: a freshly started OpenSearch JVM (the server path
 * starts one per run) keeps getting faster for its first minute, a service's node has run for days */
const ENGINE_WARMUP = arg('engine-warmup', 30);
if (!['embedded', 'server'].includes(PATH)) throw new Error(`--path is embedded or server, not ${PATH}`);
const SCALED: ExchangeCode[] = VENUES.map((v) => v.code);
const HTTP = { retries: 2, timeoutMs: 120_000, rateLimit: { perSecond: 100_000, burst: 100_000 } };
const CHANGE_SHARE = 0.02;

const rows: [string, string, string][] = [];
const row = (what: string, value: string, note = ''): void => {
  rows.push([what, value, note]);
  console.error(`${what}: ${value} ${note}`);
};
const ms = (x: number): string => `${x.toFixed(1)} ms`;
const loadLine = (r: LoadResult): string => `p50 ${ms(r.p50)}, p95 ${ms(r.p95)} (${Math.round(r.throughput)}/s, ${r.errors} errors)`;

const started = new Date();
const loadAtStart = os.loadavg();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-scale-'));
const cleanups: (() => Promise<void>)[] = [];
let db: Database;
let engine: SearchEngine & SearchIndexWriter;
let searchNode: SearchNode | null = null;
let searchClient: ReturnType<typeof createElasticClient> | null = null;
if (PATH === 'server') {
  if (KEEP) {
    const kept = await openKeptServerDatabase(path.resolve(KEEP));
    db = await openDatabase({ dataDir: tmp, databaseUrl: kept.url });
    cleanups.push(kept.stop);
  } else {
    const { createServerDatabase } = await import('../../test/helpers/postgres-server.js');
    const server = await createServerDatabase();
    db = await openDatabase({ dataDir: tmp, databaseUrl: server.url });
    cleanups.push(() => server.drop());
  }
  searchNode = await startSearchNode({ timeoutMs: 300_000 });
  cleanups.push(() => searchNode!.stop());
  searchClient = createElasticClient(searchNode.url);
  engine = new ElasticSearchEngine({ client: searchClient, alias: `bench-scale-${process.pid}-markets`, dropOldIndexAfterMs: 0 });
} else {
  db = await openDatabase({ dataDir: KEEP ? path.resolve(KEEP) : tmp });
  engine = new PostgresSearchEngine({ pool: db.pool });
}
const reused = KEEP ? (await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM markets')).rows[0].n : 0;

const sims = new Map<ExchangeCode, RunningSimulator>();
try {
  // ---- simulators and the first sync ------------------------------------------------------------
  const perVenue = Math.ceil(MARKETS / SCALED.length);
  if (reused > 0) row('catalog reused (--keep)', `${reused} markets in ${KEEP}`, 'no simulators, no syncs this run: the sync rows are the run that filled it');
  const tSims = performance.now();
  const rssBeforeSims = process.memoryUsage().rss;
  for (const code of reused > 0 ? [] : SCALED) sims.set(code, await (await simulatorFor(code))({ tickMs: 0, seed: 1, scale: perVenue }));
  if (reused === 0) row('simulators', `${SCALED.length} venues x ${perVenue} markets`, `built in ${((performance.now() - tSims) / 1000).toFixed(1)} s; RSS +${((process.memoryUsage().rss - rssBeforeSims) / 1e6).toFixed(0)} MB for them (scale mode builds markets on demand)`);
  const syncs = new Map<ExchangeCode, { sync: VenueSync; counter: RequestCounter }>();
  for (const [code, sim] of sims) {
    // Counted at the adapter (retries too): the simulators keep only their latest requests in their log.
    const counter = new RequestCounter();
    const adapter = createAdapter(code, { baseUrls: sim.baseUrls, http: { ...HTTP, fetch: counter.wrap() } });
    cleanups.push(async () => adapter.close?.());
    const incremental = VENUES.find((v) => v.code === code)!.sync.incremental;
    syncs.set(code, { counter, sync: new VenueSync({ pool: db.pool, adapter, clock: systemClock, pageSize: 500, vacuumAfterWrites: db.kind === 'embedded', incremental }) });
  }
  const syncAll = async (kind: 'full' | 'incremental'): Promise<{ seconds: number; requests: number; written: number; markets: number }> => {
    const t0 = performance.now();
    let requests = 0;
    let written = 0;
    let markets = 0;
    for (const { sync, counter } of syncs.values()) {
      const before = counter.count;
      const r = await sync.run({ kind });
      if (!r.ok) throw new Error(`${sync.exchange} ${kind} sync failed: ${r.error}`);
      requests += counter.count - before;
      written += r.changed;
      markets += r.markets;
    }
    return { seconds: (performance.now() - t0) / 1000, requests, written, markets };
  };
  const rng = createRng('bench-scale');
  if (reused === 0) {
    const first = await syncAll('full');
    row('first sync (full listings)', `${first.seconds.toFixed(1)} s`, `${first.markets} markets, ${first.requests} requests, ${Math.round(first.markets / first.seconds)} markets/s`);

    // ---- steady state: one short interval of change, one incremental run per venue --------------
    await new Promise((r) => setTimeout(r, 1_100));
    let moved = 0;
    for (const sim of sims.values()) {
      const open = sim.activity.marketIds.filter((id) => sim.activity.isActive(id));
      for (let i = 0; i < Math.max(1, Math.round(open.length * CHANGE_SHARE)); i++, moved++) sim.activity.stepMarket(rng.pick(open));
    }
    const steady = await syncAll('incremental');
    row('steady-state sync (incremental)', `${steady.seconds.toFixed(1)} s`, `${moved} markets moved; ${steady.requests} requests (${((steady.requests / first.requests) * 100).toFixed(1)}% of a full listing's), ${steady.written} rows written`);
  }

  // ---- database size ------------------------------------------------------------------------------
  const bytes = Number((await db.pool.query<{ n: string }>('SELECT pg_database_size(current_database()) AS n')).rows[0].n);
  const live = (await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM markets WHERE NOT removed')).rows[0].n;
  row('database size', `${(bytes / 1e6).toFixed(0)} MB`, `${live} live markets, ${Math.round(bytes / live)} bytes per market before embeddings`);
  const memory = (await db.pool.query<{ name: string; setting: string; unit: string | null }>("SELECT name, setting, unit FROM pg_settings WHERE name IN ('shared_buffers', 'work_mem', 'maintenance_work_mem')")).rows;
  row('database memory settings', memory.map((m) => `${m.name} ${m.unit ? `${m.setting} x ${m.unit}` : m.setting}`).join(', '), db.kind === 'embedded' ? 'what of the 2 GiB WebAssembly heap (32,768 pages) the embedded server reserves for data; the tables themselves live in files' : '');

  // ---- keyword search and autocomplete -------------------------------------------------------------
  const build = await rebuildSearchIndex({ pool: db.pool, writer: engine });
  row('search index build', `${build.bulk.seconds.toFixed(1)} s`, `${build.bulk.written} documents, ${Math.round(build.bulk.perSecond)}/s`);
  const titles = (await db.pool.query<{ title: string }>('SELECT title FROM markets WHERE NOT removed ORDER BY random() LIMIT 5000')).rows.map((r) => r.title);
  const prefixes = autocompletePrefixes(titles, 2000);
  const keywords = keywordQueries(titles, 2000);
  const autocompleteOnce = (i: number) => engine.autocomplete({ q: prefixes[i % prefixes.length], limit: 8 });
  const keywordOnce = (i: number) => engine.searchMarkets({ q: keywords[i % keywords.length], status: 'all', sort: 'relevance', limit: 20 });
  if (ENGINE_WARMUP > 0) await runLoad({ label: 'warm-up', concurrency: 4, seconds: ENGINE_WARMUP, request: (i) => (i % 2 ? autocompleteOnce(i) : keywordOnce(i)) });
  const ac = await measuredLoad('autocomplete', 4, autocompleteOnce);
  row('autocomplete at 4 clients (engine)', loadLine(ac.load), 'target p95 <= 15 ms');
  if (ac.split) row('autocomplete: where a request\'s time goes (4 clients)', ac.split, '');
  const kw = await measuredLoad('keyword', 4, keywordOnce);
  row('keyword at 4 clients (engine)', loadLine(kw.load), 'target p95 <= 25 ms');
  if (kw.split) row('keyword: where a request\'s time goes (4 clients)', kw.split, '');
  // one client: the cost of a request without waiting for a core or for the node's search threads
  const ac1 = await measuredLoad('autocomplete', 1, autocompleteOnce);
  row('autocomplete at 1 client (engine)', loadLine(ac1.load), ac1.split ?? '');
  const kw1 = await measuredLoad('keyword', 1, keywordOnce);
  row('keyword at 1 client (engine)', loadLine(kw1.load), kw1.split ?? '');

  // ---- embeddings: a bounded sample of the backfill, and semantic search over it -------------------
  if (!SKIP_EMBEDDINGS) {
    const config = loadConfig();
    const embedder = await Embedder.start({ modelDir: config.modelDir }, new PgEmbeddingCache(db.pool));
    cleanups.push(() => embedder.close());
    const indexer = new EmbeddingIndexer({ pool: db.pool, databaseKind: db.kind, embedder, batchSize: 256, vacuumAfterWrites: db.kind === 'embedded' });
    const t0 = performance.now();
    const stopper = setTimeout(() => void indexer.stop(), EMBED_SECONDS * 1000);
    const result = await indexer.runOnce();
    clearTimeout(stopper);
    const seconds = (performance.now() - t0) / 1000;
    const rate = result.embedded / seconds;
    const open = (await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM markets WHERE NOT removed AND NOT closed')).rows[0].n;
    row('embedding rate (titles first)', `${rate.toFixed(1)} texts/s`, `${result.embedded} texts in ${seconds.toFixed(0)} s; all ${live} titles + rules: ${((2 * live) / rate / 3600).toFixed(1)} h; the ${open} open markets' titles + rules: ${((2 * open) / rate / 60).toFixed(0)} min (target 30)`);
    const semantic = new SemanticSearchService(db.pool, embedder);
    const sq = keywords.slice(0, 500);
    const sem = await runLoad({ label: 'semantic', concurrency: 4, seconds: SECONDS, warmupSeconds: 2, request: (i) => semantic.search({ query: `${sq[i % sq.length]} ${i}`, limit: 20 }) });
    const embeddedTitles = (await db.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM market_embeddings WHERE kind = 'title'")).rows[0]?.n ?? 0;
    row('semantic at 4 clients (service, distinct queries)', loadLine(sem), `over ${embeddedTitles} embedded titles; target p95 <= 60 ms`);
  }

  // ---- matching ------------------------------------------------------------------------------------
  if (!SKIP_MATCHING) {
    const matcher = new Matcher({ pool: db.pool, writer: new CatalogWriter(db.pool), judge: judgePair });
    const t0 = performance.now();
    const full = await matcher.run();
    row('matching: full run', `${((performance.now() - t0) / 1000).toFixed(1)} s`, `${full.marketsAssigned} markets assigned`);
    for (const sim of sims.values()) {
      const open = sim.activity.marketIds.filter((id) => sim.activity.isActive(id));
      for (let i = 0; i < Math.max(1, Math.round(open.length * CHANGE_SHARE)); i++) sim.activity.stepMarket(rng.pick(open));
    }
    await new Promise((r) => setTimeout(r, 1_100));
    await syncAll('incremental');
    const t1 = performance.now();
    const inc = await matcher.run();
    row('matching: incremental run after a short sync', `${((performance.now() - t1) / 1000).toFixed(1)} s`, `${inc.rematched} re-matched; target <= 30 s`);
  }
  // ---- cluster browse: GET /api/v1/clusters through the keyed HTTP app ------------------------------
  {
    const clusters = (await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM match_clusters')).rows[0].n;
    const recorded = new RecordedStore(db.pool, new PartitionManager(db.pool, { retentionDays: 7, aheadDays: 1 }));
    const marketData = new MarketDataService({ catalog: new CatalogReader(db.pool), adapters: {}, liveCacheTtlMs: 1000, recorded });
    const app = await startKeyedApp({ db, plan: 'pro', routers: (ctx) => [{ path: '/', router: setupCrossVenue({ pool: db.pool, marketData, recorded, now: Date.now, requireFeature: ctx.requireFeature }).router }] });
    cleanups.push(() => app.close());
    const client = new RawHttpClient(app.base, { 'X-API-Key': app.apiKey });
    const shapes = ['sort=gap&limit=50', 'sort=volume&active_only=true&limit=50', 'exchange=kalshi,polymarket&sort=updated&limit=20', 'min_venues=3&sort=venues&limit=50', 'min_gap=0.01&sort=gap&limit=50'];
    for (const shape of shapes) {
      const check = await client.get(`/api/v1/clusters?${shape}`);
      if (check.status !== 200) throw new Error(`GET /api/v1/clusters?${shape}: ${check.status} ${check.body.toString().slice(0, 300)}`);
    }
    const browse = await runLoad({ label: 'clusters', concurrency: 4, seconds: SECONDS, warmupSeconds: 2, request: (i) => client.getOk(`/api/v1/clusters?${shapes[i % shapes.length]}`) });
    row('cluster browse at 4 clients (GET /api/v1/clusters, 5 filter shapes)', loadLine(browse), `${clusters} clusters; shapes: ${shapes.join(' | ')}`);
  }
  for (const [code, sim] of sims) if (sim.marketCount() !== perVenue) row(`${code} served`, String(sim.marketCount()), '');
  row('peak RSS of this process', `${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`, 'service parts and the simulators together; target for the API process <= 3 GB');

  const out = [
    `# Scale benchmark, ${MARKETS} markets, ${PATH} path, ${started.toISOString()}`,
    `host: ${os.cpus().length} cores, load at start ${loadAtStart.map((l) => l.toFixed(1)).join('/')}, at end ${os.loadavg().map((l) => l.toFixed(1)).join('/')}; node ${process.version}; database ${db.kind}, search ${searchNode ? 'OpenSearch (local node)' : 'PostgreSQL engine'}`,
    '',
    '| figure | value | note |',
    '|---|---|---|',
    ...rows.map(([a, b, c]) => `| ${a} | ${b} | ${c} |`),
  ].join('\n');
  console.log(out);
} finally {
  for (const sim of sims.values()) await sim.stop();
  await db.close();
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
  fs.rmSync(tmp, { recursive: true, force: true });
}

/** The live index's search statistics (primaries): queries and fetches run, and their time. */
async function searchStats(): Promise<{ queries: number; queryMs: number; fetches: number; fetchMs: number } | null> {
  if (!searchClient) return null;
  const res = await searchClient.indices.stats({ index: (engine as ElasticSearchEngine).alias, metric: 'search' });
  const s = res._all.primaries?.search;
  return { queries: s?.query_total ?? 0, queryMs: s?.query_time_in_millis ?? 0, fetches: s?.fetch_total ?? 0, fetchMs: s?.fetch_time_in_millis ?? 0 };
}

/**
 * A closed-loop load (2 s warm-up, SECONDS measured) and, on the server path, where its requests'
 * time went, over warm-up and measurement together: OpenSearch's own query and fetch time and its
 * queries per request (the index's search stats), and this process's CPU per request.
 */
async function measuredLoad(label: string, concurrency: number, once: (i: number) => Promise<unknown>): Promise<{ load: LoadResult; split: string | null }> {
  let calls = 0;
  const before = await searchStats();
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  const load = await runLoad({ label, concurrency, seconds: SECONDS, warmupSeconds: 2, request: (i) => (calls++, once(i)) });
  const wallMs = performance.now() - t0;
  const used = process.cpuUsage(cpu);
  const after = await searchStats();
  if (!before || !after || calls === 0) return { load, split: null };
  const per = (x: number): string => (x / calls).toFixed(2);
  const cpuMs = (used.user + used.system) / 1000;
  return {
    load,
    split: `${calls} requests: OpenSearch ${per(after.queries - before.queries)} queries and ${per(after.fetches - before.fetches)} fetches a request, query ${per(after.queryMs - before.queryMs)} ms + fetch ${per(after.fetchMs - before.fetchMs)} ms a request (node-side time); this process's CPU ${per(cpuMs)} ms a request (${((cpuMs / wallMs) * 100).toFixed(0)}% of a core); wall ${per(wallMs * concurrency)} ms a request`,
  };
}
