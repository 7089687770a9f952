-- semantic_search() (041) with the rescoring lookups pinned to the primary key. For a candidate that
-- one kind found, the exact distance to its other embedding is read by (exchange, market_id, kind).
-- Since 050 added market_embeddings_kind_change_seq_idx (kind, change_seq), the planner took that
-- index for `o.kind = 'rules'` (it estimates one row: rules embeddings are few) and filtered every
-- rules row per candidate: EXPLAIN ANALYZE on the benchmark catalog (22,162 title and 1,792 rules
-- vectors) showed 40-100 loops x 1,792 rows removed, 18,000-46,000 buffer hits, about half of the
-- whole search's time, and it grows with the rules backfill. Written as `(o.kind || '') = ...` no
-- index on kind can serve the condition, so the only index path is the primary key's
-- (exchange, market_id) prefix: at most two rows per candidate. This was the cost that kept
-- micro-batching from raising throughput (bench/HISTORY.md, "Batching and background work").
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
