/**
 * The recorded tables (`recorded_*`) behind one repository: batched writes for the recorder and the
 * range reads the recorded-data routes serve. Writes go in one transaction per batch, one INSERT per
 * table over unnest()ed arrays (a round trip per table, not per row); book rows get their sequence
 * numbers reserved in buffer order first, so a snapshot taken between two deltas sorts between them.
 * Rows outside retention are dropped before writing; the day partition of every other row is made
 * sure of first (PartitionManager).
 */
import type pg from 'pg';
import { withTransaction } from '../db/transaction.js';
import type { PartitionManager } from './partition-repository.js';

export type Level = [price: number, size: number];

export interface SnapshotRow {
  kind: 'snapshot';
  exchange: string;
  market_id: string;
  /** Epoch ms. */
  ts: number;
  bids: Level[];
  asks: Level[];
  source: 'stream' | 'resync' | 'periodic' | 'poll';
}

export interface DeltaRow {
  kind: 'delta';
  exchange: string;
  market_id: string;
  ts: number;
  side: 'bid' | 'ask';
  price: number;
  size: number;
  size_delta: number;
}

export interface TopRow {
  kind: 'top';
  exchange: string;
  market_id: string;
  ts: number;
  best_bid: number | null;
  best_ask: number | null;
  bid_size: number | null;
  ask_size: number | null;
}

export interface TradeRow {
  exchange: string;
  market_id: string;
  trade_id: string;
  ts: number;
  price: number;
  size: number;
  taker_side: 'buy' | 'sell' | null;
  outcome: string | null;
}

export type BookRow = SnapshotRow | DeltaRow | TopRow;

export interface GapRow {
  exchange: string;
  market_id: string;
  started_at: number;
  ended_at: number;
  reason: string;
}

export interface WriteBatch {
  /** Snapshots, deltas and tops in the order they happened (their sequence numbers follow it). */
  book: BookRow[];
  trades: TradeRow[];
  gaps: GapRow[];
}

/** Where a page of a recorded series continues: after this (ts, seq). */
export interface SeriesKey {
  ts: number;
  seq: number;
}

export interface RangeQuery {
  exchange: string;
  marketId: string;
  /** Epoch ms, inclusive. */
  startMs: number;
  endMs: number;
  limit: number;
  after?: SeriesKey;
}

export interface StoredSnapshot {
  seq: number;
  ts: number;
  bids: Level[];
  asks: Level[];
  source: string;
}

/** A row as read back: what was written, without the market it is filed under, with its sequence number. */
type Stored<R> = Omit<R, 'kind' | 'exchange' | 'market_id'> & { seq: number };

export type StoredDelta = Stored<DeltaRow>;

export type StoredTop = Stored<TopRow>;

export type StoredTrade = Omit<TradeRow, 'exchange' | 'market_id'>;

export interface StoredCandle {
  /** Period start, epoch ms. */
  ts: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  trades: number;
}

const ms = (d: Date | string): number => (d instanceof Date ? d.getTime() : Date.parse(d));

/** A write refused because the writer no longer holds the recorder's lease (another process may record). */
export class LeaseLostError extends Error {
  constructor() {
    super('the recorder lease is no longer held: write refused');
    this.name = 'LeaseLostError';
  }
}

/** Checked inside a write's transaction, just before it commits: false refuses the write. */
export type WriteFence = (client: pg.PoolClient) => Promise<boolean>;

export class RecordedStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly partitions: PartitionManager,
  ) {}

  /**
   * Writes a batch; returns how many rows were dropped as older than retention. `fence`: checked in
   * the transaction just before it commits; false rolls the batch back (LeaseLostError).
   */
  async write(batch: WriteBatch, nowMs: number, fence?: WriteFence): Promise<{ written: number; tooOld: number }> {
    const keep = <T extends { ts: number }>(rows: T[]): T[] => rows.filter((r) => this.partitions.keeps(r.ts, nowMs));
    const book = keep(batch.book);
    const trades = keep(batch.trades);
    const tooOld = batch.book.length - book.length + batch.trades.length - trades.length;
    const days = new Set<number>();
    for (const r of book) days.add(Math.floor(r.ts / 86_400_000));
    for (const r of trades) days.add(Math.floor(r.ts / 86_400_000));
    for (const d of days) await this.partitions.ensureDay(d * 86_400_000);

    await withTransaction(this.pool, async (client) => {
      let seqs: number[] = [];
      if (book.length) {
        const { rows } = await client.query<{ seqs: string[] }>(`SELECT array_agg(nextval('recorded_book_seq') ORDER BY g) AS seqs FROM generate_series(1, $1::int) g`, [book.length]);
        seqs = rows[0].seqs.map(Number);
      }
      const numbered = book.map((r, i) => ({ r, seq: seqs[i] }));
      const snaps = numbered.filter((x): x is { r: SnapshotRow; seq: number } => x.r.kind === 'snapshot');
      const deltas = numbered.filter((x): x is { r: DeltaRow; seq: number } => x.r.kind === 'delta');
      const tops = numbered.filter((x): x is { r: TopRow; seq: number } => x.r.kind === 'top');
      const iso = (t: number) => new Date(t).toISOString();
      await insertColumns(client, 'recorded_book_snapshots', snaps, [
        ['exchange', 'text', (x) => x.r.exchange], ['market_id', 'text', (x) => x.r.market_id], ['seq', 'bigint', (x) => x.seq], ['ts', 'timestamptz', (x) => iso(x.r.ts)],
        ['bids', 'jsonb', (x) => JSON.stringify(x.r.bids)], ['asks', 'jsonb', (x) => JSON.stringify(x.r.asks)], ['source', 'text', (x) => x.r.source],
      ]);
      await insertColumns(client, 'recorded_book_deltas', deltas, [
        ['exchange', 'text', (x) => x.r.exchange], ['market_id', 'text', (x) => x.r.market_id], ['seq', 'bigint', (x) => x.seq], ['ts', 'timestamptz', (x) => iso(x.r.ts)],
        ['side', 'text', (x) => x.r.side], ['price', 'float8', (x) => x.r.price], ['size', 'float8', (x) => x.r.size], ['size_delta', 'float8', (x) => x.r.size_delta],
      ]);
      await insertColumns(client, 'recorded_top_of_book', tops, [
        ['exchange', 'text', (x) => x.r.exchange], ['market_id', 'text', (x) => x.r.market_id], ['seq', 'bigint', (x) => x.seq], ['ts', 'timestamptz', (x) => iso(x.r.ts)],
        ['best_bid', 'float8', (x) => x.r.best_bid], ['best_ask', 'float8', (x) => x.r.best_ask], ['bid_size', 'float8', (x) => x.r.bid_size], ['ask_size', 'float8', (x) => x.r.ask_size],
      ]);
      if (trades.length) {
        // The trades, and the one-minute candles of those actually inserted (a duplicate adds nothing).
        await client.query(
          `WITH ins AS (
             INSERT INTO recorded_trades (exchange, market_id, trade_id, ts, price, size, taker_side, outcome)
             SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::float8[], $6::float8[], $7::text[], $8::text[])
             ON CONFLICT DO NOTHING
             RETURNING exchange, market_id, trade_id, ts, price, size
           ), minutes AS (
             SELECT exchange, market_id, date_bin('1 minute', ts, TIMESTAMPTZ 'epoch') AS ts,
                    (array_agg(price ORDER BY ts, trade_id))[1] AS open, max(price) AS high, min(price) AS low,
                    (array_agg(price ORDER BY ts DESC, trade_id DESC))[1] AS close, sum(size) AS volume, count(*)::int AS trades,
                    min(ts) AS open_ts, max(ts) AS close_ts
             FROM ins GROUP BY 1, 2, 3
           )
           INSERT INTO recorded_candles_1m AS c (exchange, market_id, ts, open, high, low, close, volume, trades, open_ts, close_ts)
           SELECT exchange, market_id, ts, open, high, low, close, volume, trades, open_ts, close_ts FROM minutes
           ON CONFLICT (exchange, market_id, ts) DO UPDATE SET
             open = CASE WHEN EXCLUDED.open_ts < c.open_ts THEN EXCLUDED.open ELSE c.open END,
             open_ts = LEAST(c.open_ts, EXCLUDED.open_ts),
             close = CASE WHEN EXCLUDED.close_ts >= c.close_ts THEN EXCLUDED.close ELSE c.close END,
             close_ts = GREATEST(c.close_ts, EXCLUDED.close_ts),
             high = GREATEST(c.high, EXCLUDED.high),
             low = LEAST(c.low, EXCLUDED.low),
             volume = c.volume + EXCLUDED.volume,
             trades = c.trades + EXCLUDED.trades`,
          [trades.map((t) => t.exchange), trades.map((t) => t.market_id), trades.map((t) => t.trade_id), trades.map((t) => iso(t.ts)),
            trades.map((t) => t.price), trades.map((t) => t.size), trades.map((t) => t.taker_side), trades.map((t) => t.outcome)],
        );
      }
      if (batch.gaps.length) {
        const g = batch.gaps;
        await client.query(
          `INSERT INTO recorder_gaps (exchange, market_id, started_at, ended_at, reason)
           SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::timestamptz[], $5::text[])`,
          [g.map((x) => x.exchange), g.map((x) => x.market_id), g.map((x) => iso(x.started_at)), g.map((x) => iso(x.ended_at)), g.map((x) => x.reason)],
        );
      }
      if (fence && !(await fence(client))) throw new LeaseLostError();
    });
    return { written: book.length + trades.length, tooOld };
  }

  // ---- reads ---------------------------------------------------------------------------------------

  /** `WHERE` of a ranged, paged series: the market, the range, and after the page key. */
  private static range(q: RangeQuery): { sql: string; params: unknown[] } {
    const params: unknown[] = [q.exchange, q.marketId, new Date(q.startMs).toISOString(), new Date(q.endMs).toISOString()];
    let sql = 'exchange = $1 AND market_id = $2 AND ts >= $3 AND ts <= $4';
    if (q.after) {
      params.push(new Date(q.after.ts).toISOString(), q.after.seq);
      sql += ` AND (ts, seq) > ($5::timestamptz, $6::bigint)`;
    }
    return { sql, params };
  }

  async snapshots(q: RangeQuery): Promise<StoredSnapshot[]> {
    const { sql, params } = RecordedStore.range(q);
    const { rows } = await this.pool.query<{ seq: number; ts: Date; bids: Level[]; asks: Level[]; source: string }>(
      `SELECT seq, ts, bids, asks, source FROM recorded_book_snapshots WHERE ${sql} ORDER BY ts, seq LIMIT ${q.limit}`,
      params,
    );
    return rows.map((r) => ({ seq: Number(r.seq), ts: ms(r.ts), bids: r.bids, asks: r.asks, source: r.source }));
  }

  async deltas(q: RangeQuery): Promise<StoredDelta[]> {
    const { sql, params } = RecordedStore.range(q);
    const { rows } = await this.pool.query<{ seq: number; ts: Date; side: 'bid' | 'ask'; price: number; size: number; size_delta: number }>(
      `SELECT seq, ts, side, price, size, size_delta FROM recorded_book_deltas WHERE ${sql} ORDER BY ts, seq LIMIT ${q.limit}`,
      params,
    );
    return rows.map((r) => ({ ...r, seq: Number(r.seq), ts: ms(r.ts) }));
  }

  async tops(q: RangeQuery): Promise<StoredTop[]> {
    const { sql, params } = RecordedStore.range(q);
    const { rows } = await this.pool.query<{ seq: number; ts: Date; best_bid: number | null; best_ask: number | null; bid_size: number | null; ask_size: number | null }>(
      `SELECT seq, ts, best_bid, best_ask, bid_size, ask_size FROM recorded_top_of_book WHERE ${sql} ORDER BY ts, seq LIMIT ${q.limit}`,
      params,
    );
    return rows.map((r) => ({ ...r, seq: Number(r.seq), ts: ms(r.ts) }));
  }

  /** Trades in [startMs, endMs], oldest first. */
  async trades(exchange: string, marketId: string, startMs: number, endMs: number, limit = 1_000_000): Promise<StoredTrade[]> {
    const { rows } = await this.pool.query<{ trade_id: string; ts: Date; price: number; size: number; taker_side: 'buy' | 'sell' | null; outcome: string | null }>(
      `SELECT trade_id, ts, price, size, taker_side, outcome FROM recorded_trades
       WHERE exchange = $1 AND market_id = $2 AND ts >= $3 AND ts <= $4 ORDER BY ts, trade_id LIMIT ${limit}`,
      [exchange, marketId, new Date(startMs).toISOString(), new Date(endMs).toISOString()],
    );
    return rows.map((r) => ({ ...r, ts: ms(r.ts) }));
  }

  /** Trades in [startMs, endMs], newest first (ties by id, descending, as the trade pages expect). */
  async tradesNewestFirst(exchange: string, marketId: string, startMs: number, endMs: number, limit: number): Promise<StoredTrade[]> {
    const { rows } = await this.pool.query<{ trade_id: string; ts: Date; price: number; size: number; taker_side: 'buy' | 'sell' | null; outcome: string | null }>(
      `SELECT trade_id, ts, price, size, taker_side, outcome FROM recorded_trades
       WHERE exchange = $1 AND market_id = $2 AND ts >= $3 AND ts <= $4 ORDER BY ts DESC, trade_id DESC LIMIT ${Math.floor(limit)}`,
      [exchange, marketId, new Date(startMs).toISOString(), new Date(endMs).toISOString()],
    );
    return rows.map((r) => ({ ...r, ts: ms(r.ts) }));
  }

  /**
   * OHLCV candles of the recorded trades with periods starting in [startMs, endMs], oldest first;
   * periods without trades have no row. 1s from the trades themselves; 1m from the one-minute
   * rollup; longer ones aggregated from it (open of the first minute, close of the last).
   */
  async candles(exchange: string, marketId: string, intervalS: number, startMs: number, endMs: number, limit: number): Promise<StoredCandle[]> {
    const params = [exchange, marketId, new Date(startMs).toISOString(), new Date(endMs).toISOString()];
    let sql: string;
    if (intervalS === 1) {
      sql = `SELECT date_bin('1 second', ts, TIMESTAMPTZ 'epoch') AS ts, (array_agg(price ORDER BY ts, trade_id))[1] AS open, max(price) AS high, min(price) AS low,
                    (array_agg(price ORDER BY ts DESC, trade_id DESC))[1] AS close, sum(size) AS volume, count(*)::int AS trades
             FROM recorded_trades WHERE exchange = $1 AND market_id = $2 AND ts >= $3 AND ts < $4::timestamptz + interval '1 second'
             GROUP BY 1 HAVING date_bin('1 second', ts, TIMESTAMPTZ 'epoch') BETWEEN $3 AND $4 ORDER BY 1 LIMIT ${Math.floor(limit)}`;
    } else if (intervalS === 60) {
      sql = `SELECT ts, open, high, low, close, volume, trades FROM recorded_candles_1m
             WHERE exchange = $1 AND market_id = $2 AND ts >= $3 AND ts <= $4 ORDER BY ts LIMIT ${Math.floor(limit)}`;
    } else {
      sql = `SELECT date_bin('${intervalS} seconds', ts, TIMESTAMPTZ 'epoch') AS ts, (array_agg(open ORDER BY ts))[1] AS open, max(high) AS high, min(low) AS low,
                    (array_agg(close ORDER BY ts DESC))[1] AS close, sum(volume) AS volume, sum(trades)::int AS trades
             FROM recorded_candles_1m WHERE exchange = $1 AND market_id = $2 AND ts >= $3 AND ts < $4::timestamptz + interval '${intervalS} seconds'
             GROUP BY 1 HAVING date_bin('${intervalS} seconds', ts, TIMESTAMPTZ 'epoch') BETWEEN $3 AND $4 ORDER BY 1 LIMIT ${Math.floor(limit)}`;
    }
    const { rows } = await this.pool.query<{ ts: Date; open: number; high: number; low: number; close: number; volume: number; trades: number }>(sql, params);
    return rows.map((r) => ({ ...r, ts: ms(r.ts) }));
  }

  /** Every recorded trade of a venue in the UTC day starting at `dayMs`, oldest first. */
  async allTradesOfDay(exchange: string, dayMs: number): Promise<(StoredTrade & { market_id: string })[]> {
    const { rows } = await this.pool.query<{ market_id: string; trade_id: string; ts: Date; price: number; size: number; taker_side: 'buy' | 'sell' | null; outcome: string | null }>(
      `SELECT market_id, trade_id, ts, price, size, taker_side, outcome FROM recorded_trades
       WHERE exchange = $1 AND ts >= $2 AND ts < $3 ORDER BY ts, market_id, trade_id`,
      [exchange, new Date(dayMs).toISOString(), new Date(dayMs + 86_400_000).toISOString()],
    );
    return rows.map((r) => ({ ...r, ts: ms(r.ts) }));
  }

  /** Whether any trade of the market is recorded. */
  async hasTrades(exchange: string, marketId: string): Promise<boolean> {
    const { rows } = await this.pool.query('SELECT 1 FROM recorded_trades WHERE exchange = $1 AND market_id = $2 LIMIT 1', [exchange, marketId]);
    return rows.length > 0;
  }

  /** The latest recorded top of book of each market asked for (markets never recorded are absent). */
  async latestTops(markets: readonly { exchange: string; marketId: string }[]): Promise<Map<string, StoredTop>> {
    const out = new Map<string, StoredTop>();
    if (markets.length === 0) return out;
    const { rows } = await this.pool.query<{ exchange: string; market_id: string } & StoredTop & { ts: Date }>(
      `SELECT t.* FROM unnest($1::text[], $2::text[]) AS m(exchange, market_id)
       CROSS JOIN LATERAL (SELECT exchange, market_id, seq, ts, best_bid, best_ask, bid_size, ask_size FROM recorded_top_of_book r
                           WHERE r.exchange = m.exchange AND r.market_id = m.market_id ORDER BY ts DESC, seq DESC LIMIT 1) t`,
      [markets.map((m) => m.exchange), markets.map((m) => m.marketId)],
    );
    for (const r of rows) out.set(`${r.exchange}:${r.market_id}`, { seq: Number(r.seq), ts: ms(r.ts), best_bid: r.best_bid, best_ask: r.best_ask, bid_size: r.bid_size, ask_size: r.ask_size });
    return out;
  }

  /** The latest recorded trade of each market asked for. */
  async latestTrades(markets: readonly { exchange: string; marketId: string }[]): Promise<Map<string, StoredTrade>> {
    const out = new Map<string, StoredTrade>();
    if (markets.length === 0) return out;
    const { rows } = await this.pool.query<{ exchange: string; market_id: string; trade_id: string; ts: Date; price: number; size: number; taker_side: 'buy' | 'sell' | null; outcome: string | null }>(
      `SELECT t.* FROM unnest($1::text[], $2::text[]) AS m(exchange, market_id)
       CROSS JOIN LATERAL (SELECT exchange, market_id, trade_id, ts, price, size, taker_side, outcome FROM recorded_trades r
                           WHERE r.exchange = m.exchange AND r.market_id = m.market_id ORDER BY ts DESC, trade_id DESC LIMIT 1) t`,
      [markets.map((m) => m.exchange), markets.map((m) => m.marketId)],
    );
    for (const r of rows) out.set(`${r.exchange}:${r.market_id}`, { trade_id: r.trade_id, ts: ms(r.ts), price: r.price, size: r.size, taker_side: r.taker_side, outcome: r.outcome });
    return out;
  }

  /** Gaps that ended at or after `sinceMs`, newest first. */
  async gapsSince(sinceMs: number, limit = 50): Promise<GapRow[]> {
    const { rows } = await this.pool.query<{ exchange: string; market_id: string; started_at: Date; ended_at: Date; reason: string }>(
      `SELECT exchange, market_id, started_at, ended_at, reason FROM recorder_gaps WHERE ended_at >= $1 ORDER BY ended_at DESC LIMIT ${limit}`,
      [new Date(sinceMs).toISOString()],
    );
    return rows.map((r) => ({ ...r, started_at: ms(r.started_at), ended_at: ms(r.ended_at) }));
  }
}

/**
 * One multi-row INSERT of `rows` into `table`, column by column (`unnest` of one typed array per
 * column: one statement and one round trip whatever the batch size); nothing when `rows` is empty.
 */
async function insertColumns<T>(
  client: pg.PoolClient,
  table: string,
  rows: readonly T[],
  columns: readonly (readonly [name: string, sqlType: string, value: (row: T) => unknown])[],
): Promise<void> {
  if (!rows.length) return;
  const names = columns.map(([name]) => name).join(', ');
  const arrays = columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ');
  await client.query(`INSERT INTO ${table} (${names}) SELECT * FROM unnest(${arrays})`, columns.map(([, , value]) => rows.map(value)));
}
