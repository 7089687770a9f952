/**
 * One conformance suite over every registered venue adapter, each against its own simulator. A venue
 * joins by its descriptor's line in src/venues/index.ts; nothing here names a venue (what the tests
 * must know about its ids comes from the descriptor's `testHints`). What every adapter must do: follow pagination to the end with resumable cursors, produce
 * valid unified records, answer unknown markets as "not found", keep its capability map and its
 * methods in agreement, survive transient 5xx/429, and name itself and the call in errors.
 */
import assert from 'node:assert/strict';
import { CAPABILITY_METHODS, READ_CAPABILITIES, type VenueAdapter } from '../../src/venues/adapter.js';
import { getExchange, type ExchangeCode } from '../../src/venues/exchanges.js';
import { VenueError } from '../../src/venues/http-client.js';
import { MarketEventSchema, MarketSchema, OrderBookSchema, PricePointSchema, TradeSchema, type Market } from '../../src/venues/records.js';
import { VENUES } from '../../src/venues/index.js';
import { createAdapter, registeredExchanges } from '../../src/venues/registry.js';
import { simulatorFor } from '../../src/venues/simulators.js';
import { questionsFor } from '../../src/sim/shared-questions.js';
import type { RunningSimulator } from '../../src/sim/types.js';

const FAST_HTTP = { retries: 3, backoffBaseMs: 5, backoffMaxMs: 50, timeoutMs: 5_000, rateLimit: { perSecond: 1_000, burst: 1_000 }, breaker: { failureThreshold: 50, cooldownMs: 1_000 } };

async function collect(adapter: VenueAdapter, opts: Parameters<VenueAdapter['listMarkets']>[0]): Promise<{ markets: Market[]; cursors: (string | null)[] }> {
  const markets: Market[] = [];
  const cursors: (string | null)[] = [];
  for await (const page of adapter.listMarkets(opts)) {
    markets.push(...page.markets);
    cursors.push(page.cursor);
    assert.ok(page.rawCount >= page.markets.length, 'rawCount counts every raw item of the page');
  }
  return { markets, cursors };
}

function unknownIdFor(code: ExchangeCode): string {
  // Shaped like a real id where the venue's ids have a shape (0x condition ids, numbers), but absent.
  return VENUES.find((v) => v.code === code)!.testHints.unknownMarketId;
}

for (const code of registeredExchanges()) {
  describe(`venue conformance: ${code}`, function () {
    this.timeout(60_000);
    let sim: RunningSimulator;
    let adapter: VenueAdapter;
    let all: Market[];

    before(async function () {
      const start = await simulatorFor(code);
      sim = await start({ tickMs: 0, seed: 7 });
      adapter = createAdapter(code, { baseUrls: sim.baseUrls, http: FAST_HTTP });
      all = (await collect(adapter, { pageSize: 25 })).markets;
    });

    after(async () => {
      await adapter?.close?.();
      await sim?.stop();
    });

    it('declares capabilities that match its methods and the exchange table', () => {
      assert.equal(adapter.exchange, code);
      assert.equal(adapter.capabilities.reads.market, true);
      assert.equal(adapter.capabilities.reads.markets, true);
      for (const cap of READ_CAPABILITIES) {
        const method = CAPABILITY_METHODS[cap];
        const has = typeof (adapter as unknown as Record<string, unknown>)[method] === 'function';
        assert.equal(has, adapter.capabilities.reads[cap], `${cap}: capability ${adapter.capabilities.reads[cap]} but method ${method} ${has ? 'present' : 'absent'}`);
      }
      assert.equal(adapter.capabilities.trading, getExchange(code).trading);
    });

    it('lists every market across several pages, all valid unified records', () => {
      assert.ok(all.length >= 20, `expected at least 20 markets, got ${all.length}`);
      assert.ok(all.length <= sim.marketCount(), 'no more markets than the simulator serves');
      const ids = new Set<string>();
      for (const m of all) {
        const r = MarketSchema.safeParse(m);
        assert.ok(r.success, `${m.market_id}: ${r.success ? '' : r.error.message}`);
        assert.equal(m.exchange, code);
        assert.ok(!ids.has(m.market_id), `duplicate market ${m.market_id}`);
        ids.add(m.market_id);
      }
      assert.ok(all.some((m) => !m.closed), 'some markets are open');
    });

    it('small pages: follows pagination to the end, and a page cursor resumes exactly after that page', async () => {
      const { markets, cursors } = await collect(adapter, { pageSize: 7 });
      assert.ok(cursors.length >= 3, `expected several pages, got ${cursors.length}`);
      assert.equal(cursors[cursors.length - 1], null, 'the last page has no cursor');
      assert.ok(cursors.slice(0, -1).every((c) => typeof c === 'string' && c.length > 0), 'every other page has a cursor');
      assert.deepEqual(markets.map((m) => m.market_id).sort(), all.map((m) => m.market_id).sort());

      const firstPage = await adapter.listMarkets({ pageSize: 7 })[Symbol.asyncIterator]().next();
      assert.ok(!firstPage.done);
      const resumed = await collect(adapter, { pageSize: 7, cursor: firstPage.value.cursor });
      const expected = markets.slice(firstPage.value.markets.length).map((m) => m.market_id);
      assert.deepEqual(resumed.markets.map((m) => m.market_id), expected);
    });

    it('venue down mid-pagination: the listing fails loudly, and resuming from the last good cursor loses nothing', async () => {
      const noRetry = createAdapter(code, { baseUrls: sim.baseUrls, http: { ...FAST_HTTP, retries: 0 } });
      const seen: string[] = [];
      let lastCursor: string | null = null;
      let pages = 0;
      let failed: unknown = null;
      try {
        for await (const page of noRetry.listMarkets({ pageSize: 7 })) {
          seen.push(...page.markets.map((m) => m.market_id));
          lastCursor = page.cursor;
          if (++pages === 2) sim.server.fail(1_000, 503);
        }
      } catch (e) {
        failed = e;
      } finally {
        sim.server.clearFaults();
      }
      if (failed === null) {
        // A venue that answers the whole list in one response (paged locally) never sees the outage.
        assert.deepEqual(seen.sort(), all.map((m) => m.market_id).sort());
      } else {
        assert.ok(failed instanceof VenueError && failed.exchange === code, `a VenueError naming ${code}: ${String(failed)}`);
        assert.ok(lastCursor, 'two pages were read before the failure');
        const rest = await collect(noRetry, { pageSize: 7, cursor: lastCursor });
        assert.deepEqual([...seen, ...rest.markets.map((m) => m.market_id)].sort(), all.map((m) => m.market_id).sort());
      }
      await noRetry.close?.();
    });

    it('lists the shared cross-venue questions in its own wording', () => {
      const titles = new Set(all.map((m) => m.title.trim()));
      const planned = questionsFor(code);
      const found = planned.filter((p) => titles.has(p.title.trim()));
      assert.ok(planned.length === 0 || found.length >= Math.ceil(planned.length / 2), `only ${found.length}/${planned.length} shared questions listed`);
    });

    it('gets one market by id, and null for an unknown one', async () => {
      const open = all.find((m) => !m.closed)!;
      const one = await adapter.getMarket(open.market_id);
      assert.ok(one, 'market found');
      assert.equal(one.market_id, open.market_id);
      assert.equal(one.title, open.title);
      assert.equal(await adapter.getMarket(unknownIdFor(code)), null);
    });

    it('order book (when offered): sorted, uncrossed, probabilities; unknown market is a 404', async function () {
      if (!adapter.getOrderBook) return this.skip();
      const open = all.filter((m) => m.status === 'open');
      let withLevels = 0;
      for (const m of open.slice(0, 5)) {
        const book = await adapter.getOrderBook!(m.market_id);
        assert.ok(OrderBookSchema.safeParse(book).success);
        assert.equal(book.market_id, m.market_id);
        if (book.bids.length && book.asks.length) {
          withLevels++;
          assert.ok(book.bids[0].price < book.asks[0].price, `${m.market_id}: crossed book`);
        }
      }
      assert.ok(withLevels > 0, 'some open market has a two-sided book');
      await assert.rejects(adapter.getOrderBook!(unknownIdFor(code)), (e: unknown) => e instanceof VenueError && e.notFound);
    });

    it('trades (when offered): valid, newest first', async function () {
      if (!adapter.getTrades) return this.skip();
      let seen = 0;
      for (const m of all.filter((x) => x.status === 'open').slice(0, 5)) {
        const trades = await adapter.getTrades!(m.market_id, { limit: 50 });
        for (const t of trades) assert.ok(TradeSchema.safeParse(t).success, JSON.stringify(t));
        for (let i = 1; i < trades.length; i++) assert.ok(trades[i - 1].timestamp >= trades[i].timestamp, 'newest first');
        seen += trades.length;
      }
      assert.ok(seen > 0, 'some open market has trades');
    });

    it('price history (when offered): valid points, oldest first, within the range', async function () {
      if (!adapter.getPriceHistory) return this.skip();
      const m = all.find((x) => x.status === 'open')!;
      const end = new Date();
      const start = new Date(end.getTime() - 3 * 86_400_000);
      const points = await adapter.getPriceHistory!(m.market_id, { start: start.toISOString(), end: end.toISOString(), interval: '1h' });
      assert.ok(points.length > 0, 'some points');
      for (const p of points) assert.ok(PricePointSchema.safeParse(p).success);
      for (let i = 1; i < points.length; i++) assert.ok(points[i - 1].timestamp <= points[i].timestamp, 'oldest first');
      assert.ok(Date.parse(points[0].timestamp) >= start.getTime() - 86_400_000, 'roughly within the range');
    });

    it('events (when offered): valid records', async function () {
      if (!adapter.listEvents) return this.skip();
      const first = await adapter.listEvents({ pageSize: 10 })[Symbol.asyncIterator]().next();
      assert.ok(!first.done && first.value.events.length > 0);
      for (const e of first.value.events) assert.ok(MarketEventSchema.safeParse(e).success);
    });

    it('rides out transient 5xx and 429 with Retry-After', async () => {
      const id = all[0].market_id;
      sim.server.fail(2, 503);
      assert.equal((await adapter.getMarket(id))?.market_id, id);
      sim.server.rateLimit(1, 0);
      assert.equal((await adapter.getMarket(id))?.market_id, id);
      sim.server.clearFaults();
    });

    it('names the venue and the call when the venue stays down', async () => {
      const down = createAdapter(code, { baseUrls: sim.baseUrls, http: { ...FAST_HTTP, retries: 1 } });
      sim.server.fail(100, 500);
      try {
        await assert.rejects(
          (async () => {
            for await (const _ of down.listMarkets({ pageSize: 5 })) void _;
          })(),
          (e: unknown) => e instanceof VenueError && e.exchange === code && e.message.startsWith(`${code} `) && e.status === 500,
        );
      } finally {
        sim.server.clearFaults();
        await down.close?.();
      }
    });
  });
}
