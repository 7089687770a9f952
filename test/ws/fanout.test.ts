// Stream fan-out across instances (src/ws/cluster): two real service instances on one real PostgreSQL
// server and one venue simulator. Clients on either instance get the same messages; the simulator sees
// one upstream connection; interest is reference-counted across instances; when the leader stops, the
// other instance takes over and its clients get a fresh snapshot, with numbers that continue. Also the
// NOTIFY link itself with a message far over the 8000-byte payload limit.
import assert from 'node:assert/strict';
import pg from 'pg';
import pino from 'pino';
import type { RunningSimulator } from '../../src/sim/types.js';
import { simulatorFor } from '../../src/venues/simulators.js';
import { LEADER_LOCK_KEY } from '../../src/ws/cluster/fanout-cluster.js';
import { PgLink } from '../../src/ws/cluster/pg-link-repository.js';
import { encodeRecord, packRecords, RecordReader } from '../../src/ws/cluster/wire.js';
import { createServerDatabase } from '../helpers/postgres-server.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { TestStreamClient, type Json } from './client.js';

// Five missed heartbeats and the leader forgets a follower: under a loaded CI machine 100 ms was too tight.
const HEARTBEAT_MS = 300;

async function until(what: string, probe: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('stream fan-out across two instances on one PostgreSQL server', function () {
  this.timeout(120_000);
  let db: { url: string; drop(): Promise<void> };
  let sim: RunningSimulator;
  let a: TestService | undefined;
  let b: TestService | undefined;
  const clients: TestStreamClient[] = [];
  const wsUrl = (svc: TestService): string => `${svc.url.replace(/^http/, 'ws')}/ws/kalshi`;
  const open = async (svc: TestService): Promise<TestStreamClient> => {
    const c = await TestStreamClient.open(wsUrl(svc));
    clients.push(c);
    return c;
  };
  const start = (): Promise<TestService> =>
    startTestService({
      env: {
        DATABASE_URL: db.url,
        // Live mode pointed at one shared simulator: both instances talk to the same "venue".
        EXCHANGE_MODE: 'live',
        KALSHI_REST_URL: sim.baseUrls.rest,
        KALSHI_WS_URL: sim.baseUrls.ws,
        WS_FANOUT_HEARTBEAT_MS: String(HEARTBEAT_MS),
      },
    });
  const fanout = (svc: TestService): Json => (svc.streams.health() as Json).fanout;
  const markets = (n: number): string[] => sim.activity.marketIds.filter((id) => sim.activity.state(id)?.active).slice(0, n);
  const move = async (id: string, n: number): Promise<void> => {
    for (let i = 0; i < n; i++) {
      sim.activity.stepMarket(id);
      await new Promise((r) => setTimeout(r, 15));
    }
  };
  const isBook = (id: string) => (m: Json): boolean => m.kalshi_id === id && 'bid_side' in m;
  const isPrices = (id: string) => (m: Json): boolean => m.kalshi_id === id && 'price' in m;

  before(async () => {
    db = await createServerDatabase();
    sim = await (await simulatorFor('kalshi'))({ tickMs: 0, seed: 7 });
    a = await start();
    b = await start();
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.close();
  });
  after(async () => {
    await a?.destroy();
    await b?.destroy();
    await sim?.stop();
    await db?.drop();
  });

  it('carries a message far over NOTIFY\'s 8000-byte limit between two sessions, whole and in order', async () => {
    const got: string[] = [];
    const reader = new RecordReader();
    const logger = pino({ level: 'silent' });
    const ups: boolean[] = [];
    const rx = new PgLink({ url: db.url, channels: ['fanout_test'], logger, onNotification: (_c, p) => got.push(...reader.read(p).map((r) => r.body)), onState: (u) => ups.push(u) });
    const tx = new PgLink({ url: db.url, channels: [], logger, onNotification: () => undefined, onState: () => undefined });
    await rx.start();
    await tx.start();
    try {
      const big = JSON.stringify({ type: 'orderbook', data: { bid_side: Array.from({ length: 30_000 }, (_, i) => i / 7) } });
      assert.ok(Buffer.byteLength(big) > 100_000);
      await tx.notify('fanout_test', packRecords([encodeRecord({ k: 'U' }, 'first'), encodeRecord({ k: 'U' }, big), encodeRecord({ k: 'U' }, 'last')], () => 'c1'));
      await until('the three records', () => got.length === 3);
      assert.deepEqual(got, ['first', big, 'last']);
      assert.deepEqual(ups, [true]);
    } finally {
      await rx.close();
      await tx.close();
    }
  });

  it('elects one leader; clients on either instance get the same messages over one upstream connection', async () => {
    assert.equal(fanout(a!).role, 'leader');
    assert.equal(fanout(b!).role, 'follower');
    // B learns who leads from A's next announcement (every heartbeat), not at once.
    await until('b to follow a', () => fanout(b!).leader === fanout(a!).instance);
    const [id] = markets(1);
    const ca = await open(a!);
    const cb = await open(b!);
    for (const c of [ca, cb]) {
      c.send({ action: 'subscribe', kalshi_ids: [id] });
      assert.deepEqual(await c.next(), { event: 'subscribed', kalshi_ids: [id], message_types: ['prices', 'orderbook'] });
    }
    // Both get the snapshot: the follower's comes from the leader through PostgreSQL.
    for (const c of [ca, cb]) await until('prices and book snapshots', () => c.received.some(isBook(id)) && c.received.some(isPrices(id)));
    assert.deepEqual(cb.received.find(isBook(id))!.bid_side, ca.received.find(isBook(id))!.bid_side);
    await ca.collect(300);
    await cb.collect(300);
    assert.equal(sim.server.wsClientCount, 1, 'one upstream connection for the deployment');
    assert.equal(b!.streams.feed('kalshi'), undefined, 'the follower has no venue feed of its own');

    await move(id, 10);
    await until('updates on the follower', () => cb.received.length >= ca.received.length && ca.received.length > 4);
    const fromA = await ca.collect(400);
    const fromB = await cb.collect(0);
    assert.ok(fromA.filter(isBook(id)).length >= 3, `book updates: ${fromA.length} messages`);
    // The same messages, texts and numbers, in the same order.
    assert.deepEqual(fromB, fromA);
    // And the book both sent equals the venue's own.
    const last = fromA.filter(isBook(id)).at(-1)!;
    const truth = sim.activity.book(id)!;
    for (const l of truth.bids) assert.equal(last.bid_side[Math.round(l.price * 100) - 1], l.size);
    assert.equal(sim.server.wsClientCount, 1);
  });

  it('follows a market only the follower\'s clients want, and lets it go when the last of them leaves', async () => {
    const [, id] = markets(2);
    const leaderFeed = a!.streams.feed('kalshi')!;
    assert.ok(!leaderFeed.followed.includes(id));
    const c1 = await open(b!);
    const c2 = await open(b!);
    c1.send({ action: 'subscribe', kalshi_ids: [id], message_types: ['orderbook'] });
    await c1.next(isBook(id), 8_000, 'first follower client snapshot');
    await until('the leader to follow the market', () => leaderFeed.followed.includes(id) && leaderFeed.upstream!.markets.has(id));
    // A second client on the follower: its snapshot comes from the follower's own copy, at once.
    c2.send({ action: 'subscribe', kalshi_ids: [id], message_types: ['orderbook', 'prices'] });
    await c2.next(isBook(id), 2_000, 'second follower client snapshot');
    await c2.next(isPrices(id), 8_000, 'prices once the kinds wanted grew');
    await move(id, 4);
    const got1 = (await c1.collect(500)).filter(isBook(id));
    assert.ok(got1.length >= 2, 'updates reach the follower\'s clients');
    assert.ok(!(await c1.collect(0)).some(isPrices(id)), 'c1 asked for books only');
    c1.send({ action: 'unsubscribe', kalshi_ids: [id] });
    await c1.next((m) => m.event === 'unsubscribed');
    await new Promise((r) => setTimeout(r, 300));
    assert.ok(leaderFeed.upstream!.markets.has(id), 'still wanted by c2');
    c2.close();
    await until('the leader to drop the market upstream', () => !leaderFeed.upstream!.markets.has(id) && !leaderFeed.followed.includes(id));
  });

  it('when the leader\'s database session is killed, one instance leads again and clients on both get fresh snapshots', async () => {
    const [id] = markets(1);
    const ca = await open(a!);
    const cb = await open(b!);
    for (const c of [ca, cb]) {
      c.send({ action: 'subscribe', kalshi_ids: [id], message_types: ['orderbook'] });
      await c.next(isBook(id), 8_000, 'snapshot');
    }
    const lastSeq = cb.received.filter(isBook(id)).at(-1)!.seq as number;
    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    try {
      // The stream leader's lock: a bigint key shows as classid (high 32 bits) and objid (low 32 bits).
      const key = LEADER_LOCK_KEY;
      const holder = await admin.query<{ pid: number }>("SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND objsubid = 1 AND classid = $1 AND objid = $2 AND granted", [String(key >> 32n), String(key & 0xffffffffn)]);
      assert.equal(holder.rows.length, 1, 'one lock holder');
      await admin.query('SELECT pg_terminate_backend($1)', [holder.rows[0].pid]);
    } finally {
      await admin.end();
    }
    await until('a leader again after the session loss', () => fanout(a!).takeovers + fanout(b!).takeovers === 2 && [fanout(a!).role, fanout(b!).role].filter((r) => r === 'leader').length === 1, 15_000);
    // Both clients are owed a fresh book: it comes from whichever instance leads now, numbered on.
    for (const c of [ca, cb]) {
      const fresh = await c.next((m) => isBook(id)(m) && m.seq > lastSeq, 20_000, 'a fresh snapshot after the session loss');
      const truth = sim.activity.book(id)!;
      for (const l of truth.bids) assert.equal(fresh.bid_side[Math.round(l.price * 100) - 1], l.size);
    }
    await until('one upstream connection', () => sim.server.wsClientCount === 1);
    await move(id, 3);
    const fromA = (await ca.collect(500)).filter(isBook(id));
    const fromB = (await cb.collect(0)).filter(isBook(id));
    assert.ok(fromA.length >= 2);
    // After a session loss a follower may be asked for a full resend once more (resends_asked) and
    // get the latest book again as a snapshot: the same text and seq twice, harmless to a client.
    // Apart from such repeats, both instances' clients get the same messages.
    const once = (ms: Json[]): Json[] => ms.filter((m, i) => i === 0 || JSON.stringify(m) !== JSON.stringify(ms[i - 1]));
    assert.deepEqual(once(fromB), once(fromA));
    // Whoever leads now, the other follows.
    const leader = fanout(a!).role === 'leader' ? a! : b!;
    const follower = leader === a ? b! : a!;
    assert.equal(fanout(follower).leader, fanout(leader).instance);
  });

  it('when the leader stops, the other instance takes over: one upstream again, a fresh snapshot, numbers that continue', async () => {
    // Whichever instance leads now (the session test above may have moved the lead) is stopped.
    await until('one leader, followed by the other', () => [a, b].filter((s) => fanout(s!).role === 'leader').length === 1 && fanout(a!).leader === fanout(b!).leader);
    const [leader, follower] = fanout(a!).role === 'leader' ? [a!, b!] : [b!, a!];
    const [id] = markets(1);
    const cb = await open(follower);
    cb.send({ action: 'subscribe', kalshi_ids: [id] });
    const before = await cb.next(isBook(id), 8_000, 'snapshot before the takeover');
    await move(id, 3);
    const seen = [before, ...(await cb.collect(400))].filter(isBook(id));
    const lastSeq = Math.max(...seen.map((m) => m.seq as number));

    await leader.destroy();
    if (leader === a) a = undefined;
    else b = undefined;
    await until('the follower to lead', () => fanout(follower).role === 'leader', 15_000);
    const fresh = await cb.next(isBook(id), 20_000, 'a fresh snapshot after the takeover');
    assert.ok(fresh.seq > lastSeq, `seq continues: ${fresh.seq} after ${lastSeq}`);
    const truth = sim.activity.book(id)!;
    for (const l of truth.asks) assert.equal(fresh.ask_side[Math.round(l.price * 100) - 1], l.size);
    await until('one upstream connection (the new leader\'s)', () => sim.server.wsClientCount === 1);
    assert.equal(follower.streams.feed('kalshi')!.upstream!.connects, 1);
    await move(id, 4);
    const after = (await cb.collect(500)).filter(isBook(id));
    assert.ok(after.length >= 2, 'updates resume');
    const seqs = after.map((m) => m.seq as number);
    assert.deepEqual(seqs, [...seqs].sort((x, y) => x - y));
    assert.ok(seqs[0] > fresh.seq);
  });
});
