// The stream gateway against the venue simulators, through the real service (sim mode, random port):
// the spec's subscribe protocol and message shapes (docs/interface-spec.md §6), errors that keep the connection, size limits,
// keepalive, reference-counted upstream subscriptions, and upstream faults (a dropped venue socket, a
// sequence gap) after which the gateway's books equal the simulator's own.
import assert from 'node:assert/strict';
import { startTestService, type TestService } from '../helpers/service.js';
import type { RunningSimulator } from '../../src/sim/types.js';
import type { KalshiStreamClient } from '../../src/venues/kalshi/stream.js';
import { TestStreamClient } from './client.js';

const PING_MS = 100;
// Long enough that a loaded machine does not drop the other tests' clients for a late pong.
const PONG_TIMEOUT_MS = 1_500;
const MAX_SUBS = 6;

async function until(what: string, probe: () => boolean, timeoutMs = 8_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const close = (a: number, b: number): boolean => Math.abs(a - b) < 1e-9;

describe('streams (/ws/...) against the simulators', function () {
  this.timeout(60_000);
  let svc: TestService;
  let wsUrl: string;
  const clients: TestStreamClient[] = [];
  const sim = (code: string): RunningSimulator => svc.venues.simulators!.simulators[code as 'kalshi']!;
  /** Active markets of a venue's simulator (the ones its activity moves). */
  const marketsOf = (code: string, n: number): string[] => sim(code).activity.marketIds.filter((id) => sim(code).activity.state(id)?.active).slice(0, n);
  const open = async (code: string, opts = {}): Promise<TestStreamClient> => {
    const c = await TestStreamClient.open(`${wsUrl}/ws/${code}`, opts);
    clients.push(c);
    return c;
  };
  /** Moves a market on the simulator `n` times, letting the messages flow between moves. */
  const move = async (code: string, id: string, n = 3): Promise<void> => {
    for (let i = 0; i < n; i++) {
      sim(code).activity.stepMarket(id);
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  before(async () => {
    svc = await startTestService({
      env: { EXCHANGE_MODE: 'sim', WS_POLL_INTERVAL_MS: '150', WS_PING_INTERVAL_MS: String(PING_MS), WS_PONG_TIMEOUT_MS: String(PONG_TIMEOUT_MS), WS_MAX_SUBSCRIPTIONS: String(MAX_SUBS) },
    });
    wsUrl = svc.url.replace(/^http/, 'ws');
    // Background activity would move markets at random; the tests move them explicitly.
    for (const code of ['kalshi', 'polymarket', 'limitless', 'predictfun']) sim(code).activity.stop();
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.close();
  });
  after(async () => svc?.destroy());

  it('upgrades (101) at the four stream paths and answers 404 to an upgrade anywhere else', async () => {
    for (const code of ['kalshi', 'polymarket', 'limitless', 'predictfun']) {
      const c = await open(code);
      assert.equal(c.ws.readyState, c.ws.OPEN);
    }
    for (const path of ['/ws/opinion', '/ws/nope', '/api/v1/kalshi/markets']) {
      await assert.rejects(TestStreamClient.open(`${wsUrl}${path}`), /Unexpected server response: 404/);
    }
    // And the API reference documents them.
    const doc = (await svc.request('/openapi.json')).body;
    for (const code of ['kalshi', 'polymarket', 'limitless', 'predictfun']) assert.ok(doc.paths[`/ws/${code}`]?.get?.responses?.['101'], `/ws/${code} in /openapi.json`);
    assert.ok(doc.components.schemas.KalshiStreamOrderbook && doc.components.schemas.StreamSubscribe);
  });

  it('kalshi: a subscribe is acknowledged, then answered at once with prices and the book on the 99-cent grid (no trades unless asked)', async () => {
    const [id] = marketsOf('kalshi', 1);
    const c = await open('kalshi');
    c.send({ action: 'subscribe', kalshi_ids: [id] });
    const ack = await c.next(() => true);
    assert.deepEqual(ack, { event: 'subscribed', kalshi_ids: [id], message_types: ['prices', 'orderbook'] });
    const prices = await c.next((m) => 'price' in m, 5_000, 'prices');
    assert.equal(prices.kalshi_id, id);
    assert.equal(prices.type, undefined, 'kalshi messages carry no envelope');
    for (const f of ['price', 'yes_bid', 'yes_ask', 'volume', 'open_interest']) assert.equal(typeof prices[f], 'number', f);
    assert.ok(prices.price > 0 && prices.price < 1, 'prices are probabilities');
    assert.ok(!Number.isNaN(Date.parse(prices.last_update)));
    assert.equal(typeof prices.seq, 'number');
    const book = await c.next((m) => 'bid_side' in m, 5_000, 'orderbook');
    assert.equal(book.bid_side.length, 99);
    assert.equal(book.ask_side.length, 99);
    // The grid equals the simulator's book: index = cents - 1.
    const truth = sim('kalshi').activity.book(id)!;
    for (const l of truth.bids) assert.equal(book.bid_side[Math.round(l.price * 100) - 1], l.size);
    for (const l of truth.asks) assert.equal(book.ask_side[Math.round(l.price * 100) - 1], l.size);
    assert.equal(book.bid_side.filter((x: number) => x > 0).length, truth.bids.length);
    // Trades happen on the venue, but were not asked for.
    await move('kalshi', id, 12);
    const later = await c.collect(300);
    assert.ok(later.some((m) => 'bid_side' in m), 'book updates follow');
    assert.ok(!later.some((m) => 'count' in m || 'yes_price' in m), 'no trades without message_types trades');
  });

  it('polymarket: message_types [trades] gets only trades, in the {type, data} envelope', async () => {
    const [id] = marketsOf('polymarket', 1);
    const c = await open('polymarket');
    c.send({ action: 'subscribe', market_ids: [id], message_types: ['trades'] });
    assert.deepEqual(await c.next(), { event: 'subscribed', market_ids: [id], message_types: ['trades'] });
    await move('polymarket', id, 15);
    const trade = await c.next((m) => m.type === 'trades', 5_000, 'a trade');
    assert.equal(trade.data.exchange, 'polymarket');
    assert.equal(trade.data.market_id, id);
    assert.ok(close(trade.data.yes_price + trade.data.no_price, 1));
    assert.ok(Number.isInteger(trade.data.count));
    assert.match(trade.data.taker_side, /^(buy|sell)$/);
    const rest = await c.collect(300);
    assert.ok(rest.every((m) => m.type === 'trades'), `only trades: ${JSON.stringify(rest.map((m) => m.type))}`);
  });

  it('limitless and predictfun: book prices best first, prices polled, trades polled when asked', async () => {
    for (const code of ['limitless', 'predictfun']) {
      const [id] = marketsOf(code, 1);
      const c = await open(code);
      c.send({ action: 'subscribe', market_ids: [id], message_types: ['prices', 'orderbook', 'trades'] });
      await c.next((m) => m.event === 'subscribed');
      const book = await c.next((m) => m.type === 'orderbook', 5_000, `${code} orderbook`);
      assert.equal(book.data.market_id, id);
      const bids: number[] = book.data.bid_side;
      const asks: number[] = book.data.ask_side;
      assert.ok(bids.length > 0 && asks.length > 0);
      assert.ok(bids.every((p, i) => i === 0 || bids[i - 1] > p), 'bids best (highest) first');
      assert.ok(asks.every((p, i) => i === 0 || asks[i - 1] < p), 'asks best (lowest) first');
      assert.equal(book.data.bid_sizes.length, bids.length);
      await until(`${code} prices`, () => c.received.some((m) => m.type === 'prices'));
      const prices = c.received.find((m) => m.type === 'prices')!;
      assert.equal(prices.data.exchange, code);
      assert.equal(prices.data.market_id, id);
      assert.ok(prices.data.price > 0 && prices.data.price < 1);
      // Let the trade poll read the tape once, then trade.
      await new Promise((r) => setTimeout(r, 400));
      await move(code, id, 20);
      const trade = await c.next((m) => m.type === 'trades', 5_000, `${code} trade`);
      assert.equal(trade.data.market_id, id);
      assert.ok(close(trade.data.yes_price + trade.data.no_price, 1));
    }
  });

  it('sends each client only its own markets', async () => {
    const [a, b] = marketsOf('kalshi', 2);
    const ca = await open('kalshi');
    const cb = await open('kalshi');
    ca.send({ action: 'subscribe', kalshi_ids: [a] });
    cb.send({ action: 'subscribe', kalshi_ids: [b] });
    await ca.next((m) => 'bid_side' in m);
    await cb.next((m) => 'bid_side' in m);
    await move('kalshi', a, 5);
    await move('kalshi', b, 5);
    const ga = await ca.collect(300);
    const gb = await cb.collect(300);
    assert.ok(ga.length > 0 && gb.length > 0);
    assert.ok(ga.every((m) => m.kalshi_id === a), 'client A got only market A');
    assert.ok(gb.every((m) => m.kalshi_id === b), 'client B got only market B');
  });

  it('answers bad messages with {error} and keeps the connection: malformed JSON, wrong fields, unknown market, too many subscriptions', async () => {
    const c = await open('kalshi');
    c.send('{"action": "subscribe", kalshi_ids: [');
    assert.match((await c.next()).error, /malformed JSON/);
    c.send({ action: 'subscribe', market_ids: ['X'] });
    assert.match((await c.next()).error, /kalshi_ids/);
    c.send({ action: 'watch', kalshi_ids: ['X'] });
    assert.match((await c.next()).error, /action/);
    c.send({ action: 'subscribe', kalshi_ids: ['X'], message_types: ['candles'] });
    assert.match((await c.next()).error, /message_types/);
    const [known] = marketsOf('kalshi', 1);
    c.send({ action: 'subscribe', kalshi_ids: [known, 'KXNOSUCH-00JAN01-T0'] });
    assert.match((await c.next()).error, /unknown market on kalshi: KXNOSUCH-00JAN01-T0/);
    // Nothing was subscribed by the refused message.
    assert.deepEqual(await c.collect(200), []);
    const many = marketsOf('kalshi', MAX_SUBS + 1);
    c.send({ action: 'subscribe', kalshi_ids: many });
    assert.match((await c.next()).error, new RegExp(`too many subscriptions: at most ${MAX_SUBS}`));
    c.send({ action: 'unsubscribe', kalshi_ids: [known] });
    assert.match((await c.next()).error, /not subscribed/);
    // Still up, and a good subscribe works.
    c.send({ action: 'subscribe', kalshi_ids: [known] });
    assert.equal((await c.next()).event, 'subscribed');
    assert.equal(c.ws.readyState, c.ws.OPEN);
  });

  it('closes with 1009 a client frame over the venue limit (16 KB on limitless; 512 KB on kalshi)', async () => {
    const filler = 'x'.repeat(20 * 1024);
    const k = await open('kalshi');
    k.send({ action: 'subscribe', kalshi_ids: [filler] });
    assert.match((await k.next()).error, /200 characters/);
    const c = await open('limitless');
    c.send({ action: 'subscribe', market_ids: [filler] });
    assert.equal(await c.closed, 1009);
    const big = await open('kalshi');
    big.send('y'.repeat(513 * 1024));
    assert.equal(await big.closed, 1009);
  });

  it('pings every interval and drops a client that stops answering pongs', async () => {
    const before = svc.streams.health().dropped_keepalive as number;
    const live = await open('polymarket');
    let pings = 0;
    live.ws.on('ping', () => pings++);
    const mute = await open('polymarket', { autoPong: false });
    const code = await mute.closed;
    assert.equal(code, 1006, 'dropped (terminated) for want of a pong');
    assert.ok(pings >= 3, `pings every ${PING_MS} ms: ${pings}`);
    await new Promise((r) => setTimeout(r, PONG_TIMEOUT_MS));
    assert.equal(live.ws.readyState, live.ws.OPEN, 'a client that answers stays');
    assert.equal(svc.streams.health().dropped_keepalive, before + 1);
    const health = await svc.request('/health');
    assert.equal(health.body.components.streams.status, 'ok');
    assert.equal(health.body.components.streams.dropped_keepalive, before + 1);
  });

  it('many clients on one market share one upstream subscription and all get every update', async () => {
    const [id] = marketsOf('predictfun', 1);
    const n = 40;
    const cs = await Promise.all(Array.from({ length: n }, () => open('predictfun')));
    for (const c of cs) c.send({ action: 'subscribe', market_ids: [id], message_types: ['orderbook'] });
    await Promise.all(cs.map((c) => c.next((m) => m.type === 'orderbook')));
    assert.equal(sim('predictfun').server.wsClientCount, 1, 'one upstream connection for the venue');
    assert.deepEqual(svc.streams.feed('predictfun')!.upstream!.markets.has(id), true);
    await move('predictfun', id, 3);
    const got = await Promise.all(cs.map((c) => c.collect(300)));
    const seqs = got.map((msgs) => msgs.map((m) => m.data.seq).join(','));
    assert.ok(seqs[0].length > 0);
    assert.ok(seqs.every((s) => s === seqs[0]), 'every client saw the same updates in the same order');
  });

  it('reference-counts upstream subscriptions: a market is followed while one client wants it', async () => {
    const [id] = marketsOf('kalshi', 1).slice(-1);
    const feed = svc.streams.feed('kalshi')!;
    const a = await open('kalshi');
    const b = await open('kalshi');
    a.send({ action: 'subscribe', kalshi_ids: [id] });
    await a.next((m) => 'bid_side' in m);
    b.send({ action: 'subscribe', kalshi_ids: [id] });
    await b.next((m) => 'bid_side' in m);
    assert.ok(feed.upstream!.markets.has(id));
    a.send({ action: 'unsubscribe', kalshi_ids: [id] });
    assert.deepEqual(await a.next((m) => m.event === 'unsubscribed'), { event: 'unsubscribed', kalshi_ids: [id] });
    assert.ok(feed.upstream!.markets.has(id), 'still wanted by B');
    await move('kalshi', id, 3);
    assert.ok((await a.collect(200)).length === 0, 'A gets nothing after unsubscribing');
    assert.ok((await b.collect(100)).length > 0);
    b.close();
    await until('the upstream unsubscribe', () => !feed.upstream!.markets.has(id));
    assert.ok(!feed.followed.includes(id));
  });

  /** The gateway's book and the last book a client got, both against the simulator's own. */
  async function assertBooksMatchSimulator(code: string, id: string, c: TestStreamClient, lastSeq: { v: number }): Promise<void> {
    const truth = () => sim(code).activity.book(id)!;
    const feed = svc.streams.feed(code)!;
    const same = (a: { price: number; size: number }[], b: { price: number; size: number }[]): boolean => a.length === b.length && a.every((l, i) => close(l.price, b[i].price) && close(l.size, b[i].size));
    await until('the gateway book to equal the simulator', () => {
      const mine = feed.bookOf(id);
      return mine !== null && same(mine.bids, truth().bids) && same(mine.asks, truth().asks);
    });
    const msgs = await c.collect(200);
    const books = msgs.filter((m) => 'bid_side' in m);
    for (const m of books) {
      assert.ok(m.seq > lastSeq.v, `book seq ${m.seq} after ${lastSeq.v}: no duplicate or out-of-order book`);
      assert.equal(m.seq, lastSeq.v + 1, 'no gap in the client sequence');
      lastSeq.v = m.seq;
    }
    const last = books.at(-1);
    if (last) for (const l of truth().bids) assert.equal(last.bid_side[Math.round(l.price * 100) - 1], l.size);
  }

  it('recovers from a dropped upstream socket: reconnects, resubscribes, resnapshots, and the book equals the simulator\'s', async () => {
    const [, id] = marketsOf('kalshi', 2);
    const feed = svc.streams.feed('kalshi')!;
    const c = await open('kalshi');
    c.send({ action: 'subscribe', kalshi_ids: [id], message_types: ['orderbook'] });
    const first = await c.next((m) => 'bid_side' in m);
    const lastSeq = { v: first.seq };
    await move('kalshi', id, 3);
    await assertBooksMatchSimulator('kalshi', id, c, lastSeq);
    const connects = feed.upstream!.connects;
    assert.ok(sim('kalshi').server.dropWebSockets() >= 1);
    // The venue moves while the gateway is cut off: those deltas are never seen, the snapshot covers them.
    await move('kalshi', id, 5);
    await until('the upstream reconnect', () => feed.upstream!.connects > connects && feed.upstream!.connected);
    await move('kalshi', id, 5);
    await assertBooksMatchSimulator('kalshi', id, c, lastSeq);
    assert.ok(feed.resnapshots > 0);
    assert.equal(c.ws.readyState, c.ws.OPEN, 'clients stay connected through an upstream drop');
  });

  it('polymarket, limitless, predictfun: after a dropped upstream socket the books equal the simulator\'s again', async () => {
    const same = (a: { price: number; size: number }[], b: { price: number; size: number }[]): boolean => a.length === b.length && a.every((l, i) => close(l.price, b[i].price) && close(l.size, b[i].size));
    for (const code of ['polymarket', 'limitless', 'predictfun']) {
      const [, id] = marketsOf(code, 2);
      const feed = svc.streams.feed(code)!;
      const c = await open(code);
      c.send({ action: 'subscribe', market_ids: [id], message_types: ['orderbook'] });
      await c.next((m) => m.type === 'orderbook', 5_000, `${code} book`);
      const connects = feed.upstream!.connects;
      assert.ok(sim(code).server.dropWebSockets() >= 1);
      await move(code, id, 4);
      await until(`${code} upstream reconnect`, () => feed.upstream!.connects > connects && feed.upstream!.connected);
      await move(code, id, 4);
      const truth = () => sim(code).activity.book(id)!;
      await until(`${code} book equal to the simulator`, () => {
        const mine = feed.bookOf(id);
        return mine !== null && same(mine.bids, truth().bids) && same(mine.asks, truth().asks);
      });
      const books = (await c.collect(200)).filter((m) => m.type === 'orderbook');
      const last = books.at(-1) ?? c.received.filter((m) => m.type === 'orderbook').at(-1)!;
      assert.deepEqual(last.data.bid_side, truth().bids.map((l) => l.price), `${code}: the client's last book is the venue's`);
      const seqs = c.received.filter((m) => m.type === 'orderbook').map((m) => m.data.seq);
      assert.ok(seqs.every((q, i) => i === 0 || q === seqs[i - 1] + 1), `${code}: book seq without gaps or repeats: ${seqs}`);
    }
  });

  it('a sequence gap on the venue stream forces a fresh snapshot', async () => {
    const [, , id] = marketsOf('kalshi', 3);
    const feed = svc.streams.feed('kalshi')!;
    const c = await open('kalshi');
    c.send({ action: 'subscribe', kalshi_ids: [id], message_types: ['orderbook'] });
    const first = await c.next((m) => 'bid_side' in m);
    const lastSeq = { v: first.seq };
    assert.ok((feed.upstream as KalshiStreamClient).forceSequenceGap(id));
    await move('kalshi', id, 6);
    await assertBooksMatchSimulator('kalshi', id, c, lastSeq);
    const logs = svc.logs.join('');
    assert.match(logs, /kalshi book sequence gap; resubscribing for a snapshot/);
  });

  it('drops a consumer that stops reading once its send buffer passes the bound, and counts it', async function () {
    // A service of its own: with the fast keepalive above, a client that stops reading would be
    // dropped for its missing pongs before its buffer fills.
    const own = await startTestService({ env: { EXCHANGE_MODE: 'sim', WS_MAX_BUFFERED_BYTES: '65536' } });
    try {
      const ownSim = own.venues.simulators!.simulators.kalshi!;
      ownSim.activity.stop();
      const [id] = ownSim.activity.marketIds.filter((m) => ownSim.activity.state(m)?.active);
      const slow = await TestStreamClient.open(`${own.url.replace(/^http/, 'ws')}/ws/kalshi`);
      clients.push(slow);
      const reader = await TestStreamClient.open(`${own.url.replace(/^http/, 'ws')}/ws/kalshi`);
      clients.push(reader);
      for (const c of [slow, reader]) {
        c.send({ action: 'subscribe', kalshi_ids: [id], message_types: ['orderbook'] });
        await c.next((m) => 'bid_side' in m);
      }
      // Stop reading: the kernel buffers fill, then the gateway's send buffer grows.
      (slow.ws as unknown as { _socket: { pause(): void } })._socket.pause();
      for (let i = 0; i < 2_000 && own.streams.health().dropped_slow === 0; i++) {
        for (let k = 0; k < 50; k++) ownSim.activity.stepMarket(id);
        await new Promise((r) => setTimeout(r, 2));
      }
      assert.equal(own.streams.health().dropped_slow, 1);
      assert.equal((await own.request('/health')).body.components.streams.dropped_slow, 1);
      // The client that reads is still served.
      reader.received.length = 0;
      ownSim.activity.stepMarket(id);
      ownSim.activity.stepMarket(id);
      await reader.next((m) => 'bid_side' in m);
      assert.equal(reader.ws.readyState, reader.ws.OPEN);
    } finally {
      await own.destroy();
    }
  });
});
