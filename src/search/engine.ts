// The search engine seam: keyword search and autocomplete over the catalog's markets, served by
// Elasticsearch/OpenSearch when ELASTICSEARCH_URL is set and by PostgreSQL (full text + pg_trgm)
// otherwise. Both implementations pass one contract suite (test/search/contract.ts).
//
// Reading (SearchEngine) and writing (SearchIndexWriter) are separate interfaces because the API
// only reads and the indexer/scripts only write; each implementation provides both.

import type { MarketChangeRow } from '../catalog/catalog-repository.js';

export type StatusFilter = 'open' | 'closed' | 'all';
export type SearchSort = 'relevance' | 'volume' | 'close_time';

/**
 * What an open (or upcoming) market adds to its relevance in both engines' keyword search and
 * autocomplete, where the text tiers are 25 points apart and the volume adds log10 (0..~9): enough
 * that an open market outranks a closed or resolved one of its tier whatever their volumes (last
 * season's final with ten times the volume of this season's included), not enough to lift a market
 * across two tiers. The PostgreSQL engine's stored `popularity` holds 6 of it (market_search).
 */
export const OPEN_BONUS = 20;

/**
 * In a query that names a year (./named-years.ts) a market closing in a named year takes OPEN_BONUS,
 * open or not, and being open adds only this much: open first within the named year, and a closed
 * market of the named year before an open one of another year whatever their volumes.
 */
export const YEAR_QUERY_OPEN_BONUS = 6;

/**
 * One market as the search index holds it: the catalog's change-feed row (its searchable fields and
 * change_seq, so that older writes never overwrite newer ones), with the close time as ISO 8601 and
 * every venue of the market's cluster (just its own when unclustered).
 */
export type MarketSearchDoc = Omit<MarketChangeRow, 'close_time' | 'removed' | 'event_id'> & {
  close_time: string | null;
  cluster_exchanges: string[];
  /** the venue's event (a ladder's strikes share it); absent or null when the market has none */
  event_id?: string | null;
};

export interface MarketKey {
  exchange: string;
  market_id: string;
}

export function docKey(k: MarketKey): string {
  return `${k.exchange}:${k.market_id}`;
}

/** Markets of one cluster collapse to one autocomplete suggestion; unclustered ones stand alone. */
export function groupKey(doc: Pick<MarketSearchDoc, 'exchange' | 'market_id' | 'svc_id'>): string {
  return doc.svc_id ?? docKey(doc);
}

/**
 * What one result of a collapsed search stands for: the markets of one event (`e:` exchange, event id)
 * or, for a market without an event, the market alone (`m:`); the prefixes keep the two apart.
 */
export function eventKey(doc: Pick<MarketSearchDoc, 'exchange' | 'market_id' | 'event_id'>): string {
  return doc.event_id ? `e:${doc.exchange}:${doc.event_id}` : `m:${docKey(doc)}`;
}

/**
 * A search that shows one result per group: per event (a ladder's strikes or brackets as one result,
 * its best match) or per cluster (the same question on several venues as one result). The kept
 * result of a group is its first in the page's order; totals and cursors count groups.
 */
export type Collapse = 'event' | 'cluster';

/** One venue's event: what the `event` filter of a search names. */
export interface EventRef {
  exchange: string;
  event_id: string;
}

/** Opaque position after the last hit of a page; engines put their own sort values in it. */
export type SortPosition = (string | number | null)[];

export interface MarketSearchQuery {
  /** the user's text; empty means "browse" (filters and sort only) */
  q: string;
  exchanges?: string[];
  category?: string;
  status: StatusFilter;
  sort: SearchSort;
  limit: number;
  after?: SortPosition;
  /** one result per event or per cluster (absent: every market) */
  collapse?: Collapse;
  /** only the markets of this event */
  event?: EventRef;
}

export interface MarketHit {
  exchange: string;
  market_id: string;
  title: string;
  category: string;
  closed: boolean;
  score: number;
  svc_id: string | null;
  event_id: string | null;
  /** with `collapse`: the other matches of this hit's group, not shown (0 without collapse) */
  collapsed: number;
}

export interface MarketSearchPage {
  total: number;
  hits: MarketHit[];
  /** position to pass as `after` for the next page, null on the last page */
  next: SortPosition | null;
}

export interface AutocompleteQuery {
  q: string;
  exchanges?: string[];
  category?: string;
  /** 'all' by default: closed markets still suggest, after open ones of similar relevance */
  status?: StatusFilter;
  limit: number;
}

export interface Suggestion {
  text: string;
  exchange: string;
  market_id: string;
  svc_id: string | null;
  exchanges: string[];
  /** true when the suggested market is closed or resolved (open and upcoming ones are not) */
  closed: boolean;
}

export interface SearchEngine {
  readonly kind: 'elasticsearch' | 'postgres';
  searchMarkets(query: MarketSearchQuery): Promise<MarketSearchPage>;
  autocomplete(query: AutocompleteQuery): Promise<Suggestion[]>;
  /** true when the engine answers (for /health) */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface BulkResult {
  written: number;
  /** writes refused because the index already holds a newer change_seq of that market */
  stale: number;
  failed: { key: string; reason: string }[];
}

/** A full rebuild in progress: fill `target`, then commit (atomic switch) or abort. */
export interface Rebuild {
  target: string;
  commit(): Promise<{ previous: string | null }>;
  abort(): Promise<void>;
}

export interface SearchIndexWriter {
  /** Create the live index when missing; returns its physical name (state is kept per name). */
  ensureIndex(): Promise<string>;
  /** The physical index behind the live name, or null when none exists yet. */
  liveIndex(): Promise<string | null>;
  beginRebuild(): Promise<Rebuild>;
  upsert(docs: MarketSearchDoc[], target?: string): Promise<BulkResult>;
  /** `change_seq` of the tombstones, so that a late older write cannot resurrect a deleted market */
  remove(keys: (MarketKey & { change_seq: number })[], target?: string): Promise<number>;
  /** svc_id currently indexed for each key (to refresh a cluster a market has just left) */
  indexedClusterIds(keys: MarketKey[], target?: string): Promise<Map<string, string | null>>;
  refresh(target?: string): Promise<void>;
  count(target?: string): Promise<number>;
  /** documents per exchange (scripts/check-index.ts compares them with the catalog) */
  countByExchange(target?: string): Promise<Map<string, number>>;
}

/** The engine cannot be reached or failed: the API answers 503. */
export class SearchUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SearchUnavailableError';
  }
}
