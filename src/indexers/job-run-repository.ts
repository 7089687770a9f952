// The last run of each job /health reports on, in the job_runs table (one row per job name), so that
// every instance shows it, whichever one ran the job.
import type pg from 'pg';

export interface JobRun {
  startedAt: Date;
  durationMs: number;
  /** Why the last run failed; null when it succeeded. */
  error: string | null;
  /** What the last successful run returned. */
  summary: Record<string, unknown> | null;
  lastOkAt: Date | null;
}

export class JobRunStore {
  constructor(private readonly pool: pg.Pool) {}

  async record(name: string, run: { startedAt: Date; durationMs: number; error: string | null; summary: unknown }): Promise<void> {
    const ok = run.error === null;
    await this.pool.query(
      `INSERT INTO job_runs (name, started_at, duration_ms, error, summary, last_ok_at)
       VALUES ($1, $2, $3, $4, $5::jsonb, CASE WHEN $6::boolean THEN $2::timestamptz END)
       ON CONFLICT (name) DO UPDATE SET started_at = EXCLUDED.started_at, duration_ms = EXCLUDED.duration_ms, error = EXCLUDED.error,
         summary = CASE WHEN $6::boolean THEN EXCLUDED.summary ELSE job_runs.summary END,
         last_ok_at = CASE WHEN $6::boolean THEN EXCLUDED.last_ok_at ELSE job_runs.last_ok_at END`,
      [name, run.startedAt, Math.round(run.durationMs), run.error, ok ? JSON.stringify(run.summary ?? null) : null, ok],
    );
  }

  async last(name: string): Promise<JobRun | null> {
    const { rows } = await this.pool.query<{ started_at: Date; duration_ms: number; error: string | null; summary: Record<string, unknown> | null; last_ok_at: Date | null }>(
      'SELECT started_at, duration_ms, error, summary, last_ok_at FROM job_runs WHERE name = $1',
      [name],
    );
    const r = rows[0];
    return r ? { startedAt: r.started_at, durationMs: r.duration_ms, error: r.error, summary: r.summary, lastOkAt: r.last_ok_at } : null;
  }
}
