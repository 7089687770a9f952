/**
 * Limitless Exchange adapter: the public REST market data (no auth needed) over VenueHttpClient.
 * Listing is `GET /markets/active` with page numbers (at most 25 per page); a group market on a
 * page gives its child markets plus an event. Market ids are slugs. Requests are built by
 * `limitlessRequests` so tests can pin paths and query strings.
 */
import { checkWire } from '../wire.js';
import { LimitlessMarketSchema, limitlessWireFor } from './wire.js';
import { paginate, type EventPage, type ListEventsOptions, type ListMarketsOptions, type MarketPage, type PriceInterval, type TimeRange, type VenueAdapter } from '../adapter.js';
import { capabilitiesOf } from '../descriptor.js';
import { limitlessFacts } from './facts.js';
import { resolveBaseUrls, type AdapterConfig } from '../adapter-config.js';
import { normaliseListingPage } from '../listing.js';
import { VenueError, VenueHttpClient, type Query } from '../http-client.js';
import type { Market, MarketEvent, OrderBook, PricePoint, Trade } from '../records.js';
import {
  isGroup,
  eventRows,
  isTradeEvent,
  normaliseGroup,
  normaliseListing,
  normaliseMarket,
  normaliseOrderbook,
  normalisePriceHistory,
  normaliseTrade,
  type LimitlessActivePage,
  type LimitlessEventsPageWire,
  type LimitlessHistoryWire,
  type LimitlessMarketWire,
  type LimitlessOrderbookWire,
} from './normalise.js';

export const LIMITLESS_DEFAULT_BASE_URLS = limitlessFacts.baseUrls;

/** `GET /markets/active` serves at most 25 items per page. */
export const LIMITLESS_MAX_ACTIVE_PAGE = limitlessFacts.limits.page.markets;
const EVENTS_PAGE = limitlessFacts.limits.page.trades;

/**
 * Limitless history intervals are 1h|6h|1d|1w|1m|all, where `1m` means one MONTH: the service's
 * `1m` (minute) has no native equivalent and is served from the finest one, `1h`.
 */
export const LIMITLESS_HISTORY_INTERVAL: Record<PriceInterval, '1h' | '1d'> = { '1m': '1h', '1h': '1h', '1d': '1d' };

type Req = { path: string; query?: Query };
const seg = (s: string): string => encodeURIComponent(s);

/** Every request the adapter makes: pinned by the static request tests. */
export const limitlessRequests = {
  active: (o: { page: number; limit: number; tradeType?: 'clob' | 'amm' | 'group' }): Req => ({ path: '/markets/active', query: { page: o.page, limit: o.limit, tradeType: o.tradeType } }),
  market: (slug: string): Req => ({ path: `/markets/${seg(slug)}` }),
  orderbook: (slug: string): Req => ({ path: `/markets/${seg(slug)}/orderbook` }),
  history: (o: { slug: string; interval: string; from?: string; to?: string }): Req => ({ path: `/markets/${seg(o.slug)}/historical-price`, query: { interval: o.interval, from: o.from, to: o.to } }),
  events: (o: { slug: string; page: number; limit: number }): Req => ({ path: `/markets/${seg(o.slug)}/events`, query: { page: o.page, limit: o.limit } }),
};

/** Page-number cursors: the opaque cursor is the next page number. */
function pageOf(cursor: string | null): number {
  if (cursor === null) return 1;
  if (!/^[1-9]\d*$/.test(cursor)) throw new Error(`limitless: invalid cursor ${JSON.stringify(cursor)}`);
  return Number(cursor);
}

export class LimitlessAdapter implements VenueAdapter {
  readonly exchange = 'limitless' as const;
  readonly capabilities = capabilitiesOf(limitlessFacts);
  readonly baseUrls: typeof LIMITLESS_DEFAULT_BASE_URLS;
  readonly http: VenueHttpClient;
  /** Token ids by slug, to put NO-token trades in YES terms. */
  private readonly tokens = new Map<string, { yes: string; no: string } | null>();

  constructor(cfg: AdapterConfig = {}) {
    this.baseUrls = resolveBaseUrls(LIMITLESS_DEFAULT_BASE_URLS, cfg.baseUrls);
    // No published limits: stay polite.
    this.http = new VenueHttpClient({ exchange: 'limitless', baseUrl: this.baseUrls.rest, rateLimit: limitlessFacts.limits.rate.rest, ...cfg.http });
  }

  private now(): string {
    return new Date(this.http.opts.now()).toISOString();
  }

  private remember(raw: LimitlessMarketWire): void {
    if (isGroup(raw)) for (const c of raw.markets ?? []) this.tokens.set(c.slug, c.tokens ?? null);
    else this.tokens.set(raw.slug, raw.tokens ?? null);
    if (this.tokens.size > 100_000) this.tokens.clear();
  }

  private async get<T>(call: string, r: Req, signal?: AbortSignal): Promise<T> {
    const body = await this.http.getJson<T>(call, r.path, r.query, signal);
    const wire = limitlessWireFor(r.path);
    if (wire) checkWire(wire.schema, body, { exchange: 'limitless', endpoint: wire.endpoint });
    return body;
  }

  listMarkets(opts: ListMarketsOptions = {}): AsyncIterable<MarketPage> {
    const limit = Math.min(Math.max(opts.pageSize ?? LIMITLESS_MAX_ACTIVE_PAGE, 1), LIMITLESS_MAX_ACTIVE_PAGE);
    return paginate<MarketPage>(opts.cursor, async (cursor) => {
      const page = pageOf(cursor);
      const body = await this.get<LimitlessActivePage>('listMarkets', limitlessRequests.active({ page, limit }), opts.signal);
      const raws = body.data ?? [];
      const fetchedAt = this.now();
      const { markets, events, skipped } = normaliseListingPage(
        raws,
        (raw, page) => {
          page.add(normaliseListing(raw, { fetchedAt }));
          this.remember(raw);
        },
        (raw) => raw?.slug ?? null,
      );
      const more = raws.length === limit && page * limit < (body.totalMarketsCount ?? Infinity);
      // rawCount counts every market the page carried, children of groups included.
      const rawCount = raws.reduce((n, r) => n + (isGroup(r) ? (r.markets?.length ?? 0) : 1), 0);
      return { markets, events, cursor: more ? String(page + 1) : null, rawCount, skipped };
    });
  }

  private async fetchMarket(call: string, slug: string): Promise<LimitlessMarketWire | null> {
    const r = limitlessRequests.market(slug);
    const raw = await this.http.getJsonOrNull<LimitlessMarketWire>(call, r.path, r.query);
    if (raw) checkWire(LimitlessMarketSchema, raw, { exchange: 'limitless', endpoint: 'GET /markets/{slug}' });
    if (raw) this.remember(raw);
    return raw;
  }

  /** A single market by slug; a group's slug is an event, not a market (null). */
  async getMarket(marketId: string): Promise<Market | null> {
    const raw = await this.fetchMarket('getMarket', marketId);
    if (!raw || isGroup(raw)) return null;
    return normaliseMarket(raw, { fetchedAt: this.now() });
  }

  listEvents(opts: ListEventsOptions = {}): AsyncIterable<EventPage> {
    const limit = Math.min(Math.max(opts.pageSize ?? LIMITLESS_MAX_ACTIVE_PAGE, 1), LIMITLESS_MAX_ACTIVE_PAGE);
    return paginate<EventPage>(opts.cursor, async (cursor) => {
      const page = pageOf(cursor);
      const body = await this.get<LimitlessActivePage>('listEvents', limitlessRequests.active({ page, limit, tradeType: 'group' }), opts.signal);
      const raws = body.data ?? [];
      const fetchedAt = this.now();
      let events = raws.filter(isGroup).map((g) => normaliseGroup(g, { fetchedAt }));
      if (opts.category) events = events.filter((e) => e.category === opts.category);
      const more = raws.length === limit && page * limit < (body.totalMarketsCount ?? Infinity);
      return { events, cursor: more ? String(page + 1) : null };
    });
  }

  async getEvent(eventId: string): Promise<MarketEvent | null> {
    const raw = await this.fetchMarket('getEvent', eventId);
    return raw && isGroup(raw) ? normaliseGroup(raw, { fetchedAt: this.now() }) : null;
  }

  async getOrderBook(marketId: string): Promise<OrderBook> {
    const body = await this.get<LimitlessOrderbookWire>('getOrderBook', limitlessRequests.orderbook(marketId));
    return normaliseOrderbook(marketId, body, { fetchedAt: this.now() });
  }

  /** The market's tokens (cached); a 404 VenueError for an unknown market. */
  private async tokensOf(call: string, slug: string): Promise<{ yes: string; no: string } | null> {
    if (this.tokens.has(slug)) return this.tokens.get(slug) ?? null;
    const raw = await this.fetchMarket(call, slug);
    if (!raw || isGroup(raw)) throw new VenueError('limitless', call, 'http', `market ${slug} not found`, 404);
    return raw.tokens ?? null;
  }

  async getTrades(marketId: string, range: TimeRange & { limit?: number } = {}): Promise<Trade[]> {
    const tokens = await this.tokensOf('getTrades', marketId);
    const want = Math.min(Math.max(range.limit ?? 100, 1), 5_000);
    const startMs = range.start ? Date.parse(range.start) : -Infinity;
    const endMs = range.end ? Date.parse(range.end) : Infinity;
    const out: Trade[] = [];
    for (let page = 1; out.length < want && page <= 200; page++) {
      const body = await this.get<LimitlessEventsPageWire>('getTrades', limitlessRequests.events({ slug: marketId, page, limit: EVENTS_PAGE }));
      const rows = eventRows(body);
      let older = false;
      for (const row of rows) {
        if (!isTradeEvent(row)) continue;
        const t = normaliseTrade(marketId, row, tokens);
        const ts = Date.parse(t.timestamp);
        if (ts < startMs) older = true;
        else if (ts <= endMs) out.push(t);
      }
      // Events come newest first: stop past the start of the range or at the last page.
      if (older || rows.length < EVENTS_PAGE) break;
    }
    return out.sort((a, b) => b.timestamp.localeCompare(a.timestamp)).slice(0, want);
  }

  async getPriceHistory(marketId: string, q: TimeRange & { interval?: PriceInterval } = {}): Promise<PricePoint[]> {
    const interval = LIMITLESS_HISTORY_INTERVAL[q.interval ?? '1h'];
    const body = await this.get<LimitlessHistoryWire | LimitlessHistoryWire[]>('getPriceHistory', limitlessRequests.history({ slug: marketId, interval, from: q.start, to: q.end }));
    const points = normalisePriceHistory(body);
    const startMs = q.start ? Date.parse(q.start) : -Infinity;
    const endMs = q.end ? Date.parse(q.end) : Infinity;
    return points.filter((p) => Date.parse(p.timestamp) >= startMs && Date.parse(p.timestamp) <= endMs);
  }
}

export function createLimitlessAdapter(cfg?: AdapterConfig): LimitlessAdapter {
  return new LimitlessAdapter(cfg);
}
