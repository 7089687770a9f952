// The SQL of the cross-venue listing: clusters with their members' catalog prices (the stored prices
// of the last sync), filtered where the database does it best (category, confidence, words), and the
// listing snapshots its cursors name (migration 140).
import type pg from 'pg';

export interface ClusterFilterSql {
  category?: string;
  minConfidence?: number;
  /** Every word (English stems) in the cluster's title or a member's title. */
  q?: string;
  /** Only these clusters (a cursor's page). */
  svcIds?: readonly string[];
}

/** One member of a cluster with the catalog's copy of its prices. */
export interface MemberRow {
  exchange: string;
  market_id: string;
  title: string;
  url: string | null;
  /** null when the catalog no longer holds the market (removed or never synced). */
  status: string | null;
  yes_bid: number | null;
  yes_ask: number | null;
  last_price: number | null;
  volume: number | null;
  /** When the sync last refreshed the market's data (epoch ms). */
  synced_at: number | null;
}

export interface ClusterRow {
  cluster_id: string;
  svc_id: string;
  title: string;
  category: string;
  close_time: string | null;
  confidence: number;
  updated_at: string;
  members: MemberRow[];
}

type Joined = {
  cluster_id: string; svc_id: string; title: string; category: string; close_time: Date | null; confidence: number; updated_at: Date;
  exchange: string; market_id: string; market_title: string | null; url: string | null; status: string | null; removed: boolean | null;
  yes_bid: number | null; yes_ask: number | null; last_price: number | null; volume: number | null; synced_at: Date | null;
};

export class ClusterListingRepository {
  constructor(private readonly pool: pg.Pool) {}

  /** The clusters matching the filter, each with its members (venue order), in svc_id order. */
  async clusters(f: ClusterFilterSql): Promise<ClusterRow[]> {
    const { rows } = await this.pool.query<Joined>(
      `WITH picked AS (
         SELECT c.* FROM match_clusters c
         WHERE ($1::text IS NULL OR c.category = $1)
           AND ($2::float8 IS NULL OR c.confidence >= $2)
           AND ($3::text[] IS NULL OR c.svc_id = ANY($3))
           AND ($4::text IS NULL OR to_tsvector('english', c.title || ' ' || coalesce((
                 SELECT string_agg(k.title, ' ') FROM match_cluster_members m JOIN markets k ON k.exchange = m.exchange AND k.market_id = m.market_id
                 WHERE m.cluster_id = c.cluster_id), '')) @@ plainto_tsquery('english', $4))
       )
       SELECT p.cluster_id, p.svc_id, p.title, p.category, p.close_time, p.confidence, p.updated_at,
              m.exchange, m.market_id, k.title AS market_title, k.url, k.status, k.removed,
              k.yes_bid, k.yes_ask, k.last_price, k.volume, k.updated_at AS synced_at
       FROM picked p JOIN match_cluster_members m ON m.cluster_id = p.cluster_id
       LEFT JOIN markets k ON k.exchange = m.exchange AND k.market_id = m.market_id
       ORDER BY p.svc_id, m.exchange, m.market_id`,
      [f.category ?? null, f.minConfidence ?? null, f.svcIds ? [...f.svcIds] : null, f.q ?? null],
    );
    const out: ClusterRow[] = [];
    for (const r of rows) {
      let c = out[out.length - 1];
      if (!c || c.cluster_id !== r.cluster_id) {
        c = { cluster_id: r.cluster_id, svc_id: r.svc_id, title: r.title, category: r.category, close_time: r.close_time?.toISOString() ?? null, confidence: r.confidence, updated_at: r.updated_at.toISOString(), members: [] };
        out.push(c);
      }
      const held = r.status !== null && r.removed !== true;
      c.members.push({
        exchange: r.exchange, market_id: r.market_id, title: r.market_title ?? '', url: r.url, status: held ? r.status : null,
        yes_bid: held ? r.yes_bid : null, yes_ask: held ? r.yes_ask : null, last_price: held ? r.last_price : null, volume: held ? r.volume : null,
        synced_at: held && r.synced_at ? r.synced_at.getTime() : null,
      });
    }
    return out;
  }

  /** Stores a listing's order; drops the expired snapshots on the way. */
  async saveSnapshot(snapshotId: string, queryHash: string, svcIds: readonly string[], ttlMs: number): Promise<void> {
    await this.pool.query('DELETE FROM cluster_listing_snapshots WHERE expires_at < now()');
    await this.pool.query(
      `INSERT INTO cluster_listing_snapshots (snapshot_id, query_hash, svc_ids, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
      [snapshotId, queryHash, [...svcIds], ttlMs / 1000],
    );
  }

  /** The slice [offset, offset + count) of a snapshot's order, or null when it is unknown or expired. */
  async snapshotSlice(snapshotId: string, offset: number, count: number): Promise<{ queryHash: string; svcIds: string[]; total: number } | null> {
    const { rows } = await this.pool.query<{ query_hash: string; ids: string[] | null; total: number }>(
      `SELECT query_hash, svc_ids[$2 + 1 : $2 + $3] AS ids, cardinality(svc_ids) AS total
       FROM cluster_listing_snapshots WHERE snapshot_id = $1 AND expires_at >= now()`,
      [snapshotId, offset, count],
    );
    const r = rows[0];
    return r ? { queryHash: r.query_hash, svcIds: r.ids ?? [], total: r.total } : null;
  }
}
