// Semantic search as one component for the composition root: loads the model in the background
// (the service answers meanwhile; semantic search is a 503 until it is ready, with the reason in
// /health), fetching it first when it is missing and a fetch is configured (else a missing or corrupt
// model disables semantic search for good), starts the embedding indexer the composition root hands
// in once the model is there, and offers the search service, the recent-answers cache, the reason it
// is not ready yet and the health check. The HTTP route lives in src/http/routes/semantic-search.ts.
import type pg from 'pg';
import type { Logger } from 'pino';
import { startBackgroundModelFetch, type BackgroundModelFetch, type ModelFetchSettings } from '../../embeddings/background-model-fetch.js';
import { Embedder, type EmbedderOptions } from '../../embeddings/embedder.js';
import { MODEL_NAME } from '../../embeddings/model-spec.js';
import { PgEmbeddingCache } from '../../embeddings/embedding-cache-repository.js';
import type { WorkerPoolOptions } from '../../embeddings/worker-pool.js';
import type { ComponentHealth } from '../../health/component-health.js';
import type { ResponseCache } from '../response-cache.js';
import { startSemanticResultCache, type SemanticAnswer, type SemanticResultCacheOptions } from './result-cache.js';
import { SemanticSearchService, type KeywordCandidates } from './semantic-search.js';
import { MarketEmbeddingStore } from './market-embedding-repository.js';
import { EmbeddingBacklog, type EmbeddingBacklogSnapshot } from './embedding-backlog.js';

/** What the component needs of the embedding indexer (src/indexers/embeddings-indexer.ts). */
export interface BackgroundIndexer {
  start(intervalMs: number): void;
  requestRun(): void;
  stop(): Promise<void>;
}

export interface SemanticComponentOptions {
  modelDir: string;
  pool: pg.Pool;
  logger: Logger;
  /**
   * Builds the embedding indexer once the model is loaded; omitted in API-only instances (no indexer
   * in this process). The composition root passes `(embedder) => new EmbeddingIndexer(...)`.
   */
  createIndexer?: (embedder: Embedder) => BackgroundIndexer;
  /** Safety-net interval of the indexer besides requestIndexing() after syncs. */
  indexIntervalMs?: number;
  workerPool?: Partial<WorkerPoolOptions>;
  embedder?: EmbedderOptions;
  /** Recent-answers cache (sizes, TTL, invalidation poll interval). */
  resultCache?: SemanticResultCacheOptions;
  /** Fetch the model into modelDir when it is missing (retrying until it works); absent = never fetch. */
  modelFetch?: ModelFetchSettings;
  /** The keyword engine's matches fused with the vector candidates (hybrid retrieval); absent = vectors only. */
  keywordCandidates?: KeywordCandidates;
}

export interface SemanticComponent {
  /** Resolves when the model is loaded (rejects with its error when it cannot be). */
  ready: Promise<void>;
  getService(): SemanticSearchService | undefined;
  /** Recent answers, for the route (invalidated when the catalog or the embeddings change). */
  resultCache: ResponseCache<SemanticAnswer>;
  /** Drops the recent answers and the search service's copies kept as fresh as they are (a change another instance announced). */
  invalidateAnswers(): void;
  /** Why there is no search service yet (model being fetched, loading or failed), for the 503. */
  unavailableReason(): string;
  /** Call after each venue sync: embeds what changed (coalesced; never blocks the caller). */
  requestIndexing(): void;
  /** The backlog and the embedder's counters; null until the model is loaded. */
  embeddingWork(): Promise<EmbeddingWork | null>;
  health(): Promise<ComponentHealth>;
  close(): Promise<void>;
}

/**
 * The embedding backfill's part of /health: the real backlog (live markets whose title or rules have
 * no vector yet, and of those the open markets', which the indexer does first; the `*_to_check`
 * counts are the catalog rows changed since the indexer's cursors, most of them only in price or
 * volume, which the next run looks at and mostly finds nothing to do for), how fast it goes down,
 * and who holds the backfill's lease until when.
 */
async function backfillHealth(store: MarketEmbeddingStore, backlog: EmbeddingBacklog): Promise<Record<string, unknown>> {
  const { missing, ratePerSecond, etaSeconds } = await backlog.snapshot();
  const lease = await store.lease();
  return {
    titles_pending: missing.title,
    rules_pending: missing.rules,
    open_titles_pending: missing.open.title,
    open_rules_pending: missing.open.rules,
    backlog_rate_per_s: ratePerSecond,
    backlog_eta_s: etaSeconds,
    backfill_lease: lease && { holder: lease.owner, until: lease.until.toISOString() },
  };
}

/** The embedder's document counters and the backlog, for the operator's metrics. */
export interface EmbeddingWork {
  backlog: EmbeddingBacklogSnapshot;
  /** Document texts run through the model since the process started. */
  modelTexts: number;
  /** Document texts whose vector was reused (an identical text's, by content hash). */
  reusedTexts: number;
}

export function startSemanticComponent(options: SemanticComponentOptions): SemanticComponent {
  let embedder: Embedder | undefined;
  let backlog: EmbeddingBacklog | undefined;
  let service: SemanticSearchService | undefined;
  let indexer: BackgroundIndexer | undefined;
  let failure: Error | undefined;
  let closed = false;
  const store = new MarketEmbeddingStore(options.pool);
  const logger = options.logger.child({ component: 'semantic-search' });
  // a change that drops the cached answers drops what the service keeps only as fresh as they are:
  // the filter row counts (a count of zero ends a kind's search) and the copy of the markets' rows
  const results = startSemanticResultCache(options.pool, options.resultCache, () => service?.forgetCatalogCopies());
  const backgroundFetch: BackgroundModelFetch | undefined = options.modelFetch
    ? startBackgroundModelFetch(options.modelDir, options.modelFetch, options.logger)
    : undefined;

  /** Why there is no search service yet, for the 503 and /health. */
  function notReadyReason(): string {
    if (failure) return 'the embedding model is not loaded';
    const state = backgroundFetch?.state();
    if (state?.phase === 'fetching') {
      const percent = state.total ? ` (${Math.floor((100 * state.bytes) / state.total)}%)` : '';
      return `the embedding model is being fetched${percent}; try again shortly`;
    }
    if (state?.phase === 'waiting_to_retry') return `the embedding model could not be fetched yet (${state.error}); next attempt at ${state.retryAt.toISOString()}`;
    return 'the embedding model is loading; try again shortly';
  }

  const ready = (async () => {
    if (backgroundFetch) await backgroundFetch.ready;
    if (closed) return;
    const started = Date.now();
    const loaded = await Embedder.start(
      { modelDir: options.modelDir, ...options.workerPool },
      new PgEmbeddingCache(options.pool),
      options.embedder,
    );
    if (closed) {
      await loaded.close();
      return;
    }
    embedder = loaded;
    backlog = new EmbeddingBacklog(store, () => loaded.stats.computed + loaded.stats.cached);
    service = new SemanticSearchService(options.pool, loaded, { keywordCandidates: options.keywordCandidates });
    logger.info({ ms: Date.now() - started, workers: loaded.pool.size }, 'embedding model loaded');
    if (options.createIndexer) {
      indexer = options.createIndexer(loaded);
      indexer.start(options.indexIntervalMs ?? 60_000);
    }
  })();
  ready.catch((err: Error) => {
    if (closed) return; // closed during the fetch or the load: nothing failed
    failure = err;
    logger.error({ err }, 'semantic search disabled: the embedding model could not be loaded');
  });

  return {
    ready,
    getService: () => service,
    resultCache: results.cache,
    invalidateAnswers: results.invalidate,
    unavailableReason: notReadyReason,
    requestIndexing: () => {
      // the catalog changed: the next read of the backlog counts it again
      backlog?.invalidate();
      indexer?.requestRun();
    },
    async embeddingWork() {
      if (!embedder || !backlog) return null;
      return { backlog: await backlog.snapshot(), modelTexts: embedder.stats.computed, reusedTexts: embedder.stats.cached };
    },
    async health() {
      if (failure) return { status: 'down', error: failure.message };
      const fetching = backgroundFetch?.state();
      if (fetching?.phase === 'fetching') {
        const { source, bytes, total, attempt } = fetching;
        const percent = total ? Math.floor((100 * bytes) / total) : null;
        return { status: 'fetching', model: MODEL_NAME, source, bytes, total, percent, attempt };
      }
      if (fetching?.phase === 'waiting_to_retry') {
        return { status: 'down', model: MODEL_NAME, error: notReadyReason(), attempt: fetching.attempt, retry_at: fetching.retryAt.toISOString() };
      }
      if (!embedder || !backlog) return { status: 'starting' };
      const counts = await store.counts();
      const pending = await store.pending();
      return {
        status: 'ok',
        model: 'bge-small-en-v1.5',
        workers: embedder.pool.size,
        embedded_titles: counts.title,
        embedded_rules: counts.rules,
        ...(await backfillHealth(store, backlog)),
        titles_to_check: pending.title,
        rules_to_check: pending.rules,
      };
    },
    async close() {
      closed = true;
      backgroundFetch?.close();
      results.stop();
      // A model load still in flight closes what it loaded as soon as it sees `closed` (see above):
      // wait for it, so that no worker holding an ONNX session outlives the component (one torn
      // down at process exit aborts the process).
      await ready.catch(() => undefined);
      await indexer?.stop();
      await embedder?.close();
    },
  };
}
