/**
 * Opinion's wire formats, from the venue's published OpenAPI 3.0.3 document ("OPINION Prediction
 * Market OpenAPI" 1.0.0, embedded in docs.opinion.trade/developer-guide/opinion-open-api, as indexed
 * in 2026): `APIBaseResponse` `{code, msg, result}`, `MarketListResponse` `{total, list: MarketData[]}`,
 * `MarketDetailResponse` `{data: MarketData}`, `OrderbookResponse` (market, tokenId, timestamp ms,
 * bids/asks of `{price, size}` strings), `LatestPriceResponse` (tokenId, price, side, size, timestamp
 * ms), `PriceHistoryResponse` `{history: [{t (s), p (string)}]}`.
 *
 * The envelope's spelling is disputed: the OpenAPI says `{code, msg, result}`, the official CLOB SDK's
 * docs (docs.opinion.trade, "CLOB SDK" methods page) read `response.errno` / `response.errmsg`. Both
 * are accepted, and the drift log says which one the venue sent.
 */
import { z } from 'zod';
import { venueDrift, type ConformanceCheck, type ConformanceKeys } from '../wire.js';

const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/, 'a decimal string');

/** The two spellings of the envelope around `result`. */
export const OpinionEnvelopeSchema = <T extends z.ZodType>(result: T) =>
  z.union([z.looseObject({ code: z.number().int(), msg: z.string().nullish(), result: result.nullable() }), z.looseObject({ errno: z.number().int(), errmsg: z.string().nullish(), result: result.nullable() })]);

export type EnvelopeSpelling = 'code/msg' | 'errno/errmsg';

export interface OpinionEnvelope<T> {
  code: number;
  message: string;
  result: T | null;
  spelling: EnvelopeSpelling;
}

const SPELLING_SOURCE: Record<EnvelopeSpelling, string> = {
  'code/msg': '{code, msg, result} (the published OpenAPI\'s spelling)',
  'errno/errmsg': '{errno, errmsg, result} (the CLOB SDK docs\' spelling)',
};

/**
 * The envelope of an Opinion answer in either spelling, or null when the body is neither; which
 * spelling was seen goes to the drift log (one entry per spelling, counted), so an operator can tell
 * which source the live venue agrees with.
 */
export function readOpinionEnvelope<T>(body: unknown, log = venueDrift): OpinionEnvelope<T> | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const b = body as Record<string, unknown>;
  let envelope: OpinionEnvelope<T> | null = null;
  if (typeof b.code === 'number') envelope = { code: b.code, message: typeof b.msg === 'string' ? b.msg : '', result: (b.result ?? null) as T | null, spelling: 'code/msg' };
  else if (typeof b.errno === 'number') envelope = { code: b.errno, message: typeof b.errmsg === 'string' ? b.errmsg : '', result: (b.result ?? null) as T | null, spelling: 'errno/errmsg' };
  if (envelope) log.note('opinion', 'envelope', 'shape', `answers are ${SPELLING_SOURCE[envelope.spelling]}`);
  return envelope;
}

export const OpinionChildMarketSchema = z.looseObject({
  marketId: z.number().int(),
  marketTitle: z.string(),
  status: z.number().int(),
  yesTokenId: z.string(),
  noTokenId: z.string(),
});

export const OpinionMarketSchema = z.looseObject({
  marketId: z.number().int(),
  marketTitle: z.string(),
  status: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5), z.literal(6)]),
  statusEnum: z.enum(['Created', 'Activated', 'Resolving', 'Resolved', 'Failed', 'Deleted']).optional(),
  marketType: z.union([z.literal(0), z.literal(1)]),
  childMarkets: z.array(OpinionChildMarketSchema).nullish(),
  yesTokenId: z.string().optional(),
  noTokenId: z.string().optional(),
  resultTokenId: z.string().nullish(),
  volume: z.string().optional(),
  cutoffAt: z.number().int().nullish(),
});

export const OpinionMarketListSchema = OpinionEnvelopeSchema(z.looseObject({ total: z.number().int(), list: z.array(OpinionMarketSchema) }));
export const OpinionMarketDetailSchema = OpinionEnvelopeSchema(z.looseObject({ data: OpinionMarketSchema }));
const Level = z.looseObject({ price: decimalString, size: decimalString });
export const OpinionOrderbookSchema = OpinionEnvelopeSchema(z.looseObject({ market: z.string().optional(), tokenId: z.string(), timestamp: z.number().int(), bids: z.array(Level), asks: z.array(Level) }));
export const OpinionLatestPriceSchema = OpinionEnvelopeSchema(z.looseObject({ tokenId: z.string(), price: decimalString, side: z.string(), size: decimalString, timestamp: z.number().int() }));
export const OpinionPriceHistorySchema = OpinionEnvelopeSchema(z.looseObject({ history: z.array(z.looseObject({ t: z.number().int(), p: decimalString })) }));

/*
 * The authenticated answers the order client reads, from the venue's generated OpenAPI client
 * `@opinion-labs/opinion-api` 0.3.1 (published 2026-09-02, src/types.gen.ts), which the official
 * `@opinion-labs/opinion-clob-sdk` 0.6.1 calls, and docs.opinion.trade's "Opinion Open API" Order,
 * Position and Models pages (as indexed in 2026). The generated client's envelope is
 * `{errno, errmsg, result}` (ViewApiBaseResponse): both spellings are accepted, as above.
 * - `POST /order`, `GET /order/{orderId}`: result `{orderData: OrderData}`. OrderData: `orderId`
 *   (string), `status` 1 pending | 2 finished | 3 canceled | 4 expired | 5 failed, `statusEnum`,
 *   `marketId` (integer), `side`, `tradingMethod` (integers), `price`, `orderShares`, `orderAmount`,
 *   `filledShares`, `filledAmount` (decimal strings), `createdAt` (unix s), and in the detail only
 *   `trades: TradeData[]`: `orderNo`, `tradeNo`, `txHash`, `side` (strings), `outcomeSide` 1 | 2,
 *   `price`, `shares`, `amount` (decimal strings), `fee` a number and `feeFormatted` its
 *   human-readable string (the SDK's getMyTrades reads `feeFormatted` as the fee, "avoids precision
 *   loss"), `createdAt` (unix s).
 * - `POST /order/cancel`: result `{result: boolean}`.
 * - `GET /positions/user/{walletAddress}`: result `{total, list: PositionData[]}`: `marketId`,
 *   `outcomeSide` 1 | 2 (integers), `tokenId`, and decimal strings `sharesOwned`, `sharesFrozen`,
 *   `avgEntryPrice`, `currentValueInQuoteToken`, `unrealizedPnl`.
 * - `GET /user/balance?chain_id=` (the query name is `chain_id`, required): result
 *   `{walletAddress, multiSignAddress, chainId (string), balances: QuoteTokenBalance[]}`, each
 *   `{quoteToken, tokenDecimals, totalBalance, availableBalance, frozenBalance}` (decimal strings).
 * - `GET /quoteToken`: result `{total, list: QuoteTokenData[]}`: `quoteTokenAddress`,
 *   `quoteTokenName`, `ctfExchangeAddress`, `chainId` (a string), `decimal` (integer).
 * The spec marks every field optional: required here are those the client cannot do without.
 */
const outcomeSide = z.union([z.literal(1), z.literal(2)]);
export const OpinionTradeSchema = z.looseObject({
  orderNo: z.string().optional(),
  tradeNo: z.string().optional(),
  txHash: z.string().optional(),
  side: z.string().optional(),
  outcomeSide: outcomeSide.optional(),
  price: decimalString,
  shares: decimalString,
  amount: decimalString.optional(),
  fee: z.union([z.number(), decimalString]).nullish(),
  feeFormatted: decimalString.optional(),
  createdAt: z.number().int(),
});
export const OpinionOrderDataSchema = z.looseObject({
  orderId: z.string().min(1),
  status: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]),
  statusEnum: z.enum(['Pending', 'Finished', 'Canceled', 'Expired', 'Failed']).optional(),
  marketId: z.number().int(),
  side: z.number().int().optional(),
  tradingMethod: z.number().int().optional(),
  price: decimalString.optional(),
  orderShares: decimalString.optional(),
  orderAmount: decimalString.optional(),
  filledShares: decimalString,
  filledAmount: decimalString.optional(),
  createdAt: z.number().int().optional(),
  trades: z.array(OpinionTradeSchema).nullish(),
});
export const OpinionOrderSchema = OpinionEnvelopeSchema(z.looseObject({ orderData: OpinionOrderDataSchema }));
export const OpinionCancelSchema = OpinionEnvelopeSchema(z.looseObject({ result: z.boolean().optional() }));
export const OpinionPositionSchema = z.looseObject({
  marketId: z.number().int(),
  tokenId: z.string(),
  outcomeSide: outcomeSide.optional(),
  sharesOwned: decimalString,
  sharesFrozen: decimalString.optional(),
  avgEntryPrice: decimalString.optional(),
  currentValueInQuoteToken: decimalString.optional(),
  unrealizedPnl: decimalString.optional(),
});
export const OpinionPositionsSchema = OpinionEnvelopeSchema(z.looseObject({ total: z.number().int(), list: z.array(OpinionPositionSchema) }));
const QuoteTokenBalance = z.looseObject({ quoteToken: z.string(), tokenDecimals: z.number().int().optional(), totalBalance: decimalString, availableBalance: decimalString, frozenBalance: decimalString.optional() });
export const OpinionBalanceSchema = OpinionEnvelopeSchema(z.looseObject({ walletAddress: z.string().optional(), multiSignAddress: z.string().optional(), chainId: z.string().optional(), balances: z.array(QuoteTokenBalance) }));
export const OpinionQuoteTokensSchema = OpinionEnvelopeSchema(
  z.looseObject({ total: z.number().int().optional(), list: z.array(z.looseObject({ quoteTokenAddress: z.string(), quoteTokenName: z.string().optional(), ctfExchangeAddress: z.string(), chainId: z.string(), decimal: z.number().int() })) }),
);

/** The OpenAPI: "All API requests require an API key passed in the `apikey` header" (OPINION_API_KEY). */
const apikey = (_r: unknown, keys: ConformanceKeys): Record<string, string> => (keys.marketData.api_key ? { apikey: keys.marketData.api_key } : {});
/** The trading credentials' own API key, for the authenticated reads. */
const errorCode = z.number().int().refine((n) => n !== 0, 'a non-zero error code');
/** An error in either spelling of the envelope: a non-zero code and no result (Opinion answers errors with HTTP 200). */
export const OpinionErrorEnvelopeSchema = z.union([
  z.looseObject({ code: errorCode, msg: z.string().nullish(), result: z.null().optional() }),
  z.looseObject({ errno: errorCode, errmsg: z.string().nullish(), result: z.null().optional() }),
]);

const userKey = (_r: unknown, keys: ConformanceKeys): Record<string, string> => (typeof keys.credentials?.api_key === 'string' ? { apikey: keys.credentials.api_key } : {});

export const conformanceChecks: readonly ConformanceCheck[] = [
  {
    endpoint: 'GET /market',
    base: 'rest',
    authenticated: false,
    request: () => ({ method: 'GET', path: '/market?page=1&limit=5&status=activated&marketType=0' }),
    schema: OpinionMarketListSchema,
    headers: apikey,
    remember(response, values) {
      const m = (response as { result?: { list?: { marketId: number; yesTokenId?: string }[] } }).result?.list?.find((x) => x.yesTokenId);
      if (m) {
        values.set('marketId', String(m.marketId));
        values.set('token', String(m.yesTokenId));
      }
    },
  },
  { endpoint: 'GET /market/{id}', base: 'rest', authenticated: false, request: (v) => (v.get('marketId') ? { method: 'GET', path: `/market/${v.get('marketId')}` } : null), schema: OpinionMarketDetailSchema, headers: apikey },
  { endpoint: 'GET /token/orderbook', base: 'rest', authenticated: false, request: (v) => (v.get('token') ? { method: 'GET', path: `/token/orderbook?token_id=${v.get('token')}` } : null), schema: OpinionOrderbookSchema, headers: apikey },
  { endpoint: 'GET /token/latest-price', base: 'rest', authenticated: false, request: (v) => (v.get('token') ? { method: 'GET', path: `/token/latest-price?token_id=${v.get('token')}` } : null), schema: OpinionLatestPriceSchema, headers: apikey },
  { endpoint: 'GET /token/price-history', base: 'rest', authenticated: false, request: (v) => (v.get('token') ? { method: 'GET', path: `/token/price-history?token_id=${v.get('token')}&interval=1h` } : null), schema: OpinionPriceHistorySchema, headers: apikey },
  {
    // The user's own key (the stored credentials' api_key); the answer names the user's Safe, whose positions come next.
    endpoint: 'GET /user/balance',
    base: 'rest',
    authenticated: true,
    request: () => ({ method: 'GET', path: '/user/balance?chain_id=56' }),
    schema: OpinionBalanceSchema,
    headers: userKey,
    remember(response, values) {
      const safe = (response as { result?: { multiSignAddress?: string } }).result?.multiSignAddress;
      if (safe) values.set('safe', safe);
    },
  },
  { endpoint: 'GET /positions/user/{walletAddress}', base: 'rest', authenticated: true, request: (v) => (v.get('safe') ? { method: 'GET', path: `/positions/user/${v.get('safe')}?page=1&limit=20` } : null), schema: OpinionPositionsSchema, headers: userKey },
  {
    // A signed read of an order id the account has none of: Opinion answers its envelope with an error code and no result, and nothing changes.
    endpoint: 'GET /order/{unknown id} (expects an error code)',
    base: 'rest',
    authenticated: true,
    request: () => ({ method: 'GET', path: '/order/00000000-0000-4000-8000-000000000000' }),
    schema: OpinionErrorEnvelopeSchema,
    headers: userKey,
  },
];

/** The endpoint name and wire schema of a request path of the adapter (for the drift log). */
export function opinionWireFor(path: string): { endpoint: string; schema: z.ZodType } | null {
  if (path === '/market') return { endpoint: 'GET /market', schema: OpinionMarketListSchema };
  if (path.startsWith('/market/categorical/')) return { endpoint: 'GET /market/categorical/{id}', schema: OpinionMarketDetailSchema };
  if (path.startsWith('/market/')) return { endpoint: 'GET /market/{id}', schema: OpinionMarketDetailSchema };
  if (path === '/token/orderbook') return { endpoint: 'GET /token/orderbook', schema: OpinionOrderbookSchema };
  if (path === '/token/latest-price') return { endpoint: 'GET /token/latest-price', schema: OpinionLatestPriceSchema };
  if (path === '/token/price-history') return { endpoint: 'GET /token/price-history', schema: OpinionPriceHistorySchema };
  return null;
}
