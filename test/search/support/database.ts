// A fresh embedded database (PGlite, all migrations) in a temporary directory, per suite.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../../../src/db/database.js';

export interface TempDatabase {
  db: Database;
  close(): Promise<void>;
}

export async function openTempDatabase(): Promise<TempDatabase> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'search-test-'));
  const db = await openDatabase({ dataDir: dir });
  return {
    db,
    async close() {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
