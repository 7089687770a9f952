/**
 * PredictIt: the venue's facts (identity, reads, base URLs, limits, credentials), plain data its adapter
 * reads too; the descriptor (./index.ts) adds the lazily imported modules.
 */
import { defineVenueFacts } from '../descriptor.js';

export const predictitFacts = defineVenueFacts({
  code: 'predictit',
  ordinal: 'x9',
  name: 'PredictIt',
  url: 'https://www.predictit.org',
  trading: false,
  signing: 'none',
  signedBy: null,
  chain: null,
  smartWallet: false,
  stream: null,
  reads: { market: 'native', markets: 'native', prices: 'native' },
  emulated: {},
  streams: { orderbook: false, trades: false, prices: false },
  baseUrls: { rest: 'https://www.predictit.org/api' },
  sync: { incremental: 'none', how: 'GET /api/marketdata/all/ is one snapshot of the open markets: one request either way' },
  limits: {
    // One request lists everything: no paging.
    page: {},
    rate: { rest: { perSecond: 2, burst: 5 } },
  },
  credentials: null,
  marketDataKeys: {},
  // PredictIt takes 10% of the profit of each winning share (and 5% of withdrawals, not per trade)
  // (predictit.org, "How it works"/FAQ): modelled as a profit fee, counted as if this leg wins.
  // Stale after two catalog syncs.
  pricing: { takerFee: { kind: 'profit', rate: 0.1, note: '10% of the profit when the share wins; 5% withdrawal fee not included' }, quoteFreshMs: 600_000 },
  testHints: {
    unknownMarketId: '987654321',
    specReads: ['market', 'markets', 'prices'],
    specLacks: ['orderbook', 'candles', 'tradehistory'],
  },
});
