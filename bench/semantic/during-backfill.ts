// Semantic search latency while the embedding indexer backfills rules texts, next to the idle
// figures, in one run: bulk passes up to DEFAULT_BULK_BATCH_TOKENS, vectors written
// DEFAULT_WRITE_CHUNK_ROWS per transaction, searches batched (src/util/micro-batcher.ts).
// One embedding worker serves both the searches and the indexer, as in the service. It measures idle
// at 1 and 4 clients, then starts the rules pass of the indexer (a full backfill of the rules not
// embedded yet) and measures 1 and 4 clients while it runs. The same with the scheduling before
// (d91002b: 4,096-token bulk passes, one transaction a batch, one statement a search) is recorded in
// bench/HISTORY.md; an earlier revision is measured by running this file from a checkout of it
// (bench/support/revision.ts).
//
//   npx tsx bench/semantic/during-backfill.ts [--data-dir ./data/bench-semantic] [--seconds 15]
// The catalog must hold title embeddings and rules still to embed: prepare-corpus.ts, then
// scripts/backfill-embeddings.ts stopped once the titles are done (each run embeds a few thousand
// rules; `--reset-rules` forgets the rules vectors first so that a run always has work).
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/db/database.js';
import { createSemanticRouter } from '../../src/http/routes/semantic-search.js';
import { SemanticSearchService } from '../../src/search/semantic/semantic-search.js';
import { Embedder } from '../../src/embeddings/embedder.js';
import { PgEmbeddingCache } from '../../src/embeddings/embedding-cache-repository.js';
import { EmbeddingIndexer } from '../../src/indexers/embeddings-indexer.js';
import { MarketEmbeddingStore } from '../../src/search/semantic/market-embedding-repository.js';
import { startKeyedApp } from '../support/keyed-app.js';
import { loadConfig } from '../../src/config.js';
import { benchmarkQueries, closedLoop, fmt, fmt2, pct, withFilters } from './load.js';
import { arg } from '../../scripts/lib/cli-args.js';

const dataDir = path.resolve(arg('data-dir', './data/bench-semantic'));
const seconds = Number(arg('seconds', '15'));

const db = await openDatabase({ dataDir });
const store = new MarketEmbeddingStore(db.pool);
if (process.argv.includes('--reset-rules')) {
  await db.pool.query(`DELETE FROM embedding_cache WHERE text_hash IN (SELECT text_hash FROM market_embeddings WHERE kind = 'rules')`);
  await db.pool.query(`DELETE FROM market_embeddings WHERE kind = 'rules'`);
  await db.pool.query(`UPDATE embedding_index_state SET last_change_seq = 0 WHERE name = 'cursor:rules'`);
  await db.pool.query('VACUUM market_embeddings');
}
const queries = benchmarkQueries();
const distinct = (n: number) => withFilters(queries[n % queries.length], Math.floor(n / queries.length));

const rows: string[] = [];
const summary: string[] = [];
const embedder = await Embedder.start({ modelDir: loadConfig().modelDir, workers: 1 }, new PgEmbeddingCache(db.pool), { queryCacheSize: 0 });
const service = new SemanticSearchService(db.pool, embedder);
const app = await startKeyedApp({
  db, plan: 'max',
  routers: (ctx) => [{ path: '/search', router: createSemanticRouter({ requireFeature: ctx.requireFeature, getService: () => service }) }],
});
await closedLoop(app, 2, 3, distinct); // warm-up
const p95 = new Map<string, number>();
const measure = async (phase: string, clients: number, indexer?: EmbeddingIndexer) => {
  const before = { ...embedder.pool.stats };
  const { samples, perSecond } = await closedLoop(app, clients, seconds, distinct);
  const bulk = embedder.pool.stats.bulkTexts - before.bulkTexts;
  const totals = samples.map((s) => s.total);
  p95.set(`${phase}/${clients}`, pct(totals, 0.95));
  rows.push(`| ${phase} | ${clients} | ${samples.length} | ${perSecond.toFixed(1)} | ${fmt(totals)} | ${fmt2(samples.map((s) => s.embed))} | ${fmt2(samples.map((s) => s.db))} | ${indexer ? (bulk / seconds).toFixed(1) : '-'} |`);
  console.error(rows[rows.length - 1]);
};
await measure('idle', 1);
await measure('idle', 4);
const pending = await store.pending();
if (pending.rules === 0) throw new Error('no rules left to embed: run with --reset-rules');
const indexer = new EmbeddingIndexer({ pool: db.pool, databaseKind: db.kind, embedder, vacuumAfterWrites: true });
const run = indexer.runOnce();
// the title pass has nothing to do; wait until the rules pass is embedding
const started = embedder.pool.stats.bulkPasses;
while (embedder.pool.stats.bulkPasses === started) await new Promise((r) => setTimeout(r, 50));
await measure('rules backfill', 1, indexer);
await measure('rules backfill', 4, indexer);
await indexer.stop();
await run;
const ratio = p95.get('rules backfill/1')! / p95.get('idle/1')!;
summary.push(`p95 at 1 client during the backfill / idle = ${p95.get('rules backfill/1')!.toFixed(1)} / ${p95.get('idle/1')!.toFixed(1)} ms = ${ratio.toFixed(2)}x (target <= 2x: ${ratio <= 2 ? 'met' : 'MISSED'})`);
await app.close();
await embedder.close();

console.log([
  `Catalog ${dataDir}: ${JSON.stringify(await store.counts())} vectors; ${queries.length} distinct queries; ${seconds} s per row; ` +
    `${os.availableParallelism()} cores; load average at end ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}.`,
  '',
  '| phase | clients | requests | req/s | total p50 / p95 / p99 (ms) | embedding p50 / p95 (ms) | database p50 / p95 (ms) | rules texts embedded /s |',
  '|---|---|---|---|---|---|---|---|',
  ...rows,
  '',
  ...summary,
].join('\n'));
await db.close();
