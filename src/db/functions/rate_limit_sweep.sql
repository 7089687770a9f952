-- rate_limit_sweep(): its current definition, re-applied when this file changes (src/db/migrate.ts).
-- The expired rows of every key (the keys that went quiet; an active key's take drops its own),
-- each key under its advisory lock so that its count stays exact. A key whose lock is held is left
-- for its take. Keys left with no rows lose their count row (a take recounts them: zero rows). At
-- most 500 keys a call: each holds an advisory lock until the sweep commits, and the server's lock
-- table is shared (the next sweep takes the rest). Returns the rows deleted.
CREATE OR REPLACE FUNCTION rate_limit_sweep(p_now_ms bigint) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  k text;
  n int;
  total int := 0;
BEGIN
  FOR k IN SELECT DISTINCT h.key FROM rate_limit_hits h WHERE h.at_ms <= p_now_ms - h.window_ms LIMIT 500 LOOP
    CONTINUE WHEN NOT pg_try_advisory_xact_lock(7301200, hashtext(k));
    WITH gone AS (DELETE FROM rate_limit_hits WHERE key = k AND at_ms <= p_now_ms - window_ms RETURNING 1)
    SELECT count(*)::int INTO n FROM gone;
    UPDATE rate_limit_counts SET hits = hits - n WHERE key = k;
    DELETE FROM rate_limit_counts WHERE key = k AND hits <= 0 AND NOT EXISTS (SELECT 1 FROM rate_limit_hits WHERE key = k);
    total := total + n;
  END LOOP;
  RETURN total;
END $$;
