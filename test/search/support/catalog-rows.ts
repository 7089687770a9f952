// Writing markets into the catalog table directly (SQL), the way the venue sync would, so that
// search tests do not depend on the venue adapters.
import type pg from 'pg';
import type { CatalogMarketRow } from '../../../src/search/documents.js';

/** Insert or update markets; every write takes the next change_seq, as a catalog write does. */
export async function upsertCatalogMarkets(pool: pg.Pool, rows: CatalogMarketRow[], chunk = 2000): Promise<void> {
  for (let i = 0; i < rows.length; i += chunk) {
    const part = rows.slice(i, i + chunk).map((r) => ({
      ...r,
      close_time: r.close_time instanceof Date ? r.close_time.toISOString() : r.close_time,
    }));
    await pool.query(
      `INSERT INTO markets (exchange, market_id, title, subtitle, category, tags, status, closed, yes_price, volume,
         volume_24h, close_time, svc_id, cluster_id, raw, content_hash, removed)
       SELECT exchange, market_id, title, subtitle, category, tags, status, closed, yes_price, volume,
         volume_24h, close_time, svc_id, cluster_id, '{}'::jsonb, md5(title || status), false
       FROM jsonb_to_recordset($1::jsonb) AS r(exchange text, market_id text, title text, subtitle text, category text,
         tags text[], status text, closed boolean, yes_price float8, volume float8, volume_24h float8,
         close_time timestamptz, svc_id text, cluster_id text)
       ON CONFLICT (exchange, market_id) DO UPDATE SET title = EXCLUDED.title, subtitle = EXCLUDED.subtitle,
         category = EXCLUDED.category, tags = EXCLUDED.tags, status = EXCLUDED.status, closed = EXCLUDED.closed,
         yes_price = EXCLUDED.yes_price, volume = EXCLUDED.volume, volume_24h = EXCLUDED.volume_24h,
         close_time = EXCLUDED.close_time, svc_id = EXCLUDED.svc_id, cluster_id = EXCLUDED.cluster_id,
         removed = false, change_seq = nextval('market_change_seq'), updated_at = now()`,
      [JSON.stringify(part)],
    );
  }
}

/** Tombstone markets (the sync's "disappeared from the venue"). */
export async function removeCatalogMarkets(pool: pg.Pool, keys: { exchange: string; market_id: string }[]): Promise<void> {
  for (const k of keys) {
    await pool.query(
      `UPDATE markets SET removed = true, change_seq = nextval('market_change_seq') WHERE exchange = $1 AND market_id = $2`,
      [k.exchange, k.market_id],
    );
  }
}
