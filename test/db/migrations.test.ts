// The migration runner against a real embedded database: migrations renamed after they shipped do
// not run twice on a database that applied them under their old names, two files with one number
// are refused, and the schema holds no SQL function that nothing calls.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/db/database.js';
import { listMigrations, migrate, RENAMED_MIGRATIONS } from '../../src/db/migrate.js';
import { openTestDatabase, ownFunctionNames } from '../helpers/database.js';

const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');

describe('database migrations', function () {
  this.timeout(120_000);
  const scratch: string[] = [];
  const tempDir = (prefix: string) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
    scratch.push(dir);
    return dir;
  };
  after(() => {
    for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
  });

  it('a database migrated under the old file names migrates cleanly under the new ones', async () => {
    // The migrations as they shipped before the renames: same SQL, old names, without the later ones.
    const oldNameOf = new Map(Object.entries(RENAMED_MIGRATIONS).map(([oldName, newName]) => [newName, oldName]));
    const oldDir = tempDir('old-migrations-');
    const shippedBefore = listMigrations().filter((m) => m.name < '042');
    for (const m of shippedBefore) writeFileSync(path.join(oldDir, oldNameOf.get(m.name) ?? m.name), m.sql);
    assert.ok(readdirSync(oldDir).includes('041_semantic_search_one_statement.sql'));

    const db = await openDatabase({ dataDir: tempDir('old-db-'), migrate: false });
    try {
      const appliedOld = (await migrate(db.pool, oldDir)).migrations;
      assert.equal(appliedOld.length, shippedBefore.length);
      assert.ok(appliedOld.includes('040_embeddings.sql'));

      const appliedNew = (await migrate(db.pool)).migrations;
      const addedSince = listMigrations().filter((m) => m.name >= '042').map((m) => m.name);
      assert.ok(addedSince.includes('042_drop_semantic_nearest_functions.sql'));
      assert.deepEqual(appliedNew, addedSince, 'only the migrations added since run; the renamed ones are known');
      const recorded = (await db.pool.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).rows.map((r) => r.name);
      assert.deepEqual(recorded, listMigrations().map((m) => m.name));
      assert.deepEqual(await migrate(db.pool), { migrations: [], functions: [] }, 'a second run applies nothing');
    } finally {
      await db.close();
    }
  });

  it('refuses two migration files with the same number', () => {
    const dir = tempDir('dup-migrations-');
    writeFileSync(path.join(dir, '050_create_a.sql'), 'SELECT 1;');
    writeFileSync(path.join(dir, '050_create_b.sql'), 'SELECT 1;');
    assert.throws(() => listMigrations(dir), /two migrations share the number 050: 050_create_a\.sql, 050_create_b\.sql/);
  });

  it('leaves no SQL function that no code calls (semantic_nearest* are dropped)', async () => {
    const db = await openTestDatabase();
    try {
      const own = await ownFunctionNames(db.pool);
      assert.ok(own.includes('semantic_search'), `semantic_search exists (found: ${own.join(', ')})`);
      assert.ok(!own.includes('semantic_nearest') && !own.includes('semantic_nearest_exact'), `dropped (found: ${own.join(', ')})`);

      // Called = named in the TypeScript of the service, or inside another function's body,
      const code = ['src', 'scripts'].flatMap((dir) => sourceFiles(path.join(PROJECT_ROOT, dir)))
        .map((f) => readFileSync(f, 'utf8')).join('\n');
      // ...or kept as the tests' reference: semantic_search is the candidates joined to the live rows in
      // one statement, which the tests compare the service's two-step answer against.
      const testCode = sourceFiles(path.join(PROJECT_ROOT, 'test')).map((f) => readFileSync(f, 'utf8')).join('\n');
      const TEST_REFERENCES = new Set(['semantic_search']);
      const bodies = (await db.pool.query<{ name: string; body: string }>(
        `SELECT p.proname AS name, p.prosrc AS body FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public'`,
      )).rows;
      // ...or run by a trigger
      const triggered = new Set((await db.pool.query<{ name: string }>(
        'SELECT DISTINCT p.proname AS name FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid WHERE NOT t.tgisinternal',
      )).rows.map((r) => r.name));
      for (const fn of own) {
        const called = triggered.has(fn) || new RegExp(`\\b${fn}\\s*\\(`).test(code) || (TEST_REFERENCES.has(fn) && new RegExp(`\\b${fn}\\s*\\(`).test(testCode)) || bodies.some((b) => b.name !== fn && new RegExp(`\\b${fn}\\s*\\(`).test(b.body));
        assert.ok(called, `function ${fn} is not called by any code: drop it in a migration`);
      }
    } finally {
      await db.destroy();
    }
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => path.join(e.parentPath, e.name));
}
