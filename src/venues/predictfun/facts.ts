/**
 * predict.fun: the venue's facts (identity, reads, base URLs, limits, credentials), plain data its adapter
 * reads too; the descriptor (./index.ts) adds the lazily imported modules.
 */
import { CredentialSchemas, defineVenueFacts } from '../descriptor.js';

export const predictfunFacts = defineVenueFacts({
  code: 'predictfun',
  ordinal: 'x4',
  name: 'predict.fun',
  url: 'https://predict.fun',
  trading: true,
  signing: 'eip712',
  signedBy: 'client',
  chain: 'bnb',
  smartWallet: true,
  stream: '/ws/predictfun',
  reads: { market: 'native', markets: 'native', events: 'native', orderbook: 'native', trades: 'native', prices: 'emulated' },
  emulated: { prices: 'the venue has no price history: points are built from its order matches (trades)' },
  streams: { orderbook: true, trades: false, prices: false },
  baseUrls: {
    rest: 'https://api.predict.fun/v1',
    ws: 'wss://ws.predict.fun/ws',
  },
  // dev.predict.fun "Get markets" (read 2026-11-28): the listing filters by status; it sorts on nothing
  // that says when a market changed, so a short run lists the unresolved markets.
  sync: { incremental: 'open_only', how: 'GET /v1/markets?status=OPEN&first=100 (cursor `after`): the markets not resolved; no change-time filter or order' },
  limits: {
    page: { markets: 100, events: 100, trades: 100 },
    // Third-party clients report 240 requests/minute per key.
    rate: { rest: { perSecond: 4, burst: 8 } },
  },
  // address: the wallet holding the user's shares (Predict Account or EOA; positions are read by it);
  // owner_address: a Predict Account's owner EOA (its orders' signatures recover to it).
  credentials: CredentialSchemas.apiKey.extend({ address: CredentialSchemas.address.optional(), owner_address: CredentialSchemas.address.optional() }),
  // Mainnet wants a key on every read (header x-api-key).
  marketDataKeys: { api_key: 'PREDICTFUN_API_KEY' },
  // /positions/{address}; the USDT balance is on-chain only (the SDK's balanceOf reads BNB Chain).
  accountReads: { positions: true, balances: false },
  // Taker fee on a buy: rate x min(p, 1 - p) per share (docs.predict.fun "Predict fees and limits";
  // dev.predict.fun/trading/fees: the market's feeRateBps, makers pay 0). The published base rate; a
  // market's own feeRateBps may differ. Stale after two catalog syncs without a newer book.
  pricing: { takerFee: { kind: 'min_side', rate: 0.005, note: "the published base rate; a market's feeRateBps may differ" }, quoteFreshMs: 600_000 },
  testHints: {
    unknownMarketId: '987654321',
    specReads: ['market', 'markets', 'orderbook', 'topofbook', 'tradehistory', 'prices'],
    specLacks: [],
  },
});
