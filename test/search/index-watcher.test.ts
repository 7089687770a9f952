// The answer-cache watcher with a fingerprint (src/search/index-watcher.ts), on a real database:
// a moved version invalidates only when the fingerprint moved too, and fingerprints are spaced out.
import assert from 'node:assert/strict';
import { watchStateVersion } from '../../src/search/index-watcher.js';
import { openTempDatabase, type TempDatabase } from './support/database.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('answer-cache watcher with a fingerprint', function () {
  this.timeout(60_000);
  let temp: TempDatabase;
  before(async () => {
    temp = await openTempDatabase();
    await temp.db.pool.query('CREATE TABLE watched (id int PRIMARY KEY, shown text NOT NULL, price float8, seq int NOT NULL)');
    await temp.db.pool.query(`INSERT INTO watched VALUES (1, 'a', 0.5, 1), (2, 'b', 0.5, 2)`);
  });
  after(async () => {
    await temp?.close();
  });
  const read = (sql: string) => async () => (await temp.db.pool.query<{ v: string }>(sql)).rows[0].v;
  const version = read('SELECT max(seq)::text AS v FROM watched');
  const fingerprint = read(`SELECT string_agg(id || shown, ',' ORDER BY id) AS v FROM watched`);
  const write = (sql: string) => temp.db.pool.query(sql);

  it('ignores a change of what answers do not show, reacts to one they do', async () => {
    let changes = 0;
    const stop = watchStateVersion(version, () => changes++, 20, fingerprint);
    try {
      await sleep(400);
      assert.equal(changes, 0, 'a quiet start invalidates nothing');
      await write(`UPDATE watched SET price = 0.6, seq = 3 WHERE id = 1`);
      await sleep(400);
      assert.equal(changes, 0, 'price only');
      await write(`UPDATE watched SET shown = 'c', seq = 4 WHERE id = 2`);
      await sleep(400);
      assert.equal(changes, 1, 'a shown field');
    } finally {
      stop();
    }
  });

  it('spaces fingerprints out but still looks at a deferred move', async () => {
    let changes = 0;
    const stop = watchStateVersion(version, () => changes++, 20, fingerprint, 2_000);
    try {
      await sleep(100);
      await write(`UPDATE watched SET shown = 'd', seq = 5 WHERE id = 1`);
      await sleep(400);
      assert.equal(changes, 1, 'the first look is not deferred');
      await write(`UPDATE watched SET shown = 'e', seq = 6 WHERE id = 1`);
      await sleep(400);
      assert.equal(changes, 1, 'within 2 s of the last fingerprint: deferred');
      await sleep(2_000);
      assert.equal(changes, 2, 'looked at once the spacing allowed it');
    } finally {
      stop();
    }
  });
});
