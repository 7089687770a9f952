/**
 * Kalshi adapter: the public trade-api v2 market-data reads (no auth needed), over VenueHttpClient.
 * Requests are built by the small `kalshiRequests` functions so tests can pin paths and query strings.
 */
import { paginate, type CandleInterval, type ListEventsOptions, type ListMarketsOptions, type MarketPage, type PriceInterval, type TimeRange, type VenueAdapter, type EventPage } from '../adapter.js';
import { candlesFromTrades, INTERVAL_MS, resampleCandles } from '../candles.js';
import { VenueHttpClient, type Query } from '../http-client.js';
import type { Candle, Market, MarketEvent, OrderBook, PricePoint, Trade } from '../records.js';
import { capabilitiesOf } from '../descriptor.js';
import { kalshiFacts } from './facts.js';
import { resolveBaseUrls, type AdapterConfig } from '../adapter-config.js';
import { normaliseListingPage } from '../listing.js';
import { checkKalshiWire, KALSHI_READS, type KalshiWireRead } from './wire.js';
import {
  candlesToPricePoints,
  KALSHI_PERIOD_MINUTES,
  normaliseCandle,
  normaliseEvent,
  normaliseMarket,
  normaliseOrderbook,
  normaliseTrade,
  seriesOf,
  type KalshiCandleWire,
  type KalshiEventInfo,
  type KalshiEventWire,
  type KalshiMarketWire,
  type KalshiOrderbookWire,
  type KalshiTradeWire,
} from './normalise.js';

export const KALSHI_DEFAULT_BASE_URLS = kalshiFacts.baseUrls;

/** Kalshi's documented page limits. */
export const KALSHI_MAX_MARKETS_PAGE = kalshiFacts.limits.page.markets;
export const KALSHI_MAX_EVENTS_PAGE = kalshiFacts.limits.page.events;
const EVENT_LOOKUP_CHUNK = 100;
/**
 * How long an event ticker the lookup did not return is left alone before it is asked again: long
 * enough that a market whose event is gone does not cost a request every page, short enough that a
 * lookup that missed for a passing reason is mended on a later listing.
 */
const EVENT_MISS_RETRY_MS = 15 * 60_000;
const EVENT_CACHE_MAX = 50_000;

type Req = { path: string; query?: Query };

const secs = (iso: string | undefined): number | undefined => (iso ? Math.floor(Date.parse(iso) / 1000) : undefined);

/** Every request the adapter makes, as (path, query): pinned by the static request tests. */
export const kalshiRequests = {
  markets: (o: { cursor?: string | null; limit: number; status?: 'open' | 'all'; updatedSince?: string }): Req => ({
    path: '/markets',
    query: {
      limit: o.limit,
      cursor: o.cursor || undefined,
      // `min_updated_ts` must be used alone (or with mve_filter=exclude): it wins over `status`.
      status: o.status === 'open' && !o.updatedSince ? 'open' : undefined,
      mve_filter: 'exclude',
      min_updated_ts: secs(o.updatedSince),
    },
  }),
  market: (ticker: string): Req => ({ path: `/markets/${encodeURIComponent(ticker)}` }),
  // The event filter is `tickers`, a comma list (get-events.md `EventTickersQuery`; changelog Jun 18
  // 2026 "Event tickers filter on GET /trade-api/v2/events"); limit ≤ 200.
  events: (o: { cursor?: string | null; limit: number; eventTickers?: string[] }): Req => ({
    path: '/events',
    query: { limit: o.limit, cursor: o.cursor || undefined, tickers: o.eventTickers?.length ? o.eventTickers : undefined },
  }),
  event: (eventTicker: string): Req => ({ path: `/events/${encodeURIComponent(eventTicker)}` }),
  orderbook: (ticker: string): Req => ({ path: `/markets/${encodeURIComponent(ticker)}/orderbook` }),
  trades: (o: { ticker: string; limit: number; cursor?: string | null; start?: string; end?: string }): Req => ({
    path: '/markets/trades',
    query: { ticker: o.ticker, limit: o.limit, cursor: o.cursor || undefined, min_ts: secs(o.start), max_ts: secs(o.end) },
  }),
  candlesticks: (o: { ticker: string; series?: string; startTs: number; endTs: number; periodMinutes: number }): Req => ({
    path: `/series/${encodeURIComponent(o.series ?? seriesOf(o.ticker))}/markets/${encodeURIComponent(o.ticker)}/candlesticks`,
    query: { start_ts: o.startTs, end_ts: o.endTs, period_interval: o.periodMinutes },
  }),
};

/** Default look-back of price/candle queries without a start, per interval. */
const DEFAULT_SPAN_MS: Record<string, number> = { '1s': 3_600_000, '1m': 86_400_000, '5m': 3 * 86_400_000, '10m': 7 * 86_400_000, '1h': 14 * 86_400_000, '1d': 365 * 86_400_000 };

export class KalshiAdapter implements VenueAdapter {
  readonly exchange = 'kalshi' as const;
  readonly capabilities = capabilitiesOf(kalshiFacts);
  readonly baseUrls: typeof KALSHI_DEFAULT_BASE_URLS;
  readonly http: VenueHttpClient;
  /** Event info by event ticker: Kalshi markets carry no category, their events do. */
  private readonly eventInfo = new Map<string, KalshiEventInfo>();
  /** Event tickers a lookup did not return, with when: not info, so they are asked again later. */
  private readonly eventMisses = new Map<string, number>();

  constructor(cfg: AdapterConfig = {}) {
    this.baseUrls = resolveBaseUrls(KALSHI_DEFAULT_BASE_URLS, cfg.baseUrls);
    this.http = new VenueHttpClient({ exchange: 'kalshi', baseUrl: this.baseUrls.rest, rateLimit: kalshiFacts.limits.rate.rest, ...cfg.http });
  }

  private now(): string {
    return new Date(this.http.opts.now()).toISOString();
  }

  /** A GET whose answer is checked against Kalshi's published schema (a mismatch is noted, not thrown). */
  private async get<T>(call: string, r: Req, wire: KalshiWireRead, signal?: AbortSignal): Promise<T> {
    const body = await this.http.getJson<T>(call, r.path, r.query, signal);
    checkKalshiWire(wire, body);
    return body;
  }

  /** Loads the events of these tickers that are not known yet (one request per 100). */
  private async loadEventInfo(eventTickers: string[], signal?: AbortSignal): Promise<MarketEvent[]> {
    const now = this.http.opts.now();
    const missing = [...new Set(eventTickers)].filter((t) => t && !this.eventInfo.has(t) && !(now - (this.eventMisses.get(t) ?? -Infinity) < EVENT_MISS_RETRY_MS));
    const out: MarketEvent[] = [];
    for (let i = 0; i < missing.length; i += EVENT_LOOKUP_CHUNK) {
      const chunk = missing.slice(i, i + EVENT_LOOKUP_CHUNK);
      const body = await this.get<{ events?: KalshiEventWire[] }>('listMarkets.events', kalshiRequests.events({ limit: KALSHI_MAX_EVENTS_PAGE, eventTickers: chunk }), KALSHI_READS.events, signal);
      for (const e of body.events ?? []) {
        this.eventInfo.set(e.event_ticker, { category: e.category ?? null, series_ticker: e.series_ticker ?? null, title: e.title ?? null });
        this.eventMisses.delete(e.event_ticker);
        out.push(normaliseEvent(e, { fetchedAt: this.now() }));
      }
      // A miss is not an event without a category or title: it is only not asked again for a while.
      for (const t of chunk) if (!this.eventInfo.has(t)) this.eventMisses.set(t, now);
    }
    if (this.eventInfo.size > EVENT_CACHE_MAX) this.eventInfo.clear();
    if (this.eventMisses.size > EVENT_CACHE_MAX) this.eventMisses.clear();
    return out;
  }

  listMarkets(opts: ListMarketsOptions = {}): AsyncIterable<MarketPage, void, undefined> {
    const limit = Math.min(Math.max(opts.pageSize ?? 500, 1), KALSHI_MAX_MARKETS_PAGE);
    return paginate<MarketPage>(opts.cursor, async (cursor) => {
      const body = await this.get<{ markets?: KalshiMarketWire[]; cursor?: string }>('listMarkets', kalshiRequests.markets({ cursor, limit, status: opts.status, updatedSince: opts.updatedSince }), KALSHI_READS.markets, opts.signal);
      const raws = body.markets ?? [];
      const events = await this.loadEventInfo(raws.map((m) => m.event_ticker), opts.signal);
      const fetchedAt = this.now();
      // The page's events come from loadEventInfo above, not from the items.
      const { markets, skipped } = normaliseListingPage(
        raws,
        (raw, page) => void page.markets.push(normaliseMarket(raw, { fetchedAt }, this.eventInfo.get(raw.event_ticker))),
        (raw) => raw?.ticker ?? null,
      );
      return { markets, events, cursor: body.cursor ? body.cursor : null, rawCount: raws.length, skipped };
    });
  }

  async getMarket(marketId: string): Promise<Market | null> {
    const r = kalshiRequests.market(marketId);
    const body = await this.http.getJsonOrNull<{ market?: KalshiMarketWire }>('getMarket', r.path, r.query);
    if (!body?.market) return null;
    checkKalshiWire(KALSHI_READS.market, body);
    await this.loadEventInfo([body.market.event_ticker]);
    return normaliseMarket(body.market, { fetchedAt: this.now() }, this.eventInfo.get(body.market.event_ticker));
  }

  listEvents(opts: ListEventsOptions = {}): AsyncIterable<EventPage, void, undefined> {
    const limit = Math.min(Math.max(opts.pageSize ?? KALSHI_MAX_EVENTS_PAGE, 1), KALSHI_MAX_EVENTS_PAGE);
    return paginate<EventPage>(opts.cursor, async (cursor) => {
      const body = await this.get<{ events?: KalshiEventWire[]; cursor?: string }>('listEvents', kalshiRequests.events({ cursor, limit }), KALSHI_READS.events, opts.signal);
      const fetchedAt = this.now();
      let events = (body.events ?? []).map((e) => normaliseEvent(e, { fetchedAt }));
      if (opts.category) events = events.filter((e) => e.category === opts.category);
      return { events, cursor: body.cursor ? body.cursor : null };
    });
  }

  async getEvent(eventId: string): Promise<MarketEvent | null> {
    const r = kalshiRequests.event(eventId);
    const body = await this.http.getJsonOrNull<{ event?: KalshiEventWire; markets?: KalshiMarketWire[] }>('getEvent', r.path, r.query);
    if (!body?.event) return null;
    checkKalshiWire(KALSHI_READS.event, body);
    return normaliseEvent({ ...body.event, markets: body.event.markets ?? body.markets }, { fetchedAt: this.now() });
  }

  async getOrderBook(marketId: string): Promise<OrderBook> {
    const body = await this.get<KalshiOrderbookWire>('getOrderBook', kalshiRequests.orderbook(marketId), KALSHI_READS.orderbook);
    return normaliseOrderbook(marketId, body, { fetchedAt: this.now() });
  }

  async getTrades(marketId: string, range: TimeRange & { limit?: number } = {}): Promise<Trade[]> {
    const want = Math.min(Math.max(range.limit ?? 100, 1), 5_000);
    const out: Trade[] = [];
    let cursor: string | null = null;
    do {
      const body: { trades?: KalshiTradeWire[]; cursor?: string } = await this.get('getTrades', kalshiRequests.trades({ ticker: marketId, limit: Math.min(1000, want - out.length), cursor, start: range.start, end: range.end }), KALSHI_READS.trades);
      for (const t of body.trades ?? []) out.push(normaliseTrade(t));
      cursor = body.cursor ? body.cursor : null;
    } while (cursor && out.length < want);
    return out.sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp)).slice(0, want);
  }

  async getCandles(marketId: string, q: TimeRange & { interval: CandleInterval }): Promise<Candle[]> {
    const endMs = q.end ? Date.parse(q.end) : this.http.opts.now();
    const startMs = q.start ? Date.parse(q.start) : endMs - DEFAULT_SPAN_MS[q.interval];
    if (q.interval === '1s') {
      const trades = await this.getTrades(marketId, { start: new Date(startMs).toISOString(), end: new Date(endMs).toISOString(), limit: 5_000 });
      return candlesFromTrades(trades, INTERVAL_MS['1s']);
    }
    const native = q.interval === '5m' || q.interval === '10m' ? '1m' : q.interval;
    const body = await this.get<{ candlesticks?: KalshiCandleWire[] }>(
      'getCandles',
      kalshiRequests.candlesticks({ ticker: marketId, startTs: Math.floor(startMs / 1000), endTs: Math.floor(endMs / 1000), periodMinutes: KALSHI_PERIOD_MINUTES[native] }),
      KALSHI_READS.candlesticks,
    );
    const candles = (body.candlesticks ?? []).map(normaliseCandle).filter((c): c is Candle => c !== null);
    return native === q.interval ? candles : resampleCandles(candles, INTERVAL_MS[q.interval]);
  }

  async getPriceHistory(marketId: string, q: TimeRange & { interval?: PriceInterval } = {}): Promise<PricePoint[]> {
    const candles = await this.getCandles(marketId, { ...q, interval: q.interval ?? '1h' });
    return candlesToPricePoints(candles);
  }
}

export function createKalshiAdapter(cfg?: AdapterConfig): KalshiAdapter {
  return new KalshiAdapter(cfg);
}
