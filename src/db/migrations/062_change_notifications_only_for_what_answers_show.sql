-- Narrows the announcements of migration 061 to changes that answers show, so that the caches of
-- the other instances survive what they would have survived in their own process:
-- * keyword answers: a move of the index's answers marker (search_index_state.answers_changed_seq,
--   where the indexer records batches that changed what keyword answers show), not of every batch
--   (last_change_seq moves with every price-only sync). Where the marker column does not exist, the
--   index position stands in for it. Volume-only moves are left to the instances' pollers, which
--   drop only the answers sorted by volume. The row is read as JSON so that this function does not
--   depend on the column being there when it is created.
-- * embeddings: a vector written or removed, or a filter column changed, not a rewrite of the same
--   values; deletions row by row (a statement that deletes nothing announces nothing).
CREATE OR REPLACE FUNCTION notify_search_answers_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_row jsonb := CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE to_jsonb(OLD) END;
  new_row jsonb := CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE to_jsonb(NEW) END;
  marker text := CASE WHEN coalesce(new_row, old_row) ? 'answers_changed_seq' THEN 'answers_changed_seq' ELSE 'last_change_seq' END;
BEGIN
  IF old_row IS NULL OR new_row IS NULL OR old_row -> marker IS DISTINCT FROM new_row -> marker THEN
    PERFORM pg_notify('pm_search_state', '');
  END IF;
  RETURN NULL;
END $$;
DROP TRIGGER IF EXISTS search_index_state_notify ON search_index_state;
CREATE TRIGGER search_index_state_notify AFTER INSERT OR UPDATE OR DELETE ON search_index_state
  FOR EACH ROW EXECUTE FUNCTION notify_search_answers_changed();

DROP TRIGGER IF EXISTS market_embeddings_notify ON market_embeddings;
CREATE TRIGGER market_embeddings_insert_notify AFTER INSERT ON market_embeddings
  FOR EACH ROW EXECUTE FUNCTION notify_change('pm_semantic_inputs');
CREATE TRIGGER market_embeddings_update_notify AFTER UPDATE ON market_embeddings
  FOR EACH ROW WHEN ((OLD.text_hash, OLD.category, OLD.closed) IS DISTINCT FROM (NEW.text_hash, NEW.category, NEW.closed))
  EXECUTE FUNCTION notify_change('pm_semantic_inputs');
CREATE TRIGGER market_embeddings_delete_notify AFTER DELETE ON market_embeddings
  FOR EACH ROW EXECUTE FUNCTION notify_change('pm_semantic_inputs');

DROP TRIGGER IF EXISTS markets_semantic_delete_notify ON markets;
CREATE TRIGGER markets_semantic_delete_notify AFTER DELETE ON markets
  FOR EACH ROW EXECUTE FUNCTION notify_change('pm_semantic_inputs');
