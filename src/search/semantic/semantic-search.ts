// Semantic search (spec "Semantic search", CONTRACT.md §5): embed the query, take the nearest
// markets by title and by rules from pgvector, and rank them by
//   score = cosine distance to the nearer of the market's title and rules embeddings
//           - up to 0.2 for the query's keywords found in the title
// (lower is more relevant). The boost can reorder, so more candidates than `limit` are fetched per
// kind and the exact score is computed for all of them before cutting to `limit`.
import type pg from 'pg';
import type { Embedder } from '../../../embeddings/embedder.js';
import { toPgVectorBinary } from './vector-param.js';
import { keywordBoost, queryKeywords } from './keyword-boost.js';

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;

export interface SemanticSearchRequest {
  query: string;
  exchange?: string[];
  active_only?: boolean;
  category?: string;
  limit?: number;
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
}

interface CandidateRow {
  exchange: string;
  market_id: string;
  title: string;
  category: string;
  closed: boolean;
  svc_id: string | null;
  distance: number;
}

/**
 * A filter that leaves at most this many rows of a kind is answered by an exact scan of those rows;
 * above it, by an iterative HNSW scan (semantic_search_kind, migration 041). The graph walk visits
 * about k / selectivity nodes, so it is slow exactly when a filter keeps a small share of a large
 * catalog; the exact scan costs in proportion to the rows kept. Measured on the benchmark catalog
 * (22,162 markets, vacuumed; 80 stored vectors as queries): category "sports" keeps 2,552 rows per
 * kind, p50 / p95 33.8 / 132.6 ms through the graph (the function's default of 1,000) and
 * 15.2 / 16.9 ms exactly at 3,000; unfiltered, `active_only` and exchange searches are unchanged.
 */
export const EXACT_SCAN_MAX_ROWS = 3_000;

export class SemanticSearchService {
  private readonly candidates: (limit: number) => number;

  constructor(
    private readonly pool: pg.Pool,
    private readonly embedder: Embedder,
    options: SemanticSearchOptions = {},
  ) {
    this.candidates = options.candidates ?? ((limit) => Math.min(Math.max(limit * 2, 40), 200));
  }

  async search(request: SemanticSearchRequest): Promise<SemanticSearchResponse & { timings: SemanticSearchTimings }> {
    const limit = request.limit ?? DEFAULT_LIMIT;
    const started = performance.now();
    const vector = await this.embedder.embedQuery(request.query);
    const embedded = performance.now();
    const rows = await this.nearestMarkets(vector, this.candidates(limit), request);
    const done = performance.now();

    const keywords = queryKeywords(request.query);
    const results = rows
      .map((row) => ({ row, score: row.distance - keywordBoost(keywords, row.title) }))
      .sort((a, b) => a.score - b.score || a.row.exchange.localeCompare(b.row.exchange) || a.row.market_id.localeCompare(b.row.market_id))
      .slice(0, limit)
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
      timings: { embedMs: embedded - started, databaseMs: done - embedded },
    };
  }

  /**
   * Candidates from both HNSW indexes with the exact distance to the nearer of each candidate's two
   * embeddings, the filters re-checked against the live catalog row: one statement (migration 041),
   * so a search holds the single embedded connection for one round trip.
   */
  private async nearestMarkets(vector: Float32Array, k: number, request: SemanticSearchRequest): Promise<CandidateRow[]> {
    const { rows } = await this.pool.query<CandidateRow>(
      'SELECT * FROM semantic_search($1::vector, $2, $3::text[], $4, $5, $6)',
      [
        toPgVectorBinary(vector),
        k,
        request.exchange?.length ? request.exchange : null,
        request.active_only ?? false,
        request.category?.toLowerCase() ?? null,
        EXACT_SCAN_MAX_ROWS,
      ],
    );
    return rows;
  }
}
