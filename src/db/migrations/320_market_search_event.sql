-- Keyword search groups the markets of one event (a strike or bracket ladder: Kalshi's strikes,
-- PredictIt's brackets, a Polymarket event's markets) so that one event cannot fill a page, and
-- filters by event (src/search/postgres/search-repository.ts). The index keeps the venue's event id
-- and a collapse key: the event's (`e:` exchange, event id) or, for a market without an event, the
-- market's own (`m:` exchange, market id), so the two never collide.
ALTER TABLE market_search ADD COLUMN IF NOT EXISTS event_id text;

UPDATE market_search s SET event_id = m.event_id
  FROM markets m
  WHERE m.exchange = s.exchange AND m.market_id = s.market_id AND m.event_id IS NOT NULL AND s.event_id IS NULL;

ALTER TABLE market_search ADD COLUMN IF NOT EXISTS event_key text GENERATED ALWAYS AS (
  CASE WHEN event_id IS NULL THEN 'm:' || exchange || ':' || market_id ELSE 'e:' || exchange || ':' || event_id END
) STORED;

CREATE INDEX IF NOT EXISTS market_search_event_idx ON market_search (exchange, event_id) WHERE event_id IS NOT NULL;
