// The whole service as `EXCHANGE_MODE=sim npm start` runs it: the first sync fills the catalog from
// every simulator, the search index and embeddings follow, and every route group answers through
// the real app (API key, rate limit, plan gates, mount order).
import assert from 'node:assert/strict';
import { issueKey, startTestService, type TestService } from '../helpers/service.js';
import { waitFor } from '../helpers/wait.js';
import { registeredExchanges } from '../../src/venues/registry.js';

describe('service in sim mode, end to end', function () {
  this.timeout(180_000);
  let svc: TestService;
  let max: string;
  let free: string;

  before(async () => {
    svc = await startTestService({ env: { EXCHANGE_MODE: 'sim', RUN_JOBS: 'true' } });
    max = await issueKey(svc, 'max');
    free = await issueKey(svc, 'free');
  });
  after(async () => svc?.destroy());

  it('fills the catalog from every registered simulator at start (within a minute)', async () => {
    const venues = registeredExchanges();
    assert.equal(venues.length, 9);
    const health = await waitFor(
      'every venue synced',
      async () => {
        const h = (await svc.request('/health')).body;
        return venues.every((v) => h.components.exchanges[v].status === 'ok' && h.components.exchanges[v].markets > 0) ? h : undefined;
      },
      60_000,
    );
    assert.equal(health.status, 'ok');
  });

  it('serves keyword search and autocomplete across venues once the index follows the catalog', async () => {
    const res = await waitFor(
      'the search index to follow the catalog',
      async () => {
        const r = await svc.request('/api/v1/search/markets?q=fed%20cut%20rates&limit=20', { headers: { 'x-api-key': free } });
        return r.status === 200 && r.body.count > 0 ? r : undefined;
      },
      60_000,
    );
    assert.equal(res.headers.get('x-ratelimit-limit'), '300');
    const venues = new Set(res.body.results.map((r: { exchange: string }) => r.exchange));
    assert.ok(venues.size >= 3, `expected the same question on several venues, got ${[...venues]}`);
    assert.ok(res.body.results.every((r: { title: string }) => /fed|federal|rate/i.test(r.title)));
    const ac = await svc.request('/api/v1/search/autocomplete?q=bitc', { headers: { 'x-api-key': free } });
    assert.equal(ac.status, 200);
    assert.ok(ac.body.suggestions.length > 0);
    assert.ok(ac.body.suggestions.every((s: { text: string }) => /bitc/i.test(s.text)));
  });

  it('serves semantic search to max keys only, once embeddings follow the catalog', async () => {
    const denied = await svc.request('/api/v1/search/semantic', { headers: { 'x-api-key': free }, body: { query: 'bitcoin price' } });
    assert.equal(denied.status, 403);
    const res = await waitFor(
      'embeddings of the catalog',
      async () => {
        const r = await svc.request('/api/v1/search/semantic', { headers: { 'x-api-key': max }, body: { query: 'will the central bank lower borrowing costs', limit: 5 } });
        return r.status === 200 && r.body.count === 5 ? r : undefined;
      },
      90_000,
    );
    assert.ok(res.body.results.some((r: { title: string }) => /fed|federal reserve|rate/i.test(r.title)), JSON.stringify(res.body.results));
  });

  it('answers the per-venue reads from the catalog and the venues', async () => {
    const list = await svc.request('/api/v1/kalshi/markets?limit=3', { headers: { 'x-api-key': free } });
    assert.equal(list.status, 200);
    assert.equal(list.body.count, 3);
    const id = list.body.markets[0].market_id;
    const market = await svc.request(`/api/v1/kalshi/${encodeURIComponent(id)}/market`, { headers: { 'x-api-key': free } });
    assert.equal(market.status, 200);
    assert.equal(market.body.market_id, id);
    const book = await svc.request(`/api/v1/kalshi/${encodeURIComponent(id)}/orderbook`, { headers: { 'x-api-key': free } });
    assert.equal(book.status, 200);
    assert.ok(Array.isArray(book.body.snapshots));
    const none = await svc.request('/api/v1/predictit/1/orderbook', { headers: { 'x-api-key': free } });
    assert.equal(none.status, 404);
  });
});
