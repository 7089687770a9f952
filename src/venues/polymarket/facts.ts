/**
 * Polymarket (Gamma + CLOB + Data API): the venue's facts (identity, reads, base URLs, limits, credentials), plain data its adapter
 * reads too; the descriptor (./index.ts) adds the lazily imported modules.
 */
import { z } from 'zod';
import { CredentialSchemas, defineVenueFacts } from '../descriptor.js';

export const polymarketFacts = defineVenueFacts({
  code: 'polymarket',
  ordinal: 'x2',
  name: 'Polymarket',
  url: 'https://polymarket.com',
  trading: true,
  signing: 'eip712',
  signedBy: 'client',
  chain: 'polygon',
  smartWallet: false,
  stream: '/ws/polymarket',
  reads: { market: 'native', markets: 'native', events: 'native', orderbook: 'native', trades: 'native', prices: 'native' },
  emulated: {},
  streams: { orderbook: true, trades: true, prices: true },
  // The hosts docs.polymarket.com lists today (api-reference/introduction and getting-started/api,
  // as indexed Aug 2026): Gamma, CLOB and Data API keep their hosts; no newer host is advised.
  // Overridable per deployment (the adapters' base-URL settings).
  baseUrls: {
    gamma: 'https://gamma-api.polymarket.com',
    clob: 'https://clob.polymarket.com',
    data: 'https://data-api.polymarket.com',
    ws: 'wss://ws-subscriptions-clob.polymarket.com/ws/market',
  },
  // docs.polymarket.com "List markets (keyset pagination)" (Gamma OpenAPI, as indexed 2026-11): `order`
  // takes the market's JSON field names, `ascending` the direction, `closed` one status (false when absent).
  sync: { incremental: 'updated_since', how: 'Gamma GET /markets/keyset?closed=false|true&order=updatedAt&ascending=false, each read until updatedAt passes the cut-off' },
  limits: {
    page: { markets: 100, events: 500, trades: 500 },
    rate: { gamma: { perSecond: 25, burst: 30 }, clob: { perSecond: 100, burst: 100 }, data: { perSecond: 15, burst: 20 } },
  },
  // The L2 API credentials (derived from the wallet's key by `derive-credentials`), never the key itself.
  credentials: z.object({
    api_key: CredentialSchemas.nonEmpty,
    secret: CredentialSchemas.base64,
    passphrase: CredentialSchemas.nonEmpty,
    address: CredentialSchemas.address,
    // 3: a deposit wallet (ERC-1271), whose address is `funder`.
    signature_type: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]).optional(),
    funder: CredentialSchemas.address.optional(),
  }),
  marketDataKeys: {},
  // Positions from the Data API (keyed by the wallet holding the tokens), collateral from the CLOB's
  // /balance-allowance.
  accountReads: { positions: true, balances: true },
  // Wired by src/features/venues/polymarket.ts.
  extensions: ['onboarding'],
  // Taker fee: shares x feeRate x p x (1 - p), only on fee-enabled markets (docs.polymarket.com/trading/fees:
  // a per-market feeSchedule.rate, 0 on most markets). The catalog holds no per-market rate, so none is
  // counted and the gap after fees says so. Stale after two catalog syncs without a newer book.
  pricing: { takerFee: { kind: 'unpublished', note: 'fees only on fee-enabled markets, at a per-market rate (p x (1 - p) x rate) the catalog does not hold' }, quoteFreshMs: 600_000 },
  testHints: {
    unknownMarketId: `0x${'0'.repeat(63)}1`,
    specReads: ['market', 'markets', 'orderbook', 'topofbook', 'tradehistory', 'prices', 'events'],
    specLacks: ['candles'],
  },
});
