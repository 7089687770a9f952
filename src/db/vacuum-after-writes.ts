// VACUUM (ANALYZE) of one table once enough of it has been written, for the embedded database.
//
// PGlite runs PostgreSQL as one single-user backend: no autovacuum, ever. Without VACUUM, dead row
// versions stay in the heap and in every index (HNSW graphs included), and the visibility map is
// never set, so no index-only scan skips the heap. Measured on the semantic benchmark catalog (22,162
// title + 22,162 rules vectors, never vacuumed): a search filtered by exchange took p50 12.3 / p95
// 41 ms before one VACUUM of market_embeddings (1.2 s) and 10.4 / 13.0 ms after; the bounded count
// that picks its plan had been reading ~1.6 kB heap rows instead of index entries.
//
// An external PostgreSQL autovacuums on its own; callers enable this only for the embedded one.
import type pg from 'pg';

export interface VacuumAfterWritesOptions {
  /** Never vacuum for fewer written rows than this. */
  minRows?: number;
  /** Vacuum once the rows written since the last VACUUM reach this share of the table. */
  fraction?: number;
}

export class VacuumAfterWrites {
  private written = 0;
  private tableRows: number | null = null;
  private running?: Promise<void>;
  private readonly minRows: number;
  private readonly fraction: number;

  constructor(
    private readonly pool: pg.Pool,
    /** a trusted identifier (a constant of the caller), never user input */
    private readonly table: string,
    options: VacuumAfterWritesOptions = {},
  ) {
    this.minRows = options.minRows ?? 1_000;
    this.fraction = options.fraction ?? 0.5;
  }

  /**
   * Counts rows the caller inserted, updated or deleted (outside any transaction of its own) and
   * vacuums when they reach the threshold. Resolves once the VACUUM, if any, is done.
   */
  async afterWrite(rows: number): Promise<boolean> {
    if (rows <= 0) return false;
    this.written += rows;
    this.tableRows ??= await this.estimatedRows();
    if (this.written < Math.max(this.minRows, this.fraction * this.tableRows)) return false;
    this.running ??= this.vacuum().finally(() => {
      this.running = undefined;
    });
    await this.running;
    return true;
  }

  private async vacuum(): Promise<void> {
    this.written = 0;
    await this.pool.query(`VACUUM (ANALYZE) ${this.table}`);
    this.tableRows = await this.estimatedRows();
  }

  /** pg_class.reltuples: -1 (never vacuumed or analyzed) counts as 0. */
  private async estimatedRows(): Promise<number> {
    const r = await this.pool.query<{ n: number }>('SELECT greatest(reltuples, 0)::float8 AS n FROM pg_class WHERE oid = $1::regclass', [this.table]);
    return r.rows[0]?.n ?? 0;
  }
}
