// Semantic search (docs/interface-spec.md §4.3, docs/api-contract.md §5): embed the query (with the
// other names of the names it has, mappings/synonyms.txt), take the nearest markets by title and by
// rules from pgvector, add the keyword engine's best matches for the query (hybrid retrieval: names,
// numbers and rare words the vectors blur), and rank them all by
//   score = cosine distance to the nearer of the market's title and rules embeddings
//           - up to 0.2 for the query's keywords (or their synonyms) found in the title
//           - up to HYBRID_WEIGHT by the market's rank in the keyword engine's answer
//           + 0.1 when the market is closed or resolved (CLOSED_PENALTY: open ones first; in a query
//             naming a year, that year's markets first: timelinessPenalty)
// (lower is more relevant). The boosts can reorder, so more candidates than `limit` are fetched per
// kind and the exact score is computed for all of them before cutting to `limit`.
import type pg from 'pg';
import type { Embedder } from '../../embeddings/embedder.js';
import { queryKeywordGroups, TitleWords } from './keyword-boost.js';
import { MicroBatcher, type MicroBatcherStats } from '../../util/micro-batcher.js';
import { FilterRowCounts, type FilterRows, type SearchFilters } from './filter-row-count-repository.js';
import { MarketDisplayRows } from './market-display-row-repository.js';
import { SemanticCandidateSearch, type CandidateSearch } from './semantic-candidate-repository.js';
import { MarketEmbeddingStore } from './market-embedding-repository.js';
import { domainSynonyms, type Synonyms } from '../synonyms.js';
import { toPgVector } from '../../embeddings/vector-codec.js';
import { CatalogReader } from '../../catalog/catalog-repository.js';
import { eventKey, groupKey, OPEN_BONUS, YEAR_QUERY_OPEN_BONUS, type Collapse, type EventRef } from '../engine.js';
import { namedYears } from '../named-years.js';
import { collapseRanked } from '../grouped-results.js';

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;
/** How deep pages reach (offset + limit): the candidates fetched per kind of text stop at 200. */
export const MAX_DEPTH = 200;
/** Most markets of one event a search within it (`event`) ranks. */
export const MAX_EVENT_MARKETS = 1_000;

/**
 * Added to a closed or resolved market's score, so that open and upcoming markets come first among
 * results of similar relevance: past editions of a question ("who wins the Super Bowl" of every
 * season) differ from the open one by a few hundredths of cosine distance, while a market about
 * something else is usually tenths away.
 */
export const CLOSED_PENALTY = 0.1;

/**
 * What a market's status and year add to its score (lower is better): CLOSED_PENALTY for a closed one;
 * in a query naming years (../named-years.ts), as keyword search ranks them (OPEN_BONUS and
 * YEAR_QUERY_OPEN_BONUS, ../engine.ts), CLOSED_PENALTY for a market not closing in a named year and
 * the part of it YEAR_QUERY_OPEN_BONUS is of OPEN_BONUS for a closed one: that year's closed market
 * before another year's open one.
 */
export function timelinessPenalty(row: { closed: boolean; closeYear: number | null }, years: readonly number[]): number {
  if (years.length === 0) return row.closed ? CLOSED_PENALTY : 0;
  const inYear = row.closeYear !== null && years.includes(row.closeYear);
  return (inYear ? 0 : CLOSED_PENALTY) + (row.closed ? (CLOSED_PENALTY * YEAR_QUERY_OPEN_BONUS) / OPEN_BONUS : 0);
}

/**
 * The most taken off the score of the keyword engine's first match (hybrid retrieval); its n-th
 * match (0-based) gets HYBRID_WEIGHT * (HYBRID_RANK_K + 1) / (HYBRID_RANK_K + 1 + n), a reciprocal-rank
 * weight. Chosen on the tune split of the judged set (scripts/eval-search.ts --split tune).
 */
export const HYBRID_WEIGHT = 0.05;
export const HYBRID_RANK_K = 10;
/** Most keyword matches a search takes as candidates. */
export const HYBRID_CANDIDATES = 40;

/** The keyword engine's best matches for a semantic request, best first (its filters applied). */
export type KeywordCandidates = (request: SemanticSearchRequest, limit: number) => Promise<{ exchange: string; market_id: string }[]>;

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
  /** One result per event or per cluster, the first of each in the ranking (absent: every market). */
  collapse?: Collapse;
  /** Only the markets of this event, every one of them ranked (not the nearest few). */
  event?: EventRef;
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
  /** The venue's event (the route answers it as `event`). */
  event_id?: string | null;
  /** With `collapse`: the other ranked markets of this result's group, not shown (the route's `more_in_event`). */
  collapsed?: number;
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
  /** Longest wait of a search for company before its embedding pass, when others are in progress (ms). */
  maxBatchWaitMs?: number;
  /** Most searches per embedding pass and per statement. */
  maxBatch?: number;
  /**
   * Statements in flight at once (default: the pool's size: 1 on the embedded database, whose one
   * connection runs one statement at a time; more with DATABASE_URL).
   */
  databaseConcurrency?: number;
  /** How long a filter's kept row counts are used before a recount (ms; FilterRowCounts). */
  filterRowsTtlMs?: number;
  /** The keyword engine's matches to fuse with the vector candidates (absent: vectors only). */
  keywordCandidates?: KeywordCandidates;
  /** HYBRID_WEIGHT unless set (0 turns the keyword engine's rank off as a score term). */
  hybridWeight?: number;
  /** Synonyms the query is expanded with (default mappings/synonyms.txt). */
  synonyms?: Synonyms;
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
  event_id: string | null;
  closeYear: number | null;
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
  /** The search statements (`semantic_search_candidates(...)`), one search or several at once. */
  private readonly candidateSearch: SemanticCandidateSearch;
  private readonly embedStage: MicroBatcher<string, Float32Array>;
  private readonly databaseStage: MicroBatcher<PendingSearch, CandidateRow[]>;
  /** Searches between their start and their answer (a reason for a new one to wait for company). */
  private inProgress = 0;
  /** The candidates' title words for the keyword boost, tokenised once per title, not per search. */
  private readonly titleWords = new TitleWords();
  /** Each filter's kept row counts (the statement picks an exact scan or the graph walk by them). */
  private readonly filterRowCounts: FilterRowCounts;
  /**
   * What answers show of the markets: a copy kept by the service, so that the search statement
   * returns candidates only and does not join the catalog rows at every search.
   */
  private readonly displayRows: MarketDisplayRows;
  private readonly keywordCandidates: KeywordCandidates | undefined;
  private readonly hybridWeight: number;
  private readonly synonyms: Synonyms;
  private readonly embeddings: MarketEmbeddingStore;
  private readonly catalog: CatalogReader;

  constructor(
    private readonly pool: pg.Pool,
    private readonly embedder: Embedder,
    options: SemanticSearchOptions = {},
  ) {
    this.candidates = options.candidates ?? ((limit) => Math.min(Math.max(limit * 2, 40), 200));
    this.keywordCandidates = options.keywordCandidates;
    this.hybridWeight = options.hybridWeight ?? HYBRID_WEIGHT;
    this.synonyms = options.synonyms ?? domainSynonyms();
    this.embeddings = new MarketEmbeddingStore(pool);
    this.catalog = new CatalogReader(pool);
    this.filterRowCounts = new FilterRowCounts(pool, { bound: EXACT_SCAN_MAX_ROWS + 1, ttlMs: options.filterRowsTtlMs });
    this.displayRows = new MarketDisplayRows(pool);
    this.candidateSearch = new SemanticCandidateSearch(pool, EXACT_SCAN_MAX_ROWS);
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

  /**
   * `deepest`: the candidates of the whole MAX_DEPTH, for a collapsed search whose usual candidates
   * collapsed into fewer results than the page needs (a ladder's markets are each other's nearest).
   */
  async search(request: SemanticSearchRequest, deepest = false): Promise<SemanticSearchResponse & { timings: SemanticSearchTimings }> {
    const limit = request.limit ?? DEFAULT_LIMIT;
    const offset = request.offset ?? 0;
    const k = deepest ? this.candidates(MAX_DEPTH) : this.candidates(Math.min(offset + limit, MAX_DEPTH));
    const filters = searchFilters(request);
    const filterRows = this.filterRowsOf(filters);
    const started = performance.now();
    let vector: Float32Array;
    let rows: CandidateRow[];
    let embedded: number;
    const text = this.synonyms.expandText(request.query);
    // the keyword engine answers while the query is embedded; a failing engine leaves vectors only
    const keywordMatches = this.keywordCandidates && !request.event
      ? this.keywordCandidates(request, Math.min(k, HYBRID_CANDIDATES)).catch(() => [])
      : Promise.resolve([]);
    let keywordRanks = new Map<string, number>();
    this.inProgress++;
    try {
      vector = await this.embedStage.submit(text);
      embedded = performance.now();
      rows = request.event ? await this.eventCandidates(request.event, vector, filters) : await this.databaseStage.submit({ filters, k, vector, filterRows });
      keywordRanks = new Map((await keywordMatches).map((m, i) => [`${m.exchange}\u0000${m.market_id}`, i]));
      rows = await this.withKeywordMatches(rows, keywordRanks, vector, filters);
    } finally {
      this.inProgress--;
    }
    const done = performance.now();

    const boost = this.titleWords.booster(queryKeywordGroups(request.query, this.synonyms));
    const hybrid = (row: CandidateRow): number => {
      const rank = keywordRanks.get(`${row.exchange}\u0000${row.market_id}`);
      return rank === undefined ? 0 : (this.hybridWeight * (HYBRID_RANK_K + 1)) / (HYBRID_RANK_K + 1 + rank);
    };
    const onlyClosed = request.status === 'closed';
    const years = namedYears(request.query);
    const ranked = rows
      .filter((row) => !onlyClosed || row.closed)
      .map((row) => ({ row, score: row.distance - boost(row.title) - hybrid(row) + timelinessPenalty(row, years) }))
      .sort((a, b) => a.score - b.score || a.row.exchange.localeCompare(b.row.exchange) || a.row.market_id.localeCompare(b.row.market_id));
    const end = Math.min(offset + limit, MAX_DEPTH);
    const collapse = request.collapse;
    const kept = collapse ? collapseRanked(ranked, ({ row }) => (collapse === 'event' ? eventKey(row) : groupKey(row))) : ranked.map((item) => ({ item, collapsed: 0 }));
    // the walk was cut at k (more rows may match) yet its groups do not fill the page: once more, deeper
    const deepestK = this.candidates(MAX_DEPTH);
    if (collapse && !deepest && kept.length <= end && k < deepestK && rows.length >= k) return this.search(request, true);
    const results = kept
      .slice(offset, end)
      .map(({ item: { row, score }, collapsed }): SemanticResultItem => ({
        market_id: row.market_id,
        exchange: row.exchange,
        title: row.title,
        category: row.category,
        closed: row.closed,
        score: Math.round(score * 1e6) / 1e6,
        ...(row.svc_id ? { svc_id: row.svc_id } : {}),
        event_id: row.event_id,
        collapsed,
      }));
    return {
      query: request.query,
      count: results.length,
      results,
      more: kept.length > end,
      timings: { embedMs: embedded - started, databaseMs: done - embedded },
    };
  }

  /**
   * The vector candidates and the keyword engine's matches the vector walk did not reach, those
   * with their exact distance to the query (from their stored vectors; a market not embedded yet
   * cannot be scored and stays out) and their catalog rows, the filters re-checked.
   */
  private async withKeywordMatches(rows: CandidateRow[], keywordRank: Map<string, number>, vector: Float32Array, filters: SearchFilters): Promise<CandidateRow[]> {
    if (keywordRank.size === 0) return rows;
    const have = new Set(rows.map((r) => `${r.exchange}\u0000${r.market_id}`));
    const missing = [...keywordRank.keys()].filter((key) => !have.has(key)).map((key) => {
      const [exchange, market_id] = key.split('\u0000');
      return { exchange, market_id };
    });
    if (missing.length === 0) return rows;
    const distances = await this.embeddings.distancesTo(toPgVector(vector), missing);
    const [extra] = await this.withMarketRows([distances], [filters]);
    return [...rows, ...extra];
  }

  /** Every market of one event (up to MAX_EVENT_MARKETS) with its distance to the query, the filters re-checked. */
  private async eventCandidates(event: EventRef, vector: Float32Array, filters: SearchFilters): Promise<CandidateRow[]> {
    const markets = await this.catalog.eventMarketKeys(event.exchange, event.event_id, MAX_EVENT_MARKETS);
    const distances = await this.embeddings.distancesTo(toPgVector(vector), markets);
    return (await this.withMarketRows([distances], [filters]))[0];
  }

  /** Waits for the filters' row counts in flight (tests). */
  async filterRowsSettled(): Promise<void> {
    await this.filterRowCounts.settled();
  }

  /** How many filters' row counts are kept (tests, logs). */
  get filterRowsKept(): number {
    return this.filterRowCounts.size;
  }

  /** The copy of the markets' rows answers show: how many are kept, and the reads that filled it (tests, benchmarks). */
  get displayRowStats(): { kept: number; reads: number; rowsRead: number } {
    return this.displayRows.stats;
  }

  /**
   * Drops what the service keeps only as fresh as the cached answers: the filters' row counts (so
   * that no search trusts a count of zero made before rows came) and the copy of the markets' rows
   * (so that no search shows a market as it was before a change). Call when the catalog or the
   * embeddings changed; the component does, with the recent answers.
   */
  forgetCatalogCopies(): void {
    this.filterRowCounts.clear();
    this.displayRows.clear();
  }

  /** The kept row counts of a filtered search's filters, when counted already (see FilterRowCounts). */
  private filterRowsOf(filters: SearchFilters): FilterRows | undefined {
    if (filters.exchanges === null && filters.category === null) return undefined;
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
    const rows = await this.candidateSearch.nearestBatch(searches as CandidateSearch[]);
    return this.withMarketRows(rows, searches.map((s) => s.filters));
  }

  /**
   * Candidates from both HNSW indexes with the exact distance to the nearer of each candidate's two
   * embeddings (one statement, which leaves the catalog rows out), then their markets' rows (withMarketRows).
   */
  private async nearestMarkets(vector: Float32Array, k: number, filters: SearchFilters, filterRows: FilterRows | undefined): Promise<CandidateRow[]> {
    const rows = await this.candidateSearch.nearest({ vector, k, filters, filterRows });
    return (await this.withMarketRows([rows], [filters]))[0];
  }

  /**
   * Each search's candidates with their markets' rows (one read for the markets the copy lacks,
   * whatever the number of searches), the filters re-checked against those rows as semantic_search
   * re-checks them against `markets`: a removed market, a closed one under `active_only`, one whose
   * category or exchange no longer matches, or one deleted, drops out.
   */
  private async withMarketRows(lists: Candidate[][], filters: SearchFilters[]): Promise<CandidateRow[][]> {
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
        out.push({ exchange: c.exchange, market_id: c.market_id, distance: c.distance, title: m.title, category: m.category, closed: m.closed, svc_id: m.svc_id, event_id: m.event_id, closeYear: m.closeYear });
      }
      return out;
    });
  }
}
