-- Incremental sync (indexers/venue-sync.ts): between full listings, a short run asks the venue only
-- for what changed since the previous successful run. `last_full_at` is when the latest complete full
-- listing started (the next full one is due SYNC_FULL_INTERVAL_MINUTES later); `changes_since` is when
-- the latest successful run of either kind started (the next short run asks for changes from there,
-- less an overlap); `last_run` is {kind, ok, started_at, duration_ms, requests, pages, markets,
-- rows_written, removed} of the latest run, read by /health and the metrics.
ALTER TABLE venue_sync_status ADD COLUMN IF NOT EXISTS last_full_at timestamptz;
ALTER TABLE venue_sync_status ADD COLUMN IF NOT EXISTS changes_since timestamptz;
ALTER TABLE venue_sync_status ADD COLUMN IF NOT EXISTS last_run jsonb;
