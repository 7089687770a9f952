// What a semantic answer shows of each market (title, category, status, cluster) and the live
// values its filters are re-checked against (status, category, removal), kept per instance for the
// markets answers showed. Re-reading them from `markets` in every search statement cost 0.17-0.38 ms
// of the server's ~1.0 ms of CPU a search; they change rarely (a market closes, is
// renamed, joins a cluster), and the service already drops its cached answers within about a second
// of such a change on the server (the database's change notifications, src/db/notifications.ts) and within the watcher's
// confirmation interval on the embedded database (result-cache.ts). The copy is dropped at the same
// moments (SemanticSearchService.forgetCatalogCopies), so a search computed from it is exactly as
// fresh as an answer served from the cache: never a market shown open, or in a category, longer after
// its change than a cached answer could show it. The rows are read through the catalog's repository.
import type pg from 'pg';
import { CatalogReader } from '../../catalog/catalog-repository.js';

export interface MarketDisplayRow {
  title: string;
  category: string;
  /** lower(category) as PostgreSQL computes it: what the category filter of the search statement compares. */
  categoryKey: string;
  closed: boolean;
  svc_id: string | null;
  removed: boolean;
  /** the venue's event (results of one event collapse into one by default) */
  event_id: string | null;
  /** the UTC year the market closes in (a query naming a year ranks that year's markets first) */
  closeYear: number | null;
}

export interface MarketDisplayRowsOptions {
  /** Markets kept (default 200,000, ~60 MB at most); a full copy starts over. */
  maxRows?: number;
}

/** One string for a market, for the reads' bookkeeping (exchange codes hold no NUL). */
const readKey = (exchange: string, marketId: string): string => `${exchange}\u0000${marketId}`;

/** A market as a search's candidates name it. */
export interface MarketRef {
  exchange: string;
  market_id: string;
}

export class MarketDisplayRows {
  /**
   * By exchange, then market id: no key string to build and hash per candidate (~5 against ~25 us
   * for the 40 candidates of a search, measured with strings fresh from the pg client).
   */
  private rows = new Map<string, Map<string, MarketDisplayRow>>();
  private kept = 0;
  /** Bumped by clear(): a read that started before it lands nowhere. */
  private generation = 0;
  private readonly maxRows: number;
  private readonly catalog: CatalogReader;
  private reads = 0;
  private rowsRead = 0;

  constructor(pool: pg.Pool, options: MarketDisplayRowsOptions = {}) {
    this.catalog = new CatalogReader(pool);
    this.maxRows = options.maxRows ?? 200_000;
  }

  /**
   * The rows of these markets, in their order: from the copy, and the ones it lacks read from
   * `markets` in one statement (and kept). A market that no longer exists has none (undefined).
   */
  async rowsFor(markets: readonly MarketRef[]): Promise<(MarketDisplayRow | undefined)[]> {
    const out = new Array<MarketDisplayRow | undefined>(markets.length);
    let missing: number[] | undefined;
    for (let i = 0; i < markets.length; i++) {
      const row = this.rows.get(markets[i].exchange)?.get(markets[i].market_id);
      if (row) out[i] = row;
      else (missing ??= []).push(i);
    }
    if (!missing) return out;
    const asked = new Set<string>();
    const exchanges: string[] = [];
    const ids: string[] = [];
    for (const i of missing) {
      const { exchange, market_id } = markets[i];
      const key = readKey(exchange, market_id);
      if (asked.has(key)) continue;
      asked.add(key);
      exchanges.push(exchange);
      ids.push(market_id);
    }
    const generation = this.generation;
    const rows = await this.catalog.semanticDisplayFieldsByKeys(exchanges, ids);
    this.reads++;
    this.rowsRead += rows.length;
    const keep = generation === this.generation; // else the copy was dropped meanwhile: answer, keep nothing
    const read = new Map<string, MarketDisplayRow>();
    for (const r of rows) {
      const row: MarketDisplayRow = { title: r.title, category: r.category, categoryKey: r.category_key, closed: r.closed, svc_id: r.svc_id, removed: r.removed, event_id: r.event_id, closeYear: r.close_time ? new Date(r.close_time).getUTCFullYear() : null };
      read.set(readKey(r.exchange, r.market_id), row);
      if (keep) this.keep(r.exchange, r.market_id, row);
    }
    for (const i of missing) out[i] = read.get(readKey(markets[i].exchange, markets[i].market_id));
    return out;
  }

  /** Drops the copy: call whenever cached answers are dropped (a change to what answers show). */
  clear(): void {
    this.rows = new Map();
    this.kept = 0;
    this.generation++;
  }

  /** Markets kept, and reads of the catalog so far (tests, benchmarks). */
  get stats(): { kept: number; reads: number; rowsRead: number } {
    return { kept: this.kept, reads: this.reads, rowsRead: this.rowsRead };
  }

  private keep(exchange: string, marketId: string, row: MarketDisplayRow): void {
    // full: start over (the copy refills from the reads; cheaper to keep than an eviction order)
    if (this.kept >= this.maxRows) {
      this.rows = new Map();
      this.kept = 0;
    }
    let ofExchange = this.rows.get(exchange);
    if (!ofExchange) this.rows.set(exchange, (ofExchange = new Map()));
    if (!ofExchange.has(marketId)) this.kept++;
    ofExchange.set(marketId, row);
  }
}
