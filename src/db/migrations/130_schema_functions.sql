-- The SQL functions' current definitions live in src/db/functions/*.sql, one file per function; the
-- migrator re-applies a file when its checksum differs from the one recorded here.
CREATE TABLE IF NOT EXISTS schema_functions (
  file text PRIMARY KEY,
  checksum text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
);
