-- Events get the unified status vocabulary of markets (open|upcoming|closed|resolved|halted) in
-- `status`, and keep the venue's own word in the new `venue_status`. Rows written before hold the
-- venue's word in `status`: it moves to `venue_status`, `status` is cleared, and the content hash is
-- reset so that the next sync rewrites every event with its mapped status.
ALTER TABLE events ADD COLUMN IF NOT EXISTS venue_status text;
UPDATE events SET venue_status = status, status = NULL, content_hash = '' WHERE venue_status IS NULL AND status IS NOT NULL;
