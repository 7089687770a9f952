// Cross-process invalidation of the search response cache: the indexer may run in another process
// (npm run worker), so the API polls the index state table and drops its cache when any index
// moved. One tiny query per interval.
import type pg from 'pg';

export function watchIndexChanges(pool: pg.Pool, onChange: () => void, intervalMs = 1_000): () => void {
  let last: string | null = null;
  let busy = false;
  const timer = setInterval(async () => {
    if (busy) return;
    busy = true;
    try {
      const res = await pool.query<{ v: string }>(
        `SELECT coalesce(string_agg(index_name || '=' || last_change_seq, ',' ORDER BY index_name), '') AS v FROM search_index_state`,
      );
      const v = res.rows[0]?.v ?? '';
      if (last !== null && v !== last) onChange();
      last = v;
    } catch {
      /* database briefly unavailable: try again next tick */
    } finally {
      busy = false;
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
