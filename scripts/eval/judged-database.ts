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

export interface EmbedBudget {
  /** Stop once the titles are done, before the rules pass over every market (open markets' rules come first and stay). */
  titlesOnly?: boolean;
  /** Stop after this many minutes. */
  minutes?: number;
}

/**
 * Embeds what is not embedded yet, titles first, saying how far it got every few batches. A budget
 * stops the indexer between batches (what it wrote is kept and the next run goes on from there):
 * the embedded database keeps nothing of a process killed mid-run, so a long pass on a loaded
 * machine is cut this way, not by a signal.
 */
export async function embedJudgedDatabase(db: Database, embedder: Embedder, budget: EmbedBudget = {}, log: (line: string) => void = (l) => console.error(l)): Promise<void> {
  let batches = 0;
  const deadline = budget.minutes === undefined ? Infinity : Date.now() + budget.minutes * 60_000;
  const indexer = new EmbeddingIndexer({ pool: db.pool, databaseKind: db.kind, embedder, batchSize: 512 });
  await indexer.runOnce((p) => {
    if (batches++ % 5 === 0) log(`embedding ${p.phase}: ${p.processed} of ${p.total} markets looked at, ${p.embedded} texts embedded`);
    const titlesDone = budget.titlesOnly && p.phase === 'rules' && !p.open;
    if (titlesDone || Date.now() > deadline) {
      log(`embedding stopped (${titlesDone ? 'titles done' : `${budget.minutes} minutes`}): ${p.embedded} texts embedded in this run, kept`);
      // stop() also waits for the run, which is waiting for this callback: not awaited
      void indexer.stop();
    }
  });
}
