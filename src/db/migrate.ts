// Versioned SQL migrations: every file in ./migrations, applied once each in name order, each in its
// own transaction, under an advisory lock so that several instances starting together apply them once.
// schema_migrations records each applied file by name; a file renamed after it was applied somewhere
// is listed in RENAMED_MIGRATIONS, and its record is renamed before anything is applied, so that the
// database does not run it a second time under its new name.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// An arbitrary constant that names "the migration lock" among this service's advisory locks.
const MIGRATION_LOCK_KEY = 7_301_001;

/** Old file name -> new file name, for migrations renamed after they shipped (names say what they create). */
export const RENAMED_MIGRATIONS: Readonly<Record<string, string>> = {
  '010_catalog_reads.sql': '010_event_details_and_category_list_indexes.sql',
  '030_search.sql': '030_market_search_and_search_index_state.sql',
  '040_embeddings.sql': '040_market_embeddings_and_embedding_cache.sql',
  '041_semantic_search_one_statement.sql': '041_semantic_search_function_and_open_market_hnsw.sql',
};

export function listMigrations(dir = MIGRATIONS_DIR): { name: string; sql: string }[] {
  const names = fs.readdirSync(dir).filter((f) => /^\d{3}_[a-z0-9_]+\.sql$/.test(f)).sort();
  // Two files with one number (easy when branches add migrations in parallel) would apply in an
  // order nobody chose: refuse them.
  for (let i = 1; i < names.length; i++) {
    if (names[i].slice(0, 3) === names[i - 1].slice(0, 3)) throw new Error(`two migrations share the number ${names[i].slice(0, 3)}: ${names[i - 1]}, ${names[i]}`);
  }
  return names.map((name) => ({ name, sql: fs.readFileSync(path.join(dir, name), 'utf8') }));
}

export async function migrate(pool: pg.Pool, dir = MIGRATIONS_DIR): Promise<string[]> {
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    await client.query(
      `UPDATE schema_migrations s SET name = r.new FROM unnest($1::text[], $2::text[]) AS r(old, new)
       WHERE s.name = r.old AND NOT EXISTS (SELECT 1 FROM schema_migrations x WHERE x.name = r.new)`,
      [Object.keys(RENAMED_MIGRATIONS), Object.values(RENAMED_MIGRATIONS)],
    );
    const done = new Set((await client.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name));
    for (const m of listMigrations(dir)) {
      if (done.has(m.name)) continue;
      await client.query('BEGIN');
      try {
        await client.query(m.sql);
        await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [m.name]);
        await client.query('COMMIT');
        applied.push(m.name);
      } catch (err) {
        await client.query('ROLLBACK');
        throw new Error(`migration ${m.name} failed: ${(err as Error).message}`, { cause: err });
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    client.release();
  }
  return applied;
}
