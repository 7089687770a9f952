/**
 * Polymarket's wire formats, as the venue publishes and sends them (not as our adapter reads them):
 * - CLOB: Polymarket's official client clob-client-v2 v1.1.0 (2026-07-17): `GET /version` answers
 *   `{version}` (src/client.ts `getVersion`), `OrderBookSummary` (src/types/clob.ts: market, asset_id,
 *   timestamp, hash, bids/asks of `{price, size}` decimal strings), `MarketPrice` history `{t, p}`;
 * - Gamma and the Data API: payloads recorded from the live APIs in nautilus_trader's test data
 *   (crates/adapters/polymarket/test_data: gamma_market_live.json, gamma_event.json,
 *   data_api_trades_response.json, clob_book_response.json, ws_market_*_msg.json; 2024-10 to 2026-01)
 *   and py-sdk's recorded data_v2 fixtures. Only the fields the adapter relies on are required; the
 *   rest pass through.
 */
import { z } from 'zod';
import type { ConformanceCheck, ConformanceKeys, ConformanceRequest } from '../wire.js';
import { l2Headers, polymarketAccountWallet } from './signing.js';

const decimalString = z.string().regex(/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/, 'a decimal string');
/** Gamma encodes its outcome arrays as JSON strings, e.g. `"[\"Yes\", \"No\"]"`. */
const jsonArrayString = z.string().regex(/^\s*\[.*\]\s*$/s, 'a JSON array in a string');

export const ClobVersionSchema = z.looseObject({ version: z.number().int() });

export const GammaEventRefSchema = z.looseObject({ id: z.union([z.string(), z.number()]), slug: z.string().optional(), title: z.string().optional() });

export const GammaMarketSchema = z.looseObject({
  id: z.string(),
  question: z.string(),
  conditionId: z.string(),
  slug: z.string().optional(),
  outcomes: jsonArrayString,
  outcomePrices: jsonArrayString.optional(),
  clobTokenIds: jsonArrayString.optional(),
  active: z.boolean(),
  closed: z.boolean(),
  endDate: z.string().optional(),
  volume: decimalString.optional(),
  volumeNum: z.number().optional(),
  liquidity: decimalString.optional(),
  negRisk: z.boolean().optional(),
  events: z.array(GammaEventRefSchema).optional(),
});

export const GammaMarketsKeysetSchema = z.looseObject({ markets: z.array(GammaMarketSchema), next_cursor: z.string().nullish() });

export const GammaEventSchema = z.looseObject({
  id: z.string(),
  slug: z.string().optional(),
  title: z.string(),
  active: z.boolean().optional(),
  closed: z.boolean().optional(),
  markets: z.array(GammaMarketSchema.partial().extend({ conditionId: z.string() })).optional(),
});

export const GammaEventsKeysetSchema = z.looseObject({ events: z.array(GammaEventSchema), next_cursor: z.string().nullish() });

const BookLevel = z.looseObject({ price: decimalString, size: decimalString });

export const ClobBookSchema = z.looseObject({
  market: z.string(),
  asset_id: z.string(),
  timestamp: z.string(),
  hash: z.string(),
  bids: z.array(BookLevel),
  asks: z.array(BookLevel),
  tick_size: decimalString.optional(),
  min_order_size: decimalString.optional(),
  neg_risk: z.boolean().optional(),
});

/** clob-client-v2 src/types/clob.ts `BalanceAllowanceResponse`: base units of collateral, allowances by spender. */
export const BalanceAllowanceSchema = z.looseObject({ balance: z.string().regex(/^\d+$/, 'base units'), allowances: z.record(z.string(), z.string()) });

/**
 * An order as `GET /data/order/{id}` answers it (clob-client-v2 v1.1.0 src/types/clob.ts `OpenOrder`;
 * docs.polymarket.com "Get single order by ID", Aug 2026): sizes are decimal share strings and
 * `associate_trades` the ids of the order's trades, nothing more.
 */
export const ClobOrderSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  original_size: decimalString,
  size_matched: decimalString,
  price: decimalString,
  associate_trades: z.array(z.string()).nullish(),
});

/** One resting order a trade filled (clob-client-v2 v1.1.0 src/types/clob.ts `MakerOrder`): its own token, price and matched shares. */
export const ClobMakerOrderSchema = z.looseObject({
  order_id: z.string(),
  owner: z.string(),
  maker_address: z.string(),
  matched_amount: decimalString,
  price: decimalString,
  fee_rate_bps: decimalString,
  asset_id: z.string(),
  outcome: z.string(),
  side: z.enum(['BUY', 'SELL']).optional(),
});

/**
 * A trade of the authenticated user (`GET /data/trades`, L2; clob-client-v2 v1.1.0 src/types/clob.ts
 * `Trade`; docs.polymarket.com "Get trades", Aug 2026, whose example and nautilus_trader's recorded
 * trade agree): `price` is the taker order's limit price, `maker_orders` the resting orders it
 * filled at their own prices, `match_time` unix seconds as a string.
 */
export const ClobTradeSchema = z.looseObject({
  id: z.string(),
  taker_order_id: z.string(),
  market: z.string(),
  asset_id: z.string(),
  side: z.enum(['BUY', 'SELL']),
  size: decimalString,
  fee_rate_bps: decimalString,
  price: decimalString,
  status: z.string(),
  match_time: z.string().regex(/^\d+$/, 'unix seconds'),
  last_update: z.string(),
  outcome: z.string(),
  bucket_index: z.number().int(),
  owner: z.string(),
  maker_address: z.string(),
  maker_orders: z.array(ClobMakerOrderSchema),
  transaction_hash: z.string().nullish(),
  trader_side: z.enum(['TAKER', 'MAKER']),
});

/** A page of `GET /data/trades`: clob-client-v2 reads `data` and follows `next_cursor` until "LTE=". */
export const ClobTradesPageSchema = z.looseObject({ data: z.array(ClobTradeSchema), next_cursor: z.string(), limit: z.number().optional(), count: z.number().optional() });

export const ClobPriceHistorySchema = z.looseObject({ history: z.array(z.looseObject({ t: z.number(), p: z.number() })) });

export const DataApiTradeSchema = z.looseObject({
  asset: z.string(),
  conditionId: z.string(),
  side: z.enum(['BUY', 'SELL']),
  price: z.number(),
  size: z.number(),
  timestamp: z.number(),
  transactionHash: z.string().optional(),
});
export const DataApiTradesSchema = z.array(DataApiTradeSchema);

/**
 * A holding as the Data API's `GET /positions?user=` lists it (docs.polymarket.com "Get current
 * positions for a user", Aug 2026: numbers; pmxt core/src/exchanges/polymarket/fetchPositions.ts,
 * Feb 2026, types them as strings: both are read). Only the fields the adapter reads are required.
 */
const amount = z.union([z.number(), decimalString]);
export const DataApiPositionSchema = z.looseObject({ asset: z.string(), conditionId: z.string(), size: amount, avgPrice: amount, currentValue: amount, outcome: z.string(), outcomeIndex: z.union([z.number().int(), z.string().regex(/^\d+$/)]) });
export const DataApiPositionsSchema = z.array(DataApiPositionSchema);

// ---- the market WebSocket (ws_market_*_msg.json) ---------------------------------------------------
export const WsBookMessageSchema = z.looseObject({ event_type: z.literal('book'), market: z.string(), asset_id: z.string(), bids: z.array(BookLevel), asks: z.array(BookLevel), timestamp: z.string() });
export const WsPriceChangeMessageSchema = z.looseObject({
  event_type: z.literal('price_change'),
  market: z.string(),
  price_changes: z.array(z.looseObject({ asset_id: z.string(), price: decimalString, side: z.enum(['BUY', 'SELL']), size: decimalString, best_bid: decimalString.optional(), best_ask: decimalString.optional() })),
  timestamp: z.string(),
});
export const WsLastTradeMessageSchema = z.looseObject({ event_type: z.literal('last_trade_price'), market: z.string(), asset_id: z.string(), price: decimalString, side: z.enum(['BUY', 'SELL']), size: decimalString, timestamp: z.string() });
/** Every market-channel message the adapter reads; others (tick_size_change, best_bid_ask...) are let through. */
export const WsMarketMessageSchema = z.union([WsBookMessageSchema, WsPriceChangeMessageSchema, WsLastTradeMessageSchema, z.looseObject({ event_type: z.enum(['tick_size_change', 'best_bid_ask', 'new_market', 'market_resolved']) })]);

/** The L2 headers of a conformance request, as the order client signs its own (the path without its query). */
const signedByCredentials = (request: ConformanceRequest, keys: ConformanceKeys, nowMs: number): Record<string, string> => {
  const c = keys.credentials ?? {};
  return l2Headers({ api_key: String(c.api_key), secret: String(c.secret), passphrase: String(c.passphrase), address: String(c.address) }, Math.floor(nowMs / 1000), request.method, request.path.split('?')[0]);
};

/** The account's wallet as a query value: the stored funder, else the one the signature type implies (throws when they cannot say). */
const walletOf = (keys: ConformanceKeys): string => encodeURIComponent(polymarketAccountWallet(keys.credentials ?? {}));

/** The endpoints the adapter relies on, in the order the conformance command calls them. */
export const conformanceChecks: readonly ConformanceCheck[] = [
  {
    endpoint: 'GET /markets/keyset',
    base: 'gamma',
    authenticated: false,
    request: () => ({ method: 'GET', path: '/markets/keyset?limit=5&closed=false' }),
    schema: GammaMarketsKeysetSchema,
    remember(response, values) {
      for (const m of (response as z.infer<typeof GammaMarketsKeysetSchema>).markets) {
        const tokens = m.clobTokenIds ? (JSON.parse(m.clobTokenIds) as string[]) : [];
        if (tokens[0] && !values.has('token')) {
          values.set('token', tokens[0]);
          values.set('conditionId', m.conditionId);
        }
      }
    },
  },
  { endpoint: 'GET /events/keyset', base: 'gamma', authenticated: false, request: () => ({ method: 'GET', path: '/events/keyset?limit=5' }), schema: GammaEventsKeysetSchema },
  { endpoint: 'GET /version', base: 'clob', authenticated: false, request: () => ({ method: 'GET', path: '/version' }), schema: ClobVersionSchema },
  {
    endpoint: 'GET /book',
    base: 'clob',
    authenticated: false,
    request: (v) => (v.get('token') ? { method: 'GET', path: `/book?token_id=${v.get('token')}` } : null),
    schema: ClobBookSchema,
  },
  {
    endpoint: 'GET /prices-history',
    base: 'clob',
    authenticated: false,
    request: (v) => (v.get('token') ? { method: 'GET', path: `/prices-history?market=${v.get('token')}&interval=1d&fidelity=60` } : null),
    schema: ClobPriceHistorySchema,
  },
  {
    endpoint: 'GET /trades',
    base: 'data',
    authenticated: false,
    request: (v) => (v.get('conditionId') ? { method: 'GET', path: `/trades?market=${v.get('conditionId')}&limit=5&takerOnly=true` } : null),
    schema: DataApiTradesSchema,
  },
  {
    // A signed read that changes nothing: the collateral balance of the credentials' wallet.
    endpoint: 'GET /balance-allowance',
    base: 'clob',
    authenticated: true,
    request: () => ({ method: 'GET', path: '/balance-allowance?asset_type=COLLATERAL' }),
    schema: BalanceAllowanceSchema,
    headers: signedByCredentials,
  },
  {
    // The account's trades, as the order client reads an order's fills (its wallet as maker_address, the first page).
    endpoint: 'GET /data/trades',
    base: 'clob',
    authenticated: true,
    request: (_v, keys) => ({ method: 'GET', path: `/data/trades?maker_address=${walletOf(keys)}&next_cursor=MA%3D%3D` }),
    schema: ClobTradesPageSchema,
    headers: signedByCredentials,
    remember(response, values, keys) {
      // One of the account's orders for the order read: the taker order, or the account's maker order the trade filled.
      const wallet = polymarketAccountWallet(keys.credentials ?? {}).toLowerCase();
      for (const t of (response as z.infer<typeof ClobTradesPageSchema>).data) {
        const own = t.trader_side === 'TAKER' ? t.taker_order_id : t.maker_orders.find((m) => m.maker_address.toLowerCase() === wallet)?.order_id;
        if (own) return void values.set('orderId', own);
      }
    },
  },
  {
    endpoint: 'GET /data/order/{id}',
    base: 'clob',
    authenticated: true,
    request: (v) => (v.get('orderId') ? { method: 'GET', path: `/data/order/${encodeURIComponent(v.get('orderId')!)}` } : null),
    schema: ClobOrderSchema,
    headers: signedByCredentials,
  },
  {
    // Public on the Data API, but about the account: its wallet comes from the credentials.
    endpoint: 'GET /positions',
    base: 'data',
    authenticated: true,
    request: (_v, keys) => ({ method: 'GET', path: `/positions?user=${walletOf(keys)}&sizeThreshold=0&limit=100&offset=0` }),
    schema: DataApiPositionsSchema,
  },
];
