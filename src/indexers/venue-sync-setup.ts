// Schedules one sync job per venue (cron + advisory-lock leadership) over the sync adapters of the
// venue runtime (src/venues/runtime.ts). Nothing here names a venue: how each one keeps up between
// full listings comes from its descriptor (`sync.incremental`). One schedule runs them all: each run is
// incremental unless a full listing is due (see venue-sync.ts).
import type pg from 'pg';
import type { Logger } from 'pino';
import type { CatalogChangeEmitter } from '../catalog/changes.js';
import type { Clock } from '../util/clock.js';
import type { VenueAdapter } from '../venues/adapter.js';
import type { ExchangeCode } from '../venues/exchanges.js';
import { VENUES } from '../venues/index.js';
import { AdvisoryLocks } from '../db/advisory-locks.js';
import { JobScheduler } from './scheduler.js';
import { VenueSync, type SyncResult } from './venue-sync.js';

export interface VenueSyncJobsOptions {
  pool: pg.Pool;
  /** External databases keep the job locks on a dedicated connection (see scheduler.ts). */
  databaseKind: 'embedded' | 'external';
  adapters: Partial<Record<ExchangeCode, VenueAdapter>>;
  clock: Clock;
  logger?: Logger;
  changes?: CatalogChangeEmitter;
  schedule: string;
  /** Per-venue overrides; null = no scheduled sync for that venue. */
  schedules?: Record<string, string | null>;
  pageSize?: number;
  /** Where each venue's listing comes from (src/venues/runtime.ts `catalogSources`). */
  sources?: Partial<Record<ExchangeCode, string>>;
  /** The largest share of a venue's catalog one sync may tombstone. */
  maxRemovalShare?: number;
  /** How long after a full listing began the next run is full again; 0 = every run is full. */
  fullIntervalMs?: number;
  /** Requests each venue's sync adapter has sent (src/venues/runtime.ts `syncRequests`). */
  requests?: Partial<Record<ExchangeCode, { readonly count: number }>>;
  /** Hears of every finished sync run (the operator's metrics). */
  onSyncResult?: (result: SyncResult) => void;
}

export interface VenueSyncJobs {
  scheduler: JobScheduler;
  syncs: Partial<Record<ExchangeCode, VenueSync>>;
  /** Runs the sync of every venue with a schedule now (concurrently), each under its lock; resolves with what ran. */
  syncAllNow(): Promise<SyncResult[]>;
  stop(): Promise<void>;
}

export const venueSyncJobName = (code: ExchangeCode): string => `venue-sync:${code}`;

export async function startVenueSyncJobs(opts: VenueSyncJobsOptions): Promise<VenueSyncJobs> {
  const locks = await AdvisoryLocks.open(opts.pool, opts.databaseKind === 'external');
  const scheduler = new JobScheduler(locks, opts.logger);
  const syncs: Partial<Record<ExchangeCode, VenueSync>> = {};
  const automatic: ExchangeCode[] = [];
  try {
    for (const [code, adapter] of Object.entries(opts.adapters) as [ExchangeCode, VenueAdapter][]) {
      const sync = new VenueSync({
        pool: opts.pool, adapter, clock: opts.clock, logger: opts.logger, changes: opts.changes, pageSize: opts.pageSize,
        vacuumAfterWrites: opts.databaseKind === 'embedded', source: opts.sources?.[code], maxRemovalShare: opts.maxRemovalShare,
        incremental: opts.fullIntervalMs === 0 ? undefined : VENUES.find((v) => v.code === code)?.sync.incremental, fullIntervalMs: opts.fullIntervalMs, requests: opts.requests?.[code],
      });
      syncs[code] = sync;
      const schedule = code in (opts.schedules ?? {}) ? opts.schedules![code] : opts.schedule;
      scheduler.add({
        name: venueSyncJobName(code), schedule,
        run: async (signal) => {
          const result = await sync.run({ signal });
          opts.onSyncResult?.(result);
          return result;
        },
      });
      if (schedule !== null) automatic.push(code);
    }
  } catch (err) {
    await scheduler.stop();
    throw err;
  }
  return {
    scheduler,
    syncs,
    async syncAllNow() {
      const outcomes = await Promise.all(automatic.map((code) => scheduler.trigger(venueSyncJobName(code))));
      return outcomes.flatMap((o) => (o.ran && o.result && typeof o.result === 'object' && 'exchange' in o.result ? [o.result as SyncResult] : []));
    },
    stop: () => scheduler.stop(),
  };
}
