// Market data as the API serves it (CONTRACT.md §5): markets and events from the catalog; books,
// trades, prices and candles live from the venue adapters behind a short cache with one in-flight
// call per key (LiveReadCache). A market the catalog does not hold yet (not synced) is looked up at
// the venue. What a venue offers is its adapter's capability map: an operation it lacks is a
// MarketDataNotFoundError naming the operation, for per-venue and cross-venue routes alike.
// Failures are typed (errors.ts); the HTTP edge turns them into statuses.
import type { CatalogEvent, CatalogMarket, CatalogReader, MarketListQuery, Page } from '../catalog/catalog-reader.js';
import type { ReadCapability, VenueAdapter } from '../venues/adapter.js';
import { EXCHANGE_CODES, type ExchangeCode } from '../venues/exchanges.js';
import { VenueError } from '../venues/http-client.js';
import { topOfBook, type Candle, type OrderBook, type PricePoint, type Trade } from '../venues/records.js';
import { LiveReadError, MarketDataNotFoundError } from './errors.js';
import { LiveReadCache } from './live-read-cache.js';

export interface MarketDataServiceDeps {
  catalog: CatalogReader;
  /** Adapters for live reads, by venue (only registered venues). */
  adapters: Partial<Record<ExchangeCode, VenueAdapter>>;
  /** How long a live answer is reused (ms). */
  liveCacheTtlMs: number;
  now?: () => number;
}

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

export class MarketDataService {
  private readonly live: LiveReadCache;

  constructor(private readonly deps: MarketDataServiceDeps) {
    this.live = new LiveReadCache(deps.liveCacheTtlMs, deps.now);
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
  async findMarket(exchange: ExchangeCode, marketId: string): Promise<CatalogMarket> {
    const stored = await this.deps.catalog.getMarket(exchange, marketId);
    if (stored) return stored;
    const adapter = this.venue(exchange);
    const fetched = await this.cachedLive(exchange, 'market', marketId, `${exchange}|market|${marketId}`, () => adapter.getMarket(marketId));
    if (!fetched) throw new MarketDataNotFoundError(`unknown ${exchange} market: ${marketId}`);
    const { raw: _raw, ...fields } = fetched;
    // A market fresh from the venue has not been matched yet: no cluster until the catalog has one.
    return { svc_id: null, cluster_id: null, ...fields };
  }

  async listMarkets(exchange: ExchangeCode, filter: MarketListFilter): Promise<Page<CatalogMarket>> {
    this.venue(exchange);
    return this.deps.catalog.listMarkets({
      exchange,
      statuses: filter.statuses,
      categories: filter.categories?.map((c) => c.toLowerCase()),
      eventId: filter.eventId,
      updatedSince: filter.updatedSince,
      limit: filter.limit,
      after: filter.after,
    });
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
    const fetched = await this.liveRead(exchange, marketId, 'tradehistory', `${q.start ?? ''}|${end ?? ''}|${want}`, () =>
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

  async prices(exchange: ExchangeCode, marketId: string, q: RangeFilter & { interval: '1m' | '1h' | '1d' }): Promise<PricePoint[]> {
    const adapter = this.venueWith(exchange, 'prices');
    return this.liveRead(exchange, marketId, 'prices', `${q.start ?? ''}|${q.end ?? ''}|${q.interval}`, () =>
      adapter.getPriceHistory!(marketId, { start: q.start, end: q.end, interval: q.interval }),
    );
  }

  async candles(exchange: ExchangeCode, marketId: string, q: RangeFilter & { interval: '1s' | '1m' | '5m' | '10m' | '1h' | '1d' }): Promise<Candle[]> {
    const adapter = this.venueWith(exchange, 'candles');
    return this.liveRead(exchange, marketId, 'candles', `${q.start ?? ''}|${q.end ?? ''}|${q.interval}`, () =>
      adapter.getCandles!(marketId, { start: q.start, end: q.end, interval: q.interval }),
    );
  }

  /** A live read for a known market (404 first when neither catalog nor venue knows it), cached and coalesced per key. */
  private async liveRead<T>(exchange: ExchangeCode, marketId: string, operation: string, key: string, load: () => Promise<T>): Promise<T> {
    await this.findMarket(exchange, marketId);
    return this.cachedLive(exchange, operation, marketId, `${exchange}|${operation}|${marketId}|${key}`, load);
  }

  /** A venue call through the cache; the venue saying "no such market" is not found, any other failure a LiveReadError. */
  private cachedLive<T>(exchange: ExchangeCode, operation: string, marketId: string, key: string, load: () => Promise<T>): Promise<T> {
    return this.live.get(key, load).catch((err: unknown) => {
      if (err instanceof VenueError && err.notFound) throw new MarketDataNotFoundError(`unknown ${exchange} market: ${marketId}`);
      throw new LiveReadError(exchange, operation, err, marketId);
    });
  }
}
