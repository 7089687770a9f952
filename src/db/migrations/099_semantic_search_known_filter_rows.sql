-- Exchange- and category-filtered semantic searches without a count at every call. 041 chose
-- between an exact scan and an iterative graph walk by counting the rows the filters keep (up to
-- exact_below + 1 of them) in every filtered search, then planned the walk as dynamic SQL: on the
-- benchmark catalog (22,162 title vectors, a filter that keeps all of them, limit 50) the count
-- cost ~0.3 ms and the planning ~0.1 ms of a ~1.75 ms search, against ~1.2 ms for the same search
-- without a filter (bench/HISTORY.md, "Semantic search on the server at 20 clients"). Now:
--   * semantic_filter_rows() is that count, callable on its own, so that the service can keep
--     each filter's counts for a few seconds (src/search/semantic/filter-row-counts.ts) and pass
--     them in: semantic_search(..., title_rows, rules_rows) and semantic_search_kind(...,
--     known_rows). NULL (the default) counts at the call, as before. A count above zero only
--     chooses the path, so a stale one costs time, never rows: the exact scan ranks every matching
--     row, and a walk that comes back short is filled in by the exact scan, as before;
--   * a count of zero ends the kind's search there (no exact scan to plan and run: ~0.1 ms, e.g.
--     a catalog without rules vectors for these exchanges). So a caller passes a zero only as
--     fresh as its answers: the service drops its counts whenever it drops its cached answers
--     (a catalog or embedding change), and after a few seconds in any case;
--   * the walk for a filter on exchanges alone is one of four static statements (planned once per
--     connection, as 098 did for the unfiltered ones); with `active_only` it walks the open
--     markets' graph (`closed IS FALSE`, 041's partial indexes), which holds only rows the filter
--     can keep, where 041's dynamic walk went through the whole kind's graph past closed markets.
--     Category filters keep the dynamic walk (planned for the category at each call).
-- The argument lists change, so the old functions are dropped first (a call with the old arguments
-- still resolves: the new ones are defaulted).
DROP FUNCTION IF EXISTS semantic_search(vector, integer, text[], boolean, text, integer);
DROP FUNCTION IF EXISTS semantic_search_kind(vector, text, integer, text[], boolean, text, integer);

-- The WHERE clause of a filtered scan of one kind: $3 is the exchanges, $4 the category.
CREATE OR REPLACE FUNCTION semantic_filter_sql(text_kind text, exchanges text[], only_open boolean, only_category text)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format('e.kind = %L', text_kind)
    || CASE WHEN only_open THEN ' AND NOT e.closed' ELSE '' END
    || CASE WHEN only_category IS NOT NULL THEN ' AND e.category = $4' ELSE '' END
    || CASE WHEN exchanges IS NOT NULL THEN ' AND e.exchange = ANY ($3)' ELSE '' END
$$;

-- How many stored vectors of one kind the filters keep, counted up to `bound` (a count at the bound
-- means "at least that many").
CREATE OR REPLACE FUNCTION semantic_filter_rows(text_kind text, exchanges text[], only_open boolean, only_category text, bound integer)
RETURNS integer LANGUAGE plpgsql STABLE AS $$
DECLARE
  matching integer;
BEGIN
  EXECUTE 'SELECT count(*)::integer FROM (SELECT 1 FROM market_embeddings e WHERE '
    || semantic_filter_sql(text_kind, exchanges, only_open, only_category) || ' LIMIT $5) AS bounded'
    INTO matching USING NULL::vector, NULL::integer, exchanges, only_category, bound;
  RETURN matching;
END
$$;

CREATE FUNCTION semantic_search_kind(
  query_vector vector(384),
  text_kind text,
  k integer,
  exchanges text[],
  only_open boolean,
  only_category text,
  exact_below integer,
  known_rows integer DEFAULT NULL,
  OUT hit_exchanges text[],
  OUT hit_ids text[],
  OUT hit_distances double precision[]
)
LANGUAGE plpgsql VOLATILE
SET hnsw.ef_search = 40
SET hnsw.iterative_scan = off
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  filters text;
  matching integer;
  exact_sql text;
BEGIN
  IF exchanges IS NULL AND only_category IS NULL THEN
    -- Plain or active_only (098, unchanged): the kind's graph (the open markets' graph for
    -- active_only) holds exactly the matching rows.
    IF k > 40 THEN
      PERFORM set_config('hnsw.ef_search', least(k, 1000)::text, true);
    END IF;
    IF text_kind = 'title' AND only_open THEN
      SELECT array_agg(h.exchange), array_agg(h.market_id), array_agg(h.distance) INTO hit_exchanges, hit_ids, hit_distances
      FROM (SELECT e.exchange, e.market_id, e.embedding <=> query_vector AS distance FROM market_embeddings e
            WHERE e.kind = 'title' AND e.closed IS FALSE ORDER BY e.embedding <=> query_vector LIMIT k) AS h;
    ELSIF text_kind = 'title' THEN
      SELECT array_agg(h.exchange), array_agg(h.market_id), array_agg(h.distance) INTO hit_exchanges, hit_ids, hit_distances
      FROM (SELECT e.exchange, e.market_id, e.embedding <=> query_vector AS distance FROM market_embeddings e
            WHERE e.kind = 'title' ORDER BY e.embedding <=> query_vector LIMIT k) AS h;
    ELSIF only_open THEN
      SELECT array_agg(h.exchange), array_agg(h.market_id), array_agg(h.distance) INTO hit_exchanges, hit_ids, hit_distances
      FROM (SELECT e.exchange, e.market_id, e.embedding <=> query_vector AS distance FROM market_embeddings e
            WHERE e.kind = 'rules' AND e.closed IS FALSE ORDER BY e.embedding <=> query_vector LIMIT k) AS h;
    ELSE
      SELECT array_agg(h.exchange), array_agg(h.market_id), array_agg(h.distance) INTO hit_exchanges, hit_ids, hit_distances
      FROM (SELECT e.exchange, e.market_id, e.embedding <=> query_vector AS distance FROM market_embeddings e
            WHERE e.kind = 'rules' ORDER BY e.embedding <=> query_vector LIMIT k) AS h;
    END IF;
    IF coalesce(array_length(hit_ids, 1), 0) < k THEN
      -- Short: the graph walk hit its tuple cap, or fewer than k rows match at all.
      IF text_kind = 'title' AND only_open THEN
        SELECT array_agg(h.exchange), array_agg(h.market_id), array_agg(h.distance) INTO hit_exchanges, hit_ids, hit_distances
        FROM (SELECT e.exchange, e.market_id, e.embedding <=> query_vector AS distance FROM market_embeddings e
              WHERE e.kind = 'title' AND NOT e.closed ORDER BY (e.embedding <=> query_vector) + 0 LIMIT k) AS h;
      ELSIF text_kind = 'title' THEN
        SELECT array_agg(h.exchange), array_agg(h.market_id), array_agg(h.distance) INTO hit_exchanges, hit_ids, hit_distances
        FROM (SELECT e.exchange, e.market_id, e.embedding <=> query_vector AS distance FROM market_embeddings e
              WHERE e.kind = 'title' ORDER BY (e.embedding <=> query_vector) + 0 LIMIT k) AS h;
      ELSIF only_open THEN
        SELECT array_agg(h.exchange), array_agg(h.market_id), array_agg(h.distance) INTO hit_exchanges, hit_ids, hit_distances
        FROM (SELECT e.exchange, e.market_id, e.embedding <=> query_vector AS distance FROM market_embeddings e
              WHERE e.kind = 'rules' AND NOT e.closed ORDER BY (e.embedding <=> query_vector) + 0 LIMIT k) AS h;
      ELSE
        SELECT array_agg(h.exchange), array_agg(h.market_id), array_agg(h.distance) INTO hit_exchanges, hit_ids, hit_distances
        FROM (SELECT e.exchange, e.market_id, e.embedding <=> query_vector AS distance FROM market_embeddings e
              WHERE e.kind = 'rules' ORDER BY (e.embedding <=> query_vector) + 0 LIMIT k) AS h;
      END IF;
    END IF;
    RETURN;
  END IF;

  -- Filtered by exchange or category: an exact scan of the matching rows when few match, else an
  -- iterative walk of the graph.
  matching := coalesce(known_rows, semantic_filter_rows(text_kind, exchanges, only_open, only_category, exact_below + 1));
  IF matching = 0 THEN
    RETURN; -- no row of this kind passes the filters
  END IF;
  filters := semantic_filter_sql(text_kind, exchanges, only_open, only_category);
  -- `+ 0`: no index serves this order, so the scan ranks every matching row exactly.
  exact_sql := 'SELECT array_agg(h.exchange), array_agg(h.market_id), array_agg(h.distance) FROM ('
    || 'SELECT e.exchange, e.market_id, e.embedding <=> $1 AS distance FROM market_embeddings e WHERE ' || filters
    || ' ORDER BY (e.embedding <=> $1) + 0 LIMIT $2) AS h';
  IF matching <= exact_below THEN
    EXECUTE exact_sql INTO hit_exchanges, hit_ids, hit_distances USING query_vector, k, exchanges, only_category;
    RETURN;
  END IF;
  PERFORM set_config('hnsw.iterative_scan', 'relaxed_order', true);
  PERFORM set_config('hnsw.ef_search', least(greatest(k, 40), 1000)::text, true);
  IF only_category IS NULL THEN
    -- Exchanges alone. A generic plan cannot see how many rows the exchanges keep, but the path is
    -- decided already (many do), and the HNSW index is the only one that serves this order.
    IF text_kind = 'title' AND only_open THEN
      SELECT array_agg(h.exchange), array_agg(h.market_id), array_agg(h.distance) INTO hit_exchanges, hit_ids, hit_distances
      FROM (SELECT e.exchange, e.market_id, e.embedding <=> query_vector AS distance FROM market_embeddings e
            WHERE e.kind = 'title' AND e.closed IS FALSE AND e.exchange = ANY (exchanges) ORDER BY e.embedding <=> query_vector LIMIT k) AS h;
    ELSIF text_kind = 'title' THEN
      SELECT array_agg(h.exchange), array_agg(h.market_id), array_agg(h.distance) INTO hit_exchanges, hit_ids, hit_distances
      FROM (SELECT e.exchange, e.market_id, e.embedding <=> query_vector AS distance FROM market_embeddings e
            WHERE e.kind = 'title' AND e.exchange = ANY (exchanges) ORDER BY e.embedding <=> query_vector LIMIT k) AS h;
    ELSIF only_open THEN
      SELECT array_agg(h.exchange), array_agg(h.market_id), array_agg(h.distance) INTO hit_exchanges, hit_ids, hit_distances
      FROM (SELECT e.exchange, e.market_id, e.embedding <=> query_vector AS distance FROM market_embeddings e
            WHERE e.kind = 'rules' AND e.closed IS FALSE AND e.exchange = ANY (exchanges) ORDER BY e.embedding <=> query_vector LIMIT k) AS h;
    ELSE
      SELECT array_agg(h.exchange), array_agg(h.market_id), array_agg(h.distance) INTO hit_exchanges, hit_ids, hit_distances
      FROM (SELECT e.exchange, e.market_id, e.embedding <=> query_vector AS distance FROM market_embeddings e
            WHERE e.kind = 'rules' AND e.exchange = ANY (exchanges) ORDER BY e.embedding <=> query_vector LIMIT k) AS h;
    END IF;
  ELSE
    EXECUTE 'SELECT array_agg(h.exchange), array_agg(h.market_id), array_agg(h.distance) FROM ('
      || 'SELECT e.exchange, e.market_id, e.embedding <=> $1 AS distance FROM market_embeddings e WHERE ' || filters
      || ' ORDER BY e.embedding <=> $1 LIMIT $2) AS h'
      INTO hit_exchanges, hit_ids, hit_distances USING query_vector, k, exchanges, only_category;
  END IF;
  IF coalesce(array_length(hit_ids, 1), 0) < k THEN
    -- Short: the walk hit its tuple cap, or fewer than k rows match (a count that was stale).
    PERFORM set_config('hnsw.iterative_scan', 'off', true);
    EXECUTE exact_sql INTO hit_exchanges, hit_ids, hit_distances USING query_vector, k, exchanges, only_category;
  END IF;
END
$$;

-- 096's semantic_search, passing the callers' counts on to each kind.
CREATE FUNCTION semantic_search(
  query_vector vector(384),
  k integer,
  exchanges text[],
  only_open boolean,
  only_category text,
  exact_below integer DEFAULT 1000,
  title_rows integer DEFAULT NULL,
  rules_rows integer DEFAULT NULL
) RETURNS TABLE (exchange text, market_id text, title text, category text, closed boolean, svc_id text, distance double precision)
LANGUAGE plpgsql VOLATILE ROWS 200 AS $$
DECLARE
  t record;
  r record;
BEGIN
  t := semantic_search_kind(query_vector, 'title', k, exchanges, only_open, only_category, exact_below, title_rows);
  r := semantic_search_kind(query_vector, 'rules', k, exchanges, only_open, only_category, exact_below, rules_rows);
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
             WHERE o.exchange = c.exchange AND o.market_id = c.market_id AND (o.kind || '') = 'rules'))
           WHEN c.title_distance IS NULL AND coalesce(array_length(t.hit_ids, 1), 0) >= k THEN least(c.rules_distance, (
             SELECT o.embedding <=> query_vector FROM market_embeddings o
             WHERE o.exchange = c.exchange AND o.market_id = c.market_id AND (o.kind || '') = 'title'))
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
