// GET /api/v1/svc/{svc_id}/prices: every member's YES price on one time grid, for plotting the venues
// side by side. A member's series is the recorder's candles where it recorded trades in the range,
// else the venue's own price history (through the market-data service: its cache, deadline and
// errors); a member whose venue has neither, or whose read fails, gets an empty series saying why,
// and the others are still served. Values are the price at the end of each grid period, carried
// forward over periods without a new price (null before the first).
import type { ClusterReader } from '../matching/cluster-reader.js';
import type { MarketDataService } from '../market-data/market-data-service.js';
import type { RecordedStore } from '../recorder/recorded-store.js';
import { isExchangeCode } from '../venues/exchanges.js';

export const PRICE_INTERVALS = { '1m': 60_000, '1h': 3_600_000, '1d': 86_400_000 } as const;
export type PriceInterval = keyof typeof PRICE_INTERVALS;
/** Without `start`, this far back from `end` (a day of minutes, a week of hours, 90 days). */
export const DEFAULT_PRICE_SPAN_MS: Record<PriceInterval, number> = { '1m': 86_400_000, '1h': 7 * 86_400_000, '1d': 90 * 86_400_000 };
/** Most grid points one request may ask for. */
export const MAX_GRID_POINTS = 2_000;

export interface MemberSeries {
  exchange: string;
  market_id: string;
  source: 'recorded' | 'venue' | 'none';
  /** Why the series is empty (source none). */
  note: string | null;
  prices: (number | null)[];
}

export interface ClusterPrices {
  svc_id: string;
  merged_into: string | null;
  interval: PriceInterval;
  /** The grid: the start of each period (ISO), oldest first. */
  timestamps: string[];
  series: MemberSeries[];
}

export class PriceSeriesError extends Error {}

export class PriceSeriesService {
  constructor(
    private readonly deps: { clusters: ClusterReader; marketData: MarketDataService; recorded: RecordedStore; now: () => number },
  ) {}

  /** Null when the svc_id is unknown. */
  async prices(svcId: string, q: { start?: string; end?: string; interval: PriceInterval }): Promise<ClusterPrices | null> {
    const step = PRICE_INTERVALS[q.interval];
    const endMs = q.end ? Date.parse(q.end) : this.deps.now();
    const startMs = q.start ? Date.parse(q.start) : endMs - DEFAULT_PRICE_SPAN_MS[q.interval];
    if (startMs > endMs) throw new PriceSeriesError('start: must not be after end');
    const first = Math.ceil(startMs / step) * step;
    const points = Math.floor((endMs - first) / step) + 1;
    if (points > MAX_GRID_POINTS) throw new PriceSeriesError(`interval: ${points} points of ${q.interval} from start to end; at most ${MAX_GRID_POINTS} (a larger interval or a shorter range)`);
    const cluster = await this.deps.clusters.bySvcId(svcId);
    if (!cluster) return null;
    const grid = Array.from({ length: Math.max(0, points) }, (_, i) => first + i * step);
    const series = await Promise.all(cluster.members.map((m) => this.memberSeries(m.exchange, m.market_id, grid, step, startMs, endMs, q.interval)));
    return { svc_id: cluster.svc_id, merged_into: cluster.merged_into, interval: q.interval, timestamps: grid.map((t) => new Date(t).toISOString()), series };
  }

  private async memberSeries(exchange: string, marketId: string, grid: number[], step: number, startMs: number, endMs: number, interval: PriceInterval): Promise<MemberSeries> {
    const base = { exchange, market_id: marketId };
    const recorded = await this.deps.recorded.candles(exchange, marketId, step / 1000, Math.floor(startMs / step) * step, endMs, MAX_GRID_POINTS + 1);
    if (recorded.length > 0) {
      // a candle is stamped with its period's start; its close is the price at the period's end
      return { ...base, source: 'recorded', note: null, prices: onGrid(recorded.map((c) => ({ ts: c.ts, price: c.close })), grid, step) };
    }
    if (!isExchangeCode(exchange)) return { ...base, source: 'none', note: `unknown venue ${exchange}`, prices: grid.map(() => null) };
    try {
      const points = await this.deps.marketData.prices(exchange, marketId, { start: new Date(startMs).toISOString(), end: new Date(endMs).toISOString(), interval });
      // a venue's point is stamped when the price was seen: it holds from its own period on
      return { ...base, source: 'venue', note: null, prices: onGrid(points.map((p) => ({ ts: Math.floor(Date.parse(p.timestamp) / step) * step, price: p.price })), grid, step) };
    } catch (err) {
      return { ...base, source: 'none', note: (err as Error).message, prices: grid.map(() => null) };
    }
  }
}

/** The price of each grid period: the last price stamped in it or before it (carried forward); null before the first. */
export function onGrid(points: { ts: number; price: number }[], grid: number[], step: number): (number | null)[] {
  const sorted = [...points].sort((a, b) => a.ts - b.ts);
  const out: (number | null)[] = [];
  let i = 0;
  let last: number | null = null;
  for (const t of grid) {
    while (i < sorted.length && sorted[i].ts < t + step) last = sorted[i++].price;
    out.push(last);
  }
  return out;
}
