-- Keyword search (src/search/). Two things live here:
-- 1. search_index_state: the last catalog change_seq each search index has absorbed, per physical
--    index name (an Elasticsearch index behind the alias, or 'market_search' for PostgreSQL), so
--    that indexing is incremental ("markets with change_seq > last") and a rebuilt index starts
--    from its own position.
-- 2. market_search: the PostgreSQL engine's index (used when ELASTICSEARCH_URL is not set): a
--    projection of `markets` with folded text, full-text vectors and trigram indexes. It is a
--    separate table so that catalog writes never pay for search columns, and so that both engines
--    are fed the same way (by the search indexer).

CREATE TABLE IF NOT EXISTS search_index_state (
  index_name       text PRIMARY KEY,
  last_change_seq  bigint      NOT NULL DEFAULT 0,
  updated_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS market_search (
  exchange           text        NOT NULL,
  market_id          text        NOT NULL,
  key                text        GENERATED ALWAYS AS (exchange || ':' || market_id) STORED,
  title              text        NOT NULL,
  -- lower case, accents folded, punctuation runs as one space: "exact title" comparisons
  title_exact        text        NOT NULL,
  -- the folded word tokens of the title joined by spaces (the same tokens the query is cut into)
  title_words        text        NOT NULL,
  subtitle_words     text        NOT NULL DEFAULT '',
  category           text        NOT NULL,
  tags               text[]      NOT NULL DEFAULT '{}',
  status             text        NOT NULL,
  closed             boolean     NOT NULL,
  yes_price          double precision,
  volume             double precision,
  volume_24h         double precision,
  close_time         timestamptz,
  svc_id             text,
  cluster_id         text,
  -- one autocomplete suggestion per group: the svc_id, or the market's own key
  group_key          text        NOT NULL,
  cluster_exchanges  text[]      NOT NULL,
  change_seq         bigint      NOT NULL,
  indexed_at         timestamptz NOT NULL DEFAULT now(),
  -- tie-breakers shared with the Elasticsearch engine: open +6, log10(1 + 0.6 * volume)
  popularity         double precision GENERATED ALWAYS AS (
                       (CASE WHEN closed THEN 0 ELSE 6 END) + log(1 + 0.6 * greatest(coalesce(volume, 0), 0))
                     ) STORED,
  tsv_stemmed        tsvector GENERATED ALWAYS AS (
                       setweight(to_tsvector('english', title_words), 'A') ||
                       setweight(to_tsvector('english', subtitle_words), 'D')
                     ) STORED,
  tsv_words          tsvector GENERATED ALWAYS AS (to_tsvector('simple', title_words)) STORED,
  PRIMARY KEY (exchange, market_id)
);

CREATE INDEX IF NOT EXISTS market_search_stemmed_idx ON market_search USING gin (tsv_stemmed);
CREATE INDEX IF NOT EXISTS market_search_words_idx ON market_search USING gin (tsv_words);
CREATE INDEX IF NOT EXISTS market_search_trgm_idx ON market_search USING gin (title_words gin_trgm_ops);
CREATE INDEX IF NOT EXISTS market_search_exact_idx ON market_search (title_exact);
CREATE INDEX IF NOT EXISTS market_search_volume_idx ON market_search (volume DESC NULLS LAST, key);
CREATE INDEX IF NOT EXISTS market_search_close_idx ON market_search (close_time ASC NULLS LAST, key);
CREATE INDEX IF NOT EXISTS market_search_svc_idx ON market_search (svc_id) WHERE svc_id IS NOT NULL;
