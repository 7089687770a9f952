/**
 * Futuur adapter: the public API v2.0 reads over VenueHttpClient. Futuur lists *events* (questions)
 * with their *markets* (binary outcomes); the service's markets are Futuur markets, found through
 * their events (the adapter remembers market -> event from listings). Reads are public; when
 * credentials are configured (`FUTUUR_PUBLIC_KEY` / `FUTUUR_PRIVATE_KEY`) every request is signed
 * with HMAC-SHA512 (auth.ts), as authenticated reads add the user's data. Real-money ledger only.
 */
import { paginate, type EventPage, type ListEventsOptions, type ListMarketsOptions, type MarketPage, type PriceInterval, type TimeRange, type VenueAdapter } from '../adapter.js';
import { capabilitiesOf } from '../descriptor.js';
import { futuurFacts } from './facts.js';
import { resolveBaseUrls, type AdapterConfig } from '../adapter-config.js';
import { normaliseListingPage } from '../listing.js';
import { VenueError, VenueHttpClient, type Query } from '../http-client.js';
import type { Market, MarketEvent, OrderBook, PricePoint, Trade } from '../records.js';
import { checkWire } from '../wire.js';
import { FutuurActionsPageSchema, FutuurBookSchema, FutuurEventSchema, FutuurEventsPageSchema, FutuurPriceHistorySchema } from './wire.js';
import { signFutuurRequest, type FutuurCredentials, type FutuurParams } from './auth.js';
import {
  actionMarketId,
  normaliseAction,
  normaliseBook,
  normaliseEvent,
  normaliseEventMarkets,
  normaliseMarket,
  normalisePriceHistory,
  pageTotal,
  type FutuurActionWire,
  type FutuurBookWire,
  type FutuurEventWire,
  type FutuurPageWire,
  type FutuurPriceHistoryWire,
} from './normalise.js';

export const FUTUUR_DEFAULT_BASE_URLS = futuurFacts.baseUrls;
export const FUTUUR_MAX_PAGE = futuurFacts.limits.page.markets;
const CURRENCY_MODE = 'real_money';
const ACTIONS_PAGE = futuurFacts.limits.page.trades;

type Req = { path: string; query?: Query };

/** Every request the adapter makes (Futuur paths end in a slash): pinned by the static request tests. */
export const futuurRequests = {
  events: (o: { limit: number; offset: number; live?: boolean }): Req => ({ path: '/events/', query: { currency_mode: CURRENCY_MODE, limit: o.limit, offset: o.offset, live: o.live ? 'true' : undefined } }),
  event: (id: string): Req => ({ path: `/events/${encodeURIComponent(id)}/` }),
  book: (marketId: string): Req => ({ path: `/markets/${encodeURIComponent(marketId)}/book/`, query: { currency_mode: CURRENCY_MODE, position: 'long' } }),
  priceHistory: (o: { eventId: string; timeInterval: 'day' | 'week' | 'month' | 'year' | 'all_time' }): Req => ({ path: `/events/${encodeURIComponent(o.eventId)}/price_history/`, query: { currency_mode: CURRENCY_MODE, time_interval: o.timeInterval } }),
  actions: (o: { eventId: string; limit: number; offset: number }): Req => ({ path: `/events/${encodeURIComponent(o.eventId)}/actions/`, query: { currency_mode: CURRENCY_MODE, limit: o.limit, offset: o.offset } }),
};

/** The coarsest Futuur history window that still covers the range. */
export function timeIntervalFor(startMs: number, endMs: number): 'day' | 'week' | 'month' | 'year' | 'all_time' {
  const span = endMs - startMs;
  const day = 86_400_000;
  if (span <= day) return 'day';
  if (span <= 7 * day) return 'week';
  if (span <= 31 * day) return 'month';
  if (span <= 366 * day) return 'year';
  return 'all_time';
}

const isId = (id: string): boolean => /^\d{1,15}$/.test(id);
const DEFAULT_SPAN_MS: Record<PriceInterval, number> = { '1m': 86_400_000, '1h': 7 * 86_400_000, '1d': 365 * 86_400_000 };

export class FutuurAdapter implements VenueAdapter {
  readonly exchange = 'futuur' as const;
  readonly capabilities = capabilitiesOf(futuurFacts);
  readonly baseUrls: typeof FUTUUR_DEFAULT_BASE_URLS;
  readonly http: VenueHttpClient;
  private readonly creds: FutuurCredentials | null;
  /** Event id by market id (markets are reached through their events). */
  private readonly eventOf = new Map<string, string>();

  constructor(cfg: AdapterConfig = {}) {
    this.baseUrls = resolveBaseUrls(FUTUUR_DEFAULT_BASE_URLS, cfg.baseUrls);
    this.creds = cfg.keys?.public_key && cfg.keys.private_key ? { publicKey: cfg.keys.public_key, privateKey: cfg.keys.private_key } : null;
    this.http = new VenueHttpClient({ exchange: 'futuur', baseUrl: this.baseUrls.rest, rateLimit: futuurFacts.limits.rate.rest, ...cfg.http });
  }

  private now(): string {
    return new Date(this.http.opts.now()).toISOString();
  }

  /** Headers of one GET: signed over its query parameters when credentials are set. */
  signedHeaders(query: Query | undefined): Record<string, string> {
    if (!this.creds) return {};
    const params: FutuurParams = {};
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null) params[k] = Array.isArray(v) ? v.join(',') : (v as string | number | boolean);
    return signFutuurRequest(params, this.creds, Math.floor(this.http.opts.now() / 1000));
  }

  private async get<T>(call: string, r: Req, signal?: AbortSignal, orNull = false): Promise<T | null> {
    const res = await this.http.request<T>(call, { path: r.path, query: r.query, signal, headers: this.signedHeaders(r.query), acceptStatuses: orNull ? [404] : undefined });
    return res.status === 404 ? null : res.body;
  }

  private remember(ev: FutuurEventWire): void {
    for (const m of ev.markets ?? []) this.eventOf.set(String(m.id), String(ev.id));
    if (this.eventOf.size > 200_000) this.eventOf.clear();
  }

  private pages(call: string, opts: { cursor?: string | null; pageSize?: number; live?: boolean; signal?: AbortSignal }): AsyncIterable<{ events: FutuurEventWire[]; cursor: string | null }> {
    const limit = Math.min(Math.max(opts.pageSize ?? FUTUUR_MAX_PAGE, 1), FUTUUR_MAX_PAGE);
    return paginate(opts.cursor, async (cursor) => {
      if (cursor !== null && !/^\d+$/.test(cursor)) throw new Error(`futuur: invalid cursor ${JSON.stringify(cursor)}`);
      const offset = cursor === null ? 0 : Number(cursor);
      const body = (await this.get<FutuurPageWire<FutuurEventWire>>(call, futuurRequests.events({ limit, offset, live: opts.live }), opts.signal))!;
      checkWire(FutuurEventsPageSchema, body, { exchange: 'futuur', endpoint: 'GET /events/' });
      const events = body.results ?? [];
      for (const e of events) this.remember(e);
      const total = pageTotal(body);
      const more = events.length === limit && (total === null ? !!(body.pagination?.next ?? body.next) : offset + limit < total);
      return { events, cursor: more ? String(offset + limit) : null };
    });
  }

  async *listMarkets(opts: ListMarketsOptions = {}): AsyncIterable<MarketPage> {
    for await (const p of this.pages('listMarkets', { cursor: opts.cursor, pageSize: opts.pageSize, live: opts.status === 'open', signal: opts.signal })) {
      const fetchedAt = this.now();
      const { markets, events, skipped } = normaliseListingPage(
        p.events,
        (ev, page) => {
          page.add(normaliseEventMarkets(ev, { fetchedAt }));
          page.events.push(normaliseEvent(ev, { fetchedAt }));
        },
        (ev) => (ev?.id === undefined ? null : `event ${ev.id}`),
      );
      yield { markets, events, cursor: p.cursor, rawCount: p.events.reduce((n, e) => n + (e.markets?.length ?? 0), 0), skipped };
    }
  }

  async *listEvents(opts: ListEventsOptions = {}): AsyncIterable<EventPage> {
    for await (const p of this.pages('listEvents', { cursor: opts.cursor, pageSize: opts.pageSize })) {
      const fetchedAt = this.now();
      let events = p.events.map((e) => normaliseEvent(e, { fetchedAt }));
      if (opts.category) events = events.filter((e) => e.category === opts.category);
      yield { events, cursor: p.cursor };
    }
  }

  private async fetchEvent(call: string, eventId: string): Promise<FutuurEventWire | null> {
    if (!isId(eventId)) return null;
    const ev = await this.get<FutuurEventWire>(call, futuurRequests.event(eventId), undefined, true);
    if (ev) {
      checkWire(FutuurEventSchema, ev, { exchange: 'futuur', endpoint: 'GET /events/{id}/' });
      this.remember(ev);
    }
    return ev;
  }

  async getEvent(eventId: string): Promise<MarketEvent | null> {
    const ev = await this.fetchEvent('getEvent', eventId);
    return ev ? normaliseEvent(ev, { fetchedAt: this.now() }) : null;
  }

  /**
   * The event of a market: from listings seen before, else by walking the listing (Futuur has no
   * market-by-id read; a cold lookup costs one pass over the events).
   */
  private async eventIdOf(call: string, marketId: string): Promise<string | null> {
    if (!isId(marketId)) return null;
    const known = this.eventOf.get(marketId);
    if (known) return known;
    for await (const p of this.pages(call, {})) if (p.events.some((e) => e.markets?.some((m) => String(m.id) === marketId))) break;
    return this.eventOf.get(marketId) ?? null;
  }

  async getMarket(marketId: string): Promise<Market | null> {
    const eventId = await this.eventIdOf('getMarket', marketId);
    if (!eventId) return null;
    const ev = await this.fetchEvent('getMarket', eventId);
    const m = ev?.markets?.find((x) => String(x.id) === marketId);
    return ev && m ? normaliseMarket(m, ev, { fetchedAt: this.now() }) : null;
  }

  private notFound(call: string, marketId: string): VenueError {
    return new VenueError('futuur', call, 'http', `market ${marketId} not found`, 404);
  }

  async getOrderBook(marketId: string): Promise<OrderBook> {
    if (!isId(marketId)) throw this.notFound('getOrderBook', marketId);
    const body = (await this.get<FutuurBookWire>('getOrderBook', futuurRequests.book(marketId)))!;
    checkWire(FutuurBookSchema, body, { exchange: 'futuur', endpoint: 'GET /markets/{id}/book/' });
    return normaliseBook(marketId, body, { fetchedAt: this.now() });
  }

  async getTrades(marketId: string, range: TimeRange & { limit?: number } = {}): Promise<Trade[]> {
    const eventId = await this.eventIdOf('getTrades', marketId);
    if (!eventId) throw this.notFound('getTrades', marketId);
    const want = Math.min(Math.max(range.limit ?? 100, 1), 5_000);
    const startMs = range.start ? Date.parse(range.start) : -Infinity;
    const endMs = range.end ? Date.parse(range.end) : Infinity;
    const out: Trade[] = [];
    for (let offset = 0; offset < 20_000 && out.length < want; offset += ACTIONS_PAGE) {
      const body = (await this.get<FutuurPageWire<FutuurActionWire>>('getTrades', futuurRequests.actions({ eventId, limit: ACTIONS_PAGE, offset })))!;
      checkWire(FutuurActionsPageSchema, body, { exchange: 'futuur', endpoint: 'GET /events/{id}/actions/' });
      const rows = body.results ?? [];
      let older = false;
      for (const a of rows) {
        if (actionMarketId(a) !== marketId) continue;
        const t = normaliseAction(a);
        const ts = Date.parse(t.timestamp);
        if (ts < startMs) older = true;
        else if (ts <= endMs) out.push(t);
      }
      if (older || rows.length < ACTIONS_PAGE) break;
    }
    return out.sort((a, b) => b.timestamp.localeCompare(a.timestamp)).slice(0, want);
  }

  async getPriceHistory(marketId: string, q: TimeRange & { interval?: PriceInterval } = {}): Promise<PricePoint[]> {
    const eventId = await this.eventIdOf('getPriceHistory', marketId);
    if (!eventId) throw this.notFound('getPriceHistory', marketId);
    const endMs = q.end ? Date.parse(q.end) : this.http.opts.now();
    const startMs = q.start ? Date.parse(q.start) : endMs - DEFAULT_SPAN_MS[q.interval ?? '1h'];
    // Futuur serves windows ending now: ask for the window that reaches back to the start.
    const body = (await this.get<FutuurPriceHistoryWire>('getPriceHistory', futuurRequests.priceHistory({ eventId, timeInterval: timeIntervalFor(startMs, this.http.opts.now()) })))!;
    checkWire(FutuurPriceHistorySchema, body, { exchange: 'futuur', endpoint: 'GET /events/{id}/price_history/' });
    return normalisePriceHistory(marketId, body).filter((p) => Date.parse(p.timestamp) >= startMs && Date.parse(p.timestamp) <= endMs);
  }
}

export function createFutuurAdapter(cfg?: AdapterConfig): FutuurAdapter {
  return new FutuurAdapter(cfg);
}
