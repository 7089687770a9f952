/** Requests against the simulator: the Opinion adapter's paths, query strings and `apikey` header; envelope errors sent with HTTP 200; the request table's exact URLs: fixtures/requests.json, test/venues/static-requests.test.ts. */
import assert from 'node:assert/strict';
import { loadConfig } from '../../../src/config.js';
import { createOpinionAdapter, OpinionAdapter } from '../../../src/venues/opinion/client.js';
import { OPINION_SIM_API_KEY, startOpinionSimulator } from '../../../src/venues/opinion/sim/simulator.js';
import { VenueError } from '../../../src/venues/http-client.js';
import type { RunningSimulator } from '../../../src/sim/types.js';

describe('opinion requests', () => {
  describe('against the simulator', () => {
    let sim: RunningSimulator;
    before(async () => {
      sim = await startOpinionSimulator({ tickMs: 0 });
    });
    after(() => sim.stop());

    it('pages with page/limit <= 20 and sends the apikey header (OPINION_API_KEY through the config)', async () => {
      const adapter = new OpinionAdapter({ baseUrls: sim.baseUrls, keys: loadConfig({ OPINION_API_KEY: OPINION_SIM_API_KEY }).venues.opinion.keys });
      sim.server.requests.length = 0;
      let pages = 0;
      for await (const _ of adapter.listMarkets({ pageSize: 50, status: 'open' })) pages++;
      assert.ok(pages >= 2);
      assert.deepEqual(sim.server.requests.map((r) => `${r.path}?${r.search}`), Array.from({ length: pages }, (_, i) => `/openapi/market?page=${i + 1}&limit=20&status=activated&marketType=2`));
      assert.ok(sim.server.requests.every((r) => r.headers.apikey === OPINION_SIM_API_KEY));
    });

    it('book and history go per YES token; an errno "not found" with HTTP 200 is a missing market', async () => {
      const adapter = createOpinionAdapter({ baseUrls: sim.baseUrls });
      const m = await adapter.getMarket('2100');
      assert.ok(m);
      const yes = m.outcomes[0].id;
      sim.server.requests.length = 0;
      await adapter.getOrderBook('2100');
      await adapter.getPriceHistory('2100', { start: '2026-11-01T00:00:00Z', end: '2026-11-02T00:00:00Z', interval: '1h' });
      assert.deepEqual(sim.server.requests.map((r) => `${r.path}?${r.search}`), ['/openapi/market/2100?', `/openapi/token/orderbook?token_id=${yes}`, '/openapi/market/2100?', `/openapi/token/price-history?token_id=${yes}&interval=1h&start_at=1793491200&end_at=1793577600`]);
      assert.equal(await adapter.getMarket('999999'), null);
      await assert.rejects(adapter.getOrderBook('999999'), (e: unknown) => e instanceof VenueError && e.notFound);
    });

    it('a wrong key is refused; a malformed cursor fails before any request', async () => {
      const bad = createOpinionAdapter({ baseUrls: sim.baseUrls, http: { headers: { apikey: 'nope' }, retries: 0 } });
      await assert.rejects(bad.getMarket('2100'), (e: unknown) => e instanceof VenueError && e.status === 401);
      const adapter = createOpinionAdapter({ baseUrls: sim.baseUrls, http: { retries: 0 } });
      await assert.rejects(
        (async () => {
          for await (const _ of adapter.listMarkets({ cursor: '0' })) void _;
        })(),
        /invalid cursor/,
      );
    });
  });
});
