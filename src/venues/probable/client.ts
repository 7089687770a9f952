/**
 * Probable adapter (read-only; x7 offers market, markets, orderbook, prices and tradehistory). Two
 * public APIs: the market API (`/markets/?page&limit&active`, `/markets/{id}`) and the orderbook API
 * (`/book`, `POST /prices`, `/midpoint`, `/prices-history`, `/trades`), both keyed differently: markets
 * by numeric id, book data by CLOB token id. Market objects carry no prices, so a listing page prices
 * its open markets' YES tokens with batched `POST /prices` (both sides; the price is their middle, as
 * `/midpoint` gives it); one market, or a venue without the batch read, uses `/midpoint`. Token ids
 * are cached per market.
 */
import { FIDELITY_MINUTES, paginate, type ListMarketsOptions, type MarketPage, type PriceInterval, type TimeRange, type VenueAdapter } from '../adapter.js';
import { capabilitiesOf } from '../descriptor.js';
import { probableFacts } from './facts.js';
import { resolveBaseUrls, type AdapterConfig } from '../adapter-config.js';
import { normaliseListingPage } from '../listing.js';
import { VenueError, VenueHttpClient, type Query } from '../http-client.js';
import type { Market, OrderBook, PricePoint, Trade } from '../records.js';
import { checkWire, venueDrift } from '../wire.js';
import { probableWireFor } from './wire.js';
import {
  decodeOutcomes,
  normaliseBook,
  normaliseEvent,
  normaliseMarket,
  normaliseMidpoint,
  normaliseSidePrices,
  normalisePriceHistory,
  normaliseTrade,
  probableStatus,
  type ProbableBookWire,
  type ProbableMarketWire,
  type ProbableSidePricesWire,
  type ProbableTradeWire,
} from './normalise.js';

export const PROBABLE_DEFAULT_BASE_URLS = probableFacts.baseUrls;

export const PROBABLE_MAX_MARKETS_PAGE = probableFacts.limits.page.markets;
const MIDPOINT_CONCURRENCY = 6;
/**
 * Tokens per `POST /prices` (two items each, BUY and SELL). Neither the developer docs (Orderbook
 * Data, "Get Prices", read 2026-11-28) nor the official SDK (@prob/clob 0.5.0, 2026-08-24,
 * `getPrices`) state a limit, so a conservative 50 tokens (100 items) per request.
 */
export const PROBABLE_PRICES_BATCH_TOKENS = 50;
/** Statuses that say the venue has no batch price read (or refuses its body): price by `/midpoint`. */
const NO_BATCH_PRICES = new Set([400, 404, 405, 501]);

type Req = { path: string; query?: Query; method?: 'POST'; body?: unknown };

/** Our point spacing as the venue's `fidelity` (minutes between points). */
const DEFAULT_SPAN_MS: Record<PriceInterval, number> = { '1m': 86_400_000, '1h': 14 * 86_400_000, '1d': 365 * 86_400_000 };

/** Every request the adapter makes, as (path, query): pinned by the static request tests. */
export const probableRequests = {
  markets: (o: { page: number; limit: number; status?: 'open' | 'all' }): Req => ({ path: '/markets/', query: { page: o.page, limit: o.limit, active: o.status === 'open' ? true : undefined } }),
  market: (id: string): Req => ({ path: `/markets/${encodeURIComponent(id)}` }),
  book: (tokenId: string): Req => ({ path: '/book', query: { token_id: tokenId } }),
  // The sources name the parameter differently: the developer docs (Orderbook Data, "Get Midpoint",
  // read 2026-11-28) and the SDK's README say `token_id`; the SDK's code (@prob/clob 0.5.0,
  // 2026-08-24, `getMidpoint`) sends `type_id`. The docs as read today are the later word and the
  // SDK's own README agrees with them, so `token_id` is sent (docs/venue-notes.md §7).
  midpoint: (tokenId: string): Req => ({ path: '/midpoint', query: { token_id: tokenId } }),
  // Both sides of each token (developer docs, "Get Prices"; GetPricesParams in @prob/clob 0.5.0).
  prices: (tokenIds: readonly string[]): Req => ({ method: 'POST', path: '/prices', body: tokenIds.flatMap((id) => [{ token_id: id, side: 'BUY' }, { token_id: id, side: 'SELL' }]) }),
  // `interval` is a look-back window ending now ('1m' is a month) and excludes startTs/endTs;
  // `fidelity` is the resolution in minutes (@prob/clob 0.5.0, 2026-08-24: GetPricesHistoryParams,
  // PriceHistoryInterval; the CLOB it forks reads them the same way).
  priceHistory: (o: { tokenId: string; startTs: number; endTs: number; fidelity: number }): Req => ({
    path: '/prices-history',
    query: { market: o.tokenId, startTs: o.startTs, endTs: o.endTs, fidelity: o.fidelity },
  }),
  trades: (o: { tokenId: string; limit: number }): Req => ({ path: '/trades', query: { tokenId: o.tokenId, limit: o.limit } }),
};

/**
 * The two readings of a public trade row disagree (see ./wire.ts): the drift log says which one the
 * venue sent, so an operator learns which reading live traffic confirms.
 */
function noteTradeShape(rows: ProbableTradeWire[]): void {
  const row = rows[0];
  if (!row) return;
  const shape = row.transactionHash !== undefined || row.timestamp !== undefined ? 'Data API rows (asset, timestamp, transactionHash)' : 'id/time rows (pmxt\'s reading)';
  // 'envelope' is where the venues' documented-spelling notes go (not counted as drift).
  venueDrift.note('probable', 'envelope', 'shape', `GET /trades answers ${shape}`);
}

/** Page cursor: `<next page>/<page size>` (the size is kept so a resumed listing lines up). */
function encodeCursor(page: number, limit: number): string {
  return `${page}/${limit}`;
}
function decodeCursor(c: string): { page: number; limit: number } {
  const m = /^(\d+)\/(\d+)$/.exec(c);
  if (!m || Number(m[1]) < 1 || Number(m[2]) < 1) throw new Error(`probable: invalid cursor ${JSON.stringify(c)}`);
  return { page: Number(m[1]), limit: Number(m[2]) };
}

interface TokenInfo {
  yes: string | null;
  no: string | null;
}

/** Runs `fn` over items with at most `n` in flight, keeping order. */
async function mapLimited<T, R>(items: T[], n: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
  return out;
}

export class ProbableAdapter implements VenueAdapter {
  readonly exchange = 'probable' as const;
  readonly capabilities = capabilitiesOf(probableFacts);
  readonly baseUrls: typeof PROBABLE_DEFAULT_BASE_URLS;
  readonly market: VenueHttpClient;
  readonly orderbook: VenueHttpClient;
  private readonly tokens = new Map<string, TokenInfo>();

  constructor(cfg: AdapterConfig = {}) {
    this.baseUrls = resolveBaseUrls(PROBABLE_DEFAULT_BASE_URLS, cfg.baseUrls);
    // No published limits; stay polite.
    this.market = new VenueHttpClient({ exchange: 'probable', baseUrl: this.baseUrls.market, rateLimit: probableFacts.limits.rate.market, ...cfg.http });
    this.orderbook = new VenueHttpClient({ exchange: 'probable', baseUrl: this.baseUrls.orderbook, rateLimit: probableFacts.limits.rate.orderbook, ...cfg.http });
  }

  /** Notes in the drift log where a response differs from the venue's wire schema (never throws). */
  private checked<T>(r: Req, body: T): T {
    const wire = probableWireFor(r.path);
    if (wire && body !== null && body !== undefined) checkWire(wire.schema, body, { exchange: 'probable', endpoint: wire.endpoint });
    return body;
  }

  private now(): string {
    return new Date(this.market.opts.now()).toISOString();
  }

  private remember(raw: ProbableMarketWire): TokenInfo {
    let info: TokenInfo = { yes: null, no: null };
    try {
      const o = decodeOutcomes(raw);
      info = { yes: o.tokenIds[o.yesIndex] ?? null, no: o.labels.length === 2 ? (o.tokenIds[1 - o.yesIndex] ?? null) : null };
    } catch {
      // Undecodable outcomes are reported by the normaliser.
    }
    if (this.tokens.size > 100_000) this.tokens.clear();
    this.tokens.set(String(raw.id), info);
    return info;
  }

  /** Midpoint of a token, or null when it has no book (the venue answers 404 or an empty mid). */
  private async midpoint(call: string, tokenId: string | null, signal?: AbortSignal): Promise<number | null> {
    if (!tokenId) return null;
    const r = probableRequests.midpoint(tokenId);
    const body = this.checked(r, await this.orderbook.getJsonOrNull<{ mid?: unknown }>(call, r.path, r.query, signal));
    try {
      return normaliseMidpoint(body, `midpoint ${tokenId}`);
    } catch {
      return null;
    }
  }

  /**
   * Prices of the tokens (null entries stay null) by batched `POST /prices`; by `/midpoint`, one per
   * token, when the venue refuses the batch read (noted once in the drift log).
   */
  private async yesPrices(tokenIds: (string | null)[], signal?: AbortSignal): Promise<(number | null)[]> {
    const wanted = [...new Set(tokenIds.filter((t): t is string => t !== null))];
    if (wanted.length === 0) return tokenIds.map(() => null);
    const prices = new Map<string, number | null>();
    try {
      for (let i = 0; i < wanted.length; i += PROBABLE_PRICES_BATCH_TOKENS) {
        const batch = wanted.slice(i, i + PROBABLE_PRICES_BATCH_TOKENS);
        const r = probableRequests.prices(batch);
        const res = await this.orderbook.request<Record<string, ProbableSidePricesWire> | null>('listMarkets.prices', { method: r.method, path: r.path, body: r.body, signal });
        const body = this.checked(r, res.body) ?? {};
        for (const id of batch) {
          try {
            prices.set(id, normaliseSidePrices(body[id], `prices ${id}`));
          } catch {
            prices.set(id, null);
          }
        }
      }
    } catch (e) {
      if (!(e instanceof VenueError) || e.kind !== 'http' || e.status === null || !NO_BATCH_PRICES.has(e.status)) throw e;
      venueDrift.note('probable', 'POST /prices', 'shape', `answered ${e.status}: listings priced by GET /midpoint per market`);
      const mids = await mapLimited(wanted, MIDPOINT_CONCURRENCY, (id) => this.midpoint('listMarkets.midpoint', id, signal));
      wanted.forEach((id, i) => prices.set(id, mids[i]));
    }
    return tokenIds.map((t) => (t === null ? null : (prices.get(t) ?? null)));
  }

  listMarkets(opts: ListMarketsOptions = {}): AsyncIterable<MarketPage> {
    const pageSize = Math.min(Math.max(opts.pageSize ?? PROBABLE_MAX_MARKETS_PAGE, 1), PROBABLE_MAX_MARKETS_PAGE);
    return paginate<MarketPage>(opts.cursor, async (cursor) => {
      const { page, limit } = cursor ? decodeCursor(cursor) : { page: 1, limit: pageSize };
      const r = probableRequests.markets({ page, limit, status: opts.status });
      const body = this.checked(r, await this.market.getJson<{ markets?: ProbableMarketWire[]; pagination?: { hasMore?: boolean; totalPages?: number } }>('listMarkets', r.path, r.query, opts.signal));
      if (!body || !Array.isArray(body.markets)) throw new VenueError('probable', 'listMarkets', 'parse', 'expected { markets: [...] }');
      const raws = body.markets;
      const yesTokens = raws.map((raw) => {
        const info = this.remember(raw);
        let live = false;
        try {
          live = probableStatus(raw) === 'open';
        } catch {
          live = false;
        }
        return live ? info.yes : null;
      });
      const mids = await this.yesPrices(yesTokens, opts.signal);
      const fetchedAt = this.now();
      const { markets, events, skipped } = normaliseListingPage(
        raws,
        (raw, page, i) => {
          page.markets.push(normaliseMarket(raw, { fetchedAt }, mids[i]));
          const ev = raw.event;
          if (ev && ev.id !== undefined) page.addEventOnce(String(ev.id), () => normaliseEvent(ev, { fetchedAt }));
        },
        (raw) => (raw?.id !== undefined ? String(raw.id) : null),
      );
      const p = body.pagination;
      const more = p?.hasMore !== undefined ? p.hasMore : p?.totalPages !== undefined ? page < p.totalPages : raws.length >= limit;
      return { markets, events, cursor: more && raws.length > 0 ? encodeCursor(page + 1, limit) : null, rawCount: raws.length, skipped };
    });
  }

  private async fetchMarket(call: string, marketId: string): Promise<ProbableMarketWire | null> {
    // Market ids are integers: anything else cannot exist, so no request.
    if (!/^\d{1,18}$/.test(marketId)) return null;
    const r = probableRequests.market(marketId);
    const body = this.checked(r, await this.market.getJsonOrNull<ProbableMarketWire>(call, r.path, r.query));
    return body && body.id !== undefined ? body : null;
  }

  async getMarket(marketId: string): Promise<Market | null> {
    const raw = await this.fetchMarket('getMarket', marketId);
    if (!raw) return null;
    const info = this.remember(raw);
    const mid = probableStatus(raw) === 'open' ? await this.midpoint('getMarket.midpoint', info.yes) : null;
    return normaliseMarket(raw, { fetchedAt: this.now() }, mid);
  }

  /** The market's token ids, from the cache or the market API; a 404 VenueError for an unknown market. */
  private async tokensOf(call: string, marketId: string): Promise<{ yes: string; no: string | null }> {
    let info = this.tokens.get(marketId);
    if (!info) {
      const raw = await this.fetchMarket(call, marketId);
      if (!raw) throw new VenueError('probable', call, 'http', `market ${marketId} not found`, 404);
      info = this.remember(raw);
    }
    if (!info.yes) throw new VenueError('probable', call, 'http', `market ${marketId} has no CLOB token`, 404);
    return { yes: info.yes, no: info.no };
  }

  async getOrderBook(marketId: string): Promise<OrderBook> {
    const t = await this.tokensOf('getOrderBook', marketId);
    const r = probableRequests.book(t.yes);
    const body = this.checked(r, await this.orderbook.getJson<ProbableBookWire>('getOrderBook', r.path, r.query));
    return normaliseBook(marketId, t.yes, body, { fetchedAt: this.now() });
  }

  /** Public trades of the YES token (the endpoint has no time filter: the range is applied here), newest first. */
  async getTrades(marketId: string, range: TimeRange & { limit?: number } = {}): Promise<Trade[]> {
    const t = await this.tokensOf('getTrades', marketId);
    const want = Math.min(Math.max(range.limit ?? 100, 1), 1_000);
    const ranged = range.start !== undefined || range.end !== undefined;
    const r = probableRequests.trades({ tokenId: t.yes, limit: ranged ? 1_000 : want });
    const body = this.checked(r, await this.orderbook.getJson<ProbableTradeWire[] | { data?: ProbableTradeWire[] }>('getTrades', r.path, r.query));
    const rows = Array.isArray(body) ? body : (body?.data ?? []);
    noteTradeShape(rows);
    const startMs = range.start ? Date.parse(range.start) : -Infinity;
    const endMs = range.end ? Date.parse(range.end) : Infinity;
    return rows
      .map((row) => normaliseTrade(row, { marketId, yesToken: t.yes, noToken: t.no }))
      .filter((tr) => {
        const ts = Date.parse(tr.timestamp);
        return ts >= startMs && ts <= endMs;
      })
      .sort((a, b) => b.timestamp.localeCompare(a.timestamp))
      .slice(0, want);
  }

  async getPriceHistory(marketId: string, q: TimeRange & { interval?: PriceInterval } = {}): Promise<PricePoint[]> {
    const t = await this.tokensOf('getPriceHistory', marketId);
    const interval = q.interval ?? '1h';
    const endMs = q.end ? Date.parse(q.end) : this.orderbook.opts.now();
    const startMs = q.start ? Date.parse(q.start) : endMs - DEFAULT_SPAN_MS[interval];
    const r = probableRequests.priceHistory({ tokenId: t.yes, startTs: Math.floor(startMs / 1000), endTs: Math.floor(endMs / 1000), fidelity: FIDELITY_MINUTES[interval] });
    const body = this.checked(r, await this.orderbook.getJson<Parameters<typeof normalisePriceHistory>[0]>('getPriceHistory', r.path, r.query));
    return normalisePriceHistory(body ?? { history: [] });
  }
}

export function createProbableAdapter(cfg?: AdapterConfig): ProbableAdapter {
  return new ProbableAdapter(cfg);
}
