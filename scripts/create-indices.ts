// Create the search index when it does not exist (idempotent), then index whatever the catalog holds
// beyond the index's saved position.
//   npx tsx scripts/create-indices.ts            (ELASTICSEARCH_URL set: Elasticsearch; else PostgreSQL)
import { indexChangedMarkets } from '../src/indexers/search-indexer.js';
import { openSearchScript, printSummary, progressBar, runScript } from './lib/search-script-support.js';
import { exitOnHelp } from './lib/cli-args.js';

exitOnHelp(import.meta.url);

runScript(async () => {
  const ctx = await openSearchScript();
  try {
    const before = await ctx.backend.liveIndex();
    const index = await ctx.backend.ensureIndex();
    const bar = progressBar();
    bar.start(0, 'indexing');
    const run = await indexChangedMarkets({ pool: ctx.db.pool, writer: ctx.backend, onProgress: (p) => bar.update(p.done, p.total) });
    bar.stop();
    await ctx.backend.refresh();
    printSummary('create-indices', [
      ['engine', ctx.engineLabel],
      ['index', index],
      ['created', before === index ? 'no (already there)' : 'yes'],
      ['documents written', run.written],
      ['documents deleted', run.deleted],
      ['failed', run.failed.length],
      ['position (change_seq)', `${run.fromSeq} -> ${run.toSeq}`],
      ['documents in index', await ctx.backend.count()],
    ]);
    return run.failed.length ? 1 : 0;
  } finally {
    await ctx.close();
  }
});
