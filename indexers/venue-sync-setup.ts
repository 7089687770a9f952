// Builds what the venue sync and the per-venue read routes run on, from the configuration: one
// adapter per registered venue for syncing (patient: retries, long timeouts) and one for live reads
// (short timeout, one retry, so a slow venue becomes a 504 rather than a hung request). With
// EXCHANGE_MODE=sim the in-process simulators are started and the adapters pointed at them.
// Also schedules one sync job per venue (cron + advisory-lock leadership). Nothing here names a venue.
import type pg from 'pg';
import type { Logger } from 'pino';
import type { CatalogChangeEmitter } from '../src/catalog/changes.js';
import type { Config } from '../src/config.js';
import { simulatedExchanges, startSimulators, type RunningSimulators, type SimulatorOptions } from '../src/sim/index.js';
import type { Clock } from '../src/util/clock.js';
import type { VenueAdapter } from '../src/venues/adapter.js';
import type { AdapterHttpOptions } from '../src/venues/adapter-config.js';
import type { ExchangeCode } from '../src/venues/exchanges.js';
import { baseUrlsFromEnv, createAdapter, registeredExchanges } from '../src/venues/registry.js';
import { AdvisoryLocks, JobScheduler } from './scheduler.js';
import { VenueSync, type SyncResult } from './venue-sync.js';

export interface VenueRuntime {
  /** Venues with an adapter in this process, in x1..x9 order. */
  exchanges: ExchangeCode[];
  syncAdapters: Partial<Record<ExchangeCode, VenueAdapter>>;
  liveAdapters: Partial<Record<ExchangeCode, VenueAdapter>>;
  /** The running simulators in sim mode, else null. */
  simulators: RunningSimulators | null;
  close(): Promise<void>;
}

export interface VenueRuntimeOptions {
  mode: Config['exchangeMode'];
  /** `<CODE>_<KEY>_URL` overrides (live mode). */
  venueUrlEnv?: Record<string, string>;
  liveTimeoutMs: number;
  /** Only these venues (default: every registered one). */
  only?: readonly ExchangeCode[];
  /** Simulator options (sim mode), shared and per venue. */
  simulator?: SimulatorOptions;
  simulatorPerVenue?: Partial<Record<ExchangeCode, SimulatorOptions>>;
  /** HTTP overrides of the sync adapters (tests make retries fast). */
  syncHttp?: AdapterHttpOptions;
  logger?: Logger;
}

export async function startVenueRuntime(opts: VenueRuntimeOptions): Promise<VenueRuntime> {
  let codes = registeredExchanges().filter((c) => !opts.only || opts.only.includes(c));
  let simulators: RunningSimulators | null = null;
  if (opts.mode === 'sim') {
    const simulated = new Set(simulatedExchanges());
    const missing = codes.filter((c) => !simulated.has(c));
    if (missing.length) opts.logger?.warn({ missing }, 'venues without a simulator are left out in sim mode');
    codes = codes.filter((c) => simulated.has(c));
    simulators = await startSimulators(codes, opts.simulator ?? {}, opts.simulatorPerVenue ?? {});
  }
  const syncAdapters: Partial<Record<ExchangeCode, VenueAdapter>> = {};
  const liveAdapters: Partial<Record<ExchangeCode, VenueAdapter>> = {};
  try {
    for (const code of codes) {
      const baseUrls = simulators ? simulators.baseUrls[code] : baseUrlsFromEnv(code, opts.venueUrlEnv ?? {});
      syncAdapters[code] = createAdapter(code, { baseUrls, http: opts.syncHttp });
      liveAdapters[code] = createAdapter(code, { baseUrls, http: { timeoutMs: opts.liveTimeoutMs, retries: 1, backoffBaseMs: 100, backoffMaxMs: 500, maxRetryAfterMs: 2_000 } });
    }
  } catch (err) {
    await simulators?.stop();
    throw err;
  }
  opts.logger?.info({ exchanges: codes, mode: opts.mode }, 'venue adapters ready');
  return {
    exchanges: codes,
    syncAdapters,
    liveAdapters,
    simulators,
    async close() {
      const all = [...Object.values(syncAdapters), ...Object.values(liveAdapters)];
      await Promise.allSettled(all.map((a) => a?.close?.()));
      await simulators?.stop();
    },
  };
}

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
        vacuumAfterWrites: opts.databaseKind === 'embedded',
      });
      syncs[code] = sync;
      const schedule = code in (opts.schedules ?? {}) ? opts.schedules![code] : opts.schedule;
      scheduler.add({ name: venueSyncJobName(code), schedule, run: (signal) => sync.run({ signal }) });
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
