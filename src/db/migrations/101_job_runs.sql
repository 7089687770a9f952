-- The last run of a scheduled job, whichever instance ran it, for /health (indexers/job-runs.ts):
-- when it started, how long it took, what it reported (the counts its run returned) or why it failed.
CREATE TABLE IF NOT EXISTS job_runs (
  name         text        PRIMARY KEY,
  started_at   timestamptz NOT NULL,
  duration_ms  integer     NOT NULL,
  -- null when the run succeeded
  error        text,
  -- what the run returned when it succeeded (the last success's, kept when a later run fails)
  summary      jsonb,
  last_ok_at   timestamptz
);
