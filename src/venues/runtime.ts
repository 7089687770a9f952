/**
 * The venue runtime: what the venue sync and the per-venue read routes run on. One adapter per
 * registered venue for syncing (patient: retries, long timeouts) and one for live reads (short timeout,
 * one retry, so a slow venue becomes a 504 rather than a hung request). Live mode points them at the
 * venues (the descriptors' base URLs, overridden by the configuration's per-venue settings); sim mode
 * points them at simulators: those whose URLs the configuration gives (e.g. `npm run sim` in another
 * terminal, or one set shared by several instances), and in-process ones for the other venues.
 * Nothing here names a venue.
 */
import type { Logger } from 'pino';
import type { VenueAdapter } from './adapter.js';
import type { AdapterHttpOptions } from './adapter-config.js';
import type { ExchangeCode } from './exchanges.js';
import { urlEnvKey } from './descriptor.js';
import { VENUES } from './index.js';
import { createAdapter, registeredExchanges } from './registry.js';
import { RequestCounter } from './request-counter.js';
import { simulatedExchanges, startSimulators, type RunningSimulators, type SimulatorOptions } from './simulators.js';

export interface VenueRuntime {
  /** Venues with an adapter in this process, in x1..x9 order. */
  exchanges: ExchangeCode[];
  syncAdapters: Partial<Record<ExchangeCode, VenueAdapter>>;
  liveAdapters: Partial<Record<ExchangeCode, VenueAdapter>>;
  /** The in-process simulators in sim mode (not those the configuration points at), else null. */
  simulators: RunningSimulators | null;
  /** Sim mode: every venue's simulator URLs (in-process or configured), for the order and stream clients; null in live mode. */
  simBaseUrls: Partial<Record<ExchangeCode, Record<string, string>>> | null;
  /**
   * Where each venue's listings come from, as the catalog records it (the sync refuses to remove
   * markets of a catalog filled from another source): `simulator`, or `live` and the venue's
   * non-stream base URLs.
   */
  catalogSources: Partial<Record<ExchangeCode, string>>;
  /** Requests each sync adapter has sent (a sync run reports its own share). */
  syncRequests: Partial<Record<ExchangeCode, RequestCounter>>;
  close(): Promise<void>;
}

/** One venue's settings from the configuration (`Config['venues'][code]`). */
export interface VenueRuntimeSettings {
  /** Base-URL overrides by key (live mode; in sim mode, a simulator running elsewhere: all of the venue's keys). */
  baseUrls?: Record<string, string>;
  /** The venue's own market-data keys by field (live mode only: a simulator knows none of them). */
  keys?: Record<string, string>;
}

export interface VenueRuntimeOptions {
  mode: 'live' | 'sim';
  /** Per-venue settings (the configuration's `venues`). */
  venues?: Partial<Record<ExchangeCode, VenueRuntimeSettings>>;
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

/**
 * HTTP settings of the live-read adapters: fail fast, the route answers 504 rather than hang. The
 * timeout bounds a call with its retry together: a retry after a quick failure is worth it, one after
 * a timeout would double the wait the setting promises.
 */
function liveHttp(timeoutMs: number): AdapterHttpOptions {
  return { timeoutMs, totalTimeoutMs: timeoutMs, retries: 1, backoffBaseMs: 100, backoffMaxMs: 500, maxRetryAfterMs: 2_000 };
}

/** `live` and the REST base URLs a live venue's listings come from (its descriptor's, overridden by the settings). */
function liveSource(code: ExchangeCode, overrides: Record<string, string> = {}): string {
  const descriptor = VENUES.find((v) => v.code === code);
  const urls: Record<string, string> = { ...(descriptor?.baseUrls as Record<string, string> | undefined), ...overrides };
  const rest = Object.entries(urls).filter(([key, url]) => key !== 'ws' && !/^wss?:/.test(url)).sort(([a], [b]) => a.localeCompare(b));
  return `live ${rest.map(([key, url]) => `${key}=${url.replace(/\/+$/, '')}`).join(' ')}`;
}

/**
 * Sim mode: the venues whose simulator URLs the configuration gives (`<CODE>_<KEY>_URL`, as `npm run
 * sim` prints them). All of a venue's keys or none: a missing one would send that venue's reads to the
 * real venue.
 */
function configuredSimulators(codes: readonly ExchangeCode[], venues: NonNullable<VenueRuntimeOptions['venues']>): Partial<Record<ExchangeCode, Record<string, string>>> {
  const out: Partial<Record<ExchangeCode, Record<string, string>>> = {};
  for (const code of codes) {
    const given = venues[code]?.baseUrls ?? {};
    if (!Object.keys(given).length) continue;
    const keys = Object.keys(VENUES.find((v) => v.code === code)?.baseUrls ?? {});
    const missing = keys.filter((k) => !given[k]);
    if (missing.length) throw new Error(`sim mode: ${code}'s simulator URLs are set in part; set ${missing.map((k) => urlEnvKey(code, k)).join(', ')} too, or none of them (then the service starts its own ${code} simulator)`);
    out[code] = given;
  }
  return out;
}

export async function startVenueRuntime(opts: VenueRuntimeOptions): Promise<VenueRuntime> {
  const logger = opts.logger?.child({ component: 'venue-runtime' });
  let codes = registeredExchanges().filter((c) => !opts.only || opts.only.includes(c));
  let simulators: RunningSimulators | null = null;
  let simBaseUrls: VenueRuntime['simBaseUrls'] = null;
  if (opts.mode === 'sim') {
    const simulated = new Set(simulatedExchanges());
    const missing = codes.filter((c) => !simulated.has(c));
    if (missing.length) logger?.warn({ missing }, 'venues without a simulator are left out in sim mode');
    codes = codes.filter((c) => simulated.has(c));
    const configured = configuredSimulators(codes, opts.venues ?? {});
    if (Object.keys(configured).length) logger?.info({ exchanges: Object.keys(configured) }, 'sim mode: using the simulators the configuration points at for these venues');
    simulators = await startSimulators(codes.filter((c) => !configured[c]), opts.simulator ?? {}, opts.simulatorPerVenue ?? {});
    simBaseUrls = { ...simulators.baseUrls, ...configured };
  }
  const syncAdapters: Partial<Record<ExchangeCode, VenueAdapter>> = {};
  const liveAdapters: Partial<Record<ExchangeCode, VenueAdapter>> = {};
  const catalogSources: Partial<Record<ExchangeCode, string>> = {};
  const syncRequests: Partial<Record<ExchangeCode, RequestCounter>> = {};
  try {
    for (const code of codes) {
      const own = opts.venues?.[code];
      catalogSources[code] = simBaseUrls ? 'simulator' : liveSource(code, own?.baseUrls);
      const baseUrls = simBaseUrls ? simBaseUrls[code] : own?.baseUrls;
      const keys = simBaseUrls ? undefined : own?.keys;
      const counter = (syncRequests[code] = new RequestCounter());
      syncAdapters[code] = createAdapter(code, { baseUrls, keys, http: { ...opts.syncHttp, fetch: counter.wrap(opts.syncHttp?.fetch) } });
      liveAdapters[code] = createAdapter(code, { baseUrls, keys, http: liveHttp(opts.liveTimeoutMs) });
    }
  } catch (err) {
    await simulators?.stop();
    throw err;
  }
  logger?.info({ exchanges: codes, mode: opts.mode }, 'venue adapters ready');
  return {
    exchanges: codes,
    syncAdapters,
    liveAdapters,
    simulators,
    simBaseUrls,
    catalogSources,
    syncRequests,
    async close() {
      const all = [...Object.values(syncAdapters), ...Object.values(liveAdapters)];
      await Promise.allSettled(all.map((a) => a?.close?.()));
      await simulators?.stop();
    },
  };
}
