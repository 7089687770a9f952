// The scheduled search-indexing job: incremental indexing of what changed in the catalog, run on a
// schedule (safety net) and right after each venue sync that changed something. The scheduler's
// advisory lock makes it run once across instances; the hot-prefix cache of this process is
// dropped after every run that wrote (other processes notice through src/search/index-watcher.ts).
import type pg from 'pg';
import type { Logger } from 'pino';
import type { SearchIndexWriter } from '../search/engine.js';
import type { ResponseCache } from '../search/response-cache.js';
import type { JobDefinition } from './scheduler.js';
import { indexChangedMarkets, type IndexRunResult } from './search-indexer.js';

export const SEARCH_INDEX_JOB = 'search-index';

export interface SearchIndexJobOptions {
  pool: pg.Pool;
  writer: SearchIndexWriter;
  cache?: ResponseCache;
  logger?: Logger;
  /** cron expression; default every minute (syncs also trigger it directly) */
  schedule?: string | null;
}

export function createSearchIndexJob(opts: SearchIndexJobOptions): JobDefinition {
  const logger = opts.logger?.child({ component: 'search-indexer' });
  return {
    name: SEARCH_INDEX_JOB,
    schedule: opts.schedule === undefined ? '* * * * *' : opts.schedule,
    async run(): Promise<IndexRunResult> {
      const started = Date.now();
      const result = await indexChangedMarkets({ pool: opts.pool, writer: opts.writer });
      if (result.written + result.deleted > 0) {
        opts.cache?.invalidate();
        logger?.info(
          { index: result.index, written: result.written, deleted: result.deleted, failed: result.failed.length, to_seq: result.toSeq, ms: Date.now() - started },
          'search index updated',
        );
      }
      if (result.failed.length) {
        logger?.warn({ index: result.index, failed: result.failed.slice(0, 5) }, 'search documents refused by the engine');
      }
      return result;
    },
  };
}
