// How many stored vectors each filter of semantic search keeps, per kind of text, as last counted.
// A search filtered by exchange or category chooses between an exact scan of the matching rows
// (few of them) and an iterative graph walk (many); counting them at every search cost ~0.3 ms of
// database CPU of a ~1.75 ms search, so the caller passes them in. The counts change only with syncs and the
// embedding backfill, and they only choose the path: a stale count costs time, never rows (the
// exact scan ranks every matching row; a walk that comes back short is filled in exactly), except
// a count of zero, which ends a kind's search: so the counts are dropped with the cached answers
// when the catalog or the embeddings change (SemanticSearchService.forgetCatalogCopies), and each
// filter's counts are kept for a few seconds at most, refreshed in the background, off the search's
// path; a search whose filter has no counts yet passes none, and the statement counts at the call.
import type pg from 'pg';

export interface FilterRows {
  title: number;
  rules: number;
}

export interface SearchFilters {
  exchanges: string[] | null;
  onlyOpen: boolean;
  /** lower-case, as the search statement compares it */
  category: string | null;
}

export interface FilterRowCountsOptions {
  /** Counts go up to this (the exact scan's threshold + 1: above it, the exact number does not matter). */
  bound: number;
  /** How long counts are used before a refresh (default 15 s). */
  ttlMs?: number;
  /** Filters kept (default 1,000; the least recently counted go first). */
  maxEntries?: number;
  now?: () => number;
}

interface Entry {
  rows?: FilterRows;
  countedAt: number;
  refreshing: boolean;
}

const COUNT_SQL = `SELECT semantic_filter_rows('title', $1::text[], $2, $3, $4) AS title,
                          semantic_filter_rows('rules', $1::text[], $2, $3, $4) AS rules`;

export class FilterRowCounts {
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(private readonly pool: pg.Pool, private readonly options: FilterRowCountsOptions) {
    this.ttlMs = options.ttlMs ?? 15_000;
    this.maxEntries = options.maxEntries ?? 1_000;
    this.now = options.now ?? Date.now;
  }

  /**
   * The counts last read for these filters, or undefined when there are none yet. Starts a
   * background count when there are none or they are older than the TTL (one at a time per filter).
   */
  get(filters: SearchFilters): FilterRows | undefined {
    const key = JSON.stringify([filters.exchanges ? [...new Set(filters.exchanges)].sort() : null, filters.onlyOpen, filters.category]);
    let entry = this.entries.get(key);
    const now = this.now();
    if (!entry) {
      while (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      entry = { countedAt: -Infinity, refreshing: false };
      this.entries.set(key, entry);
    }
    if (!entry.refreshing && now - entry.countedAt >= this.ttlMs) this.refresh(key, entry, filters);
    return entry.rows;
  }

  /** Filters with counts kept or being counted. */
  get size(): number {
    return this.entries.size;
  }

  /** Drops every count (counts in flight land nowhere): the next search of each filter counts at the call. */
  clear(): void {
    this.entries.clear();
  }

  /** Waits for the counts in flight (for tests and orderly shutdown). */
  async settled(): Promise<void> {
    await Promise.all(this.inFlight);
  }

  private refresh(key: string, entry: Entry, filters: SearchFilters): void {
    entry.refreshing = true;
    const started = this.now();
    const counted = this.pool.query<FilterRows>(COUNT_SQL, [filters.exchanges, filters.onlyOpen, filters.category, this.options.bound]).then(
      ({ rows: [row] }) => {
        entry.rows = { title: row.title, rules: row.rules };
        entry.countedAt = started;
      },
      () => {
        // the statement counts at the call meanwhile; try again after the TTL, not at every search
        entry.rows = undefined;
        entry.countedAt = started;
      },
    ).finally(() => {
      entry.refreshing = false;
      // re-inserted: the Map's order is the order of counting, oldest first out
      if (this.entries.get(key) === entry) {
        this.entries.delete(key);
        this.entries.set(key, entry);
      }
      this.inFlight.delete(counted);
    });
    this.inFlight.add(counted);
  }
}
