// Everything keyword search needs in the API process, built from the configuration: the engine
// (Elasticsearch when ELASTICSEARCH_URL is set, else PostgreSQL), the hot-prefix cache and its
// cross-process invalidation, and the /health check. The HTTP route is src/http/routes/search.ts.
import type pg from 'pg';
import type { Logger } from 'pino';
import { createSearchBackend, type SearchBackend } from './create-engine.js';
import { answersVersion, VOLUME_ORDERED, volumeVersion } from './search-index-state-repository.js';
import { ElasticSearchEngine, type IndexLayout, type SearchClusterHealth } from './elastic/engine.js';
import { watchStateVersion } from './index-watcher.js';
import { ResponseCache } from './response-cache.js';

export interface SearchSetupOptions {
  /** one node URL or several, comma-separated */
  elasticsearchUrl?: string;
  /** shards and replicas of new Elasticsearch indices */
  layout?: Partial<IndexLayout>;
  pool: pg.Pool;
  logger?: Logger;
  /** Elasticsearch alias (default `markets`) */
  alias?: string;
  /** how often to look for index changes made by other processes (ms) */
  watchIntervalMs?: number;
}

export interface SearchHealth {
  /** degraded: searches are answered, but a node is gone or a replica is missing (no redundancy) */
  status: 'ok' | 'degraded' | 'down';
  engine: 'elasticsearch' | 'postgres';
  index?: string | null;
  documents?: number;
  /** Elasticsearch only */
  cluster?: SearchClusterHealth;
  /** why it is degraded or down */
  reason?: string;
}

/**
 * ok when the live index is green and every configured node is in the cluster; degraded when
 * searches still have every shard but the cluster runs short (yellow, or fewer nodes than the URLs
 * given); down when some shard has no copy at all (red: answers would miss markets).
 */
export function clusterVerdict(cluster: SearchClusterHealth): Pick<SearchHealth, 'status' | 'reason'> {
  if (cluster.status === 'red') return { status: 'down', reason: `index red: ${cluster.unassigned_shards} shard copies unassigned, some primary among them` };
  const reasons: string[] = [];
  if (cluster.status === 'yellow') reasons.push(`index yellow: ${cluster.unassigned_shards} replica copies unassigned`);
  if (cluster.nodes < cluster.configured_nodes) reasons.push(`${cluster.nodes} of ${cluster.configured_nodes} configured nodes in the cluster`);
  return reasons.length ? { status: 'degraded', reason: reasons.join('; ') } : { status: 'ok' };
}

export interface SearchComponents {
  backend: SearchBackend;
  cache: ResponseCache;
  health(): Promise<SearchHealth>;
  close(): Promise<void>;
}

export async function setupSearch(opts: SearchSetupOptions): Promise<SearchComponents> {
  const backend = createSearchBackend({ elasticsearchUrl: opts.elasticsearchUrl, pool: opts.pool, alias: opts.alias, layout: opts.layout });
  // create the index at start when the engine answers; if it does not, searches answer 503 and
  // the indexing job creates it on its first successful run
  try {
    await backend.ensureIndex();
  } catch (err) {
    opts.logger?.warn({ engine: backend.kind, err }, 'search engine not reachable at start; search answers 503 until it is');
  }
  const cache = new ResponseCache();
  // dropped when the index absorbed a change answers can see (src/search/search-index-state-repository.ts): every
  // answer on a listing change, the volume-ordered ones on a volume change; a price-only sync keeps it
  const stopWatchingAnswers = watchStateVersion(() => answersVersion(opts.pool), () => cache.invalidate(), opts.watchIntervalMs);
  const stopWatchingVolumes = watchStateVersion(() => volumeVersion(opts.pool), () => cache.invalidate(VOLUME_ORDERED), opts.watchIntervalMs);
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
        const [index, documents, cluster] = await Promise.all([
          backend.liveIndex(),
          backend.count(),
          backend instanceof ElasticSearchEngine ? backend.clusterHealth() : null,
        ]);
        if (!cluster) return { status: 'ok', engine: backend.kind, index, documents };
        return { ...clusterVerdict(cluster), engine: backend.kind, index, documents, cluster };
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
