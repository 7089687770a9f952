// Full reindex: build a new versioned index from the whole catalog, catch up with changes made
// meanwhile, then switch the alias to it in one atomic call (searches never fail during the swap)
// and drop the old index after a short grace period. On PostgreSQL the table is rebuilt in place.
//   npx tsx scripts/reindex.ts [--batch 2000]
import { rebuildSearchIndex } from '../src/indexers/search-indexer.js';
import { openSearchScript, printSummary, progressBar, runScript } from './lib/search-script-support.js';
import { exitOnHelp } from './lib/cli-args.js';

exitOnHelp(import.meta.url);

function batchSize(argv: string[]): number {
  const i = argv.indexOf('--batch');
  const n = i >= 0 ? Number(argv[i + 1]) : 2000;
  if (!Number.isInteger(n) || n < 1 || n > 20_000) throw new Error('--batch must be an integer in 1..20000');
  return n;
}

runScript(async () => {
  const size = batchSize(process.argv.slice(2));
  const ctx = await openSearchScript();
  try {
    const bar = progressBar();
    let phase = '';
    const result = await rebuildSearchIndex({
      pool: ctx.db.pool,
      writer: ctx.backend,
      batchSize: size,
      onProgress: (p, current) => {
        if (current !== phase) {
          phase = current;
          bar.start(p.total, current === 'bulk' ? 'bulk load' : 'catch-up ');
        }
        bar.update(p.done, p.total);
      },
    });
    bar.stop();
    printSummary('reindex', [
      ['engine', ctx.engineLabel],
      ['new index', result.index],
      ['previous index', result.previous ?? '(none)'],
      ['bulk documents', result.bulk.written],
      ['bulk failures', result.bulk.failed],
      ['bulk rate', `${Math.round(result.bulk.perSecond)} markets/s (${result.bulk.seconds.toFixed(1)} s)`],
      ['caught up (during build)', `${result.catchUp.written} written, ${result.catchUp.deleted} deleted`],
      ['caught up (after swap)', `${result.afterSwap.written} written, ${result.afterSwap.deleted} deleted`],
      ['documents in index', await ctx.backend.count()],
    ]);
    return result.bulk.failed + result.catchUp.failed.length ? 1 : 0;
  } finally {
    await ctx.close();
  }
});
