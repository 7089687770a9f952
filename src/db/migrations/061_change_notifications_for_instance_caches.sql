-- Changes that other instances of the service must see at once, announced with NOTIFY (a
-- transaction's identical notifications are folded into one, delivered at commit). Each instance
-- listens (src/db/notifications.ts, wired in src/service.ts) and drops the answers it cached:
--   pm_search_state     the keyword index moved (the search indexer records it here): keyword answers
--   pm_semantic_inputs  what semantic answers show changed: a market's title, category, closed,
--                       cluster or removal, a market added or deleted, or its embeddings
--   pm_api_keys         a key was revoked, changed or deleted: the key cache
-- The instances' pollers (src/search/index-watcher.ts) stay as the safety net. On the embedded
-- database (one process) nobody listens and the notifications are dropped at commit.
CREATE OR REPLACE FUNCTION notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(TG_ARGV[0], '');
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS search_index_state_notify ON search_index_state;
CREATE TRIGGER search_index_state_notify AFTER INSERT OR UPDATE OR DELETE ON search_index_state
  FOR EACH STATEMENT EXECUTE FUNCTION notify_change('pm_search_state');

-- Row-level for markets, so that a sync that rewrote only prices announces nothing.
DROP TRIGGER IF EXISTS markets_semantic_insert_notify ON markets;
CREATE TRIGGER markets_semantic_insert_notify AFTER INSERT ON markets
  FOR EACH ROW EXECUTE FUNCTION notify_change('pm_semantic_inputs');
DROP TRIGGER IF EXISTS markets_semantic_update_notify ON markets;
CREATE TRIGGER markets_semantic_update_notify AFTER UPDATE ON markets
  FOR EACH ROW WHEN ((OLD.title, OLD.category, OLD.closed, OLD.svc_id, OLD.removed) IS DISTINCT FROM (NEW.title, NEW.category, NEW.closed, NEW.svc_id, NEW.removed))
  EXECUTE FUNCTION notify_change('pm_semantic_inputs');
DROP TRIGGER IF EXISTS markets_semantic_delete_notify ON markets;
CREATE TRIGGER markets_semantic_delete_notify AFTER DELETE ON markets
  FOR EACH STATEMENT EXECUTE FUNCTION notify_change('pm_semantic_inputs');
DROP TRIGGER IF EXISTS market_embeddings_notify ON market_embeddings;
CREATE TRIGGER market_embeddings_notify AFTER INSERT OR UPDATE OR DELETE ON market_embeddings
  FOR EACH STATEMENT EXECUTE FUNCTION notify_change('pm_semantic_inputs');

DROP TRIGGER IF EXISTS api_keys_notify ON api_keys;
CREATE TRIGGER api_keys_notify AFTER UPDATE OR DELETE ON api_keys
  FOR EACH STATEMENT EXECUTE FUNCTION notify_change('pm_api_keys');
