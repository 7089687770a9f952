// The last run of the jobs /health reports on (the matching job, the order sync), kept in the
// database (migration 101) so that every instance shows it, whichever one ran the job. A job is
// recorded by wrapping its definition (recordRuns); only runs that happened are recorded (a tick
// skipped because another instance holds the lock is not a run).
import type pg from 'pg';
import type { Logger } from 'pino';
import type { ComponentHealth } from '../health/component-health.js';
import type { MatchRunResult } from '../matching/matcher.js';
import type { JobDefinition } from './scheduler.js';

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

/** `job`, recording each of its runs in `store` (a failure to record is logged, never the job's failure). */
export function recordRuns<J extends JobDefinition>(job: J, store: JobRunStore, logger?: Logger): J {
  const save = (run: Parameters<JobRunStore['record']>[1]) =>
    store.record(job.name, run).catch((err: unknown) => logger?.warn({ job: job.name, err }, 'job run could not be recorded'));
  return {
    ...job,
    async run(signal: AbortSignal) {
      const startedAt = new Date();
      const started = performance.now();
      try {
        const result = await job.run(signal);
        await save({ startedAt, durationMs: performance.now() - started, error: null, summary: result });
        return result;
      } catch (err) {
        await save({ startedAt, durationMs: performance.now() - started, error: err instanceof Error ? err.message : String(err), summary: null });
        throw err;
      }
    },
  };
}

/** The common part of a job's /health entry: when it last ran, how long, and its error. */
function runHealth(run: JobRun | null, degradedBy: string | null): ComponentHealth {
  if (!run) return { status: 'starting', last_run_at: null };
  const error = run.error ?? degradedBy;
  return {
    status: error ? 'degraded' : 'ok',
    last_run_at: run.startedAt.toISOString(),
    duration_ms: run.durationMs,
    last_ok_at: run.lastOkAt?.toISOString() ?? null,
    error,
  };
}

/** /health's `matching`: the last run of the cross-venue matching job and the links it found. */
export function matchingJobHealth(store: JobRunStore, jobName: string): () => Promise<ComponentHealth> {
  return async () => {
    const run = await store.last(jobName);
    const summary = run?.summary as Partial<MatchRunResult> | null | undefined;
    return {
      ...runHealth(run, null),
      ...(summary && {
        mode: summary.mode,
        links: { identical: summary.identityLinks, related: summary.relatedLinks },
        clusters: summary.clusters,
        markets_assigned: summary.marketsAssigned,
      }),
    };
  };
}

/** /health's `order_sync`: the last run of the order sync job; orders it could not bring up to date degrade it. */
export function orderSyncHealth(store: JobRunStore, jobName: string): () => Promise<ComponentHealth> {
  return async () => {
    const run = await store.last(jobName);
    const summary = run?.summary as { synced?: number; failed?: number; lastError?: string | null } | null | undefined;
    const failedOrders = run && !run.error && summary?.failed ? `${summary.failed} orders could not be synced; the last: ${summary.lastError ?? 'unknown error'}` : null;
    return { ...runHealth(run, failedOrders), ...(summary && { synced: summary.synced, failed: summary.failed }) };
  };
}
