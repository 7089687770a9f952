/**
 * predict.fun adapter: the REST API v1 reads over VenueHttpClient. Mainnet wants an API key
 * (`x-api-key`) on every request: it is taken from `cfg.http.headers['x-api-key']` or the
 * `PREDICTFUN_API_KEY` environment variable. Listing uses cursor pagination (`first` + `after`,
 * response `cursor`). The market object has no price, volume or close time: `getMarket` adds the
 * market's stats and book; a listing carries the markets (prices arrive with the recorder) and the
 * categories they belong to, read once per listing (a category is the markets' event and has the
 * tags their topic comes from).
 * Trades are the venue's order-match events; price history is built from them (the venue has no
 * public price-history endpoint).
 */
import { checkWire } from '../wire.js';
import { predictfunWireFor } from './wire.js';
import { paginate, type EventPage, type ListEventsOptions, type ListMarketsOptions, type MarketPage, type PriceInterval, type TimeRange, type VenueAdapter } from '../adapter.js';
import { capabilitiesOf } from '../descriptor.js';
import { predictfunFacts } from './facts.js';
import { resolveBaseUrls, type AdapterConfig } from '../adapter-config.js';
import { normaliseListingPage } from '../listing.js';
import { VenueError, VenueHttpClient, type Query } from '../http-client.js';
import type { Market, MarketEvent, OrderBook, PricePoint, Trade } from '../records.js';
import {
  eventsOfMarkets,
  indexCategories,
  normaliseCategory,
  normaliseMarket,
  normaliseMatch,
  normaliseOrderbook,
  pricePointsFromTrades,
  type PredictCategoryWire,
  type PredictEnvelope,
  type PredictMarketWire,
  type PredictMatchWire,
  type PredictOrderbookWire,
  type PredictStatsWire,
} from './normalise.js';

export const PREDICTFUN_DEFAULT_BASE_URLS = predictfunFacts.baseUrls;

export const PREDICTFUN_API_KEY_HEADER = 'x-api-key';
export const PREDICTFUN_MAX_PAGE = predictfunFacts.limits.page.markets;
const MATCHES_PAGE = predictfunFacts.limits.page.trades;
const DEFAULT_SPAN_MS: Record<PriceInterval, number> = { '1m': 86_400_000, '1h': 7 * 86_400_000, '1d': 90 * 86_400_000 };

type Req = { path: string; query?: Query };

/** Every request the adapter makes: pinned by the static request tests. */
export const predictfunRequests = {
  // `status=OPEN` leaves out the resolved markets (dev.predict.fun "Get markets": the listing filters
  // by status; read 2026-11-28), the rest of a venue whose listing is mostly settled markets.
  markets: (o: { first: number; after?: string | null; status?: 'OPEN' }): Req => ({ path: '/markets', query: { first: o.first, after: o.after || undefined, status: o.status } }),
  market: (id: string): Req => ({ path: `/markets/${encodeURIComponent(id)}` }),
  stats: (id: string): Req => ({ path: `/markets/${encodeURIComponent(id)}/stats` }),
  orderbook: (id: string): Req => ({ path: `/markets/${encodeURIComponent(id)}/orderbook` }),
  categories: (o: { first: number; after?: string | null }): Req => ({ path: '/categories', query: { first: o.first, after: o.after || undefined } }),
  category: (slug: string): Req => ({ path: `/categories/${encodeURIComponent(slug)}` }),
  matches: (o: { marketId: string; first: number; after?: string | null }): Req => ({ path: '/orders/matches', query: { marketId: o.marketId, first: o.first, after: o.after || undefined } }),
};

/** Market ids are integers: anything else cannot exist and costs no request. */
const isMarketId = (id: string): boolean => /^\d{1,15}$/.test(id);

export class PredictfunAdapter implements VenueAdapter {
  readonly exchange = 'predictfun' as const;
  readonly capabilities = capabilitiesOf(predictfunFacts);
  readonly baseUrls: typeof PREDICTFUN_DEFAULT_BASE_URLS;
  readonly http: VenueHttpClient;
  /** YES token id by market id (the book and trades name it). */
  private readonly yesTokens = new Map<string, string>();

  constructor(cfg: AdapterConfig = {}) {
    this.baseUrls = resolveBaseUrls(PREDICTFUN_DEFAULT_BASE_URLS, cfg.baseUrls);
    const headers = { ...cfg.http?.headers };
    const key = headers[PREDICTFUN_API_KEY_HEADER] ?? cfg.keys?.api_key;
    if (key) headers[PREDICTFUN_API_KEY_HEADER] = key;
    this.http = new VenueHttpClient({ exchange: 'predictfun', baseUrl: this.baseUrls.rest, rateLimit: predictfunFacts.limits.rate.rest, ...cfg.http, headers });
  }

  private now(): string {
    return new Date(this.http.opts.now()).toISOString();
  }

  private async get<T>(call: string, r: Req, signal?: AbortSignal): Promise<PredictEnvelope<T>> {
    return this.checked(r, await this.http.getJson<PredictEnvelope<T>>(call, r.path, r.query, signal));
  }

  private async getOrNull<T>(call: string, r: Req): Promise<PredictEnvelope<T> | null> {
    const body = await this.http.getJsonOrNull<PredictEnvelope<T>>(call, r.path, r.query);
    return body === null ? null : this.checked(r, body);
  }

  /** Notes in the drift log where an answer differs from predictfun/wire.ts; the answer goes on as it is. */
  private checked<B>(r: Req, body: B): B {
    const wire = predictfunWireFor(r.path);
    if (wire) checkWire(wire.schema, body, { exchange: 'predictfun', endpoint: wire.endpoint });
    return body;
  }

  private remember(raw: PredictMarketWire): void {
    const yes = raw.outcomes?.find((o) => o.indexSet === 1);
    if (yes) this.yesTokens.set(String(raw.id), yes.onChainId);
    if (this.yesTokens.size > 100_000) this.yesTokens.clear();
  }

  listMarkets(opts: ListMarketsOptions = {}): AsyncIterable<MarketPage> {
    const first = Math.min(Math.max(opts.pageSize ?? PREDICTFUN_MAX_PAGE, 1), PREDICTFUN_MAX_PAGE);
    let categories: Map<string, PredictCategoryWire | null> | undefined;
    return paginate<MarketPage>(opts.cursor, async (cursor) => {
      const body = await this.get<PredictMarketWire[]>('listMarkets', predictfunRequests.markets({ first, after: cursor, status: opts.status === 'open' ? 'OPEN' : undefined }), opts.signal);
      const raws = body.data ?? [];
      const fetchedAt = this.now();
      categories ??= await this.readCategories(fetchedAt, opts.signal);
      await this.readMissingCategories(raws, categories, fetchedAt);
      const known = categories;
      const { markets, skipped } = normaliseListingPage(
        raws,
        (raw, page) => {
          page.markets.push(normaliseMarket(raw, { fetchedAt }, { category: raw.categorySlug ? known.get(raw.categorySlug) ?? null : undefined }));
          this.remember(raw);
        },
        (raw) => (raw?.id === undefined ? null : String(raw.id)),
      );
      // The last page comes with no cursor (or a short page).
      const next = body.cursor && raws.length === first ? body.cursor : null;
      return { markets, events: eventsOfMarkets(raws, known, { fetchedAt }), cursor: next, rawCount: raws.length, skipped };
    });
  }

  /** Every category, by slug: a few pages per listing (a category embeds its markets' ids). */
  private async readCategories(fetchedAt: string, signal?: AbortSignal): Promise<Map<string, PredictCategoryWire | null>> {
    const bySlug = new Map<string, PredictCategoryWire | null>();
    let after: string | null = null;
    do {
      const body: PredictEnvelope<PredictCategoryWire[]> = await this.get<PredictCategoryWire[]>('listMarkets.categories', predictfunRequests.categories({ first: PREDICTFUN_MAX_PAGE, after }), signal);
      const raws = body.data ?? [];
      indexCategories(raws, { fetchedAt }, bySlug);
      after = body.cursor && raws.length === PREDICTFUN_MAX_PAGE ? body.cursor : null;
    } while (after);
    return bySlug;
  }

  /** Categories created since the listing began (a slug not seen yet): read one by one. */
  private async readMissingCategories(raws: readonly PredictMarketWire[], bySlug: Map<string, PredictCategoryWire | null>, fetchedAt: string): Promise<void> {
    const missing = [...new Set(raws.map((r) => r?.categorySlug).filter((s): s is string => !!s && !bySlug.has(s)))];
    for (const slug of missing) {
      const body = await this.getOrNull<PredictCategoryWire>('listMarkets.category', predictfunRequests.category(slug));
      if (body?.data) indexCategories([body.data], { fetchedAt }, bySlug);
      else bySlug.set(slug, null);
    }
  }

  async getMarket(marketId: string): Promise<Market | null> {
    if (!isMarketId(marketId)) return null;
    const body = await this.getOrNull<PredictMarketWire>('getMarket', predictfunRequests.market(marketId));
    if (!body?.data) return null;
    const raw = body.data;
    this.remember(raw);
    const [stats, book, category] = await Promise.all([
      this.getOrNull<PredictStatsWire>('getMarket.stats', predictfunRequests.stats(marketId)).then((b) => b?.data ?? null),
      this.getOrderBook(marketId).catch((err: unknown) => {
        if (err instanceof VenueError && err.notFound) return null;
        throw err;
      }),
      // Its event, whose tags give the market's topic (as in a listing).
      raw.categorySlug ? this.getOrNull<PredictCategoryWire>('getMarket.category', predictfunRequests.category(raw.categorySlug)).then((b) => b?.data ?? null) : undefined,
    ]);
    return normaliseMarket(raw, { fetchedAt: this.now() }, { stats, book, category });
  }

  listEvents(opts: ListEventsOptions = {}): AsyncIterable<EventPage> {
    const first = Math.min(Math.max(opts.pageSize ?? PREDICTFUN_MAX_PAGE, 1), PREDICTFUN_MAX_PAGE);
    return paginate<EventPage>(opts.cursor, async (cursor) => {
      const body = await this.get<PredictCategoryWire[]>('listEvents', predictfunRequests.categories({ first, after: cursor }), opts.signal);
      const raws = body.data ?? [];
      const fetchedAt = this.now();
      let events = raws.map((c) => normaliseCategory(c, { fetchedAt }));
      if (opts.category) events = events.filter((e) => e.category === opts.category);
      return { events, cursor: body.cursor && raws.length === first ? body.cursor : null };
    });
  }

  async getEvent(eventId: string): Promise<MarketEvent | null> {
    const body = await this.getOrNull<PredictCategoryWire>('getEvent', predictfunRequests.category(eventId));
    return body?.data ? normaliseCategory(body.data, { fetchedAt: this.now() }) : null;
  }

  private notFound(call: string, marketId: string): VenueError {
    return new VenueError('predictfun', call, 'http', `market ${marketId} not found`, 404);
  }

  async getOrderBook(marketId: string): Promise<OrderBook> {
    if (!isMarketId(marketId)) throw this.notFound('getOrderBook', marketId);
    const body = await this.get<PredictOrderbookWire>('getOrderBook', predictfunRequests.orderbook(marketId));
    return normaliseOrderbook(marketId, body.data, this.yesTokens.get(marketId) ?? null);
  }

  async getTrades(marketId: string, range: TimeRange & { limit?: number } = {}): Promise<Trade[]> {
    if (!isMarketId(marketId)) throw this.notFound('getTrades', marketId);
    // An unknown market answers an empty list: ask for the market first so that it is a 404.
    if (!this.yesTokens.has(marketId)) {
      const m = await this.getOrNull<PredictMarketWire>('getTrades', predictfunRequests.market(marketId));
      if (!m?.data) throw this.notFound('getTrades', marketId);
      this.remember(m.data);
    }
    const yesToken = this.yesTokens.get(marketId) ?? null;
    const want = Math.min(Math.max(range.limit ?? 100, 1), 5_000);
    const startMs = range.start ? Date.parse(range.start) : -Infinity;
    const endMs = range.end ? Date.parse(range.end) : Infinity;
    const out: Trade[] = [];
    let after: string | null = null;
    for (let pages = 0; pages < 200; pages++) {
      const body: PredictEnvelope<PredictMatchWire[]> = await this.get<PredictMatchWire[]>('getTrades', predictfunRequests.matches({ marketId, first: MATCHES_PAGE, after }));
      let older = false;
      for (const row of body.data ?? []) {
        const t = normaliseMatch(marketId, row, yesToken);
        const ts = Date.parse(t.timestamp);
        if (ts < startMs) older = true;
        else if (ts <= endMs) out.push(t);
      }
      after = body.cursor && (body.data ?? []).length === MATCHES_PAGE ? body.cursor : null;
      // Matches come newest first: stop past the start of the range, at the end, or with enough.
      if (older || !after || out.length >= want) break;
    }
    return out.sort((a, b) => b.timestamp.localeCompare(a.timestamp)).slice(0, want);
  }

  async getPriceHistory(marketId: string, q: TimeRange & { interval?: PriceInterval } = {}): Promise<PricePoint[]> {
    const interval = q.interval ?? '1h';
    const end = q.end ?? this.now();
    const start = q.start ?? new Date(Date.parse(end) - DEFAULT_SPAN_MS[interval]).toISOString();
    const trades = await this.getTrades(marketId, { start, end, limit: 5_000 });
    return pricePointsFromTrades(trades, interval);
  }
}

export function createPredictfunAdapter(cfg?: AdapterConfig): PredictfunAdapter {
  return new PredictfunAdapter(cfg);
}
