// The typed client (client/): its generated types are what the service's OpenAPI document gives
// (regenerated into a temporary directory and compared: a route changed without `npm run
// client:generate` fails here), and it works against the real service: a test key, a search, a
// market, its cluster's plan gate, its order book, typed end to end.
import assert from 'node:assert/strict';
import { createPredmarketsClient } from '../../client/src/index.js';
import { checkClientTypes } from '../../scripts/generate-client.js';
import { seedCatalogMarkets } from '../../scripts/lib/catalog-seed.js';
import { issueKey, mintTestKey, startTestService, type TestService } from '../helpers/service.js';

describe('typed client', function () {
  this.timeout(120_000);

  it('has generated types that match the service\'s OpenAPI document', async () => {
    assert.equal(await checkClientTypes(), null);
  });

  describe('against the service', () => {
    let svc: TestService;
    before(async () => {
      svc = await startTestService();
      await seedCatalogMarkets(svc.db.pool, [{ exchange: 'kalshi', market_id: 'KXWEBTEST-26', title: 'Will the web test pass?', category: 'science' }]);
    });
    after(async () => svc?.destroy());

    it('reads its key and a market, and gets the API errors typed (400, 403)', async () => {
      const free = createPredmarketsClient({ baseUrl: svc.url, apiKey: await mintTestKey(svc) });
      const me = await free.GET('/api/v1/key');
      assert.equal(me.data?.plan, 'free');

      const market = await free.GET('/api/v1/{exchange}/{market_id}/market', { params: { path: { exchange: 'kalshi', market_id: 'KXWEBTEST-26' } } });
      assert.equal(market.response.status, 200);
      assert.equal(market.data?.title, 'Will the web test pass?');

      const cluster = await free.GET('/api/v1/svc/{svc_id}/cluster', { params: { path: { svc_id: 'svc_missing' } } });
      assert.equal(cluster.response.status, 403);
      assert.match(cluster.error?.error ?? '', /needs one of: .*pro/);

      const bad = await free.GET('/api/v1/search/markets', { params: { query: { q: 'x', limit: 1000 } } });
      assert.equal(bad.response.status, 400);
      assert.match(bad.error?.error ?? '', /limit/);

      const max = createPredmarketsClient({ baseUrl: svc.url, apiKey: await issueKey(svc, 'max') });
      const malformed = await max.GET('/api/v1/svc/{svc_id}/cluster', { params: { path: { svc_id: 'svc_missing' } } });
      assert.equal(malformed.response.status, 400, 'past the plan gate, the id is checked');
      assert.match(malformed.error?.error ?? '', /svc_id/);
    });

    it('sends no key when none is given (401 on keyed routes)', async () => {
      const anonymous = createPredmarketsClient({ baseUrl: svc.url });
      const res = await anonymous.GET('/api/v1/key');
      assert.equal(res.response.status, 401);
      const minted = await anonymous.POST('/api/v1/test-key', { body: { label: 'client test' } });
      assert.equal(minted.response.status, 201);
      assert.equal(minted.data?.plan, 'free');
    });
  });
});
