/** Requests against the simulator: paths, query strings and the API-key header the predict.fun adapter sends; the simulator's WebSocket protocol; the request table's exact URLs: fixtures/requests.json, test/venues/static-requests.test.ts. */
import assert from 'node:assert/strict';
import { loadConfig } from '../../../src/config.js';
import WebSocket from 'ws';
import { createPredictfunAdapter, PredictfunAdapter } from '../../../src/venues/predictfun/client.js';
import { PREDICTFUN_SIM_API_KEY, startPredictfunSimulator } from '../../../src/venues/predictfun/sim/simulator.js';
import { VenueError } from '../../../src/venues/http-client.js';
import type { RunningSimulator } from '../../../src/sim/types.js';

describe('predictfun requests', () => {
  describe('against the simulator', () => {
    let sim: RunningSimulator;
    before(async () => {
      sim = await startPredictfunSimulator({ tickMs: 0 });
    });
    after(() => sim.stop());

    it('sends x-api-key on every request (from the http headers or PREDICTFUN_API_KEY through the config) and follows first/after', async () => {
      const adapter = createPredictfunAdapter({ baseUrls: sim.baseUrls, http: { headers: { 'x-api-key': PREDICTFUN_SIM_API_KEY } } });
      sim.server.requests.length = 0;
      let pages = 0;
      for await (const _ of adapter.listMarkets({ pageSize: 10 })) pages++;
      // The listing reads the categories (the markets' events) once, beside the market pages.
      const sent = sim.server.requests.filter((r) => r.path === '/v1/markets');
      assert.ok(pages >= 3);
      assert.equal(`${sent[0].path}?${sent[0].search}`, '/v1/markets?first=10');
      for (const r of sent.slice(1)) assert.match(`${r.path}?${r.search}`, /^\/v1\/markets\?first=10&after=[\w%]+$/);
      const categoryReads = sim.server.requests.filter((r) => r.path !== '/v1/markets');
      assert.deepEqual(categoryReads.map((r) => `${r.path}?${r.search}`), ['/v1/categories?first=100'], 'one page of categories per listing');
      assert.ok(sim.server.requests.every((r) => r.headers['x-api-key'] === PREDICTFUN_SIM_API_KEY));

      const fromEnv = new PredictfunAdapter({ baseUrls: sim.baseUrls, keys: loadConfig({ PREDICTFUN_API_KEY: PREDICTFUN_SIM_API_KEY }).venues.predictfun.keys });
      sim.server.requests.length = 0;
      const m = await fromEnv.getMarket('4100');
      assert.ok(m && m.yes_price !== null && m.volume !== null, 'getMarket adds book and stats');
      assert.deepEqual(sim.server.requests.map((r) => r.path).sort(), [`/v1/categories/${m.event_id}`, '/v1/markets/4100', '/v1/markets/4100/orderbook', '/v1/markets/4100/stats']);
      assert.notEqual(m.category, m.event_id, 'the topic comes from the category, not its slug');
      assert.ok(sim.server.requests.every((r) => r.headers['x-api-key'] === PREDICTFUN_SIM_API_KEY));
    });

    it('status open lists the unresolved markets with status=OPEN on every page, and the venue refuses an unknown status', async () => {
      const adapter = createPredictfunAdapter({ baseUrls: sim.baseUrls });
      const all: { id: string; status: string }[] = [];
      for await (const p of adapter.listMarkets({ pageSize: 10 })) all.push(...p.markets.map((m) => ({ id: m.market_id, status: m.status })));
      sim.server.requests.length = 0;
      const open: string[] = [];
      for await (const p of adapter.listMarkets({ pageSize: 10, status: 'open' })) open.push(...p.markets.map((m) => m.market_id));
      const listings = sim.server.requests.filter((r) => r.path === '/v1/markets');
      assert.ok(listings.length >= 1 && listings.every((r) => new URLSearchParams(r.search).get('status') === 'OPEN'), 'every page asks for status=OPEN');
      assert.deepEqual(open.sort(), all.filter((m) => m.status !== 'resolved').map((m) => m.id).sort(), 'exactly the markets not resolved');
      assert.ok(open.length < all.length, `the resolved ones are left out (${open.length} of ${all.length})`);
      assert.equal((await fetch(`${sim.baseUrls.rest}/markets?first=5&status=SOMETIMES`)).status, 400);
    });

    it('a wrong key is a 401 that names the venue', async () => {
      const adapter = createPredictfunAdapter({ baseUrls: sim.baseUrls, http: { headers: { 'x-api-key': 'wrong' }, retries: 0 } });
      await assert.rejects(adapter.getMarket('4100'), (e: unknown) => e instanceof VenueError && e.status === 401 && e.exchange === 'predictfun');
    });

    it('trades page through /orders/matches by marketId; ids that are not integers cost no request', async () => {
      const adapter = createPredictfunAdapter({ baseUrls: sim.baseUrls });
      await adapter.getMarket('4100');
      sim.server.requests.length = 0;
      const trades = await adapter.getTrades('4100', { limit: 5 });
      assert.ok(trades.length > 0 && trades.length <= 5);
      assert.deepEqual(sim.server.requests.map((r) => `${r.path}?${r.search}`), ['/v1/orders/matches?marketId=4100&first=100']);
      sim.server.requests.length = 0;
      assert.equal(await adapter.getMarket('not-a-number'), null);
      assert.equal(sim.server.requests.length, 0);
    });

    it('WebSocket: subscribe reply, book push on subscribe and on change, unknown topics refused', async () => {
      const ws = new WebSocket(`${sim.baseUrls.ws}?apiKey=${PREDICTFUN_SIM_API_KEY}`);
      const msgs: { type: string; requestId?: number; success?: boolean; topic?: string; data?: { bids: [number, number][] } }[] = [];
      ws.on('message', (d) => msgs.push(JSON.parse(String(d))));
      await new Promise((r) => ws.once('open', r));
      const until = async (pred: () => boolean): Promise<void> => {
        for (let i = 0; i < 300 && !pred(); i++) {
          sim.activity.step();
          await new Promise((r) => setTimeout(r, 5));
        }
        assert.ok(pred(), JSON.stringify(msgs.slice(-3)));
      };
      try {
        ws.send(JSON.stringify({ requestId: 1, method: 'subscribe', params: ['predictOrderbook/4100'] }));
        await until(() => msgs.some((m) => m.type === 'M' && m.topic === 'predictOrderbook/4100'));
        assert.deepEqual(msgs[0], { type: 'R', requestId: 1, success: true });
        const pushes = (): number => msgs.filter((m) => m.topic === 'predictOrderbook/4100').length;
        const first = pushes();
        await until(() => pushes() > first);
        ws.send(JSON.stringify({ requestId: 2, method: 'subscribe', params: ['predictOrderbook/999999'] }));
        await until(() => msgs.some((m) => m.requestId === 2));
        assert.equal(msgs.find((m) => m.requestId === 2)?.success, false);
      } finally {
        ws.close();
      }
    });
  });
});
