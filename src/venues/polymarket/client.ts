/**
 * Polymarket adapter: Gamma (markets, events; keyset pagination), CLOB (book, price history) and the
 * Data API (trades). Market ids are condition ids; the adapter resolves a market's YES token id
 * (needed by the CLOB) through Gamma and caches it.
 */
import { FIDELITY_MINUTES, paginate, type EventPage, type ListEventsOptions, type ListMarketsOptions, type MarketPage, type PriceInterval, type TimeRange, type VenueAdapter } from '../adapter.js';
import { capabilitiesOf } from '../descriptor.js';
import { polymarketFacts } from './facts.js';
import { resolveBaseUrls, type AdapterConfig } from '../adapter-config.js';
import { normaliseListingPage } from '../listing.js';
import { VenueError, VenueHttpClient, type Query } from '../http-client.js';
import type { Market, MarketEvent, OrderBook, PricePoint, Trade } from '../records.js';
import { checkWire } from '../wire.js';
import { ClobBookSchema, ClobPriceHistorySchema, DataApiTradesSchema, GammaEventSchema, GammaEventsKeysetSchema, GammaMarketSchema, GammaMarketsKeysetSchema } from './wire.js';
import { decodeOutcomes, normaliseBook, normaliseEvent, normaliseMarket, normalisePriceHistory, normaliseTrade, type ClobBookWire, type DataApiTradeWire, type GammaEventWire, type GammaMarketWire } from './normalise.js';

export const POLYMARKET_DEFAULT_BASE_URLS = polymarketFacts.baseUrls;

/** Gamma keyset limits (markets <= 100 per page, events <= 500). */
export const GAMMA_MAX_MARKETS_PAGE = polymarketFacts.limits.page.markets;
export const GAMMA_MAX_EVENTS_PAGE = polymarketFacts.limits.page.events;
const TRADES_PAGE = polymarketFacts.limits.page.trades;

type Req = { path: string; query?: Query };
/** The prefix of a listing cursor in the closed markets' pass (see `listEveryMarket`). */
const CLOSED_PASS = 'closed:';
const DEFAULT_SPAN_MS: Record<PriceInterval, number> = { '1m': 86_400_000, '1h': 14 * 86_400_000, '1d': 365 * 86_400_000 };

/** Every request the adapter makes: pinned by the static request tests. */
export const polymarketRequests = {
  /**
   * One status's markets in the venue's order. `closed` is always sent: the keyset listing takes one
   * value and reads an absent one as false (open markets only), so a listing of every market asks
   * for each status in turn.
   */
  marketsKeyset: (o: { cursor?: string | null; limit: number; closed: boolean }): Req => ({
    path: '/markets/keyset',
    query: { limit: o.limit, after_cursor: o.cursor || undefined, closed: o.closed },
  }),
  /**
   * One status's markets, most recently changed first: `order` takes the market's JSON field names
   * (camelCase: `updatedAt`), `ascending=false` sorts newest first, and `closed` (false when absent)
   * picks open or closed markets (docs.polymarket.com, "List markets (keyset pagination)", Gamma
   * OpenAPI `GET /markets/keyset`, as indexed 2026-11).
   */
  marketsChangedFirst: (o: { cursor?: string | null; limit: number; closed: boolean }): Req => ({
    path: '/markets/keyset',
    query: { limit: o.limit, after_cursor: o.cursor || undefined, closed: o.closed, order: 'updatedAt', ascending: false },
  }),
  marketByCondition: (conditionId: string): Req => ({ path: '/markets/keyset', query: { condition_ids: conditionId, limit: 1 } }),
  marketById: (id: string): Req => ({ path: `/markets/${encodeURIComponent(id)}` }),
  eventsKeyset: (o: { cursor?: string | null; limit: number }): Req => ({ path: '/events/keyset', query: { limit: o.limit, after_cursor: o.cursor || undefined } }),
  event: (id: string): Req => ({ path: `/events/${encodeURIComponent(id)}` }),
  book: (tokenId: string): Req => ({ path: '/book', query: { token_id: tokenId } }),
  priceHistory: (o: { tokenId: string; startTs: number; endTs: number; fidelity: number }): Req => ({
    path: '/prices-history',
    query: { market: o.tokenId, startTs: o.startTs, endTs: o.endTs, fidelity: o.fidelity },
  }),
  trades: (o: { conditionId: string; limit: number; offset: number }): Req => ({
    path: '/trades',
    query: { market: o.conditionId, limit: o.limit, offset: o.offset, takerOnly: true },
  }),
  /**
   * The signed-in user's trades on the CLOB (L2-signed, the order client's; clob-client-v2 v1.1.0
   * `getTrades` with its `TradeParams`: id, maker_address, market, asset_id, before, after, and
   * `next_cursor` from "MA==" until "LTE="). The docs' reference (Aug 2026) names it `GET /trades`
   * with `maker_address` required; the official client calls `/data/trades`, which is followed here.
   */
  userTrades: (o: { id?: string; makerAddress?: string; market?: string; assetId?: string; before?: number; after?: number; cursor: string }): Req => ({
    path: '/data/trades',
    query: { id: o.id, maker_address: o.makerAddress, market: o.market, asset_id: o.assetId, before: o.before, after: o.after, next_cursor: o.cursor },
  }),
};

interface TokenInfo {
  yesToken: string | null;
  tokens: string[];
}

export class PolymarketAdapter implements VenueAdapter {
  readonly exchange = 'polymarket' as const;
  readonly capabilities = capabilitiesOf(polymarketFacts);
  readonly baseUrls: typeof POLYMARKET_DEFAULT_BASE_URLS;
  readonly gamma: VenueHttpClient;
  readonly clob: VenueHttpClient;
  readonly data: VenueHttpClient;
  private readonly tokens = new Map<string, TokenInfo>();

  constructor(cfg: AdapterConfig = {}) {
    this.baseUrls = resolveBaseUrls(POLYMARKET_DEFAULT_BASE_URLS, cfg.baseUrls);
    // Documented windows per 10 s: Gamma /markets 300, CLOB /book 1,500, Data /trades 200.
    this.gamma = new VenueHttpClient({ exchange: 'polymarket', baseUrl: this.baseUrls.gamma, rateLimit: polymarketFacts.limits.rate.gamma, ...cfg.http });
    this.clob = new VenueHttpClient({ exchange: 'polymarket', baseUrl: this.baseUrls.clob, rateLimit: polymarketFacts.limits.rate.clob, ...cfg.http });
    this.data = new VenueHttpClient({ exchange: 'polymarket', baseUrl: this.baseUrls.data, rateLimit: polymarketFacts.limits.rate.data, ...cfg.http });
  }

  private now(): string {
    return new Date(this.gamma.opts.now()).toISOString();
  }

  private remember(raw: GammaMarketWire): void {
    try {
      const o = decodeOutcomes(raw);
      this.tokens.set(raw.conditionId, { yesToken: o.tokenIds[o.yesIndex] ?? null, tokens: o.tokenIds });
      if (this.tokens.size > 100_000) this.tokens.clear();
    } catch {
      // A market whose arrays do not decode is reported by the normaliser; nothing to cache.
    }
  }

  /**
   * Lists the keyset pages in the venue's order, or with `updatedSince` only the markets changed since
   * then: the open markets, then the closed ones (the keyset listing takes one `closed` value), each
   * most recently changed first until the first market changed before the cut-off. A market changed
   * while the listing runs moves ahead of the pages already read; its change time then falls after
   * this listing began, so the next run (which asks from this one's start) reads it.
   */
  listMarkets(opts: ListMarketsOptions = {}): AsyncIterable<MarketPage, void, undefined> {
    const limit = Math.min(Math.max(opts.pageSize ?? GAMMA_MAX_MARKETS_PAGE, 1), GAMMA_MAX_MARKETS_PAGE);
    if (opts.updatedSince) return this.listChangedMarkets(limit, Date.parse(opts.updatedSince), opts.signal);
    if (opts.status === 'open') {
      return paginate<MarketPage>(opts.cursor, async (cursor) => {
        const body = await this.getKeysetPage(polymarketRequests.marketsKeyset({ cursor, limit, closed: false }), opts.signal);
        return this.listingPage(body.markets ?? [], body.next_cursor ? body.next_cursor : null);
      });
    }
    return this.listEveryMarket(limit, opts.cursor ?? null, opts.signal);
  }

  /**
   * The open markets, then the closed ones. The page cursor says which: the venue's own cursor in the
   * open pass, `closed:` and the venue's cursor in the closed pass (so a listing resumed from a stored
   * cursor goes on in the right pass).
   */
  private async *listEveryMarket(limit: number, start: string | null, signal?: AbortSignal): AsyncGenerator<MarketPage, void, undefined> {
    const inClosed = start?.startsWith(CLOSED_PASS) ?? false;
    for (const closed of inClosed ? [true] : [false, true]) {
      const resume = closed ? (inClosed ? start!.slice(CLOSED_PASS.length) : '') : (start ?? '');
      const pages = paginate<MarketPage>(resume || null, async (cursor) => {
        const body = await this.getKeysetPage(polymarketRequests.marketsKeyset({ cursor, limit, closed }), signal);
        return this.listingPage(body.markets ?? [], body.next_cursor ? body.next_cursor : null);
      });
      for await (const page of pages) {
        // the venue's cursor ends its pass; the open pass's last page leads on to the closed one
        const next = page.cursor !== null ? (closed ? CLOSED_PASS + page.cursor : page.cursor) : closed ? null : CLOSED_PASS;
        yield { ...page, cursor: next };
      }
    }
  }

  private async *listChangedMarkets(limit: number, sinceMs: number, signal?: AbortSignal): AsyncGenerator<MarketPage, void, undefined> {
    for (const closed of [false, true]) {
      let cursor: string | null = null;
      do {
        const r = polymarketRequests.marketsChangedFirst({ cursor, limit, closed });
        const body = await this.getKeysetPage(r, signal);
        const raws = body.markets ?? [];
        // A market without a readable change time is kept: it cannot be shown to be unchanged.
        const cutoff = raws.findIndex((raw) => Date.parse(raw.updatedAt ?? '') < sinceMs);
        cursor = cutoff < 0 && body.next_cursor ? body.next_cursor : null;
        // Such a listing is never resumed (a short run asks again from its cut-off): its cursor only
        // says whether pages follow, and the open markets' last page is followed by the closed ones.
        const page = this.listingPage(cutoff < 0 ? raws : raws.slice(0, cutoff), cursor ?? (closed ? null : 'closed'));
        page.rawCount = raws.length;
        yield page;
      } while (cursor);
    }
  }

  private async getKeysetPage(r: Req, signal?: AbortSignal): Promise<{ markets?: GammaMarketWire[]; next_cursor?: string | null }> {
    const body = await this.gamma.getJson<{ markets?: GammaMarketWire[]; next_cursor?: string | null }>('listMarkets', r.path, r.query, signal);
    checkWire(GammaMarketsKeysetSchema, body, { exchange: 'polymarket', endpoint: 'GET /markets/keyset' });
    return body;
  }

  private listingPage(raws: GammaMarketWire[], cursor: string | null): MarketPage {
    const fetchedAt = this.now();
    const { markets, events, skipped } = normaliseListingPage(
      raws,
      (raw, page) => {
        page.markets.push(normaliseMarket(raw, { fetchedAt }));
        this.remember(raw);
        const ev = raw.events?.[0];
        if (ev) page.addEventOnce(String(ev.id), () => normaliseEvent({ ...ev, markets: undefined }, { fetchedAt }));
      },
      (raw) => raw?.conditionId ?? null,
    );
    return { markets, events, cursor, rawCount: raws.length, skipped };
  }

  private async fetchMarket(call: string, marketId: string): Promise<GammaMarketWire | null> {
    if (/^\d+$/.test(marketId)) {
      const r = polymarketRequests.marketById(marketId);
      const raw = await this.gamma.getJsonOrNull<GammaMarketWire>(call, r.path, r.query);
      if (raw) checkWire(GammaMarketSchema, raw, { exchange: 'polymarket', endpoint: 'GET /markets/{id}' });
      return raw;
    }
    // Anything but a condition id cannot exist: no request.
    if (!/^0x[0-9a-fA-F]{64}$/.test(marketId)) return null;
    const r = polymarketRequests.marketByCondition(marketId);
    const body = await this.gamma.getJson<{ markets?: GammaMarketWire[] }>(call, r.path, r.query);
    checkWire(GammaMarketsKeysetSchema, body, { exchange: 'polymarket', endpoint: 'GET /markets/keyset' });
    return body.markets?.find((m) => m.conditionId === marketId) ?? null;
  }

  async getMarket(marketId: string): Promise<Market | null> {
    const raw = await this.fetchMarket('getMarket', marketId);
    if (!raw) return null;
    this.remember(raw);
    return normaliseMarket(raw, { fetchedAt: this.now() });
  }

  /** The market's YES token id, from the cache or Gamma; a 404 VenueError for an unknown market. */
  private async yesToken(call: string, conditionId: string): Promise<string> {
    let info = this.tokens.get(conditionId);
    if (!info) {
      const raw = await this.fetchMarket(call, conditionId);
      if (!raw) throw new VenueError('polymarket', call, 'http', `market ${conditionId} not found`, 404);
      this.remember(raw);
      info = this.tokens.get(conditionId);
    }
    if (!info?.yesToken) throw new VenueError('polymarket', call, 'http', `market ${conditionId} has no CLOB token (no order book)`, 404);
    return info.yesToken;
  }

  listEvents(opts: ListEventsOptions = {}): AsyncIterable<EventPage, void, undefined> {
    const limit = Math.min(Math.max(opts.pageSize ?? GAMMA_MAX_EVENTS_PAGE, 1), GAMMA_MAX_EVENTS_PAGE);
    return paginate<EventPage>(opts.cursor, async (cursor) => {
      const r = polymarketRequests.eventsKeyset({ cursor, limit });
      const body = await this.gamma.getJson<{ events?: GammaEventWire[]; next_cursor?: string | null }>('listEvents', r.path, r.query, opts.signal);
      checkWire(GammaEventsKeysetSchema, body, { exchange: 'polymarket', endpoint: 'GET /events/keyset' });
      const fetchedAt = this.now();
      let events = (body.events ?? []).map((e) => normaliseEvent(e, { fetchedAt }));
      if (opts.category) events = events.filter((e) => e.category === opts.category);
      return { events, cursor: body.next_cursor ? body.next_cursor : null };
    });
  }

  async getEvent(eventId: string): Promise<MarketEvent | null> {
    if (!/^\d+$/.test(eventId)) return null;
    const r = polymarketRequests.event(eventId);
    const body = await this.gamma.getJsonOrNull<GammaEventWire>('getEvent', r.path, r.query);
    if (body) checkWire(GammaEventSchema, body, { exchange: 'polymarket', endpoint: 'GET /events/{id}' });
    return body ? normaliseEvent(body, { fetchedAt: this.now() }) : null;
  }

  async getOrderBook(marketId: string): Promise<OrderBook> {
    const token = await this.yesToken('getOrderBook', marketId);
    const r = polymarketRequests.book(token);
    const body = await this.clob.getJson<ClobBookWire>('getOrderBook', r.path, r.query);
    checkWire(ClobBookSchema, body, { exchange: 'polymarket', endpoint: 'GET /book' });
    return normaliseBook(marketId, body);
  }

  async getTrades(marketId: string, range: TimeRange & { limit?: number } = {}): Promise<Trade[]> {
    // An unknown market answers an empty list on the Data API; make it a 404 like the other reads.
    await this.yesToken('getTrades', marketId);
    const want = Math.min(Math.max(range.limit ?? 100, 1), 10_000);
    const startMs = range.start ? Date.parse(range.start) : -Infinity;
    const endMs = range.end ? Date.parse(range.end) : Infinity;
    const out: Trade[] = [];
    for (let offset = 0; out.length < want && offset <= 10_000; offset += TRADES_PAGE) {
      const r = polymarketRequests.trades({ conditionId: marketId, limit: TRADES_PAGE, offset });
      const body = await this.data.getJson<DataApiTradeWire[] | { data?: DataApiTradeWire[] }>('getTrades', r.path, r.query);
      checkWire(DataApiTradesSchema, body, { exchange: 'polymarket', endpoint: 'GET /trades' });
      const rows = Array.isArray(body) ? body : (body.data ?? []);
      let older = false;
      for (const row of rows) {
        const t = normaliseTrade(row);
        const ts = Date.parse(t.timestamp);
        if (ts < startMs) older = true;
        if (ts >= startMs && ts <= endMs) out.push(t);
      }
      // Trades come newest first: once past the start of the range, or out of rows, stop.
      if (rows.length < TRADES_PAGE || older) break;
    }
    return out.sort((a, b) => b.timestamp.localeCompare(a.timestamp)).slice(0, want);
  }

  async getPriceHistory(marketId: string, q: TimeRange & { interval?: PriceInterval } = {}): Promise<PricePoint[]> {
    const token = await this.yesToken('getPriceHistory', marketId);
    const interval = q.interval ?? '1h';
    const endMs = q.end ? Date.parse(q.end) : this.clob.opts.now();
    const startMs = q.start ? Date.parse(q.start) : endMs - DEFAULT_SPAN_MS[interval];
    const r = polymarketRequests.priceHistory({ tokenId: token, startTs: Math.floor(startMs / 1000), endTs: Math.floor(endMs / 1000), fidelity: FIDELITY_MINUTES[interval] });
    const body = await this.clob.getJson<{ history?: { t: number; p: number }[] }>('getPriceHistory', r.path, r.query);
    checkWire(ClobPriceHistorySchema, body, { exchange: 'polymarket', endpoint: 'GET /prices-history' });
    return normalisePriceHistory(body);
  }
}

export function createPolymarketAdapter(cfg?: AdapterConfig): PolymarketAdapter {
  return new PolymarketAdapter(cfg);
}
