-- semantic_search_kind(): its current definition, re-applied when this file changes (src/db/migrate.ts).
CREATE OR REPLACE FUNCTION semantic_search_kind(
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
