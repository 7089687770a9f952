/** Futuur: the venue's descriptor (see ../descriptor.ts). */
import { z } from 'zod';
import { CredentialSchemas, defineVenue, type AdapterFactory } from '../descriptor.js';
import type { SimulatorFactory } from '../../sim/types.js';
import type { TradingClientFactory } from '../trading.js';

export const futuur = defineVenue({
  code: 'futuur',
  ordinal: 'x6',
  name: 'Futuur',
  url: 'https://futuur.com',
  trading: true,
  signing: 'hmac-sha512',
  signedBy: 'server',
  chain: null,
  smartWallet: false,
  stream: null,
  reads: { market: 'native', markets: 'native', events: 'native', orderbook: 'native', trades: 'native', prices: 'native' },
  emulated: {},
  streams: { orderbook: false, trades: false, prices: false },
  baseUrls: { rest: 'https://api.futuur.com/v2.0' },
  sync: { incremental: 'open_only', how: 'GET /events/?live=true; no change-time filter' },
  limits: {
    page: { markets: 100, events: 100, trades: 100 },
    // 2,000 requests/minute per key.
    rate: { rest: { perSecond: 30, burst: 30 } },
  },
  credentials: z.object({ public_key: CredentialSchemas.nonEmpty, private_key: CredentialSchemas.nonEmpty }),
  // When both are set, reads are signed with HMAC-SHA512 (auth.ts).
  marketDataKeys: { public_key: 'FUTUUR_PUBLIC_KEY', private_key: 'FUTUUR_PRIVATE_KEY' },
  adapter: async (): Promise<AdapterFactory> => (await import('./client.js')).createFutuurAdapter,
  conformance: async () => (await import('./wire.js')).conformanceChecks,
  simulator: async (): Promise<SimulatorFactory> => (await import('./simulator.js')).startFutuurSimulator,
  tradingClient: async (): Promise<TradingClientFactory> => (await import('./trading.js')).createFutuurTradingClient,
  // /wagers/ (positions) and /me/balances/ of API v2.0.
  accountReads: { positions: true, balances: true },
  // Futuur publishes no per-trade taker fee model in its API docs; counted as 0 and reported
  // incomplete. Stale after two catalog syncs.
  pricing: { takerFee: { kind: 'unpublished', note: 'no per-trade taker fee model published' }, quoteFreshMs: 600_000 },
  testHints: {
    unknownMarketId: '987654321',
    specReads: ['market', 'markets', 'orderbook', 'prices', 'tradehistory'],
    specLacks: [],
  },
});
