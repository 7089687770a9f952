// Cached semantic answers. A semantic search costs an embedding and a pgvector search (tens of ms of
// CPU on the embedded database, one at a time), while real traffic repeats itself: the same
// questions with the same filters. Answers are kept for a short time and concurrent identical
// searches share one computation (ResponseCache). An answer depends on the catalog rows (title,
// status, category, cluster) and on the stored embeddings: when the catalog or the embedding
// indexer's cursors move, a fingerprint of exactly those inputs decides whether the whole cache goes
// (a price-only sync keeps it); the poll interval bounds how stale an answer can be when another
// process made the change.
import type pg from 'pg';
import { normaliseText } from '../../embeddings/embedder.js';
import { watchStateVersion } from '../index-watcher.js';
import { ResponseCache } from '../response-cache.js';
import type { SemanticSearchRequest, SemanticSearchResponse, SemanticSearchTimings } from './semantic-search.js';

export type SemanticAnswer = SemanticSearchResponse & { timings: SemanticSearchTimings };

/** The cache key: the query as the model sees it and the filters in one canonical order. */
export function semanticCacheKey(r: SemanticSearchRequest): string {
  return JSON.stringify([
    normaliseText(r.query),
    r.exchange?.length ? [...new Set(r.exchange)].sort() : null,
    (r.active_only ?? false) || r.status === 'open',
    r.status === 'closed',
    r.category?.toLowerCase() ?? null,
    r.limit ?? null,
    r.offset ?? 0,
  ]);
}

/** What semantic answers depend on: the newest catalog change and the embedding cursors. */
export const SEMANTIC_INPUTS_VERSION_SQL = `SELECT (SELECT coalesce(max(change_seq), 0) FROM markets)::text || '/' ||
  coalesce((SELECT string_agg(name || '=' || last_change_seq, ',' ORDER BY name) FROM embedding_index_state WHERE name LIKE 'cursor:%'), '') AS v`;

/**
 * Exactly what semantic answers show or filter on: the catalog
 * row's title, category, status, cluster and tombstone, and each stored vector (by its text hash)
 * with the filter columns copied next to it. Prices and volumes are not in it, so a price-only sync
 * keeps the cached answers. A scan of both tables (75-110 ms for 23,761 markets and title vectors
 * on the embedded database, loaded machine), run only when SEMANTIC_INPUTS_VERSION_SQL moved and
 * at most once per confirmEveryMs, so a backfill that moves the version every poll costs the single
 * connection at most ~2% instead of a scan a second.
 */
export const SEMANTIC_ANSWER_FINGERPRINT_SQL = `SELECT
  (SELECT count(*) || ':' || coalesce(sum(hashtext(concat_ws('|', exchange, market_id, title, category, closed, svc_id, removed))::numeric), 0)
     FROM markets)
  || '/' ||
  (SELECT count(*) || ':' || coalesce(sum(hashtext(concat_ws('|', exchange, market_id, kind, text_hash, category, closed))::numeric), 0)
     FROM market_embeddings) AS v`;

export interface SemanticResultCacheOptions {
  maxEntries?: number;
  ttlMs?: number;
  watchIntervalMs?: number;
  /** at most one fingerprint scan per this many ms (a change shows within it; default 5 s) */
  confirmEveryMs?: number;
}

export interface SemanticResultCache {
  cache: ResponseCache<SemanticAnswer>;
  /**
   * Drops the answers and calls `onChange`: what the watcher calls on a change it sees, and what a
   * change announced by another instance must call too (src/service.ts), so that nothing kept only
   * as fresh as the answers outlives them.
   */
  invalidate: () => void;
  stop: () => void;
}

/**
 * Starts the cache and its watcher. `onChange` is called whenever the answers are dropped, for what
 * else is only as fresh as they are (the search service's filter row counts and its copy of the markets' rows: forgetCatalogCopies).
 */
export function startSemanticResultCache(pool: pg.Pool, opts: SemanticResultCacheOptions = {}, onChange?: () => void): SemanticResultCache {
  const cache = new ResponseCache<SemanticAnswer>({ maxEntries: opts.maxEntries ?? 5_000, ttlMs: opts.ttlMs ?? 60_000 });
  const changed = () => {
    cache.invalidate();
    onChange?.();
  };
  const stop = watchStateVersion(pool, SEMANTIC_INPUTS_VERSION_SQL, changed, opts.watchIntervalMs, SEMANTIC_ANSWER_FINGERPRINT_SQL, opts.confirmEveryMs ?? 5_000);
  return { cache, invalidate: changed, stop };
}
