// Embeds every market's title and rules that is not embedded yet (or whose text changed), with a
// progress bar. Safe to stop and run again: finished batches are committed with the indexer's
// cursor, and vectors already computed are reused from the text-hash cache.
//
// Usage: npx tsx scripts/backfill-embeddings.ts [--full] [--batch 256]
//   --full   re-check every market from the start (texts whose hash is unchanged are not re-embedded)
// Settings as the service: DATA_DIR / DATABASE_URL, MODEL_DIR.
//
// With the embedded database (no DATABASE_URL) the data directory belongs to one process: stop the
// service first, or let the service's own indexer do the backfill (it runs in the background at
// start, and search answers meanwhile). With DATABASE_URL this runs next to live services; the
// indexing lease keeps it from racing their indexers.
import { progressBar } from '../src/util/progress.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { createLogger } from '../src/logger.js';
import { Embedder } from '../src/embeddings/embedder.js';
import { PgEmbeddingCache } from '../src/embeddings/embedding-cache-repository.js';
import { EmbeddingIndexer } from '../src/indexers/embeddings-indexer.js';
import { exitOnHelp } from './lib/cli-args.js';

exitOnHelp(import.meta.url);

function argValue(flag: string): string | undefined {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const config = loadConfig();
const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
const db = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, logger });
let embedder: Embedder | undefined;
// Stopped in `finally` too: a failure must not leave a half-drawn bar behind its message.
let stopBar = (): void => {};
try {
  embedder = await Embedder.start({ modelDir: config.modelDir }, new PgEmbeddingCache(db.pool));
  const indexer = new EmbeddingIndexer({
    pool: db.pool, databaseKind: db.kind, embedder, logger, batchSize: Number(argValue('--batch') ?? 256), vacuumAfterWrites: db.kind === 'embedded',
  });
  if (process.argv.includes('--full')) await indexer.store.resetCursors();

  // In logs (no terminal) a line every 10 s instead of redrawing.
  const bar = progressBar('embeddings ({phase}) |{bar}| {percentage}% | {value}/{total} | {embedded} texts embedded | {rate}/s {time_left}');
  stopBar = () => bar.stop();
  const started = Date.now();
  let barStarted = false;
  const stop = () => {
    // Finish the batch in progress (it commits with the cursor), then exit.
    console.error('\nstopping after the current batch...');
    void indexer.stop();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);

  const result = await indexer.runOnce((p) => {
    const rate = (p.processed / Math.max(1, (Date.now() - started) / 1000)).toFixed(1);
    const phase = `${p.open ? 'open markets\' ' : ''}${p.phase === 'title' ? 'titles' : 'rules'}`;
    if (!barStarted) {
      bar.start(p.total, p.processed, { embedded: p.embedded, rate, phase });
      barStarted = true;
    }
    bar.setTotal(p.total);
    bar.update(p.processed, { embedded: p.embedded, rate, phase });
  });
  bar.stop();
  if (!result.ran) {
    console.error('another instance is indexing embeddings right now (lease held); nothing done');
    process.exitCode = 2;
  } else {
    const counts = await indexer.store.counts();
    console.log(
      `checked ${result.markets} markets, embedded ${result.embedded} texts, removed ${result.removed} in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
        `stored: ${counts.title} titles, ${counts.rules} rules`,
    );
  }
} catch (err) {
  stopBar();
  console.error('backfill failed:', err); // the stack too: this is not an expected outcome
  process.exitCode = 1;
} finally {
  stopBar();
  await embedder?.close();
  await db.close();
}
