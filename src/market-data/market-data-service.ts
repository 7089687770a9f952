// Market data as the API serves it (docs/api-contract.md §5): markets and events from the catalog; books,
// trades, prices and candles live from the venue adapters behind a short cache with one in-flight
// call per key (LiveReadCache). A market the catalog does not hold yet (not synced) is looked up at
// the venue. What a venue offers is its adapter's capability map: an operation it lacks is a
// MarketDataNotFoundError naming the operation, for per-venue and cross-venue routes alike.
// Failures are typed (errors.ts); the HTTP edge turns them into statuses.
import type { CatalogEvent, CatalogMarket, CatalogReader, MarketListQuery, Page } from '../catalog/catalog-reader.js';
import type { CandleInterval, ReadCapability, VenueAdapter } from '../venues/adapter.js';
import { INTERVAL_MS } from '../venues/candles.js';
import { EXCHANGE_CODES, type ExchangeCode } from '../venues/exchanges.js';
import { VenueError } from '../venues/http-client.js';
import { topOfBook, type Candle, type OrderBook, type PricePoint, type Trade } from '../venues/records.js';
import type { RecordedStore, SeriesKey, StoredSnapshot, StoredTop, StoredTrade } from '../recorder/recorded-store.js';
import { LiveReadError, MarketDataNotFoundError } from './errors.js';
import { LiveReadCache } from './live-read-cache.js';

export interface MarketDataServiceDeps {
  catalog: CatalogReader;
  /** Adapters for live reads, by venue (only registered venues). */
  adapters: Partial<Record<ExchangeCode, VenueAdapter>>;
  /** How long a live answer is reused (ms). */
  liveCacheTtlMs: number;
  /**
   * How long one live read may take in all (ms), the market lookup it may need included: past it the
   * read fails as a venue timeout (504), whatever the venue calls underneath still wait for. Unset:
   * only the adapters' own timeouts.
   */
  liveTimeoutMs?: number;
  now?: () => number;
  /** The recorder's tables: past books, prices of markets whose venue lists none, Opinion's trade tape. */
  recorded?: RecordedStore;
}

/** Without `start`, candles reach this far back from `end` (a page or so of each interval). */
export const DEFAULT_CANDLE_SPAN_MS: Record<CandleInterval, number> = {
  '1s': 3_600_000, '1m': 86_400_000, '5m': 5 * 86_400_000, '10m': 10 * 86_400_000, '1h': 30 * 86_400_000, '1d': 365 * 86_400_000,
};

/** Venues whose trade history is served from recorded trades (the venue itself shows only the last trade of each side). */
export const RECORDED_TRADE_VENUES: readonly ExchangeCode[] = ['opinion'];

/** The public name of each capability, as routes and error messages spell it ("manifold has no orderbook operation"). */
export const OPERATION_NAMES: Record<ReadCapability, string> = {
  market: 'market', markets: 'markets', events: 'events', orderbook: 'orderbook', trades: 'tradehistory', prices: 'prices', candles: 'candles',
};

/** A market list's filter as a route takes it: the catalog's query without the venue (categories as
 * given; they are matched case-insensitively). */
export type MarketListFilter = Omit<MarketListQuery, 'exchange'>;

export interface RangeFilter {
  start?: string;
  end?: string;
}

/**
 * Where the next page of trades starts: trades up to `end` (the oldest instant served so far),
 * minus those already served at that instant (`seenAtEnd`), since several trades can share it.
 */
export interface TradePageKey {
  end: string;
  seenAtEnd: string[];
}

export interface TradePage {
  trades: Trade[];
  next: TradePageKey | null;
}

/** Venues whose listings carry no prices: a listed market's prices come from its book. */
export const UNPRICED_LISTING_VENUES: readonly ExchangeCode[] = ['opinion', 'predictfun'];
/** How long a book read for a listing's prices is reused (listings are browsed, not traded on). */
const LISTED_PRICE_TTL_MS = 30_000;
/**
 * Books read at once for one listing page: one. These venues allow 4-15 requests a second and a
 * listing's book reads share that budget with users' live reads; a read the listing stops waiting for
 * still runs, so with more in flight a live read right after a listing waits behind all of them
 * (Opinion at 5/s: six queued reads are 1.2 s). The budget, not this number, bounds how many books a
 * listing gets priced, so one at a time costs a listing little.
 */
const LISTED_PRICE_CONCURRENCY = 1;

export class MarketDataService {
  private readonly live: LiveReadCache;
  private readonly listedPrices: LiveReadCache;

  constructor(private readonly deps: MarketDataServiceDeps) {
    this.live = new LiveReadCache(deps.liveCacheTtlMs, deps.now);
    this.listedPrices = new LiveReadCache(LISTED_PRICE_TTL_MS, deps.now);
  }

  /** Venue calls actually made by live reads (cached and coalesced reads do not count). */
  get liveLoads(): number {
    return this.live.loads;
  }

  /** The venue's adapter; unknown or unregistered venues are not found. */
  venue(exchange: ExchangeCode): VenueAdapter {
    const a = this.deps.adapters[exchange];
    if (!a) throw new MarketDataNotFoundError(`exchange ${exchange} is not available (no adapter registered)`);
    return a;
  }

  /** The venue's adapter when it offers `cap`, else not found naming the operation. */
  venueWith(exchange: ExchangeCode, cap: ReadCapability): VenueAdapter {
    const a = this.venue(exchange);
    if (!a.capabilities.reads[cap]) throw new MarketDataNotFoundError(`${exchange} has no ${OPERATION_NAMES[cap]} operation`);
    return a;
  }

  /** The market from the catalog, else from the venue (not synced yet); not found when neither knows it. */
  async findMarket(exchange: ExchangeCode, marketId: string, until = this.liveDeadline()): Promise<CatalogMarket> {
    const stored = await this.deps.catalog.getMarket(exchange, marketId);
    if (stored) return (await this.withRecordedPrices([stored]))[0];
    const adapter = this.venue(exchange);
    const fetched = await this.cachedLive(exchange, 'market', marketId, `${exchange}|market|${marketId}`, () => adapter.getMarket(marketId), until);
    if (!fetched) throw new MarketDataNotFoundError(`unknown ${exchange} market: ${marketId}`);
    const { raw: _raw, ...fields } = fetched;
    // A market fresh from the venue has not been matched yet: no cluster until the catalog has one.
    return { svc_id: null, cluster_id: null, ...fields, neg_risk: fields.neg_risk ?? null };
  }

  async listMarkets(exchange: ExchangeCode, filter: MarketListFilter): Promise<Page<CatalogMarket>> {
    this.venue(exchange);
    const page = await this.deps.catalog.listMarkets({
      exchange,
      statuses: filter.statuses,
      categories: filter.categories?.map((c) => c.toLowerCase()),
      eventId: filter.eventId,
      updatedSince: filter.updatedSince,
      limit: filter.limit,
      after: filter.after,
    });
    return { ...page, items: await this.withRecordedPrices(page.items) };
  }

  /**
   * Markets whose venue lists no prices (predict.fun, Opinion: yes_price, yes_bid, yes_ask null) get
   * them from the recorder's latest top of book (and last trade): only fields the venue left null are
   * filled, so a venue's own prices always win.
   */
  async withRecordedPrices(markets: CatalogMarket[]): Promise<CatalogMarket[]> {
    return this.withBookPrices(await this.withRecordedTops(markets));
  }

  /**
   * Open markets of the venues whose listings carry no prices, still without bid and ask after the
   * recorder's tops (the markets it does not track): their top of book, read from the venue a few at
   * a time and reused for LISTED_PRICE_TTL_MS, within the live-read timeout. A market whose book
   * cannot be read in time keeps its nulls: a listing never fails for a price.
   */
  private async withBookPrices(markets: CatalogMarket[]): Promise<CatalogMarket[]> {
    const adapterOf = (m: CatalogMarket): VenueAdapter | undefined => this.deps.adapters[m.exchange as ExchangeCode];
    const wanted = markets.filter((m) => UNPRICED_LISTING_VENUES.includes(m.exchange as ExchangeCode) && m.status === 'open' && m.yes_bid === null && m.yes_ask === null && adapterOf(m)?.getOrderBook);
    if (wanted.length === 0) return markets;
    const until = this.liveDeadline();
    const tops = new Map<string, ReturnType<typeof topOfBook>>();
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < wanted.length && Date.now() < until) {
        const m = wanted[next++];
        const adapter = adapterOf(m)!;
        const book = await withDeadline(this.listedPrices.get(`${m.exchange}|${m.market_id}`, () => adapter.getOrderBook!(m.market_id)), until, () => new Error('late')).catch((): OrderBook | null => null);
        if (book) tops.set(`${m.exchange}:${m.market_id}`, topOfBook(book));
      }
    };
    await Promise.all(Array.from({ length: Math.min(LISTED_PRICE_CONCURRENCY, wanted.length) }, worker));
    return markets.map((m) => {
      const top = tops.get(`${m.exchange}:${m.market_id}`);
      if (!top || (top.best_bid === null && top.best_ask === null)) return m;
      const mid = top.best_bid !== null && top.best_ask !== null ? Math.round(((top.best_bid + top.best_ask) / 2) * 1e8) / 1e8 : null;
      return { ...m, yes_bid: top.best_bid, yes_ask: top.best_ask, yes_price: m.yes_price ?? m.last_price ?? mid };
    });
  }

  /** The recorder's latest top of book and last trade, for the fields the venue left null. */
  private async withRecordedTops(markets: CatalogMarket[]): Promise<CatalogMarket[]> {
    const store = this.deps.recorded;
    const missing = markets.filter((m) => m.yes_bid === null || m.yes_ask === null || m.yes_price === null);
    if (!store || missing.length === 0) return markets;
    const keys = missing.map((m) => ({ exchange: m.exchange, marketId: m.market_id }));
    const [tops, trades] = await Promise.all([store.latestTops(keys), store.latestTrades(keys)]);
    return markets.map((m) => {
      const top = tops.get(`${m.exchange}:${m.market_id}`);
      const trade = trades.get(`${m.exchange}:${m.market_id}`);
      if (!top && !trade) return m;
      const mid = top && top.best_bid !== null && top.best_ask !== null ? Math.round(((top.best_bid + top.best_ask) / 2) * 1e8) / 1e8 : null;
      return {
        ...m,
        yes_bid: m.yes_bid ?? top?.best_bid ?? null,
        yes_ask: m.yes_ask ?? top?.best_ask ?? null,
        last_price: m.last_price ?? trade?.price ?? null,
        yes_price: m.yes_price ?? m.last_price ?? trade?.price ?? mid,
      };
    });
  }

  /** The latest recorded top of book and trade of each market (for quotes); empty without a recorder. */
  async recordedQuotes(keys: { exchange: string; marketId: string }[]): Promise<{ tops: Map<string, StoredTop>; trades: Map<string, StoredTrade> }> {
    const store = this.deps.recorded;
    if (!store) return { tops: new Map(), trades: new Map() };
    const [tops, trades] = await Promise.all([store.latestTops(keys), store.latestTrades(keys)]);
    return { tops, trades };
  }

  /**
   * The market's order book as a live read or a listing's price read left it in memory (no venue
   * call), with when it was read (epoch ms); null when none is held.
   */
  heldBook(exchange: ExchangeCode, marketId: string): { book: OrderBook; at: number } | null {
    const live = this.live.peek<OrderBook>(`${exchange}|orderbook|${marketId}|`);
    const listed = this.listedPrices.peek<OrderBook | null>(`${exchange}|${marketId}`);
    const held = [live, listed].filter((h): h is { at: number; value: OrderBook } => !!h?.value).sort((a, b) => b.at - a.at)[0];
    return held ? { book: held.value, at: held.at } : null;
  }

  /**
   * Recorded book snapshots of a market in [startMs, endMs], oldest first, one page (after `after`).
   * Without a recorder there are none.
   */
  async orderBookHistory(exchange: ExchangeCode, marketId: string, q: { startMs: number; endMs: number; limit: number; after?: SeriesKey }): Promise<{ snapshots: StoredSnapshot[]; next: SeriesKey | null }> {
    this.venueWith(exchange, 'orderbook');
    await this.findMarket(exchange, marketId);
    if (!this.deps.recorded) return { snapshots: [], next: null };
    const rows = await this.deps.recorded.snapshots({ exchange, marketId, startMs: q.startMs, endMs: q.endMs, limit: q.limit + 1, after: q.after });
    const snapshots = rows.slice(0, q.limit);
    const last = snapshots[snapshots.length - 1];
    return { snapshots, next: rows.length > q.limit && last ? { ts: last.ts, seq: last.seq } : null };
  }

  /** Markets of an event; not found when the event is unknown (neither in the catalog nor named by a listed market). */
  async eventMarkets(exchange: ExchangeCode, eventId: string, filter: Omit<MarketListFilter, 'eventId'>): Promise<Page<CatalogMarket>> {
    this.venueWith(exchange, 'events');
    const page = await this.listMarkets(exchange, { ...filter, eventId });
    // An event is known if the catalog holds it or any market names it.
    if (page.items.length === 0 && !filter.after && !(await this.deps.catalog.getEvent(exchange, eventId))) {
      throw new MarketDataNotFoundError(`unknown ${exchange} event: ${eventId}`);
    }
    return page;
  }

  /**
   * The venues whose events are served: those offering the events operation. With `requested`,
   * each of them must offer it (not found naming the first that does not); without, all that do.
   */
  eventVenues(requested?: readonly ExchangeCode[]): ExchangeCode[] {
    if (requested) return requested.map((code) => (this.venueWith(code, 'events'), code));
    return EXCHANGE_CODES.filter((code) => this.deps.adapters[code]?.capabilities.reads.events);
  }

  async listEvents(exchanges: readonly ExchangeCode[], filter: { categories?: string[]; limit: number; after?: string[] }): Promise<Page<CatalogEvent>> {
    return this.deps.catalog.listEvents({ exchanges: [...exchanges], categories: filter.categories?.map((c) => c.toLowerCase()), limit: filter.limit, after: filter.after });
  }

  async getEvent(exchange: ExchangeCode, eventId: string): Promise<CatalogEvent> {
    this.venueWith(exchange, 'events');
    const event = await this.deps.catalog.getEvent(exchange, eventId);
    if (!event) throw new MarketDataNotFoundError(`unknown ${exchange} event: ${eventId}`);
    return event;
  }

  /** An event by id on the first of `exchanges` (in their order) that holds it. */
  async findEvent(eventId: string, exchanges: readonly ExchangeCode[]): Promise<CatalogEvent> {
    const event = await this.deps.catalog.findEvent(eventId, exchanges);
    if (!event) throw new MarketDataNotFoundError(`unknown event: ${eventId}${exchanges.length === 1 ? ` on ${exchanges[0]}` : ''}`);
    return event;
  }

  async orderBook(exchange: ExchangeCode, marketId: string): Promise<OrderBook> {
    const adapter = this.venueWith(exchange, 'orderbook');
    return this.liveRead(exchange, marketId, 'orderbook', '', () => adapter.getOrderBook!(marketId));
  }

  async topOfBook(exchange: ExchangeCode, marketId: string): Promise<ReturnType<typeof topOfBook>> {
    return topOfBook(await this.orderBook(exchange, marketId));
  }

  /**
   * One page of trades, newest first. The venue is asked for trades up to the page key's instant
   * and those already served at that instant are dropped, so trades sharing a timestamp are
   * neither repeated nor skipped across pages.
   */
  async trades(exchange: ExchangeCode, marketId: string, q: RangeFilter & { limit: number; after?: TradePageKey }): Promise<TradePage> {
    const adapter = this.venueWith(exchange, 'trades');
    const end = q.after?.end ?? q.end;
    const seenAtEnd = q.after?.seenAtEnd ?? [];
    const want = q.limit + seenAtEnd.length;
    const fetched = (await this.recordedTrades(exchange, marketId, q.start, end, want)) ?? await this.liveRead(exchange, marketId, 'tradehistory', `${q.start ?? ''}|${end ?? ''}|${want}`, () =>
      adapter.getTrades!(marketId, { start: q.start, end, limit: want }),
    );
    const skip = new Set(seenAtEnd);
    const trades = fetched.filter((t) => !skip.has(t.id)).slice(0, q.limit);
    let next: TradePageKey | null = null;
    if (trades.length === q.limit && fetched.length >= want) {
      const oldest = trades[trades.length - 1].timestamp;
      const atOldest = trades.filter((t) => t.timestamp === oldest).map((t) => t.id);
      const carried = oldest === end ? seenAtEnd : [];
      next = { end: oldest, seenAtEnd: [...carried, ...atOldest] };
    }
    return { trades, next };
  }

  /**
   * Trades of a venue served from the recorder (RECORDED_TRADE_VENUES), newest first, or null when
   * the venue is not one of them or the market has never been recorded (then the venue answers).
   */
  private async recordedTrades(exchange: ExchangeCode, marketId: string, start: string | undefined, end: string | undefined, limit: number): Promise<Trade[] | null> {
    const store = this.deps.recorded;
    if (!store || !RECORDED_TRADE_VENUES.includes(exchange)) return null;
    await this.findMarket(exchange, marketId);
    const rows = await store.tradesNewestFirst(exchange, marketId, start ? Date.parse(start) : 0, end ? Date.parse(end) : (this.deps.now ?? Date.now)() + 86_400_000, limit);
    if (rows.length === 0 && !(await store.hasTrades(exchange, marketId))) return null;
    return rows.map((r) => ({ exchange, market_id: marketId, id: r.trade_id, price: r.price, size: r.size, taker_side: r.taker_side, outcome: r.outcome, timestamp: new Date(r.ts).toISOString() }));
  }

  async prices(exchange: ExchangeCode, marketId: string, q: RangeFilter & { interval: '1m' | '1h' | '1d' }): Promise<PricePoint[]> {
    const adapter = this.venueWith(exchange, 'prices');
    return this.liveRead(exchange, marketId, 'prices', `${q.start ?? ''}|${q.end ?? ''}|${q.interval}`, () =>
      adapter.getPriceHistory!(marketId, { start: q.start, end: q.end, interval: q.interval }),
    );
  }

  /**
   * One page of OHLCV candles, oldest first, each stamped with the START of its period (the same for
   * every interval). Sources: the venue's own candle history where it has the interval (kalshi 1m, 1h,
   * 1d; 5m and 10m aggregated from its 1m), then the recorded trades for the periods after the venue's
   * last candle (recent periods its history does not hold yet) and for 1s (no venue history; the
   * venue's trade list when the market was never recorded). A period without trades has no candle,
   * whatever the source (the venue's quote-only candles are left out too): the previous close holds.
   */
  async candles(exchange: ExchangeCode, marketId: string, q: RangeFilter & { interval: CandleInterval; limit: number; afterMs?: number }): Promise<{ candles: Candle[]; next: number | null }> {
    const adapter = this.venueWith(exchange, 'candles');
    await this.findMarket(exchange, marketId);
    const stepMs = INTERVAL_MS[q.interval];
    const endMs = q.end ? Date.parse(q.end) : (this.deps.now ?? Date.now)();
    const rawStart = q.afterMs !== undefined ? q.afterMs + stepMs : q.start ? Date.parse(q.start) : endMs - DEFAULT_CANDLE_SPAN_MS[q.interval];
    // A period is served when it starts in [start, end]; a start inside a period begins at the next one.
    const startMs = Math.ceil(rawStart / stepMs) * stepMs;
    const inRange = (c: Candle) => Date.parse(c.timestamp) >= startMs && Date.parse(c.timestamp) <= endMs;
    // The venue stamps period ends; a partial current period may end off the grid: both map to their period's start.
    const toPeriodStart = (c: Candle): Candle => ({ ...c, timestamp: new Date(Math.ceil(Date.parse(c.timestamp) / stepMs) * stepMs - stepMs).toISOString() });
    let venue: Candle[] = [];
    if (q.interval !== '1s') {
      const fetched = await this.liveRead(exchange, marketId, 'candles', `${startMs}|${endMs}|${q.interval}`, () =>
        adapter.getCandles!(marketId, { start: new Date(startMs).toISOString(), end: new Date(endMs + stepMs).toISOString(), interval: q.interval }),
      );
      venue = mergePeriods(fetched.map(toPeriodStart)).filter((c) => c.volume > 0 && inRange(c));
    }
    const recordedFrom = venue.length ? Date.parse(venue[venue.length - 1].timestamp) + stepMs : startMs;
    const store = this.deps.recorded;
    let recorded: Candle[] = [];
    if (store && recordedFrom <= endMs) {
      const rows = await store.candles(exchange, marketId, stepMs / 1000, recordedFrom, endMs, q.limit + 1);
      recorded = rows.map((r) => ({ timestamp: new Date(r.ts).toISOString(), open: r.open, high: r.high, low: r.low, close: r.close, volume: r.volume }));
    }
    if (q.interval === '1s' && recorded.length === 0 && !(store && (await store.hasTrades(exchange, marketId)))) {
      const fetched = await this.liveRead(exchange, marketId, 'candles', `${startMs}|${endMs}|1s`, () =>
        adapter.getCandles!(marketId, { start: new Date(startMs).toISOString(), end: new Date(endMs + stepMs).toISOString(), interval: '1s' }),
      );
      recorded = mergePeriods(fetched.map(toPeriodStart)).filter((c) => c.volume > 0 && inRange(c));
    }
    const all = [...venue, ...recorded];
    const candles = all.slice(0, q.limit);
    return { candles, next: all.length > q.limit ? Date.parse(candles[candles.length - 1].timestamp) : null };
  }

  /** A live read for a known market (404 first when neither catalog nor venue knows it), cached and coalesced per key. */
  private async liveRead<T>(exchange: ExchangeCode, marketId: string, operation: string, key: string, load: () => Promise<T>): Promise<T> {
    // One deadline for the lookup and the read: the setting is what the caller waits at most.
    const until = this.liveDeadline();
    await this.findMarket(exchange, marketId, until);
    return this.cachedLive(exchange, operation, marketId, `${exchange}|${operation}|${marketId}|${key}`, load, until);
  }

  /** When a live read starting now must be answered (epoch ms; Infinity without a setting). */
  private liveDeadline(): number {
    return this.deps.liveTimeoutMs === undefined ? Infinity : Date.now() + this.deps.liveTimeoutMs;
  }

  /**
   * A venue call through the cache, answered by `until`; the venue saying "no such market" is not
   * found, any other failure (a missed deadline too) a LiveReadError.
   */
  private cachedLive<T>(exchange: ExchangeCode, operation: string, marketId: string, key: string, load: () => Promise<T>, until = this.liveDeadline()): Promise<T> {
    return withDeadline(this.live.get(key, load), until, () => new VenueError(exchange, operation, 'timeout', `no answer within ${this.deps.liveTimeoutMs} ms`)).catch((err: unknown) => {
      if (err instanceof VenueError && err.notFound) throw new MarketDataNotFoundError(`unknown ${exchange} market: ${marketId}`);
      throw new LiveReadError(exchange, operation, err, marketId);
    });
  }
}

/**
 * `work`, or the error `late()` makes once `until` (epoch ms) passes first. The work itself goes on
 * (it may be shared with other callers through the cache); only this caller stops waiting.
 */
function withDeadline<T>(work: Promise<T>, until: number, late: () => Error): Promise<T> {
  if (until === Infinity) return work;
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(late()), Math.max(0, until - Date.now()));
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}

/** Candles sharing a period start (oldest first) merged into one: first open, last close, extremes, summed volume. */
function mergePeriods(candles: Candle[]): Candle[] {
  const out: Candle[] = [];
  for (const c of candles) {
    const prev = out[out.length - 1];
    if (prev && prev.timestamp === c.timestamp) {
      out[out.length - 1] = { timestamp: prev.timestamp, open: prev.open, high: Math.max(prev.high, c.high), low: Math.min(prev.low, c.low), close: c.close, volume: prev.volume + c.volume };
    } else out.push(c);
  }
  return out;
}
