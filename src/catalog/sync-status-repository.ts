// Per-venue sync state in venue_sync_status (read by /health): running | ok | failed, when the
// last attempt and the last success ended, how many live markets the catalog holds (counted as they
// arrive while a sync runs), the last error, the cursor an interrupted listing resumes from, the
// source the catalog was filled from, the latest sync refused for the removals it would have made,
// when the latest full listing and the latest successful run started (what the next short run asks
// the venue for), and what the latest run cost (`last_run`, read by /health and the metrics).
import type pg from 'pg';
import type { ExchangeCode } from '../venues/exchanges.js';
import type { SyncCursorState } from './catalog-write-repository.js';
import { jsonParam } from './transaction.js';

export type SyncState = 'never' | 'running' | 'ok' | 'failed';

export interface VenueSyncStatus {
  exchange: ExchangeCode;
  status: SyncState;
  last_sync_at: string | null;
  last_success_at: string | null;
  last_error: string | null;
  markets: number;
  cursor: SyncCursorState | null;
  /** The listing the catalog was filled from (`simulator`, `live <base URLs>`); null: not recorded. */
  source: string | null;
  sync_refused: SyncRefusal | null;
  /** When the latest complete full listing started (null: none yet). */
  last_full_at: string | null;
  /** When the latest successful run of either kind started: a short run asks for changes since then. */
  changes_since: string | null;
  last_run: SyncRunStats | null;
}

/** What one run did and cost: one place for /health and the metrics. */
export interface SyncRunStats {
  /** `full` lists everything and is the only kind that tombstones; `incremental` asks for changes. */
  kind: 'full' | 'incremental';
  ok: boolean;
  started_at: string;
  duration_ms: number;
  /** Requests the run made to the venue (retries included). */
  requests: number;
  pages: number;
  /** Markets the venue returned. */
  markets: number;
  /** Markets written (inserted or rewritten because their content changed). */
  rows_written: number;
  removed: number;
}

/** A sync that would have removed too much, or a catalog of another source: nothing was removed. */
export interface SyncRefusal {
  reason: string;
  /** Markets the listing did not return (null when the sync was refused before listing). */
  would_remove: number | null;
  /** Live markets of the venue in the catalog when it was refused. */
  catalog_markets: number;
  /** The source of the refused sync. */
  source: string | null;
  at: string;
}

const LIVE_MARKETS = '(SELECT count(*)::int FROM markets WHERE exchange = $1 AND NOT removed)';

export class SyncStatusStore {
  constructor(private readonly pool: pg.Pool) {}

  async get(exchange: ExchangeCode): Promise<VenueSyncStatus | null> {
    return (await this.read(exchange))[0] ?? null;
  }

  /** Every venue that has a row (venues never synced have none). */
  async list(): Promise<VenueSyncStatus[]> {
    return this.read(null);
  }

  private async read(exchange: ExchangeCode | null): Promise<VenueSyncStatus[]> {
    // While a sync runs its pages are committed one by one: count what is in the catalog now (the
    // stored count is the last completed sync's, 0 during the first one).
    const r = await this.pool.query<{ exchange: ExchangeCode; status: SyncState; last_sync_at: Date | null; last_success_at: Date | null; last_error: string | null; markets: number; cursor: SyncCursorState | null; source: string | null; sync_refused: SyncRefusal | null; last_full_at: Date | null; changes_since: Date | null; last_run: SyncRunStats | null }>(
      `SELECT s.exchange, s.status, s.last_sync_at, s.last_success_at, s.last_error, s.cursor, s.source, s.sync_refused, s.last_full_at, s.changes_since, s.last_run,
              CASE WHEN s.status = 'running' THEN (SELECT count(*)::int FROM markets m WHERE m.exchange = s.exchange AND NOT m.removed) ELSE s.markets END AS markets
       FROM venue_sync_status s WHERE $1::text IS NULL OR s.exchange = $1`,
      [exchange],
    );
    return r.rows.map((row) => ({
      exchange: row.exchange,
      status: row.status,
      last_sync_at: row.last_sync_at?.toISOString() ?? null,
      last_success_at: row.last_success_at?.toISOString() ?? null,
      last_error: row.last_error,
      markets: row.markets,
      cursor: row.cursor,
      source: row.source,
      sync_refused: row.sync_refused,
      last_full_at: row.last_full_at?.toISOString() ?? null,
      changes_since: row.changes_since?.toISOString() ?? null,
      last_run: row.last_run,
    }));
  }

  /** Records the source the venue's catalog is being filled from (a sync allowed to proceed). */
  async setSource(exchange: ExchangeCode, source: string): Promise<void> {
    await this.pool.query(
      `INSERT INTO venue_sync_status (exchange, source) VALUES ($1, $2) ON CONFLICT (exchange) DO UPDATE SET source = EXCLUDED.source`,
      [exchange, source],
    );
  }

  /** Records a refusal (null: the latest sync went through). */
  async setRefusal(exchange: ExchangeCode, refusal: SyncRefusal | null): Promise<void> {
    await this.pool.query(
      `INSERT INTO venue_sync_status (exchange, sync_refused) VALUES ($1, $2::jsonb) ON CONFLICT (exchange) DO UPDATE SET sync_refused = EXCLUDED.sync_refused`,
      [exchange, refusal === null ? null : jsonParam(refusal)],
    );
  }

  /** Live markets of every venue, as the syncs counted them: one small read, not a count over the catalog. */
  async totalLiveMarkets(): Promise<number> {
    const r = await this.pool.query<{ n: number }>('SELECT coalesce(sum(markets), 0)::int AS n FROM venue_sync_status');
    return r.rows[0].n;
  }

  /** Live markets of the venue in the catalog. */
  async liveMarkets(exchange: ExchangeCode): Promise<number> {
    const r = await this.pool.query<{ n: number }>(`SELECT ${LIVE_MARKETS} AS n`, [exchange]);
    return r.rows[0].n;
  }

  async markRunning(exchange: ExchangeCode): Promise<void> {
    await this.pool.query(
      `INSERT INTO venue_sync_status (exchange, status) VALUES ($1, 'running')
       ON CONFLICT (exchange) DO UPDATE SET status = 'running'`,
      [exchange],
    );
  }

  /** A listing completed: clears the resume cursor and the error, counts the live markets. */
  async markSucceeded(exchange: ExchangeCode, at: Date): Promise<number> {
    const r = await this.pool.query<{ markets: number }>(
      `INSERT INTO venue_sync_status (exchange, status, last_sync_at, last_success_at, last_error, markets, cursor)
       VALUES ($1, 'ok', $2, $2, NULL, ${LIVE_MARKETS}, NULL)
       ON CONFLICT (exchange) DO UPDATE SET status = 'ok', last_sync_at = $2, last_success_at = $2, last_error = NULL,
         markets = EXCLUDED.markets, cursor = NULL
       RETURNING markets`,
      [exchange, at],
    );
    return r.rows[0].markets;
  }

  /** A listing failed: keeps the cursor of the last committed page so that the next run resumes there. */
  async markFailed(exchange: ExchangeCode, at: Date, error: string): Promise<number> {
    const r = await this.pool.query<{ markets: number }>(
      `INSERT INTO venue_sync_status (exchange, status, last_sync_at, last_error, markets)
       VALUES ($1, 'failed', $2, $3, ${LIVE_MARKETS})
       ON CONFLICT (exchange) DO UPDATE SET status = 'failed', last_sync_at = $2, last_error = $3, markets = EXCLUDED.markets
       RETURNING markets`,
      [exchange, at, error.slice(0, 2000)],
    );
    return r.rows[0].markets;
  }

  /**
   * Records a finished run: its cost, and for a successful one where the next short run starts
   * (and, for a full listing, when the next full one is due).
   */
  async recordRun(exchange: ExchangeCode, run: SyncRunStats, changesSince: string): Promise<void> {
    const started = new Date(changesSince);
    await this.pool.query(
      `UPDATE venue_sync_status SET last_run = $2::jsonb,
         changes_since = CASE WHEN $3 THEN $4::timestamptz ELSE changes_since END,
         last_full_at = CASE WHEN $3 AND $5 THEN $4::timestamptz ELSE last_full_at END
       WHERE exchange = $1`,
      [exchange, jsonParam(run), run.ok, started, run.kind === 'full'],
    );
  }

  /** Forgets a stored resume cursor (e.g. one the venue no longer accepts). */
  async clearCursor(exchange: ExchangeCode): Promise<void> {
    await this.pool.query('UPDATE venue_sync_status SET cursor = NULL WHERE exchange = $1', [exchange]);
  }

  /** Sets a resume cursor directly (tests, operators). */
  async setCursor(exchange: ExchangeCode, cursor: SyncCursorState): Promise<void> {
    await this.pool.query(
      `INSERT INTO venue_sync_status (exchange, cursor) VALUES ($1, $2::jsonb) ON CONFLICT (exchange) DO UPDATE SET cursor = EXCLUDED.cursor`,
      [exchange, jsonParam(cursor)],
    );
  }
}
