/**
 * Kalshi parlay (combo, multivariate) trades of a time range, as the API serves them: newest first,
 * paged by a scan position (src/venues/kalshi/parlays.ts).
 *
 * Read from the venue (its live and historical tiers), not from the recorder: the catalog leaves combo markets out (the sync lists
 * markets with `mve_filter=exclude`: tens of thousands of combos, nearly all without a trade), so the
 * recorder, which records markets of the catalog, never holds their trades; the venue's trade list
 * holds every one of them.
 */
import { VenueError } from '../venues/http-client.js';
import type { KalshiParlayTrades, ParlayTrade, ScanPosition } from '../venues/kalshi/parlays.js';
import { LiveReadError, MarketDataBadRequestError, MarketDataNotFoundError } from './errors.js';

/**
 * Venue trade pages (1000 trades each) read at most for one page of ours: bounds the time and venue
 * budget one request spends on a range with few combo trades (the page then holds fewer than `limit`,
 * with a cursor to go on).
 */
export const PARLAY_SCAN_PAGES = 10;

export class ParlayTradeService {
  /** `venue`: null when this service runs without Kalshi (every read is then a 404 naming it). */
  constructor(
    private readonly venue: KalshiParlayTrades | null,
    readonly now: () => number = Date.now,
    private readonly maxScanPages = PARLAY_SCAN_PAGES,
  ) {}

  async trades(q: { startMs: number; endMs: number; limit: number; from?: ScanPosition }): Promise<{ trades: ParlayTrade[]; next: ScanPosition | null }> {
    const venue = this.venue;
    if (!venue) throw new MarketDataNotFoundError('exchange kalshi is not available (no adapter registered)');
    try {
      const r = await venue.scan({ startMs: q.startMs, endMs: q.endMs, limit: q.limit, from: q.from, maxPages: this.maxScanPages });
      return { trades: r.trades, next: r.next };
    } catch (err) {
      // The venue refusing a cursor we handed out (expired on its side): the client's cursor is no good.
      if (err instanceof VenueError && err.status === 400 && q.from?.venueCursor) throw new MarketDataBadRequestError('cursor: invalid cursor (the venue no longer accepts it; start again without one)');
      // The venue failing, or answering what cannot be read: 502/503/504 (src/http/market-data-errors.ts).
      throw new LiveReadError('kalshi', 'parlays', err);
    }
  }
}
