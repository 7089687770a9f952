// Compare the catalog with the search index: live markets per exchange against documents per
// exchange, and how far the index lags behind the catalog's change sequence. Exit 1 on mismatch.
//   npx tsx scripts/check-index.ts
import { catalogCounts, catalogHighWater } from '../src/indexers/search-indexer.js';
import { readIndexState } from '../src/search/search-index-state-repository.js';
import { openSearchScript, printSummary, progressBar, runScript } from './lib/search-script-support.js';
import { exitOnHelp } from './lib/cli-args.js';

exitOnHelp(import.meta.url);

runScript(async () => {
  const ctx = await openSearchScript();
  try {
    const index = await ctx.backend.liveIndex();
    if (!index) {
      console.error('no search index yet: run scripts/create-indices.ts');
      return 1;
    }
    const bar = progressBar();
    bar.start(4, 'checking');
    const catalog = await catalogCounts(ctx.db.pool);
    bar.update(1);
    await ctx.backend.refresh();
    const indexed = await ctx.backend.countByExchange();
    bar.update(2);
    const highWater = await catalogHighWater(ctx.db.pool);
    bar.update(3);
    const position = await readIndexState(ctx.db.pool, index);
    bar.update(4);
    bar.stop();

    const exchanges = [...new Set([...catalog.keys(), ...indexed.keys()])].sort();
    const rows: [string, string | number][] = [['engine', ctx.engineLabel], ['index', index]];
    let mismatches = 0;
    for (const ex of exchanges) {
      const c = catalog.get(ex) ?? 0;
      const i = indexed.get(ex) ?? 0;
      if (c !== i) mismatches++;
      rows.push([ex, `catalog ${c}  index ${i}${c === i ? '' : `  MISMATCH (${i - c > 0 ? '+' : ''}${i - c})`}`]);
    }
    const totalCatalog = [...catalog.values()].reduce((a, b) => a + b, 0);
    const totalIndex = [...indexed.values()].reduce((a, b) => a + b, 0);
    rows.push(['total', `catalog ${totalCatalog}  index ${totalIndex}`]);
    rows.push(['lag (change_seq)', `${highWater - position} (index at ${position}, catalog at ${highWater})`]);
    rows.push(['verdict', mismatches === 0 && position >= highWater ? 'OK' : mismatches ? 'MISMATCH' : 'BEHIND (run the indexer)']);
    printSummary('check-index', rows);
    return mismatches === 0 ? 0 : 1;
  } finally {
    await ctx.close();
  }
});
