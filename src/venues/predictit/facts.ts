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
  limits: {
    // One request lists everything: no paging.
    page: {},
    rate: { rest: { perSecond: 2, burst: 5 } },
  },
  credentials: null,
  marketDataKeys: {},
  testHints: {
    unknownMarketId: '987654321',
    specReads: ['market', 'markets', 'prices'],
    specLacks: ['orderbook', 'candles', 'tradehistory'],
  },
});
