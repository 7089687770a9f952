/**
 * Day partitions of the recorded tables: `recorded_<what>_pYYYYMMDD` holds the rows
 * whose `ts` falls in that UTC day. The recorder creates today's and the next `aheadDays` days'
 * partitions on start and on every maintenance pass, creates a past day's partition on demand when a
 * backfill brings rows of it (within retention), and drops partitions whose whole day is older than
 * the retention: old data goes by DROP TABLE, never by DELETE (no bloat, no vacuum debt). Plain SQL
 * of PostgreSQL >= 11, so it runs the same on the embedded PGlite and on a server.
 */
import type pg from 'pg';

export const RECORDED_TABLES = ['recorded_book_snapshots', 'recorded_book_deltas', 'recorded_trades', 'recorded_top_of_book', 'recorded_candles_1m'] as const;
export type RecordedTable = (typeof RECORDED_TABLES)[number];

const DAY_MS = 86_400_000;

/** The UTC day (epoch ms of its midnight) of an instant. */
export const dayOf = (ms: number): number => Math.floor(ms / DAY_MS) * DAY_MS;

/** `20261124` for the day starting at `dayMs`. */
export function daySuffix(dayMs: number): string {
  return new Date(dayMs).toISOString().slice(0, 10).replace(/-/g, '');
}

export const partitionName = (table: RecordedTable, dayMs: number): string => `${table}_p${daySuffix(dayMs)}`;

/** The day a partition name stands for, or null for a table that is not one of ours. */
export function partitionDay(table: RecordedTable, name: string): number | null {
  const m = new RegExp(`^${table}_p(\\d{4})(\\d{2})(\\d{2})$`).exec(name);
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isFinite(ms) ? ms : null;
}

export interface PartitionSettings {
  /** Days of data kept (a partition is dropped once its whole day is older than this). */
  retentionDays: number;
  /** Future days whose partitions exist before their first row. */
  aheadDays: number;
}

export class PartitionManager {
  /** Days known to have their partitions (of every table), so writes need no catalog lookups. */
  private readonly ready = new Set<number>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly settings: PartitionSettings,
  ) {}

  /** The oldest day still kept at `nowMs`. */
  oldestKeptDay(nowMs: number): number {
    return dayOf(nowMs) - (this.settings.retentionDays - 1) * DAY_MS;
  }

  /** Whether a row at `tsMs` is inside retention (older ones are not written: they would be dropped). */
  keeps(tsMs: number, nowMs: number): boolean {
    return tsMs >= this.oldestKeptDay(nowMs);
  }

  /** Makes sure the day of `tsMs` has its partitions in every recorded table. */
  async ensureDay(tsMs: number): Promise<void> {
    const day = dayOf(tsMs);
    if (this.ready.has(day)) return;
    for (const table of RECORDED_TABLES) {
      const from = new Date(day).toISOString();
      const to = new Date(day + DAY_MS).toISOString();
      try {
        await this.pool.query(`CREATE TABLE IF NOT EXISTS ${partitionName(table, day)} PARTITION OF ${table} FOR VALUES FROM ('${from}') TO ('${to}')`);
      } catch (err) {
        // Another instance created it between our IF NOT EXISTS check and the CREATE.
        if ((err as { code?: string }).code !== '42P07') throw err;
      }
    }
    this.ready.add(day);
  }

  /** Creates today's and the coming days' partitions and drops those past retention; returns what it dropped. */
  async maintain(nowMs: number): Promise<{ created: number[]; dropped: string[] }> {
    const created: number[] = [];
    for (let i = 0; i <= this.settings.aheadDays; i++) {
      const day = dayOf(nowMs) + i * DAY_MS;
      if (!this.ready.has(day)) created.push(day);
      await this.ensureDay(day);
    }
    const dropped: string[] = [];
    const oldest = this.oldestKeptDay(nowMs);
    for (const table of RECORDED_TABLES) {
      for (const name of await this.partitions(table)) {
        const day = partitionDay(table, name);
        if (day === null || day >= oldest) continue;
        await this.pool.query(`DROP TABLE IF EXISTS ${name}`);
        this.ready.delete(day);
        dropped.push(name);
      }
    }
    return { created, dropped };
  }

  /** The partitions of a recorded table, by name, oldest first. */
  async partitions(table: RecordedTable): Promise<string[]> {
    const { rows } = await this.pool.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
       WHERE i.inhparent = $1::regclass ORDER BY c.relname`,
      [table],
    );
    return rows.map((r) => r.name);
  }
}
