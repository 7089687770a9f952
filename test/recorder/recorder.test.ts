// The recorder against the simulators, through the real service (embedded database, the stream
// gateway's upstream connections): a streamed venue (kalshi) recorded without a gap across a forced
// upstream disconnect (the book rebuilt from the recorded snapshot + deltas equals the simulator's,
// every trade of the venue is stored once, the outage is a gap row shown in /health), a polled venue
// (opinion), and retention by dropping day partitions.
import assert from 'node:assert/strict';
import { startTestService, type TestService } from '../helpers/service.js';
import type { RunningSimulator } from '../../src/sim/types.js';
import { PartitionManager, RECORDED_TABLES } from '../../src/recorder/partitions.js';
import { RecordedStore } from '../../src/recorder/recorded-store.js';

async function until(what: string, probe: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

type Level = [number, number];

describe('recorder', function () {
  this.timeout(90_000);
  let svc: TestService;
  const sim = (code: string): RunningSimulator => svc.venues.simulators!.simulators[code as 'kalshi']!;
  const q = async <T>(sql: string, params: unknown[] = []): Promise<T[]> => (await svc.db.pool.query(sql, params)).rows as T[];

  /** The book at the end of the record: the latest snapshot, then every delta after it, by sequence. */
  async function rebuiltBook(exchange: string, id: string): Promise<{ bids: Level[]; asks: Level[] }> {
    const [snap] = await q<{ seq: number; bids: Level[]; asks: Level[] }>('SELECT seq, bids, asks FROM recorded_book_snapshots WHERE exchange = $1 AND market_id = $2 ORDER BY seq DESC LIMIT 1', [exchange, id]);
    assert.ok(snap, 'a snapshot was recorded');
    const bids = new Map(snap.bids);
    const asks = new Map(snap.asks);
    const deltas = await q<{ side: string; price: number; size: number }>('SELECT side, price, size FROM recorded_book_deltas WHERE exchange = $1 AND market_id = $2 AND seq > $3 ORDER BY seq', [exchange, id, snap.seq]);
    for (const d of deltas) {
      const side = d.side === 'bid' ? bids : asks;
      if (d.size > 0) side.set(d.price, d.size);
      else side.delete(d.price);
    }
    return { bids: [...bids].sort((a, b) => b[0] - a[0]), asks: [...asks].sort((a, b) => a[0] - b[0]) };
  }
  const simBook = (code: string, id: string) => {
    const b = sim(code).activity.book(id)!;
    return { bids: b.bids.map((l): Level => [l.price, l.size]), asks: b.asks.map((l): Level => [l.price, l.size]) };
  };

  before(async () => {
    svc = await startTestService({
      env: {
        EXCHANGE_MODE: 'sim', RUN_JOBS: 'true', SYNC_ON_START: 'false',
        RECORDER_MARKETS: '*=off,kalshi=top:2,opinion=top:1', RECORDER_FLUSH_MS: '50', RECORDER_POLL_MS: '200', RECORDER_SNAPSHOT_INTERVAL_MS: '600000',
      },
    });
    for (const code of ['kalshi', 'opinion']) sim(code).activity.stop();
    await svc.venueSync!.syncs.kalshi!.run();
    await svc.venueSync!.syncs.opinion!.run();
    await svc.recorder!.refreshTracked();
  });
  after(async () => {
    await svc?.destroy();
  });

  it('creates day partitions ahead (today and the next days) for every recorded table', async () => {
    for (const table of RECORDED_TABLES) {
      const [parent] = await q<{ relkind: string }>('SELECT relkind FROM pg_class WHERE relname = $1', [table]);
      assert.equal(parent.relkind, 'p', `${table} is partitioned`);
      const parts = await new PartitionManager(svc.db.pool, { retentionDays: 30, aheadDays: 2 }).partitions(table);
      const today = new Date().toISOString().slice(0, 10).replace(/-/g, '');
      assert.ok(parts.includes(`${table}_p${today}`), `${table} has today's partition (${parts.join(', ')})`);
      assert.ok(parts.length >= 3, `${table} has partitions ahead`);
    }
  });

  it('records a streamed market gap-free across an upstream reconnect', async () => {
    const [id] = svc.recorder!.tracked('kalshi');
    assert.ok(id, 'a kalshi market is tracked');
    const snaps = async () => (await q<{ n: number }>('SELECT count(*)::int AS n FROM recorded_book_snapshots WHERE market_id = $1', [id]))[0].n;
    await until('the first snapshot', async () => (await snaps()) >= 1);
    const move = async (n: number) => {
      for (let i = 0; i < n; i++) {
        sim('kalshi').activity.stepMarket(id);
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    await move(10);
    const feed = svc.streams.feed('kalshi')!;
    const connects = feed.upstream!.connects;
    // The outage: the venue drops the socket, and the market keeps moving (and trading) meanwhile.
    assert.ok(sim('kalshi').server.dropWebSockets() >= 1);
    await move(15);
    await until('the upstream reconnect', () => feed.upstream!.connects > connects && feed.upstream!.connected);
    await until('the resync snapshot', async () => (await q('SELECT 1 FROM recorded_book_snapshots WHERE market_id = $1 AND source = $2', [id, 'resync'])).length > 0);
    await move(10);
    await new Promise((r) => setTimeout(r, 300));
    await svc.recorder!.flush();

    assert.deepEqual(await rebuiltBook('kalshi', id), simBook('kalshi', id), 'the recorded book equals the venue\'s');
    const venueTrades = await svc.venues.liveAdapters.kalshi!.getTrades!(id, { limit: 1000 });
    await until('the outage trades backfilled', async () => (await q('SELECT 1 FROM recorded_trades WHERE market_id = $1', [id])).length >= venueTrades.length);
    const stored = await q<{ trade_id: string; price: number; size: number }>('SELECT trade_id, price, size FROM recorded_trades WHERE market_id = $1 ORDER BY trade_id', [id]);
    assert.deepEqual(stored, venueTrades.map((t) => ({ trade_id: t.id, price: t.price, size: t.size })).sort((a, b) => (a.trade_id < b.trade_id ? -1 : 1)), 'every trade of the venue, once');
    const tops = await q<{ best_bid: number; best_ask: number }>('SELECT best_bid, best_ask FROM recorded_top_of_book WHERE market_id = $1 ORDER BY seq DESC LIMIT 1', [id]);
    const b = simBook('kalshi', id);
    assert.deepEqual(tops[0], { best_bid: b.bids[0][0], best_ask: b.asks[0][0] }, 'top of book follows the book');

    const gaps = await q<{ reason: string; started_at: Date; ended_at: Date }>('SELECT reason, started_at, ended_at FROM recorder_gaps WHERE market_id = $1', [id]);
    assert.equal(gaps.length, 1);
    assert.equal(gaps[0].reason, 'upstream disconnected');
    assert.ok(gaps[0].ended_at.getTime() >= gaps[0].started_at.getTime());
    const health = await svc.request('/health');
    const rec = health.body.components.recorder;
    assert.equal(rec.venues.kalshi.mode, 'stream');
    assert.equal(rec.venues.kalshi.open_gaps, 0);
    assert.ok(rec.venues.kalshi.lag_ms !== null);
    assert.ok(rec.gaps_24h.some((g: { market_id: string; reason: string }) => g.market_id === id && g.reason === 'upstream disconnected'), 'the gap is in /health');
    assert.equal(typeof rec.write_lag_ms, 'number');
  });

  it('records a polled venue (opinion): books, top of book and trades', async () => {
    const [id] = svc.recorder!.tracked('opinion');
    assert.ok(id, 'an opinion market is tracked');
    for (let i = 0; i < 5; i++) sim('opinion').activity.stepMarket(id);
    const want = simBook('opinion', id);
    await until('the polled book', async () => {
      await svc.recorder!.flush();
      const [snap] = await q<{ bids: Level[]; asks: Level[] }>('SELECT bids, asks FROM recorded_book_snapshots WHERE market_id = $1 ORDER BY seq DESC LIMIT 1', [id]);
      return !!snap && JSON.stringify(snap) === JSON.stringify(want);
    });
    const [src] = await q<{ source: string }>('SELECT source FROM recorded_book_snapshots WHERE market_id = $1 ORDER BY seq DESC LIMIT 1', [id]);
    assert.equal(src.source, 'poll');
    assert.ok((await q('SELECT 1 FROM recorded_trades WHERE market_id = $1', [id])).length > 0, 'trades polled');
    const health = await svc.request('/health');
    assert.equal(health.body.components.recorder.venues.opinion.mode, 'poll');
  });

  it('retention drops whole day partitions past the retention, and keeps the rest', async () => {
    const day = 86_400_000;
    const now = Date.now();
    const long = new PartitionManager(svc.db.pool, { retentionDays: 365, aheadDays: 1 });
    const store = new RecordedStore(svc.db.pool, long);
    const old = now - 40 * day;
    const recent = now - 2 * day;
    const trade = (ts: number, id: string) => ({ exchange: 'kalshi', market_id: 'RET-TEST', trade_id: id, ts, price: 0.5, size: 1, taker_side: null, outcome: null });
    await store.write({ book: [], trades: [trade(old, 'old'), trade(recent, 'recent')], gaps: [] }, now);
    const oldName = `recorded_trades_p${new Date(old).toISOString().slice(0, 10).replace(/-/g, '')}`;
    assert.ok((await long.partitions('recorded_trades')).includes(oldName));

    const { dropped } = await new PartitionManager(svc.db.pool, { retentionDays: 30, aheadDays: 1 }).maintain(now);
    assert.ok(dropped.includes(oldName), `dropped ${oldName} (${dropped.join(', ')})`);
    assert.ok(!dropped.some((n) => n.endsWith(new Date(recent).toISOString().slice(0, 10).replace(/-/g, ''))), 'recent partitions stay');
    const ids = (await q<{ trade_id: string }>("SELECT trade_id FROM recorded_trades WHERE market_id = 'RET-TEST'")).map((r) => r.trade_id);
    assert.deepEqual(ids, ['recent']);
    // A row older than retention is not written at all (it would land in a dropped day).
    const short = new RecordedStore(svc.db.pool, new PartitionManager(svc.db.pool, { retentionDays: 30, aheadDays: 1 }));
    const r = await short.write({ book: [], trades: [trade(old, 'old-again')], gaps: [] }, now);
    assert.equal(r.tooOld, 1);
    assert.ok(!(await long.partitions('recorded_trades')).includes(oldName), 'no partition re-created for it');
  });
});
