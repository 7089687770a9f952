/**
 * Limitless's wire formats, from the official TypeScript SDK (limitless-labs-group/
 * limitless-exchange-ts-sdk, 2026-04-30): src/types/markets.ts (`ActiveMarketsResponse` `{data,
 * totalMarketsCount}`, `Market`, `OrderBook` with `OrderbookEntry{price, size, side}` numbers) and
 * src/types/websocket.ts (`OrderbookUpdate{marketSlug, orderbook: OrderbookData, timestamp}`). The SDK
 * types `maxSpread` as a string in `OrderBook` and a number in `OrderbookData`: both are accepted.
 * The SDK has no type for `/events` and `/historical-price`; CCXT's static response fixtures
 * (ccxt/ccxt ts/src/test/static/response/limitless.json, recorded answers) show `/events` as
 * `{events: [{createdAt, makerAmount, matchedSize, price, side, takerAmount, title, tokenId, txHash,
 * profile}], page, limit, totalPages, totalRows}` and `/historical-price` as `{title, prices:
 * [{timestamp, price}], marketStatus}`. That file writes every scalar as a string (`"decimals": "6"`,
 * `"limit": "3"`) where dr-manhattan's recordings show numbers: both are accepted.
 */
import { z } from 'zod';
import type { ConformanceCheck, ConformanceKeys } from '../wire.js';

const numberish = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)]);

const MarketCore = {
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  status: z.string(),
  expirationTimestamp: z.number().optional(),
  tokens: z.looseObject({ yes: z.string(), no: z.string() }).optional(),
  prices: z.array(z.number()).optional(),
  tradeType: z.string().optional(),
  marketType: z.string().optional(),
};
export const LimitlessMarketSchema = z.looseObject({ ...MarketCore, markets: z.array(z.looseObject(MarketCore)).optional() });
export const LimitlessActivePageSchema = z.looseObject({ data: z.array(LimitlessMarketSchema), totalMarketsCount: z.number().int() });

const Entry = z.looseObject({ price: z.number(), size: z.number(), side: z.string() });
export const LimitlessOrderbookSchema = z.looseObject({ bids: z.array(Entry), asks: z.array(Entry), tokenId: z.string(), adjustedMidpoint: z.number().nullish(), maxSpread: numberish.optional(), minSize: numberish.optional(), lastTradePrice: z.number().nullish() });
/** A trade row of `/markets/{slug}/events` as CCXT recorded it (no id, no event type; sizes scaled by 1e6). */
export const LimitlessEventRowSchema = z.looseObject({ tokenId: z.string(), price: numberish, side: z.union([z.number().int(), z.string()]), matchedSize: numberish, createdAt: z.union([z.string(), z.number()]), txHash: z.string().optional(), makerAmount: numberish.optional(), takerAmount: numberish.optional() });
export const LimitlessEventsPageSchema = z.looseObject({ events: z.array(LimitlessEventRowSchema), page: numberish.optional(), limit: numberish.optional(), totalPages: numberish.optional(), totalRows: numberish.optional() });
export const LimitlessHistorySchema = z.union([z.looseObject({ prices: z.array(z.looseObject({})) }), z.array(z.looseObject({}))]);

/** The Socket.IO `orderbookUpdate` event's payload. */
export const LimitlessOrderbookUpdateSchema = z.looseObject({
  marketSlug: z.string(),
  orderbook: z.looseObject({ bids: z.array(Entry), asks: z.array(Entry), tokenId: z.string(), adjustedMidpoint: z.number().nullish(), maxSpread: numberish.optional(), minSize: numberish.optional() }),
  timestamp: z.union([z.number(), z.string()]),
});

/*
 * The trading answers. An order record is the Rust SDK's `UserOrder`
 * (limitless-labs-group/limitless-exchange-rust-sdk src/markets.rs, commit 6b2d1bd), which the
 * TypeScript SDK's `CreatedOrder` (src/types/orders.ts) restates: `feeRateBps`, `nonce`, `marketId`
 * integers, `price` a number or absent, amounts and `side` numbers or strings. `POST /orders`
 * answers the TypeScript SDK's `OrderResponse` `{order, makerMatches?: [OrderMatch]}`;
 * `GET /markets/{slug}/user-orders` a list of orders (the Rust SDK decodes a bare array, the
 * TypeScript SDK's getUserOrders takes an array or `{orders}`); `DELETE /orders/{id}` `{message}`
 * (OrderClient.cancel); `GET /portfolio/positions` the TypeScript SDK's `PortfolioPositionsResponse`
 * (src/types/portfolio.ts).
 */
export const LimitlessOrderRecordSchema = z.looseObject({
  id: z.string(),
  createdAt: z.string().nullable(),
  makerAmount: numberish,
  takerAmount: numberish,
  expiration: z.string().nullish(),
  signatureType: z.number().int(),
  salt: numberish,
  maker: z.string(),
  signer: z.string(),
  taker: z.string(),
  tokenId: z.string(),
  side: z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]),
  feeRateBps: z.number().int(),
  nonce: z.number().int(),
  signature: z.string(),
  orderType: z.string(),
  price: z.number().nullish(),
  marketId: z.number().int(),
  status: z.string().optional(),
  filledSize: numberish.optional(),
});
const OrderMatch = z.looseObject({ id: z.string(), createdAt: z.string().nullable(), matchedSize: z.string(), orderId: z.string() });
export const LimitlessPlacementSchema = z.looseObject({ order: LimitlessOrderRecordSchema, makerMatches: z.array(OrderMatch).optional() });
export const LimitlessUserOrdersSchema = z.union([z.array(LimitlessOrderRecordSchema), z.looseObject({ orders: z.array(LimitlessOrderRecordSchema) })]);
export const LimitlessCancelSchema = z.looseObject({ message: z.string() });
const PositionMarket = z.looseObject({ id: z.union([z.number(), z.string()]), slug: z.string(), title: z.string(), status: z.string().optional(), closed: z.boolean(), deadline: z.string(), conditionId: z.string().optional() });
const PositionSide = z.looseObject({ cost: z.string(), fillPrice: z.string(), marketValue: z.string(), realisedPnl: z.string(), unrealizedPnl: z.string() });
const ClobPosition = z.looseObject({
  market: PositionMarket,
  makerAddress: z.string(),
  positions: z.looseObject({ yes: PositionSide, no: PositionSide }),
  tokensBalance: z.looseObject({ yes: z.string(), no: z.string() }),
  latestTrade: z.looseObject({ latestYesPrice: z.number(), latestNoPrice: z.number(), outcomeTokenPrice: z.number() }),
});
const AmmPosition = z.looseObject({
  market: PositionMarket,
  account: z.string(),
  outcomeIndex: z.number().int(),
  collateralAmount: z.string(),
  outcomeTokenAmount: z.string(),
  averageFillPrice: z.string(),
  totalBuysCost: z.string(),
  totalSellsCost: z.string(),
  realizedPnl: z.string(),
  unrealizedPnl: z.string(),
});
export const LimitlessPositionsSchema = z.looseObject({ amm: z.array(AmmPosition), clob: z.array(ClobPosition), group: z.array(z.unknown()), points: z.string().optional(), accumulativePoints: z.string().optional() });

/** The endpoint name and schema of a request path of the adapter (for the drift log). */
export function limitlessWireFor(path: string): { endpoint: string; schema: z.ZodType } | null {
  if (path === '/markets/active') return { endpoint: 'GET /markets/active', schema: LimitlessActivePageSchema };
  if (path.endsWith('/orderbook')) return { endpoint: 'GET /markets/{slug}/orderbook', schema: LimitlessOrderbookSchema };
  if (path.endsWith('/events')) return { endpoint: 'GET /markets/{slug}/events', schema: LimitlessEventsPageSchema };
  if (path.endsWith('/historical-price')) return { endpoint: 'GET /markets/{slug}/historical-price', schema: LimitlessHistorySchema };
  if (/^\/markets\/[^/]+$/.test(path)) return { endpoint: 'GET /markets/{slug}', schema: LimitlessMarketSchema };
  return null;
}

/** The trading credentials' API key, as the order client sends it. */
const byApiKey = (_r: unknown, keys: ConformanceKeys): Record<string, string> => ({ 'X-API-Key': String(keys.credentials?.api_key ?? '') });

export const conformanceChecks: readonly ConformanceCheck[] = [
  {
    endpoint: 'GET /markets/active',
    base: 'rest',
    authenticated: false,
    request: () => ({ method: 'GET', path: '/markets/active?page=1&limit=10' }),
    schema: LimitlessActivePageSchema,
    remember(response, values) {
      const m = (response as z.infer<typeof LimitlessActivePageSchema>).data.find((x) => x.tokens && !x.markets?.length);
      if (m) values.set('slug', m.slug);
    },
  },
  { endpoint: 'GET /markets/{slug}', base: 'rest', authenticated: false, request: (v) => (v.get('slug') ? { method: 'GET', path: `/markets/${v.get('slug')}` } : null), schema: LimitlessMarketSchema },
  { endpoint: 'GET /markets/{slug}/orderbook', base: 'rest', authenticated: false, request: (v) => (v.get('slug') ? { method: 'GET', path: `/markets/${v.get('slug')}/orderbook` } : null), schema: LimitlessOrderbookSchema },
  { endpoint: 'GET /markets/{slug}/events', base: 'rest', authenticated: false, request: (v) => (v.get('slug') ? { method: 'GET', path: `/markets/${v.get('slug')}/events?page=1&limit=5` } : null), schema: LimitlessEventsPageSchema },
  { endpoint: 'GET /markets/{slug}/historical-price', base: 'rest', authenticated: false, request: (v) => (v.get('slug') ? { method: 'GET', path: `/markets/${v.get('slug')}/historical-price?interval=1h` } : null), schema: LimitlessHistorySchema },
  // The account's reads the order client relies on, by its API key.
  { endpoint: 'GET /markets/{slug}/user-orders', base: 'rest', authenticated: true, request: (v) => (v.get('slug') ? { method: 'GET', path: `/markets/${v.get('slug')}/user-orders?statuses=LIVE,MATCHED` } : null), schema: LimitlessUserOrdersSchema, headers: byApiKey },
  { endpoint: 'GET /portfolio/positions', base: 'rest', authenticated: true, request: () => ({ method: 'GET', path: '/portfolio/positions' }), schema: LimitlessPositionsSchema, headers: byApiKey },
];
