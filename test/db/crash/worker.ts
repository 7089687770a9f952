// The child process of the crash-safety tests (test/db/crash-safety.test.ts): runs one piece of the
// service's own code against a database until the test kills it with SIGKILL, printing a line per
// committed step so that the test can kill it mid-run.
//   sync     a venue sync of the Polymarket simulator at SIM_BASE_URLS (VenueSync, as the job runs it)
//   reindex  incremental search indexing of the catalog into the PostgreSQL engine (as the job runs it)
//   embed    the embedding backfill (EmbeddingIndexer with the real model in MODEL_DIR), lease of
//            CRASH_LEASE_SECONDS
// The database: DATABASE_URL, else the embedded one in DATA_DIR.
import { Embedder } from '../../../src/embeddings/embedder.js';
import { PgEmbeddingCache } from '../../../src/embeddings/embedding-cache-repository.js';
import { EmbeddingIndexer } from '../../../src/indexers/embeddings-indexer.js';
import { indexChangedMarkets } from '../../../src/indexers/search-indexer.js';
import { VenueSync } from '../../../src/indexers/venue-sync.js';
import { openDatabase } from '../../../src/db/database.js';
import { PostgresSearchEngine } from '../../../src/search/postgres/search-repository.js';
import { systemClock } from '../../../src/util/clock.js';
import { createAdapter } from '../../../src/venues/registry.js';

const mode = process.argv[2];
const page = Number(process.env.CRASH_PAGE_SIZE ?? 5);
const db = await openDatabase({ dataDir: process.env.DATA_DIR ?? './data', databaseUrl: process.env.DATABASE_URL || undefined });
if (mode === 'sync') {
  const adapter = createAdapter('polymarket', { baseUrls: JSON.parse(process.env.SIM_BASE_URLS ?? '{}') as Record<string, string>, http: { retries: 0, timeoutMs: 10_000 } });
  const sync = new VenueSync({ pool: db.pool, adapter, clock: systemClock, pageSize: page, vacuumAfterWrites: db.kind === 'embedded' });
  const r = await sync.run({ onProgress: () => console.log('step') });
  console.log(JSON.stringify({ done: r.ok, resumed: r.resumed, markets: r.markets, error: r.error }));
} else if (mode === 'reindex') {
  const r = await indexChangedMarkets({ pool: db.pool, writer: new PostgresSearchEngine({ pool: db.pool }), batchSize: page, onProgress: () => console.log('step') });
  console.log(JSON.stringify({ done: true, written: r.written, fromSeq: r.fromSeq, toSeq: r.toSeq }));
} else if (mode === 'embed') {
  const embedder = await Embedder.start({ modelDir: process.env.MODEL_DIR ?? './models', workers: 1 }, new PgEmbeddingCache(db.pool), { queryCacheSize: 0 });
  const indexer = new EmbeddingIndexer({ pool: db.pool, databaseKind: db.kind, embedder, batchSize: page, leaseSeconds: Number(process.env.CRASH_LEASE_SECONDS ?? 300) });
  const r = await indexer.runOnce((p) => p.processed > 0 && console.log('step'));
  console.log(JSON.stringify({ done: r.ran, embedded: r.embedded, markets: r.markets }));
  await embedder.close();
} else throw new Error(`unknown mode ${mode}`);
await db.close();
