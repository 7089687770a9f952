-- semantic_search(): a whole semantic search in one statement (the k nearest markets by title and
-- by rules, the exact score distance, the filters re-checked against the catalog), plus partial HNSW
-- indexes of the open markets for `active_only`. Why it is built this way (the measurements are in
-- bench/HISTORY.md, "Semantic search: latency"):
--   * every scan is dynamic SQL planned for its actual filters (only the conditions in use, the
--     kind as a literal so the partial HNSW index is chosen);
--   * no filter: plain HNSW scans, hnsw.ef_search = k, no iterative scan;
--   * filters never starve the results: when few rows match (at most `exact_below`), an exact scan
--     of them (cheaper than walking the graph past thousands of non-matching neighbours); otherwise
--     the iterative HNSW scan (pgvector >= 0.8), and the exact scan fills in when it still comes
--     back short (its tuple cap);
--   * `active_only` alone scans a partial HNSW index of the open markets (closed markets are most
--     of a catalog: the full graph would be walked past closed neighbours, or every open row
--     counted and ranked exactly);
--   * the exact distance to a market's other embedding is looked up only for the candidates found
--     by one kind, and only when that kind's list was cut at k (a shorter list holds every
--     matching row of its kind: a market missing from it has no such embedding).
-- The function's SET clauses restore hnsw.* when it returns, so the scan settings never leak into
-- the caller's transaction.

-- The open markets' graphs. The predicate is spelled `closed IS FALSE` (same rows: closed is NOT
-- NULL) and semantic_search_kind spells its scan the same way, so only that scan uses them; the
-- planner does not prove `closed IS FALSE` from `NOT closed`, so other `NOT closed` queries keep their
-- plans (test/semantic/filtered-scan.test.ts demonstrates the iterative scan on the full graph that way).
CREATE INDEX IF NOT EXISTS market_embeddings_title_open_hnsw
  ON market_embeddings USING hnsw (embedding vector_cosine_ops) WHERE kind = 'title' AND closed IS FALSE;
CREATE INDEX IF NOT EXISTS market_embeddings_rules_open_hnsw
  ON market_embeddings USING hnsw (embedding vector_cosine_ops) WHERE kind = 'rules' AND closed IS FALSE;

-- The k nearest rows of one kind that pass the filters, exact distances. Internal to semantic_search.
CREATE OR REPLACE FUNCTION semantic_search_kind(
  query_vector vector(384),
  text_kind text,
  k integer,
  exchanges text[],
  only_open boolean,
  only_category text,
  exact_below integer,
  OUT hit_exchanges text[],
  OUT hit_ids text[],
  OUT hit_distances double precision[]
)
LANGUAGE plpgsql VOLATILE
SET hnsw.ef_search = 40
SET hnsw.iterative_scan = off
AS $$
DECLARE
  -- $1 vector, $2 k, $3 exchanges, $4 category (unused parameters are harmless).
  filters text := format('e.kind = %L', text_kind)
    || CASE WHEN only_open THEN ' AND NOT e.closed' ELSE '' END
    || CASE WHEN only_category IS NOT NULL THEN ' AND e.category = $4' ELSE '' END
    || CASE WHEN exchanges IS NOT NULL THEN ' AND e.exchange = ANY ($3)' ELSE '' END;
  -- Only `active_only` (or nothing): a partial index holds exactly the matching rows.
  index_covers boolean := exchanges IS NULL AND only_category IS NULL;
  -- The graph scan's filters: `closed IS FALSE` selects the open markets' index (see above).
  scan_filters text := CASE WHEN index_covers AND only_open THEN format('e.kind = %L AND e.closed IS FALSE', text_kind) ELSE filters END;
  matching integer;
  exact_sql text := 'SELECT array_agg(h.exchange), array_agg(h.market_id), array_agg(h.distance) FROM ('
    || 'SELECT e.exchange, e.market_id, e.embedding <=> $1 AS distance FROM market_embeddings e WHERE ' || filters
    || ' ORDER BY (e.embedding <=> $1) + 0 LIMIT $2) AS h';
BEGIN
  IF NOT index_covers THEN
    EXECUTE 'SELECT count(*) FROM (SELECT 1 FROM market_embeddings e WHERE ' || filters || ' LIMIT $5) AS bounded'
      INTO matching USING query_vector, k, exchanges, only_category, exact_below + 1;
    IF matching <= exact_below THEN
      EXECUTE exact_sql INTO hit_exchanges, hit_ids, hit_distances USING query_vector, k, exchanges, only_category;
      RETURN;
    END IF;
    PERFORM set_config('hnsw.iterative_scan', 'relaxed_order', true);
  END IF;
  PERFORM set_config('hnsw.ef_search', least(greatest(k, 40), 1000)::text, true);
  EXECUTE 'SELECT array_agg(h.exchange), array_agg(h.market_id), array_agg(h.distance) FROM ('
    || 'SELECT e.exchange, e.market_id, e.embedding <=> $1 AS distance FROM market_embeddings e WHERE ' || scan_filters
    || ' ORDER BY e.embedding <=> $1 LIMIT $2) AS h'
    INTO hit_exchanges, hit_ids, hit_distances USING query_vector, k, exchanges, only_category;
  IF coalesce(array_length(hit_ids, 1), 0) < k THEN
    -- Short: the graph walk hit its tuple cap, or fewer than k rows match at all.
    PERFORM set_config('hnsw.iterative_scan', 'off', true);
    EXECUTE exact_sql INTO hit_exchanges, hit_ids, hit_distances USING query_vector, k, exchanges, only_category;
  END IF;
END
$$;

-- The candidates of a search (k nearest per kind of text) with the catalog row and the exact
-- score distance: cosine distance to the nearer of the market's title and rules embeddings.
-- The filters are re-checked against the live catalog row (the embedding rows hold copies).
CREATE OR REPLACE FUNCTION semantic_search(
  query_vector vector(384),
  k integer,
  exchanges text[],
  only_open boolean,
  only_category text,
  exact_below integer DEFAULT 1000
) RETURNS TABLE (exchange text, market_id text, title text, category text, closed boolean, svc_id text, distance double precision)
LANGUAGE plpgsql VOLATILE ROWS 200 AS $$
DECLARE
  t record;
  r record;
BEGIN
  t := semantic_search_kind(query_vector, 'title', k, exchanges, only_open, only_category, exact_below);
  r := semantic_search_kind(query_vector, 'rules', k, exchanges, only_open, only_category, exact_below);
  RETURN QUERY
  WITH title_hits AS (
    SELECT * FROM unnest(t.hit_exchanges, t.hit_ids, t.hit_distances) AS h(exchange, market_id, distance)
  ), rules_hits AS (
    SELECT * FROM unnest(r.hit_exchanges, r.hit_ids, r.hit_distances) AS h(exchange, market_id, distance)
  ), candidates AS (
    SELECT coalesce(th.exchange, rh.exchange) AS exchange, coalesce(th.market_id, rh.market_id) AS market_id,
           th.distance AS title_distance, rh.distance AS rules_distance
    FROM title_hits th FULL JOIN rules_hits rh ON rh.exchange = th.exchange AND rh.market_id = th.market_id
  )
  SELECT m.exchange, m.market_id, m.title, m.category, m.closed, m.svc_id,
         CASE
           WHEN c.rules_distance IS NULL AND coalesce(array_length(r.hit_ids, 1), 0) >= k THEN least(c.title_distance, (
             SELECT o.embedding <=> query_vector FROM market_embeddings o
             WHERE o.exchange = c.exchange AND o.market_id = c.market_id AND o.kind = 'rules'))
           WHEN c.title_distance IS NULL AND coalesce(array_length(t.hit_ids, 1), 0) >= k THEN least(c.rules_distance, (
             SELECT o.embedding <=> query_vector FROM market_embeddings o
             WHERE o.exchange = c.exchange AND o.market_id = c.market_id AND o.kind = 'title'))
           ELSE least(c.title_distance, c.rules_distance)
         END
  FROM candidates c
  JOIN markets m ON m.exchange = c.exchange AND m.market_id = c.market_id
  WHERE NOT m.removed
    AND (exchanges IS NULL OR m.exchange = ANY (exchanges))
    AND (NOT only_open OR NOT m.closed)
    AND (only_category IS NULL OR lower(m.category) = only_category);
END
$$;
