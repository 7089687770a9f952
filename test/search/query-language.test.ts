// The search routes' one query language and their answers, over the catalog and the PostgreSQL
// engine fed from it by the search indexer: every filter, every 4xx (naming the parameter and
// where it was), open markets first, the catalog's fields on every result and suggestion, and
// GET /api/v1/categories. Runs on both databases (TEST_DATABASE=server).
import assert from 'node:assert/strict';
import { Router } from 'express';
import { indexChangedMarkets } from '../../src/indexers/search-indexer.js';
import { seedCatalogMarkets } from '../../scripts/lib/catalog-seed.js';
import { CatalogReader } from '../../src/catalog/catalog-repository.js';
import { createCategoriesRouter } from '../../src/http/routes/categories.js';
import { createSearchRouter } from '../../src/http/routes/search.js';
import { PostgresSearchEngine } from '../../src/search/postgres/search-repository.js';
import { CANONICAL_CATEGORIES } from '../../src/venues/categories.js';
import { startTestApp } from '../helpers/app.js';
import { openTestDatabase, type TestDatabase } from '../helpers/database.js';

const MARKETS = [
  // the venue said "NFL": placed in sports, the word kept as venue_category
  { exchange: 'kalshi', market_id: 'KXSB-LXI', title: 'Who will win Super Bowl LXI?', status: 'open', category: 'NFL', yes_price: 0.21, yes_bid: 0.2, yes_ask: 0.22, volume: 1200, close_time: '2027-02-14T23:30:00Z' },
  // no label at all: placed from the title's words
  { exchange: 'polymarket', market_id: '0xsb-lx', title: 'Who will win Super Bowl LX?', status: 'resolved', yes_price: 1, volume: 90_000_000, close_time: '2026-02-08T23:30:00Z' },
  { exchange: 'polymarket', market_id: '0xbtc-2021', title: 'Bitcoin above $60k on Dec 31 2021?', status: 'resolved', category: 'Crypto', yes_price: 0, volume: 40_000_000 },
  { exchange: 'manifold', market_id: 'btc-2027', title: 'Bitcoin above $150k by 2027?', status: 'open', category: 'crypto', yes_price: 0.3, volume: 50 },
  { exchange: 'predictit', market_id: 'pi-mentions', title: 'Will the word "tariff" be said tonight?', status: 'open', category: 'Mentions', yes_price: 0.6, volume: 10 },
];

describe('search query language (keyword, autocomplete, categories) over the catalog', function () {
  this.timeout(120_000);
  let db: TestDatabase;
  let accounts: TestDatabase;
  let app: Awaited<ReturnType<typeof startTestApp>>;
  const get = async (path: string) => {
    const r = await app.request(path);
    return { status: r.status, body: r.body as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };

  before(async () => {
    db = await openTestDatabase();
    accounts = await openTestDatabase();
    await seedCatalogMarkets(db.pool, MARKETS);
    const engine = new PostgresSearchEngine({ pool: db.pool });
    await engine.ensureIndex();
    await indexChangedMarkets({ pool: db.pool, writer: engine });
    const catalog = new CatalogReader(db.pool);
    const search = createSearchRouter({ engine, catalog });
    app = await startTestApp({
      db: accounts,
      keyedRouters: () => [
        { path: '/search', router: search },
        { path: '/', router: createCategoriesRouter(catalog) },
        { path: '/ping', router: Router().get('/', (_req, res) => res.json({ ok: true })) },
      ],
    });
  });
  after(async () => {
    await app?.close();
    await db?.destroy();
    await accounts?.destroy();
  });

  describe('400s name the parameter and where it was', () => {
    const bad: [string, RegExp][] = [
      ['/api/v1/search/markets?q=a&limti=3', /limti: unknown query parameter/],
      ['/api/v1/search/autocomplete?q=a&colour=red', /colour: unknown query parameter/],
      ['/api/v1/search/markets?q=a&category=mentions', /category: must be one of politics/],
      ['/api/v1/search/autocomplete?q=a&category=nfl', /category: must be one of/],
      ['/api/v1/search/autocomplete?q=a&status=pending', /status/],
      ['/api/v1/search/markets?q=a&active_only=yes', /active_only/],
      ['/api/v1/search/markets?q=a&active_only=true&status=closed', /active_only.*query parameter/],
      ['/api/v1/search/autocomplete?q=a&active_only=true&status=all', /active_only/],
      ['/api/v1/search/autocomplete?q=a&exchange=kalshi,nyse', /exchange: unknown exchange "nyse"/],
      ['/api/v1/categories?exchange=nyse', /exchange/],
      ['/api/v1/categories?sort=name', /sort: unknown query parameter/],
    ];
    for (const [path, message] of bad) {
      it(path, async () => {
        const r = await get(path);
        assert.equal(r.status, 400, JSON.stringify(r.body));
        assert.match(r.body.error, message);
      });
    }
  });

  it('categories are one vocabulary, the venue\'s word kept as venue_category', async () => {
    const r = await get('/api/v1/search/markets?q=&limit=20');
    const byId = new Map(r.body.results.map((x: { market_id: string }) => [x.market_id, x]));
    const cat = (id: string) => { const x = byId.get(id) as { category: string; venue_category: string | null }; return [x.category, x.venue_category]; };
    assert.deepEqual(cat('KXSB-LXI'), ['sports', 'NFL']);
    assert.deepEqual(cat('0xsb-lx'), ['sports', null]);
    assert.deepEqual(cat('0xbtc-2021'), ['crypto', 'Crypto']);
    assert.deepEqual(cat('pi-mentions'), ['other', 'Mentions']);
  });

  it('GET /api/v1/categories lists every word of the vocabulary with its counts, and by exchange', async () => {
    const r = await get('/api/v1/categories');
    assert.equal(r.status, 200);
    assert.deepEqual(r.body.categories.map((c: { category: string }) => c.category), [...CANONICAL_CATEGORIES]);
    const of = (body: { categories: { category: string; markets: number; open_markets: number }[] }, c: string) => {
      const x = body.categories.find((y) => y.category === c)!;
      return [x.markets, x.open_markets];
    };
    assert.deepEqual(of(r.body, 'sports'), [2, 1]);
    assert.deepEqual(of(r.body, 'crypto'), [2, 1]);
    assert.deepEqual(of(r.body, 'other'), [1, 1]);
    assert.deepEqual(of(r.body, 'politics'), [0, 0]);
    const poly = await get('/api/v1/categories?exchange=polymarket');
    assert.deepEqual(of(poly.body, 'sports'), [1, 0]);
    assert.deepEqual(of(poly.body, 'crypto'), [1, 0]);
  });

  it('open markets first: keyword search and autocomplete, whatever the volumes', async () => {
    const keyword = await get('/api/v1/search/markets?q=who%20will%20win%20super%20bowl');
    assert.deepEqual(keyword.body.results.map((x: { market_id: string }) => x.market_id), ['KXSB-LXI', '0xsb-lx']);
    const suggestions = await get('/api/v1/search/autocomplete?q=bitc');
    assert.deepEqual(suggestions.body.suggestions.map((x: { market_id: string; closed: boolean; status: string }) => [x.market_id, x.closed, x.status]), [
      ['btc-2027', false, 'open'],
      ['0xbtc-2021', true, 'resolved'],
    ]);
  });

  it('status and active_only filter autocomplete and keyword search alike', async () => {
    const open = await get('/api/v1/search/autocomplete?q=bitc&active_only=true');
    assert.deepEqual(open.body.suggestions.map((x: { market_id: string }) => x.market_id), ['btc-2027']);
    const closed = await get('/api/v1/search/autocomplete?q=bitc&status=closed');
    assert.deepEqual(closed.body.suggestions.map((x: { market_id: string }) => x.market_id), ['0xbtc-2021']);
    const keyword = await get('/api/v1/search/markets?q=bitcoin&active_only=true');
    assert.deepEqual(keyword.body.results.map((x: { market_id: string }) => x.market_id), ['btc-2027']);
    assert.equal(keyword.body.total, 1);
    const sports = await get('/api/v1/search/autocomplete?q=who&category=SPORTS&exchange=kalshi');
    assert.deepEqual(sports.body.suggestions.map((x: { market_id: string }) => x.market_id), ['KXSB-LXI']);
  });

  it('every result and suggestion carries price, bid/ask, volume, close time and svc_id from the catalog', async () => {
    const keyword = await get('/api/v1/search/markets?q=super%20bowl%20LXI');
    const hit = keyword.body.results[0];
    assert.deepEqual(
      [hit.market_id, hit.yes_price, hit.yes_bid, hit.yes_ask, hit.volume, hit.close_time, hit.svc_id, hit.status],
      ['KXSB-LXI', 0.21, 0.2, 0.22, 1200, '2027-02-14T23:30:00.000Z', null, 'open'],
    );
    const suggestion = (await get('/api/v1/search/autocomplete?q=super%20bowl%20lxi')).body.suggestions[0];
    assert.deepEqual([suggestion.market_id, suggestion.yes_price, suggestion.yes_ask, suggestion.volume], ['KXSB-LXI', 0.21, 0.22, 1200]);
  });
});
