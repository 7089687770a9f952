-- semantic_filter_sql(): its current definition, re-applied when this file changes (src/db/migrate.ts).
-- The WHERE clause of a filtered scan of one kind: $3 is the exchanges, $4 the category.
CREATE OR REPLACE FUNCTION semantic_filter_sql(text_kind text, exchanges text[], only_open boolean, only_category text)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format('e.kind = %L', text_kind)
    || CASE WHEN only_open THEN ' AND NOT e.closed' ELSE '' END
    || CASE WHEN only_category IS NOT NULL THEN ' AND e.category = $4' ELSE '' END
    || CASE WHEN exchanges IS NOT NULL THEN ' AND e.exchange = ANY ($3)' ELSE '' END
$$;
