/** Requests against the simulator: the exact paths and query strings the Polymarket adapter sends; the request table's exact URLs: fixtures/requests.json, test/venues/static-requests.test.ts. */
import assert from 'node:assert/strict';
import { createPolymarketAdapter } from '../../../src/venues/polymarket/client.js';
import { startPolymarketSimulator } from '../../../src/venues/polymarket/sim/simulator.js';
import type { RunningSimulator } from '../../../src/sim/types.js';
import type { MarketPage } from '../../../src/venues/adapter.js';

describe('polymarket requests', () => {
  describe('against the simulator', () => {
    let sim: RunningSimulator;
    before(async () => {
      sim = await startPolymarketSimulator({ tickMs: 0 });
    });
    after(() => sim.stop());

    it('listMarkets follows next_cursor with after_cursor until it is absent', async () => {
      const adapter = createPolymarketAdapter({ baseUrls: sim.baseUrls });
      sim.server.requests.length = 0;
      let pages = 0;
      for await (const _ of adapter.listMarkets({ pageSize: 25 })) pages++;
      const sent = sim.server.requests.map((r) => `${r.path}?${r.search}`);
      assert.equal(sent.length, pages);
      assert.equal(sent[0], '/gamma/markets/keyset?limit=25');
      for (const s of sent.slice(1)) assert.match(s, /^\/gamma\/markets\/keyset\?limit=25&after_cursor=[\w%]+$/);
    });

    it('book and history go to the CLOB by YES token id; trades to the Data API by condition id', async () => {
      const adapter = createPolymarketAdapter({ baseUrls: sim.baseUrls });
      const first = await adapter.listMarkets({ pageSize: 5 })[Symbol.asyncIterator]().next();
      const m = (first.value as MarketPage).markets.find((x) => x.status === 'open')!;
      const yesToken = m.outcomes[0].id;
      sim.server.requests.length = 0;
      await adapter.getOrderBook(m.market_id);
      await adapter.getPriceHistory(m.market_id, { start: '2026-11-01T00:00:00Z', end: '2026-11-02T00:00:00Z', interval: '1h' });
      await adapter.getTrades(m.market_id);
      const sent = sim.server.requests.map((r) => `${r.path}?${r.search}`);
      assert.deepEqual(sent, [
        `/clob/book?token_id=${yesToken}`,
        `/clob/prices-history?market=${yesToken}&startTs=1793491200&endTs=1793577600&fidelity=60`,
        `/data/trades?market=${m.market_id}&limit=500&offset=0&takerOnly=true`,
      ]);
    });
  });
});
