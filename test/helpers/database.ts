// A fresh, migrated database for a test in about a second: the first call of a test run creates and
// migrates a template data directory (PGlite's initdb takes several seconds), later calls copy it.
// Every test gets its own directory, so tests never see each other's rows.
//
// The database-facing suites run on both databases from these same files: TEST_DATABASE=server (set
// by `npm test`'s second pass, `npm run test:server`) makes openTestDatabase and startTestService
// use a fresh database on a real PostgreSQL server instead (test/helpers/postgres-server.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../../src/db/database.js';
import { createServerDatabase } from './postgres-server.js';

/** Which database the tests of this process run on: 'embedded' (PGlite, the default) or 'server'. */
export const TEST_DATABASE: 'embedded' | 'server' = process.env.TEST_DATABASE === 'server' ? 'server' : 'embedded';
if (process.env.TEST_DATABASE && !['server', 'embedded'].includes(process.env.TEST_DATABASE)) {
  throw new Error(`TEST_DATABASE is 'embedded' or 'server', not '${process.env.TEST_DATABASE}'`);
}

let template: Promise<string> | undefined;

async function makeTemplate(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-test-template-'));
  const db = await openDatabase({ dataDir: dir });
  await db.close();
  return dir;
}

/** A new data directory holding a migrated database, and a function to delete it. */
export async function freshDataDir(): Promise<{ dataDir: string; remove(): void }> {
  template ??= makeTemplate();
  const source = await template;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-test-db-'));
  fs.cpSync(source, dataDir, { recursive: true });
  return { dataDir, remove: () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}

export interface TestDatabase extends Database {
  dataDir: string;
  /** Close the database and delete its directory. */
  destroy(): Promise<void>;
}

/** Opens a fresh migrated database (embedded, or on the server when TEST_DATABASE=server). */
export async function openTestDatabase(): Promise<TestDatabase> {
  if (TEST_DATABASE === 'server') {
    const server = await createServerDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-test-db-'));
    const db = await openDatabase({ dataDir, databaseUrl: server.url });
    return Object.assign(db, {
      dataDir,
      async destroy() {
        await db.close();
        await server.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    });
  }
  const { dataDir, remove } = await freshDataDir();
  const db = await openDatabase({ dataDir });
  return Object.assign(db, {
    dataDir,
    async destroy() {
      await db.close();
      remove();
    },
  });
}

/** The schema's own SQL functions by name: in public, not installed by an extension (pgvector, pg_trgm, unaccent). */
export async function ownFunctionNames(pool: Database['pool']): Promise<string[]> {
  const { rows } = await pool.query<{ name: string }>(
    `SELECT DISTINCT p.proname AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = 'public'
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
      ORDER BY 1`,
  );
  return rows.map((r) => r.name);
}
