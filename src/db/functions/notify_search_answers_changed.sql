-- notify_search_answers_changed(): its current definition, re-applied when this file changes (src/db/migrate.ts).
-- Announces moves of the keyword index to the other instances: a move of the answers marker
-- announces pm_search_state (every keyword answer goes); a move of volume_changed_seq only (the
-- search indexer wrote a batch in which a volume changed, src/search/search-index-state-repository.ts)
-- announces pm_search_volumes, and each instance drops only its answers ordered by volume
-- (sort=volume, browsing without a query); answers ranked by relevance keep. The row is read as
-- JSON so that the function also works on a table without the volume column (it then announces
-- only the answers marker).
CREATE OR REPLACE FUNCTION notify_search_answers_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_row jsonb := CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE to_jsonb(OLD) END;
  new_row jsonb := CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE to_jsonb(NEW) END;
  marker text := CASE WHEN coalesce(new_row, old_row) ? 'answers_changed_seq' THEN 'answers_changed_seq' ELSE 'last_change_seq' END;
BEGIN
  IF old_row IS NULL OR new_row IS NULL OR old_row -> marker IS DISTINCT FROM new_row -> marker THEN
    PERFORM pg_notify('pm_search_state', '');
  ELSIF new_row ? 'volume_changed_seq' AND old_row -> 'volume_changed_seq' IS DISTINCT FROM new_row -> 'volume_changed_seq' THEN
    PERFORM pg_notify('pm_search_volumes', '');
  END IF;
  RETURN NULL;
END $$;
