/**
 * predict.fun wire format -> unified records. Pure functions, no I/O.
 *
 * Traps handled here (docs/venue-notes.md §4):
 * - Every response is wrapped: `{success, data, cursor?}`.
 * - Market `id` is an integer; the market id of the service is its decimal string.
 * - `question` is the question; `title` is the outcome's short name inside a multi-outcome category
 *   (for a binary market the two are equal). The event is the market's category (`categorySlug`):
 *   the market object names it but carries neither its title, its tags nor its status, so the
 *   adapter reads the categories (`GET /v1/categories`) beside the markets, lists the category of
 *   each market as its event, and takes the market's topic (`category`) from the category's tags.
 *   A slug is never a topic: without tags the topic is `other`.
 * - The market object carries no price: prices come from the book (priced on YES; NO = 1 - YES).
 * - Book levels are `[price, quantity]` pairs of numbers (one third-party client types them as
 *   `{price, size}` strings: both are read).
 * - Order-match events carry wei strings (1e18 = 1.0) for prices and share amounts, and their
 *   outcome may be NO (`indexSet` 2): trades are put in YES terms.
 * - `updateTimestampMs` is epoch milliseconds, `createdAt`/`executedAt` ISO.
 */
import { canonicalCategory } from '../categories.js';
import { eventStatusFromMarkets, makeBook, makeEvent, makeMarket, makePricePoint, makeTrade, mappedStatusOrNull, type BookLevel, type Market, type MarketEvent, type MarketStatus, type OrderBook, type PricePoint, type Trade } from '../records.js';
import { baseUnitsToNumber, complement, millisToIso, parseDecimal, parseDecimalOrNull, probFrom, roundPrice, toIso, toIsoOrNull, UnitError } from '../units.js';

const EXCHANGE = 'predictfun' as const;
export const PREDICTFUN_WEI_DECIMALS = 18;

export interface PredictEnvelope<T> {
  success: boolean;
  data: T;
  cursor?: string | null;
  error?: { code?: string; message?: string };
}

export interface PredictOutcomeWire {
  name: string;
  /** 1 = Yes, 2 = No. */
  indexSet: number;
  status?: 'WON' | 'LOST' | null;
  /** ERC-1155 token id (decimal string). */
  onChainId: string;
}

export interface PredictMarketWire {
  id: number;
  title: string;
  question: string;
  description?: string | null;
  imageUrl?: string | null;
  /** Lifecycle: REGISTERED, PRICE_PROPOSED, PRICE_DISPUTED, PAUSED, UNPAUSED, RESOLVED. */
  status: string;
  /** OPEN | CLOSED | PAUSED (absent on old markets). */
  tradingStatus?: string | null;
  isNegRisk?: boolean;
  isYieldBearing?: boolean;
  conditionId?: string;
  oracleQuestionId?: string;
  questionIndex?: number | null;
  spreadThreshold?: number;
  shareThreshold?: number;
  decimalPrecision?: number;
  feeRateBps?: number;
  categorySlug?: string | null;
  createdAt?: string;
  resolution?: PredictOutcomeWire | null;
  outcomes: PredictOutcomeWire[];
  polymarketConditionIds?: string[];
  kalshiMarketTicker?: string | null;
  [k: string]: unknown;
}

export interface PredictCategoryWire {
  id: number;
  slug: string;
  title: string;
  description?: string | null;
  isNegRisk?: boolean;
  isYieldBearing?: boolean;
  marketVariant?: string;
  startsAt?: string | null;
  status?: string;
  tags?: { id?: number | string; name: string }[];
  markets?: PredictMarketWire[];
  [k: string]: unknown;
}

export interface PredictStatsWire {
  totalLiquidityUsd?: number | string | null;
  volumeTotalUsd?: number | string | null;
  volume24hUsd?: number | string | null;
}

export type PredictLevelWire = [number | string, number | string] | { price: number | string; size?: number | string; quantity?: number | string };

export interface PredictOrderbookWire {
  marketId: number;
  updateTimestampMs: number;
  asks: PredictLevelWire[];
  bids: PredictLevelWire[];
}

export interface NormaliseContext {
  fetchedAt: string;
}

/** What the market object lacks and the adapter fetched beside it. */
export interface PredictMarketExtras {
  /**
   * The market's category (its event), when the caller read it: undefined = not read (the market
   * keeps its slug as event id), null = the venue does not know the slug (no event to point at).
   */
  category?: Pick<PredictCategoryWire, 'slug' | 'title' | 'tags'> | null;
  stats?: PredictStatsWire | null;
  book?: OrderBook | null;
}

export function predictStatus(raw: Pick<PredictMarketWire, 'status' | 'tradingStatus' | 'resolution'>): MarketStatus {
  const s = String(raw.status).toUpperCase();
  if (s === 'RESOLVED' || raw.resolution) return 'resolved';
  if (s === 'PAUSED' || raw.tradingStatus === 'PAUSED') return 'halted';
  if (s === 'PRICE_PROPOSED' || s === 'PRICE_DISPUTED') return 'closed';
  if (s !== 'REGISTERED' && s !== 'UNPAUSED') throw new UnitError(`predictfun: unknown market status "${raw.status}"`);
  if (raw.tradingStatus === 'CLOSED') return 'closed';
  return 'open';
}

function yesOutcome(raw: PredictMarketWire): PredictOutcomeWire | undefined {
  return raw.outcomes.find((o) => o.indexSet === 1);
}

export function marketUrl(raw: Pick<PredictMarketWire, 'categorySlug' | 'id'>): string {
  return raw.categorySlug ? `https://predict.fun/market/${raw.categorySlug}` : `https://predict.fun/market/${raw.id}`;
}

export function normaliseMarket(raw: PredictMarketWire, ctx: NormaliseContext, extras: PredictMarketExtras = {}): Market {
  const id = String(raw.id);
  const f = (n: string): string => `${id}.${n}`;
  if (!Array.isArray(raw.outcomes) || raw.outcomes.length !== 2) throw new UnitError(`${f('outcomes')}: expected a Yes and a No outcome`);
  const status = predictStatus(raw);
  const yes = yesOutcome(raw);
  const no = raw.outcomes.find((o) => o.indexSet === 2);
  if (!yes || !no) throw new UnitError(`${f('outcomes')}: no indexSet 1 (Yes) / 2 (No)`);
  const won = raw.resolution ?? raw.outcomes.find((o) => o.status === 'WON') ?? null;
  const result = status === 'resolved' && won ? (won.indexSet === 1 ? 'yes' : 'no') : null;
  const bid = extras.book?.bids[0]?.price ?? null;
  const ask = extras.book?.asks[0]?.price ?? null;
  let yesPrice = bid !== null && ask !== null ? roundPrice((bid + ask) / 2) : null;
  if (result) yesPrice = result === 'yes' ? 1 : 0;
  const binary = raw.title.trim().toLowerCase() === raw.question.trim().toLowerCase();
  const stats = extras.stats;
  return makeMarket({
    exchange: EXCHANGE,
    market_id: id,
    event_id: extras.category === null ? null : raw.categorySlug || null,
    title: raw.question,
    subtitle: binary ? (extras.category?.title ?? null) : raw.title,
    category: topicOf(extras.category),
    tags: [raw.isNegRisk ? 'neg-risk' : null, raw.isYieldBearing ? 'yield-bearing' : null, ...(raw.kalshiMarketTicker ? [`kalshi:${raw.kalshiMarketTicker}`] : []), ...(raw.polymarketConditionIds ?? []).map((c) => `polymarket:${c}`)].filter((x): x is string => !!x),
    status,
    outcomes: [
      { id: yes.onChainId, label: yes.name || 'Yes', price: yesPrice },
      { id: no.onChainId, label: no.name || 'No', price: yesPrice === null ? null : complement(yesPrice) },
    ],
    yes_price: yesPrice,
    yes_bid: status === 'open' ? bid : null,
    yes_ask: status === 'open' ? ask : null,
    last_price: null,
    volume: parseDecimalOrNull(stats?.volumeTotalUsd, f('volumeTotalUsd')),
    volume_24h: parseDecimalOrNull(stats?.volume24hUsd, f('volume24hUsd')),
    liquidity: parseDecimalOrNull(stats?.totalLiquidityUsd, f('totalLiquidityUsd')),
    open_interest: null,
    open_time: toIsoOrNull(raw.createdAt, undefined, f('createdAt')),
    close_time: null,
    resolution_time: null,
    result,
    rules: raw.description?.trim() ?? '',
    url: marketUrl(raw),
    neg_risk: raw.isNegRisk ?? null,
    updated_at: ctx.fetchedAt,
    raw,
  });
}

/** The topic of a category from its tags (never from its slug, which names the event). */
function topicOf(category: Pick<PredictCategoryWire, 'tags'> | null | undefined): string {
  const tags = (category?.tags ?? []).map((t) => t.name).filter((t) => t?.trim());
  return tags.length ? canonicalCategory(...tags) : 'other';
}

/**
 * A category's status in the unified vocabulary: RESOLVED is resolved; otherwise its markets say
 * (when the category came with them), else OPEN is open.
 */
export function categoryStatus(raw: Pick<PredictCategoryWire, 'status' | 'markets'>): MarketStatus | null {
  const word = raw.status?.toUpperCase();
  if (word === 'RESOLVED') return 'resolved';
  const fromMarkets = eventStatusFromMarkets((raw.markets ?? []).flatMap((m) => mappedStatusOrNull(m, predictStatus) ?? []));
  if (fromMarkets) return fromMarkets;
  return word === 'OPEN' ? 'open' : null;
}

export function normaliseCategory(raw: PredictCategoryWire, ctx: NormaliseContext): MarketEvent {
  return makeEvent({
    exchange: EXCHANGE,
    event_id: raw.slug,
    title: raw.title,
    subtitle: null,
    category: topicOf(raw),
    status: categoryStatus(raw),
    venue_status: raw.status ?? null,
    market_ids: (raw.markets ?? []).map((m) => String(m.id)),
    close_time: null,
    updated_at: ctx.fetchedAt,
    raw,
  });
}

/**
 * Categories by slug, for `eventsOfMarkets` and the markets' `extras.category`. A category that does
 * not normalise (no title, say) is kept as null: its markets then point at no event rather than at
 * one the catalog will not hold.
 */
export function indexCategories(wires: readonly PredictCategoryWire[], ctx: NormaliseContext, into = new Map<string, PredictCategoryWire | null>()): Map<string, PredictCategoryWire | null> {
  for (const c of wires) {
    if (!c?.slug) continue;
    try {
      normaliseCategory(c, ctx);
      into.set(c.slug, c);
    } catch {
      into.set(c.slug, null);
    }
  }
  return into;
}

/**
 * The events of a listing page: the category of each market on it, once, from the categories the
 * adapter read by slug (a slug the venue does not know has no event; its markets point at none).
 */
export function eventsOfMarkets(raws: readonly PredictMarketWire[], categories: ReadonlyMap<string, PredictCategoryWire | null>, ctx: NormaliseContext): MarketEvent[] {
  const events = new Map<string, MarketEvent>();
  for (const raw of raws) {
    const slug = raw.categorySlug;
    const category = slug ? categories.get(slug) : null;
    if (!slug || !category || events.has(slug)) continue;
    events.set(slug, normaliseCategory(category, ctx));
  }
  return [...events.values()];
}

function level(l: PredictLevelWire, what: string): BookLevel {
  if (Array.isArray(l)) return { price: probFrom(l[0], `${what}.price`), size: nonNegative(l[1], `${what}.size`) };
  if (l && typeof l === 'object') return { price: probFrom(l.price, `${what}.price`), size: nonNegative(l.size ?? l.quantity, `${what}.size`) };
  throw new UnitError(`${what}: not a [price, quantity] level`);
}

function nonNegative(v: unknown, what: string): number {
  const n = parseDecimal(v, what);
  if (n < 0) throw new UnitError(`${what}: negative ${n}`);
  return n;
}

/** The YES book; `outcomeId` is the YES token id when the caller knows it. */
export function normaliseOrderbook(marketId: string, raw: PredictOrderbookWire, outcomeId: string | null = null): OrderBook {
  const lv = (arr: unknown, side: string): BookLevel[] => {
    if (arr === null || arr === undefined) return [];
    if (!Array.isArray(arr)) throw new UnitError(`${marketId}.${side}: not an array`);
    return (arr as PredictLevelWire[]).map((l, i) => level(l, `${marketId}.${side}[${i}]`));
  };
  return makeBook({ exchange: EXCHANGE, market_id: marketId, outcome_id: outcomeId, bids: lv(raw.bids, 'bids'), asks: lv(raw.asks, 'asks'), timestamp: millisToIso(raw.updateTimestampMs, `${marketId}.updateTimestampMs`) });
}

/** One order-match event (`GET /v1/orders/matches`); amounts and prices are wei strings. */
export interface PredictMatchWire {
  /** Some payloads have no id: the transaction hash + log index identifies the fill. */
  id?: string | number;
  market?: { id: number } | null;
  marketId?: number;
  taker: {
    /** Bid = the taker bought the outcome; Ask = sold it. */
    quoteType: 'Bid' | 'Ask';
    outcome: Pick<PredictOutcomeWire, 'indexSet' | 'name' | 'onChainId'>;
    signer?: string;
  };
  amountFilled: string;
  priceExecuted: string;
  executedAt: string;
  transactionHash?: string;
  logIndex?: number;
}

export function weiToNumber(v: unknown, what: string): number {
  return baseUnitsToNumber(v, PREDICTFUN_WEI_DECIMALS, what);
}

export function normaliseMatch(marketId: string, raw: PredictMatchWire, yesTokenId: string | null = null): Trade {
  const id = raw.id !== undefined ? String(raw.id) : `${raw.transactionHash ?? 'tx'}:${raw.logIndex ?? 0}`;
  const what = `${marketId} match ${id}`;
  let price = probFrom(weiToNumber(raw.priceExecuted, `${what}.priceExecuted`), `${what}.priceExecuted`);
  let side: 'buy' | 'sell' = raw.taker.quoteType === 'Bid' ? 'buy' : 'sell';
  if (raw.taker.outcome.indexSet === 2) {
    price = complement(price);
    side = side === 'buy' ? 'sell' : 'buy';
  } else if (raw.taker.outcome.indexSet !== 1) {
    throw new UnitError(`${what}: unknown outcome indexSet ${raw.taker.outcome.indexSet}`);
  }
  return makeTrade({
    exchange: EXCHANGE,
    market_id: marketId,
    id,
    price,
    size: weiToNumber(raw.amountFilled, `${what}.amountFilled`),
    taker_side: side,
    outcome: yesTokenId ?? (raw.taker.outcome.indexSet === 1 ? raw.taker.outcome.onChainId : null),
    timestamp: toIso(raw.executedAt, undefined, `${what}.executedAt`),
  });
}

const BUCKET_MS = { '1m': 60_000, '1h': 3_600_000, '1d': 86_400_000 } as const;

/** YES price points from trades: the last trade price of each interval, oldest first. */
export function pricePointsFromTrades(trades: Trade[], interval: keyof typeof BUCKET_MS): PricePoint[] {
  const step = BUCKET_MS[interval];
  const last = new Map<number, Trade>();
  for (const t of [...trades].sort((a, b) => a.timestamp.localeCompare(b.timestamp))) last.set(Math.floor(Date.parse(t.timestamp) / step) * step, t);
  return [...last.entries()].sort((a, b) => a[0] - b[0]).map(([bucket, t]) => makePricePoint({ timestamp: new Date(bucket).toISOString(), price: t.price }, EXCHANGE));
}
