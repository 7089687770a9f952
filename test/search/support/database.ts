// A fresh migrated embedded database per suite, through the shared template helper (copying a
// migrated data directory is much faster than PGlite's initdb).
import type { Database } from '../../../src/db/database.js';
import { openTestDatabase } from '../../helpers/database.js';

export interface TempDatabase {
  db: Database;
  close(): Promise<void>;
}

export async function openTempDatabase(): Promise<TempDatabase> {
  const db = await openTestDatabase();
  return { db, close: () => db.destroy() };
}
