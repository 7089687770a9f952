/**
 * Reads of recorded market data (src/recorder's tables) as the API serves them: book snapshots in a
 * range, raw deltas, the best bid/ask series, and book analytics (of the venue's live book). Every
 * read first makes sure the venue has the operation and knows the market (404s naming either), then
 * pages through the recorded rows by (timestamp, sequence), oldest first.
 */
import type { RangeQuery, RecordedStore, SeriesKey, StoredDelta, StoredSnapshot, StoredTop } from '../recorder/recorded-data-repository.js';
import type { ExchangeCode } from '../venues/exchanges.js';
import { analyseBook, type BookAnalytics } from './book-analytics.js';
import { MarketDataNotFoundError } from './errors.js';
import type { MarketDataService } from './market-data-service.js';

/** Venues whose raw book deltas are recorded (their streams send level changes; the others send whole books or are polled). */
export const DELTA_VENUES: readonly ExchangeCode[] = ['kalshi', 'polymarket'];

/** Without `start`, a range reaches this far back from its end. */
export const DEFAULT_RANGE_MS = 86_400_000;

export interface SeriesQuery {
  start?: string;
  end?: string;
  limit: number;
  after?: SeriesKey;
}

export interface SeriesPage<T> {
  items: T[];
  next: SeriesKey | null;
}

export class RecordedDataService {
  constructor(
    private readonly marketData: MarketDataService,
    private readonly store: RecordedStore,
    private readonly now: () => number = Date.now,
  ) {}

  /** 404 unless the venue has order books (bbo, analytics, recorded snapshots). */
  withBooks(exchange: ExchangeCode, operation: string): void {
    const a = this.marketData.venue(exchange);
    if (!a.capabilities.reads.orderbook) throw new MarketDataNotFoundError(`${exchange} has no ${operation} operation`);
  }

  withDeltas(exchange: ExchangeCode): void {
    this.marketData.venue(exchange);
    if (!DELTA_VENUES.includes(exchange)) throw new MarketDataNotFoundError(`${exchange} has no deltas operation`);
  }

  /** [start, end] in epoch ms: end defaults to now, start to a day before end. */
  range(q: { start?: string; end?: string }): { startMs: number; endMs: number } {
    const endMs = q.end ? Date.parse(q.end) : this.now();
    const startMs = q.start ? Date.parse(q.start) : endMs - DEFAULT_RANGE_MS;
    return { startMs, endMs };
  }

  /** One page of a recorded series of a known market: one row more than asked tells whether another page follows. */
  private async page<T extends SeriesKey>(exchange: ExchangeCode, marketId: string, q: SeriesQuery, read: (rq: RangeQuery) => Promise<T[]>): Promise<SeriesPage<T>> {
    await this.marketData.findMarket(exchange, marketId);
    const { startMs, endMs } = this.range(q);
    const rows = await read({ exchange, marketId, startMs, endMs, limit: q.limit + 1, after: q.after });
    const items = rows.slice(0, q.limit);
    const last = items[items.length - 1];
    return { items, next: rows.length > q.limit && last ? { ts: last.ts, seq: last.seq } : null };
  }

  async snapshots(exchange: ExchangeCode, marketId: string, q: SeriesQuery): Promise<SeriesPage<StoredSnapshot>> {
    this.withBooks(exchange, 'orderbook');
    return this.page(exchange, marketId, q, (rq) => this.store.snapshots(rq));
  }

  async deltas(exchange: ExchangeCode, marketId: string, q: SeriesQuery): Promise<SeriesPage<StoredDelta>> {
    this.withDeltas(exchange);
    return this.page(exchange, marketId, q, (rq) => this.store.deltas(rq));
  }

  async bbo(exchange: ExchangeCode, marketId: string, q: SeriesQuery): Promise<SeriesPage<StoredTop>> {
    this.withBooks(exchange, 'bbo');
    return this.page(exchange, marketId, q, (rq) => this.store.tops(rq));
  }

  /** Analytics of the venue's current book. */
  async analytics(exchange: ExchangeCode, marketId: string): Promise<BookAnalytics & { timestamp: string }> {
    this.withBooks(exchange, 'analytics');
    const book = await this.marketData.orderBook(exchange, marketId);
    return { ...analyseBook(book.bids, book.asks), timestamp: book.timestamp };
  }
}
