// Clusters with priced members for the cross-venue tests, written as the service's own writers leave
// them: the markets through the catalog writer (with the time of their last sync), the cluster in the
// matching tables, the recorder's top of book and one-minute candles in its tables.
import type pg from 'pg';
import { PartitionManager } from '../../src/recorder/partitions.js';
import { seedCatalogMarkets, type SeedMarket } from '../../scripts/lib/catalog-seed.js';

export async function seedCluster(pool: pg.Pool, svcId: string, title: string, confidence: number, category: string, members: SeedMarket[]): Promise<void> {
  const clusterId = svcId.replace('svc_', 'clu_');
  await seedCatalogMarkets(pool, members.map((m) => ({ ...m, svc_id: svcId, cluster_id: clusterId })));
  await pool.query(
    `INSERT INTO match_clusters (cluster_id, svc_id, title, canonical_exchange, canonical_market_id, category, close_time, confidence) VALUES ($1, $2, $3, $4, $5, $6, now() + interval '30 days', $7)`,
    [clusterId, svcId, title, members[0].exchange, members[0].market_id, category, confidence],
  );
  for (const m of members) {
    await pool.query(`INSERT INTO match_cluster_members (exchange, market_id, cluster_id, confidence, method, reasons) VALUES ($1, $2, $3, $4, 'judge', '{same question}')`, [m.exchange, m.market_id, clusterId, confidence]);
  }
}

export async function recordTop(pool: pg.Pool, exchange: string, marketId: string, bid: number, ask: number, tsMs = Date.now()): Promise<void> {
  await new PartitionManager(pool, { retentionDays: 7, aheadDays: 1 }).ensureDay(tsMs);
  await pool.query('INSERT INTO recorded_top_of_book (exchange, market_id, ts, best_bid, best_ask) VALUES ($1, $2, $3, $4, $5)', [exchange, marketId, new Date(tsMs).toISOString(), bid, ask]);
}

/** A recorded one-minute candle whose close is `close` (the prices route's recorded source). */
export async function recordCandle(pool: pg.Pool, exchange: string, marketId: string, tsMs: number, close: number): Promise<void> {
  await new PartitionManager(pool, { retentionDays: 7, aheadDays: 1 }).ensureDay(tsMs);
  await pool.query(
    `INSERT INTO recorded_candles_1m (exchange, market_id, ts, open, high, low, close, volume, trades, open_ts, close_ts) VALUES ($1, $2, $3, $4, $4, $4, $4, 1, 1, $3, $3)`,
    [exchange, marketId, new Date(tsMs).toISOString(), close],
  );
}
