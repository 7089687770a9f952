// Writes venue listings into the catalog, one page per transaction: the page's markets, their
// outcomes, the events that came with them and the sync cursor that resumes after the page commit
// together or not at all. Rows whose normalised content is unchanged (same content_hash) are not
// rewritten, so their change_seq stays and the downstream indexers have nothing to redo.
import type pg from 'pg';
import type { ExchangeCode } from '../venues/exchanges.js';
import type { Market, MarketEvent } from '../venues/records.js';
import { eventContentHash, marketContentHash } from './content-hash.js';
import { jsonParam, withTransaction } from './transaction.js';

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

const MARKET_COLUMNS = `market_id text, event_id text, title text, subtitle text, category text, tags text[], status text,
  closed boolean, outcomes jsonb, yes_price float8, yes_bid float8, yes_ask float8, last_price float8, volume float8,
  volume_24h float8, liquidity float8, open_interest float8, open_time timestamptz, close_time timestamptz,
  resolution_time timestamptz, result text, rules text, url text, raw jsonb, content_hash text, updated_at timestamptz`;

const MARKET_NAMES = MARKET_COLUMNS.split(',').map((c) => c.trim().split(/\s+/)[0]);

const UPSERT_MARKETS = `
  INSERT INTO markets (exchange, ${MARKET_NAMES.join(', ')})
  SELECT $1, ${MARKET_NAMES.join(', ')} FROM jsonb_to_recordset($2::jsonb) AS r(${MARKET_COLUMNS})
  ON CONFLICT (exchange, market_id) DO UPDATE SET
    ${MARKET_NAMES.filter((n) => n !== 'market_id').map((n) => `${n} = EXCLUDED.${n}`).join(', ')},
    removed = false,
    change_seq = nextval('market_change_seq')
  WHERE markets.content_hash <> EXCLUDED.content_hash OR markets.removed
  RETURNING market_id, change_seq`;

const UPSERT_EVENTS = `
  INSERT INTO events (exchange, event_id, title, subtitle, category, status, market_ids, close_time, raw, content_hash, updated_at)
  SELECT $1, event_id, title, subtitle, category, status, market_ids, close_time, raw, content_hash, updated_at
  FROM jsonb_to_recordset($2::jsonb) AS r(event_id text, title text, subtitle text, category text, status text,
    market_ids text[], close_time timestamptz, raw jsonb, content_hash text, updated_at timestamptz)
  ON CONFLICT (exchange, event_id) DO UPDATE SET
    title = EXCLUDED.title, subtitle = EXCLUDED.subtitle, category = EXCLUDED.category, status = EXCLUDED.status,
    market_ids = EXCLUDED.market_ids, close_time = EXCLUDED.close_time, raw = EXCLUDED.raw,
    content_hash = EXCLUDED.content_hash, updated_at = EXCLUDED.updated_at
  WHERE events.content_hash <> EXCLUDED.content_hash
  RETURNING event_id`;

/** Last one wins: a page that repeats an id would otherwise make the upsert touch a row twice. */
function dedupe<T>(items: T[], key: (t: T) => string): T[] {
  const byKey = new Map<string, T>();
  for (const it of items) byKey.set(key(it), it);
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
    market_ids: e.market_ids,
    close_time: e.close_time,
    raw: e.raw ?? null,
    content_hash: eventContentHash(e),
    updated_at: e.updated_at,
  };
}

export class CatalogWriter {
  constructor(private readonly pool: pg.Pool) {}

  /**
   * Writes one listing page and the cursor that resumes after it, atomically. `nextCursor` null
   * means the listing ended with this page (the stored cursor is cleared by `finishSync`).
   */
  async writePage(exchange: ExchangeCode, page: { markets: Market[]; events: MarketEvent[] }, nextCursor: SyncCursorState | null): Promise<PageWriteResult> {
    const markets = dedupe(page.markets, (m) => m.market_id).filter((m) => m.exchange === exchange);
    const events = dedupe(page.events, (e) => e.event_id).filter((e) => e.exchange === exchange);
    return withTransaction(this.pool, async (c) => {
      let changedIds: string[] = [];
      let maxChangeSeq = 0;
      // Compare hashes first so that unchanged rows cost one read and no write (and no sequence value).
      const rows = markets.map(marketRow);
      const stored = new Map<string, { content_hash: string; removed: boolean }>();
      if (rows.length > 0) {
        const existing = await c.query<{ market_id: string; content_hash: string; removed: boolean }>(
          'SELECT market_id, content_hash, removed FROM markets WHERE exchange = $1 AND market_id = ANY($2::text[])',
          [exchange, markets.map((m) => m.market_id)],
        );
        for (const r of existing.rows) stored.set(r.market_id, r);
      }
      const toWrite = rows.filter((r) => {
        const s = stored.get(r.market_id as string);
        return !s || s.removed || s.content_hash !== r.content_hash;
      });
      if (toWrite.length > 0) {
        const res = await c.query<{ market_id: string; change_seq: number }>(UPSERT_MARKETS, [exchange, jsonParam(toWrite)]);
        changedIds = res.rows.map((r) => r.market_id);
        for (const r of res.rows) maxChangeSeq = Math.max(maxChangeSeq, r.change_seq);
      }
      if (changedIds.length > 0) {
        // Outcomes are a projection of the market row: replaced whenever the market's content changed.
        const changed = new Set(changedIds);
        const outcomes = markets
          .filter((m) => changed.has(m.market_id))
          .flatMap((m) => m.outcomes.map((o, position) => ({ market_id: m.market_id, outcome_id: o.id, label: o.label, position, price: o.price })));
        await c.query('DELETE FROM outcomes WHERE exchange = $1 AND market_id = ANY($2::text[])', [exchange, changedIds]);
        if (outcomes.length > 0) {
          await c.query(
            `INSERT INTO outcomes (exchange, market_id, outcome_id, label, position, price)
             SELECT $1, market_id, outcome_id, label, position, price
             FROM jsonb_to_recordset($2::jsonb) AS r(market_id text, outcome_id text, label text, position int, price float8)
             ON CONFLICT (exchange, market_id, outcome_id) DO NOTHING`,
            [exchange, jsonParam(outcomes)],
          );
        }
      }
      let eventsChanged = 0;
      if (events.length > 0) {
        eventsChanged = (await c.query(UPSERT_EVENTS, [exchange, jsonParam(events.map(eventRow))])).rowCount ?? 0;
      }
      if (nextCursor) {
        await c.query(
          `INSERT INTO venue_sync_status (exchange, status, cursor) VALUES ($1, 'running', $2::jsonb)
           ON CONFLICT (exchange) DO UPDATE SET cursor = EXCLUDED.cursor`,
          [exchange, jsonParam(nextCursor)],
        );
      }
      return { changed: changedIds.length, unchanged: markets.length - changedIds.length, eventsChanged, maxChangeSeq };
    });
  }

  /**
   * Marks as removed the venue's markets that a complete listing did not return. Only for a listing
   * that ran from its first page to its last without failing; a listing that found nothing at all
   * tombstones nothing (an empty answer is far likelier a venue fault than an empty venue).
   */
  async tombstoneMissing(exchange: ExchangeCode, seenIds: ReadonlySet<string>): Promise<{ removed: number; maxChangeSeq: number }> {
    if (seenIds.size === 0) return { removed: 0, maxChangeSeq: 0 };
    return withTransaction(this.pool, async (c) => {
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
  }
}
