/**
 * Opinion: the venue's facts (identity, reads, base URLs, limits, credentials), plain data its adapter
 * reads too; the descriptor (./index.ts) adds the lazily imported modules.
 */
import { CredentialSchemas, defineVenueFacts } from '../descriptor.js';

export const opinionFacts = defineVenueFacts({
  code: 'opinion',
  ordinal: 'x5',
  name: 'Opinion',
  url: 'https://opinion.trade',
  trading: true,
  signing: 'eip712',
  signedBy: 'client',
  chain: 'bnb',
  smartWallet: false,
  stream: null,
  reads: { market: 'native', markets: 'native', events: 'native', orderbook: 'native', trades: 'emulated', prices: 'native' },
  emulated: { trades: 'the venue publishes no trade list: the last trade of each outcome token (latest-price) stands in' },
  streams: { orderbook: false, trades: false, prices: false },
  baseUrls: { rest: 'https://openapi.opinion.trade/openapi' },
  sync: { incremental: 'open_only', how: 'GET /market?status=activated; no change-time filter' },
  limits: {
    page: { markets: 20, events: 20 },
    rate: { rest: { perSecond: 5, burst: 5 } },
    rateWithKey: { rest: { perSecond: 15, burst: 15 } },
  },
  // multi_sig_addr: the Safe that makes the user's orders and holds their tokens (positions are read by it).
  credentials: CredentialSchemas.apiKey.extend({ multi_sig_addr: CredentialSchemas.address.optional() }),
  // Sent as header `apikey`; reads work without it at a lower rate.
  marketDataKeys: { api_key: 'OPINION_API_KEY' },
  // /positions/user/{wallet} and /user/balance of the OpenAPI.
  accountReads: { positions: true, balances: true },
  // Opinion publishes no taker fee formula in its open API docs (orders sign feeRateBps, per market);
  // counted as 0 and reported incomplete. Stale after two catalog syncs without a newer book.
  pricing: { takerFee: { kind: 'unpublished', note: 'per-market feeRateBps, no published formula' }, quoteFreshMs: 600_000 },
  testHints: {
    unknownMarketId: '987654321',
    specReads: ['market', 'markets', 'orderbook', 'prices', 'tradehistory'],
    specLacks: [],
  },
});
