/** Kalshi: the venue's descriptor (see ../descriptor.ts). */
import { defineVenue, type AdapterFactory } from '../descriptor.js';
import type { SimulatorFactory } from '../../sim/types.js';
import type { TradingClientFactory } from '../trading.js';
import type { StreamClientFactory } from '../stream.js';
import type { ConformanceCheck } from '../wire.js';
import { kalshiFacts } from './facts.js';

export const kalshi = defineVenue({
  ...kalshiFacts,
  adapter: async (): Promise<AdapterFactory> => (await import('./client.js')).createKalshiAdapter,
  simulator: async (): Promise<SimulatorFactory> => (await import('./sim/simulator.js')).startKalshiSimulator,
  streamClient: async (): Promise<StreamClientFactory> => (await import('./stream.js')).createKalshiStreamClient,
  tradingClient: async (): Promise<TradingClientFactory> => (await import('./trading.js')).createKalshiTradingClient,
  conformance: async (): Promise<readonly ConformanceCheck[]> => (await import('./wire.js')).conformanceChecks,
});
