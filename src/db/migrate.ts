// Versioned SQL migrations: every file in ./migrations, applied once each in name order, each in its
// own transaction, under an advisory lock so that several instances starting together apply them once.
// schema_migrations records each applied file by name; a file renamed after it was applied somewhere
// is listed in RENAMED_MIGRATIONS, and its record is renamed before anything is applied, so that the
// database does not run it a second time under its new name.
//
// Migrations create tables, indexes and data. The SQL functions are defined in ./functions, one file
// per function holding its current definition (CREATE OR REPLACE FUNCTION): after the migrations,
// every file whose checksum differs from the one recorded in schema_functions is applied again, all
// in one transaction, so a function changes by editing its file. A change a CREATE OR REPLACE cannot
// make (another return type, argument names or types) needs a migration that drops the old one first.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const FUNCTIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'functions');
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

/** The function files of `dir` by name, with their text and its checksum (sha256, hex). */
export function listFunctions(dir = FUNCTIONS_DIR): { file: string; sql: string; checksum: string }[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((f) => /^[a-z0-9_]+\.sql$/.test(f)).sort().map((file) => {
    const sql = fs.readFileSync(path.join(dir, file), 'utf8');
    return { file, sql, checksum: createHash('sha256').update(sql).digest('hex') };
  });
}

export interface MigrationRun {
  /** The migrations applied by this run, in order. */
  migrations: string[];
  /** The function files (re-)applied by this run: new, or changed since they were last applied. */
  functions: string[];
}

export async function migrate(pool: pg.Pool, dir = MIGRATIONS_DIR, functionsDir = FUNCTIONS_DIR): Promise<MigrationRun> {
  const client = await pool.connect();
  const applied: string[] = [];
  let functions: string[] = [];
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
    functions = await applyFunctions(client, functionsDir);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    client.release();
  }
  return { migrations: applied, functions };
}

/**
 * Applies the function files whose checksum differs from the recorded one (all in one transaction),
 * and records their checksums. Nothing to do before the migration that creates schema_functions ran
 * (a migrations folder of an older revision). Function bodies are not checked at creation
 * (check_function_bodies off, as pg_dump restores them): a function may call one applied after it.
 */
async function applyFunctions(client: pg.PoolClient, dir: string): Promise<string[]> {
  const table = await client.query<{ t: string | null }>(`SELECT to_regclass('schema_functions')::text AS t`);
  if (!table.rows[0].t) return [];
  const recorded = new Map((await client.query<{ file: string; checksum: string }>('SELECT file, checksum FROM schema_functions')).rows.map((r) => [r.file, r.checksum]));
  const changed = listFunctions(dir).filter((f) => recorded.get(f.file) !== f.checksum);
  if (changed.length === 0) return [];
  await client.query('BEGIN');
  try {
    await client.query('SET LOCAL check_function_bodies = off');
    for (const f of changed) {
      try {
        await client.query(f.sql);
      } catch (err) {
        throw new Error(`function file ${f.file} failed: ${(err as Error).message}`, { cause: err });
      }
      await client.query(
        `INSERT INTO schema_functions (file, checksum) VALUES ($1, $2)
         ON CONFLICT (file) DO UPDATE SET checksum = EXCLUDED.checksum, applied_at = now()`,
        [f.file, f.checksum],
      );
    }
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  }
  return changed.map((f) => f.file);
}
