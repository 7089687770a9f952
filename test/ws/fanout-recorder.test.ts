// The recorder on a stream fan-out follower (src/ws/cluster, src/ws/recorder-feed.ts): two real service
// instances on one real PostgreSQL server and one Kalshi simulator. The leader (API only) holds the one
// upstream connection; the follower runs the jobs, and its recorder gets the leader's upstream events
// through PostgreSQL: the venue still sees one socket, and the book rebuilt from what the follower
// recorded (snapshot + deltas) equals the venue's, with every trade stored. When the leader stops, the
// follower leads, opens the upstream itself, and the recorder goes on (a gap, then a resync).
import assert from 'node:assert/strict';
import { stableUuid } from '../../src/sim/rng.js';
import type { RunningSimulator } from '../../src/sim/types.js';
import { simulatorFor } from '../../src/venues/simulators.js';
import { createServerDatabase } from '../helpers/postgres-server.js';
import { startTestService, type TestService } from '../helpers/service.js';
import type { Json } from './client.js';

const HEARTBEAT_MS = 300;
type Level = [number, number];

async function until(what: string, probe: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the recorder on a stream fan-out follower', function () {
  this.timeout(120_000);
  let db: { url: string; drop(): Promise<void> };
  let sim: RunningSimulator;
  let leader: TestService | undefined;
  let follower: TestService | undefined;
  let id: string;

  const env = (more: Record<string, string>) => ({
    DATABASE_URL: db.url, EXCHANGE_MODE: 'live', KALSHI_REST_URL: sim.baseUrls.rest, KALSHI_WS_URL: sim.baseUrls.ws, WS_FANOUT_HEARTBEAT_MS: String(HEARTBEAT_MS), ...more,
  });
  const fanout = (svc: TestService): Json => (svc.streams.health() as Json).fanout;
  const q = async <T>(sql: string, params: unknown[] = []): Promise<T[]> => (await follower!.db.pool.query(sql, params)).rows as T[];
  const move = async (n: number): Promise<void> => {
    for (let i = 0; i < n; i++) {
      sim.activity.stepMarket(id);
      await new Promise((r) => setTimeout(r, 15));
    }
  };
  /** The book at the end of the record: the latest snapshot, then every delta after it, by sequence. */
  const rebuilt = async (): Promise<{ bids: Level[]; asks: Level[] } | null> => {
    const [snap] = await q<{ seq: number; bids: Level[]; asks: Level[] }>('SELECT seq, bids, asks FROM recorded_book_snapshots WHERE market_id = $1 ORDER BY seq DESC LIMIT 1', [id]);
    if (!snap) return null;
    const bids = new Map(snap.bids);
    const asks = new Map(snap.asks);
    for (const d of await q<{ side: string; price: number; size: number }>('SELECT side, price, size FROM recorded_book_deltas WHERE market_id = $1 AND seq > $2 ORDER BY seq', [id, snap.seq])) {
      const side = d.side === 'bid' ? bids : asks;
      if (d.size > 0) side.set(d.price, d.size);
      else side.delete(d.price);
    }
    return { bids: [...bids].sort((a, b) => b[0] - a[0]), asks: [...asks].sort((a, b) => a[0] - b[0]) };
  };
  const venueBook = () => {
    const b = sim.activity.book(id)!;
    return { bids: b.bids.map((l): Level => [l.price, l.size]), asks: b.asks.map((l): Level => [l.price, l.size]) };
  };
  const sameBook = async () => JSON.stringify(await rebuilt()) === JSON.stringify(venueBook());
  const recordedTradeIds = async () => new Set((await q<{ trade_id: string }>('SELECT trade_id FROM recorded_trades WHERE market_id = $1', [id])).map((r) => r.trade_id));

  before(async () => {
    db = await createServerDatabase();
    sim = await (await simulatorFor('kalshi'))({ tickMs: 0, seed: 11 });
    id = sim.activity.marketIds.filter((m) => sim.activity.state(m)?.active)[0];
    leader = await startTestService({ env: env({}) });
    follower = await startTestService({
      env: env({
        RUN_JOBS: 'true', RECORDER_ENABLED: 'true', RECORDER_MARKETS: `*=off,kalshi=list:${id}`, SYNC_ON_START: 'false', SYNC_SCHEDULE: '0 0 1 1 *', ORDER_SYNC_SCHEDULE: 'off',
        RECORDER_FLUSH_MS: '50', RECORDER_POLL_MS: '200', RECORDER_SNAPSHOT_INTERVAL_MS: '600000', MODEL_SOURCE: 'off',
      }),
    });
  });
  after(async () => {
    await follower?.destroy();
    await leader?.destroy();
    await sim?.stop();
    await db?.drop();
  });

  it('records through the leader\'s upstream: one venue socket, the book and trades as the venue has them', async () => {
    assert.equal(fanout(leader!).role, 'leader');
    assert.equal(fanout(follower!).role, 'follower');
    await until('the follower to follow the leader', () => fanout(follower!).leader === fanout(leader!).instance);
    await follower!.recorder!.start();
    await follower!.recorder!.refreshTracked();
    assert.deepEqual(follower!.recorder!.tracked('kalshi'), [id]);
    const leaderFeed = leader!.streams.feed('kalshi')!;
    await until('the leader to follow the recorder\'s market upstream', () => leaderFeed.followed.includes(id) && !!leaderFeed.upstream?.markets.has(id));
    await until('the first snapshot recorded', async () => (await rebuilt()) !== null);
    const tradesBefore = new Set((sim.activity.trades(id) ?? []).map((t) => t.id));
    await move(12);
    const newTrades = (sim.activity.trades(id) ?? []).filter((t) => !tradesBefore.has(t.id));
    assert.ok(newTrades.length > 0, 'the venue traded');
    await until('the recorded book to equal the venue\'s', sameBook);
    const deltas = await q<{ n: number }>('SELECT count(*)::int AS n FROM recorded_book_deltas WHERE market_id = $1', [id]);
    assert.ok(deltas[0].n > 0, 'deltas recorded, not only snapshots');
    // The simulator's trade ids on the wire (simulator.ts tradeWire); the new ones came over the leader's stream.
    const wanted = newTrades.map((t) => stableUuid(`${id}:${t.id}`));
    await until('every new trade recorded', async () => {
      const got = await recordedTradeIds();
      return wanted.every((w) => got.has(w));
    });
    assert.equal(sim.server.wsClientCount, 1, 'one upstream connection for the deployment: the recorder opened none');
    assert.equal(follower!.streams.feed('kalshi'), undefined, 'the follower has no venue feed of its own');
    const health = (await follower!.recorder!.health()) as unknown as { role: string; venues: Record<string, { mode: string; connected: boolean }> };
    assert.equal(health.role, 'recording');
    assert.deepEqual([health.venues.kalshi.mode, health.venues.kalshi.connected], ['stream', true]);
  });

  it('when the leader stops, the follower leads and its recorder goes on over its own upstream: a gap, a resync, the venue\'s book again', async () => {
    const gapsBefore = (await q<{ n: number }>('SELECT count(*)::int AS n FROM recorder_gaps WHERE market_id = $1', [id]))[0].n;
    await leader!.destroy();
    leader = undefined;
    await until('the follower to lead', () => fanout(follower!).role === 'leader');
    await until('its own upstream to follow the market', () => !!follower!.streams.feed('kalshi')?.upstream?.markets.has(id));
    await move(8);
    await until('the recorded book to equal the venue\'s again', sameBook);
    const resyncs = await q<{ n: number }>("SELECT count(*)::int AS n FROM recorded_book_snapshots WHERE market_id = $1 AND source = 'resync'", [id]);
    assert.ok(resyncs[0].n >= 1, 'the new upstream\'s snapshot is stored as a resync');
    await until('the handover stored as a gap', async () => (await q<{ n: number }>('SELECT count(*)::int AS n FROM recorder_gaps WHERE market_id = $1', [id]))[0].n > gapsBefore);
    assert.equal(sim.server.wsClientCount, 1, 'still one upstream connection');
  });
});
