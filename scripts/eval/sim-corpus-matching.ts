// The matching job over the real venue listings served by the simulators, the way a user runs the
// service against them: the simulators started with `--corpus <code>=<file>` (the files of
// ../shared/data/markets, never copied into the repository), one catalog sync of each venue through
// the venue adapters (as `npm run sync -- --sim` does), the embedding indexer (titles and rules, the
// real model), then a full run of the clustering job (src/matching/Matcher with the real pair judge).
// Reports how many clusters span two or more venues (and per venue pair) and writes a seeded random
// sample of the predicted identity links with both markets as the catalog holds them, to be labelled
// by hand (test/fixtures/matching/sim-corpus-sample.jsonl; scored by scripts/eval/score-sim-sample.ts).
//
// Usage: npx tsx scripts/eval/sim-corpus-matching.ts [--data-dir DIR] [--no-sync] [--sample 100]
//          [--seed N] [--out FILE.jsonl]
//   --data-dir  the embedded database's directory (default: a fresh one in the temp dir). Keep one
//               between runs: embedding ~24k titles and rules takes tens of minutes on 2 cores, and a
//               re-run embeds only what changed.
//   --no-sync   reuse the catalog already in --data-dir (no simulators; re-embed nothing new, re-match)
//   --titles-only  stop the embedding indexer after its title pass (and one rules batch) (the rules pass is ~10x slower:
//               hours for 24k rules texts on 2 shared cores). The judge still reads the rules texts;
//               only the candidate search lacks the rules similarity.
import { mkdtempSync, writeFileSync, existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { Embedder } from '../../src/embeddings/embedder.js';
import { PgEmbeddingCache } from '../../src/embeddings/embedding-cache-repository.js';
import { EmbeddingIndexer } from '../../src/indexers/embeddings-indexer.js';
import { MarketEmbeddingStore } from '../../src/search/semantic/market-embedding-repository.js';
import { VenueSync } from '../../src/indexers/venue-sync.js';
import { CatalogWriter } from '../../src/catalog/catalog-write-repository.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/database.js';
import { createLogger } from '../../src/logger.js';
import { judgePair } from '../../src/matching/judge.js';
import { Matcher } from '../../src/matching/matcher.js';
import { systemClock } from '../../src/util/clock.js';
import type { ExchangeCode } from '../../src/venues/exchanges.js';
import { startVenueRuntime } from '../../src/venues/runtime.js';
import { seededSample } from './seeded-sample.js';
import { arg, exitOnHelp } from '../lib/cli-args.js';

exitOnHelp(import.meta.url);

const flag = (name: string): boolean => process.argv.includes(`--${name}`);

/** The listings in the venues' own wire formats that their simulators read (one file per venue). */
const CORPUS: Partial<Record<ExchangeCode, string[]>> = {
  polymarket: ['polymarket/gamma-markets.jsonl.gz'],
  // Two Kalshi captures (305 full market objects with rules, 870 trimmed long-dated ones; 22 tickers
  // in both): served together, the full object winning.
  kalshi: ['kalshi/markets.jsonl.gz', 'kalshi/markets-trimmed.jsonl.gz'],
  predictit: ['predictit/markets.jsonl.gz'],
  manifold: ['manifold/markets.jsonl.gz'],
  limitless: ['limitless/markets.jsonl.gz'],
};

/** One corpus file per venue: several captures are concatenated (first occurrence of a key wins). */
function corpusFile(code: ExchangeCode, files: string[], dir: string, tmp: string): string | null {
  const present = files.map((f) => path.join(dir, f)).filter((f) => existsSync(f));
  if (present.length === 0) return null;
  if (present.length === 1) return present[0];
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const f of present) {
    for (const line of gunzipSync(readFileSync(f)).toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      const o = JSON.parse(line) as Record<string, unknown>;
      const key = String(o.ticker ?? o.id ?? o.conditionId ?? o.slug ?? line);
      if (seen.has(key)) continue;
      seen.add(key);
      lines.push(line);
    }
  }
  const out = path.join(tmp, `${code}-corpus.jsonl.gz`);
  writeFileSync(out, gzipSync(lines.join('\n') + '\n'));
  return out;
}

/**
 * The catalog keys (`exchange:market_id`) of the real listings, to tell them from the markets every
 * simulator also serves from its own seed (the shared fixture questions): the report counts clusters
 * of real markets, and the sample draws only links between two real markets.
 */
function realKeys(dir: string): Set<string> {
  const ids = new Set<string>();
  const read = (f: string): Record<string, unknown>[] => {
    const file = path.join(dir, f);
    if (!existsSync(file)) return [];
    return gunzipSync(readFileSync(file)).toString('utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as Record<string, unknown>);
  };
  const idOf: Record<string, (o: Record<string, unknown>) => unknown[]> = {
    polymarket: (o) => [o.conditionId],
    kalshi: (o) => [o.ticker],
    manifold: (o) => [o.id],
    limitless: (o) => [o.slug, ...((o.markets as Record<string, unknown>[] | undefined) ?? []).map((m) => m.slug)],
    predictit: (o) => ((o.contracts as Record<string, unknown>[] | undefined) ?? []).map((c) => c.id),
  };
  for (const [code, files] of Object.entries(CORPUS)) {
    for (const f of files) for (const o of read(f)) for (const id of idOf[code](o)) if (id !== undefined && id !== null) ids.add(`${code}:${String(id)}`);
  }
  return ids;
}

async function main(): Promise<void> {
  const config = loadConfig(undefined, { LOG_LEVEL: 'warn' });
  const logger = createLogger(config.logLevel);
  const marketsDir = path.join(config.sharedDataDir, 'markets');
  if (!existsSync(marketsDir)) {
    console.log(`skipped: ${marketsDir} not found (SHARED_DATA_DIR)`);
    return;
  }
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'sim-corpus-'));
  const dataDir = path.resolve(arg('data-dir') ?? path.join(tmp, 'db'));
  const sampleSize = Number(arg('sample') ?? 100);
  const seed = Number(arg('seed') ?? 7710);
  const t0 = Date.now();
  const lap = (what: string, since: number) => console.log(`${what}: ${((Date.now() - since) / 1000).toFixed(1)} s`);

  const db = await openDatabase({ dataDir, logger });
  try {
    if (!flag('no-sync')) {
      const perVenue: Partial<Record<ExchangeCode, { corpusFile: string }>> = {};
      for (const [code, files] of Object.entries(CORPUS) as [ExchangeCode, string[]][]) {
        const f = corpusFile(code, files, marketsDir, tmp);
        if (f) perVenue[code] = { corpusFile: f };
      }
      const only = Object.keys(perVenue) as ExchangeCode[];
      const runtime = await startVenueRuntime({ mode: 'sim', venues: config.venues, liveTimeoutMs: config.liveReads.timeoutMs, only, simulator: { tickMs: 0 }, simulatorPerVenue: perVenue, logger });
      const ts = Date.now();
      try {
        for (const code of runtime.exchanges) {
          const served = runtime.simulators?.simulators[code]?.marketCount();
          const sync = new VenueSync({ pool: db.pool, adapter: runtime.syncAdapters[code]!, clock: systemClock, logger, pageSize: config.sync.pageSize, vacuumAfterWrites: db.kind === 'embedded' });
          const r = await sync.run();
          console.log(`sync ${code}: served ${served}, listed ${r.markets}, in catalog ${r.catalogMarkets}${r.ok ? '' : `, FAILED: ${r.error}`}`);
        }
      } finally {
        await runtime.close();
      }
      lap('sync', ts);
    }

    const te = Date.now();
    const pendingTitles = (await new MarketEmbeddingStore(db.pool).pending()).title;
    const embedder = flag('titles-only') && pendingTitles === 0 ? null : await Embedder.start({ modelDir: config.modelDir }, new PgEmbeddingCache(db.pool));
    try {
      const indexer = embedder && new EmbeddingIndexer({ pool: db.pool, databaseKind: db.kind, embedder, vacuumAfterWrites: db.kind === 'embedded' });
      let last = 0;
      const titlesOnly = flag('titles-only');
      const r = await indexer?.runOnce((p) => {
        // stop() ends the run after the batch in progress (the first rules batch): its cursors stay right.
        if (titlesOnly && p.phase === 'rules') void indexer.stop();
        if (Date.now() - last < 30_000) return;
        last = Date.now();
        console.log(`  embeddings: ${p.phase} pass, ${p.processed}/${p.total} rows, ${p.embedded} texts embedded`);
      });
      const { rows: [count] } = await db.pool.query<{ title: string; rules: string }>(
        "SELECT count(*) FILTER (WHERE kind = 'title') AS title, count(*) FILTER (WHERE kind = 'rules') AS rules FROM market_embeddings");
      console.log(`embeddings: ${r ? `${r.embedded} texts embedded this run${titlesOnly ? ' (stopped after the first rules batch)' : ''}` : 'every title embedded already (--titles-only)'}; stored: ${count.title} titles, ${count.rules} rules`);
    } finally {
      await embedder?.close();
    }
    lap('embeddings', te);

    const matcher = new Matcher({ pool: db.pool, writer: new CatalogWriter(db.pool), judge: judgePair, logger });
    const result = await matcher.run({ full: true });
    console.log(`matching (full run): ${(result.ms / 1000).toFixed(1)} s, ${result.rematched} markets, ${result.pairsJudged} pairs judged, ${result.identityLinks} identity / ${result.relatedLinks} related links, ${result.clusters} clusters; stages ${JSON.stringify(result.stages)}`);

    const { rows: perVenue } = await db.pool.query<{ exchange: string; n: string }>('SELECT exchange, count(*) AS n FROM markets WHERE NOT removed GROUP BY exchange ORDER BY exchange');
    console.log(`catalog: ${perVenue.map((r) => `${r.exchange} ${r.n}`).join(', ')}`);
    const real = realKeys(marketsDir);
    const { rows: members } = await db.pool.query<{ cluster_id: string; exchange: string; market_id: string }>(
      'SELECT cluster_id, exchange, market_id FROM match_cluster_members ORDER BY cluster_id, exchange');
    const clusters = new Map<string, { real: string[]; seed: string[] }>();
    for (const m of members) {
      const c = clusters.get(m.cluster_id) ?? { real: [], seed: [] };
      (real.has(`${m.exchange}:${m.market_id}`) ? c.real : c.seed).push(m.exchange);
      clusters.set(m.cluster_id, c);
    }
    const report = (label: string, venuesOf: (c: { real: string[]; seed: string[] }) => string[]) => {
      const multi = [...clusters.values()].map(venuesOf).filter((v) => new Set(v).size >= 2);
      const bySize = new Map<number, number>();
      const byPair = new Map<string, number>();
      for (const v of multi) {
        bySize.set(v.length, (bySize.get(v.length) ?? 0) + 1);
        for (let i = 0; i < v.length; i++) for (let j = i + 1; j < v.length; j++) byPair.set(`${v[i]}-${v[j]}`, (byPair.get(`${v[i]}-${v[j]}`) ?? 0) + 1);
      }
      console.log(`${label}: clusters spanning 2+ venues: ${multi.length} (${[...bySize].sort().map(([n, c]) => `${n} venues: ${c}`).join(', ')})`);
      console.log(`  per venue pair (a cluster counts once for each pair of its venues): ${[...byPair].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(', ')}`);
    };
    report('real listings only (seed members left out)', (c) => c.real);
    report('the simulators\' own seed markets only', (c) => c.seed);
    report('mixed (a real market clustered with a seed market)', (c) => (c.real.length && c.seed.length ? [...c.real, ...c.seed].sort() : []));

    // The sample: identity links as stored (both directions' canonical order), in a fixed order, then a
    // seeded draw. Each row carries what a labeller reads: title, rules excerpt, close time, outcomes.
    const { rows: allLinks } = await db.pool.query<{ exchange_a: string; market_id_a: string; exchange_b: string; market_id_b: string; confidence: number; reasons: string[] }>(
      "SELECT exchange_a, market_id_a, exchange_b, market_id_b, confidence, reasons FROM match_links WHERE relation = 'identical' ORDER BY exchange_a, market_id_a, exchange_b, market_id_b");
    const { rows: inCluster } = await db.pool.query<{ k: string }>("SELECT exchange || ':' || market_id AS k FROM match_cluster_members");
    const clustered = new Set(inCluster.map((r) => r.k));
    const links = allLinks.filter((l) => real.has(`${l.exchange_a}:${l.market_id_a}`) && real.has(`${l.exchange_b}:${l.market_id_b}`));
    console.log(`identity links stored: ${allLinks.length}, between two real markets: ${links.length}`);
    const drawn = seededSample(links, sampleSize, seed);
    const keys = drawn.flatMap((l) => [[l.exchange_a, l.market_id_a], [l.exchange_b, l.market_id_b]]);
    const { rows: markets } = await db.pool.query<{ exchange: string; market_id: string; title: string; subtitle: string | null; rules: string | null; close_time: Date | null; outcomes: { label: string }[] | null }>(
      'SELECT exchange, market_id, title, subtitle, rules, close_time, outcomes FROM markets WHERE (exchange, market_id) IN (SELECT * FROM unnest($1::text[], $2::text[]))',
      [keys.map((k) => k[0]), keys.map((k) => k[1])]);
    const byKey = new Map(markets.map((m) => [`${m.exchange}:${m.market_id}`, m]));
    const side = (exchange: string, id: string) => {
      const m = byKey.get(`${exchange}:${id}`);
      return {
        exchange, market_id: id, title: m?.title ?? null, subtitle: m?.subtitle ?? null,
        close_time: m?.close_time ? m.close_time.toISOString() : null,
        outcomes: m?.outcomes?.map((o) => o.label) ?? null,
        rules: m?.rules ? m.rules.slice(0, 600) : null,
      };
    };
    const sample = drawn.map((l, n) => ({
      n: n + 1,
      confidence: Number(l.confidence.toFixed(3)),
      reasons: l.reasons,
      clustered: clustered.has(`${l.exchange_a}:${l.market_id_a}`) && clustered.has(`${l.exchange_b}:${l.market_id_b}`),
      a: side(l.exchange_a, l.market_id_a),
      b: side(l.exchange_b, l.market_id_b),
    }));
    const out = arg('out') ?? path.join(tmp, 'sim-corpus-links.jsonl');
    writeFileSync(out, sample.map((s) => JSON.stringify(s)).join('\n') + '\n');
    console.log(`sample of ${sample.length} identity links (seed ${seed}) written to ${out}`);
    lap('total', t0);
  } finally {
    await db.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
