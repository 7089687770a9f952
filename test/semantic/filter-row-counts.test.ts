// FilterRowCounts (src/search/semantic/filter-row-count-repository.ts): each semantic-search filter's kept row
// counts per kind of text, counted by the database's semantic_filter_rows() in the background, kept
// for a TTL, refreshed without holding up the search that finds them stale, bounded in number.
import assert from 'node:assert/strict';
import type pg from 'pg';
import { toPgVector } from '../../src/embeddings/vector-codec.js';
import { seedCatalogMarkets } from '../../scripts/lib/catalog-seed.js';
import { FilterRowCounts } from '../../src/search/semantic/filter-row-count-repository.js';
import { openTestDatabase, type TestDatabase } from '../helpers/database.js';

const vector = (i: number) => toPgVector(Float32Array.from({ length: 384 }, (_, d) => (d === i % 384 ? 1 : 0.01)));

describe('FilterRowCounts: the semantic filters\' kept row counts', function () {
  this.timeout(120_000);
  let db: TestDatabase;
  let now = 0;
  let counts = 0;
  /** The real pool, with the count statements it is sent counted. */
  let pool: pg.Pool;

  async function addEmbeddings(exchange: string, kind: 'title' | 'rules', ids: string[], closed = false): Promise<void> {
    await seedCatalogMarkets(db.pool, ids.map((id) => ({ exchange, market_id: id, title: `market ${id}`, rules: '', category: 'politics', closed })));
    await db.pool.query(
      `INSERT INTO market_embeddings (exchange, market_id, kind, text_hash, embedding, category, closed, change_seq)
       SELECT $1, id, $2, id || $2, v::vector, 'politics', $4, 0 FROM unnest($3::text[], $5::text[]) AS u(id, v)`,
      [exchange, kind, ids, closed, ids.map((_, i) => vector(i))],
    );
  }

  before(async () => {
    db = await openTestDatabase();
    pool = {
      query: (text: string, values: unknown[]) => {
        counts++;
        return db.pool.query(text, values);
      },
    } as unknown as pg.Pool;
    await addEmbeddings('kalshi', 'title', ['k1', 'k2', 'k3']);
    await addEmbeddings('kalshi', 'rules', ['k1']);
    await addEmbeddings('polymarket', 'title', ['p1', 'p2'], true);
  });
  after(async () => {
    await db?.destroy();
  });

  const open = (ttlMs = 1000, maxEntries = 100) => new FilterRowCounts(pool, { bound: 1001, ttlMs, maxEntries, now: () => now });

  it('has none until counted, then what semantic_filter_rows counts, per kind', async () => {
    const c = open();
    assert.equal(c.get({ exchanges: ['kalshi'], onlyOpen: false, category: null }), undefined);
    await c.settled();
    assert.deepEqual(c.get({ exchanges: ['kalshi'], onlyOpen: false, category: null }), { title: 3, rules: 1 });
    c.get({ exchanges: ['kalshi', 'polymarket'], onlyOpen: true, category: null });
    c.get({ exchanges: ['polymarket'], onlyOpen: false, category: 'politics' });
    await c.settled();
    assert.deepEqual(c.get({ exchanges: ['kalshi', 'polymarket'], onlyOpen: true, category: null }), { title: 3, rules: 1 }, 'closed ones left out');
    assert.deepEqual(c.get({ exchanges: ['polymarket'], onlyOpen: false, category: 'politics' }), { title: 2, rules: 0 });
  });

  it('one entry per filter whatever the exchanges\' order and repeats; one count at a time', async () => {
    const c = open();
    const before = counts;
    c.get({ exchanges: ['polymarket', 'kalshi'], onlyOpen: false, category: null });
    c.get({ exchanges: ['kalshi', 'polymarket', 'kalshi'], onlyOpen: false, category: null });
    assert.equal(counts - before, 1, 'the second finds the count in flight');
    await c.settled();
    assert.deepEqual(c.get({ exchanges: ['kalshi', 'polymarket'], onlyOpen: false, category: null }), { title: 5, rules: 1 });
    assert.equal(counts - before, 1);
  });

  it('keeps counts for the TTL, then serves the old ones while a recount runs', async () => {
    const c = open(1000);
    const filter = { exchanges: ['predictit'], onlyOpen: false, category: null };
    c.get(filter);
    await c.settled();
    assert.deepEqual(c.get(filter), { title: 0, rules: 0 });
    await addEmbeddings('predictit', 'title', ['q1', 'q2']);
    now += 999;
    const before = counts;
    assert.deepEqual(c.get(filter), { title: 0, rules: 0 }, 'within the TTL: no recount');
    assert.equal(counts, before);
    now += 1;
    assert.deepEqual(c.get(filter), { title: 0, rules: 0 }, 'stale: the old counts while the recount runs');
    assert.equal(counts, before + 1);
    await c.settled();
    assert.deepEqual(c.get(filter), { title: 2, rules: 0 });
  });

  it('keeps at most maxEntries filters, the least recently counted going first', async () => {
    const c = open(1000, 2);
    const f = (category: string) => ({ exchanges: null, onlyOpen: false, category });
    c.get(f('a'));
    await c.settled();
    c.get(f('b'));
    await c.settled();
    c.get(f('c'));
    await c.settled();
    const before = counts;
    assert.ok(c.get(f('b')) && c.get(f('c')), 'the two newest kept');
    assert.equal(counts, before);
    assert.equal(c.get(f('a')), undefined, 'the oldest dropped');
    assert.equal(counts, before + 1, 'and counted again');
    await c.settled();
  });

  it('a count that fails leaves none, and is not retried before the TTL', async () => {
    let tries = 0;
    const lost = { query: () => (tries++, Promise.reject(new Error('connection lost'))) } as unknown as pg.Pool;
    const failing = new FilterRowCounts(lost, { bound: 1001, ttlMs: 1000, now: () => now });
    const filter = { exchanges: ['kalshi'], onlyOpen: false, category: null };
    failing.get(filter);
    await failing.settled();
    assert.equal(failing.get(filter), undefined);
    assert.equal(tries, 1);
    now += 1000;
    failing.get(filter);
    await failing.settled();
    assert.equal(tries, 2, 'tried again after the TTL');
  });
});
