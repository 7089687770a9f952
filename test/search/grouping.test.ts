// Grouped keyword search over the catalog and the PostgreSQL engine fed from it by the search
// indexer: with group=event one result per venue event (a strike ladder, a bracket set) with
// `more_in_event` (so that one event cannot fill a page), `event=` to list an event's
// markets, `group=cluster` with every venue's market of a cluster and the best prices across them,
// `group=none`, the default, every market; pages and totals count results as grouped; bad values are 400s. Runs on both databases (TEST_DATABASE=server); the engines' collapse
// itself is in the contract suite (support/contract.ts) on PostgreSQL and OpenSearch.
import assert from 'node:assert/strict';
import { indexChangedMarkets } from '../../src/indexers/search-indexer.js';
import { seedCatalogMarkets, type SeedMarket } from '../../scripts/lib/catalog-seed.js';
import { CatalogReader } from '../../src/catalog/catalog-repository.js';
import { createSearchRouter } from '../../src/http/routes/search.js';
import { bestOf } from '../../src/market-data/best-quote.js';
import { PostgresSearchEngine } from '../../src/search/postgres/search-repository.js';
import { startTestApp } from '../helpers/app.js';
import { openTestDatabase, type TestDatabase } from '../helpers/database.js';

// a Kalshi strike ladder of six markets in one event; PredictIt's approval brackets (four contracts
// of one market); one question on three venues (one cluster), one market of it in the ladder
const LADDER: SeedMarket[] = Array.from({ length: 6 }, (_, i) => ({
  exchange: 'kalshi', market_id: `KXCOPPER-26DEC-T${4 + i}`, event_id: 'KXCOPPER-26DEC', title: `Copper above $${4 + i} on Dec 31?`,
  status: 'open', yes_price: 0.9 - 0.1 * i, yes_bid: 0.88 - 0.1 * i, yes_ask: 0.92 - 0.1 * i, volume: 1000 - 100 * i,
  ...(i === 2 ? { svc_id: 'svc_copper000006', cluster_id: 'c-copper' } : {}),
}));
const BRACKETS: SeedMarket[] = ['35-36%', '37-38%', '39-40%', '41-42%'].map((b, i) => ({
  exchange: 'predictit', market_id: `pi-copper-${i}`, event_id: '8100', title: `Copper miners approval ${b}?`, status: 'open', yes_price: 0.25, volume: 10,
}));
const CLUSTER: SeedMarket[] = [
  { exchange: 'polymarket', market_id: '0xcopper6', title: 'Will copper close above $6 this year?', status: 'open', yes_price: 0.7, yes_bid: 0.69, yes_ask: 0.72, volume: 50, svc_id: 'svc_copper000006', cluster_id: 'c-copper' },
  { exchange: 'manifold', market_id: 'copper-6', title: 'Copper over 6 dollars by year end?', status: 'open', yes_price: 0.6, yes_bid: 0.55, yes_ask: 0.65, volume: 5, svc_id: 'svc_copper000006', cluster_id: 'c-copper' },
];
const ALONE: SeedMarket[] = [{ exchange: 'limitless', market_id: 'copper-strike', title: 'Copper mine strike in Chile?', status: 'open', yes_price: 0.3, volume: 1 }];
// a price ladder of 30 strikes in one event, each traded more than any of 25 other nickel markets
const LONG_LADDER: SeedMarket[] = Array.from({ length: 30 }, (_, i) => ({
  exchange: 'kalshi', market_id: `KXNICKEL-26DEC-T${10 + i}`, event_id: 'KXNICKEL-26DEC', title: `Nickel above $${10 + i} on Dec 31?`,
  status: 'open', yes_price: 0.5, volume: 100_000 - i,
}));
const OTHER_NICKEL: SeedMarket[] = Array.from({ length: 25 }, (_, i) => ({
  exchange: 'polymarket', market_id: `0xnickel${i}`, title: `Nickel question ${i}: will nickel mines reopen?`, status: 'open', yes_price: 0.5, volume: 10 + i,
}));

describe('grouped keyword search: group=event, group=cluster, event=, none (the default)', function () {
  this.timeout(120_000);
  let db: TestDatabase;
  let accounts: TestDatabase;
  let app: Awaited<ReturnType<typeof startTestApp>>;
  const get = async (path: string) => {
    const r = await app.request(path);
    return { status: r.status, body: r.body as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  /** Every page of a search, following next_cursor. */
  const allPages = async (path: string) => {
    const pages = [];
    let cursor: string | null = null;
    do {
      const r = await get(cursor ? `${path}&cursor=${encodeURIComponent(cursor)}` : path);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      pages.push(r.body);
      cursor = r.body.next_cursor;
    } while (cursor && pages.length < 30);
    return pages;
  };

  before(async () => {
    db = await openTestDatabase();
    accounts = await openTestDatabase();
    await seedCatalogMarkets(db.pool, [...LADDER, ...BRACKETS, ...CLUSTER, ...ALONE, ...LONG_LADDER, ...OTHER_NICKEL]);
    const engine = new PostgresSearchEngine({ pool: db.pool });
    await engine.ensureIndex();
    await indexChangedMarkets({ pool: db.pool, writer: engine });
    const search = createSearchRouter({ engine, catalog: new CatalogReader(db.pool) });
    app = await startTestApp({ db: accounts, keyedRouters: () => [{ path: '/search', router: search }] });
  });
  after(async () => {
    await app?.close();
    await db?.destroy();
    await accounts?.destroy();
  });

  it('400s name the bad group or event value', async () => {
    for (const [path, message] of [
      ['/api/v1/search/markets?q=copper&group=ladder', /group: .*cluster/],
      ['/api/v1/search/markets?q=copper&event=KXCOPPER-26DEC', /event: must be <exchange>:<event id>/],
      ['/api/v1/search/markets?q=copper&event=nyse:KXCOPPER-26DEC', /event: must be <exchange>:<event id>/],
      ['/api/v1/search/markets?q=copper&event=kalshi:', /event: must be <exchange>:<event id>/],
    ] as const) {
      const r = await get(path);
      assert.equal(r.status, 400, `${path}: ${JSON.stringify(r.body)}`);
      assert.match(r.body.error, message);
    }
  });

  it('group=event: a ladder is one result (its best match) with more_in_event, whatever the page size; total and cursors count events', async () => {
    const pages = await allPages('/api/v1/search/markets?q=copper&group=event&limit=2');
    const results = pages.flatMap((p) => p.results);
    // the ladder, the brackets, the two cluster members outside it, the market alone
    assert.equal(results.length, 5, JSON.stringify(results.map((r) => r.market_id)));
    assert.ok(pages.every((p) => p.total === 5 && p.count === p.results.length && p.count <= 2));
    assert.equal(new Set(results.map((r) => `${r.exchange}:${r.market_id}`)).size, 5);
    const ladder = results.filter((r) => r.event === 'kalshi:KXCOPPER-26DEC');
    assert.equal(ladder.length, 1);
    assert.equal(ladder[0].more_in_event, 5);
    assert.equal(results.find((r) => r.event === 'predictit:8100').more_in_event, 3);
    const alone = results.find((r) => r.market_id === 'copper-strike');
    assert.deepEqual([alone.event, alone.more_in_event], [null, 0]);
  });

  it('with group=event one event cannot fill a page: a ladder of 30 is one result of a page of 20, the other events fill it', async () => {
    const page = await get('/api/v1/search/markets?q=nickel&limit=20&group=event');
    assert.equal(page.status, 200, JSON.stringify(page.body));
    const ladder = page.body.results.filter((r: { event: string }) => r.event === 'kalshi:KXNICKEL-26DEC');
    assert.equal(ladder.length, 1, JSON.stringify(page.body.results.map((r: { market_id: string }) => r.market_id)));
    assert.deepEqual([ladder[0].market_id, ladder[0].more_in_event], ['KXNICKEL-26DEC-T10', 29]);
    assert.equal(page.body.count, 20);
    assert.equal(page.body.total, 26);
    // small pages, where the ladder outnumbers the candidates a page looks at, page the same results
    const pages = await allPages('/api/v1/search/markets?q=nickel&limit=2&group=event');
    assert.ok(pages.every((p) => p.total === 26 && p.count <= 2));
    const all = await get('/api/v1/search/markets?q=nickel&limit=50&group=event');
    assert.deepEqual(pages.flatMap((p) => p.results.map((r: { market_id: string }) => r.market_id)), all.body.results.map((r: { market_id: string }) => r.market_id));
    assert.equal(all.body.count, 26);
  });

  it('event= lists every market of the event, paged; with group=none every market is a result', async () => {
    const pages = await allPages('/api/v1/search/markets?q=copper&event=kalshi:KXCOPPER-26DEC&limit=4');
    const ids = pages.flatMap((p) => p.results.map((r: { market_id: string }) => r.market_id));
    assert.deepEqual([...ids].sort(), LADDER.map((m) => m.market_id).sort());
    assert.equal(pages[0].total, 6);
    assert.ok(pages.flatMap((p) => p.results).every((r) => r.more_in_event === undefined && r.event === 'kalshi:KXCOPPER-26DEC'));
    const none = await get('/api/v1/search/markets?q=copper&limit=50&group=none');
    assert.equal(none.body.total, 13);
    assert.equal(none.body.results.filter((r: { event: string }) => r.event === 'kalshi:KXCOPPER-26DEC').length, 6);
  });

  it('group=cluster: one result per cluster listing each venue\'s market with its price, and the best prices across them', async () => {
    const pages = await allPages('/api/v1/search/markets?q=copper&group=cluster&limit=3');
    const results = pages.flatMap((p) => p.results);
    // 13 markets, three of them one cluster
    assert.equal(results.length, 11);
    assert.ok(pages.every((p) => p.total === 11));
    const cluster = results.filter((r) => r.svc_id === 'svc_copper000006');
    assert.equal(cluster.length, 1);
    const venues = cluster[0].venues;
    assert.deepEqual(venues.map((v: { exchange: string; market_id: string }) => `${v.exchange}:${v.market_id}`), ['kalshi:KXCOPPER-26DEC-T6', 'manifold:copper-6', 'polymarket:0xcopper6']);
    assert.deepEqual(venues.map((v: { yes_ask: number }) => v.yes_ask), [0.72, 0.65, 0.72]);
    // the venues' quotes are fresh (seeded now) and open: the best YES ask is Manifold's, the best NO ask
    // 1 - the highest bid (Polymarket's 0.69)
    assert.equal(cluster[0].best.yes_ask.exchange, 'manifold');
    assert.equal(cluster[0].best.yes_ask.price, 0.65);
    assert.deepEqual([cluster[0].best.no_ask.exchange, cluster[0].best.no_ask.price], ['polymarket', 0.31]);
    assert.deepEqual(cluster[0].best, bestOf(venues.map((v: { updated_at: string }) => ({ ...v, as_of: v.updated_at, live: false })), Date.now()));
    // a market alone lists itself
    const alone = results.find((r) => r.market_id === 'copper-strike');
    assert.deepEqual(alone.venues.map((v: { market_id: string }) => v.market_id), ['copper-strike']);
    // the exchange filter limits the venues listed
    const two = await get('/api/v1/search/markets?q=copper&group=cluster&exchange=kalshi,manifold&limit=50');
    const c2 = two.body.results.find((r: { svc_id: string | null }) => r.svc_id === 'svc_copper000006');
    assert.deepEqual(c2.venues.map((v: { exchange: string }) => v.exchange), ['kalshi', 'manifold']);
  });
});
