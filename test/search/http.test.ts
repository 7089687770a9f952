// GET /api/v1/search/markets and /autocomplete over the PostgreSQL engine: parameters, shapes,
// cursors, errors, and the hot-prefix cache.
import assert from 'node:assert/strict';
import { PostgresSearchEngine } from '../../src/search/postgres/search-repository.js';
import { ResponseCache } from '../../src/search/response-cache.js';
import { CORPUS } from './support/corpus.js';
import { openTempDatabase, type TempDatabase } from './support/database.js';
import { startSearchApp, type SearchTestApp } from './support/http-app.js';

describe('search HTTP routes', function () {
  this.timeout(180_000);
  let temp: TempDatabase;
  let engine: PostgresSearchEngine;
  let app: SearchTestApp;
  const cache = new ResponseCache();

  before(async () => {
    temp = await openTempDatabase();
    engine = new PostgresSearchEngine({ pool: temp.db.pool });
    await engine.upsert(CORPUS);
    app = await startSearchApp(engine, cache);
  });
  after(async () => {
    await app?.close();
    await temp?.close();
  });

  it('answers the contract shape for keyword search', async () => {
    const r = await app.get('/api/v1/search/markets?q=ethereum&limit=2');
    assert.equal(r.status, 200);
    assert.deepEqual(Object.keys(r.body).sort(), ['count', 'next_cursor', 'query', 'results', 'total']);
    assert.equal(r.body.query, 'ethereum');
    assert.equal(r.body.count, 2);
    assert.equal(r.body.total, 4);
    assert.deepEqual(Object.keys(r.body.results[0]).sort(), [
      'category', 'close_time', 'closed', 'event', 'exchange', 'market_id', 'score', 'status', 'svc_id', 'title', 'venue_category', 'volume', 'yes_ask', 'yes_bid', 'yes_price',
    ]);
    assert.equal(r.body.results[0].market_id, 'ETH-EXACT');
    assert.equal(typeof r.body.next_cursor, 'string');
  });

  it('pages with next_cursor until null, without repeats, filters applied', async () => {
    const seen: string[] = [];
    let path = '/api/v1/search/markets?q=election&exchange=kalshi,polymarket&status=all&sort=volume&limit=4';
    for (let i = 0; i < 10; i++) {
      const r = await app.get(path);
      assert.equal(r.status, 200);
      seen.push(...r.body.results.map((x: { market_id: string; exchange: string }) => `${x.exchange}:${x.market_id}`));
      if (!r.body.next_cursor) break;
      path = `/api/v1/search/markets?q=election&exchange=kalshi,polymarket&status=all&sort=volume&limit=4&cursor=${encodeURIComponent(r.body.next_cursor)}`;
    }
    assert.equal(seen.length, new Set(seen).size);
    assert.equal(seen.length, 12);
    assert.ok(seen.every((k) => k.startsWith('kalshi:') || k.startsWith('polymarket:')));
  });

  it('answers autocomplete with one suggestion per cluster', async () => {
    const r = await app.get('/api/v1/search/autocomplete?q=fed&limit=5');
    assert.equal(r.status, 200);
    assert.equal(r.body.query, 'fed');
    const cluster = r.body.suggestions.filter((s: { svc_id: string | null }) => s.svc_id === 'svc_aaaaaaaaaaaa');
    assert.equal(cluster.length, 1);
    assert.deepEqual(cluster[0].exchanges, ['kalshi', 'polymarket']);
    assert.deepEqual(Object.keys(r.body.suggestions[0]).sort(), [
      'close_time', 'closed', 'exchange', 'exchanges', 'market_id', 'status', 'svc_id', 'text', 'venue_category', 'volume', 'yes_ask', 'yes_bid', 'yes_price',
    ]);
  });

  const bad: [string, RegExp][] = [
    ['/api/v1/search/markets?q=a&limit=0', /limit/],
    ['/api/v1/search/markets?q=a&limit=101', /limit/],
    ['/api/v1/search/markets?q=a&limit=ten', /limit/],
    ['/api/v1/search/markets?q=a&status=pending', /status/],
    ['/api/v1/search/markets?q=a&sort=price', /sort/],
    ['/api/v1/search/markets?q=a&exchange=kalshi,nasdaq', /exchange/],
    ['/api/v1/search/markets?q=a&colour=red', /colour|unrecognized/i],
    ['/api/v1/search/markets?q=a&q=b', /q/],
    [`/api/v1/search/markets?q=${'x'.repeat(1001)}`, /q/],
    ['/api/v1/search/markets?q=a&cursor=not-a-cursor', /cursor/],
    ['/api/v1/search/autocomplete?q=a&limit=21', /limit/],
    ['/api/v1/search/autocomplete?q=a&exchange=nope', /exchange/],
  ];
  for (const [path, field] of bad) {
    it(`400 naming the field: ${path.slice(0, 70)}`, async () => {
      const r = await app.get(path);
      assert.equal(r.status, 400, JSON.stringify(r.body));
      assert.match(r.body.error, field);
    });
  }

  it('400 for a cursor of another query, and for a hand-made cursor of the wrong type', async () => {
    const first = await app.get('/api/v1/search/markets?q=election&limit=2');
    const other = await app.get(`/api/v1/search/markets?q=lakers&limit=2&cursor=${first.body.next_cursor}`);
    assert.equal(other.status, 400);
    assert.match(other.body.error, /different query/);
    const decoded = JSON.parse(Buffer.from(first.body.next_cursor, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ f: decoded.f, p: ['not-a-score', 'x'] })).toString('base64url');
    const r = await app.get(`/api/v1/search/markets?q=election&limit=2&cursor=${forged}`);
    assert.equal(r.status, 400);
  });

  it('a 1,000-character query and syntax characters are 200s', async () => {
    assert.equal((await app.get(`/api/v1/search/markets?q=${'ab '.repeat(334).slice(0, 1000)}`)).status, 200);
    assert.equal((await app.get(`/api/v1/search/markets?q=${encodeURIComponent('title:(a OR "b*)~ & | !')}`)).status, 200);
    assert.equal((await app.get(`/api/v1/search/autocomplete?q=${encodeURIComponent('"(')}`)).status, 200);
    assert.equal((await app.get('/api/v1/search/autocomplete')).status, 200);
  });

  it('serves repeated prefixes from the cache, and invalidation shows index changes at once', async () => {
    cache.invalidate();
    const before = await app.get('/api/v1/search/autocomplete?q=zebra');
    assert.deepEqual(before.body.suggestions, []);
    const hits = cache.hits;
    await app.get('/api/v1/search/autocomplete?q=zebra');
    assert.equal(cache.hits, hits + 1);
    await engine.upsert([{ ...CORPUS[0], market_id: 'ZEBRA', title: 'Zebra crossing approved?', change_seq: 50_000 }]);
    // still the cached answer until the index change is announced
    assert.deepEqual((await app.get('/api/v1/search/autocomplete?q=zebra')).body.suggestions, []);
    cache.invalidate();
    const after = await app.get('/api/v1/search/autocomplete?q=zebra');
    assert.equal(after.body.suggestions[0]?.market_id, 'ZEBRA');
  });
});
