/** Polymarket (Gamma + CLOB + Data API): the venue's descriptor (see ../descriptor.ts). */
import { defineVenue, type AdapterFactory } from '../descriptor.js';
import type { SimulatorFactory } from '../../sim/types.js';
import type { TradingClientFactory } from '../trading.js';
import type { StreamClientFactory } from '../stream.js';
import { polymarketFacts } from './facts.js';

export const polymarket = defineVenue({
  ...polymarketFacts,
  adapter: async (): Promise<AdapterFactory> => (await import('./client.js')).createPolymarketAdapter,
  conformance: async () => (await import('./wire.js')).conformanceChecks,
  simulator: async (): Promise<SimulatorFactory> => (await import('./sim/simulator.js')).startPolymarketSimulator,
  streamClient: async (): Promise<StreamClientFactory> => (await import('./stream.js')).createPolymarketStreamClient,
  tradingClient: async (): Promise<TradingClientFactory> => (await import('./trading.js')).createPolymarketTradingClient,
});
