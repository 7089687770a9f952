// The SQL functions' current definitions (src/db/functions/*.sql), on the database the test run uses
// (embedded, or TEST_DATABASE=server): the migrator applies a function file again when its text
// changed and leaves it alone when it did not; every function of the schema has its file; and
// migrations from now on create no functions.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { listFunctions, listMigrations, migrate } from '../../src/db/migrate.js';
import { openTestDatabase, ownFunctionNames, type TestDatabase } from '../helpers/database.js';

const FUNCTIONS_DIR = path.resolve(import.meta.dirname, '../../src/db/functions');
/** The first migration after the functions moved to src/db/functions. */
const FIRST_WITHOUT_FUNCTIONS = '130';

describe('database functions defined in src/db/functions', function () {
  this.timeout(120_000);
  let db: TestDatabase;
  let copy: string;
  before(async () => {
    db = await openTestDatabase();
    copy = mkdtempSync(path.join(os.tmpdir(), 'pm-functions-'));
    cpSync(FUNCTIONS_DIR, copy, { recursive: true });
  });
  after(async () => {
    await db?.destroy();
    if (copy) rmSync(copy, { recursive: true, force: true });
  });

  const source = async (name: string) =>
    (await db.pool.query<{ src: string }>(`SELECT prosrc AS src FROM pg_proc WHERE proname = $1`, [name])).rows.map((r) => r.src);

  it('records the checksum of every function file it applied', async () => {
    const recorded = (await db.pool.query<{ file: string; checksum: string }>('SELECT file, checksum FROM schema_functions ORDER BY file')).rows;
    assert.deepEqual(recorded, listFunctions().map(({ file, checksum }) => ({ file, checksum })));
  });

  it('applies a function file again when its text changed, and not when it did not', async () => {
    assert.deepEqual(await migrate(db.pool, undefined, copy), { migrations: [], functions: [] }, 'an unchanged copy applies nothing');

    const file = path.join(copy, 'semantic_filter_sql.sql');
    const changed = readFileSync(file, 'utf8').replace(/\$\$;\s*$/, () => '  -- changed by the test\n$$;\n');
    assert.notEqual(changed, readFileSync(file, 'utf8'), 'the edit took');
    writeFileSync(file, changed);
    assert.deepEqual(await migrate(db.pool, undefined, copy), { migrations: [], functions: ['semantic_filter_sql.sql'] });
    assert.ok((await source('semantic_filter_sql')).some((s) => s.includes('changed by the test')), 'the new definition is in the database');

    assert.deepEqual(await migrate(db.pool, undefined, copy), { migrations: [], functions: [] }, 'applied once, not at every start');
    // back to the project's own definition: applied again, since its checksum differs from the copy's
    assert.deepEqual((await migrate(db.pool)).functions, ['semantic_filter_sql.sql']);
    assert.ok((await source('semantic_filter_sql')).every((s) => !s.includes('changed by the test')));
  });

  it('holds a file for every function of the schema, and a function for every file', async () => {
    const own = await ownFunctionNames(db.pool);
    assert.deepEqual(own, listFunctions().map((f) => f.file.replace(/\.sql$/, '')));
  });

  it('keeps functions out of the migrations from now on', () => {
    for (const m of listMigrations().filter((x) => x.name.slice(0, 3) >= FIRST_WITHOUT_FUNCTIONS)) {
      assert.doesNotMatch(m.sql, /\bCREATE\s+(OR\s+REPLACE\s+)?FUNCTION\b/i, `${m.name} defines a function: put it in src/db/functions/<name>.sql`);
    }
  });
});
