/**
 * Limitless Exchange: the venue's facts (identity, reads, base URLs, limits, credentials), plain data its adapter
 * reads too; the descriptor (./index.ts) adds the lazily imported modules.
 */
import { CredentialSchemas, defineVenueFacts } from '../descriptor.js';

export const limitlessFacts = defineVenueFacts({
  code: 'limitless',
  ordinal: 'x3',
  name: 'Limitless Exchange',
  url: 'https://limitless.exchange',
  trading: true,
  signing: 'eip712',
  signedBy: 'client',
  chain: 'base',
  smartWallet: false,
  stream: '/ws/limitless',
  reads: { market: 'native', markets: 'native', events: 'native', orderbook: 'native', trades: 'native', prices: 'native' },
  emulated: {},
  streams: { orderbook: true, trades: false, prices: true },
  baseUrls: {
    rest: 'https://api.limitless.exchange',
    /** Socket.IO server; the market stream is namespace `/markets`, websocket transport. */
    ws: 'wss://ws.limitless.exchange',
  },
  sync: { incremental: 'open_only', how: 'GET /markets/active lists only the tradable markets; nothing filters on a change time' },
  limits: {
    page: { markets: 25, events: 25, trades: 100 },
    rate: { rest: { perSecond: 5, burst: 10 } },
  },
  credentials: CredentialSchemas.apiKey,
  marketDataKeys: {},
  // /portfolio/positions; the USDC balance is on-chain only (no REST read; the venue's SDKs query Base).
  accountReads: { positions: true, balances: false },
  // No taker fee model is published in Limitless' API docs (docs.limitless.exchange) that applies per
  // trade; counted as 0 and reported incomplete. Stale after two catalog syncs without a newer book.
  pricing: { takerFee: { kind: 'unpublished', note: 'no per-trade taker fee model published' }, quoteFreshMs: 600_000 },
  testHints: {
    unknownMarketId: 'no-such-market-limitless',
    specReads: ['market', 'markets', 'orderbook', 'topofbook', 'tradehistory', 'prices'],
    specLacks: [],
  },
});
