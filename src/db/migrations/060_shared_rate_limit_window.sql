-- The rate limits' sliding windows shared by every instance of the service on one database (used
-- with DATABASE_URL; the embedded database has one process, which keeps its windows in memory).
-- One row per accepted request, kept while it is inside its window. UNLOGGED: the windows are a
-- minute (an hour for test-key minting) of counting, not data worth a WAL write per request; a
-- server crash empties them, which only forgives the requests of the last window.
CREATE UNLOGGED TABLE IF NOT EXISTS rate_limit_hits (
  key       text   NOT NULL,
  at_ms     bigint NOT NULL,
  -- the window the row counts in, so that one sweep of every expired row serves every limiter
  window_ms bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS rate_limit_hits_key_at ON rate_limit_hits (key, at_ms);

-- Takes one request of `p_key` at `p_now_ms` if fewer than `p_limit` were accepted in the window
-- (p_now_ms - p_window_ms, p_now_ms]. Requests of one key are serialized by a transaction-level
-- advisory lock, so two instances can never both take the last slot. Returns whether it was taken,
-- how many are counted (including this one when taken), the oldest counted request, and, when
-- refused, the time of the request whose expiry frees the next slot.
CREATE OR REPLACE FUNCTION rate_limit_take(p_key text, p_limit int, p_window_ms bigint, p_now_ms bigint,
  OUT allowed boolean, OUT counted int, OUT oldest_ms bigint, OUT frees_ms bigint)
LANGUAGE plpgsql AS $$
BEGIN
  -- 7301200: this service's class of rate-limit locks among its advisory locks
  PERFORM pg_advisory_xact_lock(7301200, hashtext(p_key));
  DELETE FROM rate_limit_hits WHERE key = p_key AND at_ms <= p_now_ms - p_window_ms;
  SELECT count(*)::int, min(at_ms) INTO counted, oldest_ms FROM rate_limit_hits WHERE key = p_key;
  IF counted >= p_limit THEN
    allowed := false;
    SELECT at_ms INTO frees_ms FROM rate_limit_hits WHERE key = p_key ORDER BY at_ms DESC OFFSET p_limit - 1 LIMIT 1;
  ELSE
    allowed := true;
    INSERT INTO rate_limit_hits (key, at_ms, window_ms) VALUES (p_key, p_now_ms, p_window_ms);
    counted := counted + 1;
    oldest_ms := coalesce(oldest_ms, p_now_ms);
  END IF;
END $$;
