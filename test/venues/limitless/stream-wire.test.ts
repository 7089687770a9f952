// Limitless' Socket.IO market stream against its wire schema (src/venues/limitless/wire.ts, which
// follows the official TypeScript SDK's `OrderbookUpdate`): every `orderbookUpdate` the simulator
// pushes, on subscription and as its books move, must fit, so the simulator cannot send what the
// venue never sends.
import assert from 'node:assert/strict';
import { WebSocket } from 'ws';
import { LIMITLESS_SIM_SOCKET_PATH, startLimitlessSimulator } from '../../../src/venues/limitless/sim/simulator.js';
import { LimitlessOrderbookUpdateSchema } from '../../../src/venues/limitless/wire.js';

describe('limitless stream wire', function () {
  this.timeout(30_000);

  it('the simulator\'s orderbookUpdate events fit the SDK\'s OrderbookUpdate schema', async () => {
    const sim = await startLimitlessSimulator({ tickMs: 0, seed: 5 });
    try {
      const listed = (await (await fetch(`${sim.baseUrls.rest}/markets/active/slugs`)).json()) as { slug: string; markets?: { slug: string }[] }[];
      const slugs = listed.flatMap((m) => (m.markets ? m.markets.map((c) => c.slug) : [m.slug]));
      const url = new URL(LIMITLESS_SIM_SOCKET_PATH, sim.baseUrls.ws);
      url.searchParams.set('EIO', '4');
      url.searchParams.set('transport', 'websocket');
      const ws = new WebSocket(url);
      const updates: unknown[] = [];
      const ready = new Promise<void>((resolve) => {
        ws.on('message', (data) => {
          const text = String(data);
          if (text.startsWith('0')) return void ws.send('40/markets,');
          if (text.startsWith('40/markets')) return resolve();
          const m = /^42\/markets,\d*(.*)$/s.exec(text);
          if (!m) return;
          const [event, body] = JSON.parse(m[1]) as [string, unknown];
          if (event === 'orderbookUpdate') updates.push(body);
        });
      });
      await ready;
      ws.send(`42/markets,1${JSON.stringify(['subscribe_market_prices', { marketSlugs: slugs }])}`);
      await new Promise((r) => setTimeout(r, 200));
      const onSubscribe = updates.length;
      for (let i = 0; i < 40; i++) sim.activity.step();
      await new Promise((r) => setTimeout(r, 300));
      ws.close();
      assert.ok(onSubscribe > 0 && updates.length > onSubscribe, `updates: ${onSubscribe} on subscribing, ${updates.length} in all`);
      for (const u of updates) {
        const r = LimitlessOrderbookUpdateSchema.safeParse(u);
        assert.ok(r.success, `${JSON.stringify(u).slice(0, 200)}: ${r.success ? '' : r.error.message}`);
      }
    } finally {
      await sim.stop();
    }
  });
});
