// Cached semantic answers. A semantic search costs an embedding and a pgvector search (tens of ms of
// CPU on the embedded database, one at a time), while real traffic repeats itself: the same
// questions with the same filters. Answers are kept for a short time and concurrent identical
// searches share one computation (ResponseCache). An answer depends on the catalog rows (title,
// status, category, cluster) and on the stored embeddings: when the catalog or the embedding
// indexer's cursors move, a fingerprint of exactly those inputs decides whether the whole cache goes
// (a price-only sync keeps it); the poll interval bounds how stale an answer can be when another
// process made the change.
import type pg from 'pg';
import { CatalogReader } from '../../catalog/catalog-repository.js';
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
    r.collapse ?? null,
    r.event ? [r.event.exchange, r.event.event_id] : null,
  ]);
}

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
  const catalog = new CatalogReader(pool);
  const stop = watchStateVersion(() => catalog.semanticInputsVersion(), changed, opts.watchIntervalMs, () => catalog.semanticAnswerFingerprint(), opts.confirmEveryMs ?? 5_000);
  return { cache, invalidate: changed, stop };
}
