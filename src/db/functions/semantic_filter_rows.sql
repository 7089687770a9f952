-- semantic_filter_rows(): its current definition, re-applied when this file changes (src/db/migrate.ts).
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
