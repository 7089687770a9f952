/** Limitless Exchange: the venue's descriptor (see ../descriptor.ts). */
import { defineVenue, type AdapterFactory } from '../descriptor.js';
import type { SimulatorFactory } from '../../sim/types.js';
import type { TradingClientFactory } from '../trading.js';
import type { StreamClientFactory } from '../stream.js';
import { limitlessFacts } from './facts.js';

export const limitless = defineVenue({
  ...limitlessFacts,
  adapter: async (): Promise<AdapterFactory> => (await import('./client.js')).createLimitlessAdapter,
  conformance: async () => (await import('./wire.js')).conformanceChecks,
  simulator: async (): Promise<SimulatorFactory> => (await import('./sim/simulator.js')).startLimitlessSimulator,
  streamClient: async (): Promise<StreamClientFactory> => (await import('./stream.js')).createLimitlessStreamClient,
  tradingClient: async (): Promise<TradingClientFactory> => (await import('./trading.js')).createLimitlessTradingClient,
});
