/**
 * Futuur: the venue's facts (identity, reads, base URLs, limits, credentials), plain data its adapter
 * reads too; the descriptor (./index.ts) adds the lazily imported modules.
 */
import { z } from 'zod';
import { CredentialSchemas, defineVenueFacts } from '../descriptor.js';

export const futuurFacts = defineVenueFacts({
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
