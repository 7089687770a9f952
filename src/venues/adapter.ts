/**
 * The one interface every venue adapter implements, plus its capability map. An operation a venue
 * lacks is absent twice: its capability is false and its method is undefined (the conformance suite
 * checks that the two agree), so routes can answer "404: <venue> has no <operation>" from the map.
 */
import type { ExchangeCode } from './codes.js';
import type { Candle, Market, MarketEvent, OrderBook, PricePoint, Trade } from './records.js';

export const READ_CAPABILITIES = ['market', 'markets', 'events', 'orderbook', 'trades', 'prices', 'candles'] as const;
export type ReadCapability = (typeof READ_CAPABILITIES)[number];

export interface Capabilities {
  /** Public reads the adapter implements. `market` and `markets` are always true. */
  reads: Record<ReadCapability, boolean>;
  /** Upstream real-time streams the venue offers (used by the recorder). */
  streams: { orderbook: boolean; trades: boolean; prices: boolean };
  /** Whether orders can be placed on the venue through the service. */
  trading: boolean;
}

/** Which adapter method backs which read capability (the conformance suite checks they agree). */
export const CAPABILITY_METHODS: Record<ReadCapability, keyof VenueAdapter> = {
  market: 'getMarket',
  markets: 'listMarkets',
  events: 'listEvents',
  orderbook: 'getOrderBook',
  trades: 'getTrades',
  prices: 'getPriceHistory',
  candles: 'getCandles',
};

export interface ListMarketsOptions {
  /** Resume after the page that returned this cursor (from `MarketPage.cursor`); absent = from the start. */
  cursor?: string | null;
  /** Page size to ask the venue for (clamped to the venue's maximum). */
  pageSize?: number;
  /** `open` asks the venue for tradable markets only where it can filter; default `all`. */
  status?: 'open' | 'all';
  /** Only markets changed since then, where the venue can filter on it (ISO). */
  updatedSince?: string;
  signal?: AbortSignal;
}

export interface MarketPage {
  markets: Market[];
  /** Events that came along with the markets (venues that nest markets in events), else empty. */
  events: MarketEvent[];
  /**
   * Opaque cursor to resume right after this page, or null when this was the last page. A sync stores
   * it only once the page is written, so a failure mid-listing resumes without losing a page.
   */
  cursor: string | null;
  /** Raw items the venue returned on this page, including ones the normaliser skipped. */
  rawCount: number;
  /** Items that could not be normalised (id + reason), so a sync can report them without failing. */
  skipped: { id: string | null; reason: string }[];
}

export interface ListEventsOptions {
  cursor?: string | null;
  pageSize?: number;
  category?: string;
  signal?: AbortSignal;
}

export interface EventPage {
  events: MarketEvent[];
  cursor: string | null;
}

export interface TimeRange {
  /** ISO 8601 UTC. */
  start?: string;
  end?: string;
}

export type PriceInterval = '1m' | '1h' | '1d';
/** A price interval as the CLOB venues' `/prices-history` takes it: `fidelity`, the points' spacing in minutes. */
export const FIDELITY_MINUTES: Readonly<Record<PriceInterval, number>> = { '1m': 1, '1h': 60, '1d': 1440 };
export type CandleInterval = '1s' | '1m' | '5m' | '10m' | '1h' | '1d';

export interface VenueAdapter {
  readonly exchange: ExchangeCode;
  readonly capabilities: Capabilities;

  /** Every market, page by page, following the venue's own pagination to the end. */
  listMarkets(opts?: ListMarketsOptions): AsyncIterable<MarketPage, void, undefined>;
  /** One market, or null when the venue does not know it. */
  getMarket(marketId: string): Promise<Market | null>;

  listEvents?(opts?: ListEventsOptions): AsyncIterable<EventPage, void, undefined>;
  getEvent?(eventId: string): Promise<MarketEvent | null>;
  /** Latest book (YES side for binary markets). Unknown market: VenueError with status 404. */
  getOrderBook?(marketId: string): Promise<OrderBook>;
  /** Trades in the range, newest first. Unknown market: VenueError with status 404. */
  getTrades?(marketId: string, range?: TimeRange & { limit?: number }): Promise<Trade[]>;
  /** YES price points, oldest first. */
  getPriceHistory?(marketId: string, q?: TimeRange & { interval?: PriceInterval }): Promise<PricePoint[]>;
  /** OHLCV candles of YES prices, oldest first. */
  getCandles?(marketId: string, q: TimeRange & { interval: CandleInterval }): Promise<Candle[]>;

  /** Releases sockets/timers, if any. */
  close?(): Promise<void>;
}

/** Builds a capability map; everything not listed is false. */
export function capabilities(reads: Partial<Record<ReadCapability, boolean>>, rest: { streams?: Partial<Capabilities['streams']>; trading: boolean }): Capabilities {
  const r = Object.fromEntries(READ_CAPABILITIES.map((c) => [c, reads[c] ?? false])) as Record<ReadCapability, boolean>;
  r.market = true;
  r.markets = true;
  return {
    reads: r,
    streams: { orderbook: false, trades: false, prices: false, ...rest.streams },
    trading: rest.trading,
  };
}

/** Helper for adapters: yields pages of a cursor-paginated listing until the cursor runs out. */
export async function* paginate<P extends { cursor: string | null }>(start: string | null | undefined, fetchPage: (cursor: string | null) => Promise<P>, maxPages = 100_000): AsyncGenerator<P, void, undefined> {
  let cursor: string | null = start ?? null;
  const seen = new Set<string>();
  for (let i = 0; i < maxPages; i++) {
    const page = await fetchPage(cursor);
    yield page;
    if (page.cursor === null) return;
    // A venue that hands back the same cursor twice would loop forever: stop instead.
    if (seen.has(page.cursor)) throw new Error(`pagination loop: cursor ${page.cursor} repeated`);
    seen.add(page.cursor);
    cursor = page.cursor;
  }
  throw new Error(`pagination did not end after ${maxPages} pages`);
}
