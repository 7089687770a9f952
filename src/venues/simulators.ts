/**
 * Starts venue simulators in-process (tests, `npm run sim`, `EXCHANGE_MODE=sim`) and hands back the
 * base URLs to point the adapters at. Every descriptor names its simulator (imported only here, on
 * demand: production never loads one); `src/sim` is the library they are built with.
 */
import type { RunningSimulator, SimulatorFactory, SimulatorOptions } from '../sim/types.js';
import { EXCHANGE_CODES, type ExchangeCode } from './exchanges.js';
import { VENUES } from './index.js';

export type { RunningSimulator, SimulatorOptions, SimulatorFactory } from '../sim/types.js';

export interface RunningSimulators {
  simulators: Partial<Record<ExchangeCode, RunningSimulator>>;
  /** Base URLs per venue, ready for `createAdapter(code, { baseUrls })`. */
  baseUrls: Partial<Record<ExchangeCode, Record<string, string>>>;
  stop(): Promise<void>;
}

const BY_CODE = new Map<string, (typeof VENUES)[number]>(VENUES.map((v) => [v.code, v]));

/** Venue codes that have a simulator, in x1..x9 order (every descriptor declares one). */
export function simulatedExchanges(): ExchangeCode[] {
  return EXCHANGE_CODES.filter((c) => BY_CODE.get(c)?.simulator !== undefined);
}

/** The simulator factory of one venue (imports the venue's simulator module on first use). */
export async function simulatorFor(code: ExchangeCode): Promise<SimulatorFactory> {
  const venue = BY_CODE.get(code);
  if (!venue) throw new Error(`no simulator registered for ${code}`);
  return venue.simulator();
}

/**
 * Starts the simulators of `codes` (default: every venue's). Per-venue options (e.g. a corpus file)
 * override the shared ones. If one fails to start, the ones already started are stopped.
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
      const start = await simulatorFor(code);
      simulators[code] = await start({ ...opts, ...perVenue[code] });
    }
  } catch (err) {
    await stopAll();
    throw err;
  }
  const baseUrls: Partial<Record<ExchangeCode, Record<string, string>>> = {};
  for (const [code, s] of Object.entries(simulators) as [ExchangeCode, RunningSimulator][]) baseUrls[code] = s.baseUrls;
  return { simulators, baseUrls, stop: stopAll };
}
