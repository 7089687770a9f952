// Planner statistics for the catalog tables, kept fresh by the writer because the embedded database
// (PGlite: one single-user backend) runs no autovacuum, so nothing else ever ANALYZEs them.
//
// Why it matters: without statistics the planner assumes `exchange = $1` matches 0.5% of the rows,
// so a lookup by (exchange, market_id) can be planned as a scan of every market of the venue
// through an index that merely starts with `exchange`. Worse, plans cached for the life of the
// backend keep whatever was chosen when the tables were nearly empty: the outcomes -> markets
// foreign-key check (two per market written) was measured reading all N markets of the venue per
// check, so a first sync slowed from ~0.2 s to ~2.4 s per 100-market page at 22k markets
// (bench/sync/profile-writes.ts). ANALYZE gives the planner the real proportions and invalidates
// those cached plans.
//
// When: the first time markets are written to a catalog that was never analyzed, then whenever the
// markets written since the last ANALYZE reach twice the number it counted (the catalog has about
// tripled): a first fill of N markets costs about log3(N) ANALYZEs, most of it the last one (0.3 s
// at 8k markets, 0.7 s at 13k measured on PGlite), a settled catalog almost none. The planner
// scales the analyzed row count by the table's current size, so the proportions are what matter. An external PostgreSQL
// also autovacuums; the few extra ANALYZEs are harmless there.
import type pg from 'pg';
import { MaintenanceAfterWrites } from '../db/maintenance-after-writes.js';

/** One tracker per pool: every writer on the same database counts towards the same ANALYZE. */
const byPool = new WeakMap<pg.Pool, MaintenanceAfterWrites>();

/**
 * The catalog's ANALYZE tracker: call `afterWrite(n)` after a committed page with the number of
 * markets it inserted or rewrote. Below 100 written markets an ANALYZE is not worth its time (tiny
 * catalogs plan fine); above, it runs once the written markets reach twice the number the last
 * ANALYZE counted.
 */
export function catalogStatistics(pool: pg.Pool): MaintenanceAfterWrites {
  let s = byPool.get(pool);
  if (!s) {
    s = new MaintenanceAfterWrites(pool, { statement: 'ANALYZE markets, outcomes, events', sizeTable: 'markets', minRows: 100, fraction: 2 });
    byPool.set(pool, s);
  }
  return s;
}
