// Which search engine serves this process: Elasticsearch/OpenSearch when ELASTICSEARCH_URL is set,
// else PostgreSQL. Both read and write through the same object.
import type pg from 'pg';
import { createElasticClient } from './elastic/client.js';
import { ElasticSearchEngine, type IndexLayout } from './elastic/engine.js';
import type { SearchEngine, SearchIndexWriter } from './engine.js';
import { PostgresSearchEngine } from './postgres/search-repository.js';

export type SearchBackend = SearchEngine & SearchIndexWriter;

export interface SearchBackendOptions {
  /** one node URL, or several separated by commas (every node of a cluster) */
  elasticsearchUrl?: string;
  /** shards and replicas of the indices Elasticsearch gets (default 1 shard, replicas by node count) */
  layout?: Partial<IndexLayout>;
  pool: pg.Pool;
  /** Elasticsearch alias (default `markets`) */
  alias?: string;
}

export function createSearchBackend(opts: SearchBackendOptions): SearchBackend {
  if (opts.elasticsearchUrl) {
    return new ElasticSearchEngine({ client: createElasticClient(opts.elasticsearchUrl), alias: opts.alias, layout: opts.layout });
  }
  return new PostgresSearchEngine({ pool: opts.pool });
}
