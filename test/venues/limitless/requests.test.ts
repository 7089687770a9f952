/** Requests against the simulator: the exact paths and query strings the Limitless adapter sends, and the simulator's Socket.IO framing; the request table's exact URLs: fixtures/requests.json, test/venues/static-requests.test.ts. */
import assert from 'node:assert/strict';
import WebSocket from 'ws';
import { createLimitlessAdapter } from '../../../src/venues/limitless/client.js';
import { LIMITLESS_SIM_SOCKET_PATH, startLimitlessSimulator } from '../../../src/venues/limitless/sim/simulator.js';
import type { RunningSimulator } from '../../../src/sim/types.js';

describe('limitless requests', () => {
  describe('against the simulator', () => {
    let sim: RunningSimulator;
    before(async () => {
      sim = await startLimitlessSimulator({ tickMs: 0 });
    });
    after(() => sim.stop());

    it('listMarkets walks page numbers (<= 25) until the last page', async () => {
      const adapter = createLimitlessAdapter({ baseUrls: sim.baseUrls });
      sim.server.requests.length = 0;
      let pages = 0;
      for await (const _ of adapter.listMarkets({ pageSize: 100 })) pages++;
      const sent = sim.server.requests.map((r) => `${r.path}?${r.search}`);
      assert.ok(pages >= 2);
      assert.deepEqual(sent, Array.from({ length: pages }, (_, i) => `/markets/active?page=${i + 1}&limit=25`));
    });

    it('book, trades and history hit the slug paths; the service minute interval maps to 1h, not the venue 1m (month)', async () => {
      const adapter = createLimitlessAdapter({ baseUrls: sim.baseUrls });
      const first = await adapter.listMarkets({ pageSize: 5 })[Symbol.asyncIterator]().next();
      assert.ok(!first.done);
      const slug = first.value.markets.find((m) => m.status === 'open')!.market_id;
      sim.server.requests.length = 0;
      await adapter.getOrderBook(slug);
      const trades = await adapter.getTrades(slug, { limit: 10 });
      await adapter.getPriceHistory(slug, { start: '2026-11-01T00:00:00.000Z', end: '2026-11-02T00:00:00.000Z', interval: '1m' });
      const sent = sim.server.requests.map((r) => `${r.path}?${r.search}`);
      assert.deepEqual(sent, [
        `/markets/${slug}/orderbook?`,
        `/markets/${slug}/events?page=1&limit=100`,
        `/markets/${slug}/historical-price?interval=1h&from=2026-11-01T00%3A00%3A00.000Z&to=2026-11-02T00%3A00%3A00.000Z`,
      ]);
      assert.ok(trades.length > 0 && trades.every((t) => t.outcome === first.value.markets.find((m) => m.market_id === slug)!.outcomes[0].id));
    });

    it('speaks Socket.IO framing: open, namespace connect, subscribe with ack, orderbookUpdate events', async () => {
      const ws = new WebSocket(`${sim.baseUrls.ws}${LIMITLESS_SIM_SOCKET_PATH}?EIO=4&transport=websocket`);
      const frames: string[] = [];
      const waitFor = (pred: (f: string) => boolean): Promise<string> =>
        new Promise((resolve, reject) => {
          const hit = frames.find(pred);
          if (hit) return resolve(hit);
          const t = setTimeout(() => reject(new Error(`timeout; frames: ${frames.join(' | ')}`)), 3000);
          ws.on('message', (d) => {
            if (pred(String(d))) {
              clearTimeout(t);
              resolve(String(d));
            }
          });
        });
      ws.on('message', (d) => frames.push(String(d)));
      try {
        const open = await waitFor((f) => f.startsWith('0{'));
        assert.equal(JSON.parse(open.slice(1)).pingInterval, 25_000);
        ws.send('40/markets,');
        await waitFor((f) => f.startsWith('40/markets,{'));
        const slug = 'will-bitcoin-reach-150-000-before-january-1-2027';
        const adapter = createLimitlessAdapter({ baseUrls: sim.baseUrls });
        const known = (await adapter.listMarkets({ pageSize: 25 })[Symbol.asyncIterator]().next()).value!.markets.find((m: { status: string }) => m.status === 'open')!.market_id;
        ws.send(`42/markets,7${JSON.stringify(['subscribe_market_prices', { marketSlugs: [known, slug] }])}`);
        const ack = await waitFor((f) => f.startsWith('43/markets,7'));
        assert.deepEqual(JSON.parse(ack.slice('43/markets,7'.length))[0].success, true);
        const snap = await waitFor((f) => f.startsWith('42/markets,["orderbookUpdate"'));
        const [event, data] = JSON.parse(snap.slice('42/markets,'.length)) as [string, { marketSlug: string; orderbook: { bids: { size: number }[] } }];
        assert.equal(event, 'orderbookUpdate');
        assert.equal(data.marketSlug, known);
        assert.ok(data.orderbook.bids.every((l) => Number.isInteger(l.size) && l.size >= 1e6), 'sizes are 1e6-scaled integers');
        // Activity pushes further updates for the subscribed market.
        const before = frames.filter((f) => f.includes('"orderbookUpdate"')).length;
        for (let i = 0; i < 200 && frames.filter((f) => f.includes('"orderbookUpdate"')).length === before; i++) {
          sim.activity.step();
          await new Promise((r) => setTimeout(r, 2));
        }
        assert.ok(frames.filter((f) => f.includes('"orderbookUpdate"')).length > before, 'an update followed a book change');
        ws.send('2');
        await waitFor((f) => f === '3');
      } finally {
        ws.close();
      }
    });
  });
});
