// VACUUM after writes on the embedded database (PGlite never autovacuums;
// src/db/maintenance-after-writes.ts): nothing below the threshold, a real VACUUM (visibility map
// set, statistics counted) once it is reached.
import assert from 'node:assert/strict';
import { vacuumAfterWrites } from '../../src/db/maintenance-after-writes.js';
import { openTestDatabase, type TestDatabase } from '../helpers/database.js';

describe('VACUUM after writes (embedded database)', () => {
  let db: TestDatabase;
  before(async () => {
    db = await openTestDatabase();
    await db.pool.query('CREATE TABLE vacuum_probe (id int PRIMARY KEY, payload text NOT NULL)');
  });
  after(async () => {
    await db.destroy();
  });

  const state = async () =>
    (await db.pool.query<{ visible: number; tuples: number }>(
      "SELECT relallvisible::int AS visible, reltuples::float8 AS tuples FROM pg_class WHERE oid = 'vacuum_probe'::regclass",
    )).rows[0];
  const insert = (from: number, n: number) =>
    db.pool.query('INSERT INTO vacuum_probe SELECT g, repeat(md5(g::text), 20) FROM generate_series($1::int, $2::int) AS g', [from, from + n - 1]);

  it('waits for the threshold, then vacuums and counts the table', async () => {
    const vacuum = vacuumAfterWrites(db.pool, 'vacuum_probe', { minRows: 500, fraction: 0.5 });
    await insert(1, 300);
    assert.equal(await vacuum.afterWrite(300), false);
    assert.equal((await state()).visible, 0, 'nothing vacuumed below minRows');
    await insert(301, 300);
    assert.equal(await vacuum.afterWrite(300), true);
    const after = await state();
    assert.ok(after.visible > 0, 'the visibility map is set');
    assert.equal(after.tuples, 600);
    // the next threshold is half of the 600 rows counted: 299 more writes are not enough
    await db.pool.query('UPDATE vacuum_probe SET payload = payload || $1 WHERE id <= 299', ['x']);
    assert.equal(await vacuum.afterWrite(299), false);
    assert.equal(await vacuum.afterWrite(1), false, 'still under minRows (500)');
    assert.equal(await vacuum.afterWrite(200), true);
  });

  it('counts nothing for empty writes', async () => {
    const vacuum = vacuumAfterWrites(db.pool, 'vacuum_probe', { minRows: 1 });
    assert.equal(await vacuum.afterWrite(0), false);
  });
});
