// The follower side of the stream fan-out (src/ws/cluster/clustered-feed.ts) on its own: which
// interest goes to the leader, which of the leader's messages reach which client, and the replay of
// every subscription when the role changes. (The whole path, two instances on a real PostgreSQL
// server: fanout.test.ts.)
import assert from 'node:assert/strict';
import pino from 'pino';
import { ClusteredFeed, type Interest } from '../../src/ws/cluster/clustered-feed.js';
import type { MessageType } from '../../src/ws/protocol.js';
import type { FeedMessage, Subscriber, VenueFeed } from '../../src/ws/venue-feed.js';

class Client implements Subscriber {
  readonly got: FeedMessage[] = [];
  deliver(m: FeedMessage): void {
    this.got.push(m);
  }
  texts(): string[] {
    return this.got.map((m) => String(m.text));
  }
}

const types = (...t: MessageType[]): ReadonlySet<MessageType> => new Set(t);
const ref = (id: string) => ({ marketId: id, yesOutcomeId: null });

function follower() {
  const interest: Interest[] = [];
  const published: FeedMessage[] = [];
  const created: { seqStart: (id: string) => unknown; added: [Subscriber, string, ReadonlySet<MessageType>][] }[] = [];
  const feed = new ClusteredFeed({
    exchange: 'kalshi',
    logger: pino({ level: 'silent' }),
    port: { publishUpdate: (_x, _m, msg) => void published.push(msg), sendInterest: (_x, i) => void interest.push(i), publishRaw: () => undefined },
    createFeed: (seqStart) => {
      const fake = { seqStart, added: [] as [Subscriber, string, ReadonlySet<MessageType>][] };
      created.push(fake);
      return { add: (s: Subscriber, r: { marketId: string }, t: ReadonlySet<MessageType>) => fake.added.push([s, r.marketId, t]), remove: () => undefined, close: async () => undefined, seqOf: () => undefined, health: () => ({}), observe: () => () => undefined, upstreamStatus: () => ({ connected: true, channels: null }) } as unknown as VenueFeed;
    },
  });
  return { feed, interest, published, created };
}

describe('stream fan-out: the clustered feed', () => {
  it('sends the leader the union of its clients\' kinds per market, only when it changes', () => {
    const { feed, interest } = follower();
    const a = new Client();
    const b = new Client();
    feed.add(a, ref('M'), types('orderbook'));
    feed.add(b, ref('M'), types('orderbook'));
    feed.add(b, ref('M'), types('orderbook', 'prices'));
    feed.remove(a, 'M');
    feed.remove(b, 'M');
    assert.deepEqual(interest.map((i) => i.types), [['orderbook'], ['orderbook', 'prices'], []]);
    assert.equal(feed.localMarkets, 0);
  });

  it('hands updates to the clients that asked for their kind, snapshots only to clients still owed one, and numbers as the leader sent them', () => {
    const { feed } = follower();
    const books = new Client();
    const both = new Client();
    feed.add(books, ref('M'), types('orderbook'));
    feed.onUpdate('M', 'orderbook', 7, false, '{"book":7}');
    feed.onUpdate('M', 'prices', 3, false, '{"prices":3}');
    assert.deepEqual(books.texts(), ['{"book":7}']);
    // A new client gets the held prices and book at once (the follower's own copy).
    feed.add(both, ref('M'), types('orderbook', 'prices'));
    assert.deepEqual(both.texts(), ['{"prices":3}', '{"book":7}']);
    feed.onUpdate('M', 'orderbook', 7, true, '{"book":7}');
    assert.equal(books.got.length, 1, 'a snapshot re-sent for another instance is not repeated to a client that has it');
    assert.equal(both.got.length, 2);
    feed.onUpdate('M', 'orderbook', 8, false, '{"book":8}');
    feed.onUpdate('M', 'trades', 1, false, '{"trade":1}');
    assert.deepEqual(books.texts().slice(1), ['{"book":8}']);
    assert.deepEqual(both.got.slice(2).map((m) => [m.seq, m.type]), [[8, 'orderbook']]);
    // Unknown markets are ignored.
    feed.onUpdate('X', 'orderbook', 1, false, '{}');
    assert.deepEqual(feed.interests().map((i) => i.seqs), [{ orderbook: 8, prices: 3, trades: 1 }]);
  });

  it('after a leader change every client is owed a fresh snapshot; becoming leader replays every subscription and continues the numbers', () => {
    const { feed, created } = follower();
    const c = new Client();
    feed.add(c, ref('M'), types('orderbook', 'prices'));
    feed.onUpdate('M', 'orderbook', 5, false, '{"book":5}');
    feed.onUpdate('M', 'prices', 2, false, '{"prices":2}');
    feed.expectFreshSnapshots();
    feed.onUpdate('M', 'orderbook', 6, true, '{"book":6}');
    assert.deepEqual(c.texts(), ['{"book":5}', '{"prices":2}', '{"book":6}'], 'the new leader\'s snapshot reaches the client');
    feed.becomeLeader();
    assert.equal(created.length, 1);
    assert.deepEqual(created[0].added.map(([s, id, t]) => [s === c, id, [...t]]), [[true, 'M', ['orderbook', 'prices']]]);
    assert.deepEqual(created[0].seqStart('M'), { orderbook: 6, prices: 2 });
    assert.ok(feed.venueFeed);
    // Other instances' interest now goes into the venue feed through one subscriber per market.
    feed.setRemote('other', { ref: ref('N'), types: ['prices'], raw: false, seqs: { prices: 40 } });
    assert.deepEqual(created[0].added.at(-1)!.slice(1).map((x) => (x instanceof Set ? [...x] : x)), ['N', ['prices']]);
    assert.deepEqual(created[0].seqStart('N'), { prices: 40 }, 'numbers continue from what another instance saw');
    assert.deepEqual(feed.remoteMarketsOf('other'), ['N']);
    feed.dropInstance('other');
    assert.deepEqual(feed.remoteMarketsOf('other'), []);
  });

  it('raw subscribers (the recorder): interest marked raw, the leader\'s events of their markets only, its upstream state as connect/disconnect, a disconnect when the view of the leader breaks', () => {
    const { feed, interest } = follower();
    const heard: string[] = [];
    feed.observe((e) => heard.push(e.kind === 'delta' ? `delta:${e.delta.market_id}` : e.kind));
    const recorder: Subscriber = { deliver: () => undefined, raw: true };
    feed.add(recorder, ref('R'), types());
    feed.add(new Client(), ref('C'), types('orderbook'));
    assert.deepEqual(interest.map((i) => [i.ref.marketId, i.types, i.raw]), [['R', [], true], ['C', ['orderbook'], false]]);
    const delta = (m: string) => ({ event: { kind: 'delta' as const, delta: { exchange: 'kalshi' as const, market_id: m, outcome_id: null, seq: null, side: 'bid' as const, price: 0.5, size: null, size_delta: 1, timestamp: new Date().toISOString() } } });
    feed.onRaw(null, { status: { connected: true, channels: { orderbook: true, trades: true, prices: true } } });
    feed.onRaw('R', delta('R'));
    feed.onRaw('C', delta('C'));
    assert.deepEqual(heard, ['connected', 'delta:R'], 'events of the raw subscriber\'s market only');
    assert.deepEqual(feed.upstreamStatus(), { connected: true, channels: { orderbook: true, trades: true, prices: true } });
    feed.onRaw(null, { event: { kind: 'disconnected' } });
    feed.onRaw(null, { event: { kind: 'connected' } });
    feed.expectFreshSnapshots();
    assert.deepEqual(heard.slice(2), ['disconnected', 'connected', 'disconnected'], 'a broken view of the leader is a disconnect');
    feed.remove(recorder, 'R');
    assert.deepEqual(interest.at(-1)!.raw, false);
    assert.deepEqual(interest.at(-1)!.types, []);
  });
});
