-- Where each venue's catalog comes from, and the last sync refused for what it would have removed.
-- `source` names the listing that filled the catalog (`simulator`, or `live` and the venue's base
-- URLs): a complete listing from another source proves nothing about which markets are gone, so a
-- sync from a source other than the recorded one is refused unless removals are explicitly allowed
-- (indexers/venue-sync.ts). NULL: filled before sources were recorded (then only the share limit
-- applies). `sync_refused` is {reason, would_remove, catalog_markets, source, at} of the latest
-- refusal, NULL once a sync goes through; /health shows it per venue.
ALTER TABLE venue_sync_status ADD COLUMN IF NOT EXISTS source text;
ALTER TABLE venue_sync_status ADD COLUMN IF NOT EXISTS sync_refused jsonb;
