/**
 * Probable: the venue's facts (identity, reads, base URLs, limits, credentials), plain data its adapter
 * reads too; the descriptor (./index.ts) adds the lazily imported modules.
 */
import { defineVenueFacts } from '../descriptor.js';

export const probableFacts = defineVenueFacts({
  code: 'probable',
  ordinal: 'x7',
  name: 'Probable',
  url: 'https://probable.markets',
  trading: false,
  signing: 'none',
  signedBy: null,
  chain: null,
  smartWallet: false,
  stream: null,
  reads: { market: 'native', markets: 'native', orderbook: 'native', trades: 'native', prices: 'native' },
  emulated: {},
  streams: { orderbook: false, trades: false, prices: false },
  baseUrls: {
    market: 'https://market-api.probable.markets/public/api/v1',
    orderbook: 'https://api.probable.markets/public/api/v1',
  },
  sync: { incremental: 'open_only', how: 'GET /markets/?active=true; no change-time filter' },
  limits: {
    page: { markets: 100, trades: 1000 },
    rate: { market: { perSecond: 5, burst: 10 }, orderbook: { perSecond: 10, burst: 20 } },
  },
  credentials: null,
  marketDataKeys: {},
  // Probable publishes no taker fee formula (orders sign feeRateBps, per market); counted as 0 and
  // reported incomplete. Stale after two catalog syncs without a newer book.
  pricing: { takerFee: { kind: 'unpublished', note: 'per-market feeRateBps, no published formula' }, quoteFreshMs: 600_000 },
  testHints: {
    unknownMarketId: '987654321',
    specReads: ['market', 'markets', 'orderbook', 'prices', 'tradehistory'],
    specLacks: [],
  },
});
