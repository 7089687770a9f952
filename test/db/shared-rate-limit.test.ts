// The rate-limit window shared in the PostgreSQL server (src/accounts/shared-rate-limit-repository.ts): each key's kept count of rows must stay the real count through takes,
// expiry, refusals, sweeps and racing takes, so that a take answers exactly what the in-memory
// limiter (the reference: the same sliding window in one process) answers.
import assert from 'node:assert/strict';
import { SlidingWindowLimiter } from '../../src/accounts/rate-limiter.js';
import { DatabaseSlidingWindowLimiter } from '../../src/accounts/shared-rate-limit-repository.js';
import { openDatabase, type Database } from '../../src/db/database.js';
import { ManualClock } from '../../src/util/clock.js';
import { createServerDatabase } from '../helpers/postgres-server.js';
import os from 'node:os';

describe('the rate-limit window shared in the PostgreSQL server', function () {
  this.timeout(120_000);
  let server: { url: string; drop(): Promise<void> };
  let db: Database;

  before(async () => {
    server = await createServerDatabase();
    db = await openDatabase({ dataDir: os.tmpdir(), databaseUrl: server.url });
  });
  after(async () => {
    await db?.close();
    await server?.drop();
  });

  /** The kept count of `key` next to its real number of rows. */
  async function counts(key: string): Promise<{ kept: number | null; rows: number }> {
    const kept = await db.pool.query<{ hits: number }>('SELECT hits FROM rate_limit_counts WHERE key = $1', [key]);
    const rows = await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM rate_limit_hits WHERE key = $1', [key]);
    return { kept: kept.rows[0]?.hits ?? null, rows: rows.rows[0].n };
  }

  it('answers every take as the in-memory sliding window does, and its kept count stays the real one', async () => {
    const clock = new ManualClock(1_700_000_000_000);
    const shared = new DatabaseSlidingWindowLimiter(db.pool, clock, 1_000);
    const reference = new SlidingWindowLimiter(clock, 1_000);
    let seed = 7;
    const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
    let refused = 0;
    for (let i = 0; i < 300; i++) {
      // bursts and gaps: some takes land together, some after the window moved past older ones
      clock.advance(random() < 0.7 ? Math.floor(random() * 40) : 200 + Math.floor(random() * 900));
      const key = random() < 0.8 ? 'k-busy' : 'k-other';
      const [got, want] = [await shared.take(key, 6), reference.take(key, 6)];
      assert.deepEqual(got, want, `take ${i} of ${key} at ${clock.now()}`);
      if (!got.allowed) refused++;
      const c = await counts(key);
      assert.equal(c.kept, c.rows, `kept count of ${key} after take ${i}`);
    }
    assert.ok(refused > 20, `the sequence reached the limit (${refused} refusals)`);
  });

  it('counts the rows of a key that has none kept yet (rows written by an older release, which kept no count)', async () => {
    const now = 1_700_000_500_000;
    await db.pool.query(
      "INSERT INTO rate_limit_hits (key, at_ms, window_ms) SELECT 'k-old', $1::bigint - 1000 + g * 100, 60000 FROM generate_series(1, 4) g",
      [now],
    );
    const r = await db.pool.query<{ allowed: boolean; counted: number }>('SELECT allowed, counted FROM rate_limit_take($1, $2, $3, $4)', ['k-old', 5, 60_000, now]);
    assert.deepEqual(r.rows[0], { allowed: true, counted: 5 });
    const refusedTake = await db.pool.query<{ allowed: boolean; counted: number }>('SELECT allowed, counted FROM rate_limit_take($1, $2, $3, $4)', ['k-old', 5, 60_000, now]);
    assert.deepEqual(refusedTake.rows[0], { allowed: false, counted: 5 });
    assert.deepEqual(await counts('k-old'), { kept: 5, rows: 5 });
  });

  it('never refuses on a kept count that is too high (as an instance on 060\'s code could leave it)', async () => {
    const now = 1_700_000_700_000;
    await db.pool.query("SELECT rate_limit_take('k-drift', 100, 60000, $1)", [now]);
    await db.pool.query("UPDATE rate_limit_counts SET hits = 5 WHERE key = 'k-drift'"); // 1 row, counted as 5
    const take = async () => (await db.pool.query<{ allowed: boolean; counted: number }>("SELECT allowed, counted FROM rate_limit_take('k-drift', 3, 60000, $1)", [now])).rows[0];
    assert.deepEqual(await take(), { allowed: true, counted: 2 });
    assert.deepEqual(await take(), { allowed: true, counted: 3 });
    assert.deepEqual(await take(), { allowed: false, counted: 3 });
    assert.deepEqual(await counts('k-drift'), { kept: 3, rows: 3 });
  });

  it('the sweep drops the expired rows of quiet keys with their counts, and leaves live rows counted', async () => {
    const now = 1_700_001_000_000;
    for (const [key, at] of [['k-quiet', now - 5_000], ['k-quiet', now - 4_000], ['k-live', now - 5_000], ['k-live', now - 100]] as const) {
      await db.pool.query('SELECT rate_limit_take($1, 100, 1000, $2)', [key, at]);
    }
    // (k-live's first row already went with its second take; earlier tests' rows are expired too)
    const expired = await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM rate_limit_hits WHERE at_ms <= $1 - window_ms', [now]);
    const swept = await db.pool.query<{ n: number }>('SELECT rate_limit_sweep($1) AS n', [now]);
    assert.equal(swept.rows[0].n, expired.rows[0].n);
    const left = await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM rate_limit_hits WHERE at_ms <= $1 - window_ms', [now]);
    assert.equal(left.rows[0].n, 0);
    const keptVsRows = await db.pool.query<{ key: string; hits: number; n: number }>(
      'SELECT c.key, c.hits, (SELECT count(*)::int FROM rate_limit_hits h WHERE h.key = c.key) AS n FROM rate_limit_counts c');
    for (const r of keptVsRows.rows) assert.equal(r.hits, r.n, `kept count of ${r.key}`);
    assert.deepEqual(await counts('k-quiet'), { kept: null, rows: 0 });
    assert.deepEqual(await counts('k-live'), { kept: 1, rows: 1 });
    // a quiet key that comes back starts from nothing
    const back = await db.pool.query<{ counted: number }>('SELECT counted FROM rate_limit_take($1, 100, 1000, $2)', ['k-quiet', now]);
    assert.equal(back.rows[0].counted, 1);
  });

  it('takes of one key that arrive together go in one call, answered as takes one after the other', async () => {
    const clock = new ManualClock(1_700_003_000_000);
    let calls = 0;
    const counting = { query: (...args: Parameters<typeof db.pool.query>) => {
      // the limiter sends named statements ({ name, text, values })
      if ((typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text).includes('rate_limit_take')) calls++;
      return db.pool.query(...args);
    } } as unknown as typeof db.pool;
    const shared = new DatabaseSlidingWindowLimiter(counting, clock, 1_000);
    const reference = new SlidingWindowLimiter(clock, 1_000);
    for (const [advance, takes] of [[0, 12], [500, 3], [600, 5]] as const) {
      clock.advance(advance);
      const got = await Promise.all(Array.from({ length: takes }, () => shared.take('k-together', 8)));
      const want = Array.from({ length: takes }, () => reference.take('k-together', 8));
      assert.deepEqual(got, want, `${takes} takes after ${advance} ms`);
    }
    // the first take of each burst goes alone (nothing in flight), the rest of the burst together
    assert.equal(calls, 6);
    assert.deepEqual(await counts('k-together'), { kept: 5, rows: 5 });
  });

  it('racing takes on one key from several instances accept exactly the limit, sweeps running alongside', async () => {
    // four limiters: four instances, each sending its own calls over the pool's connections
    const limiters = Array.from({ length: 4 }, () => new DatabaseSlidingWindowLimiter(db.pool, { now: () => 1_700_002_000_000 }, 60_000));
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => {
      const take = () => limiters[i % 4].take('k-race', 25);
      return i % 10 === 0 ? db.pool.query('SELECT rate_limit_sweep($1)', [1_700_002_000_000]).then(take) : take();
    }));
    assert.equal(answers.filter((a) => a.allowed).length, 25);
    assert.deepEqual(await counts('k-race'), { kept: 25, rows: 25 });
  });
});
