// What a second subscribe and a partial unsubscribe do to a market's message kinds, through the real
// service (sim mode) and its venue simulators: a subscribe adds kinds (the union), an unsubscribe with
// `message_types` removes only those, and every subscribe that adds a market or a kind with a snapshot
// (prices, orderbook) gets that snapshot within a second, also while the venue's upstream is still
// starting (each cold case uses a venue no earlier test has touched, so its upstream starts there).
import assert from 'node:assert/strict';
import { startTestService, type TestService } from '../helpers/service.js';
import type { RunningSimulator } from '../../src/sim/types.js';
import { TestStreamClient, type Json } from './client.js';

const SNAPSHOT_MS = 1_000;

describe('streams: a second subscribe adds kinds, an unsubscribe with message_types removes some', function () {
  this.timeout(60_000);
  let svc: TestService;
  let wsUrl: string;
  const clients: TestStreamClient[] = [];
  const sim = (code: string): RunningSimulator => svc.venues.simulators!.simulators[code as 'kalshi']!;
  const activeMarkets = (code: string, n: number): string[] => sim(code).activity.marketIds.filter((id) => sim(code).activity.state(id)?.active).slice(0, n);
  const open = async (code: string): Promise<TestStreamClient> => {
    const c = await TestStreamClient.open(`${wsUrl}/ws/${code}`);
    clients.push(c);
    return c;
  };
  const move = async (code: string, id: string, n: number): Promise<void> => {
    for (let i = 0; i < n; i++) {
      sim(code).activity.stepMarket(id);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const isKind = (kind: 'prices' | 'orderbook' | 'trades', id: string) => (m: Json): boolean => m.type === kind && m.data?.market_id === id;
  const isKalshi = (kind: 'prices' | 'orderbook' | 'trades', id: string) => (m: Json): boolean =>
    m.kalshi_id === id && (kind === 'prices' ? 'price' in m : kind === 'orderbook' ? 'bid_side' in m : 'count' in m);

  /** Waits until a message of each kind has arrived (in any order), failing at `deadline`. */
  const snapshotsBy = async (c: TestStreamClient, kinds: Record<string, (m: Json) => boolean>, deadline: number): Promise<void> => {
    const missing = new Set(Object.keys(kinds));
    while (missing.size > 0) {
      const m = await c.next((x) => [...missing].some((k) => kinds[k](x)), Math.max(1, deadline - Date.now()), `the snapshot's ${[...missing].join(' and ')}`);
      for (const k of missing) if (kinds[k](m)) missing.delete(k);
    }
  };

  before(async () => {
    svc = await startTestService({ env: { EXCHANGE_MODE: 'sim', WS_POLL_INTERVAL_MS: '150' } });
    wsUrl = svc.url.replace(/^http/, 'ws');
    for (const code of ['kalshi', 'polymarket', 'limitless', 'predictfun']) sim(code).activity.stop();
    // A running service has read venues before its first stream client: one REST read of another
    // market warms the adapters' code, so the cold cases time the stream path, not the first compile.
    for (const code of ['kalshi', 'polymarket']) await svc.venues.liveAdapters[code as 'kalshi']!.getMarket(activeMarkets(code, 3)[2]);
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.close();
  });
  after(async () => svc?.destroy());

  it('cold upstream: a subscribe followed at once by a trades subscribe gets prices and the book within a second, then trades too', async () => {
    const [id] = activeMarkets('polymarket', 1);
    assert.equal(svc.streams.feed('polymarket')?.upstream ?? null, null, 'the polymarket upstream has not started yet');
    const c = await open('polymarket');
    const t0 = Date.now();
    c.send({ action: 'subscribe', market_ids: [id] });
    c.send({ action: 'subscribe', market_ids: [id], message_types: ['trades'] });
    await c.next((m) => m.event === 'subscribed' && m.message_types.includes('trades'), SNAPSHOT_MS, 'the second acknowledgement');
    await snapshotsBy(c, { prices: isKind('prices', id), orderbook: isKind('orderbook', id) }, t0 + SNAPSHOT_MS);
    // All three kinds keep coming afterwards.
    await move('polymarket', id, 20);
    await c.next(isKind('trades', id), 5_000, 'a trade');
    await c.next(isKind('orderbook', id), 5_000, 'a book update after the trades subscribe');
  });

  it('cold upstream (kalshi, own envelope): two subscribes in one breath, each with a different kind, each gets its snapshot within a second', async () => {
    const [id] = activeMarkets('kalshi', 1);
    assert.equal(svc.streams.feed('kalshi')?.upstream ?? null, null, 'the kalshi upstream has not started yet');
    const c = await open('kalshi');
    const t0 = Date.now();
    c.send({ action: 'subscribe', kalshi_ids: [id], message_types: ['orderbook'] });
    c.send({ action: 'subscribe', kalshi_ids: [id], message_types: ['prices'] });
    await snapshotsBy(c, { orderbook: isKalshi('orderbook', id), prices: isKalshi('prices', id) }, t0 + SNAPSHOT_MS);
  });

  it('warm: subscribing again with trades keeps prices and the book, and adding a kind sends its snapshot at once', async () => {
    const [id] = activeMarkets('polymarket', 2).slice(1);
    const c = await open('polymarket');
    c.send({ action: 'subscribe', market_ids: [id], message_types: ['trades'] });
    await c.next((m) => m.event === 'subscribed');
    c.send({ action: 'subscribe', market_ids: [id], message_types: ['orderbook'] });
    await c.next((m) => m.event === 'subscribed');
    await c.next(isKind('orderbook', id), SNAPSHOT_MS, 'the orderbook snapshot of the added kind');
    c.send({ action: 'subscribe', market_ids: [id], message_types: ['trades'] });
    assert.deepEqual(await c.next((m) => m.event !== undefined), { event: 'subscribed', market_ids: [id], message_types: ['trades'] });
    // No second snapshot for a kind the client holds already.
    const extra = await c.collect(300);
    assert.ok(!extra.some(isKind('orderbook', id)), `no repeated book snapshot: ${JSON.stringify(extra).slice(0, 300)}`);
    await move('polymarket', id, 20);
    await c.next(isKind('orderbook', id), 5_000, 'book updates still flowing');
    await c.next(isKind('trades', id), 5_000, 'trades still flowing');
    const all = await c.collect(300);
    assert.ok(!all.some(isKind('prices', id)) && !c.received.some(isKind('prices', id)), 'prices never asked for, never sent');
  });

  it('unsubscribe with message_types removes only those kinds; without them, the market', async () => {
    const [a, b] = activeMarkets('limitless', 2);
    const c = await open('limitless');
    c.send({ action: 'subscribe', market_ids: [a, b], message_types: ['prices', 'orderbook', 'trades'] });
    await c.next((m) => m.event === 'subscribed');
    await c.next(isKind('orderbook', a), 5_000, 'the book of a');
    c.send({ action: 'unsubscribe', market_ids: [a], message_types: ['orderbook', 'prices'] });
    assert.deepEqual(await c.next((m) => m.event !== undefined), { event: 'unsubscribed', market_ids: [a], message_types: ['orderbook', 'prices'] });
    await c.collect(200);
    await new Promise((r) => setTimeout(r, 400)); // let the trade poll read the tape once
    await move('limitless', a, 20);
    await move('limitless', b, 5);
    await c.next(isKind('trades', a), 5_000, 'trades of a, still subscribed');
    await c.next(isKind('orderbook', b), 5_000, 'the book of b, untouched');
    const after = await c.collect(400);
    assert.ok(!after.some((m) => isKind('orderbook', a)(m) || isKind('prices', a)(m)) && !c.received.slice(c.received.findIndex((m) => m.event === 'unsubscribed') + 1).some(isKind('orderbook', a)), 'no book or prices of a after removing them');
    assert.deepEqual(svc.streams.feed('limitless')!.followed.sort(), [a, b].sort(), 'a is still followed (for its trades)');
    // Removing the last kind leaves the market, as an unsubscribe without kinds does.
    c.send({ action: 'unsubscribe', market_ids: [a], message_types: ['trades'] });
    assert.equal((await c.next((m) => m.event !== undefined)).event, 'unsubscribed');
    c.send({ action: 'unsubscribe', market_ids: [b] });
    assert.deepEqual(await c.next((m) => m.event !== undefined || m.error !== undefined), { event: 'unsubscribed', market_ids: [b] });
    assert.deepEqual(svc.streams.feed('limitless')!.followed, []);
    c.send({ action: 'unsubscribe', market_ids: [a], message_types: ['trades'] });
    assert.match((await c.next((m) => m.error !== undefined)).error, /not subscribed/);
  });
});
