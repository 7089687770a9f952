/** Requests against the simulator: the exact paths and query strings the Probable adapter sends; the request table's exact URLs: fixtures/requests.json, test/venues/static-requests.test.ts. */
import assert from 'node:assert/strict';
import { createProbableAdapter } from '../../../src/venues/probable/client.js';
import { startProbableSimulator } from '../../../src/venues/probable/sim/simulator.js';
import type { MarketPage } from '../../../src/venues/adapter.js';
import type { RunningSimulator } from '../../../src/sim/types.js';

const MARKET = 'https://market-api.probable.markets/public/api/v1';
const BOOK = 'https://api.probable.markets/public/api/v1';

describe('probable requests', () => {
  // The spec's reads of x7: docs/interface-spec.md §4.6.
  it('declares exactly the spec reads for x7: market, markets, orderbook, prices, tradehistory', () => {
    const a = createProbableAdapter();
    assert.deepEqual(Object.entries(a.capabilities.reads).filter(([, v]) => v).map(([k]) => k).sort(), ['market', 'markets', 'orderbook', 'prices', 'trades']);
    assert.equal(a.capabilities.trading, false);
    assert.deepEqual(a.baseUrls, { market: MARKET, orderbook: BOOK });
  });

  describe('against the simulator', () => {
    let sim: RunningSimulator;
    before(async () => {
      sim = await startProbableSimulator({ tickMs: 0 });
    });
    after(() => sim.stop());
    /** An adapter on the simulator, an open market and its YES token, with the request log emptied. */
    const openMarket = async () => {
      const adapter = createProbableAdapter({ baseUrls: sim.baseUrls });
      const first = await adapter.listMarkets({ pageSize: 5 })[Symbol.asyncIterator]().next();
      const m = (first.value as MarketPage).markets.find((x) => x.status === 'open')!;
      const yesToken = m.outcomes.find((o) => o.label === 'Yes')!.id;
      sim.server.requests.length = 0;
      return { adapter, m, yesToken };
    };

    it('listMarkets walks page numbers, with one midpoint per open market', async () => {
      const adapter = createProbableAdapter({ baseUrls: sim.baseUrls });
      sim.server.requests.length = 0;
      let pages = 0;
      let open = 0;
      for await (const p of adapter.listMarkets({ pageSize: 10 })) {
        pages++;
        open += p.markets.filter((m) => m.status === 'open').length;
        for (const m of p.markets.filter((x) => x.status === 'open')) assert.notEqual(m.yes_price, null, `${m.market_id} priced from its midpoint`);
      }
      const listing = sim.server.requests.filter((r) => r.path.startsWith('/market-api/')).map((r) => `${r.path}?${r.search}`);
      assert.deepEqual(listing, Array.from({ length: pages }, (_, i) => `/market-api/public/api/v1/markets/?page=${i + 1}&limit=10`));
      const mids = sim.server.requests.filter((r) => r.path === '/orderbook-api/public/api/v1/midpoint');
      assert.equal(mids.length, open);
    });

    it('a midpoint is asked by token_id (the docs); the simulator serves the SDK\'s type_id too, and neither is a 400', async () => {
      const { adapter, m, yesToken } = await openMarket();
      await adapter.getMarket(m.market_id);
      assert.ok(sim.server.requests.some((r) => r.path === '/orderbook-api/public/api/v1/midpoint' && r.search === `token_id=${yesToken}`), JSON.stringify(sim.server.requests.map((r) => r.search)));
      const base = sim.baseUrls.orderbook;
      const byDocs = (await (await fetch(`${base}/midpoint?token_id=${yesToken}`)).json()) as { mid: string };
      const bySdk = await fetch(`${base}/midpoint?type_id=${yesToken}`);
      assert.equal(bySdk.status, 200);
      assert.equal(((await bySdk.json()) as { mid: string }).mid, byDocs.mid);
      assert.equal((await fetch(`${base}/midpoint`)).status, 400);
    });

    it('book, history and trades go to the orderbook API by YES token id', async () => {
      const { adapter, m, yesToken } = await openMarket();
      await adapter.getOrderBook(m.market_id);
      await adapter.getPriceHistory(m.market_id, { start: '2026-11-01T00:00:00Z', end: '2026-11-02T00:00:00Z', interval: '1h' });
      await adapter.getTrades(m.market_id, { limit: 10 });
      assert.deepEqual(sim.server.requests.map((r) => `${r.path}?${r.search}`), [
        `/orderbook-api/public/api/v1/book?token_id=${yesToken}`,
        `/orderbook-api/public/api/v1/prices-history?market=${yesToken}&startTs=1793491200&endTs=1793577600&fidelity=60`,
        `/orderbook-api/public/api/v1/trades?tokenId=${yesToken}&limit=10`,
      ]);
    });

    it('the simulator reads interval as a look-back window (\'1m\' is a month) and fidelity as minutes, as the SDK sends them', async () => {
      const adapter = createProbableAdapter({ baseUrls: sim.baseUrls });
      const first = await adapter.listMarkets({ pageSize: 5 })[Symbol.asyncIterator]().next();
      const m = (first.value as MarketPage).markets.find((x) => x.status === 'open')!;
      const yesToken = m.outcomes.find((o) => o.label === 'Yes')!.id;
      const history = async (query: string) => {
        const r = await fetch(`${sim.baseUrls.orderbook}/prices-history?market=${yesToken}&${query}`);
        return { status: r.status, body: (await r.json()) as { history?: { t: number }[] } };
      };
      const month = await history('interval=1m&fidelity=1440');
      assert.equal(month.status, 200);
      const spanDays = (month.body.history!.at(-1)!.t - month.body.history![0]!.t) / 86_400;
      assert.ok(spanDays >= 27, `a month of daily points, not minutes: ${month.body.history!.length} points over ${spanDays.toFixed(2)} days`);
      assert.equal((await history('interval=1d&startTs=1793491200')).status, 400, 'interval excludes startTs/endTs');
      assert.equal((await history('startTs=1793491200&endTs=1793577600&fidelity=0')).status, 400);
    });
  });
});
