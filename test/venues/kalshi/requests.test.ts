/**
 * Static request tests: the exact paths and query strings the Kalshi adapter sends, pinned from the
 * request builders and from what the simulator actually received.
 */
import assert from 'node:assert/strict';
import { createKalshiAdapter, kalshiRequests } from '../../../src/venues/kalshi/client.js';
import { startKalshiSimulator } from '../../../src/venues/kalshi/simulator.js';
import { buildUrl } from '../../../src/venues/http-client.js';
import type { RunningSimulator } from '../../../src/sim/types.js';

const BASE = 'https://api.elections.kalshi.com/trade-api/v2';
const url = (r: { path: string; query?: Record<string, unknown> }): string => buildUrl(BASE, r.path, r.query as never);

describe('kalshi requests', () => {
  it('builds the documented URLs', () => {
    assert.equal(url(kalshiRequests.markets({ limit: 500 })), `${BASE}/markets?limit=500&mve_filter=exclude`);
    assert.equal(url(kalshiRequests.markets({ limit: 100, cursor: 'abc==', status: 'open' })), `${BASE}/markets?limit=100&cursor=abc%3D%3D&status=open&mve_filter=exclude`);
    // min_updated_ts may only be combined with mve_filter=exclude: status is dropped.
    assert.equal(url(kalshiRequests.markets({ limit: 100, status: 'open', updatedSince: '2026-11-22T00:00:00Z' })), `${BASE}/markets?limit=100&mve_filter=exclude&min_updated_ts=1795305600`);
    assert.equal(url(kalshiRequests.market('KXGDP-26Q3-T2.0')), `${BASE}/markets/KXGDP-26Q3-T2.0`);
    assert.equal(url(kalshiRequests.events({ limit: 200, eventTickers: ['A-1', 'B-2'] })), `${BASE}/events?limit=200&event_tickers=A-1%2CB-2`);
    assert.equal(url(kalshiRequests.orderbook('KXGDP-26Q3-T2.0')), `${BASE}/markets/KXGDP-26Q3-T2.0/orderbook`);
    assert.equal(url(kalshiRequests.trades({ ticker: 'T-1', limit: 100, start: '2026-11-22T00:00:00Z', end: '2026-11-22T01:00:00Z' })), `${BASE}/markets/trades?ticker=T-1&limit=100&min_ts=1795305600&max_ts=1795309200`);
    assert.equal(url(kalshiRequests.candlesticks({ ticker: 'KXGDP-26Q3-T2.0', startTs: 1, endTs: 2, periodMinutes: 60 })), `${BASE}/series/KXGDP/markets/KXGDP-26Q3-T2.0/candlesticks?start_ts=1&end_ts=2&period_interval=60`);
  });

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
      assert.match(sent[1], /^\/trade-api\/v2\/events\?limit=200&event_tickers=[A-Z0-9.%-]+(%2C[A-Z0-9.%-]+)+$/);
      assert.match(sent[2], /^\/trade-api\/v2\/markets\?limit=30&cursor=[\w-]+&mve_filter=exclude$/);
      assert.equal(sent.filter((s) => s.includes('/markets?')).length, pages);
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
