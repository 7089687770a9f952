/** predict.fun: the venue's descriptor (see ../descriptor.ts). */
import { defineVenue, type AdapterFactory } from '../descriptor.js';
import type { SimulatorFactory } from '../../sim/types.js';
import type { TradingClientFactory } from '../trading.js';
import type { StreamClientFactory } from '../stream.js';
import { predictfunFacts } from './facts.js';

export const predictfun = defineVenue({
  ...predictfunFacts,
  adapter: async (): Promise<AdapterFactory> => (await import('./client.js')).createPredictfunAdapter,
  conformance: async () => (await import('./wire.js')).conformanceChecks,
  simulator: async (): Promise<SimulatorFactory> => (await import('./sim/simulator.js')).startPredictfunSimulator,
  streamClient: async (): Promise<StreamClientFactory> => (await import('./stream.js')).createPredictfunStreamClient,
  tradingClient: async (): Promise<TradingClientFactory> => (await import('./trading.js')).createPredictfunTradingClient,
});
