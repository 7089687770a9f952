-- What keyword answers depend on, per search index, so that the keyword answer cache survives
-- catalog changes that no answer shows (src/search/answer-inputs.ts).
-- 1. search_answer_inputs: per physical index and market, a hash of the indexed fields that keyword
--    and autocomplete answers show, filter, or match on (title, subtitle, tags, category, status,
--    closed, close time, cluster) and the volume (sort=volume and browsing order by it). The search
--    indexer compares each written document with its row here.
-- 2. search_index_state gains the change_seq of the last batch that changed those inputs, and of the
--    last that changed a volume: the API's caches watch these instead of last_change_seq, which
--    every price-only sync moves.
CREATE TABLE IF NOT EXISTS search_answer_inputs (
  index_name   text             NOT NULL,
  exchange     text             NOT NULL,
  market_id    text             NOT NULL,
  answer_hash  text             NOT NULL,
  volume       double precision,
  PRIMARY KEY (index_name, exchange, market_id)
);

ALTER TABLE search_index_state
  ADD COLUMN IF NOT EXISTS answers_changed_seq bigint NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS volume_changed_seq bigint NOT NULL DEFAULT 0;
