// Loads the benchmark catalog into a data directory (default ./data/bench-semantic): the real
// Polymarket listing from ../shared/data (22k markets) when present, else the fixture corpus
// varied up to 20,000 markets. Then embed it with:
//   DATA_DIR=./data/bench-semantic npx tsx scripts/backfill-embeddings.ts
// Usage: npx tsx bench/semantic/prepare-corpus.ts [--data-dir DIR]
import path from 'node:path';
import { openDatabase } from '../../src/db/database.js';
import { loadFixtureCorpus, type CorpusMarket } from '../../scripts/eval/catalog-fixture.js';
import { seedCatalogMarkets } from '../../scripts/lib/catalog-seed.js';
import { loadPolymarketCorpus, realDataAvailable } from '../../scripts/eval/real-corpus.js';

const i = process.argv.indexOf('--data-dir');
const dataDir = path.resolve(i >= 0 ? process.argv[i + 1] : './data/bench-semantic');

let markets: CorpusMarket[];
if (realDataAvailable()) {
  markets = loadPolymarketCorpus();
  console.log(`real Polymarket listing: ${markets.length} markets`);
} else {
  // Without the shared data: the fixture corpus with numbered variants (years, thresholds), so the
  // index holds 20,000 distinct texts. Latency only; quality is measured on the fixture itself.
  const base = loadFixtureCorpus();
  markets = Array.from({ length: 20_000 }, (_, n) => {
    const m = base[n % base.length];
    const variant = Math.floor(n / base.length);
    return { ...m, market_id: `${m.market_id}-v${variant}`, title: `${m.title} (round ${variant})`, rules: `${m.rules} Variant ${variant}.` };
  });
  console.log(`../shared/data absent: ${markets.length} fixture variants`);
}
const db = await openDatabase({ dataDir });
try {
  await seedCatalogMarkets(db.pool, markets);
  const { rows } = await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM markets');
  console.log(`catalog in ${dataDir}: ${rows[0].n} markets`);
} finally {
  await db.close();
}
