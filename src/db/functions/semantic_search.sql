-- semantic_search(): its current definition, re-applied when this file changes (src/db/migrate.ts).
-- The candidates of semantic_search_candidates joined to their live catalog rows, the filters
-- re-checked against them (a reference path: the service keeps its own copy of the rows). Each
-- candidate's row is looked up on the primary key (LATERAL with LIMIT 1, which the planner cannot
-- turn into a join): planned as a join, the function's estimate of 200 rows made a hash join over
-- a scan of every market the cheaper plan on paper (5-7 ms of CPU a search on the benchmark's 22k
-- markets, against ~0.3 for the lookups).
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
