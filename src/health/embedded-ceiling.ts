// The embedded database's ceiling: the catalog size up to which the embedded PostgreSQL (PGlite, one
// WebAssembly process) serves the targets of docs/operations.md. Past it nothing is refused or
// dropped (every sync still writes, every read is answered) but latency and memory grow beyond the
// targets and the WASM heap (a hard 2 GB of linear memory) comes closer, so /health turns `degraded`
// with a warning naming DATABASE_URL, and the log says so once each time the catalog crosses it.
// Keyword search latency is not what sets it: the PostgreSQL search engine misses its target on two
// shared cores well below it (bench/HISTORY.md), which OpenSearch (ELASTICSEARCH_URL) meets.
import type { Logger } from 'pino';
import type { ComponentHealth } from './component-health.js';

/**
 * Bounded in bench/HISTORY.md ("The embedded database's ceiling"): the catalog's rows and vector
 * graphs live in files read through a 128 MB buffer pool inside the 2 GiB WebAssembly heap; up to
 * about this many markets (10% open) the two open-market HNSW graphs that semantic search walks stay
 * in that pool, beyond it every search reads graph pages through the filesystem.
 */
export const DEFAULT_EMBEDDED_CATALOG_CEILING = 250_000;


export interface EmbeddedCeilingOptions {
  /** The catalog's live markets (the venues' counts kept by the sync: SyncStatusStore.totalLiveMarkets). */
  liveMarkets: () => Promise<number>;
  databaseKind: 'embedded' | 'external';
  /** Live markets the embedded database serves within the targets. */
  ceiling: number;
  logger?: Logger;
}

export class EmbeddedCatalogCeiling {
  private above = false;

  constructor(private readonly opts: EmbeddedCeilingOptions) {}

  /** The warning for a catalog of `markets` live markets, or null within the ceiling (or on a server). */
  warning(markets: number): string | null {
    if (this.opts.databaseKind !== 'embedded' || markets <= this.opts.ceiling) return null;
    return `the catalog holds ${markets} live markets, more than the ${this.opts.ceiling} the embedded database serves within its memory and semantic-search targets (EMBEDDED_CATALOG_CEILING); nothing is refused or lost, but set DATABASE_URL to a PostgreSQL server (docs/operations.md, "Scale")`;
  }

  /** /health's `catalog` component; logs a warning when the catalog crosses the ceiling (and when it is back under). */
  async check(): Promise<ComponentHealth> {
    const markets = await this.opts.liveMarkets();
    const warning = this.warning(markets);
    if (warning && !this.above) this.opts.logger?.warn({ markets, ceiling: this.opts.ceiling }, warning);
    if (!warning && this.above) this.opts.logger?.info({ markets, ceiling: this.opts.ceiling }, 'the catalog is back within the embedded database\'s ceiling');
    this.above = warning !== null;
    const ceiling = this.opts.databaseKind === 'embedded' ? this.opts.ceiling : null;
    return warning ? { status: 'degraded', markets, embedded_ceiling: ceiling, warning } : { status: 'ok', markets, embedded_ceiling: ceiling };
  }
}
