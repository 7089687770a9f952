// The matching job's last run as the metrics read it: the row the job's runs are recorded in
// (indexers/job-runs.ts), whichever instance ran it; one primary-key read per scrape.
import { MATCHING_JOB } from '../indexers/matching-job.js';
import type { JobRunStore } from '../indexers/job-run-repository.js';
import type { MatchRunResult } from '../matching/matcher.js';
import type { MatchingRunSnapshot } from './service-metrics.js';

export function matchingRunOf(store: JobRunStore, jobName = MATCHING_JOB): () => Promise<MatchingRunSnapshot | null> {
  return async () => {
    const run = await store.last(jobName);
    if (!run) return null;
    const summary = run.summary as Partial<MatchRunResult> | null;
    const links = summary && typeof summary.identityLinks === 'number' ? { identical: summary.identityLinks, related: summary.relatedLinks ?? 0 } : null;
    return { startedAt: run.startedAt, durationMs: run.durationMs, error: run.error, links };
  };
}
