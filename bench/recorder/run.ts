/**
 * Recorder benchmark, in one run on one fresh embedded database (PGlite):
 * 1. recording throughput: book deltas pushed through the real recorder (MarketRecorder: stream
 *    events -> its book -> buffered rows -> one transaction per flush, sequence numbers reserved,
 *    top-of-book rows alongside), timed from the first event until everything is flushed; against
 *    a plain loop of single-row INSERTs of the same deltas into a plain table of the same database;
 * 2. candle query latency over a day of trades at one per second (86,400 trades, written through the
 *    store, so the one-minute rollup is kept): a day of 1m candles (rollup), of 1h candles
 *    (aggregated from the rollup), and of 1s candles (from the trades), p50/p95 of repeated queries;
 *    against 1m candles aggregated straight from the trades (no rollup).
 *
 *   npx tsx bench/recorder/run.ts [--deltas 50000] [--markets 20] [--queries 40]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { openDatabase } from '../../src/db/database.js';
import { PartitionManager } from '../../src/recorder/partition-repository.js';
import { RecordedStore, type TradeRow } from '../../src/recorder/recorded-data-repository.js';
import { MarketRecorder } from '../../src/recorder/recorder.js';
import type { VenueAdapter } from '../../src/venues/adapter.js';
import type { StreamEvent } from '../../src/venues/stream.js';

const { values: args } = parseArgs({ options: { deltas: { type: 'string', default: '50000' }, markets: { type: 'string', default: '20' }, queries: { type: 'string', default: '40' } } });
const N = Number(args.deltas);
const M = Number(args.markets);
const Q = Number(args.queries);

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const fmt = (x: number) => x.toFixed(1);

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-recorder-'));
  const db = await openDatabase({ dataDir: dir });
  try {
    const partitions = new PartitionManager(db.pool, { retentionDays: 30, aheadDays: 1 });
    const store = new RecordedStore(db.pool, partitions);
    const ids = Array.from({ length: M }, (_, i) => `BENCH-${i}`);
    // A venue whose markets are listed explicitly (so no catalog is needed) and whose stream is ours.
    let emit: (e: StreamEvent) => void = () => undefined;
    const adapter = {
      exchange: 'kalshi',
      capabilities: { reads: { orderbook: true } },
      getMarket: async (id: string) => ({ market_id: id, outcomes: [{ id: 'yes', label: 'Yes', price: null }] }),
    } as unknown as VenueAdapter;
    const recorder = new MarketRecorder({
      pool: db.pool, store, partitions,
      venues: [{ exchange: 'kalshi', adapter, selection: { kind: 'list', ids }, feed: { follow: () => undefined, unfollow: () => undefined, observe: (l) => ((emit = l), () => undefined), channels: () => ({ orderbook: true, trades: true }), connected: () => true } }],
      settings: { pollMs: 3_600_000, snapshotIntervalMs: 3_600_000, flushMs: 250, refreshMs: 3_600_000, maxMarketsPerVenue: 1000, maintenanceMs: 3_600_000, maxBufferedRows: 10_000_000 },
      logger: pino({ level: 'silent' }),
    });
    await recorder.start();
    const now = new Date().toISOString();
    for (const id of ids) {
      const levels = Array.from({ length: 20 }, (_, k) => ({ price: Math.round((0.5 - (k + 1) / 100) * 100) / 100, size: 100 }));
      emit({ kind: 'book', book: { exchange: 'kalshi', market_id: id, outcome_id: 'yes', bids: levels, asks: levels.map((l) => ({ price: Math.round((1 - l.price) * 100) / 100, size: 100 })), timestamp: now } });
    }
    await recorder.flush();
    // Deltas that each change a level (sizes cycle), spread over the markets.
    const deltas = Array.from({ length: N }, (_, i) => ({
      kind: 'delta' as const,
      delta: { exchange: 'kalshi' as const, market_id: ids[i % M], outcome_id: 'yes', seq: null, side: (i % 2 ? 'bid' : 'ask') as 'bid' | 'ask', price: i % 2 ? 0.3 + (i % 19) / 100 : 0.51 + (i % 19) / 100, size: 1 + (i % 997), size_delta: null, timestamp: now },
    }));
    let t0 = performance.now();
    for (let i = 0; i < deltas.length; i++) {
      emit(deltas[i]);
      // Let the flush timer run while events arrive, as it does in service.
      if (i % 5000 === 4999) await new Promise((r) => setImmediate(r));
    }
    await recorder.flush();
    const recorderS = (performance.now() - t0) / 1000;
    const stored = (await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM recorded_book_deltas')).rows[0].n;
    await recorder.close();

    await db.pool.query('CREATE TABLE bench_plain_deltas (exchange text, market_id text, ts timestamptz, side text, price float8, size float8)');
    t0 = performance.now();
    for (const { delta: d } of deltas) {
      await db.pool.query('INSERT INTO bench_plain_deltas VALUES ($1, $2, $3, $4, $5, $6)', [d.exchange, d.market_id, d.timestamp, d.side, d.price, d.size]);
    }
    const plainS = (performance.now() - t0) / 1000;

    console.log(`\n### Recording throughput (${N} deltas over ${M} markets)\n`);
    console.log('| path | deltas stored | seconds | deltas/s | vs plain loop |\n|---|---:|---:|---:|---:|');
    console.log(`| plain single-row INSERT loop (baseline) | ${N} | ${plainS.toFixed(2)} | ${Math.round(N / plainS)} | 1.00x |`);
    console.log(`| recorder (book, deltas + top of book, batched) | ${stored} | ${recorderS.toFixed(2)} | ${Math.round(stored / recorderS)} | ${(plainS / recorderS).toFixed(2)}x |`);

    // ---- candles over a day of trades at one per second ---------------------------------------------
    const day = Math.floor(Date.now() / 86_400_000) * 86_400_000 - 86_400_000;
    const trades: TradeRow[] = Array.from({ length: 86_400 }, (_, s) => ({ exchange: 'kalshi', market_id: 'CANDLES', trade_id: `t${s}`, ts: day + s * 1000, price: 0.3 + ((s * 7919) % 400) / 1000, size: 1 + (s % 50), taker_side: 'buy', outcome: 'yes' }));
    t0 = performance.now();
    for (let i = 0; i < trades.length; i += 5_000) await store.write({ book: [], trades: trades.slice(i, i + 5_000), gaps: [] }, Date.now());
    const loadS = (performance.now() - t0) / 1000;
    const time = async (fn: () => Promise<unknown>): Promise<number[]> => {
      await fn();
      const xs: number[] = [];
      for (let i = 0; i < Q; i++) {
        const s = performance.now();
        await fn();
        xs.push(performance.now() - s);
      }
      return xs;
    };
    const end = day + 86_400_000 - 1;
    const rows: [string, number, number[]][] = [];
    const direct = async () =>
      db.pool.query(
        `SELECT date_bin('1 minute', ts, TIMESTAMPTZ 'epoch') AS ts, (array_agg(price ORDER BY ts, trade_id))[1] AS open, max(price), min(price),
                (array_agg(price ORDER BY ts DESC, trade_id DESC))[1] AS close, sum(size) FROM recorded_trades
         WHERE exchange = 'kalshi' AND market_id = 'CANDLES' AND ts >= $1 AND ts <= $2 GROUP BY 1 ORDER BY 1`,
        [new Date(day).toISOString(), new Date(end).toISOString()],
      );
    rows.push(['1m straight from the trades (baseline, no rollup)', 1440, await time(direct)]);
    rows.push(['1m from the rollup', (await store.candles('kalshi', 'CANDLES', 60, day, end, 10_000)).length, await time(() => store.candles('kalshi', 'CANDLES', 60, day, end, 10_000))]);
    rows.push(['1h from the rollup', (await store.candles('kalshi', 'CANDLES', 3600, day, end, 10_000)).length, await time(() => store.candles('kalshi', 'CANDLES', 3600, day, end, 10_000))]);
    rows.push(['1s from the trades (one page of 10,000)', 10_000, await time(() => store.candles('kalshi', 'CANDLES', 1, day, end, 10_000))]);
    console.log(`\n### Candle queries over a day of 1-second trades (86,400 trades loaded in ${loadS.toFixed(1)} s; ${Q} queries each)\n`);
    console.log('| query | candles | p50 ms | p95 ms |\n|---|---:|---:|---:|');
    for (const [name, n, xs] of rows) console.log(`| ${name} | ${n} | ${fmt(pct(xs, 50))} | ${fmt(pct(xs, 95))} |`);
  } finally {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
