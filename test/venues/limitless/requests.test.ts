/** Requests against the simulator: the exact paths and query strings the Limitless adapter sends, and the simulator's Socket.IO framing; the request table's exact URLs: fixtures/requests.json, test/venues/static-requests.test.ts. */
import assert from 'node:assert/strict';
import { Wallet } from 'ethers';
import WebSocket from 'ws';
import { CTF_ORDER_V1_TYPES } from '../../../src/venues/ctf-order.js';
import { createLimitlessAdapter } from '../../../src/venues/limitless/client.js';
import { limitlessDomain } from '../../../src/venues/limitless/signing.js';
import { createLimitlessTradingClient } from '../../../src/venues/limitless/trading.js';
import { LIMITLESS_SIM_SOCKET_PATH, startLimitlessSimulator } from '../../../src/venues/limitless/sim/simulator.js';
import type { RunningSimulator } from '../../../src/sim/types.js';

describe('limitless requests', () => {
  describe('against the simulator', () => {
    let sim: RunningSimulator;
    before(async () => {
      sim = await startLimitlessSimulator({ tickMs: 0 });
    });
    after(() => sim.stop());

    it('POST /orders sends the order\'s numbers as the official SDK does: salt, amounts, nonce, feeRateBps, side, signatureType as JSON numbers; tokenId, expiration strings', async () => {
      const list = (await (await fetch(`${sim.baseUrls.rest}/markets/active?tradeType=clob&limit=25`)).json()) as { data: { slug: string; venue?: { exchange?: string }; tokens?: { yes: string } }[] };
      const m = list.data.find((x) => x.venue?.exchange && x.tokens)!;
      const wallet = new Wallet(`0x${'7e'.repeat(32)}`);
      await fetch(`${sim.server.baseUrl}/_sim/api_keys`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ api_key: 'body-key', address: wallet.address }) });
      // Signed as the trading client prepares it: uint256 fields as decimal strings.
      const o = { salt: '4242', maker: wallet.address, signer: wallet.address, taker: '0x0000000000000000000000000000000000000000', tokenId: String(m.tokens!.yes), makerAmount: '10000', takerAmount: '1000000', expiration: '0', nonce: '0', feeRateBps: '0', side: 0, signatureType: 0 };
      const signedOrder = { ...o, signature: await wallet.signTypedData(limitlessDomain(m.venue!.exchange!), CTF_ORDER_V1_TYPES, o), verifyingContract: m.venue!.exchange! };
      const client = createLimitlessTradingClient({ baseUrls: sim.baseUrls, timeoutMs: 5_000 });
      sim.server.requests.length = 0;
      await client.place({ api_key: 'body-key' }, { marketId: m.slug, outcome: String(m.tokens!.yes), side: 'buy', type: 'limit', price: 0.01, size: 1, timeInForce: 'gtc', expiresAt: null, clientId: 'body-1', signedOrder });
      const post = sim.server.requests.find((r) => r.method === 'POST' && r.path === '/orders')!;
      const sent = (post.body as { order: Record<string, unknown> }).order;
      assert.deepEqual(
        Object.fromEntries(['salt', 'makerAmount', 'takerAmount', 'nonce', 'feeRateBps', 'side', 'signatureType', 'price', 'tokenId', 'expiration', 'signature'].map((k) => [k, typeof sent[k]])),
        { salt: 'number', makerAmount: 'number', takerAmount: 'number', nonce: 'number', feeRateBps: 'number', side: 'number', signatureType: 'number', price: 'number', tokenId: 'string', expiration: 'string', signature: 'string' },
      );
      assert.deepEqual([sent.salt, sent.makerAmount, sent.nonce, sent.feeRateBps], [4242, 10000, 0, 0]);
      assert.equal('verifyingContract' in sent, false);
    });

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
