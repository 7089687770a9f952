/**
 * Manifold Markets adapter (read-only; x8 offers market, markets and tradehistory): `/v0/markets`
 * with its `before=<market id>` cursor, `/v0/market/{id}` (the FullMarket, with answers and
 * description), and `/v0/bets` (trades) with `before=<bet id>` paging and ms time bounds.
 * Requests are built by `manifoldRequests` so tests can pin paths and query strings.
 */
import { checkWire } from '../wire.js';
import { ManifoldBetsSchema, ManifoldLiteMarketSchema, ManifoldMarketsSchema } from './wire.js';
import { paginate, type ListMarketsOptions, type MarketPage, type TimeRange, type VenueAdapter } from '../adapter.js';
import { capabilitiesOf } from '../descriptor.js';
import { manifoldFacts } from './facts.js';
import { resolveBaseUrls, type AdapterConfig } from '../adapter-config.js';
import { normaliseListingPage } from '../listing.js';
import { VenueError, VenueHttpClient, type Query } from '../http-client.js';
import type { Market, Trade } from '../records.js';
import { normaliseBet, normaliseMarket, type ManifoldBetWire, type ManifoldMarketWire } from './normalise.js';

export const MANIFOLD_DEFAULT_BASE_URLS = manifoldFacts.baseUrls;

/** Documented maxima: `/markets` and `/bets` return at most 1000 per call. */
export const MANIFOLD_MAX_MARKETS_PAGE = manifoldFacts.limits.page.markets;
export const MANIFOLD_MAX_BETS_PAGE = manifoldFacts.limits.page.trades;
const DEFAULT_MARKETS_PAGE = 500;

type Req = { path: string; query?: Query };

/** Every request the adapter makes, as (path, query): pinned by the static request tests. */
export const manifoldRequests = {
  markets: (o: { before?: string | null; limit: number; updatedSince?: string }): Req => ({
    path: '/markets',
    // Default order is created-time desc; a delta sync walks updated-time desc and stops at the cut-off.
    query: { limit: o.limit, sort: o.updatedSince ? 'updated-time' : undefined, order: o.updatedSince ? 'desc' : undefined, before: o.before || undefined },
  }),
  market: (id: string): Req => ({ path: `/market/${encodeURIComponent(id)}` }),
  bets: (o: { contractId: string; limit: number; before?: string | null; startMs?: number; endMs?: number }): Req => ({
    path: '/bets',
    // afterTime/beforeTime are exclusive bounds; the adapter's range is inclusive.
    query: {
      contractId: o.contractId,
      limit: o.limit,
      before: o.before || undefined,
      afterTime: o.startMs !== undefined ? o.startMs - 1 : undefined,
      beforeTime: o.endMs !== undefined ? o.endMs + 1 : undefined,
    },
  }),
};

export class ManifoldAdapter implements VenueAdapter {
  readonly exchange = 'manifold' as const;
  readonly capabilities = capabilitiesOf(manifoldFacts);
  readonly baseUrls: typeof MANIFOLD_DEFAULT_BASE_URLS;
  readonly http: VenueHttpClient;

  constructor(cfg: AdapterConfig = {}) {
    this.baseUrls = resolveBaseUrls(MANIFOLD_DEFAULT_BASE_URLS, cfg.baseUrls);
    // Documented limit: 500 requests per minute per IP.
    this.http = new VenueHttpClient({ exchange: 'manifold', baseUrl: this.baseUrls.rest, rateLimit: manifoldFacts.limits.rate.rest, ...cfg.http });
  }

  private now(): string {
    return new Date(this.http.opts.now()).toISOString();
  }

  /**
   * Lists LiteMarkets newest first (or, with `updatedSince`, most recently updated first until the
   * cut-off). Manifold cannot filter by status, so `status: 'open'` lists everything. The cursor is the
   * id of the page's last market, exactly the venue's `before` parameter.
   */
  listMarkets(opts: ListMarketsOptions = {}): AsyncIterable<MarketPage> {
    const limit = Math.min(Math.max(opts.pageSize ?? DEFAULT_MARKETS_PAGE, 1), MANIFOLD_MAX_MARKETS_PAGE);
    const sinceMs = opts.updatedSince ? Date.parse(opts.updatedSince) : null;
    return paginate<MarketPage>(opts.cursor, async (cursor) => {
      const r = manifoldRequests.markets({ before: cursor, limit, updatedSince: opts.updatedSince });
      const body = await this.http.getJson<ManifoldMarketWire[]>('listMarkets', r.path, r.query, opts.signal);
      checkWire(ManifoldMarketsSchema, body, { exchange: 'manifold', endpoint: 'GET /markets' });
      if (!Array.isArray(body)) throw new VenueError('manifold', 'listMarkets', 'parse', 'expected an array of markets');
      const fetchedAt = this.now();
      // Newest first: the first market changed before the cut-off ends the listing, itself excluded.
      const cutoff = sinceMs === null ? -1 : body.findIndex((raw) => typeof raw?.lastUpdatedTime === 'number' && raw.lastUpdatedTime < sinceMs);
      const reachedCutoff = cutoff >= 0;
      const { markets, skipped } = normaliseListingPage(
        reachedCutoff ? body.slice(0, cutoff) : body,
        (raw, page) => void page.markets.push(normaliseMarket(raw, { fetchedAt })),
        (raw) => (typeof raw?.id === 'string' ? raw.id : null),
      );
      const last = body[body.length - 1];
      const more = !reachedCutoff && body.length >= limit && typeof last?.id === 'string';
      return { markets, events: [], cursor: more ? last.id : null, rawCount: body.length, skipped };
    });
  }

  async getMarket(marketId: string): Promise<Market | null> {
    const r = manifoldRequests.market(marketId);
    const body = await this.http.getJsonOrNull<ManifoldMarketWire>('getMarket', r.path, r.query);
    if (body) checkWire(ManifoldLiteMarketSchema, body, { exchange: 'manifold', endpoint: 'GET /market/{id}' });
    if (!body || typeof body.id !== 'string') return null;
    return normaliseMarket(body, { fetchedAt: this.now() });
  }

  /** Bets of the market within the range as trades (YES terms), newest first. */
  async getTrades(marketId: string, range: TimeRange & { limit?: number } = {}): Promise<Trade[]> {
    const want = Math.min(Math.max(range.limit ?? 100, 1), 10_000);
    const startMs = range.start ? Date.parse(range.start) : undefined;
    const endMs = range.end ? Date.parse(range.end) : undefined;
    const out: Trade[] = [];
    let before: string | null = null;
    for (let page = 0; page < 50; page++) {
      const limit: number = Math.min(MANIFOLD_MAX_BETS_PAGE, Math.max(want - out.length, 1) + 20);
      const r = manifoldRequests.bets({ contractId: marketId, limit, before, startMs, endMs });
      const rows = await this.http.getJson<ManifoldBetWire[]>('getTrades', r.path, r.query);
      checkWire(ManifoldBetsSchema, rows, { exchange: 'manifold', endpoint: 'GET /bets' });
      if (!Array.isArray(rows)) throw new VenueError('manifold', 'getTrades', 'parse', 'expected an array of bets');
      // The venue answers an unknown market with an empty list: tell that apart from "no bets yet".
      if (page === 0 && rows.length === 0 && !(await this.getMarket(marketId))) {
        throw new VenueError('manifold', 'getTrades', 'http', `market ${marketId} not found`, 404);
      }
      for (const row of rows) {
        const t = normaliseBet(row);
        if (t) out.push(t);
      }
      if (rows.length < limit || out.length >= want) break;
      before = rows[rows.length - 1].id;
    }
    return out.sort((a, b) => b.timestamp.localeCompare(a.timestamp)).slice(0, want);
  }
}

export function createManifoldAdapter(cfg?: AdapterConfig): ManifoldAdapter {
  return new ManifoldAdapter(cfg);
}
