// The recorder's tables on a PostgreSQL server (not the embedded one): partitions created ahead,
// batched writes with the one-minute rollup, candles, and retention by dropping partitions. On a fresh
// database of the project's local server (test/helpers/postgres-server.ts), migrated like any other.
import assert from 'node:assert/strict';
import pg from 'pg';
import { PartitionManager, RECORDED_TABLES } from '../../src/recorder/partition-repository.js';
import { RecordedStore } from '../../src/recorder/recorded-data-repository.js';
import { createServerDatabase } from '../helpers/postgres-server.js';

describe('recorder on a PostgreSQL server', function () {
  this.timeout(30_000);
  let pool: pg.Pool;
  let database: { url: string; drop(): Promise<void> };

  before(async function () {
    this.timeout(180_000); // the first call starts the local server
    database = await createServerDatabase();
    pool = new pg.Pool({ connectionString: database.url });
  });
  after(async () => {
    await pool?.end();
    await database?.drop();
  });

  it('writes, aggregates and expires the same as on the embedded database', async () => {
    const day = 86_400_000;
    const now = Date.now();
    const parts = new PartitionManager(pool, { retentionDays: 30, aheadDays: 2 });
    await parts.maintain(now);
    for (const t of RECORDED_TABLES) assert.ok((await parts.partitions(t)).length >= 3, t);
    const store = new RecordedStore(pool, new PartitionManager(pool, { retentionDays: 365, aheadDays: 1 }));
    const base = Math.floor(now / 60_000) * 60_000 - 3_600_000;
    const trade = (id: string, ts: number, price: number) => ({ exchange: 'kalshi', market_id: 'PG', trade_id: id, ts, price, size: 2, taker_side: 'buy' as const, outcome: 'yes' });
    await store.write({
      book: [
        { kind: 'snapshot', exchange: 'kalshi', market_id: 'PG', ts: base, bids: [[0.4, 10]], asks: [[0.6, 5]], source: 'stream' },
        { kind: 'delta', exchange: 'kalshi', market_id: 'PG', ts: base + 1, side: 'bid', price: 0.41, size: 3, size_delta: 3 },
        { kind: 'top', exchange: 'kalshi', market_id: 'PG', ts: base + 1, best_bid: 0.41, best_ask: 0.6, bid_size: 3, ask_size: 5 },
      ],
      trades: [trade('a', base + 1000, 0.4), trade('b', base + 2000, 0.5), trade('old', now - 40 * day, 0.3)],
      gaps: [{ exchange: 'kalshi', market_id: 'PG', started_at: base, ended_at: base + 5, reason: 'test' }],
    }, now);
    await store.write({ book: [], trades: [trade('b', base + 2000, 0.5), trade('c', base + 3000, 0.45)], gaps: [] }, now);
    const [snap] = await store.snapshots({ exchange: 'kalshi', marketId: 'PG', startMs: base, endMs: now, limit: 10 });
    const [delta] = await store.deltas({ exchange: 'kalshi', marketId: 'PG', startMs: base, endMs: now, limit: 10 });
    assert.ok(delta.seq > snap.seq, 'sequence in buffer order');
    const candles = await store.candles('kalshi', 'PG', 60, base, now, 10);
    assert.deepEqual(candles.map(({ ts, open, high, low, close, volume }) => ({ ts, open, high, low, close, volume })), [{ ts: base, open: 0.4, high: 0.5, low: 0.4, close: 0.45, volume: 6 }]);
    const { dropped } = await parts.maintain(now);
    assert.ok(dropped.some((n) => n.startsWith('recorded_trades_p')), 'the 40-day-old partition is dropped');
    const left = await pool.query<{ trade_id: string }>("SELECT trade_id FROM recorded_trades WHERE market_id = 'PG' ORDER BY trade_id");
    assert.deepEqual(left.rows.map((r) => r.trade_id), ['a', 'b', 'c']);
  });
});
