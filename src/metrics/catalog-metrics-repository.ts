// What the operator's metrics read of the catalog: per venue, markets by status (tombstones as
// `removed`) and when its newest change was written. One grouped pass over `markets`: callers cache
// it (src/metrics/service-metrics.ts), it is never run per scrape.
import type pg from 'pg';

export interface VenueStatusCount {
  exchange: string;
  /** open | upcoming | closed | resolved | halted, or removed for a tombstone */
  status: string;
  markets: number;
  /** When the newest of these markets was last written by a sync (null when none). */
  newestChangeAt: Date | null;
}

export class CatalogMetricsRepository {
  constructor(private readonly pool: pg.Pool) {}

  async venueStatusCounts(): Promise<VenueStatusCount[]> {
    const { rows } = await this.pool.query<{ exchange: string; status: string; markets: number; newest: Date | null }>(
      `SELECT exchange, CASE WHEN removed THEN 'removed' ELSE status END AS status, count(*)::int AS markets, max(updated_at) AS newest
       FROM markets GROUP BY 1, 2`,
    );
    return rows.map((r) => ({ exchange: r.exchange, status: r.status, markets: r.markets, newestChangeAt: r.newest }));
  }
}
