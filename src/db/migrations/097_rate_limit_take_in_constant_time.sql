-- rate_limit_take() (060) without counting the window on every request. 060 counted a key's rows
-- (count(*) over rate_limit_hits) on each take, so a take cost in proportion to the requests the key
-- made in the last minute: on the project's server, 0.26 ms of backend CPU with an empty window,
-- 0.36 ms at 1,000 rows and 1.83 ms at 15,000 (a key serving 250 requests a second), which was the
-- largest part of the database cost a keyed request added (bench/HISTORY.md, "Semantic search on the
-- server: where the CPU goes"). Now each key's count of rows is kept in rate_limit_counts, changed
-- only under the key's advisory lock by the take (which deletes the key's expired rows, counting
-- what it deleted, and adds its own) and by rate_limit_sweep() (which deletes the expired rows of
-- keys that went quiet): a take is a few index probes whatever the window holds. And the requests
-- of one key that arrive together at one instance take their slots in one call
-- (rate_limit_take_many): at 20 concurrent requests of one key, 060 made 20 calls queue on the
-- key's lock. The semantics are 060's: the rows with at_ms in (p_now_ms - p_window_ms, p_now_ms]
-- are counted; same outputs.
CREATE UNLOGGED TABLE IF NOT EXISTS rate_limit_counts (
  key  text PRIMARY KEY,
  -- rows of rate_limit_hits with this key
  hits integer NOT NULL
);

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

-- One take (the usual case; also what instances still on 060's code call during an upgrade).
CREATE OR REPLACE FUNCTION rate_limit_take(p_key text, p_limit int, p_window_ms bigint, p_now_ms bigint,
  OUT allowed boolean, OUT counted int, OUT oldest_ms bigint, OUT frees_ms bigint)
LANGUAGE plpgsql AS $$
DECLARE
  m record;
BEGIN
  SELECT * INTO m FROM rate_limit_take_many(p_key, p_limit, p_window_ms, p_now_ms, 1);
  allowed := m.taken = 1;
  counted := m.counted_before + m.taken;
  oldest_ms := m.oldest_ms;
  frees_ms := m.frees_ms;
END $$;

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
