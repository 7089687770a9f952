// The recent-answers cache of POST /api/v1/search/semantic: repeats are served without embedding or
// searching again, the key covers every parameter, a catalog change drops cached answers (and what
// the search service keeps as fresh as they are), and a price-only change keeps them.
import assert from 'node:assert/strict';
import { loadFixtureCorpus } from '../../scripts/eval/catalog-fixture.js';
import { seedCatalogMarkets } from '../../scripts/lib/catalog-seed.js';
import { semanticCacheKey } from '../../src/search/semantic/result-cache.js';
import { startSemanticHarness, type SemanticHarness } from './harness.js';

const fromCache = (headers: Headers) => (headers.get('server-timing') ?? '').includes('cache;desc=hit');

describe('semantic search: recent-answers cache', function () {
  this.timeout(180_000);
  let h: SemanticHarness;
  let key: string;

  before(async () => {
    // fingerprints at most every 300 ms (spacing and deferral: test/search/index-watcher.test.ts)
    h = await startSemanticHarness({ resultCache: { watchIntervalMs: 50, confirmEveryMs: 300 } });
    key = await h.keyFor('max');
  });
  after(async () => {
    await h?.close();
  });

  it('keys on the query as the model reads it and on every filter, in a canonical order', () => {
    const base = { query: 'bitcoin  above 100k', exchange: ['polymarket', 'kalshi'], active_only: true, category: 'Crypto', limit: 20 };
    assert.equal(semanticCacheKey(base), semanticCacheKey({ ...base, query: ' bitcoin above 100k ', exchange: ['kalshi', 'polymarket'], category: 'crypto' }));
    for (const other of [{ query: 'Bitcoin above 100k' }, { exchange: ['kalshi'] }, { active_only: false }, { category: 'politics' }, { limit: 21 }]) {
      assert.notEqual(semanticCacheKey(base), semanticCacheKey({ ...base, ...other }), JSON.stringify(other));
    }
  });

  it('serves a repeated search from the cache, echoing each request its own query', async () => {
    const first = await h.post({ query: 'who will win the next presidential election' }, key);
    assert.equal(first.status, 200);
    assert.equal(fromCache(first.headers), false);
    const again = await h.post({ query: '  who will win the next   presidential election ' }, key);
    assert.equal(again.status, 200);
    assert.equal(fromCache(again.headers), true);
    assert.deepEqual(again.body.results, first.body.results);
    assert.equal(again.body.query, '  who will win the next   presidential election ');
    // another filter is another search
    const open = await h.post({ query: 'who will win the next presidential election', active_only: true }, key);
    assert.equal(fromCache(open.headers), false);
  });

  it('keeps cached answers through a price-only change (nothing an answer shows moved)', async () => {
    const body = { query: 'who wins the election', limit: 5 };
    const before = await h.post(body, key);
    assert.equal(before.status, 200);
    const top = before.body.results[0] as { exchange: string; market_id: string };
    assert.ok(top);
    assert.equal(fromCache((await h.post(body, key)).headers), true);
    // a sync writing new prices and volume through the catalog writer: a new change_seq, nothing
    // semantic answers depend on
    const market = loadFixtureCorpus().find((m) => m.exchange === top.exchange && m.market_id === top.market_id)!;
    const seqBefore = (await h.db.pool.query('SELECT max(change_seq) AS s FROM markets')).rows[0].s;
    await seedCatalogMarkets(h.db.pool, [{ ...market, yes_price: 0.42, volume: 1000 }]);
    const seqAfter = (await h.db.pool.query('SELECT max(change_seq) AS s FROM markets')).rows[0].s;
    assert.ok(Number(seqAfter) > Number(seqBefore), 'the price change took a new change_seq');
    await new Promise((r) => setTimeout(r, 400));
    const after = await h.post(body, key);
    assert.equal(fromCache(after.headers), true, 'the price-only change kept the answer');
    assert.ok(h.service.displayRowStats.kept >= before.body.results.length, 'and the copy of the markets\' rows');
    assert.deepEqual(after.body.results, before.body.results);
  });

  it('drops the search service\'s filter row counts and its copy of the markets\' rows with the answers', async () => {
    const body = { query: 'bitcoin price', exchange: ['kalshi'], limit: 5 };
    assert.equal((await h.post(body, key)).status, 200);
    await h.service.filterRowsSettled();
    assert.ok(h.service.filterRowsKept >= 1, 'the filter was counted');
    assert.ok(h.service.displayRowStats.kept >= 1, 'the answer\'s markets are kept');
    const market = loadFixtureCorpus().find((m) => m.exchange === 'kalshi')!;
    await seedCatalogMarkets(h.db.pool, [{ ...market, title: `${market.title} (renamed)` }]);
    await new Promise((r) => setTimeout(r, 1_000));
    assert.equal(h.service.filterRowsKept, 0);
    assert.equal(h.service.displayRowStats.kept, 0);
  });

  it('drops the filter row counts and the copy of the markets\' rows with the answers when another instance announces a change', async () => {
    const body = { query: 'bitcoin price this week', exchange: ['kalshi'], limit: 5 };
    assert.equal((await h.post(body, key)).status, 200);
    await h.service.filterRowsSettled();
    assert.ok(h.service.filterRowsKept >= 1, 'the filter was counted');
    assert.ok(h.service.displayRowStats.kept >= 1, 'the answer\'s markets are kept');
    assert.equal(fromCache((await h.post(body, key)).headers), true);
    h.invalidateAnswers!();
    assert.equal(h.service.filterRowsKept, 0);
    assert.equal(h.service.displayRowStats.kept, 0);
    assert.equal(fromCache((await h.post(body, key)).headers), false);
  });

  it('drops cached answers when the catalog changes', async () => {
    const body = { query: 'bitcoin price at the end of the year', active_only: true, limit: 5 };
    const before = await h.post(body, key);
    assert.equal(before.status, 200);
    const top = before.body.results[0] as { exchange: string; market_id: string };
    assert.ok(top, 'the fixture has open bitcoin markets');
    assert.equal(fromCache((await h.post(body, key)).headers), true);
    // the market closes, written as a sync writes it: through the catalog writer, with a new change_seq
    const market = loadFixtureCorpus().find((m) => m.exchange === top.exchange && m.market_id === top.market_id)!;
    await seedCatalogMarkets(h.db.pool, [{ ...market, closed: true }]);
    await new Promise((r) => setTimeout(r, 1_000));
    const after = await h.post(body, key);
    assert.equal(fromCache(after.headers), false);
    assert.ok(
      !after.body.results.some((r: { exchange: string; market_id: string }) => r.exchange === top.exchange && r.market_id === top.market_id),
      'the closed market is gone from an active_only answer',
    );
  });
});
