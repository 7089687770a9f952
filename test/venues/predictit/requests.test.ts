/** Requests against the simulator: the exact paths and query strings the PredictIt adapter sends; the request table's exact URLs: fixtures/requests.json, test/venues/static-requests.test.ts. */
import assert from 'node:assert/strict';
import { createPredictItAdapter, timespanFor } from '../../../src/venues/predictit/client.js';
import { startPredictItSimulator } from '../../../src/venues/predictit/sim/simulator.js';
import { VenueError } from '../../../src/venues/http-client.js';
import type { MarketPage } from '../../../src/venues/adapter.js';
import type { RunningSimulator } from '../../../src/sim/types.js';

describe('predictit requests', () => {
  it('picks the shortest chart timespan that reaches the start', () => {
    const now = Date.parse('2026-11-23T00:00:00Z');
    assert.equal(timespanFor(now - 3_600_000, now), '24h');
    assert.equal(timespanFor(now - 3 * 86_400_000, now), '7d');
    assert.equal(timespanFor(now - 20 * 86_400_000, now), '30d');
    assert.equal(timespanFor(now - 400 * 86_400_000, now), '90d');
  });

  // The spec's reads of x9: docs/interface-spec.md §4.6.
  it('declares exactly the spec reads for x9: market, markets, prices', () => {
    const a = createPredictItAdapter();
    assert.deepEqual(Object.entries(a.capabilities.reads).filter(([, v]) => v).map(([k]) => k).sort(), ['market', 'markets', 'prices']);
    assert.equal(a.capabilities.trading, false);
  });

  describe('against the simulator', () => {
    let sim: RunningSimulator;
    before(async () => {
      sim = await startPredictItSimulator({ tickMs: 0 });
    });
    after(() => sim.stop());

    it('a listing fetches the snapshot once and pages it; a resumed listing fetches it once more', async () => {
      const adapter = createPredictItAdapter({ baseUrls: sim.baseUrls });
      sim.server.requests.length = 0;
      const cursors: (string | null)[] = [];
      for await (const p of adapter.listMarkets({ pageSize: 10 })) cursors.push(p.cursor);
      assert.ok(cursors.length >= 3);
      assert.deepEqual(sim.server.requests.map((r) => `${r.path}?${r.search}`), ['/api/marketdata/all/?']);
      for (const c of cursors.slice(0, -1)) assert.match(c!, /^\d+:\d+$/);
      sim.server.requests.length = 0;
      const resumed = [];
      for await (const p of adapter.listMarkets({ pageSize: 10, cursor: cursors[0] })) resumed.push(...p.markets);
      assert.equal(sim.server.requests.length, 1);
      assert.equal(resumed.length, sim.marketCount() - 10);
    });

    it('getMarket asks for the parent market once the contract is known; prices go to the chart of the parent', async () => {
      const adapter = createPredictItAdapter({ baseUrls: sim.baseUrls });
      const first = await adapter.listMarkets({ pageSize: 100 })[Symbol.asyncIterator]().next();
      const m = (first.value as MarketPage).markets.find((x) => x.status === 'open' && x.subtitle !== null)!;
      const siblings = (first.value as MarketPage).markets.filter((x) => x.event_id === m.event_id).length;
      sim.server.requests.length = 0;
      assert.equal((await adapter.getMarket(m.market_id))?.market_id, m.market_id);
      const pts = await adapter.getPriceHistory(m.market_id, { start: new Date(Date.now() - 2 * 86_400_000).toISOString(), interval: '1d' });
      assert.deepEqual(sim.server.requests.map((r) => `${r.path}?${r.search}`), [
        `/api/marketdata/markets/${m.event_id}?`,
        `/api/marketdata/markets/${m.event_id}?`,
        `/api/Public/GetMarketChartData/${m.event_id}?timespan=7d&maxContracts=${siblings}&showHidden=true`,
      ]);
      assert.ok(pts.length >= 2 && pts.length <= 4, `one point per day, got ${pts.length}`);
    });

    it('an unknown contract: getMarket null, prices a 404', async () => {
      const adapter = createPredictItAdapter({ baseUrls: sim.baseUrls });
      assert.equal(await adapter.getMarket('987654321'), null);
      assert.equal(await adapter.getMarket('not-a-number'), null);
      await assert.rejects(adapter.getPriceHistory('987654321'), (e: unknown) => e instanceof VenueError && e.notFound);
    });
  });
});
