-- Sentence embeddings of every market's title and rules (local model, 384 dimensions) for semantic
-- search, and the text-hash cache that keeps a text from ever being embedded twice.

-- Vectors by hash of (model, token budget, normalised text): survives restarts and re-listings, and
-- lets markets with identical texts share one computation.
CREATE TABLE IF NOT EXISTS embedding_cache (
  text_hash   text        PRIMARY KEY,
  embedding   vector(384) NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- One row per market and kind of text. The filter columns (category, closed) are copied from the
-- catalog so that the HNSW scan can filter on this table alone; the query re-checks them against
-- the catalog row, so a copy that lags for a moment never shows a wrong result.
CREATE TABLE IF NOT EXISTS market_embeddings (
  exchange    text        NOT NULL,
  market_id   text        NOT NULL,
  kind        text        NOT NULL CHECK (kind IN ('title', 'rules')),
  text_hash   text        NOT NULL,
  embedding   vector(384) NOT NULL,
  category    text        NOT NULL,   -- lower case (the filter is case-insensitive)
  closed      boolean     NOT NULL,
  change_seq  bigint      NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (exchange, market_id, kind)
);

-- One approximate-nearest-neighbour index per kind (partial indexes: the query names the kind).
CREATE INDEX IF NOT EXISTS market_embeddings_title_hnsw
  ON market_embeddings USING hnsw (embedding vector_cosine_ops) WHERE kind = 'title';
CREATE INDEX IF NOT EXISTS market_embeddings_rules_hnsw
  ON market_embeddings USING hnsw (embedding vector_cosine_ops) WHERE kind = 'rules';
-- For counting the rows a filter leaves and ranking them exactly when they are few (the vectors
-- make heap rows ~1.6 kB: a sequential scan of 20k rows costs tens of milliseconds).
CREATE INDEX IF NOT EXISTS market_embeddings_filter_idx ON market_embeddings (kind, closed, category, exchange);
CREATE INDEX IF NOT EXISTS market_embeddings_exchange_idx ON market_embeddings (kind, exchange);

-- How far the embedding indexer has followed markets.change_seq, one cursor per kind of text
-- (rows 'cursor:title', 'cursor:rules': titles are embedded first, all of them, because they are
-- quick and make every market findable; the long rules follow), and the lease (row 'lease'): who
-- indexes now and until when, and the fence of the indexer's writes. What makes it held (an advisory
-- lock on a server, the one process on the embedded database) is in indexers/embedding-lease.ts.
CREATE TABLE IF NOT EXISTS embedding_index_state (
  name             text        PRIMARY KEY,
  last_change_seq  bigint      NOT NULL DEFAULT 0,
  lease_owner      text,
  lease_until      timestamptz,
  updated_at       timestamptz NOT NULL DEFAULT now()
);

-- Nearest markets to a query vector by one kind of text, with optional filters. It runs inside a
-- function so that the iterative index scan (pgvector >= 0.8) and the search breadth are set for
-- this query alone, in one round trip. Filters never starve the results:
--   * a selective filter (at most `exact_below` matching rows) is answered by an exact scan of those
--     rows: cheaper than walking the graph past thousands of non-matching neighbours;
--   * otherwise the iterative HNSW scan keeps walking until `k` rows pass the filters, and if it
--     still comes back short (its tuple cap), the exact scan fills in.
CREATE OR REPLACE FUNCTION semantic_nearest(
  query_vector vector(384),
  text_kind text,
  k integer,
  exchanges text[],
  only_open boolean,
  only_category text,
  exact_below integer DEFAULT 1000
) RETURNS TABLE (exchange text, market_id text, distance double precision)
-- ROWS: about k; the default estimate (1000) makes the planner hash-join the whole catalog.
LANGUAGE plpgsql VOLATILE ROWS 100 AS $$
DECLARE
  hit_exchanges text[];
  hit_ids text[];
  hit_distances double precision[];
  matching integer;
BEGIN
  IF exchanges IS NOT NULL OR only_open OR only_category IS NOT NULL THEN
    SELECT count(*) INTO matching FROM (
      SELECT 1 FROM market_embeddings e
      WHERE e.kind = text_kind
        AND (exchanges IS NULL OR e.exchange = ANY (exchanges))
        AND (NOT only_open OR NOT e.closed)
        AND (only_category IS NULL OR e.category = only_category)
      LIMIT exact_below + 1) AS bounded;
    IF matching <= exact_below THEN
      RETURN QUERY SELECT * FROM semantic_nearest_exact(query_vector, text_kind, k, exchanges, only_open, only_category);
      RETURN;
    END IF;
  END IF;

  PERFORM set_config('hnsw.iterative_scan', 'relaxed_order', true);
  PERFORM set_config('hnsw.ef_search', least(greatest(k, 40), 1000)::text, true);
  -- Two statements because each partial index is chosen by the literal kind in its WHERE clause.
  IF text_kind = 'title' THEN
    SELECT array_agg(h.exchange), array_agg(h.market_id), array_agg(h.distance)
      INTO hit_exchanges, hit_ids, hit_distances
      FROM (SELECT e.exchange, e.market_id, e.embedding <=> query_vector AS distance
            FROM market_embeddings e
            WHERE e.kind = 'title'
              AND (exchanges IS NULL OR e.exchange = ANY (exchanges))
              AND (NOT only_open OR NOT e.closed)
              AND (only_category IS NULL OR e.category = only_category)
            ORDER BY e.embedding <=> query_vector
            LIMIT k) AS h;
  ELSE
    SELECT array_agg(h.exchange), array_agg(h.market_id), array_agg(h.distance)
      INTO hit_exchanges, hit_ids, hit_distances
      FROM (SELECT e.exchange, e.market_id, e.embedding <=> query_vector AS distance
            FROM market_embeddings e
            WHERE e.kind = 'rules'
              AND (exchanges IS NULL OR e.exchange = ANY (exchanges))
              AND (NOT only_open OR NOT e.closed)
              AND (only_category IS NULL OR e.category = only_category)
            ORDER BY e.embedding <=> query_vector
            LIMIT k) AS h;
  END IF;
  PERFORM set_config('hnsw.iterative_scan', 'off', true);
  IF coalesce(array_length(hit_ids, 1), 0) >= k THEN
    RETURN QUERY SELECT * FROM unnest(hit_exchanges, hit_ids, hit_distances);
  ELSE
    RETURN QUERY SELECT * FROM semantic_nearest_exact(query_vector, text_kind, k, exchanges, only_open, only_category);
  END IF;
END
$$;

-- The exact k nearest among the rows that pass the filters ("+ 0" keeps the planner off the
-- approximate index, so every filtered row is ranked).
CREATE OR REPLACE FUNCTION semantic_nearest_exact(
  query_vector vector(384),
  text_kind text,
  k integer,
  exchanges text[],
  only_open boolean,
  only_category text
) RETURNS TABLE (exchange text, market_id text, distance double precision)
LANGUAGE sql STABLE ROWS 100 AS $$
  SELECT e.exchange, e.market_id, e.embedding <=> query_vector
  FROM market_embeddings e
  WHERE e.kind = text_kind
    AND (exchanges IS NULL OR e.exchange = ANY (exchanges))
    AND (NOT only_open OR NOT e.closed)
    AND (only_category IS NULL OR e.category = only_category)
  ORDER BY (e.embedding <=> query_vector) + 0
  LIMIT k
$$;
