/** Futuur: the venue's descriptor (see ../descriptor.ts). */
import { defineVenue, type AdapterFactory } from '../descriptor.js';
import type { SimulatorFactory } from '../../sim/types.js';
import type { TradingClientFactory } from '../trading.js';
import type { ConformanceCheck } from '../wire.js';
import { futuurFacts } from './facts.js';

export const futuur = defineVenue({
  ...futuurFacts,
  adapter: async (): Promise<AdapterFactory> => (await import('./client.js')).createFutuurAdapter,
  simulator: async (): Promise<SimulatorFactory> => (await import('./sim/simulator.js')).startFutuurSimulator,
  tradingClient: async (): Promise<TradingClientFactory> => (await import('./trading.js')).createFutuurTradingClient,
  conformance: async (): Promise<readonly ConformanceCheck[]> => (await import('./wire.js')).conformanceChecks,
});
