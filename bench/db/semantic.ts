// Semantic search over the two databases side by side, in one run, same corpus, same model worker:
// distinct queries (query-embedding cache and recent-answers cache off, so every request embeds its
// query and searches pgvector) in closed loops of 1, 4 and 20 clients through the real HTTP app
// (bench/support/keyed-app.ts), on the embedded database (one connection) and on the server (the
// service's pool of 10), next to the query-embedding-only throughput at the same concurrency
// measured in the same run (the model floor: the same micro-batching of queries as the service's
// embedding stage, no database, no HTTP), before and after the database rows.
//
// Targets: on the server, throughput at 20 clients >= 0.7x the embedding-only throughput
// at 20; p95 < 60 ms at 4 clients.
//
// Embedding the 22k real markets takes long on a loaded machine, so the two databases are prepared
// ONCE into a cache directory (catalog seeded, titles embedded; rules too with --rules) and reused by
// later runs with the same --limit and --rules; the server's data directory lives there as well.
// The corpus is embedded once (on the server); the embedded database gets the vectors through the
// text-hash cache (embedding_cache rows copied), so its indexer computes nothing.
//
//   npx tsx bench/db/semantic.ts [--cache-dir ./data/bench-db-semantic] [--limit N] [--rules] [--seconds 15] [--concurrency 20] [--threads N] [--alternate 3] [--fresh]
//   npx tsx bench/db/semantic.ts --baseline REV [--rounds 2] [any option above]
// (--limit: the first N markets of the corpus, for a quick end-to-end check; --fresh: rebuild the
// cache; --threads: ONNX threads of the one embedding worker; --no-synonyms: the service without
// query expansion (mappings/synonyms.txt), to tell that feature's cost from the rest when a
// revision before it is the baseline; a revision that does not know the flag ignores it.)
//
// Why --alternate: the machine's speed drifts (the model's CPU per query moved between 4.3 and 6.7 ms
// within a minute on an idle machine), and the sequential rows put minutes between the server's
// 20-client row and the floors it is divided by. After them, the 20-client target is measured again
// in N rounds of [embedding only, server] at 20 clients, ending with one more embedding-only segment;
// each server segment is divided by the mean of the floor segments on either side of it, so both
// sides of every ratio ran within the same ~2 x --seconds. The target line reports that ratio (the
// median of the rounds, and pooled), next to the sequential one.
//
// --baseline REV [--rounds N]: the same benchmark of an earlier revision against this one: REV is
// checked out in a temporary worktree (bench/support/revision.ts), and its bench/db/semantic.ts and
// this one run in turn, N rounds each (default 2), each in its own process with the other options,
// each on its own copy of the prepared databases (REV's code migrates and defines its functions as it
// did then): the cache directory with the revision's short hash appended, prepared by the first
// baseline run, and copied for this side when this side has none. A table of both sides follows.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Embedder, type EmbeddingCacheStore } from '../../src/embeddings/embedder.js';
import { PgEmbeddingCache } from '../../src/embeddings/embedding-cache-repository.js';
import { EmbeddingIndexer } from '../../src/indexers/embeddings-indexer.js';
import { loadFixtureCorpus, type CorpusMarket } from '../../scripts/eval/catalog-fixture.js';
import { loadPolymarketCorpus, realDataAvailable } from '../../scripts/eval/real-corpus.js';
import { seedCatalogMarkets } from '../../scripts/lib/catalog-seed.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase, type Database } from '../../src/db/database.js';
import { serverUrl, startServer, stopServer } from '../../src/db/local-server.js';
import { createSemanticRouter } from '../../src/http/routes/semantic-search.js';
import { MarketEmbeddingStore } from '../../src/search/semantic/market-embedding-repository.js';
import { MicroBatcher } from '../../src/util/micro-batcher.js';
import { SemanticSearchService } from '../../src/search/semantic/semantic-search.js';
import { Synonyms } from '../../src/search/synonyms.js';
import { startKeyedApp } from '../support/keyed-app.js';
import { runBothSides } from '../support/revision.js';
import { benchmarkQueries, closedLoop, fmt, pct, withFilters } from '../semantic/load.js';
import { arg } from '../../scripts/lib/cli-args.js';

const cacheDir = path.resolve(arg('cache-dir', './data/bench-db-semantic'));
const limit = process.argv.includes('--limit') ? Number(arg('limit', '0')) : undefined;
const withRules = process.argv.includes('--rules');
const seconds = Number(arg('seconds', '15'));
const concurrency = Number(arg('concurrency', '20'));
const threadsPerWorker = process.argv.includes('--threads') ? Number(arg('threads', '2')) : undefined;
const alternateRounds = Number(arg('alternate', '3'));
const noSynonyms = process.argv.includes('--no-synonyms');
const DATABASE = 'bench_semantic';

const baselineRev = arg('baseline', '');
if (baselineRev) {
  await compareWithRevision(baselineRev, Number(arg('rounds', '2')));
  process.exit(0);
}

/** What a run writes to bench/results/db-semantic.json (the part the comparison reads). */
interface RunFigures {
  floor: Record<number, { perSecond: number; p95: number }[]>;
  rows: { database: string; clients: number; perSecond: number; p95: number }[];
  alternated: { roundRatios: number[]; median: number; pooled: number };
}

async function compareWithRevision(rev: string, rounds: number): Promise<void> {
  const ownCache = cacheDir;
  const passOn: string[] = [];
  for (let i = 2; i < process.argv.length; i++) {
    if (['--baseline', '--rounds', '--cache-dir'].includes(process.argv[i])) i++;
    else passOn.push(process.argv[i]);
  }
  let baselineCache = '';
  const { commit, baseline, current } = await runBothSides<RunFigures>({
    rev,
    script: 'bench/db/semantic.ts',
    resultFile: 'bench/results/db-semantic.json',
    rounds,
    prepare: (checkout) => {
      baselineCache = `${ownCache}-${checkout.commit.slice(0, 7)}`;
    },
    args: (side) => {
      if (side === 'current' && !fs.existsSync(path.join(ownCache, 'prepared.json')) && fs.existsSync(path.join(baselineCache, 'prepared.json'))) {
        // the baseline's run stopped its server: its data directory copies as files, with their
        // owner (the server's own user when the benchmark runs as root) and modes kept
        console.error(`copying ${baselineCache} to ${ownCache}`);
        execFileSync('cp', ['-a', baselineCache, ownCache]);
      }
      return [...passOn, '--cache-dir', side === 'baseline' ? baselineCache : ownCache];
    },
  });
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const list = (xs: number[], digits = 1) => xs.map((x) => x.toFixed(digits)).join(' / ');
  const at = (runs: RunFigures[], database: string, clients: number) => runs.map((r) => r.rows.find((row) => row.database.startsWith(database) && row.clients === clients)!);
  const lines = [
    `${rev} (${commit.slice(0, 10)}) against this checkout, ${rounds} run(s) each, alternated; ${os.availableParallelism()} cores; load average at end ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}.`,
    '',
    '| path | clients | req/s baseline (runs) | req/s now (runs) | now / baseline (means) | p95 ms baseline | p95 ms now |',
    '|---|---:|---|---|---:|---|---|',
  ];
  const levels = Object.keys(baseline[0].floor).map(Number).sort((a, b) => a - b);
  for (const clients of levels) {
    const b = baseline.flatMap((r) => r.floor[clients].map((f) => f.perSecond));
    const c = current.flatMap((r) => r.floor[clients].map((f) => f.perSecond));
    lines.push(`| query embedding only | ${clients} | ${list(b)} | ${list(c)} | ${(mean(c) / mean(b)).toFixed(2)}x | - | - |`);
  }
  for (const database of ['embedded', 'server']) {
    for (const clients of levels) {
      const b = at(baseline, database, clients);
      const c = at(current, database, clients);
      lines.push(`| ${database} | ${clients} | ${list(b.map((r) => r.perSecond))} | ${list(c.map((r) => r.perSecond))} | ` +
        `${(mean(c.map((r) => r.perSecond)) / mean(b.map((r) => r.perSecond))).toFixed(2)}x | ${list(b.map((r) => r.p95))} | ${list(c.map((r) => r.p95))} |`);
    }
  }
  const medians = (runs: RunFigures[]) => runs.map((r) => r.alternated.median).filter((x) => Number.isFinite(x));
  if (medians(baseline).length && medians(current).length) {
    lines.push('', `server / embedding only at the top level, median of the alternated rounds: baseline ${list(medians(baseline), 2)}x, now ${list(medians(current), 2)}x ` +
      `(now / baseline ${(mean(medians(current)) / mean(medians(baseline))).toFixed(2)})`);
  }
  console.log(lines.join('\n'));
  fs.mkdirSync('bench/results', { recursive: true });
  fs.writeFileSync(`bench/results/db-semantic-vs-${commit.slice(0, 7)}.json`, JSON.stringify({ rev, commit, baseline, current }, null, 2));
}

function loadCorpus(): { markets: CorpusMarket[]; source: string } {
  let markets: CorpusMarket[];
  let source: string;
  if (realDataAvailable()) {
    markets = loadPolymarketCorpus();
    source = `real Polymarket listing (${markets.length} markets)`;
  } else {
    // as bench/semantic/prepare-corpus.ts: the fixture corpus in numbered variants, 20,000 texts
    const base = loadFixtureCorpus();
    markets = Array.from({ length: 20_000 }, (_, n) => {
      const m = base[n % base.length];
      const v = Math.floor(n / base.length);
      return { ...m, market_id: `${m.market_id}-v${v}`, title: `${m.title} (round ${v})`, rules: `${m.rules} Variant ${v}.` };
    });
    source = `fixture corpus in ${markets.length} variants (../shared/data absent)`;
  }
  if (limit !== undefined) markets = markets.slice(0, limit);
  // Without --rules the rules are left out of the catalog: only titles get embedded (minutes, not hours).
  if (!withRules) markets = markets.map((m) => ({ ...m, rules: '' }));
  return { markets, source };
}

// What a cache directory holds, so that a run with other options rebuilds instead of reusing.
interface CacheMarker { markets: number; limit: number | null; rules: boolean; source: string; titleVectors: number; rulesVectors: number }
const markerFile = path.join(cacheDir, 'prepared.json');
const embeddedDir = path.join(cacheDir, 'embedded');
const serverDir = path.join(cacheDir, 'server');

/** The embedding store of whichever database is being prepared (one model worker serves both). */
class SwitchableCache implements EmbeddingCacheStore {
  target: EmbeddingCacheStore | undefined;
  get(hashes: string[]) { return this.target ? this.target.get(hashes) : Promise.resolve(new Map<string, Float32Array>()); }
  put(entries: { hash: string; vector: Float32Array }[]) { return this.target ? this.target.put(entries) : Promise.resolve(); }
}

async function embedAll(db: Database, embedder: Embedder, label: string): Promise<void> {
  const indexer = new EmbeddingIndexer({ pool: db.pool, databaseKind: db.kind, embedder, batchSize: 256, vacuumAfterWrites: db.kind === 'embedded' });
  let last = 0;
  const t = performance.now();
  await indexer.runOnce((p) => {
    if (performance.now() - last > 10_000) {
      last = performance.now();
      console.error(`  ${label}: ${p.phase} ${p.processed}/${p.total}, ${p.embedded} embedded`);
    }
  });
  console.error(`  ${label}: indexed in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}

/** Copies the text-hash cache from one database to another, so the second one embeds nothing. */
async function copyEmbeddingCache(from: pg.Pool, to: pg.Pool): Promise<number> {
  let after = '';
  let copied = 0;
  for (;;) {
    const { rows } = await from.query<{ text_hash: string; embedding: string }>(
      'SELECT text_hash, embedding::text AS embedding FROM embedding_cache WHERE text_hash > $1 ORDER BY text_hash LIMIT 1000', [after]);
    if (rows.length === 0) return copied;
    await to.query(
      `INSERT INTO embedding_cache (text_hash, embedding)
       SELECT h, e::vector FROM unnest($1::text[], $2::text[]) AS t(h, e) ON CONFLICT (text_hash) DO NOTHING`,
      [rows.map((r) => r.text_hash), rows.map((r) => r.embedding)]);
    copied += rows.length;
    after = rows[rows.length - 1].text_hash;
  }
}

const cores = os.availableParallelism();
const cache = new SwitchableCache();
const embedder = await Embedder.start({ modelDir: loadConfig().modelDir, workers: 1, threadsPerWorker }, cache, { queryCacheSize: 0 });

let marker: CacheMarker | undefined;
try {
  marker = JSON.parse(fs.readFileSync(markerFile, 'utf8')) as CacheMarker;
} catch { /* not prepared */ }
if (marker && (process.argv.includes('--fresh') || marker.limit !== (limit ?? null) || marker.rules !== withRules)) {
  console.error(`cache ${cacheDir} was prepared with other options (limit ${marker.limit}, rules ${marker.rules}): rebuilding`);
  marker = undefined;
}
if (!marker) {
  stopServer(serverDir, 'immediate');
  fs.rmSync(cacheDir, { recursive: true, force: true });
  fs.mkdirSync(cacheDir, { recursive: true });
}

const server = await startServer(serverDir);
const socketDir = new pg.Client({ connectionString: server.url }).host;
let embedded: Database | undefined;
let onServer: Database | undefined;
try {
  if (!marker) {
    const { markets, source } = loadCorpus();
    console.error(`preparing ${cacheDir}: ${source}${limit !== undefined ? `, first ${markets.length}` : ''}, ${withRules ? 'titles and rules' : 'titles only'}`);
    const admin = new pg.Pool({ connectionString: server.url, max: 1 });
    await admin.query(`CREATE DATABASE ${DATABASE}`);
    await admin.end();
    onServer = await openDatabase({ dataDir: cacheDir, databaseUrl: serverUrl(socketDir, DATABASE) });
    embedded = await openDatabase({ dataDir: embeddedDir });
    await seedCatalogMarkets(onServer.pool, markets);
    await seedCatalogMarkets(embedded.pool, markets);
    cache.target = new PgEmbeddingCache(onServer.pool);
    await embedAll(onServer, embedder, 'server');
    console.error(`  copied ${await copyEmbeddingCache(onServer.pool, embedded.pool)} cached vectors to the embedded database`);
    cache.target = new PgEmbeddingCache(embedded.pool);
    const computedBefore = embedder.stats.computed;
    await embedAll(embedded, embedder, 'embedded');
    if (embedder.stats.computed !== computedBefore) console.error(`  warning: the embedded database computed ${embedder.stats.computed - computedBefore} texts the cache did not have`);
    const counts = await new MarketEmbeddingStore(onServer.pool).counts();
    marker = { markets: markets.length, limit: limit ?? null, rules: withRules, source, titleVectors: counts.title, rulesVectors: counts.rules };
    fs.writeFileSync(markerFile, JSON.stringify(marker, null, 2));
  } else {
    console.error(`reusing ${cacheDir}: ${marker.markets} markets (${marker.source}), ${marker.titleVectors} title / ${marker.rulesVectors} rules vectors`);
    onServer = await openDatabase({ dataDir: cacheDir, databaseUrl: serverUrl(socketDir, DATABASE) });
    embedded = await openDatabase({ dataDir: embeddedDir });
  }
  cache.target = undefined;
  const counts = { embedded: await new MarketEmbeddingStore(embedded.pool).counts(), server: await new MarketEmbeddingStore(onServer.pool).counts() };
  if (counts.embedded.title !== counts.server.title || counts.embedded.rules !== counts.server.rules) {
    throw new Error(`the two databases differ: ${JSON.stringify(counts)}; run with --fresh`);
  }

  const queries = benchmarkQueries();
  // distinct requests: every query with each filter variant before any repeats
  const distinct = (offset: number) => (n: number) => withFilters(queries[(n + offset) % queries.length], Math.floor((n + offset) / queries.length));

  // The model floor: closed loops of query embeddings through the same micro-batching as the
  // service's embedding stage (one forward pass for the queries that arrive together), no database.
  const embeddingOnly = async (clients: number, offset: number): Promise<{ perSecond: number; p95: number; p50: number }> => {
    let inFlight = 0;
    const stage = new MicroBatcher((qs: string[]) => embedder.embedQueries(qs), { maxBatch: 32, concurrency: 1, maxWaitMs: 2, shouldWait: () => inFlight > 1 });
    const times: number[] = [];
    let next = offset;
    const deadline = performance.now() + seconds * 1000;
    const started = performance.now();
    await Promise.all(Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        const q = queries[next++ % queries.length];
        const t = performance.now();
        inFlight++;
        try {
          await stage.submit(q);
        } finally {
          inFlight--;
        }
        times.push(performance.now() - t);
      }
    }));
    return { perSecond: times.length / ((performance.now() - started) / 1000), p50: pct(times, 0.5), p95: pct(times, 0.95) };
  };

  const levels = [1, 4, concurrency];
  const floor: Record<number, { perSecond: number; p50: number; p95: number }[]> = {};
  const floorPass = async (offset: number) => {
    for (const clients of levels) {
      const r = await embeddingOnly(clients, offset);
      (floor[clients] ??= []).push(r);
      console.error(`embedding only, ${clients} clients: ${r.perSecond.toFixed(1)}/s, p95 ${r.p95.toFixed(1)} ms`);
    }
  };

  interface Row { database: string; clients: number; n: number; perSecond: number; p95: number; total: string; embed: string; db: string; batches: string }
  const rows: Row[] = [];
  const withSearchApp = async <T>(db: Database, offset: number, body: (app: Awaited<ReturnType<typeof startKeyedApp>>, service: SemanticSearchService) => Promise<T>): Promise<T> => {
    const service = new SemanticSearchService(db.pool, embedder, noSynonyms ? { synonyms: new Synonyms([]) } : {});
    const app = await startKeyedApp({
      db,
      plan: 'max',
      routers: (ctx) => [{ path: '/search', router: createSemanticRouter({ requireFeature: ctx.requireFeature, getService: () => service }) }],
    });
    try {
      await closedLoop(app, 4, 3, distinct(offset + 50_000)); // warm-up: JIT, graph pages in cache
      return await body(app, service);
    } finally {
      await app.close();
    }
  };
  const runOn = (label: string, db: Database, offset: number) => withSearchApp(db, offset, async (app, service) => {
    for (const clients of levels) {
      const before = service.batchStats;
      const { samples, perSecond } = await closedLoop(app, clients, seconds, distinct(offset));
      const after = service.batchStats;
      const per = (a: { calls: number; items: number }, b: { calls: number; items: number }) => ((b.items - a.items) / Math.max(1, b.calls - a.calls)).toFixed(2);
      const totals = samples.map((s) => s.total);
      rows.push({
        database: label, clients, n: samples.length, perSecond, p95: pct(totals, 0.95),
        total: fmt(totals), embed: fmt(samples.map((s) => s.embed)), db: fmt(samples.map((s) => s.db)),
        batches: `${per(before.embedding, after.embedding)} / ${per(before.database, after.database)}`,
      });
      console.error(`${label}, ${clients} clients: ${samples.length} requests, ${perSecond.toFixed(1)}/s, p95 ${pct(totals, 0.95).toFixed(1)} ms`);
    }
  });

  // warm the model, then: floor, embedded, server, floor again (the machine's drift shows in the two floors)
  await embeddingOnly(4, 90_000);
  await floorPass(0);
  await runOn('embedded (PGlite, 1 connection)', embedded, 1000);
  await runOn('server (PostgreSQL 18.6, pool of 10)', onServer, 2000);
  await floorPass(3000);

  // the 20-client target again, in alternated rounds (see the head comment)
  const alternated: { floors: number[]; server: number[] } = { floors: [], server: [] };
  if (alternateRounds > 0) {
    await withSearchApp(onServer, 5000, async (app) => {
      const floorSegment = async (round: number) => {
        const r = await embeddingOnly(concurrency, 7000 + round * 1000);
        alternated.floors.push(r.perSecond);
        console.error(`alternated round ${round + 1}: embedding only, ${concurrency} clients: ${r.perSecond.toFixed(1)}/s`);
      };
      for (let round = 0; round < alternateRounds; round++) {
        await floorSegment(round);
        const { perSecond } = await closedLoop(app, concurrency, seconds, distinct(20_000 + round * 3000));
        alternated.server.push(perSecond);
        console.error(`alternated round ${round + 1}: server, ${concurrency} clients: ${perSecond.toFixed(1)}/s`);
      }
      await floorSegment(alternateRounds);
    });
  }
  const roundRatios = alternated.server.map((s, i) => s / ((alternated.floors[i] + alternated.floors[i + 1]) / 2));
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const pooled = alternated.server.length ? mean(alternated.server) / mean(alternated.floors) : NaN;
  const alternatedRatio = roundRatios.length ? median(roundRatios) : NaN;

  const floorMean = (clients: number) => floor[clients].reduce((s, r) => s + r.perSecond, 0) / floor[clients].length;
  const serverAt = (clients: number) => rows.find((r) => r.database.startsWith('server') && r.clients === clients);
  const embeddedAt = (clients: number) => rows.find((r) => r.database.startsWith('embedded') && r.clients === clients);
  const s20 = serverAt(concurrency);
  const s4 = serverAt(4);
  const ratio = s20 ? s20.perSecond / floorMean(concurrency) : NaN;
  const table = [
    `Corpus: ${marker.source}${marker.limit !== null ? `, first ${marker.markets}` : ''}; ${counts.server.title} title and ${counts.server.rules} rules vectors in each database; ` +
      `${queries.length} distinct queries (a third plain, a third active_only, a third with an exchange filter and limit 50); one embedding worker; ` +
      `${cores} shared cores; load average at end ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}; ${seconds} s per row.`,
    '',
    '| path | clients | requests | req/s | total p50 / p95 / p99 (ms) | query embedding p50 / p95 / p99 (ms) | database p50 / p95 / p99 (ms) | searches per embedding pass / per statement |',
    '|---|---:|---:|---:|---|---|---|---|',
    ...levels.map((c) => `| query embedding only (before / after the databases) | ${c} | - | ${floor[c].map((r) => r.perSecond.toFixed(1)).join(' / ')} | ${floor[c].map((r) => `${r.p50.toFixed(1)} / ${r.p95.toFixed(1)}`).join(' ; ')} (p50 / p95) | - | - | - |`),
    ...rows.map((r) => `| ${r.database} | ${r.clients} | ${r.n} | ${r.perSecond.toFixed(1)} | ${r.total} | ${r.embed} | ${r.db} | ${r.batches} |`),
    '',
    ...levels.map((c) => `${c} client(s): server / embedding only = ${(serverAt(c)?.perSecond ?? NaN).toFixed(1)} / ${floorMean(c).toFixed(1)} = ${((serverAt(c)?.perSecond ?? NaN) / floorMean(c)).toFixed(2)}x; ` +
      `embedded / embedding only = ${((embeddedAt(c)?.perSecond ?? NaN) / floorMean(c)).toFixed(2)}x`),
    ...(roundRatios.length ? [
      `Alternated at ${concurrency} clients (${seconds} s segments): embedding only ${alternated.floors.map((x) => x.toFixed(1)).join(' / ')}/s; ` +
        `server ${alternated.server.map((x) => x.toFixed(1)).join(' / ')}/s; each round's server / mean of the floors around it = ` +
        `${roundRatios.map((x) => x.toFixed(2)).join(' / ')}x (median ${alternatedRatio.toFixed(2)}x; pooled ${pooled.toFixed(2)}x).`,
    ] : []),
    `Targets on the server: throughput at ${concurrency} clients >= 0.7x embedding only: ` +
      (roundRatios.length
        ? `${alternatedRatio.toFixed(2)}x, median of the alternated rounds (${alternatedRatio >= 0.7 ? 'met' : 'MISSED'}; sequential rows ${ratio.toFixed(2)}x); `
        : `${ratio.toFixed(2)}x (${ratio >= 0.7 ? 'met' : 'MISSED'}); `) +
      `p95 at 4 clients < 60 ms: ${s4?.p95.toFixed(1)} ms (${s4 && s4.p95 < 60 ? 'met' : 'MISSED'}).`,
  ].join('\n');
  console.log(table);
  fs.mkdirSync('bench/results', { recursive: true });
  fs.writeFileSync('bench/results/db-semantic.json', JSON.stringify({ marker, counts, floor, rows, alternated: { ...alternated, roundRatios, median: alternatedRatio, pooled } }, null, 2));
} finally {
  await embedded?.close();
  await onServer?.close();
  await embedder.close();
  // the server's data stays in the cache directory for the next run
  stopServer(serverDir, 'fast');
}
