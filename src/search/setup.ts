// Everything keyword search needs in the API process, built from the configuration: the engine
// (Elasticsearch when ELASTICSEARCH_URL is set, else PostgreSQL), the hot-prefix cache and its
// cross-process invalidation, and the /health check. The HTTP route is src/http/routes/search.ts.
import type pg from 'pg';
import type { Logger } from 'pino';
import { createSearchBackend, type SearchBackend } from './create-engine.js';
import { ANSWERS_VERSION_SQL, VOLUME_ORDERED, VOLUME_VERSION_SQL } from './answer-inputs.js';
import { watchStateVersion } from './index-watcher.js';
import { ResponseCache } from './response-cache.js';

export interface SearchSetupOptions {
  elasticsearchUrl?: string;
  pool: pg.Pool;
  logger?: Logger;
  /** Elasticsearch alias (default `markets`) */
  alias?: string;
  /** how often to look for index changes made by other processes (ms) */
  watchIntervalMs?: number;
}

export interface SearchHealth {
  status: 'ok' | 'down';
  engine: 'elasticsearch' | 'postgres';
  index?: string | null;
  documents?: number;
}

export interface SearchComponents {
  backend: SearchBackend;
  cache: ResponseCache;
  health(): Promise<SearchHealth>;
  close(): Promise<void>;
}

export async function setupSearch(opts: SearchSetupOptions): Promise<SearchComponents> {
  const backend = createSearchBackend({ elasticsearchUrl: opts.elasticsearchUrl, pool: opts.pool, alias: opts.alias });
  // create the index at start when the engine answers; if it does not, searches answer 503 and
  // the indexing job creates it on its first successful run
  try {
    await backend.ensureIndex();
  } catch (err) {
    opts.logger?.warn({ engine: backend.kind, err }, 'search engine not reachable at start; search answers 503 until it is');
  }
  const cache = new ResponseCache();
  // dropped when the index absorbed a change answers can see (src/search/answer-inputs.ts): every
  // answer on a listing change, the volume-ordered ones on a volume change; a price-only sync keeps it
  const stopWatchingAnswers = watchStateVersion(opts.pool, ANSWERS_VERSION_SQL, () => cache.invalidate(), opts.watchIntervalMs);
  const stopWatchingVolumes = watchStateVersion(opts.pool, VOLUME_VERSION_SQL, () => cache.invalidate(VOLUME_ORDERED), opts.watchIntervalMs);
  const stopWatching = () => {
    stopWatchingAnswers();
    stopWatchingVolumes();
  };
  return {
    backend,
    cache,
    async health() {
      if (!(await backend.ping())) return { status: 'down', engine: backend.kind };
      try {
        return { status: 'ok', engine: backend.kind, index: await backend.liveIndex(), documents: await backend.count() };
      } catch {
        return { status: 'down', engine: backend.kind };
      }
    },
    async close() {
      stopWatching();
      await backend.close();
    },
  };
}
