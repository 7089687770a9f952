// The keyword answer cache through catalog changes (src/search/search-index-state-repository.ts), with the API's
// composition (setupSearch: engine, cache, watchers), the router and the scheduled indexing job on
// the embedded database: a price-only sync keeps every cached answer; a volume move drops the
// answers ordered by volume and keeps the others; a title change drops everything.
import assert from 'node:assert/strict';
import { createSearchIndexJob } from '../../src/indexers/search-job.js';
import { createSearchRouter } from '../../src/http/routes/search.js';
import { setupSearch, type SearchComponents } from '../../src/search/setup.js';
import { seedCatalogMarkets } from '../../scripts/lib/catalog-seed.js';
import { CatalogWriter } from '../../src/catalog/catalog-write-repository.js';
import { openTempDatabase, type TempDatabase } from './support/database.js';
import { startSearchApp, type SearchTestApp } from './support/http-app.js';

const WATCH_MS = 50;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('keyword answer cache: dropped only by changes answers can see (PostgreSQL engine)', function () {
  this.timeout(60_000);
  let temp: TempDatabase;
  let search: SearchComponents;
  let app: SearchTestApp;
  let runJob: () => Promise<unknown>;
  const market = (id: string, title: string, volume: number) => ({
    exchange: 'kalshi', market_id: id, title, subtitle: null, category: 'sports', tags: [],
    status: 'open', closed: false, yes_price: 0.1, volume, volume_24h: 1, close_time: null, svc_id: null, cluster_id: null,
  });
  let rows = [market('WOMBAT-1', 'Wombat wins the marathon?', 500), market('WOMBAT-2', 'Wombat wins the sprint?', 100)];
  const urls = {
    relevance: '/api/v1/search/markets?q=wombat',
    byVolume: '/api/v1/search/markets?q=wombat&sort=volume',
    autocomplete: '/api/v1/search/autocomplete?q=wom',
  };
  /** Whether each URL was answered from the cache (a miss counts in cache.misses). */
  async function fromCache(): Promise<Record<keyof typeof urls, boolean>> {
    const out = {} as Record<keyof typeof urls, boolean>;
    for (const [name, url] of Object.entries(urls) as [keyof typeof urls, string][]) {
      const misses = search.cache.misses;
      const r = await app.get(url);
      assert.equal(r.status, 200);
      out[name] = search.cache.misses === misses;
    }
    return out;
  }
  const state = async () => (await temp.db.pool.query('SELECT last_change_seq, answers_changed_seq, volume_changed_seq FROM search_index_state')).rows[0];

  before(async () => {
    temp = await openTempDatabase();
    search = await setupSearch({ pool: temp.db.pool, watchIntervalMs: WATCH_MS });
    app = await startSearchApp(createSearchRouter({ engine: search.backend, cache: search.cache }));
    const job = createSearchIndexJob({ pool: temp.db.pool, writer: search.backend });
    runJob = () => job.run(new AbortController().signal);
    await seedCatalogMarkets(temp.db.pool, rows);
    await runJob();
    await sleep(WATCH_MS * 4); // the watchers have seen the first versions
    await fromCache(); // fill
    assert.deepEqual(await fromCache(), { relevance: true, byVolume: true, autocomplete: true }, 'the second round is all hits');
  });
  after(async () => {
    await app?.close();
    await search?.close();
    await temp?.close();
  });

  it('keeps every answer through a price-only sync', async () => {
    const before = await state();
    rows = rows.map((r) => ({ ...r, yes_price: r.yes_price + 0.3, volume_24h: 7 }));
    await seedCatalogMarkets(temp.db.pool, rows);
    await runJob();
    const after = await state();
    assert.ok(Number(after.last_change_seq) > Number(before.last_change_seq), 'the index absorbed the sync');
    assert.equal(after.answers_changed_seq, before.answers_changed_seq);
    assert.equal(after.volume_changed_seq, before.volume_changed_seq);
    await sleep(WATCH_MS * 6);
    assert.deepEqual(await fromCache(), { relevance: true, byVolume: true, autocomplete: true });
  });

  it('drops the answers ordered by volume when a volume moves, and keeps the others', async () => {
    rows = [{ ...rows[0] }, { ...rows[1], volume: 10_000 }];
    await seedCatalogMarkets(temp.db.pool, rows);
    await runJob();
    let r;
    const deadline = Date.now() + 5_000;
    do {
      await sleep(WATCH_MS);
      r = await app.get(urls.byVolume);
    } while (r.body.results[0].market_id !== 'WOMBAT-2' && Date.now() < deadline);
    assert.equal(r.body.results[0].market_id, 'WOMBAT-2', 'sort=volume follows the new volume');
    const cached = await fromCache();
    assert.equal(cached.relevance, true, 'the relevance answer was kept');
    assert.equal(cached.autocomplete, true, 'the autocomplete answer was kept');
  });

  it('drops every answer when a title changes', async () => {
    rows = [{ ...rows[0], title: 'Wombat wins the half marathon?' }, rows[1]];
    await seedCatalogMarkets(temp.db.pool, rows);
    await runJob();
    let r;
    const deadline = Date.now() + 5_000;
    do {
      await sleep(WATCH_MS);
      r = await app.get(urls.autocomplete);
    } while (!r.body.suggestions.some((s: { text: string }) => s.text === 'Wombat wins the half marathon?') && Date.now() < deadline);
    assert.ok(r.body.suggestions.some((s: { text: string }) => s.text === 'Wombat wins the half marathon?'), 'autocomplete shows the new title');
    const relevance = await app.get(urls.relevance);
    assert.ok(relevance.body.results.some((h: { title: string }) => h.title === 'Wombat wins the half marathon?'), 'search shows the new title');
  });

  it('drops every answer when a market is removed from the index', async () => {
    const before = await state();
    await new CatalogWriter(temp.db.pool).removeMarkets('kalshi', ['WOMBAT-2']);
    await runJob();
    assert.ok(Number((await state()).answers_changed_seq) > Number(before.answers_changed_seq));
    let r;
    const deadline = Date.now() + 5_000;
    do {
      await sleep(WATCH_MS);
      r = await app.get(urls.relevance);
    } while (r.body.results.some((h: { market_id: string }) => h.market_id === 'WOMBAT-2') && Date.now() < deadline);
    assert.deepEqual(r.body.results.map((h: { market_id: string }) => h.market_id), ['WOMBAT-1']);
  });
});
