/**
 * Manifold Markets: the venue's facts (identity, reads, base URLs, limits, credentials), plain data its adapter
 * reads too; the descriptor (./index.ts) adds the lazily imported modules.
 */
import { defineVenueFacts } from '../descriptor.js';

export const manifoldFacts = defineVenueFacts({
  code: 'manifold',
  ordinal: 'x8',
  name: 'Manifold Markets',
  url: 'https://manifold.markets',
  trading: false,
  signing: 'none',
  signedBy: null,
  chain: null,
  smartWallet: false,
  stream: null,
  reads: { market: 'native', markets: 'native', trades: 'native' },
  emulated: {},
  streams: { orderbook: false, trades: false, prices: false },
  baseUrls: { rest: 'https://api.manifold.markets/v0' },
  sync: { incremental: 'updated_since', how: 'GET /markets?sort=updated-time&order=desc, read until lastUpdatedTime passes the cut-off' },
  limits: {
    page: { markets: 1000, trades: 1000 },
    rate: { rest: { perSecond: 8, burst: 10 } },
  },
  credentials: null,
  marketDataKeys: {},
  // Play money (mana): no taker fee on trades (manifold.markets, "What is mana"); a gap with Manifold is
  // not a money profit. Stale after two catalog syncs.
  pricing: { takerFee: { kind: 'none', note: 'play money (mana)' }, quoteFreshMs: 600_000 },
  testHints: {
    unknownMarketId: 'no-such-market-manifold',
    specReads: ['market', 'markets', 'tradehistory'],
    specLacks: ['orderbook', 'candles'],
  },
});
