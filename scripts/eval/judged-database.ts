// The judged listings in a kept database directory (default ./data/eval-search, git-ignored): the
// catalog seeded through the catalog writer and, unless asked not to, every title and rules text
// embedded (once: the indexer skips what is stored; the rules take tens of minutes the first time).
import type { Database } from '../../src/db/database.js';
import { openDatabase } from '../../src/db/database.js';
import type { Embedder } from '../../src/embeddings/embedder.js';
import { EmbeddingIndexer } from '../../src/indexers/embeddings-indexer.js';
import { seedCatalogMarkets } from '../lib/catalog-seed.js';
import type { Market } from '../../src/venues/records.js';

export async function openJudgedDatabase(dataDir: string, markets: Market[]): Promise<Database> {
  const db = await openDatabase({ dataDir });
  const { rows } = await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM markets');
  if (rows[0].n < markets.length) {
    await seedCatalogMarkets(db.pool, markets.map(({ raw: _raw, updated_at: _u, ...m }) => m));
  }
  return db;
}

/** Embeds what is not embedded yet, titles first, saying how far it got every few batches. */
export async function embedJudgedDatabase(db: Database, embedder: Embedder, log: (line: string) => void = (l) => console.error(l)): Promise<void> {
  let batches = 0;
  await new EmbeddingIndexer({ pool: db.pool, databaseKind: db.kind, embedder, batchSize: 512 }).runOnce((p) => {
    if (batches++ % 5 === 0) log(`embedding ${p.phase}: ${p.processed} of ${p.total} markets looked at, ${p.embedded} texts embedded`);
  });
}
