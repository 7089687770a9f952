// The only writer of the catalog's `markets` table (the sync, the matcher's cluster assignments, and
// every test, evaluation and benchmark that seeds a catalog go through here).
//
// Writes venue listings into the catalog, one page per transaction: the page's markets, their
// outcomes, the events that came with them and the sync cursor that resumes after the page commit
// together or not at all. Rows whose normalised content is unchanged (same content_hash) are not
// rewritten, so their change_seq stays and the downstream indexers have nothing to redo.
import type pg from 'pg';
import type { ExchangeCode } from '../venues/exchanges.js';
import type { Market, MarketEvent } from '../venues/records.js';
import { vacuumAfterWrites, type MaintenanceAfterWrites } from '../db/maintenance-after-writes.js';
import { catalogStatistics } from './catalog-statistics.js';
import { eventContentHash, marketContentHash } from './content-hash.js';
import { withTransaction } from '../db/transaction.js';
import { jsonParam } from './transaction.js';

/** Where an interrupted listing resumes: stored in venue_sync_status.cursor with the page that led to it. */
export interface SyncCursorState {
  /** The adapter's cursor to resume after the last committed page. */
  cursor: string;
  /** When the interrupted run started (ISO). */
  started_at: string;
  /** Pages committed so far by the run (and the runs it resumed). */
  pages: number;
}

export interface PageWriteResult {
  /** Markets inserted or rewritten because their content changed (or they came back from removed). */
  changed: number;
  /** Markets whose content was unchanged (not rewritten). */
  unchanged: number;
  eventsChanged: number;
  /** Highest change_seq given out by this page (0 if none). */
  maxChangeSeq: number;
}

const MARKET_COLUMNS = `market_id text, event_id text, title text, subtitle text, category text, venue_category text, tags text[], status text,
  closed boolean, outcomes jsonb, yes_price float8, yes_bid float8, yes_ask float8, last_price float8, volume float8,
  volume_24h float8, liquidity float8, open_interest float8, open_time timestamptz, close_time timestamptz,
  resolution_time timestamptz, result text, rules text, url text, neg_risk boolean, raw jsonb, content_hash text, updated_at timestamptz`;

const MARKET_NAMES = MARKET_COLUMNS.split(',').map((c) => c.trim().split(/\s+/)[0]);

/**
 * The whole page in one statement (one round trip, after the hash lookup): markets whose content
 * changed, their outcomes, the page's events and the resume cursor. Data-modifying CTEs all run on
 * the statement's snapshot, so the outcome rows it deletes (no longer listed) and the ones it
 * upserts (listed) are disjoint by construction; the outcomes' foreign-key checks run at the end of
 * the statement and see the markets inserted by it.
 *   $1 exchange, $2 markets to write, $3 their outcomes, $4 events, $5 cursor (or null)
 */
const WRITE_PAGE = `
  WITH written AS (
    INSERT INTO markets (exchange, ${MARKET_NAMES.join(', ')})
    SELECT $1, ${MARKET_NAMES.join(', ')} FROM jsonb_to_recordset($2::jsonb) AS r(${MARKET_COLUMNS})
    ON CONFLICT (exchange, market_id) DO UPDATE SET
      ${MARKET_NAMES.filter((n) => n !== 'market_id').map((n) => `${n} = EXCLUDED.${n}`).join(', ')},
      removed = false,
      change_seq = nextval('market_change_seq')
    WHERE markets.content_hash <> EXCLUDED.content_hash OR markets.removed
    RETURNING market_id, change_seq
  ),
  listed_outcomes AS (
    SELECT o.* FROM jsonb_to_recordset($3::jsonb) AS o(market_id text, outcome_id text, label text, position int, price float8)
    WHERE o.market_id IN (SELECT market_id FROM written)
  ),
  unlisted_outcomes AS (
    DELETE FROM outcomes o USING written w
    WHERE o.exchange = $1 AND o.market_id = w.market_id
      AND NOT EXISTS (SELECT 1 FROM listed_outcomes l WHERE l.market_id = o.market_id AND l.outcome_id = o.outcome_id)
  ),
  upserted_outcomes AS (
    INSERT INTO outcomes (exchange, market_id, outcome_id, label, position, price)
    SELECT $1, market_id, outcome_id, label, position, price FROM listed_outcomes
    ON CONFLICT (exchange, market_id, outcome_id) DO UPDATE SET label = EXCLUDED.label, position = EXCLUDED.position, price = EXCLUDED.price
    WHERE (outcomes.label, outcomes.position, outcomes.price) IS DISTINCT FROM (EXCLUDED.label, EXCLUDED.position, EXCLUDED.price)
  ),
  written_events AS (
    INSERT INTO events (exchange, event_id, title, subtitle, category, status, venue_status, market_ids, close_time, raw, content_hash, updated_at)
    SELECT $1, event_id, title, subtitle, category, status, venue_status, market_ids, close_time, raw, content_hash, updated_at
    FROM jsonb_to_recordset($4::jsonb) AS r(event_id text, title text, subtitle text, category text, status text, venue_status text,
      market_ids text[], close_time timestamptz, raw jsonb, content_hash text, updated_at timestamptz)
    ON CONFLICT (exchange, event_id) DO UPDATE SET
      title = EXCLUDED.title, subtitle = EXCLUDED.subtitle, category = EXCLUDED.category, status = EXCLUDED.status, venue_status = EXCLUDED.venue_status,
      market_ids = EXCLUDED.market_ids, close_time = EXCLUDED.close_time, raw = EXCLUDED.raw,
      content_hash = EXCLUDED.content_hash, updated_at = EXCLUDED.updated_at
    WHERE events.content_hash <> EXCLUDED.content_hash
    RETURNING event_id
  ),
  resume_cursor AS (
    INSERT INTO venue_sync_status (exchange, status, cursor) SELECT $1, 'running', $5::jsonb WHERE $5::jsonb IS NOT NULL
    ON CONFLICT (exchange) DO UPDATE SET cursor = EXCLUDED.cursor
  )
  SELECT (SELECT count(*) FROM written)::int AS changed,
         (SELECT coalesce(max(change_seq), 0) FROM written) AS max_change_seq,
         (SELECT count(*) FROM written_events)::int AS events_changed`;

/**
 * The stored hashes of the page's markets and events, in one round trip. Joins of the unnested ids
 * to the primary keys rather than "market_id = ANY($2)": without statistics the planner costs the
 * ANY list as half the table and walks every market of the venue through an index on (exchange, ...).
 */
const STORED_HASHES = `
  SELECT 'market' AS kind, m.market_id AS id, m.content_hash, m.removed
  FROM unnest($2::text[]) AS k(id) JOIN markets m ON m.exchange = $1 AND m.market_id = k.id
  UNION ALL
  SELECT 'event', e.event_id, e.content_hash, false
  FROM unnest($3::text[]) AS k(id) JOIN events e ON e.exchange = $1 AND e.event_id = k.id`;

/** Last one wins: a page that repeats an id would otherwise make the upsert touch a row twice. */
function dedupe<T>(items: T[], key: (t: T) => string): T[] {
  const byKey = new Map<string, T>();
  for (const it of items) byKey.set(key(it), it);
  return [...byKey.values()];
}

/** First one wins. */
function dedupeFirst<T>(items: T[], key: (t: T) => string): T[] {
  const byKey = new Map<string, T>();
  for (const it of items) if (!byKey.has(key(it))) byKey.set(key(it), it);
  return [...byKey.values()];
}

function marketRow(m: Market): Record<string, unknown> {
  const { raw, exchange: _exchange, ...fields } = m;
  return { ...fields, raw: raw ?? null, content_hash: marketContentHash(m) };
}

function eventRow(e: MarketEvent): Record<string, unknown> {
  return {
    event_id: e.event_id,
    title: e.title,
    subtitle: e.subtitle,
    category: e.category,
    status: e.status,
    venue_status: e.venue_status,
    market_ids: e.market_ids,
    close_time: e.close_time,
    raw: e.raw ?? null,
    content_hash: eventContentHash(e),
    updated_at: e.updated_at,
  };
}

/**
 * VACUUM trackers of the catalog tables, one per pool: every venue's writer counts towards the same
 * tables. Each sync rewrites the markets whose prices moved (and their outcomes), so on the embedded
 * database, which never autovacuums, dead rows would pile up in these tables and their indexes for
 * as long as the service runs.
 */
const catalogVacuums = new WeakMap<pg.Pool, { markets: MaintenanceAfterWrites; outcomes: MaintenanceAfterWrites }>();

function vacuumsOf(pool: pg.Pool): { markets: MaintenanceAfterWrites; outcomes: MaintenanceAfterWrites } {
  let v = catalogVacuums.get(pool);
  if (!v) {
    v = { markets: vacuumAfterWrites(pool, 'markets'), outcomes: vacuumAfterWrites(pool, 'outcomes') };
    catalogVacuums.set(pool, v);
  }
  return v;
}

/** A market's place in a cross-exchange cluster (docs/api-contract.md §3), or none (nulls). */
export interface ClusterAssignment {
  exchange: ExchangeCode;
  market_id: string;
  svc_id: string | null;
  cluster_id: string | null;
}

/**
 * The matcher's complete assignment (replaceClusterAssignments): listed markets get their ids, every
 * other market that has one loses it. Only rows whose ids change are written, and they take a new change_seq so that the
 * search index (and its one-suggestion-per-cluster `exchanges[]`) follows.
 */
const ASSIGN_CLUSTERS = `
  WITH a AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS a(exchange text, market_id text, svc_id text, cluster_id text)),
  target AS (
    SELECT exchange, market_id, svc_id, cluster_id FROM a
    UNION ALL
    SELECT m.exchange, m.market_id, NULL, NULL FROM markets m
    WHERE m.svc_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM a WHERE a.exchange = m.exchange AND a.market_id = m.market_id)
  )
  UPDATE markets m SET svc_id = t.svc_id, cluster_id = t.cluster_id, change_seq = nextval('market_change_seq')
  FROM target t
  WHERE m.exchange = t.exchange AND m.market_id = t.market_id AND (m.svc_id, m.cluster_id) IS DISTINCT FROM (t.svc_id, t.cluster_id)
  RETURNING m.change_seq`;

export interface CatalogWriterOptions {
  /** VACUUM the catalog tables after enough writes: for the embedded database only (no autovacuum). */
  vacuumAfterWrites?: boolean;
}

export class CatalogWriter {
  private readonly vacuums?: { markets: MaintenanceAfterWrites; outcomes: MaintenanceAfterWrites };

  constructor(
    private readonly pool: pg.Pool,
    options: CatalogWriterOptions = {},
  ) {
    if (options.vacuumAfterWrites) this.vacuums = vacuumsOf(pool);
  }

  /**
   * Writes one listing page and the cursor that resumes after it, atomically. `nextCursor` null
   * means the listing ended with this page (the stored cursor is cleared by `finishSync`).
   */
  async writePage(exchange: ExchangeCode, page: { markets: Market[]; events: MarketEvent[] }, nextCursor: SyncCursorState | null): Promise<PageWriteResult> {
    const markets = dedupe(page.markets, (m) => m.market_id).filter((m) => m.exchange === exchange);
    const events = dedupe(page.events, (e) => e.event_id).filter((e) => e.exchange === exchange);
    // Compare hashes first so that unchanged rows cost one read and no write (and no sequence value),
    // and their raw payloads are not even sent.
    const rows = markets.map(marketRow);
    const eventRows = events.map(eventRow);
    const result = await withTransaction(this.pool, async (c) => {
      const stored = { market: new Map<string, { content_hash: string; removed: boolean }>(), event: new Map<string, { content_hash: string; removed: boolean }>() };
      if (rows.length > 0 || eventRows.length > 0) {
        const existing = await c.query<{ kind: 'market' | 'event'; id: string; content_hash: string; removed: boolean }>(STORED_HASHES, [
          exchange,
          markets.map((m) => m.market_id),
          events.map((e) => e.event_id),
        ]);
        for (const r of existing.rows) stored[r.kind].set(r.id, r);
      }
      const changedSince = (kind: 'market' | 'event', id: string, hash: unknown) => {
        const s = stored[kind].get(id);
        return !s || s.removed || s.content_hash !== hash;
      };
      const toWrite = rows.filter((r) => changedSince('market', r.market_id as string, r.content_hash));
      const eventsToWrite = eventRows.filter((r) => changedSince('event', r.event_id as string, r.content_hash));
      if (toWrite.length === 0 && eventsToWrite.length === 0 && !nextCursor) return { changed: 0, eventsChanged: 0, maxChangeSeq: 0, outcomesWritten: 0 };
      const writing = new Set(toWrite.map((r) => r.market_id as string));
      // Outcomes are a projection of the market row: replaced whenever the market's content changed.
      // An id repeated within a market keeps its first occurrence (as the former DO NOTHING insert did).
      const outcomes = markets
        .filter((m) => writing.has(m.market_id))
        .flatMap((m) => dedupeFirst(m.outcomes.map((o, position) => ({ market_id: m.market_id, outcome_id: o.id, label: o.label, position, price: o.price })), (o) => o.outcome_id));
      const res = await c.query<{ changed: number; max_change_seq: number; events_changed: number }>(WRITE_PAGE, [
        exchange,
        jsonParam(toWrite),
        jsonParam(outcomes),
        jsonParam(eventsToWrite),
        nextCursor ? jsonParam(nextCursor) : null,
      ]);
      const r = res.rows[0];
      return { changed: r.changed, eventsChanged: r.events_changed, maxChangeSeq: r.max_change_seq, outcomesWritten: outcomes.length };
    });
    // After the commit, outside the page's transaction; a failure here must not fail a committed page.
    await catalogStatistics(this.pool).afterWrite(result.changed).catch(() => undefined);
    if (this.vacuums) {
      await this.vacuums.markets.afterWrite(result.changed).catch(() => false);
      await this.vacuums.outcomes.afterWrite(result.outcomesWritten).catch(() => false);
    }
    return { changed: result.changed, unchanged: markets.length - result.changed, eventsChanged: result.eventsChanged, maxChangeSeq: result.maxChangeSeq };
  }

  /**
   * Sets the cross-exchange cluster of markets (what the matcher decides; null leaves a cluster).
   * A market whose svc_id or cluster_id changes takes a new change_seq, so the search index, which
   * lists every venue of a cluster with each member, follows it; unchanged ones are not touched.
   */
  async assignClusters(assignments: readonly ClusterAssignment[]): Promise<{ changed: number; maxChangeSeq: number }> {
    if (assignments.length === 0) return { changed: 0, maxChangeSeq: 0 };
    const rows = dedupe([...assignments], (a) => `${a.exchange}\u0000${a.market_id}`);
    const res = await this.pool.query<{ change_seq: number }>(
      `UPDATE markets m SET svc_id = a.svc_id, cluster_id = a.cluster_id, change_seq = nextval('market_change_seq')
       FROM jsonb_to_recordset($1::jsonb) AS a(exchange text, market_id text, svc_id text, cluster_id text)
       WHERE m.exchange = a.exchange AND m.market_id = a.market_id
         AND (m.svc_id, m.cluster_id) IS DISTINCT FROM (a.svc_id, a.cluster_id)
       RETURNING m.change_seq`,
      [jsonParam(rows)],
    );
    if (this.vacuums) await this.vacuums.markets.afterWrite(res.rowCount ?? 0).catch(() => false);
    return { changed: res.rowCount ?? 0, maxChangeSeq: res.rows.reduce((m, r) => Math.max(m, Number(r.change_seq)), 0) };
  }

  /** Marks the named markets as removed (gone from the venue); each one newly removed takes a new change_seq. */
  async removeMarkets(exchange: ExchangeCode, marketIds: readonly string[]): Promise<{ removed: number; maxChangeSeq: number }> {
    if (marketIds.length === 0) return { removed: 0, maxChangeSeq: 0 };
    const res = await this.pool.query<{ change_seq: number }>(
      `UPDATE markets SET removed = true, change_seq = nextval('market_change_seq')
       WHERE exchange = $1 AND NOT removed AND market_id IN (SELECT unnest($2::text[]))
       RETURNING change_seq`,
      [exchange, [...marketIds]],
    );
    if (this.vacuums) await this.vacuums.markets.afterWrite(res.rowCount ?? 0).catch(() => false);
    return { removed: res.rowCount ?? 0, maxChangeSeq: res.rows.reduce((m, r) => Math.max(m, Number(r.change_seq)), 0) };
  }

  /**
   * Marks as removed the venue's markets that a complete listing did not return. Only for a listing
   * that ran from its first page to its last without failing; a listing that found nothing at all
   * tombstones nothing (an empty answer is far likelier a venue fault than an empty venue).
   */
  /**
   * `maxShare` (0..1): when more than that share of the venue's live markets would go, nothing is
   * removed and the counts come back as `refused` (a listing that lost most of a catalog is far
   * likelier a wrong source or a venue fault than a venue that delisted it).
   */
  async tombstoneMissing(exchange: ExchangeCode, seenIds: ReadonlySet<string>, maxShare = 1): Promise<{ removed: number; maxChangeSeq: number; refused?: { wouldRemove: number; catalogMarkets: number } }> {
    if (seenIds.size === 0) return { removed: 0, maxChangeSeq: 0 };
    const result = await withTransaction(this.pool, async (c) => {
      if (maxShare < 1) {
        const { rows } = await c.query<{ missing: number; total: number }>(
          // A left join on the unnested ids (hashable): a NOT EXISTS inside the aggregate's FILTER is a
          // subplan run per row, a scan of every id per market (20 s a venue at 28k markets).
          `SELECT count(*) FILTER (WHERE seen.id IS NULL)::int AS missing, count(*)::int AS total
             FROM markets LEFT JOIN unnest($2::text[]) AS seen(id) ON seen.id = markets.market_id
            WHERE exchange = $1 AND NOT removed`,
          [exchange, [...seenIds]],
        );
        const { missing, total } = rows[0];
        if (missing > maxShare * total) return { removed: 0, maxChangeSeq: 0, refused: { wouldRemove: missing, catalogMarkets: total } };
      }
      const res = await c.query<{ change_seq: number }>(
        `UPDATE markets SET removed = true, change_seq = nextval('market_change_seq')
         WHERE exchange = $1 AND NOT removed
           -- an anti-join on the unnested ids (hashable), not "<> ALL(array)" (a scan of the array per row)
           AND NOT EXISTS (SELECT 1 FROM unnest($2::text[]) AS seen(id) WHERE seen.id = markets.market_id)
         RETURNING change_seq`,
        [exchange, [...seenIds]],
      );
      return { removed: res.rowCount ?? 0, maxChangeSeq: res.rows.reduce((m, r) => Math.max(m, r.change_seq), 0) };
    });
    if (this.vacuums) await this.vacuums.markets.afterWrite(result.removed).catch(() => false);
    return result;
  }

  /**
   * Replaces every cluster assignment with the matching job's complete one (see ASSIGN_CLUSTERS):
   * markets not listed leave their cluster. assignClusters above changes only the markets it names.
   */
  async replaceClusterAssignments(assignments: readonly ClusterAssignment[]): Promise<{ changed: number; maxChangeSeq: number }> {
    const res = await this.pool.query<{ change_seq: number }>(ASSIGN_CLUSTERS, [jsonParam(assignments)]);
    const changed = res.rowCount ?? 0;
    if (this.vacuums) await this.vacuums.markets.afterWrite(changed).catch(() => false);
    return { changed, maxChangeSeq: res.rows.reduce((m, r) => Math.max(m, Number(r.change_seq)), 0) };
  }
}
