-- Semantic search's candidates without the join to their catalog rows. 099's semantic_search ends by
-- joining the 40-200 candidates to `markets` for what the answer shows (title, category, status,
-- cluster) and to re-check the filters against the live row: 0.17-0.38 ms of the server's ~1.0 ms of
-- CPU a search on the benchmark catalog (bench/HISTORY.md, "Semantic search on the server at 20 clients"). The service now keeps those
-- few columns of the rows its answers showed (src/search/semantic/market-display-rows.ts), dropped
-- with its cached answers whenever what answers show changes (migration 061's notifications, the
-- instances' watchers), and asks the database only for the candidates it has no copy of. So the
-- search statement returns the candidates alone: the same two walks and the same exact distance to
-- the nearer of each candidate's two vectors as semantic_search did. semantic_search becomes those
-- candidates joined to their live rows, as before (the service's path with its copy off,
-- SemanticSearchOptions.catalogCopy: the baseline of bench/db/semantic-cpu.ts, and the reference
-- answers of test/semantic/market-display-rows.test.ts).
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

-- 099's semantic_search, same arguments and columns: the candidates above, the filters re-checked
-- against the live catalog rows. Each candidate's row is looked up on the primary key (LATERAL with
-- LIMIT 1, which the planner cannot turn into a join): planned as a join, the function's estimate of
-- 200 rows made a hash join over a scan of every market the cheaper plan on paper (5-7 ms of CPU a
-- search on the benchmark's 22k markets, against ~0.3 for the lookups).
CREATE OR REPLACE FUNCTION semantic_search(
  query_vector vector(384),
  k integer,
  exchanges text[],
  only_open boolean,
  only_category text,
  exact_below integer DEFAULT 1000,
  title_rows integer DEFAULT NULL,
  rules_rows integer DEFAULT NULL
) RETURNS TABLE (exchange text, market_id text, title text, category text, closed boolean, svc_id text, distance double precision)
LANGUAGE sql VOLATILE ROWS 200 AS $$
  SELECT m.exchange, m.market_id, m.title, m.category, m.closed, m.svc_id, c.distance
  FROM semantic_search_candidates(query_vector, k, exchanges, only_open, only_category, exact_below, title_rows, rules_rows) AS c
  CROSS JOIN LATERAL (SELECT * FROM markets r WHERE r.exchange = c.exchange AND r.market_id = c.market_id LIMIT 1) AS m
  WHERE NOT m.removed
    AND (exchanges IS NULL OR m.exchange = ANY (exchanges))
    AND (NOT only_open OR NOT m.closed)
    AND (only_category IS NULL OR lower(m.category) = only_category)
$$;
