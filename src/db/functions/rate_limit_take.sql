-- rate_limit_take(): its current definition, re-applied when this file changes (src/db/migrate.ts).
-- One take (the usual case).
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
