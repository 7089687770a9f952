// The semantic search statements: the nearest markets of one query vector, or of several in one
// statement, through semantic_search_candidates() (src/db/functions/semantic_search_candidates.sql),
// which returns the candidates only: the service adds what answers show of their markets.
import type pg from 'pg';
import type { FilterRows, SearchFilters } from './filter-row-count-repository.js';
import { toPgVectorBinary } from './vector-param.js';

/** One search as the statement takes it. */
export interface CandidateSearch {
  vector: Float32Array;
  k: number;
  filters: SearchFilters;
  /** How many vectors of each kind the filters keep, as last counted (filtered searches). */
  filterRows?: FilterRows;
}

/** A row as the function returns it: a candidate market and its distance to the query. */
export interface CandidateResult {
  exchange: string;
  market_id: string;
  distance: number;
}

export class SemanticCandidateSearch {
  /**
   * `exactScanMaxRows`: the most rows a filter may keep for the function to scan them exactly
   * rather than walk the graph.
   */
  constructor(
    private readonly pool: pg.Pool,
    private readonly exactScanMaxRows: number,
  ) {}

  /** The candidates of one search. */
  async nearest(search: CandidateSearch): Promise<CandidateResult[]> {
    const { vector, k, filters, filterRows } = search;
    const { rows } = await this.pool.query<CandidateResult>({
      // a named statement: each connection parses and plans it once, not at every search
      name: 'semantic_search_candidates',
      text: 'SELECT * FROM semantic_search_candidates($1::vector, $2, $3::text[], $4, $5, $6, $7, $8)',
      values: [
        toPgVectorBinary(vector),
        k,
        filters.exchanges,
        filters.onlyOpen,
        filters.category,
        this.exactScanMaxRows,
        filterRows?.title ?? null,
        filterRows?.rules ?? null,
      ],
    });
    return rows;
  }

  /**
   * The candidates of several searches in one statement: one round trip to the database (on the
   * embedded one, one message to its worker thread and one parse) instead of one per search. The
   * query vectors go as binary parameters, one each (pg has no binary encoder for vector[]); the
   * exchange lists as comma-joined text (codes hold no commas), since PostgreSQL arrays cannot
   * nest lists of different lengths.
   */
  async nearestBatch(searches: readonly CandidateSearch[]): Promise<CandidateResult[][]> {
    const vectors = searches.map((_, i) => `$${8 + i}::vector`).join(', ');
    const { rows } = await this.pool.query<CandidateResult & { query_index: number }>({
      // prepared once per connection and batch size (at most the batch limit of them), as nearest
      name: `semantic_search_candidates_batch_${searches.length}`,
      text: `SELECT q.i::int AS query_index, s.*
       FROM unnest(ARRAY[${vectors}], $1::int[], $2::text[], $3::boolean[], $4::text[], $6::int[], $7::int[]) WITH ORDINALITY
         AS q(query_vector, k, exchanges, only_open, only_category, title_rows, rules_rows, i)
       CROSS JOIN LATERAL semantic_search_candidates(q.query_vector, q.k, string_to_array(q.exchanges, ','), q.only_open, q.only_category, $5, q.title_rows, q.rules_rows) AS s`,
      values: [
        searches.map((s) => s.k),
        searches.map((s) => s.filters.exchanges?.join(',') ?? null),
        searches.map((s) => s.filters.onlyOpen),
        searches.map((s) => s.filters.category),
        this.exactScanMaxRows,
        searches.map((s) => s.filterRows?.title ?? null),
        searches.map((s) => s.filterRows?.rules ?? null),
        ...searches.map((s) => toPgVectorBinary(s.vector)),
      ],
    });
    const out = searches.map((): CandidateResult[] => []);
    for (const { query_index: i, ...row } of rows) out[i - 1].push(row);
    return out;
  }
}
