// Which search engine serves this process: Elasticsearch/OpenSearch when ELASTICSEARCH_URL is set,
// else PostgreSQL. Both read and write through the same object.
import type pg from 'pg';
import { createElasticClient } from './elastic/client.js';
import { ElasticSearchEngine } from './elastic/engine.js';
import type { SearchEngine, SearchIndexWriter } from './engine.js';
import { PostgresSearchEngine } from './postgres/engine.js';

export type SearchBackend = SearchEngine & SearchIndexWriter;

export interface SearchBackendOptions {
  elasticsearchUrl?: string;
  pool: pg.Pool;
  /** Elasticsearch alias (default `markets`) */
  alias?: string;
}

export function createSearchBackend(opts: SearchBackendOptions): SearchBackend {
  if (opts.elasticsearchUrl) {
    return new ElasticSearchEngine({ client: createElasticClient(opts.elasticsearchUrl), alias: opts.alias });
  }
  return new PostgresSearchEngine({ pool: opts.pool });
}
