/**
 * One call for the composition root: adapters for every registered venue, pointed at the live APIs
 * (with `<CODE>_<KEY>_URL` environment overrides) or, with `mode: 'sim'`, at in-process simulators
 * started here.
 */
import type { VenueAdapter } from './adapter.js';
import type { AdapterHttpOptions } from './adapter-config.js';
import type { ExchangeCode } from './exchanges.js';
import { baseUrlsFromEnv, createAdapter, registeredExchanges } from './registry.js';
import type { RunningSimulators, SimulatorOptions } from '../sim/index.js';

export interface ConnectVenuesOptions {
  mode: 'live' | 'sim';
  env?: NodeJS.ProcessEnv;
  /** Default: every registered venue (in sim mode, those that also have a simulator). */
  codes?: readonly ExchangeCode[];
  http?: AdapterHttpOptions;
  sim?: SimulatorOptions;
}

export interface ConnectedVenues {
  adapters: Partial<Record<ExchangeCode, VenueAdapter>>;
  /** The simulators started in sim mode (null in live mode). */
  simulators: RunningSimulators | null;
  close(): Promise<void>;
}

export async function connectVenues(opts: ConnectVenuesOptions): Promise<ConnectedVenues> {
  const env = opts.env ?? process.env;
  let simulators: RunningSimulators | null = null;
  let codes = opts.codes ?? registeredExchanges();
  if (opts.mode === 'sim') {
    // Loaded only in sim mode: production never imports the simulators.
    const sim = await import('../sim/index.js');
    const simulated = new Set(sim.simulatedExchanges());
    codes = codes.filter((c) => simulated.has(c));
    simulators = await sim.startSimulators(codes, opts.sim ?? {});
  }
  const adapters: Partial<Record<ExchangeCode, VenueAdapter>> = {};
  for (const code of codes) {
    const baseUrls = { ...(simulators?.baseUrls[code] ?? {}), ...baseUrlsFromEnv(code, env) };
    adapters[code] = createAdapter(code, { baseUrls, http: opts.http });
  }
  return {
    adapters,
    simulators,
    close: async () => {
      await Promise.all(Object.values(adapters).map((a) => a?.close?.()));
      await simulators?.stop();
    },
  };
}
