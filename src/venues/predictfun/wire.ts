/**
 * predict.fun's wire formats. The venue publishes no schema in the sources reached (dev.predict.fun
 * lists the endpoints by name only; its TypeScript SDK, PredictDotFun/sdk 2026-03-30, covers the
 * on-chain side), so these follow dr-manhattan's client (guzus/dr-manhattan predictfun.py and
 * predictfun_ws.py, Jul 2026): every answer is `{success, data, cursor?}` (a key, `x-api-key`, on
 * every call), markets paged with `first`/`after`, books as `{marketId, updateTimestampMs, asks,
 * bids}`, the socket's messages `{type: "M", topic, data}` with `predictOrderbook/<id>` and
 * `heartbeat` topics. Book levels are accepted as `[price, size]` pairs or `{price, size}` objects
 * (both forms are in our recorded fixtures).
 */
import { z } from 'zod';
import type { ConformanceCheck, ConformanceKeys } from '../wire.js';

const numberish = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/)]);
const envelope = <T extends z.ZodType>(data: T) => z.looseObject({ success: z.literal(true), data, cursor: z.string().nullish() });

export const PredictMarketSchema = z.looseObject({
  id: z.number().int(),
  title: z.string(),
  question: z.string().optional(),
  status: z.string(),
  tradingStatus: z.string().optional(),
  isNegRisk: z.boolean().optional(),
  isYieldBearing: z.boolean().optional(),
  outcomes: z.array(z.looseObject({ name: z.string().optional(), onChainId: z.string() })).optional(),
});
const Level = z.union([z.tuple([numberish, numberish]), z.looseObject({ price: numberish, size: numberish })]);
export const PredictOrderbookDataSchema = z.looseObject({ marketId: z.number().int().optional(), updateTimestampMs: z.number().optional(), asks: z.array(Level), bids: z.array(Level) });

export const PredictMarketsPageSchema = envelope(z.array(PredictMarketSchema));
export const PredictMarketEnvelopeSchema = envelope(PredictMarketSchema);
export const PredictOrderbookSchema = envelope(PredictOrderbookDataSchema);
export const PredictStatsSchema = envelope(z.looseObject({}));
export const PredictCategoriesSchema = envelope(z.array(z.looseObject({ slug: z.string() })));
export const PredictCategorySchema = envelope(z.looseObject({ slug: z.string() }));

/*
 * The trading answers. Order records follow dev.predict.fun "Get order by hash" (its 200 body marks
 * `id`, `marketId` (integer), `amount`, `amountFilled` (wei strings) and `order` required) and the
 * order list in docs/venue-notes.md §4.3 (`status` OPEN|FILLED|EXPIRED|CANCELLED|INVALIDATED,
 * `isNegRisk`, `isYieldBearing`, `strategy`); the signed `order` is the SDK's `SignedOrder`
 * (PredictDotFun/sdk src/Types.ts, 2026-03-30) as "Create an order" sends it. Match events follow
 * dev.predict.fun "Get order match events" as the venue's Go client decodes them (MatchEvent, Quote).
 * Positions follow "Get positions by address" (docs in src/venues/predictfun/trading.ts).
 */
const wei = z.string().regex(/^\d+$/);
const hex = z.string().regex(/^0x[0-9a-fA-F]*$/);
const bigintish = z.union([z.string().regex(/^\d+$/), z.number().int()]);
export const PredictSignedOrderSchema = z.looseObject({
  hash: hex.optional(),
  salt: bigintish,
  maker: hex,
  signer: hex,
  taker: hex,
  tokenId: bigintish,
  makerAmount: bigintish,
  takerAmount: bigintish,
  expiration: bigintish,
  nonce: bigintish,
  feeRateBps: bigintish,
  side: z.union([z.literal(0), z.literal(1)]),
  signatureType: z.number().int(),
  signature: hex,
});
export const PredictOrderRecordSchema = z.looseObject({
  id: z.string().min(1),
  marketId: z.number().int(),
  amount: wei,
  amountFilled: wei,
  status: z.enum(['OPEN', 'FILLED', 'EXPIRED', 'CANCELLED', 'INVALIDATED']),
  isNegRisk: z.boolean().optional(),
  isYieldBearing: z.boolean().optional(),
  strategy: z.enum(['LIMIT', 'MARKET']).optional(),
  order: PredictSignedOrderSchema,
});
export const PredictOrderSchema = envelope(PredictOrderRecordSchema);
/** `POST /orders`: the new order's hash (the adapter reads `orderHash`). */
export const PredictCreateOrderSchema = envelope(z.looseObject({ orderId: z.string().optional(), orderHash: hex }));
export const PredictRemoveOrdersSchema = z.looseObject({ success: z.literal(true) });
const Outcome = z.looseObject({ name: z.string(), indexSet: z.number().int(), onChainId: z.string() });
const Quote = z.looseObject({ quoteType: z.enum(['Bid', 'Ask']), amount: wei, price: wei, outcome: Outcome, signer: hex });
export const PredictMatchEventSchema = z.looseObject({
  market: z.looseObject({ id: z.number().int() }),
  taker: Quote,
  makers: z.array(Quote),
  amountFilled: wei,
  priceExecuted: wei,
  transactionHash: hex,
  executedAt: z.iso.datetime({ offset: true }),
});
export const PredictMatchesSchema = envelope(z.array(PredictMatchEventSchema));
export const PredictPositionSchema = z.looseObject({
  id: z.string(),
  market: z.looseObject({ id: z.number().int(), conditionId: z.string().optional(), isNegRisk: z.boolean().optional(), isYieldBearing: z.boolean().optional(), status: z.string().optional() }),
  outcome: z.looseObject({ name: z.string(), indexSet: z.number().int(), onChainId: z.string(), status: z.string().nullish() }),
  amount: wei,
  averageBuyPriceUsd: numberish.nullish(),
  valueUsd: numberish.nullish(),
});
export const PredictPositionsSchema = envelope(z.array(PredictPositionSchema));

/** A socket message of the book topic. */
export const PredictWsBookMessageSchema = z.looseObject({ type: z.literal('M'), topic: z.string().regex(/^predictOrderbook\/\d+$/), data: PredictOrderbookDataSchema });

/** The endpoint name and schema of a request path of the adapter (for the drift log). */
export function predictfunWireFor(path: string): { endpoint: string; schema: z.ZodType } | null {
  if (path === '/markets') return { endpoint: 'GET /markets', schema: PredictMarketsPageSchema };
  if (path.endsWith('/orderbook')) return { endpoint: 'GET /markets/{id}/orderbook', schema: PredictOrderbookSchema };
  if (path.endsWith('/stats')) return { endpoint: 'GET /markets/{id}/stats', schema: PredictStatsSchema };
  if (/^\/markets\/[^/]+$/.test(path)) return { endpoint: 'GET /markets/{id}', schema: PredictMarketEnvelopeSchema };
  if (path === '/categories') return { endpoint: 'GET /categories', schema: PredictCategoriesSchema };
  if (path.startsWith('/categories/')) return { endpoint: 'GET /categories/{slug}', schema: PredictCategorySchema };
  if (path === '/orders/matches') return { endpoint: 'GET /orders/matches', schema: PredictMatchesSchema };
  return null;
}

/** Mainnet wants the key on every read (PREDICTFUN_API_KEY). */
const apiKey = (_r: unknown, keys: ConformanceKeys): Record<string, string> => (keys.marketData.api_key ? { 'x-api-key': keys.marketData.api_key } : {});

export const conformanceChecks: readonly ConformanceCheck[] = [
  {
    endpoint: 'GET /markets',
    base: 'rest',
    authenticated: false,
    request: () => ({ method: 'GET', path: '/markets?first=10' }),
    schema: PredictMarketsPageSchema,
    headers: apiKey,
    remember(response, values) {
      const m = (response as z.infer<typeof PredictMarketsPageSchema>).data.find((x) => x.outcomes?.length);
      if (m) values.set('marketId', String(m.id));
    },
  },
  { endpoint: 'GET /markets/{id}', base: 'rest', authenticated: false, request: (v) => (v.get('marketId') ? { method: 'GET', path: `/markets/${v.get('marketId')}` } : null), schema: PredictMarketEnvelopeSchema, headers: apiKey },
  { endpoint: 'GET /markets/{id}/orderbook', base: 'rest', authenticated: false, request: (v) => (v.get('marketId') ? { method: 'GET', path: `/markets/${v.get('marketId')}/orderbook` } : null), schema: PredictOrderbookSchema, headers: apiKey },
  { endpoint: 'GET /markets/{id}/stats', base: 'rest', authenticated: false, request: (v) => (v.get('marketId') ? { method: 'GET', path: `/markets/${v.get('marketId')}/stats` } : null), schema: PredictStatsSchema, headers: apiKey },
  { endpoint: 'GET /categories', base: 'rest', authenticated: false, request: () => ({ method: 'GET', path: '/categories?first=10' }), schema: PredictCategoriesSchema, headers: apiKey },
  {
    // The account's holdings, by the wallet its credentials store (as the order client reads them).
    endpoint: 'GET /positions/{address}',
    base: 'rest',
    authenticated: true,
    request(_v, keys) {
      const address = keys.credentials?.address;
      if (typeof address !== 'string' || !address) throw new Error('address: predictfun positions are read by wallet; the credentials store none');
      return { method: 'GET', path: `/positions/${encodeURIComponent(address)}?first=10` };
    },
    schema: PredictPositionsSchema,
    headers: (_r, keys) => ({
      ...(keys.credentials?.api_key ? { 'x-api-key': String(keys.credentials.api_key) } : {}),
      ...(keys.credentials?.jwt ? { authorization: `Bearer ${String(keys.credentials.jwt)}` } : {}),
    }),
  },
];
