// Search benchmark: bulk indexing, then autocomplete and keyword search latency/throughput through
// the HTTP API (a separate process) and against the engine directly, in the same run.
//
//   npx tsx bench/search/run.ts [--seconds 8] [--warmup 2] [--engine-warmup 30] [--catalog] [--baseline REV]
//
// Uses ELASTICSEARCH_URL when set, else starts the local OpenSearch node (scripts/search-node.ts).
// --catalog also measures the reindex path from the catalog (embedded PostgreSQL -> index).
// --baseline REV also starts the API servers of an earlier revision, checked out in a temporary
// worktree (bench/support/revision.ts), on the same engine and index, and measures each API phase
// on them right after this checkout's; a table of the two sides follows.
// Targets (docs/search.md, "Targets and the engine's floor"): (a) API at 4 concurrent: autocomplete p95 < 15 ms, keyword p95 < 30 ms;
// (b) at 50 concurrent: API throughput >= 0.7x and p95 <= 1.5x the engine's own;
// (c) Zipf prefix workload at 50 concurrent through the API (hot-prefix cache): p95 < 15 ms;
// bulk indexing >= 2,000 markets/s.
// The load generator reaches the API through bench/support/raw-http.ts: it shares the 2 cores with
// the service, and node:http's client cost ~150 us of CPU per request there against ~40 us.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rebuildSearchIndex } from '../../src/indexers/search-indexer.js';
import { toSearchDoc } from '../../src/search/documents.js';
import { createElasticClient } from '../../src/search/elastic/client.js';
import { ElasticSearchEngine } from '../../src/search/elastic/engine.js';
import { PostgresSearchEngine } from '../../src/search/postgres/search-repository.js';
import { startSearchNode, type SearchNode } from '../../scripts/lib/local-node.js';
import { RawHttpClient } from '../support/raw-http.js';
import { checkoutRevision, type RevisionCheckout } from '../support/revision.js';
import { loadBenchCorpus } from './corpus.js';
import { formatRow, runLoad, TABLE_HEADER, type LoadResult } from './harness.js';
import { autocompletePrefixes, keywordQueries, zipfPicker } from './queries.js';
import { loadConfig } from '../../src/config.js';
import { arg } from '../../scripts/lib/cli-args.js';

const SECONDS = arg('seconds', 8);
const WARMUP = arg('warmup', 2);
const WITH_CATALOG = process.argv.includes('--catalog');
/** least engine warm-up before the measured phases (a fresh JVM keeps speeding up for minutes) */
const ENGINE_WARMUP = arg('engine-warmup', 30);
const BASELINE = arg('baseline');

interface ApiServer {
  child: ChildProcess;
  /** the load generator's lean keep-alive client, with the key set */
  http: RawHttpClient;
}

/** The search routes' server of this checkout, or of `revision` (its own code, from its worktree). */
async function startApi(url: string, alias: string, cache: boolean, revision?: RevisionCheckout): Promise<ApiServer> {
  const script = path.join('bench', 'search', 'api-server.ts');
  const args = ['--elasticsearch-url', url, '--alias', alias, ...(cache ? ['--cache'] : [])];
  const stdio: ['ignore', 'pipe', 'inherit'] = ['ignore', 'pipe', 'inherit'];
  const child = revision ? revision.spawnTsx(script, args, { stdio }) : spawn(process.execPath, ['--import', 'tsx', script, ...args], { stdio });
  const [port, apiKey] = await new Promise<[number, string]>((resolve, reject) => {
    let buf = '';
    child.stdout!.on('data', (c: Buffer) => {
      buf += c.toString();
      const m = /listening (\d+) (\S+)/.exec(buf);
      if (m) resolve([Number(m[1]), m[2]]);
    });
    child.once('exit', (code) => reject(new Error(`api server exited (${code})`)));
  });
  return { child, http: new RawHttpClient(`http://127.0.0.1:${port}`, { 'X-API-Key': apiKey }) };
}

async function main(): Promise<void> {
  const started = new Date();
  let node: SearchNode | null = null;
  let url = loadConfig().elasticsearchUrl;
  if (!url) {
    console.error('starting the local OpenSearch node...');
    node = await startSearchNode();
    url = node.url;
  }
  const servers: ApiServer[] = [];
  const baseline = BASELINE ? checkoutRevision(BASELINE) : undefined;
  const alias = `bench-${randomBytes(3).toString('hex')}-markets`;
  const engine = new ElasticSearchEngine({ client: createElasticClient(url), alias, dropOldIndexAfterMs: 0 });
  const out: string[] = [];
  const log = (line = '') => {
    out.push(line);
    console.log(line);
  };
  try {
    const { rows, source } = loadBenchCorpus(20_000);
    const titles = rows.map((r) => r.title);
    log(`# Search benchmark ${started.toISOString()}`);
    log(`corpus: ${source}; engine: OpenSearch at ${url}; host: ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(1)).join('/')}`);
    log(`phases: ${WARMUP} s warm-up + ${SECONDS} s measured, closed loop`);
    if (baseline) log(`baseline: the API servers of ${BASELINE} (${baseline.commit.slice(0, 10)}), each API phase right after this checkout's`);

    // ---- bulk indexing (engine directly, documents in memory) --------------------------------
    const docs = rows.map((r, i) => toSearchDoc({ ...r, change_seq: i + 1, removed: false }));
    const rebuild = await engine.beginRebuild();
    const t0 = performance.now();
    for (let i = 0; i < docs.length; i += 2000) {
      const r = await engine.upsert(docs.slice(i, i + 2000), rebuild.target);
      if (r.failed.length) throw new Error(`bulk failures: ${JSON.stringify(r.failed.slice(0, 2))}`);
    }
    const bulkSeconds = (performance.now() - t0) / 1000;
    await rebuild.commit();
    const bulkRate = docs.length / bulkSeconds;
    log('');
    log('## Bulk indexing');
    log('| path | markets | seconds | markets/s | target |');
    log('|---|---|---|---|---|');
    log(`| engine bulk API, batches of 2,000 | ${docs.length} | ${bulkSeconds.toFixed(1)} | ${Math.round(bulkRate)} | >= 2,000 ${bulkRate >= 2000 ? 'met' : 'MISSED'} |`);

    const pgResults: LoadResult[] = [];
    if (WITH_CATALOG) {
      const { openTestDatabase } = await import('../../test/helpers/database.js');
      const { seedCatalogMarkets } = await import('../../scripts/lib/catalog-seed.js');
      const db = await openTestDatabase();
      try {
        await seedCatalogMarkets(db.pool, rows);
        const catalogEngine = new ElasticSearchEngine({ client: createElasticClient(url), alias: `${alias}-catalog`, dropOldIndexAfterMs: 0 });
        const result = await rebuildSearchIndex({ pool: db.pool, writer: catalogEngine });
        log(`| reindex from the catalog (embedded PostgreSQL -> index) | ${result.bulk.written} | ${result.bulk.seconds.toFixed(1)} | ${Math.round(result.bulk.perSecond)} | >= 2,000 ${result.bulk.perSecond >= 2000 ? 'met' : 'MISSED'} |`);
        await catalogEngine.dropIndex(result.index);
        await catalogEngine.close();
        // the PostgreSQL engine (no ELASTICSEARCH_URL) on the same catalog, for reference
        const pgEngine = new PostgresSearchEngine({ pool: db.pool });
        const pgBuild = await rebuildSearchIndex({ pool: db.pool, writer: pgEngine });
        log(`| PostgreSQL engine: rebuild market_search from the catalog | ${pgBuild.bulk.written} | ${pgBuild.bulk.seconds.toFixed(1)} | ${Math.round(pgBuild.bulk.perSecond)} | (fallback engine) |`);
        const pf = autocompletePrefixes(titles, 2000, 5);
        const kq = keywordQueries(titles, 2000, 6);
        pgResults.push(
          await runLoad({ label: 'PostgreSQL engine: autocomplete, direct', concurrency: 4, seconds: SECONDS, warmupSeconds: WARMUP, request: (i) => pgEngine.autocomplete({ q: pf[i % pf.length], limit: 8 }) }),
          await runLoad({ label: 'PostgreSQL engine: keyword, direct', concurrency: 4, seconds: SECONDS, warmupSeconds: WARMUP, request: (i) => pgEngine.searchMarkets({ q: kq[i % kq.length], status: 'all', sort: 'relevance', limit: 20 }) }),
        );
      } finally {
        await db.destroy();
      }
    }

    // ---- query workloads -------------------------------------------------------------------
    const prefixes = autocompletePrefixes(titles, 5000);
    const keywords = keywordQueries(titles, 5000);
    const zipfPool = [...new Set(autocompletePrefixes(titles, 4000, 9))].slice(0, 2000);
    const nocache = await startApi(url, alias, false);
    const cached = await startApi(url, alias, true);
    servers.push(nocache, cached);
    const baseNocache = baseline ? await startApi(url, alias, false, baseline) : undefined;
    const baseCached = baseline ? await startApi(url, alias, true, baseline) : undefined;
    for (const s of [baseNocache, baseCached]) if (s) servers.push(s);

    const direct = {
      ac: (i: number) => engine.autocomplete({ q: prefixes[i % prefixes.length], limit: 8 }),
      kw: (i: number) => engine.searchMarkets({ q: keywords[i % keywords.length], status: 'all', sort: 'relevance', limit: 20 }),
    };
    const autocompleteVia = (server: ApiServer, q: string) => server.http.getOk(`/api/v1/search/autocomplete?q=${encodeURIComponent(q)}`);
    const api = (server: ApiServer) => ({
      ac: (i: number) => autocompleteVia(server, prefixes[i % prefixes.length]),
      kw: (i: number) => server.http.getOk(`/api/v1/search/markets?q=${encodeURIComponent(keywords[i % keywords.length])}`),
    });
    const load = (label: string, concurrency: number, request: (i: number) => Promise<unknown>) =>
      runLoad({ label, concurrency, seconds: SECONDS, warmupSeconds: WARMUP, request });

    // a freshly built index answers slowly at first (merges after the bulk load, cold caches), and a
    // freshly started node keeps getting faster for tens of seconds (JVM JIT): warm it with both
    // workloads for at least --engine-warmup seconds and then until two consecutive rounds agree
    // within 5% (at most 60 s more), so the first measured phase sees a running service. Even so, a
    // node started minutes before answers up to twice as fast as a fresh one (bench/HISTORY.md).
    const warmRates: number[] = [];
    const minRounds = Math.ceil(ENGINE_WARMUP / 5);
    for (let round = 0; round < minRounds + 12; round++) {
      const w = await runLoad({ label: 'engine warm-up', concurrency: 4, seconds: 5, request: (i) => (i % 2 ? direct.ac(i) : direct.kw(i)) });
      warmRates.push(Math.round(w.throughput));
      const previous = warmRates.at(-2);
      if (round >= minRounds - 1 && previous !== undefined && Math.abs(w.throughput - previous) / previous < 0.05) break;
    }
    log(`engine warm-up, 5 s rounds at 4 clients until steady: ${warmRates.join(' -> ')} q/s`);

    const results: Record<string, LoadResult> = {};
    const baselineResults: Record<string, LoadResult> = {};
    const record = (into: Record<string, LoadResult>, key: string, result: LoadResult) => {
      into[key] = result;
      console.error(formatRow(result));
      if (result.errors > 0) console.error(`  errors: ${JSON.stringify(result.errorKinds)}`);
    };
    const phase = async (key: string, label: string, concurrency: number, request: (i: number) => Promise<unknown>) => {
      record(results, key, await load(label, concurrency, request));
    };
    /** An API phase, then the same on the baseline's server (when there is one). */
    const apiPhase = async (key: string, label: string, concurrency: number, request: (server: ApiServer) => (i: number) => Promise<unknown>, server: ApiServer, baseServer?: ApiServer) => {
      await phase(key, label, concurrency, request(server));
      if (baseServer) record(baselineResults, key, await load(`${label}, baseline ${BASELINE}`, concurrency, request(baseServer)));
    };
    const apiAc = (server: ApiServer) => api(server).ac;
    const apiKw = (server: ApiServer) => api(server).kw;
    await phase('ac_direct_4', 'autocomplete, engine direct', 4, direct.ac);
    await apiPhase('ac_api_4', 'autocomplete, API (no cache)', 4, apiAc, nocache, baseNocache);
    await phase('kw_direct_4', 'keyword, engine direct', 4, direct.kw);
    await apiPhase('kw_api_4', 'keyword, API (no cache)', 4, apiKw, nocache, baseNocache);
    await phase('ac_direct_50', 'autocomplete, engine direct', 50, direct.ac);
    await apiPhase('ac_api_50', 'autocomplete, API (no cache)', 50, apiAc, nocache, baseNocache);
    await phase('kw_direct_50', 'keyword, engine direct', 50, direct.kw);
    await apiPhase('kw_api_50', 'keyword, API (no cache)', 50, apiKw, nocache, baseNocache);
    const zipfDirect = zipfPicker(zipfPool);
    await phase('zipf_direct_50', 'Zipf prefixes, engine direct', 50, () => engine.autocomplete({ q: zipfDirect(), limit: 8 }));
    const zipfApiNoCache = zipfPicker(zipfPool);
    await phase('zipf_api_nocache_50', 'Zipf prefixes, API (no cache)', 50, () =>
      autocompleteVia(nocache, zipfApiNoCache()),
    );
    // each server's cache from cold, on the same sequence of prefixes
    const zipfApi = (server: ApiServer) => {
      const pick = zipfPicker(zipfPool);
      return () => autocompleteVia(server, pick());
    };
    await apiPhase('zipf_api_cache_50', 'Zipf prefixes, API + hot-prefix cache', 50, zipfApi, cached, baseCached);
    const readCacheStats = async () => JSON.parse((await cached.http.getOk('/api/v1/bench/cache-stats')).body.toString()) as { hits: number; misses: number };
    const coldStats = await readCacheStats();
    // the same workload once the cache has seen the pool for a while (a running service's steady state)
    const zipfWarm = zipfPicker(zipfPool, 1.07, 4);
    await runLoad({ label: 'warm-up', concurrency: 50, seconds: 15, request: () => autocompleteVia(cached, zipfWarm()) });
    const beforeWarm = await readCacheStats();
    await phase('zipf_api_cache_warm_50', 'Zipf prefixes, API + cache, after 15 s more warm-up', 50, () =>
      autocompleteVia(cached, zipfWarm()),
    );
    const afterWarm = await readCacheStats();
    // the floor of the HTTP path on this machine: every request a cache hit
    await phase('api_hits_only_50', 'one prefix, API + cache (100% hits: HTTP floor)', 50, () =>
      autocompleteVia(cached, 'bitcoin'),
    );

    log('');
    log('## Latency and throughput');
    log(TABLE_HEADER);
    for (const r of Object.values(results)) log(formatRow(r));
    for (const r of pgResults) log(formatRow(r));
    log('');
    const warmHits = afterWarm.hits - beforeWarm.hits;
    const warmMisses = afterWarm.misses - beforeWarm.misses;
    log(`hot-prefix cache after warm-up: ${((100 * warmHits) / Math.max(1, warmHits + warmMisses)).toFixed(1)}% hits`);
    log(`hot-prefix cache (first Zipf phase, from cold): ${coldStats.hits} hits, ${coldStats.misses} misses (${((100 * coldStats.hits) / Math.max(1, coldStats.hits + coldStats.misses)).toFixed(1)}% hits), Zipf pool ${zipfPool.length} distinct prefixes, s = 1.07`);

    const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
    const ratio = (a: number, b: number) => (a / b).toFixed(2);
    log('');
    log('## Targets');
    log('| target | measured | verdict |');
    log('|---|---|---|');
    log(`| (a) API autocomplete p95 < 15 ms at 4 | ${results.ac_api_4.p95.toFixed(1)} ms | ${verdict(results.ac_api_4.p95 < 15)} |`);
    log(`| (a) API keyword p95 < 30 ms at 4 | ${results.kw_api_4.p95.toFixed(1)} ms | ${verdict(results.kw_api_4.p95 < 30)} |`);
    for (const w of ['ac', 'kw'] as const) {
      const a = results[`${w}_api_50`];
      const d = results[`${w}_direct_50`];
      const name = w === 'ac' ? 'autocomplete' : 'keyword';
      log(`| (b) ${name} at 50: API throughput >= 0.7x engine | ${Math.round(a.throughput)} vs ${Math.round(d.throughput)} req/s = ${ratio(a.throughput, d.throughput)}x | ${verdict(a.throughput >= 0.7 * d.throughput)} |`);
      log(`| (b) ${name} at 50: API p95 <= 1.5x engine | ${a.p95.toFixed(1)} vs ${d.p95.toFixed(1)} ms = ${ratio(a.p95, d.p95)}x | ${verdict(a.p95 <= 1.5 * d.p95)} |`);
    }
    log(`| (c) Zipf prefixes at 50 through the API, p95 < 15 ms (cache from cold) | ${results.zipf_api_cache_50.p95.toFixed(1)} ms (without cache ${results.zipf_api_nocache_50.p95.toFixed(1)} ms) | ${verdict(results.zipf_api_cache_50.p95 < 15)} |`);
    log(`| (c) same, cache warm | ${results.zipf_api_cache_warm_50.p95.toFixed(1)} ms (100%-hit HTTP floor ${results.api_hits_only_50.p95.toFixed(1)} ms) | ${verdict(results.zipf_api_cache_warm_50.p95 < 15)} |`);
    log(`| bulk indexing >= 2,000 markets/s | ${Math.round(bulkRate)} markets/s | ${verdict(bulkRate >= 2000)} |`);
    if (baseline) {
      log('');
      log(`## Against ${BASELINE} (${baseline.commit.slice(0, 10)}): the same engine and index, each phase on both servers back to back`);
      log(TABLE_HEADER);
      for (const [key, b] of Object.entries(baselineResults)) log(`${formatRow(results[key])}\n${formatRow(b)}`);
      log('');
      log('| phase | clients | req/s now / baseline | p95 now / baseline |');
      log('|---|---|---|---|');
      for (const [key, b] of Object.entries(baselineResults)) {
        const a = results[key];
        log(`| ${a.label} | ${a.concurrency} | ${Math.round(a.throughput)} / ${Math.round(b.throughput)} = ${ratio(a.throughput, b.throughput)}x | ${a.p95.toFixed(1)} / ${b.p95.toFixed(1)} ms = ${ratio(a.p95, b.p95)}x |`);
      }
    }
    const all = [...Object.values(results), ...Object.values(baselineResults)];
    const errors = all.reduce((a, r) => a + r.errors, 0);
    log(`\nerrors across all phases: ${errors}`);
    for (const r of all) if (r.errors > 0) log(`- ${r.label} at ${r.concurrency}: ${JSON.stringify(r.errorKinds)}`);

    mkdirSync(path.join('bench', 'results'), { recursive: true });
    const file = path.join('bench', 'results', `search-${started.toISOString().replace(/[:.]/g, '-')}.md`);
    writeFileSync(file, out.join('\n') + '\n');
    console.error(`\nwritten to ${file}`);
  } finally {
    for (const s of servers) {
      s.http.close();
      s.child.kill('SIGTERM');
    }
    for (const name of await engine.listIndices().catch(() => [])) await engine.dropIndex(name);
    await engine.close();
    if (node) await node.stop();
    baseline?.remove();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
