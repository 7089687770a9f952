/** Requests against the simulator: the exact paths and query strings the Probable adapter sends; the request table's exact URLs: fixtures/requests.json, test/venues/static-requests.test.ts. */
import assert from 'node:assert/strict';
import { createProbableAdapter, PROBABLE_PRICES_BATCH_TOKENS } from '../../../src/venues/probable/client.js';
import { venueDrift } from '../../../src/venues/wire.js';
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

    it('listMarkets walks page numbers and prices each page\'s open markets with batched POST /prices, no /midpoint', async () => {
      // A catalog at scale, so the open listing's pages hold more open markets than one batch.
      const big = await startProbableSimulator({ tickMs: 0, scale: 1200 });
      try {
      const adapter = createProbableAdapter({ baseUrls: big.baseUrls });
      const pageSize = PROBABLE_PRICES_BATCH_TOKENS + 20;
      const pages: MarketPage[] = [];
      for await (const p of adapter.listMarkets({ pageSize, status: 'open' })) pages.push(p);
      const listing = big.server.requests.filter((r) => r.path.startsWith('/market-api/')).map((r) => `${r.path}?${r.search}`);
      assert.deepEqual(listing, Array.from({ length: pages.length }, (_, i) => `/market-api/public/api/v1/markets/?page=${i + 1}&limit=${pageSize}&active=true`));
      assert.equal(big.server.requests.filter((r) => r.path === '/orderbook-api/public/api/v1/midpoint').length, 0);
      const batches = big.server.requests.filter((r) => r.path === '/orderbook-api/public/api/v1/prices');
      const expected = pages.reduce((n, p) => n + Math.ceil(p.markets.filter((m) => m.status === 'open').length / PROBABLE_PRICES_BATCH_TOKENS), 0);
      assert.ok(pages.some((p) => p.markets.filter((m) => m.status === 'open').length > PROBABLE_PRICES_BATCH_TOKENS), 'a page needs more open markets than one batch');
      assert.equal(batches.length, expected);
      for (const b of batches) {
        assert.equal(b.method, 'POST');
        const items = b.body as { token_id: string; side: string }[];
        assert.ok(items.length <= 2 * PROBABLE_PRICES_BATCH_TOKENS);
        assert.deepEqual(items.map((i) => i.side), items.map((_, k) => (k % 2 ? 'SELL' : 'BUY')));
      }
      // The same prices as the per-market /midpoint (which rounds the middle to 0.001).
      let compared = 0;
      for (const m of pages.flatMap((p) => p.markets).filter((x) => x.status === 'open')) {
        const yes = m.outcomes.find((o) => o.label === 'Yes')!.id;
        const r = await fetch(`${big.baseUrls.orderbook}/midpoint?token_id=${yes}`);
        if (r.status !== 200) continue;
        const mid = Number(((await r.json()) as { mid: string }).mid);
        assert.ok(m.yes_price !== null && Math.abs(m.yes_price - mid) <= 0.0005 + 1e-9, `${m.market_id}: ${m.yes_price} vs midpoint ${mid}`);
        compared++;
      }
      assert.ok(compared > PROBABLE_PRICES_BATCH_TOKENS, `compared ${compared}`);
      } finally {
        await big.stop();
      }
    });

    it('a venue without POST /prices (405) is priced by /midpoint per open market, noted in the drift log', async () => {
      const refusing: typeof fetch = (input, init) => (init?.method === 'POST' && String(input).endsWith('/prices') ? Promise.resolve(new Response('{"error":"Method Not Allowed"}', { status: 405 })) : fetch(input, init));
      const adapter = createProbableAdapter({ baseUrls: sim.baseUrls, http: { fetch: refusing } });
      sim.server.requests.length = 0;
      let open = 0;
      let priced = 0;
      for await (const p of adapter.listMarkets({ pageSize: 10 })) {
        const live = p.markets.filter((m) => m.status === 'open');
        open += live.length;
        priced += live.filter((m) => m.yes_price !== null).length;
      }
      assert.equal(sim.server.requests.filter((r) => r.path === '/orderbook-api/public/api/v1/midpoint').length, open);
      assert.ok(priced > 0);
      assert.ok(venueDrift.of('probable').some((n) => n.endpoint === 'POST /prices'), 'drift noted');
    });

    it('the simulator refuses a malformed POST /prices body with 400', async () => {
      const post = (body: string) => fetch(`${sim.baseUrls.orderbook}/prices`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      for (const bad of ['{}', '[]', '[{"token_id":"1"}]', '[{"token_id":1,"side":"BUY"}]', '[{"token_id":"1","side":"bid"}]', 'not json']) assert.equal((await post(bad)).status, 400, bad);
      assert.deepEqual(await (await post('[{"token_id":"unknown","side":"BUY"}]')).json(), {});
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
