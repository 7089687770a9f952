-- notify_change(): its current definition, re-applied when this file changes (src/db/migrate.ts).
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
