// Request and response schemas of the per-venue read routes (docs/api-contract.md §5). The zod schemas here
// validate every path and query parameter (400 naming the field) and are the single source of the
// documented shapes; each route declares its path once, with them, in venues.ts (defineRoute).
import { z } from 'zod';
import { EXCHANGE_CODES } from '../../venues/exchanges.js';
import { MARKET_STATUSES, OutcomeSchema } from '../../venues/records.js';
import { openapi } from '../openapi.js';

// ---- parameters ----------------------------------------------------------------------------------

export const ExchangeParam = z.enum(EXCHANGE_CODES).openapi({ description: 'Venue code (path segment)' });

/** ISO 8601 or unix seconds in; ISO 8601 UTC out. */
export const TimeParam = z
  .string()
  .trim()
  .transform((v, ctx) => {
    let ms: number;
    if (/^-?\d+(\.\d+)?$/.test(v)) ms = Number(v) * 1000;
    else if (/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/i.test(v)) ms = Date.parse(v.length === 10 ? `${v}T00:00:00Z` : v);
    else ms = Number.NaN;
    if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) {
      ctx.addIssue({ code: 'custom', message: 'must be an ISO 8601 time or unix seconds' });
      return z.NEVER;
    }
    return new Date(ms).toISOString();
  })
  .openapi({ type: 'string', description: 'ISO 8601 time or unix seconds', example: '2025-01-01T00:00:00Z' });

const Limit = z.coerce.number().int().min(1).max(1000).default(100).openapi({ description: 'Page size, 1..1000 (default 100)' });
const Cursor = z.string().min(1).optional().openapi({ description: 'Opaque cursor from next_cursor of the previous page' });

const commaList = <T extends z.ZodType<unknown, string>>(item: T, field: string) =>
  z
    .string()
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(item).min(1, `${field}: at least one value`))
    .optional();

/** The shape of a comma-separated list of these values, for the OpenAPI document (and its fuzzer). */
const listPattern = (values: readonly string[]): string => `^ *(${values.join('|')}) *(, *(${values.join('|')}) *)*$`;

export const MarketStatusFilter = commaList(z.enum([...MARKET_STATUSES, 'all']), 'status').openapi({
  type: 'string',
  pattern: listPattern([...MARKET_STATUSES, 'all']),
  description: `Comma-separated statuses (${MARKET_STATUSES.join(', ')}) or "all" (default)`,
});
export const CategoryList = commaList(z.string().min(1).max(100), 'category').openapi({ type: 'string', description: 'Comma-separated categories (case-insensitive); a market matching any of them is listed' });

/** Polling for changes: markets whose updated_at is at or after this time (inclusive, so polling with the newest updated_at seen misses nothing). */
const UpdatedSince = TimeParam.optional().openapi({
  type: 'string',
  description:
    'Only markets updated at or after this time (ISO 8601 or unix seconds): poll with the newest updated_at of the previous answer to get the changes only (inclusive, so markets updated in that same instant are not missed)',
  example: '2025-01-01T00:00:00Z',
});

export const MarketListQuery = z.object({ status: MarketStatusFilter, category: CategoryList, event_id: z.string().min(1).max(300).optional(), updated_since: UpdatedSince, limit: Limit, cursor: Cursor });
export const CategoryMarketsQuery = z.object({ status: MarketStatusFilter, updated_since: UpdatedSince, limit: Limit, cursor: Cursor });
export const EventMarketsQuery = CategoryMarketsQuery;
export const VenueEventsQuery = z.object({ category: CategoryList, limit: Limit, cursor: Cursor });
export const EventsQuery = z.object({ category: CategoryList, exchange: commaList(ExchangeParam, 'exchange').openapi({ type: 'string', pattern: listPattern(EXCHANGE_CODES), description: 'Comma-separated venue codes' }), limit: Limit, cursor: Cursor });
export const EventByIdQuery = z.object({ exchange: ExchangeParam.optional() });

export const RangeQuery = z.object({ start: TimeParam.optional(), end: TimeParam.optional() });
export const TradesQuery = RangeQuery.extend({ limit: Limit, cursor: Cursor });
/** The order book: without start/end the live snapshot; with either, recorded snapshots, paged. */
export const OrderBookQuery = RangeQuery.extend({ limit: Limit, cursor: Cursor });
export const PricesQuery = RangeQuery.extend({ interval: z.enum(['1m', '1h', '1d']).default('1h').openapi({ description: 'Point spacing (default 1h)' }) });
export const CandlesQuery = RangeQuery.extend({
  interval: z.enum(['1s', '1m', '5m', '10m', '1h', '1d']).openapi({ description: 'Candle length' }),
  limit: z.coerce.number().int().min(1).max(10_000).default(1500).openapi({ description: 'Candles per page, 1..10000 (default 1500: a day of 1m candles is one page)' }),
  cursor: Cursor,
});

const MarketIdParam = z.string().min(1).max(300).openapi({ description: "The venue's market id" });
export const ExchangePath = z.object({ exchange: ExchangeParam });
export const MarketPath = z.object({ exchange: ExchangeParam, market_id: MarketIdParam });
export const EventPath = z.object({ exchange: ExchangeParam, event_id: z.string().min(1).max(300) });
export const CategoryPath = z.object({ exchange: ExchangeParam, category: z.string().min(1).max(100) });
export const EventIdPath = z.object({ event_id: z.string().min(1).max(300) });

// ---- responses ------------------------------------------------------------------------------------

const Prob = z.number().min(0).max(1).nullable();
const Num = z.number().nullable();
const Time = z.string().nullable().openapi({ format: 'date-time' });

export const VenueMarket = openapi.register(
  'VenueMarket',
  z
    .object({
      exchange: ExchangeParam,
      market_id: z.string(),
      event_id: z.string().nullable(),
      title: z.string(),
      subtitle: z.string().nullable(),
      category: z.string(),
      tags: z.array(z.string()),
      status: z.enum(MARKET_STATUSES),
      closed: z.boolean(),
      outcomes: z.array(OutcomeSchema),
      yes_price: Prob,
      yes_bid: Prob,
      yes_ask: Prob,
      last_price: Prob,
      volume: Num,
      volume_24h: Num,
      liquidity: Num,
      open_interest: Num,
      open_time: Time,
      close_time: Time,
      resolution_time: Time,
      result: z.string().nullable(),
      rules: z.string(),
      url: z.string().nullable(),
      neg_risk: z.boolean().nullable().openapi({ description: "Whether the market is neg-risk (one of a group whose outcomes exclude each other): polymarket, limitless, predictfun say; null elsewhere. On polymarket and predictfun it picks the exchange contract an order is signed for (POST /api/v1/orders/prepare chooses it)" }),
      svc_id: z.string().nullable().openapi({ description: 'Cross-exchange cluster id; null until matched' }),
      cluster_id: z.string().nullable(),
      updated_at: z.string().openapi({ format: 'date-time', description: "When the venue's data was last refreshed" }),
    })
    .openapi({ description: 'A market from the catalog (prices are probabilities 0..1)' }),
);

export const VenueEvent = openapi.register(
  'VenueEvent',
  z.object({
    exchange: ExchangeParam,
    event_id: z.string(),
    title: z.string(),
    subtitle: z.string().nullable(),
    category: z.string(),
    status: z.enum(MARKET_STATUSES).nullable().openapi({
      description: "The markets' vocabulary (open, upcoming, closed, resolved, halted), mapped from the venue's word or, when it has none, from the event's markets; null when neither says",
    }),
    venue_status: z.string().nullable().openapi({ description: "The venue's own status word, as sent (e.g. polymarket active, limitless FUNDED)" }),
    close_time: Time,
    market_count: z.number().int(),
    updated_at: z.string(),
  }),
);

const Level = z.object({ price: z.number(), size: z.number() });
export const OrderBookSnapshots = z.object({ snapshots: z.array(z.object({ bids: z.array(Level), asks: z.array(Level), timestamp: z.string() })), count: z.number().int(), next_cursor: z.string().nullable() });
export const TopOfBook = z.object({ best_bid: Num, best_ask: Num, bid_size: Num, ask_size: Num, mid: Num, spread: Num, timestamp: z.string() });
export const TradeList = z.object({
  trades: z.array(z.object({ id: z.string(), price: z.number(), size: z.number(), taker_side: z.enum(['buy', 'sell']).nullable(), outcome: z.string().nullable(), timestamp: z.string() })),
  count: z.number().int(),
  next_cursor: z.string().nullable(),
});
export const PricePoints = z.object({ points: z.array(z.object({ timestamp: z.string(), price: z.number() })), count: z.number().int() });
export const CandleList = openapi.register(
  'CandleList',
  z.object({
    candles: z.array(
      z.object({
        timestamp: z.string().openapi({ format: 'date-time', description: 'START of the period (inclusive); the period ends at timestamp + interval (exclusive). The same for every interval.' }),
        open: z.number(),
        high: z.number(),
        low: z.number(),
        close: z.number(),
        volume: z.number().openapi({ description: 'Contracts traded in the period (> 0: periods without trades have no candle)' }),
      }),
    ),
    count: z.number().int(),
    next_cursor: z.string().nullable(),
  }),
);
export const Rules = z.object({ exchange: ExchangeParam, market_id: z.string(), title: z.string(), rules: z.string(), url: z.string().nullable(), updated_at: z.string() });

/** A page of a list: `{<key>: [...], count, next_cursor}` (docs/api-contract.md §2). */
export const list = <T extends z.ZodType>(key: string, item: T) => z.object({ [key]: z.array(item), count: z.number().int(), next_cursor: z.string().nullable() });
