-- semantic_search_candidates(): its current definition, re-applied when this file changes (src/db/migrate.ts).
-- Semantic search's candidates without the join to their catalog rows: the two walks (title and
-- rules vectors, semantic_search_kind) and the exact distance to the nearer of each candidate's
-- two vectors. Joining the 40-200 candidates to `markets` cost 0.17-0.38 ms of the server's ~1.0 ms
-- of CPU a search on the benchmark catalog (bench/HISTORY.md, "Semantic search on the server at 20
-- clients"); the service keeps the few columns its answers show
-- (src/search/semantic/market-display-row-repository.ts), dropped with its cached answers whenever
-- what answers show changes, and reads only the rows it has no copy of.
CREATE OR REPLACE FUNCTION semantic_search_candidates(
  query_vector vector(384),
  k integer,
  exchanges text[],
  only_open boolean,
  only_category text,
  exact_below integer DEFAULT 1000,
  title_rows integer DEFAULT NULL,
  rules_rows integer DEFAULT NULL
) RETURNS TABLE (exchange text, market_id text, distance double precision)
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
  SELECT c.exchange, c.market_id,
         CASE
           WHEN c.rules_distance IS NULL AND coalesce(array_length(r.hit_ids, 1), 0) >= k THEN least(c.title_distance, (
             SELECT o.embedding <=> query_vector FROM market_embeddings o
             WHERE o.exchange = c.exchange AND o.market_id = c.market_id AND (o.kind || '') = 'rules'))
           WHEN c.title_distance IS NULL AND coalesce(array_length(t.hit_ids, 1), 0) >= k THEN least(c.rules_distance, (
             SELECT o.embedding <=> query_vector FROM market_embeddings o
             WHERE o.exchange = c.exchange AND o.market_id = c.market_id AND (o.kind || '') = 'title'))
           ELSE least(c.title_distance, c.rules_distance)
         END
  FROM candidates c;
END
$$;
