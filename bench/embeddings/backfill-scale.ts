// The embedding backfill of a catalog shaped like a large venue's: markets in series (one per strike
// or date) whose rules repeat the series' template word for word in some series and name the strike
// in the others, about one market in ten open, open and closed markets interleaved in the order
// they were written. Reports how long the whole backfill took (texts leaving the backlog per second),
// how many texts the model ran (the rest were reused by content hash), and when the open markets'
// titles and rules were all embedded.
//
//   npx tsx bench/embeddings/backfill-scale.ts [--markets 1200] [--series-size 10] [--open-share 0.1] [--seed 7]
//
// Titles and rules come from the real Polymarket listing (SHARED_DATA_DIR) when present, else from
// the fixture corpus. A fresh embedded database each run (under the system's temporary folder).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/database.js';
import { Embedder } from '../../src/embeddings/embedder.js';
import { PgEmbeddingCache } from '../../src/embeddings/embedding-cache-repository.js';
import { EmbeddingIndexer } from '../../src/indexers/embeddings-indexer.js';
import { seedCatalogMarkets, type SeedMarket } from '../../scripts/lib/catalog-seed.js';
import { loadFixtureCorpus } from '../../scripts/eval/catalog-fixture.js';
import { arg } from '../../scripts/lib/cli-args.js';

const markets = Number(arg('markets', 1200));
const seriesSize = Number(arg('series-size', 10));
const openShare = Number(arg('open-share', 0.1));
let seed = Number(arg('seed', 7));
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};

function baseQuestions(): { title: string; rules: string }[] {
  const file = path.join(loadConfig().sharedDataDir, 'markets/polymarket/gamma-markets.jsonl.gz');
  if (fs.existsSync(file)) {
    return gunzipSync(fs.readFileSync(file)).toString('utf8').split('\n').filter(Boolean).slice(0, 2000)
      .map((l) => JSON.parse(l) as { question?: string; description?: string })
      .filter((m) => m.question && m.description && m.description.length > 200)
      .map((m) => ({ title: m.question!, rules: m.description! }));
  }
  console.error('no real listing under SHARED_DATA_DIR: series are built from the fixture corpus');
  return loadFixtureCorpus().filter((m) => m.rules).map((m) => ({ title: m.title, rules: m.rules! }));
}

const bases = baseQuestions();
const corpus: SeedMarket[] = [];
for (let s = 0; corpus.length < markets; s++) {
  const base = bases[s % bases.length];
  // half the series repeat one rules text in every market (a template naming no strike)
  const templated = s % 2 === 0;
  for (let k = 0; k < seriesSize && corpus.length < markets; k++) {
    const strike = 100 + 25 * k;
    corpus.push({
      exchange: 'kalshi', market_id: `BENCH-${s}-${k}`, category: 'economics',
      title: `${base.title} (above ${strike})`,
      rules: templated ? base.rules : `If the value is above ${strike} at the close, this market resolves to Yes. ${base.rules}`,
      closed: random() >= openShare,
    });
  }
}
// written in a shuffled order, so that open markets are spread over the change sequence
for (let i = corpus.length - 1; i > 0; i--) {
  const j = Math.floor(random() * (i + 1));
  [corpus[i], corpus[j]] = [corpus[j], corpus[i]];
}
const open = corpus.filter((m) => !m.closed).length;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-backfill-'));
const db = await openDatabase({ dataDir: dir });
try {
  await seedCatalogMarkets(db.pool, corpus);
  const embedder = await Embedder.start({ modelDir: loadConfig().modelDir, workers: 1 }, new PgEmbeddingCache(db.pool), { queryCacheSize: 0 });
  const indexer = new EmbeddingIndexer({ pool: db.pool, databaseKind: db.kind, embedder, vacuumAfterWrites: true });
  const openPending = async () => {
    const { rows } = await db.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM markets m, (VALUES ('title'), ('rules')) AS k(kind)
       WHERE NOT m.closed AND NOT EXISTS (SELECT 1 FROM market_embeddings e WHERE e.exchange = m.exchange AND e.market_id = m.market_id AND e.kind = k.kind)`,
    );
    return rows[0].n;
  };
  const started = performance.now();
  let openDoneMs: number | null = null;
  let checking = false;
  const result = await indexer.runOnce(() => {
    if (openDoneMs !== null || checking) return;
    checking = true;
    void openPending().then((n) => {
      if (n === 0 && openDoneMs === null) openDoneMs = performance.now() - started;
      checking = false;
    });
  });
  const totalMs = performance.now() - started;
  const texts = 2 * corpus.length;
  console.log(JSON.stringify({
    markets: corpus.length, open, series_size: seriesSize,
    total_s: +(totalMs / 1000).toFixed(1),
    texts_per_s: +(texts / (totalMs / 1000)).toFixed(1),
    model_texts: embedder.pool.stats.bulkTexts, model_passes: embedder.pool.stats.bulkPasses,
    reused_texts: embedder.stats.cached, embedded_result: result.embedded,
    open_embedded_after_s: openDoneMs === null ? null : +(openDoneMs / 1000).toFixed(1),
    load: os.loadavg().map((l) => l.toFixed(1)).join(' '),
  }));
  await indexer.stop();
  await embedder.close();
} finally {
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
