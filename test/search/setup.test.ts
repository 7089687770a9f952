// The composition the API uses: setupSearch (engine from config, cache, watcher, health), the router
// and the scheduled indexing job, on the embedded database without Elasticsearch.
import assert from 'node:assert/strict';
import { createSearchIndexJob } from '../../src/indexers/search-job.js';
import { createSearchRouter } from '../../src/http/routes/search.js';
import { setupSearch, type SearchComponents } from '../../src/search/setup.js';
import { seedCatalogMarkets } from '../../scripts/lib/catalog-seed.js';
import { openTempDatabase, type TempDatabase } from './support/database.js';
import { startSearchApp, type SearchTestApp } from './support/http-app.js';

describe('search setup and indexing job (PostgreSQL engine)', function () {
  this.timeout(60_000);
  let temp: TempDatabase;
  let search: SearchComponents;
  let app: SearchTestApp;

  before(async () => {
    temp = await openTempDatabase();
    search = await setupSearch({ pool: temp.db.pool, watchIntervalMs: 100 });
    app = await startSearchApp(createSearchRouter({ engine: search.backend, cache: search.cache }));
  });
  after(async () => {
    await app?.close();
    await search?.close();
    await temp?.close();
  });

  it('serves what the job indexed, and a later catalog change reaches cached answers', async () => {
    assert.equal(search.backend.kind, 'postgres');
    assert.deepEqual(await search.health(), { status: 'ok', engine: 'postgres', index: 'market_search', documents: 0 });
    const row = {
      exchange: 'kalshi', market_id: 'WOMBAT-1', title: 'Wombat wins the marathon?', subtitle: null, category: 'sports', tags: [],
      status: 'open', closed: false, yes_price: 0.1, volume: 5, volume_24h: 1, close_time: null, svc_id: null, cluster_id: null,
    };
    await seedCatalogMarkets(temp.db.pool, [row]);
    // a job in another process: this process's cache only learns through the index-state watcher
    const job = createSearchIndexJob({ pool: temp.db.pool, writer: search.backend });
    assert.equal(job.name, 'search-index');
    await job.run(new AbortController().signal);
    let r = await app.get('/api/v1/search/autocomplete?q=wombat');
    assert.equal(r.body.suggestions[0].text, 'Wombat wins the marathon?');

    await seedCatalogMarkets(temp.db.pool, [{ ...row, title: 'Wombat wins the half marathon?' }]);
    await job.run(new AbortController().signal);
    const deadline = Date.now() + 5_000;
    do {
      await new Promise((res) => setTimeout(res, 100));
      r = await app.get('/api/v1/search/autocomplete?q=wombat');
    } while (r.body.suggestions[0].text !== 'Wombat wins the half marathon?' && Date.now() < deadline);
    assert.equal(r.body.suggestions[0].text, 'Wombat wins the half marathon?');
    assert.equal((await search.health()).documents, 1);
  });
});
