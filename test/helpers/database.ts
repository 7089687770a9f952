// A fresh, migrated embedded database for a test in about a second: the first call of a test run
// creates and migrates a template data directory (PGlite's initdb takes several seconds), later
// calls copy it. Every test gets its own directory, so tests never see each other's rows.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../../src/db/database.js';

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

/** Opens a fresh migrated database. */
export async function openTestDatabase(): Promise<TestDatabase> {
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
