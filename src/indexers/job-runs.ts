// The last run of the jobs /health reports on (the matching job, the order sync), kept in the
// database (migration 101) so that every instance shows it, whichever one ran the job. A job is
// recorded by wrapping its definition (recordRuns); only runs that happened are recorded (a tick
// skipped because another instance holds the lock is not a run).
import type { Logger } from 'pino';
import type { ComponentHealth } from '../health/component-health.js';
import type { MatchRunResult } from '../matching/matcher.js';
import type { JobRun, JobRunStore } from './job-run-repository.js';
import type { JobDefinition } from './scheduler.js';

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
