-- rate_limit_take_many(): its current definition, re-applied when this file changes (src/db/migrate.ts).
-- Takes up to `p_n` requests of `p_key` at `p_now_ms` at once (the requests of one key that reached
-- one instance together: one round trip and one lock for all of them), in the order they are
-- numbered: the first `taken` are accepted, the rest refused, exactly as p_n takes one after the
-- other at p_now_ms would be. Returns the key's count before them (`counted_before`), `taken`, the
-- oldest counted request, and, when some were refused, the time of the request whose expiry frees
-- the next slot (with the accepted ones counted).
CREATE OR REPLACE FUNCTION rate_limit_take_many(p_key text, p_limit int, p_window_ms bigint, p_now_ms bigint, p_n int,
  OUT counted_before int, OUT taken int, OUT oldest_ms bigint, OUT frees_ms bigint)
LANGUAGE plpgsql AS $$
DECLARE
  expired int;
BEGIN
  -- 7301200: this service's class of rate-limit locks among its advisory locks
  PERFORM pg_advisory_xact_lock(7301200, hashtext(p_key));
  WITH gone AS (DELETE FROM rate_limit_hits WHERE key = p_key AND at_ms <= p_now_ms - p_window_ms RETURNING 1)
  SELECT count(*)::int INTO expired FROM gone;
  SELECT c.hits - expired INTO counted_before FROM rate_limit_counts c WHERE c.key = p_key;
  IF NOT FOUND THEN
    -- a key first seen since this migration (or swept when quiet): count its rows once
    SELECT count(*)::int INTO counted_before FROM rate_limit_hits WHERE key = p_key;
    INSERT INTO rate_limit_counts (key, hits) VALUES (p_key, counted_before);
  END IF;
  SELECT min(at_ms) INTO oldest_ms FROM rate_limit_hits WHERE key = p_key;
  -- A refusal is never decided on the kept count alone: when some of the takes would be refused,
  -- the rows are counted (at most about p_limit of them, as 060 did at every take). This also mends
  -- a count left high by a sweep of an instance still on 060's code (which deleted expired rows of
  -- every key without the lock) during an upgrade; below the limit such a count only lowers the
  -- Remaining header until the key goes quiet.
  IF counted_before + p_n > p_limit THEN
    SELECT count(*)::int INTO counted_before FROM rate_limit_hits WHERE key = p_key;
  END IF;
  taken := greatest(0, least(p_n, p_limit - counted_before));
  IF taken > 0 THEN
    INSERT INTO rate_limit_hits (key, at_ms, window_ms) SELECT p_key, p_now_ms, p_window_ms FROM generate_series(1, taken);
    oldest_ms := coalesce(oldest_ms, p_now_ms);
  END IF;
  IF taken < p_n THEN
    SELECT at_ms INTO frees_ms FROM rate_limit_hits WHERE key = p_key ORDER BY at_ms DESC OFFSET p_limit - 1 LIMIT 1;
  END IF;
  UPDATE rate_limit_counts SET hits = counted_before + taken WHERE key = p_key AND hits IS DISTINCT FROM counted_before + taken;
END $$;
