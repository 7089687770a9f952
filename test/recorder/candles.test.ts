// Candles of recorded trades against OHLCV computed by hand, for every interval, on a fixed set of
// trades written in two batches (out of order, one trade sent twice), on the real database.
import assert from 'node:assert/strict';
import { openTestDatabase, type TestDatabase } from '../helpers/database.js';
import { PartitionManager } from '../../src/recorder/partition-repository.js';
import { RecordedStore, type TradeRow } from '../../src/recorder/recorded-data-repository.js';

const DAY = 86_400_000;
const base = Math.floor(Date.now() / DAY) * DAY - DAY; // yesterday 00:00 UTC
const at = (h: number, m: number, s: number, ms = 0) => base + ((h * 60 + m) * 60 + s) * 1000 + ms;
const t = (id: string, ts: number, price: number, size: number): TradeRow => ({ exchange: 'kalshi', market_id: 'CANDLE-TEST', trade_id: id, ts, price, size, taker_side: 'buy', outcome: 'yes' });

const TRADES = [
  t('a', at(10, 0, 0, 200), 0.4, 10),
  t('b', at(10, 0, 0, 700), 0.45, 5),
  t('c', at(10, 0, 1, 100), 0.42, 1),
  t('d', at(10, 0, 59, 900), 0.5, 2),
  t('e', at(10, 1, 0), 0.48, 3),
  t('f', at(10, 4, 30), 0.3, 4),
  t('g', at(10, 5, 0), 0.35, 6),
  t('h', at(10, 12, 0), 0.6, 1),
  t('i', at(11, 0, 0), 0.55, 7),
  t('j', at(24, 0, 1), 0.7, 2),
];

type C = [ts: number, open: number, high: number, low: number, close: number, volume: number];
const EXPECTED: Record<string, C[]> = {
  1: [
    [at(10, 0, 0), 0.4, 0.45, 0.4, 0.45, 15], [at(10, 0, 1), 0.42, 0.42, 0.42, 0.42, 1], [at(10, 0, 59), 0.5, 0.5, 0.5, 0.5, 2], [at(10, 1, 0), 0.48, 0.48, 0.48, 0.48, 3],
    [at(10, 4, 30), 0.3, 0.3, 0.3, 0.3, 4], [at(10, 5, 0), 0.35, 0.35, 0.35, 0.35, 6], [at(10, 12, 0), 0.6, 0.6, 0.6, 0.6, 1], [at(11, 0, 0), 0.55, 0.55, 0.55, 0.55, 7],
    [at(24, 0, 1), 0.7, 0.7, 0.7, 0.7, 2],
  ],
  60: [
    [at(10, 0, 0), 0.4, 0.5, 0.4, 0.5, 18], [at(10, 1, 0), 0.48, 0.48, 0.48, 0.48, 3], [at(10, 4, 0), 0.3, 0.3, 0.3, 0.3, 4], [at(10, 5, 0), 0.35, 0.35, 0.35, 0.35, 6],
    [at(10, 12, 0), 0.6, 0.6, 0.6, 0.6, 1], [at(11, 0, 0), 0.55, 0.55, 0.55, 0.55, 7], [at(24, 0, 0), 0.7, 0.7, 0.7, 0.7, 2],
  ],
  300: [
    [at(10, 0, 0), 0.4, 0.5, 0.3, 0.3, 25], [at(10, 5, 0), 0.35, 0.35, 0.35, 0.35, 6], [at(10, 10, 0), 0.6, 0.6, 0.6, 0.6, 1], [at(11, 0, 0), 0.55, 0.55, 0.55, 0.55, 7],
    [at(24, 0, 0), 0.7, 0.7, 0.7, 0.7, 2],
  ],
  600: [[at(10, 0, 0), 0.4, 0.5, 0.3, 0.35, 31], [at(10, 10, 0), 0.6, 0.6, 0.6, 0.6, 1], [at(11, 0, 0), 0.55, 0.55, 0.55, 0.55, 7], [at(24, 0, 0), 0.7, 0.7, 0.7, 0.7, 2]],
  3600: [[at(10, 0, 0), 0.4, 0.6, 0.3, 0.6, 32], [at(11, 0, 0), 0.55, 0.55, 0.55, 0.55, 7], [at(24, 0, 0), 0.7, 0.7, 0.7, 0.7, 2]],
  86400: [[base, 0.4, 0.6, 0.3, 0.55, 39], [base + DAY, 0.7, 0.7, 0.7, 0.7, 2]],
};

describe('candles of recorded trades', function () {
  this.timeout(30_000);
  let db: TestDatabase;
  let store: RecordedStore;

  before(async () => {
    db = await openTestDatabase();
    store = new RecordedStore(db.pool, new PartitionManager(db.pool, { retentionDays: 30, aheadDays: 1 }));
    // Two batches, the later trades first and the first minute split across them (its open arrives
    // second), and trade "d" sent twice: the rollup must still be exact.
    const now = Date.now();
    await store.write({ book: [], trades: [TRADES[1], TRADES[3], ...TRADES.slice(4)], gaps: [] }, now);
    await store.write({ book: [], trades: [TRADES[0], TRADES[2], TRADES[3]], gaps: [] }, now);
  });
  after(async () => {
    await db?.destroy();
  });

  for (const [name, seconds] of [['1s', 1], ['1m', 60], ['5m', 300], ['10m', 600], ['1h', 3600], ['1d', 86400]] as const) {
    it(`${name}: OHLCV per period, stamped with the period start, empty periods absent`, async () => {
      const got = await store.candles('kalshi', 'CANDLE-TEST', seconds, base, base + 2 * DAY, 10_000);
      const want = EXPECTED[seconds].map(([ts, open, high, low, close, volume]) => ({ ts, open, high, low, close, volume }));
      assert.deepEqual(got.map(({ trades: _t, ...c }) => c), want);
    });
  }

  it('serves the periods starting in [start, end], and pages by limit', async () => {
    const got = await store.candles('kalshi', 'CANDLE-TEST', 60, at(10, 1, 0), at(10, 5, 0), 10_000);
    assert.deepEqual(got.map((c) => c.ts), [at(10, 1, 0), at(10, 4, 0), at(10, 5, 0)]);
    const first = await store.candles('kalshi', 'CANDLE-TEST', 300, base, base + 2 * DAY, 2);
    assert.deepEqual(first.map((c) => c.ts), [at(10, 0, 0), at(10, 5, 0)]);
    // An hour whose trades are all before the range start is not served, even though the range starts inside it.
    assert.deepEqual((await store.candles('kalshi', 'CANDLE-TEST', 3600, at(10, 30, 0), at(12, 0, 0), 10)).map((c) => c.ts), [at(11, 0, 0)]);
  });
});
