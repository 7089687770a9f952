// Trade history paging through the market-data service and the real HTTP frame, against the Kalshi
// simulator's real wire format: walking next_cursor page by page gives exactly the trades of one
// big page, newest first, none repeated or skipped; a cursor only continues its own list; and the
// live read cache serves a repeated page without a second venue call.
import assert from 'node:assert/strict';
import { CatalogReader } from '../../src/catalog/catalog-repository.js';
import { createVenuesRouter } from '../../src/http/routes/venues.js';
import { MarketDataService } from '../../src/market-data/market-data-service.js';
import type { RunningSimulator } from '../../src/sim/types.js';
import type { VenueAdapter } from '../../src/venues/adapter.js';
import { startKalshiSimulator } from '../../src/venues/kalshi/sim/simulator.js';
import { createAdapter } from '../../src/venues/registry.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { openTestDatabase, type TestDatabase } from '../helpers/database.js';

const FAST_HTTP = { retries: 0, timeoutMs: 5_000, rateLimit: { perSecond: 1_000, burst: 1_000 } };

describe('trade history paging (market-data service, kalshi simulator)', function () {
  this.timeout(60_000);
  let sim: RunningSimulator;
  let db: TestDatabase;
  let app: TestApp;
  let marketData: MarketDataService;
  let marketId: string;
  let all: { id: string; timestamp: string }[];

  before(async () => {
    sim = await startKalshiSimulator({ tickMs: 0, seed: 7 });
    const adapter: VenueAdapter = createAdapter('kalshi', { baseUrls: sim.baseUrls, http: FAST_HTTP });
    db = await openTestDatabase();
    // each page is its own cache key (start, end and size differ), so the cache never hides the paging
    marketData = new MarketDataService({ catalog: new CatalogReader(db.pool), adapters: { kalshi: adapter }, liveCacheTtlMs: 60_000 });
    app = await startTestApp({ db, keyedRouters: () => [{ path: '/', router: createVenuesRouter(marketData) }] });
    // the market of the first listing page with the most trades (not in the catalog: looked up at the venue)
    let best = { id: '', n: -1 };
    for await (const page of adapter.listMarkets({ pageSize: 20, status: 'open' })) {
      for (const m of page.markets.slice(0, 10)) {
        const n = (await adapter.getTrades!(m.market_id, { limit: 1000 })).length;
        if (n > best.n) best = { id: m.market_id, n };
      }
      break;
    }
    marketId = best.id;
    const whole = await app.request(`/api/v1/kalshi/${encodeURIComponent(marketId)}/tradehistory?limit=1000`);
    assert.equal(whole.status, 200, whole.text);
    all = whole.body.trades;
    assert.equal(whole.body.next_cursor, null);
  });
  after(async () => {
    await app?.close();
    await db?.destroy();
    await sim?.stop();
  });

  it('has enough trades to page through', () => {
    assert.ok(all.length >= 7, `the busiest market has ${all.length} trades`);
    assert.ok(all.every((t, i) => i === 0 || Date.parse(t.timestamp) <= Date.parse(all[i - 1].timestamp)), 'newest first');
  });

  for (const limit of [1, 2, 3]) {
    it(`walking pages of ${limit} gives every trade once, in order`, async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const r = await app.request(`/api/v1/kalshi/${encodeURIComponent(marketId)}/tradehistory?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        assert.equal(r.status, 200, r.text);
        assert.ok(r.body.count <= limit);
        assert.equal(r.body.count, r.body.trades.length);
        seen.push(...r.body.trades.map((t: { id: string }) => t.id));
        cursor = r.body.next_cursor;
        pages += 1;
      } while (cursor && pages <= all.length + 1);
      assert.deepEqual(seen, all.map((t) => t.id));
    });
  }

  it('refuses a cursor of another market or another start', async () => {
    const first = await app.request(`/api/v1/kalshi/${encodeURIComponent(marketId)}/tradehistory?limit=1`);
    const cursor = encodeURIComponent(first.body.next_cursor);
    const other = await app.request(`/api/v1/kalshi/SOME-OTHER-MARKET/tradehistory?limit=1&cursor=${cursor}`);
    assert.equal(other.status, 400, other.text);
    assert.match(other.body.error, /cursor/);
    const otherStart = await app.request(`/api/v1/kalshi/${encodeURIComponent(marketId)}/tradehistory?limit=1&start=0&cursor=${cursor}`);
    assert.equal(otherStart.status, 400);
  });

  it('answers a repeated page from the live cache, without another venue call', async () => {
    const path = `/api/v1/kalshi/${encodeURIComponent(marketId)}/tradehistory?limit=4`;
    assert.equal((await app.request(path)).status, 200);
    const loads = marketData.liveLoads;
    const before = sim.server.requests.length;
    const [a, b] = await Promise.all([app.request(path), app.request(path)]);
    assert.deepEqual(a.body, b.body);
    assert.equal(marketData.liveLoads, loads, 'no new venue load');
    // the market lookup (not in the catalog) is cached too: nothing reached the venue
    assert.equal(sim.server.requests.length, before);
  });
});
