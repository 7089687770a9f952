/**
 * The unified records every venue adapter produces (docs/api-contract.md §3), as zod schemas with the units of
 * docs/api-contract.md §2: prices are probabilities in [0, 1], sizes are contracts, money is USD, times are ISO
 * 8601 UTC. The `make*` constructors are the only way normalisers build records: they validate and
 * throw `RecordError` naming the venue, the record and the field, so a unit mix-up never reaches the
 * catalog. `svc_id` and `cluster_id` are not here: the catalog adds them.
 */
import { z } from 'zod';
import { ExchangeCodeSchema, type ExchangeCode } from './codes.js';
import { CANONICAL_CATEGORIES, marketCategory, venueCategoryLabel } from './categories.js';

export class RecordError extends Error {
  constructor(
    readonly record: string,
    readonly exchange: string | undefined,
    readonly issues: string[],
  ) {
    super(`invalid ${record}${exchange ? ` from ${exchange}` : ''}: ${issues.join('; ')}`);
    this.name = 'RecordError';
  }
}

/** A probability: finite, 0..1 inclusive. */
export const ProbSchema = z.number().finite().min(0).max(1);
export const ProbOrNull = ProbSchema.nullable();
/** A non-negative finite quantity (contracts, shares, USD). */
export const QuantitySchema = z.number().finite().min(0);
export const QuantityOrNull = QuantitySchema.nullable();
/** ISO 8601 UTC timestamp with a zone (what `Date.prototype.toISOString` prints). */
export const IsoTimeSchema = z.iso.datetime({ offset: true });
export const IsoTimeOrNull = IsoTimeSchema.nullable();

export const MARKET_STATUSES = ['open', 'upcoming', 'closed', 'resolved', 'halted'] as const;
export const MarketStatusSchema = z.enum(MARKET_STATUSES);
export type MarketStatus = z.infer<typeof MarketStatusSchema>;

/** `closed` is derived: a market is closed unless it is open or upcoming. */
export function isClosedStatus(status: MarketStatus): boolean {
  return status !== 'open' && status !== 'upcoming';
}

export const OutcomeSchema = z.object({
  /** Venue-native outcome id (docs/api-contract.md §1 table: `yes`/`no`, token ids, answer ids...). */
  id: z.string().min(1),
  label: z.string().min(1),
  price: ProbOrNull,
});
export type Outcome = z.infer<typeof OutcomeSchema>;

export const MarketSchema = z
  .object({
    exchange: ExchangeCodeSchema,
    market_id: z.string().min(1),
    event_id: z.string().min(1).nullable(),
    title: z.string().min(1),
    subtitle: z.string().nullable(),
    /** One word of the shared vocabulary (src/venues/categories.ts). */
    category: z.enum(CANONICAL_CATEGORIES),
    /** The venue's own category label, as sent, or null when it gave none. */
    venue_category: z.string().nullable(),
    tags: z.array(z.string()),
    status: MarketStatusSchema,
    closed: z.boolean(),
    outcomes: z.array(OutcomeSchema),
    yes_price: ProbOrNull,
    yes_bid: ProbOrNull,
    yes_ask: ProbOrNull,
    last_price: ProbOrNull,
    volume: QuantityOrNull,
    volume_24h: QuantityOrNull,
    liquidity: QuantityOrNull,
    open_interest: QuantityOrNull,
    open_time: IsoTimeOrNull,
    close_time: IsoTimeOrNull,
    resolution_time: IsoTimeOrNull,
    result: z.string().nullable(),
    rules: z.string(),
    url: z.string().nullable(),
    /**
     * Whether the market is neg-risk (one of a group whose outcomes exclude each other, settled by a
     * neg-risk adapter; on polymarket and predict.fun it picks the exchange an order is signed
     * for); absent or null where the venue has no such notion.
     */
    neg_risk: z.boolean().nullable().optional(),
    /** When the venue's data was last refreshed. */
    updated_at: IsoTimeSchema,
    /** The venue's own payload, kept for debugging and re-normalisation. */
    raw: z.unknown(),
  })
  .refine((m) => m.closed === isClosedStatus(m.status), { message: 'closed must be true exactly when status is not open/upcoming', path: ['closed'] })
  .refine((m) => m.yes_bid === null || m.yes_ask === null || m.yes_bid <= m.yes_ask + 1e-9, { message: 'yes_bid above yes_ask', path: ['yes_bid'] });
export type Market = z.infer<typeof MarketSchema>;

/** Input of `makeMarket`: `closed` is derived from `status`; optional fields default to null/[]/''. */
export type MarketInput = {
  exchange: ExchangeCode;
  market_id: string;
  title: string;
  status: MarketStatus;
  updated_at: string;
  raw: unknown;
} & Partial<Omit<Market, 'exchange' | 'market_id' | 'title' | 'status' | 'updated_at' | 'raw' | 'closed' | 'category'>> & {
  /** The normaliser's category: a word of the vocabulary is kept; anything else is placed by makeMarket (marketCategory). */
  category?: string;
};

function issuesOf(err: z.ZodError): string[] {
  return err.issues.map((i) => `${i.path.join('.') || '(record)'}: ${i.message}`);
}

function parseOrThrow<T>(schema: z.ZodType<T>, input: unknown, record: string, exchange: string | undefined): T {
  const r = schema.safeParse(input);
  if (!r.success) throw new RecordError(record, exchange, issuesOf(r.error));
  return r.data;
}

export function makeMarket(input: MarketInput): Market {
  const m = {
    exchange: input.exchange,
    market_id: input.market_id,
    event_id: input.event_id ?? null,
    title: input.title.trim(),
    subtitle: input.subtitle ?? null,
    category: marketCategory(input.category, input.title),
    venue_category: input.venue_category !== undefined ? input.venue_category : venueCategoryLabel(input.category),
    tags: input.tags ?? [],
    status: input.status,
    closed: MarketStatusSchema.safeParse(input.status).success ? isClosedStatus(input.status) : true,
    outcomes: input.outcomes ?? [],
    yes_price: input.yes_price ?? null,
    yes_bid: input.yes_bid ?? null,
    yes_ask: input.yes_ask ?? null,
    last_price: input.last_price ?? null,
    volume: input.volume ?? null,
    volume_24h: input.volume_24h ?? null,
    liquidity: input.liquidity ?? null,
    open_interest: input.open_interest ?? null,
    open_time: input.open_time ?? null,
    close_time: input.close_time ?? null,
    resolution_time: input.resolution_time ?? null,
    result: input.result ?? null,
    rules: input.rules ?? '',
    url: input.url ?? null,
    neg_risk: input.neg_risk ?? null,
    updated_at: input.updated_at,
    raw: input.raw,
  };
  return parseOrThrow(MarketSchema, m, 'market', input.exchange);
}

export const MarketEventSchema = z.object({
  exchange: ExchangeCodeSchema,
  event_id: z.string().min(1),
  title: z.string().min(1),
  subtitle: z.string().nullable(),
  category: z.string().min(1),
  /**
   * The unified vocabulary of markets (open|upcoming|closed|resolved|halted), mapped by the venue's
   * normaliser from the venue's word or, when it has none, from the event's markets; null only when
   * neither says anything.
   */
  status: MarketStatusSchema.nullable(),
  /** The venue's own status word, as sent (e.g. polymarket `active`, limitless `FUNDED`), or null. */
  venue_status: z.string().nullable(),
  /** Markets of the event that came with it (may be partial; the catalog joins on event_id). */
  market_ids: z.array(z.string()),
  close_time: IsoTimeOrNull,
  updated_at: IsoTimeSchema,
  raw: z.unknown(),
});
export type MarketEvent = z.infer<typeof MarketEventSchema>;

export type MarketEventInput = {
  exchange: ExchangeCode;
  event_id: string;
  title: string;
  updated_at: string;
  raw: unknown;
} & Partial<Omit<MarketEvent, 'exchange' | 'event_id' | 'title' | 'updated_at' | 'raw'>>;

export function makeEvent(input: MarketEventInput): MarketEvent {
  return parseOrThrow(
    MarketEventSchema,
    {
      exchange: input.exchange,
      event_id: input.event_id,
      title: input.title.trim(),
      subtitle: input.subtitle ?? null,
      category: input.category?.trim() || 'other',
      status: input.status ?? null,
      venue_status: input.venue_status ?? null,
      market_ids: input.market_ids ?? [],
      close_time: input.close_time ?? null,
      updated_at: input.updated_at,
      raw: input.raw,
    },
    'event',
    input.exchange,
  );
}

/**
 * An event's status from its markets' statuses, for venues whose event has no status word of its
 * own (or one that does not say more): open while any market is open, else upcoming while any is
 * upcoming, else halted while any is halted, resolved once every market is resolved, else closed;
 * null without markets.
 */
export function eventStatusFromMarkets(statuses: readonly MarketStatus[]): MarketStatus | null {
  if (statuses.length === 0) return null;
  for (const s of ['open', 'upcoming', 'halted'] as const) if (statuses.includes(s)) return s;
  return statuses.every((s) => s === 'resolved') ? 'resolved' : 'closed';
}

/** A venue's word through the venue's market-status mapping; null when the mapping does not know it. */
export function mappedStatusOrNull<W>(word: W | null | undefined, map: (word: W) => MarketStatus): MarketStatus | null {
  if (word === null || word === undefined) return null;
  try {
    return map(word);
  } catch {
    return null;
  }
}

export const BookLevelSchema = z.object({ price: ProbSchema, size: QuantitySchema });
export type BookLevel = z.infer<typeof BookLevelSchema>;

/**
 * An order book of one market, from the point of view of one outcome (YES for binary markets): bids
 * best (highest) first, asks best (lowest) first. Kalshi's asks are derived from NO bids.
 */
export const OrderBookSchema = z
  .object({
    exchange: ExchangeCodeSchema,
    market_id: z.string().min(1),
    /** The outcome the prices are of (YES token id on Polymarket, `yes` on Kalshi). */
    outcome_id: z.string().nullable(),
    bids: z.array(BookLevelSchema),
    asks: z.array(BookLevelSchema),
    timestamp: IsoTimeSchema,
  })
  .refine((b) => b.bids.every((l, i) => i === 0 || b.bids[i - 1].price > l.price), { message: 'bids must be strictly descending', path: ['bids'] })
  .refine((b) => b.asks.every((l, i) => i === 0 || b.asks[i - 1].price < l.price), { message: 'asks must be strictly ascending', path: ['asks'] });
export type OrderBook = z.infer<typeof OrderBookSchema>;

export interface OrderBookInput {
  exchange: ExchangeCode;
  market_id: string;
  outcome_id?: string | null;
  bids: BookLevel[];
  asks: BookLevel[];
  timestamp: string;
}

/** Merges equal price levels, drops empty ones and sorts (venues do not promise an order). */
function tidyLevels(levels: BookLevel[], descending: boolean): BookLevel[] {
  const byPrice = new Map<number, number>();
  for (const l of levels) byPrice.set(l.price, (byPrice.get(l.price) ?? 0) + l.size);
  return [...byPrice.entries()]
    .filter(([, size]) => size > 0)
    .map(([price, size]) => ({ price, size }))
    .sort((a, b) => (descending ? b.price - a.price : a.price - b.price));
}

export function makeBook(input: OrderBookInput): OrderBook {
  // Validate levels before tidying so that a NaN size is reported rather than filtered out.
  parseOrThrow(z.array(BookLevelSchema), input.bids, 'order book bids', input.exchange);
  parseOrThrow(z.array(BookLevelSchema), input.asks, 'order book asks', input.exchange);
  return parseOrThrow(
    OrderBookSchema,
    {
      exchange: input.exchange,
      market_id: input.market_id,
      outcome_id: input.outcome_id ?? null,
      bids: tidyLevels(input.bids, true),
      asks: tidyLevels(input.asks, false),
      timestamp: input.timestamp,
    },
    'order book',
    input.exchange,
  );
}

export const TakerSideSchema = z.enum(['buy', 'sell']);

/**
 * One trade. `price` is the probability of `outcome` (the outcome id); Kalshi trades are expressed in
 * YES terms (a taker buying NO at 0.64 is a taker selling YES at 0.36).
 */
export const TradeSchema = z.object({
  exchange: ExchangeCodeSchema,
  market_id: z.string().min(1),
  id: z.string().min(1),
  price: ProbSchema,
  size: QuantitySchema,
  taker_side: TakerSideSchema.nullable(),
  outcome: z.string().nullable(),
  timestamp: IsoTimeSchema,
});
export type Trade = z.infer<typeof TradeSchema>;
export type TradeInput = Omit<Trade, 'taker_side' | 'outcome'> & { taker_side?: Trade['taker_side']; outcome?: string | null };

export function makeTrade(input: TradeInput): Trade {
  return parseOrThrow(TradeSchema, { ...input, taker_side: input.taker_side ?? null, outcome: input.outcome ?? null }, 'trade', input.exchange);
}

export const PricePointSchema = z.object({ timestamp: IsoTimeSchema, price: ProbSchema });
export type PricePoint = z.infer<typeof PricePointSchema>;

export function makePricePoint(input: PricePoint, exchange?: ExchangeCode): PricePoint {
  return parseOrThrow(PricePointSchema, input, 'price point', exchange);
}

export const CandleSchema = z
  .object({
    timestamp: IsoTimeSchema,
    open: ProbSchema,
    high: ProbSchema,
    low: ProbSchema,
    close: ProbSchema,
    volume: QuantitySchema,
  })
  .refine((c) => c.low <= Math.min(c.open, c.close) + 1e-9 && c.high >= Math.max(c.open, c.close) - 1e-9, { message: 'low/high do not bound open/close' });
export type Candle = z.infer<typeof CandleSchema>;

export function makeCandle(input: Candle, exchange?: ExchangeCode): Candle {
  return parseOrThrow(CandleSchema, input, 'candle', exchange);
}

/** Best bid/ask summary of a book (docs/api-contract.md §5 topofbook); null fields when a side is empty. */
export function topOfBook(book: OrderBook): { best_bid: number | null; best_ask: number | null; bid_size: number | null; ask_size: number | null; mid: number | null; spread: number | null; timestamp: string } {
  const bid = book.bids[0] ?? null;
  const ask = book.asks[0] ?? null;
  const mid = bid && ask ? Math.round(((bid.price + ask.price) / 2) * 1e8) / 1e8 : null;
  const spread = bid && ask ? Math.round((ask.price - bid.price) * 1e8) / 1e8 : null;
  return { best_bid: bid?.price ?? null, best_ask: ask?.price ?? null, bid_size: bid?.size ?? null, ask_size: ask?.size ?? null, mid, spread, timestamp: book.timestamp };
}

/**
 * One change of one book level, in the book's outcome terms (YES for binary markets). Venues report
 * either the change (`size_delta`, Kalshi) or the level's new size (`size`, Polymarket); whichever the
 * venue does not send is null, and a consumer holding the book can fill it in.
 */
export const BookDeltaSchema = z
  .object({
    exchange: ExchangeCodeSchema,
    market_id: z.string().min(1),
    outcome_id: z.string().nullable(),
    seq: z.number().int().nonnegative().nullable(),
    side: z.enum(['bid', 'ask']),
    price: ProbSchema,
    size: QuantitySchema.nullable(),
    size_delta: z.number().finite().nullable(),
    timestamp: IsoTimeSchema,
  })
  .refine((d) => d.size !== null || d.size_delta !== null, { message: 'a delta needs size or size_delta' });
export type BookDelta = z.infer<typeof BookDeltaSchema>;
export type BookDeltaInput = Omit<BookDelta, 'outcome_id' | 'seq' | 'size' | 'size_delta'> & Partial<Pick<BookDelta, 'outcome_id' | 'seq' | 'size' | 'size_delta'>>;

export function makeBookDelta(input: BookDeltaInput): BookDelta {
  return parseOrThrow(BookDeltaSchema, { outcome_id: null, seq: null, size: null, size_delta: null, ...input }, 'book delta', input.exchange);
}

/** A price/quote update of one market (the `prices` stream message, docs/interface-spec.md §6.3-6.4). */
export const TickerSchema = z.object({
  exchange: ExchangeCodeSchema,
  market_id: z.string().min(1),
  price: ProbOrNull,
  yes_bid: ProbOrNull,
  yes_ask: ProbOrNull,
  volume: QuantityOrNull,
  open_interest: QuantityOrNull,
  last_update: IsoTimeSchema,
});
export type Ticker = z.infer<typeof TickerSchema>;

export function makeTicker(input: Ticker): Ticker {
  return parseOrThrow(TickerSchema, input, 'ticker', input.exchange);
}
