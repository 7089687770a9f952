/**
 * Kalshi RFQs as the API serves them: by id, by market (a known market), and by UTC day of creation
 * (the venue lists newest first without a date filter: pages are read until they pass the day).
 */
import { KalshiRfqClient, type Rfq } from '../venues/kalshi/rfqs.js';
import { VenueError } from '../venues/http-client.js';
import { LiveReadError, MarketDataNotFoundError } from './errors.js';
import type { MarketDataService } from './market-data-service.js';

const DAY_MS = 86_400_000;
/** Venue pages read at most for one page of a day's RFQs. */
const MAX_SCAN_PAGES = 20;

export class RfqService {
  constructor(
    private readonly client: KalshiRfqClient,
    private readonly marketData: MarketDataService,
  ) {}

  private async call<T>(what: string, fn: () => Promise<T>, notFound?: string): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof VenueError && err.notFound && notFound) throw new MarketDataNotFoundError(notFound);
      if (err instanceof VenueError) throw new LiveReadError('kalshi', what, err);
      throw err;
    }
  }

  rfq(id: string): Promise<Rfq> {
    return this.call('rfqs', () => this.client.rfq(id), `unknown kalshi rfq: ${id}`);
  }

  async byMarket(marketId: string, q: { limit: number; cursor?: string }): Promise<{ rfqs: Rfq[]; cursor: string | null }> {
    await this.marketData.findMarket('kalshi', marketId);
    return this.call('rfqs', () => this.client.list({ marketId, limit: q.limit, cursor: q.cursor }));
  }

  /** RFQs created on a UTC day, newest first; the cursor is the venue's, to continue the scan. */
  async byDate(date: string, q: { limit: number; cursor?: string }): Promise<{ rfqs: Rfq[]; cursor: string | null }> {
    const start = Date.parse(`${date}T00:00:00Z`);
    const out: Rfq[] = [];
    let cursor = q.cursor ?? null;
    for (let i = 0; i < MAX_SCAN_PAGES; i++) {
      const page = await this.call('rfqs', () => this.client.list({ limit: 100, cursor: cursor ?? undefined }));
      for (const r of page.rfqs) {
        const t = Date.parse(r.created_at);
        if (t >= start && t < start + DAY_MS) out.push(r);
      }
      const passed = page.rfqs.length > 0 && Date.parse(page.rfqs[page.rfqs.length - 1].created_at) < start;
      cursor = page.cursor;
      if (passed || !cursor || out.length >= q.limit) return { rfqs: out, cursor: passed ? null : cursor };
    }
    return { rfqs: out, cursor };
  }
}
