// The semantic search statements: the nearest markets of one query vector, or of several in one
// statement, through a SQL function (src/db/functions/semantic_search_candidates.sql by default).
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

/** A row as the function returns it (the candidate, and with an older function the market's shown fields). */
export type CandidateResult = { exchange: string; market_id: string; distance: number } & Record<string, unknown>;

export class SemanticCandidateSearch {
  private readonly singleSql: string;

  /**
   * `searchFunction`: the SQL function a search calls; `takesRowCounts`: whether it takes the
   * filters' kept row counts (the current functions do); `exactScanMaxRows`: passed to it.
   */
  constructor(
    private readonly pool: pg.Pool,
    private readonly searchFunction: string,
    private readonly takesRowCounts: boolean,
    private readonly exactScanMaxRows: number,
  ) {
    if (!/^[a-z_][a-z0-9_]*$/.test(searchFunction)) throw new Error(`not a function name: ${searchFunction}`);
    this.singleSql = takesRowCounts
      ? `SELECT * FROM ${searchFunction}($1::vector, $2, $3::text[], $4, $5, $6, $7, $8)`
      : `SELECT * FROM ${searchFunction}($1::vector, $2, $3::text[], $4, $5, $6)`;
  }

  /** The candidates of one search. */
  async nearest(search: CandidateSearch): Promise<CandidateResult[]> {
    const { vector, k, filters, filterRows } = search;
    const { rows } = await this.pool.query<CandidateResult>({
      // a named statement: each connection parses and plans it once, not at every search
      name: this.searchFunction,
      text: this.singleSql,
      values: [
        toPgVectorBinary(vector),
        k,
        filters.exchanges,
        filters.onlyOpen,
        filters.category,
        this.exactScanMaxRows,
        ...(this.takesRowCounts ? [filterRows?.title ?? null, filterRows?.rules ?? null] : []),
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
    const counts = this.takesRowCounts;
    const first = counts ? 8 : 6;
    const vectors = searches.map((_, i) => `$${first + i}::vector`).join(', ');
    const { rows } = await this.pool.query<CandidateResult & { query_index: number }>({
      // prepared once per connection and batch size (at most the batch limit of them), as nearest
      name: `${this.searchFunction}_batch_${searches.length}`,
      text: `SELECT q.i::int AS query_index, s.*
       FROM unnest(ARRAY[${vectors}], $1::int[], $2::text[], $3::boolean[], $4::text[]${counts ? ', $6::int[], $7::int[]' : ''}) WITH ORDINALITY
         AS q(query_vector, k, exchanges, only_open, only_category, ${counts ? 'title_rows, rules_rows, ' : ''}i)
       CROSS JOIN LATERAL ${this.searchFunction}(q.query_vector, q.k, string_to_array(q.exchanges, ','), q.only_open, q.only_category, $5${counts ? ', q.title_rows, q.rules_rows' : ''}) AS s`,
      values: [
        searches.map((s) => s.k),
        searches.map((s) => s.filters.exchanges?.join(',') ?? null),
        searches.map((s) => s.filters.onlyOpen),
        searches.map((s) => s.filters.category),
        this.exactScanMaxRows,
        ...(counts ? [searches.map((s) => s.filterRows?.title ?? null), searches.map((s) => s.filterRows?.rules ?? null)] : []),
        ...searches.map((s) => toPgVectorBinary(s.vector)),
      ],
    });
    const out = searches.map((): CandidateResult[] => []);
    for (const { query_index: i, ...row } of rows) out[i - 1].push(row as CandidateResult);
    return out;
  }
}
