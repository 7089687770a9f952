/**
 * Probable's wire formats, from two sources the project did not write:
 * - the venue's official TypeScript SDK, `@prob/clob` 0.5.0 (published 2026-08-24) with its
 *   `@prob/types` 0.0.1: `GetMarketsResponse{markets: RawMarketData[], pagination?}`, `RawMarketData`
 *   (`outcomes`/`clobTokenIds` as JSON-encoded strings, `tokens[{token_id, outcome, price?,
 *   winner?}]`, `resolved`, `resolved_outcomes`; no market-level `winner`), `OrderBookSummary`
 *   (decimal-string levels, `timestamp` a string), `GetMidpointResponse{mid: string}` and
 *   `GetPricesHistoryResponse{history: {t, p}[]}` with numbers;
 * - the venue's developer docs (developer.probable.markets, Market Public API and Orderbook API
 *   pages, read 2026-11-28), whose examples send `outcomes`/`clobTokenIds` as real arrays and the book
 *   `timestamp` in seconds ("1705312200"), where the Polymarket-style CLOB sends milliseconds: both
 *   spellings are accepted.
 * The public `/trades` endpoint has no SDK type and the docs list only its parameters, the Data API's
 * (`user`, `limit`, `offset`, `takerOnly`); its rows are accepted in the Data API's shape (`side`,
 * `asset`, `size`, `price`, `timestamp`, `transactionHash`; `UserActivity` in `@prob/types`) and in
 * the shape pmxt's Probable client reads (pmxt-dev/pmxt core/src/exchanges/probable, `id`/`tradeId`,
 * `time`): the normaliser reads both and the drift log names the one it saw.
 */
import { z } from 'zod';
import type { ConformanceCheck } from '../wire.js';

const decimal = z.string().regex(/^-?\d+(\.\d+)?$/, 'a decimal string');
const numberish = z.union([z.number(), decimal]);
/** The SDK's JSON-encoded string list (`'["Yes","No"]'`), or the docs' plain array. */
const stringList = z.union([
  z.array(z.string()),
  z.string().refine((s) => {
    try {
      const v = JSON.parse(s) as unknown;
      return Array.isArray(v) && v.every((x) => typeof x === 'string');
    } catch {
      return false;
    }
  }, 'a JSON-encoded list of strings'),
]);

export const ProbableTokenSchema = z.looseObject({ token_id: z.string(), outcome: z.string(), price: decimal.optional(), winner: z.boolean().optional() });

export const ProbableMarketSchema = z.looseObject({
  // The SDK types the id as a string, the docs' examples show a number.
  id: z.union([z.string(), z.number().int()]),
  condition_id: z.string(),
  question: z.string(),
  market_slug: z.string(),
  outcomes: stringList,
  clobTokenIds: stringList.optional(),
  tokens: z.array(ProbableTokenSchema).optional(),
  active: z.boolean(),
  closed: z.boolean(),
  archived: z.boolean().optional(),
  description: z.string().optional(),
  category: z.string().optional(),
  tags: z.array(z.string()).optional(),
  startDate: z.string().optional(),
  endDate: z.string().optional(),
  createdAt: z.string().optional(),
  closedTime: z.string().optional(),
  volume: numberish.optional(),
  volume24hr: numberish.optional(),
  liquidity: numberish.optional(),
  resolved: z.boolean().optional(),
  resolved_outcomes: z.array(z.string()).optional(),
  // What the project's simulator once sent: the venue says who won per token (`tokens[].winner`).
  winner: z.undefined({ error: 'no market-level winner on the wire: tokens[].winner or resolved_outcomes' }).optional(),
});

export const ProbablePaginationSchema = z.looseObject({
  hasMore: z.boolean().optional(),
  totalResults: z.number().int().optional(),
  page: z.number().int().optional(),
  limit: z.number().int().optional(),
  totalPages: z.number().int().optional(),
  hasPrevPage: z.boolean().optional(),
});
export const ProbableMarketsPageSchema = z.looseObject({ markets: z.array(ProbableMarketSchema), pagination: ProbablePaginationSchema.optional() });

const Level = z.looseObject({ price: decimal, size: decimal });
export const ProbableBookSchema = z.looseObject({
  market: z.string(),
  asset_id: z.string(),
  timestamp: z.string().regex(/^\d+$/, 'epoch seconds or milliseconds as a string'),
  bids: z.array(Level),
  asks: z.array(Level),
  min_order_size: decimal.optional(),
  tick_size: decimal.optional(),
  neg_risk: z.boolean().optional(),
  hash: z.string().optional(),
});

export const ProbableMidpointSchema = z.looseObject({ mid: decimal });

/** `POST /prices`: token id -> the quoted sides (a side without orders is absent; GetPricesResponse, @prob/clob 0.5.0). */
export const ProbablePricesSchema = z.record(z.string(), z.looseObject({ BUY: decimal.optional(), SELL: decimal.optional() }));

export const ProbablePriceHistorySchema = z.looseObject({ history: z.array(z.looseObject({ t: z.number(), p: z.number() })) });

const side = z.enum(['BUY', 'SELL']);
/** A public trade in the Data API's shape (the docs' parameters are the Data API's). */
export const ProbableDataApiTradeSchema = z.looseObject({ side, asset: z.string(), size: numberish, price: numberish, timestamp: z.number(), transactionHash: z.string().optional(), conditionId: z.string().optional(), outcome: z.string().optional() });
/** A public trade as pmxt's Probable client reads it. */
export const ProbableIdTradeSchema = z.looseObject({ id: z.union([z.string(), z.number()]).optional(), tradeId: z.union([z.string(), z.number()]).optional(), side: side.optional(), size: numberish, price: numberish, time: z.number(), tokenId: z.string().optional() }).refine((t) => t.id !== undefined || t.tradeId !== undefined, 'a trade has an id or tradeId');
export const ProbableTradesSchema = z.array(z.union([ProbableDataApiTradeSchema, ProbableIdTradeSchema]));

/** The endpoint name and schema of a request path of the adapter (for the drift log). */
export function probableWireFor(path: string): { endpoint: string; schema: z.ZodType } | null {
  if (path === '/markets/') return { endpoint: 'GET /markets/', schema: ProbableMarketsPageSchema };
  if (/^\/markets\/[^/]+$/.test(path)) return { endpoint: 'GET /markets/{id}', schema: ProbableMarketSchema };
  if (path === '/book') return { endpoint: 'GET /book', schema: ProbableBookSchema };
  if (path === '/prices') return { endpoint: 'POST /prices', schema: ProbablePricesSchema };
  if (path === '/midpoint') return { endpoint: 'GET /midpoint', schema: ProbableMidpointSchema };
  if (path === '/prices-history') return { endpoint: 'GET /prices-history', schema: ProbablePriceHistorySchema };
  if (path === '/trades') return { endpoint: 'GET /trades', schema: ProbableTradesSchema };
  return null;
}

/** The YES token id of a market as the wire gives it (tokens, else clobTokenIds), or null. */
function yesTokenOf(m: z.infer<typeof ProbableMarketSchema>): string | null {
  if (m.tokens?.length) return (m.tokens.find((t) => t.outcome.toLowerCase() === 'yes') ?? m.tokens[0]).token_id;
  const list = (v: unknown): string[] => (Array.isArray(v) ? (v as string[]) : typeof v === 'string' ? (JSON.parse(v) as string[]) : []);
  const ids = list(m.clobTokenIds);
  const labels = list(m.outcomes);
  const yes = labels.findIndex((l) => l.toLowerCase() === 'yes');
  return ids[yes >= 0 ? yes : 0] ?? null;
}

const withToken = (path: string) => (v: Map<string, string>) => (v.get('token') ? { method: 'GET' as const, path: `${path}${encodeURIComponent(v.get('token')!)}` } : null);

export const conformanceChecks: readonly ConformanceCheck[] = [
  {
    endpoint: 'GET /markets/',
    base: 'market',
    authenticated: false,
    request: () => ({ method: 'GET', path: '/markets/?page=1&limit=10&active=true' }),
    schema: ProbableMarketsPageSchema,
    remember(response, values) {
      const m = (response as z.infer<typeof ProbableMarketsPageSchema>).markets.find((x) => x.active && !x.closed && yesTokenOf(x));
      if (!m) return;
      values.set('id', String(m.id));
      values.set('token', yesTokenOf(m)!);
    },
  },
  { endpoint: 'GET /markets/{id}', base: 'market', authenticated: false, request: (v) => (v.get('id') ? { method: 'GET', path: `/markets/${v.get('id')}` } : null), schema: ProbableMarketSchema },
  { endpoint: 'GET /book', base: 'orderbook', authenticated: false, request: withToken('/book?token_id='), schema: ProbableBookSchema },
  { endpoint: 'GET /midpoint', base: 'orderbook', authenticated: false, request: withToken('/midpoint?token_id='), schema: ProbableMidpointSchema },
  {
    endpoint: 'POST /prices',
    base: 'orderbook',
    authenticated: false,
    request: (v) => (v.get('token') ? { method: 'POST', path: '/prices', body: [{ token_id: v.get('token')!, side: 'BUY' }, { token_id: v.get('token')!, side: 'SELL' }] } : null),
    schema: ProbablePricesSchema,
  },
  {
    endpoint: 'GET /prices-history',
    base: 'orderbook',
    authenticated: false,
    request: (v) => (v.get('token') ? { method: 'GET', path: `/prices-history?market=${encodeURIComponent(v.get('token')!)}&interval=1d` } : null),
    schema: ProbablePriceHistorySchema,
  },
  { endpoint: 'GET /trades', base: 'orderbook', authenticated: false, request: (v) => (v.get('token') ? { method: 'GET', path: `/trades?tokenId=${encodeURIComponent(v.get('token')!)}&limit=5` } : null), schema: ProbableTradesSchema },
];
