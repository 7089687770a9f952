-- semantic_search_kind() (041) with the searches that have no exchange or category filter (plain and
-- active_only: most searches) written as static statements, planned once per connection, instead of
-- dynamic SQL planned at every call. On the project's server a search ran 4-6 such statements (the
-- title and rules graph walks, the exact scans that fill in a short list, the ef_search settings),
-- and planning them cost ~0.2-0.3 ms of backend CPU per search of ~1.3-1.7 (pg_stat_statements with
-- track_planning; bench/db/semantic-statement-cpu.ts), next to a ~0.5 ms graph walk. The answers
-- are the same statements' answers:
--   * plan_cache_mode = force_generic_plan: the static statements keep one plan per connection
--     (the kind is a literal in each, so the generic plan still walks the kind's partial HNSW index,
--     the open markets' one for active_only; the query vector and k are its parameters);
--   * hnsw.ef_search is set only when k exceeds the function's default of 40 (same value as before:
--     least(greatest(k, 40), 1000));
--   * a list cut short by the graph walk is filled in by the same exact scan as before, spelled with
--     `NOT e.closed` and `+ 0` so that no index serves its order.
-- Searches filtered by exchange or category keep 041's dynamic path (they count the matching rows
-- first and choose an exact scan or an iterative graph walk), unchanged.
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
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  -- $1 vector, $2 k, $3 exchanges, $4 category (unused parameters are harmless).
  filters text := format('e.kind = %L', text_kind)
    || CASE WHEN only_open THEN ' AND NOT e.closed' ELSE '' END
    || CASE WHEN only_category IS NOT NULL THEN ' AND e.category = $4' ELSE '' END
    || CASE WHEN exchanges IS NOT NULL THEN ' AND e.exchange = ANY ($3)' ELSE '' END;
  matching integer;
  exact_sql text := 'SELECT array_agg(h.exchange), array_agg(h.market_id), array_agg(h.distance) FROM ('
    || 'SELECT e.exchange, e.market_id, e.embedding <=> $1 AS distance FROM market_embeddings e WHERE ' || filters
    || ' ORDER BY (e.embedding <=> $1) + 0 LIMIT $2) AS h';
BEGIN
  IF exchanges IS NULL AND only_category IS NULL THEN
    -- Plain or active_only: the kind's graph (the open markets' graph for active_only) holds exactly
    -- the matching rows.
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
  -- Filtered by exchange or category: 041's path, planned for the filters in use.
  EXECUTE 'SELECT count(*) FROM (SELECT 1 FROM market_embeddings e WHERE ' || filters || ' LIMIT $5) AS bounded'
    INTO matching USING query_vector, k, exchanges, only_category, exact_below + 1;
  IF matching <= exact_below THEN
    EXECUTE exact_sql INTO hit_exchanges, hit_ids, hit_distances USING query_vector, k, exchanges, only_category;
    RETURN;
  END IF;
  PERFORM set_config('hnsw.iterative_scan', 'relaxed_order', true);
  PERFORM set_config('hnsw.ef_search', least(greatest(k, 40), 1000)::text, true);
  EXECUTE 'SELECT array_agg(h.exchange), array_agg(h.market_id), array_agg(h.distance) FROM ('
    || 'SELECT e.exchange, e.market_id, e.embedding <=> $1 AS distance FROM market_embeddings e WHERE ' || filters
    || ' ORDER BY e.embedding <=> $1 LIMIT $2) AS h'
    INTO hit_exchanges, hit_ids, hit_distances USING query_vector, k, exchanges, only_category;
  IF coalesce(array_length(hit_ids, 1), 0) < k THEN
    PERFORM set_config('hnsw.iterative_scan', 'off', true);
    EXECUTE exact_sql INTO hit_exchanges, hit_ids, hit_distances USING query_vector, k, exchanges, only_category;
  END IF;
END
$$;
