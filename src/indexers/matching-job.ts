// The scheduled cross-venue matching job (src/matching/): an incremental run after each venue sync
// that changed markets, and on its own schedule, which also picks up the embedding passes (a market
// is re-matched when its title or rules vector arrives or changes). The scheduler's advisory lock
// makes one instance run it at a time; the Matcher keeps its in-memory vectors between runs.
import type pg from 'pg';
import type { Logger } from 'pino';
import type { CatalogWriter } from '../catalog/catalog-write-repository.js';
import { judgePair } from '../matching/judge.js';
import { Matcher, type MatchRunResult } from '../matching/matcher.js';
import type { JobDefinition } from './scheduler.js';

export const MATCHING_JOB = 'matching';

export interface MatchingJobOptions {
  pool: pg.Pool;
  writer: CatalogWriter;
  logger?: Logger;
  /** cron expression; default every two minutes (syncs also trigger it directly) */
  schedule?: string | null;
  /** Called after a run that changed some market's svc_id/cluster_id (e.g. to re-index search now). */
  onAssigned?: () => void;
}

export function createMatchingJob(opts: MatchingJobOptions): JobDefinition & { matcher: Matcher } {
  const matcher = new Matcher({ pool: opts.pool, writer: opts.writer, judge: judgePair, logger: opts.logger });
  const log = opts.logger?.child({ component: 'matching' });
  return {
    name: MATCHING_JOB,
    schedule: opts.schedule === undefined ? '*/2 * * * *' : opts.schedule,
    matcher,
    async run(): Promise<MatchRunResult> {
      const result = await matcher.run();
      if (result.marketsAssigned > 0) opts.onAssigned?.();
      if (result.rematched > 0 || result.marketsAssigned > 0) log?.info(result, 'matching run');
      else log?.debug(result, 'matching run: nothing changed');
      return result;
    },
  };
}
