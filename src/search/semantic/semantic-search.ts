// Semantic search (docs/interface-spec.md §4.3, docs/api-contract.md §5): embed the query, take the nearest
// markets by title and by rules from pgvector, and rank them by
//   score = cosine distance to the nearer of the market's title and rules embeddings
//           - up to 0.2 for the query's keywords found in the title
//           + 0.1 when the market is closed or resolved (CLOSED_PENALTY: open ones first)
// (lower is more relevant). The boost can reorder, so more candidates than `limit` are fetched per
// kind and the exact score is computed for all of them before cutting to `limit`.
import type pg from 'pg';
import type { Embedder } from '../../embeddings/embedder.js';
import { toPgVectorBinary } from './vector-param.js';
import { queryKeywords, TitleWords } from './keyword-boost.js';
import { MicroBatcher, type MicroBatcherStats } from './micro-batcher.js';
import { FilterRowCounts, type FilterRows, type SearchFilters } from './filter-row-counts.js';
import { MarketDisplayRows } from './market-display-rows.js';

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;
/** How deep pages reach (offset + limit): the candidates fetched per kind of text stop at 200. */
export const MAX_DEPTH = 200;

/**
 * Added to a closed or resolved market's score, so that open and upcoming markets come first among
 * results of similar relevance: past editions of a question ("who wins the Super Bowl" of every
 * season) differ from the open one by a few hundredths of cosine distance, while a market about
 * something else is usually tenths away.
 */
export const CLOSED_PENALTY = 0.1;

export interface SemanticSearchRequest {
  query: string;
  exchange?: string[];
  active_only?: boolean;
  /** 'closed': only closed and resolved markets; 'open' is active_only */
  status?: 'open' | 'closed' | 'all';
  category?: string;
  limit?: number;
  /** Results of the ranking skipped (a later page); offset + limit stays within MAX_DEPTH. */
  offset?: number;
}

export interface SemanticResultItem {
  market_id: string;
  exchange: string;
  title: string;
  category: string;
  closed: boolean;
  score: number;
  /** Present only when the market belongs to a cross-exchange cluster. */
  svc_id?: string;
}

export interface SemanticSearchResponse {
  query: string;
  count: number;
  results: SemanticResultItem[];
  /** true when the ranking holds results after this page (within MAX_DEPTH) */
  more: boolean;
}

export interface SemanticSearchTimings {
  /** Embedding the query (worker queue + inference). */
  embedMs: number;
  /** The pgvector query, candidates and exact rescoring included. */
  databaseMs: number;
}

export interface SemanticSearchOptions {
  /** Candidates fetched per kind of text for `limit` results (default: 2 x limit, 40..200). */
  candidates?: (limit: number) => number;
  /**
   * Searches that arrive together share one query-embedding pass and one database statement
   * (default true). False restores one embedding call and one statement per search (the path
   * before batching; bench/semantic/latency.ts compares the two in one run).
   */
  batching?: boolean;
  /** Longest wait of a search for company before its embedding pass, when others are in progress (ms). */
  maxBatchWaitMs?: number;
  /** Most searches per embedding pass and per statement. */
  maxBatch?: number;
  /**
   * Statements in flight at once (default: the pool's size: 1 on the embedded database, whose one
   * connection runs one statement at a time; more with DATABASE_URL).
   */
  databaseConcurrency?: number;
  /**
   * The SQL function a search calls (default `semantic_search_candidates`, with the catalog rows
   * from MarketDisplayRows; `semantic_search` with catalogCopy false). For benchmarks only: they compare against an earlier definition
   * installed under another name in the benchmark's database (one that takes no kept row counts of the
   * filters and joins the catalog rows itself).
   */
  searchFunction?: string;
  /** How long a filter's kept row counts are used before a recount (ms; FilterRowCounts). */
  filterRowsTtlMs?: number;
  /**
   * Take what answers show of each market from the service's copy (MarketDisplayRows, default
   * true). False: the search statement joins the live catalog rows at every search
   * (`semantic_search`), ~0.3 ms more of database CPU a
   * search (bench/db/semantic-cpu.ts compares the two in one run).
   */
  catalogCopy?: boolean;
}

/** How batching served the searches so far (for benchmarks and logs). */
export interface SemanticBatchStats {
  embedding: MicroBatcherStats;
  database: MicroBatcherStats;
}

interface PendingSearch {
  filters: SearchFilters;
  k: number;
  vector?: Float32Array;
  /** How many vectors of each kind the search's filters keep, as last counted (filtered searches). */
  filterRows?: FilterRows;
}

/** A candidate as semantic_search_candidates returns it. */
interface Candidate {
  exchange: string;
  market_id: string;
  distance: number;
}

/** A candidate with what the answer shows of its market. */
interface CandidateRow extends Candidate {
  title: string;
  category: string;
  closed: boolean;
  svc_id: string | null;
}

/**
 * A filter that leaves at most this many rows of a kind is answered by an exact scan of those rows;
 * above it, by an iterative HNSW scan (semantic_search_kind). The graph walk visits
 * about k / selectivity nodes, so it is slow exactly when a filter keeps a small share of a large
 * catalog; the exact scan costs in proportion to the rows kept. Measured on the benchmark catalog
 * (22,162 markets, vacuumed; 80 stored vectors as queries): category "sports" keeps 2,552 rows per
 * kind, p50 / p95 33.8 / 132.6 ms through the graph (the function's default of 1,000) and
 * 15.2 / 16.9 ms exactly at 3,000; unfiltered, `active_only` and exchange searches are unchanged.
 */
export const EXACT_SCAN_MAX_ROWS = 3_000;

/**
 * A request's filters as the search statement takes them, worked out once per search: the same
 * values go to the statement and key the filter's row counts, so the counts passed are the counts of
 * the rows the statement filters.
 */
function searchFilters(request: SemanticSearchRequest): SearchFilters {
  return {
    exchanges: request.exchange?.length ? request.exchange : null,
    onlyOpen: (request.active_only ?? false) || request.status === 'open',
    category: request.category?.toLowerCase() ?? null,
  };
}

export class SemanticSearchService {
  private readonly candidates: (limit: number) => number;
  private readonly batching: boolean;
  /** The statement of one search (`semantic_search_candidates(...)`, `semantic_search(...)` without the copy, or the benchmark's `searchFunction`). */
  private readonly singleSql: string;
  /** The SQL function name for the batched statement. */
  private readonly searchFunction: string;
  private readonly embedStage: MicroBatcher<string, Float32Array>;
  private readonly databaseStage: MicroBatcher<PendingSearch, CandidateRow[]>;
  /** Searches between their start and their answer (a reason for a new one to wait for company). */
  private inProgress = 0;
  /** The candidates' title words for the keyword boost, tokenised once per title, not per search. */
  private readonly titleWords = new TitleWords();
  /** Each filter's kept row counts, or undefined for a benchmark's searchFunction, which takes none. */
  private readonly filterRowCounts: FilterRowCounts | undefined;
  /** What answers show of the markets, or undefined when the statement joins them (catalogCopy false, searchFunction). */
  private readonly displayRows: MarketDisplayRows | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly embedder: Embedder,
    options: SemanticSearchOptions = {},
  ) {
    this.candidates = options.candidates ?? ((limit) => Math.min(Math.max(limit * 2, 40), 200));
    this.batching = options.batching ?? true;
    const current = options.searchFunction === undefined;
    const copy = current && (options.catalogCopy ?? true);
    this.searchFunction = options.searchFunction ?? (copy ? 'semantic_search_candidates' : 'semantic_search');
    if (!/^[a-z_][a-z0-9_]*$/.test(this.searchFunction)) throw new Error(`not a function name: ${this.searchFunction}`);
    this.filterRowCounts = current ? new FilterRowCounts(pool, { bound: EXACT_SCAN_MAX_ROWS + 1, ttlMs: options.filterRowsTtlMs }) : undefined;
    this.displayRows = copy ? new MarketDisplayRows(pool) : undefined;
    this.singleSql = current
      ? `SELECT * FROM ${this.searchFunction}($1::vector, $2, $3::text[], $4, $5, $6, $7, $8)`
      : `SELECT * FROM ${this.searchFunction}($1::vector, $2, $3::text[], $4, $5, $6)`;
    const maxBatch = options.maxBatch ?? 32;
    this.embedStage = new MicroBatcher((queries) => this.embedder.embedQueries(queries), {
      maxBatch,
      concurrency: Math.max(1, embedder.pool.size),
      maxWaitMs: options.maxBatchWaitMs ?? 2,
      // others in progress will soon come back with their next query (closed loops, pages of
      // results fanning out): worth a couple of milliseconds; a lone search never waits
      shouldWait: () => this.inProgress > 1,
    });
    this.databaseStage = new MicroBatcher((searches) => this.nearestMarketsBatch(searches), {
      maxBatch,
      concurrency: options.databaseConcurrency ?? Math.max(1, (pool as { options?: { max?: number } }).options?.max ?? 1),
      // the statement in flight is the wait: searches gather behind it, none is held back
      maxWaitMs: 0,
    });
  }

  get batchStats(): SemanticBatchStats {
    return { embedding: { ...this.embedStage.stats }, database: { ...this.databaseStage.stats } };
  }

  async search(request: SemanticSearchRequest): Promise<SemanticSearchResponse & { timings: SemanticSearchTimings }> {
    const limit = request.limit ?? DEFAULT_LIMIT;
    const offset = request.offset ?? 0;
    const k = this.candidates(Math.min(offset + limit, MAX_DEPTH));
    const filters = searchFilters(request);
    const filterRows = this.filterRowsOf(filters);
    const started = performance.now();
    let vector: Float32Array;
    let rows: CandidateRow[];
    let embedded: number;
    this.inProgress++;
    try {
      if (this.batching) {
        vector = await this.embedStage.submit(request.query);
        embedded = performance.now();
        rows = await this.databaseStage.submit({ filters, k, vector, filterRows });
      } else {
        vector = await this.embedder.embedQuery(request.query);
        embedded = performance.now();
        rows = await this.nearestMarkets(vector, k, filters, filterRows);
      }
    } finally {
      this.inProgress--;
    }
    const done = performance.now();

    const boost = this.titleWords.booster(queryKeywords(request.query));
    const onlyClosed = request.status === 'closed';
    const ranked = rows
      .filter((row) => !onlyClosed || row.closed)
      .map((row) => ({ row, score: row.distance - boost(row.title) + (row.closed ? CLOSED_PENALTY : 0) }))
      .sort((a, b) => a.score - b.score || a.row.exchange.localeCompare(b.row.exchange) || a.row.market_id.localeCompare(b.row.market_id));
    const end = Math.min(offset + limit, MAX_DEPTH);
    const results = ranked
      .slice(offset, end)
      .map(({ row, score }): SemanticResultItem => ({
        market_id: row.market_id,
        exchange: row.exchange,
        title: row.title,
        category: row.category,
        closed: row.closed,
        score: Math.round(score * 1e6) / 1e6,
        ...(row.svc_id ? { svc_id: row.svc_id } : {}),
      }));
    return {
      query: request.query,
      count: results.length,
      results,
      more: ranked.length > end,
      timings: { embedMs: embedded - started, databaseMs: done - embedded },
    };
  }

  /** Waits for the filters' row counts in flight (tests). */
  async filterRowsSettled(): Promise<void> {
    await this.filterRowCounts?.settled();
  }

  /** How many filters' row counts are kept (tests, logs). */
  get filterRowsKept(): number {
    return this.filterRowCounts?.size ?? 0;
  }

  /** The copy of the markets' rows answers show: how many are kept, and the reads that filled it (tests, benchmarks). */
  get displayRowStats(): { kept: number; reads: number; rowsRead: number } {
    return this.displayRows?.stats ?? { kept: 0, reads: 0, rowsRead: 0 };
  }

  /**
   * Drops what the service keeps only as fresh as the cached answers: the filters' row counts (so
   * that no search trusts a count of zero made before rows came) and the copy of the markets' rows
   * (so that no search shows a market as it was before a change). Call when the catalog or the
   * embeddings changed; the component does, with the recent answers.
   */
  forgetCatalogCopies(): void {
    this.filterRowCounts?.clear();
    this.displayRows?.clear();
  }

  /** The kept row counts of a filtered search's filters, when counted already (see FilterRowCounts). */
  private filterRowsOf(filters: SearchFilters): FilterRows | undefined {
    if (!this.filterRowCounts || (filters.exchanges === null && filters.category === null)) return undefined;
    return this.filterRowCounts.get(filters);
  }

  /**
   * nearestMarkets for several searches in one statement: one round trip to the database (on the
   * embedded one, one message to its worker thread and one parse) instead of one per search. The
   * query vectors go as binary parameters, one each (pg has no binary encoder for vector[]); the
   * exchange lists as comma-joined text (codes hold no commas), since PostgreSQL arrays cannot
   * nest lists of different lengths.
   */
  private async nearestMarketsBatch(searches: PendingSearch[]): Promise<CandidateRow[][]> {
    if (searches.length === 1) {
      const [{ vector, k, filters, filterRows }] = searches;
      return [await this.nearestMarkets(vector!, k, filters, filterRows)];
    }
    const counts = this.filterRowCounts !== undefined;
    const first = counts ? 8 : 6;
    const vectors = searches.map((_, i) => `$${first + i}::vector`).join(', ');
    const { rows } = await this.pool.query<(CandidateRow | Candidate) & { query_index: number }>({
      // prepared once per connection and batch size (at most maxBatch of them), as nearestMarkets
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
        EXACT_SCAN_MAX_ROWS,
        ...(counts ? [searches.map((s) => s.filterRows?.title ?? null), searches.map((s) => s.filterRows?.rules ?? null)] : []),
        ...searches.map((s) => toPgVectorBinary(s.vector!)),
      ],
    });
    const out = searches.map((): (CandidateRow | Candidate)[] => []);
    for (const { query_index: i, ...row } of rows) out[i - 1].push(row);
    return this.withMarketRows(out, searches.map((s) => s.filters));
  }

  /**
   * Candidates from both HNSW indexes with the exact distance to the nearer of each candidate's two
   * embeddings (one statement, which leaves the catalog rows out), then their markets' rows (withMarketRows).
   */
  private async nearestMarkets(vector: Float32Array, k: number, filters: SearchFilters, filterRows: FilterRows | undefined): Promise<CandidateRow[]> {
    const { rows } = await this.pool.query<CandidateRow | Candidate>({
      // a named statement: each connection parses and plans it once, not at every search
      name: this.searchFunction,
      text: this.singleSql,
      values: [
        toPgVectorBinary(vector),
        k,
        filters.exchanges,
        filters.onlyOpen,
        filters.category,
        EXACT_SCAN_MAX_ROWS,
        ...(this.filterRowCounts ? [filterRows?.title ?? null, filterRows?.rules ?? null] : []),
      ],
    });
    return (await this.withMarketRows([rows], [filters]))[0];
  }

  /**
   * Each search's candidates with their markets' rows (one read for the markets the copy lacks,
   * whatever the number of searches), the filters re-checked against those rows as semantic_search
   * re-checks them against `markets`: a removed market, a closed one under `active_only`, one whose
   * category or exchange no longer matches, or one deleted, drops out. A statement that joined the
   * rows itself (catalogCopy false, the benchmarks' earlier definitions) returns them already.
   */
  private async withMarketRows(lists: (CandidateRow | Candidate)[][], filters: SearchFilters[]): Promise<CandidateRow[][]> {
    if (!this.displayRows) return lists as CandidateRow[][];
    const all = lists.length === 1 ? lists[0] : lists.flat();
    const markets = await this.displayRows.rowsFor(all);
    let at = 0;
    return lists.map((candidates, i) => {
      const { exchanges, onlyOpen, category } = filters[i];
      const out: CandidateRow[] = [];
      for (const c of candidates) {
        const m = markets[at++];
        if (!m || m.removed || (onlyOpen && m.closed) || (category !== null && m.categoryKey !== category)) continue;
        if (exchanges !== null && !exchanges.includes(c.exchange)) continue;
        out.push({ exchange: c.exchange, market_id: c.market_id, distance: c.distance, title: m.title, category: m.category, closed: m.closed, svc_id: m.svc_id });
      }
      return out;
    });
  }
}
