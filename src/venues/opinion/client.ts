/**
 * Opinion adapter: the Opinion OpenAPI reads over VenueHttpClient. Header `apikey` (from
 * `cfg.http.headers.apikey` or `OPINION_API_KEY`; public market routes also answer without one, at
 * 5 req/s per IP, 15 with a key). Answers are an envelope around `result`, `{code, msg, result}` in the
 * published OpenAPI or `{errno, errmsg, result}` in the SDK docs (both accepted: ./wire.ts), and errors
 * arrive with HTTP 200, so every call unwraps the envelope. Listing is page-numbered (at most 20 per page); a categorical
 * market gives its children plus an event. Books and price history are per token (the YES token).
 * Trades: REST has no market-wide trade list, only each token's last trade (`/token/latest-price`),
 * so `getTrades` returns at most the last YES and the last NO trade, in YES terms.
 */
import { paginate, type EventPage, type ListEventsOptions, type ListMarketsOptions, type MarketPage, type PriceInterval, type TimeRange, type VenueAdapter } from '../adapter.js';
import { capabilitiesOf } from '../descriptor.js';
import { opinionFacts } from './facts.js';
import { resolveBaseUrls, type AdapterConfig } from '../adapter-config.js';
import { normaliseListingPage } from '../listing.js';
import { VenueError, VenueHttpClient, type Query } from '../http-client.js';
import type { Market, MarketEvent, OrderBook, PricePoint, Trade } from '../records.js';
import { probFrom } from '../units.js';
import { checkWire } from '../wire.js';
import { opinionWireFor, readOpinionEnvelope } from './wire.js';
import {
  normaliseCategorical,
  normaliseLatestTrade,
  normaliseListing,
  normaliseMarket,
  normaliseOrderbook,
  normalisePriceHistory,
  type OpinionHistoryWire,
  type OpinionLatestPriceWire,
  type OpinionMarketWire,
  type OpinionOrderbookWire,
} from './normalise.js';

export const OPINION_DEFAULT_BASE_URLS = opinionFacts.baseUrls;
export const OPINION_API_KEY_HEADER = 'apikey';
export const OPINION_MAX_PAGE = opinionFacts.limits.page.markets;
const DEFAULT_SPAN_MS: Record<PriceInterval, number> = { '1m': 86_400_000, '1h': 14 * 86_400_000, '1d': 365 * 86_400_000 };

type Req = { path: string; query?: Query };

/** Every request the adapter makes: pinned by the static request tests. */
export const opinionRequests = {
  markets: (o: { page: number; limit: number; status?: 'activated' | 'resolved'; marketType?: 0 | 1 | 2 }): Req => ({ path: '/market', query: { page: o.page, limit: o.limit, status: o.status, marketType: o.marketType ?? 2 } }),
  market: (id: string): Req => ({ path: `/market/${encodeURIComponent(id)}` }),
  categorical: (id: string): Req => ({ path: `/market/categorical/${encodeURIComponent(id)}` }),
  orderbook: (tokenId: string): Req => ({ path: '/token/orderbook', query: { token_id: tokenId } }),
  latestPrice: (tokenId: string): Req => ({ path: '/token/latest-price', query: { token_id: tokenId } }),
  priceHistory: (o: { tokenId: string; interval: PriceInterval; startAt: number; endAt: number }): Req => ({ path: '/token/price-history', query: { token_id: o.tokenId, interval: o.interval, start_at: o.startAt, end_at: o.endAt } }),
};

const isMarketId = (id: string): boolean => /^\d{1,15}$/.test(id);
/** errno messages that mean "no such thing" (the venue answers them with HTTP 200). */
const NOT_FOUND = /not\s*found|not\s*exist|no\s*data/i;

export class OpinionAdapter implements VenueAdapter {
  readonly exchange = 'opinion' as const;
  readonly capabilities = capabilitiesOf(opinionFacts);
  readonly baseUrls: typeof OPINION_DEFAULT_BASE_URLS;
  readonly http: VenueHttpClient;

  constructor(cfg: AdapterConfig = {}) {
    this.baseUrls = resolveBaseUrls(OPINION_DEFAULT_BASE_URLS, cfg.baseUrls);
    const headers = { ...cfg.http?.headers };
    const key = headers[OPINION_API_KEY_HEADER] ?? cfg.keys?.api_key;
    if (key) headers[OPINION_API_KEY_HEADER] = key;
    this.http = new VenueHttpClient({ exchange: 'opinion', baseUrl: this.baseUrls.rest, rateLimit: key && opinionFacts.limits.rateWithKey ? opinionFacts.limits.rateWithKey.rest : opinionFacts.limits.rate.rest, ...cfg.http, headers });
  }

  private now(): string {
    return new Date(this.http.opts.now()).toISOString();
  }

  /** The envelope's result; null for "not found"; a VenueError for any other code. */
  private async call<T>(call: string, r: Req, signal?: AbortSignal): Promise<T | null> {
    const body = await this.http.getJsonOrNull<unknown>(call, r.path, r.query, signal);
    if (body === null) return null;
    const envelope = readOpinionEnvelope<T>(body);
    if (!envelope) throw new VenueError('opinion', call, 'parse', 'answer is not a {code, msg, result} (or {errno, errmsg, result}) envelope', 200, this.http.url(r.path, r.query));
    const wire = opinionWireFor(r.path);
    if (envelope.code === 0 && wire) checkWire(wire.schema, body, { exchange: 'opinion', endpoint: wire.endpoint });
    if (envelope.code === 0) return envelope.result;
    if (NOT_FOUND.test(envelope.message)) return null;
    throw new VenueError('opinion', call, 'http', `${envelope.spelling === 'code/msg' ? 'code' : 'errno'} ${envelope.code}: ${envelope.message}`, null, this.http.url(r.path, r.query));
  }

  private notFound(call: string, id: string): VenueError {
    return new VenueError('opinion', call, 'http', `market ${id} not found`, 404);
  }

  listMarkets(opts: ListMarketsOptions = {}): AsyncIterable<MarketPage> {
    const limit = Math.min(Math.max(opts.pageSize ?? OPINION_MAX_PAGE, 1), OPINION_MAX_PAGE);
    return paginate<MarketPage>(opts.cursor, async (cursor) => {
      if (cursor !== null && !/^[1-9]\d*$/.test(cursor)) throw new Error(`opinion: invalid cursor ${JSON.stringify(cursor)}`);
      const page = cursor === null ? 1 : Number(cursor);
      const result = await this.call<{ total: number; list: OpinionMarketWire[] }>('listMarkets', opinionRequests.markets({ page, limit, status: opts.status === 'open' ? 'activated' : undefined }), opts.signal);
      const raws = result?.list ?? [];
      const fetchedAt = this.now();
      const { markets, events, skipped } = normaliseListingPage(
        raws,
        (raw, page) => page.add(normaliseListing(raw, { fetchedAt })),
        (raw) => (raw?.marketId === undefined ? null : String(raw.marketId)),
      );
      const rawCount = raws.reduce((n, r) => n + (r.childMarkets?.length ? r.childMarkets.length : 1), 0);
      const more = raws.length === limit && page * limit < (result?.total ?? 0);
      return { markets, events, cursor: more ? String(page + 1) : null, rawCount, skipped };
    });
  }

  /** Events are the categorical markets (`marketType=1`), which hold binary children. */
  listEvents(opts: ListEventsOptions = {}): AsyncIterable<EventPage> {
    const limit = Math.min(Math.max(opts.pageSize ?? OPINION_MAX_PAGE, 1), OPINION_MAX_PAGE);
    return paginate<EventPage>(opts.cursor, async (cursor) => {
      if (cursor !== null && !/^[1-9]\d*$/.test(cursor)) throw new Error(`opinion: invalid cursor ${JSON.stringify(cursor)}`);
      const page = cursor === null ? 1 : Number(cursor);
      const result = await this.call<{ total: number; list: OpinionMarketWire[] }>('listEvents', opinionRequests.markets({ page, limit, marketType: 1 }), opts.signal);
      const raws = result?.list ?? [];
      const fetchedAt = this.now();
      let events = raws.filter((r) => r.childMarkets?.length).map((r) => normaliseCategorical(r, { fetchedAt }));
      if (opts.category) events = events.filter((e) => e.category === opts.category);
      return { events, cursor: raws.length === limit && page * limit < (result?.total ?? 0) ? String(page + 1) : null };
    });
  }

  async getEvent(eventId: string): Promise<MarketEvent | null> {
    if (!isMarketId(eventId)) return null;
    const result = await this.call<{ data: OpinionMarketWire }>('getEvent', opinionRequests.categorical(eventId));
    return result?.data?.childMarkets?.length ? normaliseCategorical(result.data, { fetchedAt: this.now() }) : null;
  }

  private async fetchMarket(call: string, id: string): Promise<OpinionMarketWire | null> {
    if (!isMarketId(id)) return null;
    const result = await this.call<{ data: OpinionMarketWire }>(call, opinionRequests.market(id));
    return result?.data ?? null;
  }

  private async latest(call: string, tokenId: string): Promise<OpinionLatestPriceWire | null> {
    return this.call<OpinionLatestPriceWire>(call, opinionRequests.latestPrice(tokenId));
  }

  async getMarket(marketId: string): Promise<Market | null> {
    const raw = await this.fetchMarket('getMarket', marketId);
    if (!raw || (raw.marketType !== 0 && raw.childMarkets?.length)) return null;
    const last = raw.yesTokenId && raw.status === 2 ? await this.latest('getMarket.latestPrice', raw.yesTokenId) : null;
    const parent = raw.parentMarketId ? await this.fetchMarket('getMarket.parent', String(raw.parentMarketId)) : null;
    return normaliseMarket(raw, { fetchedAt: this.now() }, parent ? { marketId: parent.marketId, marketTitle: parent.marketTitle, category: parent.category } : undefined, last ? probFrom(last.price, `${marketId}.latestPrice`) : null);
  }

  private async tokens(call: string, marketId: string): Promise<{ yes: string; no: string }> {
    const raw = await this.fetchMarket(call, marketId);
    if (!raw || !raw.yesTokenId || !raw.noTokenId) throw this.notFound(call, marketId);
    return { yes: raw.yesTokenId, no: raw.noTokenId };
  }

  async getOrderBook(marketId: string): Promise<OrderBook> {
    const t = await this.tokens('getOrderBook', marketId);
    const book = await this.call<OpinionOrderbookWire>('getOrderBook', opinionRequests.orderbook(t.yes));
    if (!book) throw this.notFound('getOrderBook', marketId);
    return normaliseOrderbook(marketId, book);
  }

  async getTrades(marketId: string, range: TimeRange & { limit?: number } = {}): Promise<Trade[]> {
    const t = await this.tokens('getTrades', marketId);
    const startMs = range.start ? Date.parse(range.start) : -Infinity;
    const endMs = range.end ? Date.parse(range.end) : Infinity;
    const lasts = await Promise.all([this.latest('getTrades', t.yes), this.latest('getTrades', t.no)]);
    return lasts
      .filter((l): l is OpinionLatestPriceWire => l !== null && Number(l.size) > 0)
      .map((l) => normaliseLatestTrade(marketId, l, t))
      .filter((x) => Date.parse(x.timestamp) >= startMs && Date.parse(x.timestamp) <= endMs)
      .sort((a, b) => b.timestamp.localeCompare(a.timestamp))
      .slice(0, Math.max(range.limit ?? 100, 1));
  }

  async getPriceHistory(marketId: string, q: TimeRange & { interval?: PriceInterval } = {}): Promise<PricePoint[]> {
    const t = await this.tokens('getPriceHistory', marketId);
    const interval = q.interval ?? '1h';
    const endMs = q.end ? Date.parse(q.end) : this.http.opts.now();
    const startMs = q.start ? Date.parse(q.start) : endMs - DEFAULT_SPAN_MS[interval];
    const body = await this.call<OpinionHistoryWire>('getPriceHistory', opinionRequests.priceHistory({ tokenId: t.yes, interval, startAt: Math.floor(startMs / 1000), endAt: Math.floor(endMs / 1000) }));
    return body ? normalisePriceHistory(body) : [];
  }
}

export function createOpinionAdapter(cfg?: AdapterConfig): OpinionAdapter {
  return new OpinionAdapter(cfg);
}
