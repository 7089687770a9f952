/**
 * The market-data recorder: for the markets it tracks on each venue (tracking.ts), it keeps book
 * snapshots, raw book deltas, trades and top of book in the day-partitioned recorded tables.
 *
 * Where the venue streams (an `UpstreamFeed`: the stream gateway's upstream connection of the venue,
 * shared, so the venue sees one socket), books and deltas come from the stream: the venue's snapshot
 * is stored as it arrives, each delta is applied to the recorder's own copy of the book and stored
 * with both the level's new size and the change, and a full snapshot is stored every
 * `snapshotIntervalMs` so a past book is rebuilt from a nearby snapshot. Trades come from the stream
 * where it carries them, else from polling the venue's trade list. Venues without a stream are polled
 * (book and trades) every `pollMs`.
 *
 * Gaps: when the upstream drops, every book of the venue is stale: the recorder notes when, ignores
 * deltas until the venue's fresh snapshot after the reconnect, stores that snapshot (source `resync`)
 * and a gap row (from the drop to the resync); the trades of the interval are fetched from the
 * venue's REST trade list (stored once: trades are keyed by id). A failed poll opens a gap the next
 * successful poll closes. Lag and gaps are reported by `health()` (GET /health, component `recorder`).
 *
 * Writes are buffered and flushed every `flushMs` in one transaction (RecordedStore.write); a failed
 * flush keeps its rows for the next one, up to `maxBufferedRows` (beyond, the oldest are dropped and
 * counted, and the affected markets get a gap).
 *
 * One recorder writes at a time across processes: with a `lease` (a PostgreSQL advisory lock,
 * src/indexers/recorder-lease.ts) the recorder follows, polls and writes only while it holds it. Until
 * then it stands by, trying again; each write checks in its transaction that the lease still holds
 * (the fence), and a recorder that loses the lease to another process stands down: it lets go of its
 * markets, discards what it buffered (the other recorder records from then on) and stands by again.
 */
import type { Logger } from 'pino';
import type pg from 'pg';
import type { ComponentHealth } from '../health/component-health.js';
import type { VenueAdapter } from '../venues/adapter.js';
import type { BookDelta, OrderBook, Trade } from '../venues/records.js';
import type { StreamEvent } from '../venues/stream.js';
import type { PartitionManager } from './partition-repository.js';
import { RecorderBook, sameTop, type Top } from './recorder-book.js';
import { LeaseLostError, type BookRow, type GapRow, type RecordedStore, type TradeRow, type WriteBatch, type WriteFence } from './recorded-data-repository.js';
import { CatalogReader } from '../catalog/catalog-repository.js';
import { resolveSelection, type Selection, type TrackedMarket } from './tracking.js';

/** A venue's upstream stream as the recorder uses it (wired to the stream gateway's feed in service.ts). */
export interface UpstreamFeed {
  /** Follow a market upstream (idempotent) for as long as the recorder wants it. */
  follow(market: TrackedMarket): void;
  unfollow(marketId: string): void;
  /** Every upstream event of the venue (all markets); returns the unsubscribe. */
  observe(listener: (e: StreamEvent) => void): () => void;
  /** What the venue's socket carries, once the upstream client exists (null before). */
  channels(): { orderbook: boolean; trades: boolean } | null;
  connected(): boolean;
}

/** The exclusive right to record, across processes (src/indexers/recorder-lease.ts). */
export interface RecorderLease {
  /** Resolves true once this process holds the lease (trying until then), false if `signal` aborts first. */
  acquire(signal: AbortSignal): Promise<boolean>;
  /** Checked in a write's transaction before it commits: whether the lease still holds. */
  fence: WriteFence;
  /** Hears when the lease is lost to another process. */
  onLost(listener: () => void): void;
  /** Gives the lease up (at close). */
  release(): Promise<void>;
}

export interface RecordedVenue {
  exchange: string;
  adapter: VenueAdapter;
  /** The venue's stream; absent = polled. */
  feed?: UpstreamFeed;
  selection: Selection;
}

export interface RecorderSettings {
  pollMs: number;
  snapshotIntervalMs: number;
  flushMs: number;
  /** How often the tracked selection is re-read from the catalog. */
  refreshMs: number;
  maxMarketsPerVenue: number;
  /** How often partitions are created ahead and expired ones dropped. */
  maintenanceMs: number;
  maxBufferedRows: number;
}

export interface RecorderOptions {
  pool: pg.Pool;
  store: RecordedStore;
  partitions: PartitionManager;
  venues: RecordedVenue[];
  settings: RecorderSettings;
  logger: Logger;
  now?: () => number;
  /** Absent: this process is the only recorder (tests, tools). */
  lease?: RecorderLease;
}

interface MarketState {
  venue: VenueState;
  ref: TrackedMarket;
  book: RecorderBook | null;
  top: Top | null;
  lastSnapshotAt: number;
  /** Since when the book is not being recorded (upstream down, failed poll), and why. */
  gapSince: number | null;
  gapReason: string | null;
  /** Trade ids already buffered (bounded), so polls and backfills do not re-send the same rows. */
  seenTrades: Set<string>;
}

interface VenueState {
  def: RecordedVenue;
  markets: Map<string, MarketState>;
  mode: 'stream' | 'poll';
  /** When the upstream dropped (stream venues), until the next `connected`. */
  disconnectedAt: number | null;
  lastEventAt: number | null;
  /** Arrival time minus the venue's own timestamp, of the last event. */
  lagMs: number | null;
  unobserve: (() => void) | null;
  polling: boolean;
  pollErrors: number;
}

const TRADE_ID_MEMORY = 2_000;
/** Trades fetched a little before a gap opened, so none at its edge is missed (duplicates are ignored). */
const BACKFILL_MARGIN_MS = 5_000;

export class MarketRecorder {
  private readonly venues = new Map<string, VenueState>();
  private pending: WriteBatch = { book: [], trades: [], gaps: [] };
  /** Arrival time of the oldest buffered row. */
  private oldestPendingAt: number | null = null;
  private readonly timers: NodeJS.Timeout[] = [];
  private flushing: Promise<void> | null = null;
  private closed = false;
  private readonly now: () => number;
  private readonly log: Logger;
  readonly counters = { snapshots: 0, deltas: 0, trades: 0, tops: 0, dropped_deltas: 0, write_errors: 0, dropped_rows: 0, too_old_rows: 0, flushes: 0, gaps: 0, partitions_dropped: 0, leases_taken: 0, leases_lost: 0, discarded_rows: 0 };
  /** Whether this process records now (it holds the lease, or has none to hold). */
  private recording = false;
  /** Counts the times recording started (lease terms), so a run overtaken by a stand-down stops. */
  private term = 0;
  /** Stops waiting for the lease at close. */
  private readonly acquiring = new AbortController();
  private readonly catalog: CatalogReader;
  private lastFlushAt: number | null = null;
  private lastWriteError: string | null = null;
  private lastMaintenanceAt: number | null = null;

  constructor(private readonly opts: RecorderOptions) {
    this.catalog = new CatalogReader(opts.pool);
    this.now = opts.now ?? Date.now;
    this.log = opts.logger;
    for (const def of opts.venues) {
      this.venues.set(def.exchange, { def, markets: new Map(), mode: def.feed ? 'stream' : 'poll', disconnectedAt: null, lastEventAt: null, lagMs: null, unobserve: null, polling: false, pollErrors: 0 });
    }
    opts.lease?.onLost(() => this.standDown());
  }

  /** Whether this process is the one recording (false: standing by for the lease). */
  get isRecording(): boolean {
    return this.recording;
  }

  private starting: Promise<void> | null = null;

  /**
   * Creates partitions, reads the selections, follows the markets, and starts the timers. The service
   * does not wait for it (its partitions and selections take a while on a busy database); `close()`
   * waits for it, and a start overtaken by a close stops where it is.
   */
  start(): Promise<void> {
    if (!this.starting) {
      // Listening before anything is followed, so no market's first snapshot is missed.
      for (const v of this.venues.values()) {
        if (v.def.feed) v.unobserve = v.def.feed.observe((e) => this.onStreamEvent(v, e));
      }
      this.starting = this.lead();
    }
    return this.starting;
  }

  /** Waits for the lease (if any), then records. */
  private async lead(): Promise<void> {
    const lease = this.opts.lease;
    if (lease) {
      if (!(await lease.acquire(this.acquiring.signal)) || this.closed) return;
      this.counters.leases_taken += 1;
      this.log.info('recorder: lease taken; this process records');
    }
    this.recording = true;
    await this.run(++this.term);
  }

  /**
   * The lease went to another process: stop following, polling and writing, drop what is buffered
   * (the other recorder records from now on; trades are keyed by id, so it loses none of them), and
   * stand by for the lease again.
   */
  private standDown(): void {
    if (!this.recording) return;
    this.recording = false;
    this.counters.leases_lost += 1;
    for (const t of this.timers.splice(0)) clearInterval(t);
    for (const v of this.venues.values()) {
      for (const id of v.markets.keys()) v.def.feed?.unfollow(id);
      v.markets.clear();
      v.disconnectedAt = null;
    }
    const discarded = this.pending.book.length + this.pending.trades.length + this.pending.gaps.length;
    this.counters.discarded_rows += discarded;
    this.pending = { book: [], trades: [], gaps: [] };
    this.oldestPendingAt = null;
    this.log.warn({ discarded }, 'recorder: lease lost to another process; standing by');
    if (!this.closed) this.starting = this.lead();
  }

  /** Starts recording for the lease term `term` (a term that ended meanwhile stops where it is). */
  private async run(term: number): Promise<void> {
    const current = () => !this.closed && this.recording && this.term === term;
    await this.maintain();
    if (!current()) return;
    await this.refreshTracked();
    if (!current()) return;
    const s = this.opts.settings;
    const every = (ms: number, fn: () => unknown) => {
      const t = setInterval(() => void fn(), ms);
      t.unref();
      this.timers.push(t);
    };
    every(s.flushMs, () => this.flush());
    every(s.pollMs, () => this.pollAll());
    every(Math.max(100, Math.floor(s.snapshotIntervalMs / 4)), () => this.periodicSnapshots());
    every(s.refreshMs, () => this.refreshTracked().catch((err) => this.log.warn({ err }, 'recorder: tracked markets could not be refreshed')));
    every(s.maintenanceMs, () => this.maintain().catch((err) => this.log.warn({ err }, 'recorder: partition maintenance failed')));
    void this.pollAll();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.acquiring.abort();
    await this.starting?.catch(() => undefined);
    for (const t of this.timers) clearInterval(t);
    for (const v of this.venues.values()) {
      v.unobserve?.();
      for (const id of v.markets.keys()) v.def.feed?.unfollow(id);
    }
    if (this.recording) await this.flush();
    await this.opts.lease?.release();
  }

  /** Markets followed on a venue. */
  tracked(exchange: string): string[] {
    return [...(this.venues.get(exchange)?.markets.keys() ?? [])];
  }

  /** Creates the coming days' partitions and drops those past retention. */
  async maintain(): Promise<void> {
    const { dropped } = await this.opts.partitions.maintain(this.now());
    this.counters.partitions_dropped += dropped.length;
    this.lastMaintenanceAt = this.now();
    if (dropped.length) this.log.info({ dropped }, 'recorder: partitions past retention dropped');
  }

  private refreshing: Promise<void> = Promise.resolve();

  /** Re-reads each venue's selection: new markets are followed (and their recent trades fetched), dropped ones let go. One refresh at a time. */
  refreshTracked(): Promise<void> {
    // Before start() nothing is followed (the start reads the selections itself); nor while standing by.
    if (!this.starting || !this.recording) return Promise.resolve();
    const next = this.refreshing.catch(() => undefined).then(() => this.refreshOnce());
    this.refreshing = next;
    return next;
  }

  private async refreshOnce(): Promise<void> {
    for (const v of this.venues.values()) {
      if (this.closed || !this.recording) return;
      const wanted = await resolveSelection(this.catalog, v.def.exchange, v.def.selection, this.opts.settings.maxMarketsPerVenue);
      const ids = new Set(wanted.map((m) => m.marketId));
      for (const [id] of v.markets) {
        if (ids.has(id)) continue;
        v.markets.delete(id);
        v.def.feed?.unfollow(id);
      }
      for (let ref of wanted) {
        if (v.markets.has(ref.marketId)) continue;
        if (ref.yesOutcomeId === null) {
          // Not in the catalog yet (a listed id): ask the venue, which also tells an unknown id.
          const m = await v.def.adapter.getMarket(ref.marketId).catch(() => null);
          if (!m) {
            this.log.warn({ exchange: v.def.exchange, market: ref.marketId }, 'recorder: listed market unknown to the venue; not tracked');
            continue;
          }
          ref = { marketId: ref.marketId, yesOutcomeId: (m.outcomes.find((o) => /^yes$/i.test(o.label)) ?? m.outcomes[0])?.id ?? null };
        }
        if (!this.recording) return;
        const st: MarketState = { venue: v, ref, book: null, top: null, lastSnapshotAt: 0, gapSince: null, gapReason: null, seenTrades: new Set() };
        v.markets.set(ref.marketId, st);
        v.def.feed?.follow(ref);
        void this.backfillTrades(st, undefined);
      }
    }
  }

  // ---- stream events -------------------------------------------------------------------------------

  private onStreamEvent(v: VenueState, e: StreamEvent): void {
    if (this.closed) return;
    const arrived = this.now();
    switch (e.kind) {
      case 'book': {
        const st = v.markets.get(e.book.market_id);
        if (!st) return;
        this.noteEvent(v, arrived, e.book.timestamp);
        this.onBook(st, e.book, 'stream');
        return;
      }
      case 'delta': {
        const st = v.markets.get(e.delta.market_id);
        if (!st) return;
        this.noteEvent(v, arrived, e.delta.timestamp);
        this.onDelta(st, e.delta);
        return;
      }
      case 'trade': {
        const st = v.markets.get(e.trade.market_id);
        if (!st) return;
        this.noteEvent(v, arrived, e.trade.timestamp);
        this.onTrades(st, [e.trade]);
        return;
      }
      case 'disconnected':
        v.disconnectedAt = arrived;
        for (const st of v.markets.values()) this.openGap(st, arrived, 'upstream disconnected');
        return;
      case 'connected': {
        const since = v.disconnectedAt;
        v.disconnectedAt = null;
        // The books come back with the venue's snapshots; the trades of the outage from its trade list.
        if (since !== null) for (const st of v.markets.values()) void this.backfillTrades(st, since - BACKFILL_MARGIN_MS);
        return;
      }
      case 'ticker':
        return;
    }
  }

  private noteEvent(v: VenueState, arrived: number, venueTs: string): void {
    v.lastEventAt = arrived;
    const t = Date.parse(venueTs);
    if (Number.isFinite(t)) v.lagMs = Math.max(0, arrived - t);
  }

  /** A row's time: the venue's, unless it is missing or absurd (then the arrival time). */
  private rowTime(venueTs: string): number {
    const now = this.now();
    const t = Date.parse(venueTs);
    return Number.isFinite(t) && t <= now + 60_000 ? t : now;
  }

  private openGap(st: MarketState, at: number, reason: string): void {
    st.book = null;
    if (st.gapSince === null) {
      st.gapSince = at;
      st.gapReason = reason;
    }
  }

  private onBook(st: MarketState, book: Pick<OrderBook, 'bids' | 'asks' | 'timestamp'>, source: 'stream' | 'poll'): void {
    const ts = this.rowTime(book.timestamp);
    const resync = st.gapSince !== null;
    if (!resync && st.book?.equals(book)) return;
    if (resync) {
      this.push({ gap: { exchange: st.venue.def.exchange, market_id: st.ref.marketId, started_at: st.gapSince!, ended_at: this.now(), reason: st.gapReason ?? 'unknown' } });
      this.counters.gaps += 1;
      st.gapSince = null;
      st.gapReason = null;
    }
    if (st.book) st.book.reset(book);
    else st.book = new RecorderBook(book);
    const { bids, asks } = st.book.levels();
    this.push({ book: { kind: 'snapshot', exchange: st.venue.def.exchange, market_id: st.ref.marketId, ts, bids, asks, source: resync ? 'resync' : source } });
    this.counters.snapshots += 1;
    st.lastSnapshotAt = this.now();
    this.recordTop(st, ts);
  }

  private onDelta(st: MarketState, d: BookDelta): void {
    // No book (before the first snapshot, or since a disconnect): the venue's next snapshot carries it.
    if (!st.book) {
      this.counters.dropped_deltas += 1;
      return;
    }
    const change = st.book.apply(d);
    if (!change) return;
    const ts = this.rowTime(d.timestamp);
    this.push({ book: { kind: 'delta', exchange: st.venue.def.exchange, market_id: st.ref.marketId, ts, side: d.side, price: d.price, size: change.size, size_delta: change.size_delta } });
    this.counters.deltas += 1;
    this.recordTop(st, ts);
  }

  private recordTop(st: MarketState, ts: number): void {
    const top = st.book!.top();
    if (sameTop(st.top, top)) return;
    st.top = top;
    this.push({ book: { kind: 'top', exchange: st.venue.def.exchange, market_id: st.ref.marketId, ts, ...top } });
    this.counters.tops += 1;
  }

  private onTrades(st: MarketState, trades: readonly Trade[]): void {
    for (const t of trades) {
      if (st.seenTrades.has(t.id)) continue;
      st.seenTrades.add(t.id);
      this.push({ trade: { exchange: st.venue.def.exchange, market_id: st.ref.marketId, trade_id: t.id, ts: this.rowTime(t.timestamp), price: t.price, size: t.size, taker_side: t.taker_side, outcome: t.outcome } });
      this.counters.trades += 1;
    }
    if (st.seenTrades.size > TRADE_ID_MEMORY) st.seenTrades = new Set([...st.seenTrades].slice(-TRADE_ID_MEMORY / 2));
  }

  /** Fetches the market's trades from the venue (since `sinceMs`, or its latest page) and stores the new ones. */
  private async backfillTrades(st: MarketState, sinceMs: number | undefined): Promise<void> {
    const adapter = st.venue.def.adapter;
    if (!adapter.getTrades || this.closed) return;
    try {
      const list = await adapter.getTrades(st.ref.marketId, { start: sinceMs === undefined ? undefined : new Date(sinceMs).toISOString(), limit: 1000 });
      if (st.venue.markets.get(st.ref.marketId) === st) this.onTrades(st, [...list].reverse());
    } catch (err) {
      this.log.warn({ err, exchange: st.venue.def.exchange, market: st.ref.marketId }, 'recorder: trade backfill failed');
    }
  }

  // ---- polling -----------------------------------------------------------------------------------

  private async pollAll(): Promise<void> {
    await Promise.all([...this.venues.values()].map((v) => this.pollVenue(v)));
  }

  /** One round over a venue's markets: books (polled venues) and trades (venues whose socket lacks them). */
  private async pollVenue(v: VenueState): Promise<void> {
    if (v.polling || this.closed) return;
    const adapter = v.def.adapter;
    const pollBooks = v.mode === 'poll' && !!adapter.getOrderBook;
    const channels = v.def.feed?.channels() ?? null;
    const pollTrades = !!adapter.getTrades && (v.mode === 'poll' || (channels !== null && !channels.trades));
    if (!pollBooks && !pollTrades) return;
    v.polling = true;
    try {
      const queue = [...v.markets.values()];
      const worker = async () => {
        for (let st = queue.shift(); st && !this.closed; st = queue.shift()) {
          if (pollBooks) {
            try {
              const book = await adapter.getOrderBook!(st.ref.marketId);
              this.noteEvent(v, this.now(), book.timestamp);
              this.onBook(st, book, 'poll');
            } catch (err) {
              v.pollErrors += 1;
              this.openGap(st, this.now(), `poll failed: ${(err as Error).message}`);
            }
          }
          if (pollTrades) await this.backfillTrades(st, undefined);
        }
      };
      await Promise.all([worker(), worker(), worker(), worker()]);
    } finally {
      v.polling = false;
    }
  }

  private periodicSnapshots(): void {
    const now = this.now();
    for (const v of this.venues.values()) {
      if (v.mode !== 'stream') continue;
      for (const st of v.markets.values()) {
        if (!st.book || now - st.lastSnapshotAt < this.opts.settings.snapshotIntervalMs) continue;
        const { bids, asks } = st.book.levels();
        this.push({ book: { kind: 'snapshot', exchange: v.def.exchange, market_id: st.ref.marketId, ts: now, bids, asks, source: 'periodic' } });
        this.counters.snapshots += 1;
        st.lastSnapshotAt = now;
      }
    }
  }

  // ---- the write buffer --------------------------------------------------------------------------

  private push(row: { book?: BookRow; trade?: TradeRow; gap?: GapRow }): void {
    // A poll or backfill still in flight when the lease went: its rows are the other recorder's to write.
    if (!this.recording) return;
    if (row.book) this.pending.book.push(row.book);
    if (row.trade) this.pending.trades.push(row.trade);
    if (row.gap) this.pending.gaps.push(row.gap);
    this.oldestPendingAt ??= this.now();
  }

  /** Writes what is buffered (one flush at a time; a call during a flush waits for it and flushes again). */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.pending.book.length + this.pending.trades.length + this.pending.gaps.length === 0) return;
    const batch = this.pending;
    const oldest = this.oldestPendingAt;
    this.pending = { book: [], trades: [], gaps: [] };
    this.oldestPendingAt = null;
    this.flushing = (async () => {
      try {
        const r = await this.opts.store.write(batch, this.now(), this.opts.lease?.fence);
        this.counters.too_old_rows += r.tooOld;
        this.counters.flushes += 1;
        this.lastFlushAt = this.now();
        this.lastWriteError = null;
      } catch (err) {
        if (err instanceof LeaseLostError && !this.recording) {
          // Stood down meanwhile: the batch is the other recorder's to write now.
          this.counters.discarded_rows += batch.book.length + batch.trades.length + batch.gaps.length;
          return;
        }
        this.counters.write_errors += 1;
        this.lastWriteError = (err as Error).message;
        // A refused write (lease not confirmed): kept until the lease is taken again or lost for good.
        this.log.error({ err }, 'recorder: write failed; rows kept for the next flush');
        this.requeue(batch, oldest);
      }
    })();
    try {
      await this.flushing;
    } finally {
      this.flushing = null;
    }
  }

  private requeue(batch: WriteBatch, oldest: number | null): void {
    const book = [...batch.book, ...this.pending.book];
    const over = book.length + batch.trades.length + this.pending.trades.length - this.opts.settings.maxBufferedRows;
    if (over > 0) {
      // Too much to keep: drop the oldest book rows; their markets' books are no longer exact, so resync them.
      const dropped = book.splice(0, Math.min(over, book.length));
      this.counters.dropped_rows += dropped.length;
      const now = this.now();
      for (const r of dropped) {
        const st = this.venues.get(r.exchange)?.markets.get(r.market_id);
        if (st) this.openGap(st, now, 'rows dropped after write failures');
      }
    }
    this.pending = { book, trades: [...batch.trades, ...this.pending.trades], gaps: [...batch.gaps, ...this.pending.gaps] };
    this.oldestPendingAt = oldest ?? this.oldestPendingAt;
  }

  // ---- health ------------------------------------------------------------------------------------

  async health(): Promise<ComponentHealth> {
    const now = this.now();
    const venues: Record<string, unknown> = {};
    let degraded = this.lastWriteError !== null;
    for (const v of this.venues.values()) {
      const open = [...v.markets.values()].filter((s) => s.gapSince !== null);
      const connected = v.def.feed ? v.def.feed.connected() : null;
      if (v.markets.size > 0 && connected === false) degraded = true;
      venues[v.def.exchange] = {
        mode: v.mode,
        markets: v.markets.size,
        connected,
        last_event_at: v.lastEventAt === null ? null : new Date(v.lastEventAt).toISOString(),
        lag_ms: v.lagMs,
        open_gaps: open.length,
        open_gap_since: open.length ? new Date(Math.min(...open.map((s) => s.gapSince!))).toISOString() : null,
        poll_errors: v.pollErrors,
      };
    }
    const recent = await this.opts.store.gapsSince(now - 86_400_000, 20);
    return {
      status: degraded ? 'degraded' : 'ok',
      // standby: another job runner holds the recorder's lease and records; this one takes over when it goes.
      role: this.recording ? 'recording' : 'standby',
      venues,
      buffered_rows: this.pending.book.length + this.pending.trades.length,
      write_lag_ms: this.oldestPendingAt === null ? 0 : now - this.oldestPendingAt,
      last_flush_at: this.lastFlushAt === null ? null : new Date(this.lastFlushAt).toISOString(),
      last_write_error: this.lastWriteError,
      last_partition_maintenance_at: this.lastMaintenanceAt === null ? null : new Date(this.lastMaintenanceAt).toISOString(),
      counters: { ...this.counters },
      gaps_24h: recent.map((g) => ({ exchange: g.exchange, market_id: g.market_id, started_at: new Date(g.started_at).toISOString(), ended_at: new Date(g.ended_at).toISOString(), duration_ms: g.ended_at - g.started_at, reason: g.reason })),
    };
  }
}
