/** Opinion: the venue's descriptor (see ../descriptor.ts). */
import { defineVenue, type AdapterFactory } from '../descriptor.js';
import type { SimulatorFactory } from '../../sim/types.js';
import type { TradingClientFactory } from '../trading.js';
import { opinionFacts } from './facts.js';

export const opinion = defineVenue({
  ...opinionFacts,
  adapter: async (): Promise<AdapterFactory> => (await import('./client.js')).createOpinionAdapter,
  conformance: async () => (await import('./wire.js')).conformanceChecks,
  simulator: async (): Promise<SimulatorFactory> => (await import('./sim/simulator.js')).startOpinionSimulator,
  tradingClient: async (): Promise<TradingClientFactory> => (await import('./trading.js')).createOpinionTradingClient,
});
