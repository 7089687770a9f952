// Table upkeep the embedded database needs from its writers: a statement (ANALYZE, VACUUM) run once
// the rows written since its last run reach a share of a table's size.
//
// PGlite runs PostgreSQL as one single-user backend: no autovacuum, ever, so nothing ANALYZEs or
// VACUUMs a table unless the code that writes it does. Without VACUUM, dead row versions stay in the
// heap and in every index (HNSW graphs included), and the visibility map is never set, so no
// index-only scan skips the heap. Measured on the semantic benchmark catalog (22,162 title + 22,162
// rules vectors, never vacuumed): a search filtered by exchange took p50 12.3 / p95 41 ms before one
// VACUUM of market_embeddings (1.2 s) and 10.4 / 13.0 ms after; the bounded count that picks its
// plan had been reading ~1.6 kB heap rows instead of index entries. (Why ANALYZE matters: see
// src/catalog/catalog-statistics.ts.)
//
// An external PostgreSQL autovacuums on its own; callers enable VACUUM only for the embedded one.
import type pg from 'pg';

export interface MaintenanceAfterWritesOptions {
  /** The statement to run; built from the caller's constants, never from input. */
  statement: string;
  /** The table whose row estimate (pg_class.reltuples) sizes the threshold. */
  sizeTable: string;
  /** Never run for fewer written rows than this. */
  minRows: number;
  /** Run once the rows written since the last run reach this multiple of sizeTable's rows. */
  fraction: number;
}

export class MaintenanceAfterWrites {
  private written = 0;
  private tableRows: number | null = null;
  private running?: Promise<void>;

  constructor(
    private readonly pool: pg.Pool,
    private readonly options: MaintenanceAfterWritesOptions,
  ) {}

  /**
   * Counts rows the caller inserted, updated or deleted (outside any transaction of its own) and
   * runs the statement when they reach the threshold. Resolves once that run, if any, is done.
   */
  async afterWrite(rows: number): Promise<boolean> {
    if (rows <= 0) return false;
    this.written += rows;
    this.tableRows ??= await this.estimatedRows();
    if (this.written < Math.max(this.options.minRows, this.options.fraction * this.tableRows)) return false;
    this.running ??= this.run().finally(() => {
      this.running = undefined;
    });
    await this.running;
    return true;
  }

  private async run(): Promise<void> {
    this.written = 0;
    await this.pool.query(this.options.statement);
    this.tableRows = await this.estimatedRows();
  }

  /** pg_class.reltuples: -1 (never vacuumed or analyzed) counts as 0. */
  private async estimatedRows(): Promise<number> {
    const r = await this.pool.query<{ n: number }>('SELECT greatest(reltuples, 0)::float8 AS n FROM pg_class WHERE oid = $1::regclass', [this.options.sizeTable]);
    return r.rows[0]?.n ?? 0;
  }
}

export interface VacuumAfterWritesOptions {
  /** Never vacuum for fewer written rows than this (default 1,000). */
  minRows?: number;
  /** Vacuum once the rows written since the last VACUUM reach this share of the table (default 0.5). */
  fraction?: number;
}

/** VACUUM (ANALYZE) of `table` (a constant of the caller) after enough writes to it. */
export function vacuumAfterWrites(pool: pg.Pool, table: string, options: VacuumAfterWritesOptions = {}): MaintenanceAfterWrites {
  return new MaintenanceAfterWrites(pool, {
    statement: `VACUUM (ANALYZE) ${table}`,
    sizeTable: table,
    minRows: options.minRows ?? 1_000,
    fraction: options.fraction ?? 0.5,
  });
}
