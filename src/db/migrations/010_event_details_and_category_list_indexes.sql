-- What the venue sync and the per-venue read routes need on top of 002_catalog.sql:
-- events keep the subtitle, close time and market ids that came with them, and the list routes
-- page through markets and events by key within a (lower-cased) category without a sort.

ALTER TABLE events ADD COLUMN IF NOT EXISTS subtitle text;
ALTER TABLE events ADD COLUMN IF NOT EXISTS close_time timestamptz;
ALTER TABLE events ADD COLUMN IF NOT EXISTS market_ids text[] NOT NULL DEFAULT '{}';

CREATE INDEX IF NOT EXISTS markets_list_category_idx ON markets (exchange, lower(category), market_id) WHERE NOT removed;
CREATE INDEX IF NOT EXISTS events_category_idx ON events (lower(category), exchange, event_id);
