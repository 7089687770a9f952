/**
 * What the Kalshi adapter sends, as the simulator received it (the request table's exact URLs are
 * data: src/venues/kalshi/fixtures/requests.json, run by test/venues/static-requests.test.ts).
 */
import assert from 'node:assert/strict';
import { createKalshiAdapter } from '../../../src/venues/kalshi/client.js';
import { startKalshiSimulator } from '../../../src/venues/kalshi/sim/simulator.js';
import type { RunningSimulator } from '../../../src/sim/types.js';

describe('kalshi requests', () => {
  describe('against the simulator', () => {
    let sim: RunningSimulator;
    before(async () => {
      sim = await startKalshiSimulator({ tickMs: 0 });
    });
    after(() => sim.stop());

    it('listMarkets follows the cursor and batches the event lookups', async () => {
      const adapter = createKalshiAdapter({ baseUrls: sim.baseUrls });
      sim.server.requests.length = 0;
      let pages = 0;
      for await (const _ of adapter.listMarkets({ pageSize: 30 })) pages++;
      const sent = sim.server.requests.map((r) => `${r.path}?${r.search}`);
      assert.equal(sent[0], '/trade-api/v2/markets?limit=30&mve_filter=exclude');
      assert.match(sent[1], /^\/trade-api\/v2\/events\?limit=200&tickers=[A-Z0-9.%-]+(%2C[A-Z0-9.%-]+)+$/);
      assert.match(sent[2], /^\/trade-api\/v2\/markets\?limit=30&cursor=[\w-]+&mve_filter=exclude$/);
      assert.equal(sent.filter((s) => s.includes('/markets?')).length, pages);
    });

    it('listMarkets gives every market its event\'s category (the lookup asks by `tickers`)', async () => {
      const adapter = createKalshiAdapter({ baseUrls: sim.baseUrls });
      const markets = [];
      for await (const page of adapter.listMarkets({ pageSize: 30 })) markets.push(...page.markets);
      assert.ok(markets.length > 30);
      assert.deepEqual(markets.filter((m) => m.category === null).map((m) => m.market_id), []);
    });

    it('an event the lookup did not return is asked again later, not remembered as one without a category', async () => {
      let now = Date.parse('2026-11-22T00:00:00Z');
      const adapter = createKalshiAdapter({ baseUrls: sim.baseUrls, http: { now: () => now } });
      // A combo market: its event (the ticker minus its last segment) is not among the venue's events.
      const combo = 'KXMVECROSSCATEGORY-S2026ABC123-7F3A9';
      const lookups = () => sim.server.requests.filter((r) => r.path.endsWith('/events') && r.search.includes('KXMVECROSSCATEGORY')).length;
      const before = lookups();
      await adapter.getMarket(combo);
      assert.equal(lookups() - before, 1);
      await adapter.getMarket(combo);
      assert.equal(lookups() - before, 1, 'not asked again at once');
      now += 16 * 60_000;
      await adapter.getMarket(combo);
      assert.equal(lookups() - before, 2, 'asked again a while later');
    });

    it('trades and candles send seconds, not milliseconds', async () => {
      const adapter = createKalshiAdapter({ baseUrls: sim.baseUrls });
      const ticker = 'KXFEDCHAIR-27-KHAS';
      sim.server.requests.length = 0;
      await adapter.getTrades(ticker, { start: '2026-11-01T00:00:00Z', end: '2026-11-02T00:00:00Z' });
      await adapter.getCandles(ticker, { interval: '1h', start: '2026-11-01T00:00:00Z', end: '2026-11-02T00:00:00Z' });
      const sent = sim.server.requests.map((r) => `${r.path}?${r.search}`);
      assert.deepEqual(sent, [
        `/trade-api/v2/markets/trades?ticker=${ticker}&limit=100&min_ts=1793491200&max_ts=1793577600`,
        `/trade-api/v2/series/KXFEDCHAIR/markets/${ticker}/candlesticks?start_ts=1793491200&end_ts=1793577600&period_interval=60`,
      ]);
    });
  });
});
