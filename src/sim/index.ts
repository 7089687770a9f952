/**
 * Starts venue simulators in-process (tests, `npm run sim`, `EXCHANGE_MODE=sim`) and hands back the
 * base URLs to point the adapters at.
 */
import { EXCHANGE_CODES, type ExchangeCode } from '../venues/exchanges.js';
import { SIMULATORS } from './registry.js';
import type { RunningSimulator, SimulatorOptions } from './types.js';

export type { RunningSimulator, SimulatorOptions, SimulatorFactory } from './types.js';
export { SimServer } from './server.js';
export { SimActivity } from './activity.js';

export interface RunningSimulators {
  simulators: Partial<Record<ExchangeCode, RunningSimulator>>;
  /** Base URLs per venue, ready for `createAdapter(code, { baseUrls })`. */
  baseUrls: Partial<Record<ExchangeCode, Record<string, string>>>;
  stop(): Promise<void>;
}

/** Venue codes that have a simulator registered, in x1..x9 order. */
export function simulatedExchanges(): ExchangeCode[] {
  return EXCHANGE_CODES.filter((c) => SIMULATORS[c] !== undefined);
}

/**
 * Starts the simulators of `codes` (default: every registered one). Per-venue options (e.g. a corpus
 * file) override the shared ones. If one fails to start, the ones already started are stopped.
 */
export async function startSimulators(
  codes: readonly ExchangeCode[] = simulatedExchanges(),
  opts: SimulatorOptions = {},
  perVenue: Partial<Record<ExchangeCode, SimulatorOptions>> = {},
): Promise<RunningSimulators> {
  const simulators: Partial<Record<ExchangeCode, RunningSimulator>> = {};
  const stopAll = async (): Promise<void> => {
    await Promise.all(Object.values(simulators).map((s) => s?.stop()));
  };
  try {
    for (const code of codes) {
      const factory = SIMULATORS[code];
      if (!factory) throw new Error(`no simulator registered for ${code}`);
      simulators[code] = await factory({ ...opts, ...perVenue[code] });
    }
  } catch (err) {
    await stopAll();
    throw err;
  }
  const baseUrls: Partial<Record<ExchangeCode, Record<string, string>>> = {};
  for (const [code, s] of Object.entries(simulators) as [ExchangeCode, RunningSimulator][]) baseUrls[code] = s.baseUrls;
  return { simulators, baseUrls, stop: stopAll };
}
