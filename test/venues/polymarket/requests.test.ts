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

    it('listMarkets lists the open markets, then the closed ones, naming `closed` on every request (absent, the keyset listing reads it as false), following next_cursor with after_cursor', async () => {
      const adapter = createPolymarketAdapter({ baseUrls: sim.baseUrls });
      sim.server.requests.length = 0;
      const listed: { id: string; closed: boolean }[] = [];
      for await (const p of adapter.listMarkets({ pageSize: 25 })) listed.push(...p.markets.map((m) => ({ id: m.market_id, closed: m.closed })));
      const sent = sim.server.requests.map((r) => `${r.path}?${r.search}`);
      const firstClosed = sent.indexOf('/gamma/markets/keyset?limit=25&closed=true');
      assert.equal(sent[0], '/gamma/markets/keyset?limit=25&closed=false');
      assert.ok(firstClosed > 0, `the closed markets' pass: ${sent.join(' ')}`);
      for (const s of sent.slice(1, firstClosed)) assert.match(s, /^\/gamma\/markets\/keyset\?limit=25&after_cursor=[\w%]+&closed=false$/);
      for (const s of sent.slice(firstClosed + 1)) assert.match(s, /^\/gamma\/markets\/keyset\?limit=25&after_cursor=[\w%]+&closed=true$/);
      const open = listed.findIndex((m) => m.closed);
      assert.ok(open > 0 && listed.slice(open).every((m) => m.closed), 'open markets first, then every closed one');
      assert.equal(new Set(listed.map((m) => m.id)).size, listed.length, 'no market listed twice');
    });

    it('a full listing resumed from a stored cursor goes on in the pass the cursor names', async () => {
      const adapter = createPolymarketAdapter({ baseUrls: sim.baseUrls });
      const cursors: (string | null)[] = [];
      const ids: string[] = [];
      for await (const p of adapter.listMarkets({ pageSize: 25 })) {
        cursors.push(p.cursor);
        ids.push(...p.markets.map((m) => m.market_id));
      }
      const intoClosed = cursors.findIndex((c) => c?.startsWith('closed:') ?? false);
      assert.ok(intoClosed >= 0);
      const rest: string[] = [];
      for await (const p of adapter.listMarkets({ pageSize: 25, cursor: cursors[intoClosed] })) rest.push(...p.markets.map((m) => m.market_id));
      assert.deepEqual(rest, ids.slice(ids.length - rest.length), 'the pages after that cursor, no more');
      assert.ok(rest.length > 0);
    });

    it('listMarkets with updatedSince reads open then closed markets most recently changed first, and stops at the cut-off', async () => {
      const adapter = createPolymarketAdapter({ baseUrls: sim.baseUrls });
      const all: { id: string; closed: boolean }[] = [];
      for await (const p of adapter.listMarkets({ pageSize: 100 })) all.push(...p.markets.map((m) => ({ id: m.market_id, closed: m.closed })));
      const since = new Date().toISOString();
      await new Promise((r) => setTimeout(r, 5));
      const open = all.filter((m) => !m.closed).slice(0, 3).map((m) => m.id);
      const closed = all.filter((m) => m.closed).slice(0, 1).map((m) => m.id);
      for (const id of [...open, ...closed]) sim.activity.stepMarket(id);
      sim.server.requests.length = 0;
      const listed: string[] = [];
      for await (const p of adapter.listMarkets({ pageSize: 25, updatedSince: since })) listed.push(...p.markets.map((m) => m.market_id));
      assert.deepEqual(listed.sort(), [...open, ...closed].sort(), 'exactly the markets changed since the cut-off');
      assert.deepEqual(sim.server.requests.map((r) => `${r.path}?${r.search}`), [
        '/gamma/markets/keyset?limit=25&closed=false&order=updatedAt&ascending=false',
        '/gamma/markets/keyset?limit=25&closed=true&order=updatedAt&ascending=false',
      ], 'one page of each status: the first market older than the cut-off ends it');
    });

    it('the keyset listing orders on a field newest first and refuses a field it does not know, as Gamma does', async () => {
      const adapter = createPolymarketAdapter({ baseUrls: sim.baseUrls });
      const first = await adapter.listMarkets({ pageSize: 50, status: 'open' })[Symbol.asyncIterator]().next();
      const id = (first.value as MarketPage).markets[10].market_id;
      sim.activity.stepMarket(id);
      const res = await fetch(`${sim.baseUrls.gamma}/markets/keyset?limit=5&closed=false&order=updatedAt&ascending=false`);
      const body = (await res.json()) as { markets: { conditionId: string; updatedAt: string }[] };
      assert.equal(body.markets[0].conditionId, id, 'the market changed last comes first');
      const times = body.markets.map((m) => Date.parse(m.updatedAt));
      assert.deepEqual(times, [...times].sort((a, b) => b - a));
      assert.equal((await fetch(`${sim.baseUrls.gamma}/markets/keyset?limit=5&order=no_such_field`)).status, 422);
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
