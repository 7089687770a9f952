-- Cursors of GET /api/v1/clusters (src/cross-venue): the order a listing had when its first page was
-- served, so that its later pages neither repeat nor skip a cluster while quotes move (a gap or a
-- volume that changes between two pages would otherwise move a cluster across the page boundary).
-- A cursor names its snapshot and an offset; the rows are short-lived (the service deletes those past
-- their expiry as it writes new ones) and any instance on the database can continue a listing.
CREATE TABLE IF NOT EXISTS cluster_listing_snapshots (
  snapshot_id  text        PRIMARY KEY,
  -- the filters and sort the listing was asked with: a cursor is only valid with the same ones
  query_hash   text        NOT NULL,
  svc_ids      text[]      NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS cluster_listing_snapshots_expiry_idx ON cluster_listing_snapshots (expires_at);
