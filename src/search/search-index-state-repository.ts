// What keyword and autocomplete answers depend on, recorded per search index (search_index_state), so
// that their cache is dropped only when something an answer shows, filters or matches on changed,
// not on every sync (most syncs only move prices).
//
// Two kinds of change, two versions in search_index_state:
// - answers_changed_seq: the listing of a market as search sees it (title, subtitle, tags,
//   category, status, closed, close time, cluster and its venues) or a market added or removed:
//   every cached keyword and autocomplete answer goes;
// - volume_changed_seq: a volume moved: answers ordered by volume (sort=volume, and browsing with
//   no query, which lists by popularity) go. Relevance-ranked answers keep: volume only breaks ties
//   between equally good text matches there (a log10 term below the 25-point gap between text
//   tiers), and such an answer's tie order is at most the cache TTL (30 s) old.
// Prices (yes_price) and 24 h volume are in neither: no keyword answer shows or ranks by them.
import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { MarketSearchDoc } from './engine.js';

/**
 * The cache group (ResponseCache) of keyword answers whose order follows volumes (sort=volume, and
 * browsing without a query, which lists by popularity): dropped when a volume moves.
 */
export const VOLUME_ORDERED = 'volume-ordered';

/** The fields of a search document that keyword answers show, filter or match on (volume apart). */
export function answerHash(doc: MarketSearchDoc): string {
  const listing = [
    doc.title, doc.subtitle, doc.category, [...(doc.tags ?? [])], doc.status, doc.closed, doc.close_time,
    doc.svc_id, doc.cluster_id, [...doc.cluster_exchanges].sort(),
  ];
  return createHash('sha1').update(JSON.stringify(listing)).digest('base64url');
}

export interface AnswerInputChanges {
  /** Documents whose listing hash changed, new documents and removed ones. */
  listing: number;
  /** Documents whose volume changed. */
  volume: number;
}

/**
 * Records the inputs of the documents just written to `index` and of those removed from it, and
 * says how many changed in a way answers can see. One statement for the written documents.
 */
export async function recordAnswerInputs(
  pool: pg.Pool,
  index: string,
  written: MarketSearchDoc[],
  removed: { exchange: string; market_id: string }[],
): Promise<AnswerInputChanges> {
  const changes: AnswerInputChanges = { listing: 0, volume: 0 };
  if (written.length > 0) {
    const { rows } = await pool.query<{ listing: number; volume: number }>(
      `WITH incoming AS (
         SELECT DISTINCT ON (exchange, market_id) * FROM unnest($2::text[], $3::text[], $4::text[], $5::float8[]) AS i(exchange, market_id, answer_hash, volume)
       ), compared AS (
         SELECT i.*, s.answer_hash AS old_hash, s.volume AS old_volume, s.market_id IS NULL AS is_new
         FROM incoming i LEFT JOIN search_answer_inputs s
           ON s.index_name = $1 AND s.exchange = i.exchange AND s.market_id = i.market_id
       ), written AS (
         INSERT INTO search_answer_inputs AS s (index_name, exchange, market_id, answer_hash, volume)
         SELECT $1, exchange, market_id, answer_hash, volume FROM compared
         WHERE is_new OR old_hash IS DISTINCT FROM answer_hash OR old_volume IS DISTINCT FROM volume
         ON CONFLICT (index_name, exchange, market_id) DO UPDATE SET answer_hash = EXCLUDED.answer_hash, volume = EXCLUDED.volume
       )
       SELECT count(*) FILTER (WHERE is_new OR old_hash IS DISTINCT FROM answer_hash)::int AS listing,
              count(*) FILTER (WHERE is_new OR old_volume IS DISTINCT FROM volume)::int AS volume
       FROM compared`,
      [index, written.map((d) => d.exchange), written.map((d) => d.market_id), written.map(answerHash), written.map((d) => d.volume)],
    );
    changes.listing += rows[0].listing;
    changes.volume += rows[0].volume;
  }
  if (removed.length > 0) {
    await pool.query(
      `DELETE FROM search_answer_inputs s USING unnest($2::text[], $3::text[]) AS r(exchange, market_id)
       WHERE s.index_name = $1 AND s.exchange = r.exchange AND s.market_id = r.market_id`,
      [index, removed.map((r) => r.exchange), removed.map((r) => r.market_id)],
    );
    // every removal counts, recorded or not (an index older than this table holds markets it never recorded)
    changes.listing += removed.length;
  }
  return changes;
}

/** Moves the index's answer versions to `seq` for the kinds of change a batch made. */
export async function markAnswerChanges(pool: pg.Pool, index: string, seq: number, changes: AnswerInputChanges): Promise<void> {
  if (changes.listing === 0 && changes.volume === 0) return;
  await pool.query(
    `INSERT INTO search_index_state (index_name, answers_changed_seq, volume_changed_seq, updated_at) VALUES ($1, $2, $3, now())
     ON CONFLICT (index_name) DO UPDATE SET
       answers_changed_seq = greatest(search_index_state.answers_changed_seq, EXCLUDED.answers_changed_seq),
       volume_changed_seq = greatest(search_index_state.volume_changed_seq, EXCLUDED.volume_changed_seq),
       updated_at = now()`,
    [index, changes.listing > 0 ? seq : 0, changes.volume > 0 ? seq : 0],
  );
}

/** Forgets an index's recorded inputs (before a rebuild fills it again). */
export async function forgetAnswerInputs(pool: pg.Pool, index: string): Promise<void> {
  await pool.query('DELETE FROM search_answer_inputs WHERE index_name = $1', [index]);
}

/** Where the index's incremental run stopped: the last catalog change_seq it holds (0 when none). */
export async function readIndexState(pool: pg.Pool, index: string): Promise<number> {
  const res = await pool.query<{ last_change_seq: number }>('SELECT last_change_seq FROM search_index_state WHERE index_name = $1', [index]);
  return res.rows[0] ? Number(res.rows[0].last_change_seq) : 0;
}

/** Records that the index holds the catalog up to `seq` (never moves back). */
export async function writeIndexState(pool: pg.Pool, index: string, seq: number): Promise<void> {
  await pool.query(
    `INSERT INTO search_index_state (index_name, last_change_seq, updated_at) VALUES ($1, $2, now())
     ON CONFLICT (index_name) DO UPDATE SET last_change_seq = greatest(search_index_state.last_change_seq, EXCLUDED.last_change_seq), updated_at = now()`,
    [index, seq],
  );
}

async function readVersion(pool: pg.Pool, column: 'answers_changed_seq' | 'volume_changed_seq'): Promise<string> {
  const { rows } = await pool.query<{ v: string | null }>(
    `SELECT coalesce(string_agg(index_name || '=' || ${column}, ',' ORDER BY index_name), '') AS v FROM search_index_state`,
  );
  return rows[0]?.v ?? '';
}

/** The version keyword caches drop everything on: per index, the last listing change. */
export const answersVersion = (pool: pg.Pool): Promise<string> => readVersion(pool, 'answers_changed_seq');
/** The version answers ordered by volume are dropped on. */
export const volumeVersion = (pool: pg.Pool): Promise<string> => readVersion(pool, 'volume_changed_seq');
