-- Drops semantic_nearest() and semantic_nearest_exact() (created by 040): semantic_search() (041)
-- does their work in one statement, and no code calls them any more.
DROP FUNCTION IF EXISTS semantic_nearest(vector, text, integer, text[], boolean, text, integer);
DROP FUNCTION IF EXISTS semantic_nearest_exact(vector, text, integer, text[], boolean, text);
