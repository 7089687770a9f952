/** Requests against the simulator: the exact paths and query strings the Manifold adapter sends; the request table's exact URLs: fixtures/requests.json, test/venues/static-requests.test.ts. */
import assert from 'node:assert/strict';
import { createManifoldAdapter } from '../../../src/venues/manifold/client.js';
import { startManifoldSimulator } from '../../../src/venues/manifold/sim/simulator.js';
import { VenueError } from '../../../src/venues/http-client.js';
import type { MarketPage } from '../../../src/venues/adapter.js';
import type { RunningSimulator } from '../../../src/sim/types.js';

const REST = 'https://api.manifold.markets/v0';

describe('manifold requests', () => {
  // The spec's reads of x8: docs/interface-spec.md §4.6.
  it('declares exactly the spec reads for x8: market, markets, tradehistory', () => {
    const a = createManifoldAdapter();
    assert.deepEqual(Object.entries(a.capabilities.reads).filter(([, v]) => v).map(([k]) => k).sort(), ['market', 'markets', 'trades']);
    assert.equal(a.capabilities.trading, false);
    assert.equal(a.baseUrls.rest, REST);
  });

  describe('against the simulator', () => {
    let sim: RunningSimulator;
    before(async () => {
      sim = await startManifoldSimulator({ tickMs: 0 });
    });
    after(() => sim.stop());

    it('listMarkets pages with before=<last id> until a short page', async () => {
      const adapter = createManifoldAdapter({ baseUrls: sim.baseUrls });
      sim.server.requests.length = 0;
      const ids: string[] = [];
      let pages = 0;
      for await (const p of adapter.listMarkets({ pageSize: 20 })) {
        pages++;
        ids.push(...p.markets.map((m) => m.market_id));
      }
      const sent = sim.server.requests.map((r) => `${r.path}?${r.search}`);
      assert.equal(sent.length, pages);
      assert.equal(sent[0], '/v0/markets?limit=20');
      for (let i = 1; i < sent.length; i++) assert.equal(sent[i], `/v0/markets?limit=20&before=${ids[i * 20 - 1]}`);
      assert.equal(ids.length, sim.marketCount());
    });

    it('updatedSince walks updated-time and stops at the cut-off without reading further pages', async () => {
      const adapter = createManifoldAdapter({ baseUrls: sim.baseUrls });
      sim.server.requests.length = 0;
      const since = new Date(Date.now() - 6 * 3_600_000).toISOString();
      const got: string[] = [];
      for await (const p of adapter.listMarkets({ pageSize: 10, updatedSince: since })) got.push(...p.markets.map((m) => m.updated_at));
      assert.ok(got.every((t) => t >= since));
      assert.ok(sim.server.requests.every((r) => r.search.startsWith('limit=10&sort=updated-time&order=desc')));
      assert.ok(sim.server.requests.length < Math.ceil(sim.marketCount() / 10));
    });

    it('getTrades asks /bets by contractId with inclusive ms bounds; an unknown market is a 404', async () => {
      const adapter = createManifoldAdapter({ baseUrls: sim.baseUrls });
      const first = await adapter.listMarkets({ pageSize: 50 })[Symbol.asyncIterator]().next();
      const m = (first.value as MarketPage).markets.find((x) => x.status === 'open' && x.outcomes[0]?.id === 'YES')!;
      sim.server.requests.length = 0;
      const trades = await adapter.getTrades(m.market_id, { start: '2026-11-01T00:00:00Z', end: '2026-11-02T00:00:00Z', limit: 10 });
      assert.deepEqual(sim.server.requests.map((r) => `${r.path}?${r.search}`)[0], `/v0/bets?contractId=${m.market_id}&limit=30&afterTime=1793491199999&beforeTime=1793577600001`);
      assert.ok(Array.isArray(trades));
      const recent = await adapter.getTrades(m.market_id, { limit: 5 });
      assert.ok(recent.length > 0 && recent.length <= 5);
      await assert.rejects(adapter.getTrades('NoSuchMkt0'), (e: unknown) => e instanceof VenueError && e.notFound);
    });

    it('getMarket returns answers of a multi-answer market as outcomes', async () => {
      const adapter = createManifoldAdapter({ baseUrls: sim.baseUrls });
      const all = [];
      for await (const p of adapter.listMarkets({ pageSize: 100 })) all.push(...p.markets);
      const multi = all.find((m) => m.tags.includes('multiple-choice'))!;
      assert.deepEqual(multi.outcomes, [], 'the listing has no answers');
      const one = (await adapter.getMarket(multi.market_id))!;
      assert.ok(one.outcomes.length >= 3);
      assert.ok(one.outcomes.every((o) => o.id !== 'YES' && o.price !== null));
    });
  });
});
