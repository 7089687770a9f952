/**
 * PredictIt adapter (read-only; x9 offers market, markets and prices). PredictIt publishes one
 * public snapshot of every open market (`/api/marketdata/all/`, refreshed about once a minute, no
 * paging), one market (`/api/marketdata/markets/{id}`), and an undocumented web chart endpoint
 * (`/api/Public/GetMarketChartData/{id}?timespan=24h|7d|30d|90d&maxContracts=&showHidden=true`) that
 * is the only price history it has. Each contract is one binary market (docs/api-contract.md §1).
 *
 * Paging is done here: the snapshot is fetched once per listing and cut into pages ordered by
 * (market id, contract id); the cursor names the last contract of a page, so a resumed listing
 * starts right after it even if the snapshot changed in between.
 */
import { checkWire } from '../wire.js';
import { PredictItAllSchema, PredictItChartSchema, PredictItMarketSchema } from './wire.js';
import { paginate, type ListMarketsOptions, type MarketPage, type PriceInterval, type TimeRange, type VenueAdapter } from '../adapter.js';
import { capabilitiesOf } from '../descriptor.js';
import { predictitFacts } from './facts.js';
import { resolveBaseUrls, type AdapterConfig } from '../adapter-config.js';
import { normaliseListingPage } from '../listing.js';
import { VenueError, VenueHttpClient, type Query } from '../http-client.js';
import { makePricePoint, type Market, type PricePoint } from '../records.js';
import { easternToIsoOrNull, normaliseChart, normaliseContract, normaliseEvent, type PredictItChartRowWire, type PredictItContractWire, type PredictItMarketWire } from './normalise.js';

export const PREDICTIT_DEFAULT_BASE_URLS = predictitFacts.baseUrls;

export type PredictItTimespan = '24h' | '7d' | '30d' | '90d';

type Req = { path: string; query?: Query };

/** Every request the adapter makes, as (path, query): pinned by the static request tests. */
export const predictitRequests = {
  all: (): Req => ({ path: '/marketdata/all/' }),
  market: (marketId: number | string): Req => ({ path: `/marketdata/markets/${encodeURIComponent(String(marketId))}` }),
  chart: (o: { marketId: number | string; timespan: PredictItTimespan; maxContracts: number }): Req => ({
    path: `/Public/GetMarketChartData/${encodeURIComponent(String(o.marketId))}`,
    query: { timespan: o.timespan, maxContracts: o.maxContracts, showHidden: true },
  }),
};

const DAY = 86_400_000;
const INTERVAL_MS: Record<PriceInterval, number> = { '1m': 60_000, '1h': 3_600_000, '1d': DAY };

/** The shortest chart timespan that reaches back to `startMs`. */
export function timespanFor(startMs: number, nowMs: number): PredictItTimespan {
  const back = nowMs - startMs;
  if (back <= DAY) return '24h';
  if (back <= 7 * DAY) return '7d';
  if (back <= 30 * DAY) return '30d';
  return '90d';
}

/** Contract cursor: `<market id>:<contract id>` of the last contract of a page. */
function encodeCursor(marketId: number, contractId: number): string {
  return `${marketId}:${contractId}`;
}
function decodeCursor(c: string): [number, number] {
  const m = /^(\d+):(\d+)$/.exec(c);
  if (!m) throw new Error(`predictit: invalid cursor ${JSON.stringify(c)}`);
  return [Number(m[1]), Number(m[2])];
}

/** Keeps the last point of every `stepMs` bucket (the venue's resolution can be finer than asked for). */
function downsample(points: PricePoint[], stepMs: number): PricePoint[] {
  const out = new Map<number, PricePoint>();
  for (const p of points) out.set(Math.floor(Date.parse(p.timestamp) / stepMs), p);
  return [...out.values()];
}

export class PredictItAdapter implements VenueAdapter {
  readonly exchange = 'predictit' as const;
  readonly capabilities = capabilitiesOf(predictitFacts);
  readonly baseUrls: typeof PREDICTIT_DEFAULT_BASE_URLS;
  readonly http: VenueHttpClient;
  /** Contract id -> PredictIt market id, learnt from every snapshot (contracts carry no parent id). */
  private readonly parentOf = new Map<number, number>();

  constructor(cfg: AdapterConfig = {}) {
    this.baseUrls = resolveBaseUrls(PREDICTIT_DEFAULT_BASE_URLS, cfg.baseUrls);
    // The feed refreshes once a minute; there is nothing to gain from asking often.
    this.http = new VenueHttpClient({ exchange: 'predictit', baseUrl: this.baseUrls.rest, rateLimit: predictitFacts.limits.rate.rest, ...cfg.http });
  }

  private now(): string {
    return new Date(this.http.opts.now()).toISOString();
  }

  private learn(markets: PredictItMarketWire[]): void {
    if (this.parentOf.size > 100_000) this.parentOf.clear();
    for (const m of markets) for (const c of m.contracts ?? []) this.parentOf.set(c.id, m.id);
  }

  private async snapshot(call: string, signal?: AbortSignal): Promise<PredictItMarketWire[]> {
    const r = predictitRequests.all();
    const body = await this.http.getJson<{ markets?: PredictItMarketWire[] }>(call, r.path, r.query, signal);
    checkWire(PredictItAllSchema, body, { exchange: 'predictit', endpoint: 'GET /marketdata/all/' });
    if (!body || !Array.isArray(body.markets)) throw new VenueError('predictit', call, 'parse', 'expected { markets: [...] }');
    this.learn(body.markets);
    return body.markets;
  }

  listMarkets(opts: ListMarketsOptions = {}): AsyncIterable<MarketPage> {
    const pageSize = Math.min(Math.max(opts.pageSize ?? 500, 1), 5_000);
    let ordered: { market: PredictItMarketWire; contract: PredictItContractWire }[] | null = null;
    return paginate<MarketPage>(opts.cursor, async (cursor) => {
      if (!ordered) {
        const markets = await this.snapshot('listMarkets', opts.signal);
        ordered = markets
          .filter((m) => typeof m?.id === 'number' && Array.isArray(m.contracts))
          .flatMap((market) => market.contracts.map((contract) => ({ market, contract })))
          .sort((a, b) => a.market.id - b.market.id || a.contract.id - b.contract.id);
      }
      let start = 0;
      if (cursor) {
        const [mid, cid] = decodeCursor(cursor);
        start = ordered.findIndex((x) => x.market.id > mid || (x.market.id === mid && x.contract.id > cid));
        if (start < 0) start = ordered.length;
      }
      const slice = ordered.slice(start, start + pageSize);
      const fetchedAt = this.now();
      const { markets, events, skipped } = normaliseListingPage(
        slice,
        ({ market, contract }, page) => {
          const m = normaliseContract(market, contract, { fetchedAt });
          if (opts.status === 'open' && m.status !== 'open' && m.status !== 'upcoming') return;
          page.markets.push(m);
          page.addEventOnce(String(market.id), () => normaliseEvent(market, { fetchedAt }));
        },
        ({ contract }) => (contract?.id !== undefined ? String(contract.id) : null),
      );
      const last = slice[slice.length - 1];
      const more = start + pageSize < ordered.length;
      return { markets, events, cursor: more && last ? encodeCursor(last.market.id, last.contract.id) : null, rawCount: slice.length, skipped };
    });
  }

  /** The PredictIt market holding a contract: by its known parent first, else from the full snapshot. */
  private async marketOf(call: string, contractId: string): Promise<{ market: PredictItMarketWire; contract: PredictItContractWire } | null> {
    if (!/^\d{1,12}$/.test(contractId)) return null;
    const cid = Number(contractId);
    const parent = this.parentOf.get(cid);
    if (parent !== undefined) {
      const r = predictitRequests.market(parent);
      const market = await this.http.getJsonOrNull<PredictItMarketWire | null>(call, r.path, r.query);
      if (market) checkWire(PredictItMarketSchema, market, { exchange: 'predictit', endpoint: 'GET /marketdata/markets/{id}' });
      if (market && Array.isArray(market.contracts)) {
        this.learn([market]);
        const contract = market.contracts.find((c) => c.id === cid);
        if (contract) return { market, contract };
      }
    }
    for (const market of await this.snapshot(call)) {
      const contract = market.contracts?.find((c) => c.id === cid);
      if (contract) return { market, contract };
    }
    return null;
  }

  async getMarket(marketId: string): Promise<Market | null> {
    const found = await this.marketOf('getMarket', marketId);
    return found ? normaliseContract(found.market, found.contract, { fetchedAt: this.now() }) : null;
  }

  /**
   * YES close prices of the contract from the chart endpoint (the venue's only history), within the
   * range, oldest first, at most one point per `interval`. The venue picks the resolution from the
   * timespan (finer for 24h, daily for 30d/90d); nothing older than 90 days exists. When the chart has
   * no row for the contract, the current last trade price is served as one point at the snapshot time
   * (if that time is in the range): that is all the venue has.
   */
  async getPriceHistory(marketId: string, q: TimeRange & { interval?: PriceInterval } = {}): Promise<PricePoint[]> {
    const found = await this.marketOf('getPriceHistory', marketId);
    if (!found) throw new VenueError('predictit', 'getPriceHistory', 'http', `contract ${marketId} not found`, 404);
    const nowMs = this.http.opts.now();
    const interval = q.interval ?? '1h';
    const endMs = q.end ? Date.parse(q.end) : nowMs;
    const startMs = q.start ? Date.parse(q.start) : endMs - 7 * DAY;
    const r = predictitRequests.chart({ marketId: found.market.id, timespan: timespanFor(startMs, nowMs), maxContracts: Math.max(1, found.market.contracts.length) });
    const rows = await this.http.getJson<PredictItChartRowWire[] | null>('getPriceHistory', r.path, r.query);
    checkWire(PredictItChartSchema, rows, { exchange: 'predictit', endpoint: 'GET /Public/GetMarketChartData/{id}' });
    const all = normaliseChart(Array.isArray(rows) ? rows : [], found.contract);
    const inRange = all.filter((p) => {
      const t = Date.parse(p.timestamp);
      return t >= startMs && t <= endMs;
    });
    if (all.length === 0 && found.contract.lastTradePrice !== null) {
      const at = easternToIsoOrNull(found.market.timeStamp, 'timeStamp') ?? new Date(nowMs).toISOString();
      const t = Date.parse(at);
      return t >= startMs && t <= endMs ? [makePricePoint({ timestamp: at, price: found.contract.lastTradePrice }, 'predictit')] : [];
    }
    return downsample(inRange, INTERVAL_MS[interval]);
  }
}

export function createPredictItAdapter(cfg?: AdapterConfig): PredictItAdapter {
  return new PredictItAdapter(cfg);
}
