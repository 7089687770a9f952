/**
 * Venue-neutral fake market activity for the simulators: every market has a YES-side book (bids and
 * asks as probabilities), a trade tape and a price history. A ticker random-walks the books and
 * prints trades; each venue simulator renders this state in its own wire format (REST) and turns
 * the emitted events into its own stream messages (WebSocket).
 *
 * State is created lazily per market (and histories are regenerated from a per-market seed on
 * demand), so a simulator can hold a corpus of tens of thousands of markets cheaply.
 */
import { createRng, hashString, type Rng } from './rng.js';

export interface SimLevel {
  price: number;
  size: number;
}

export interface SimTrade {
  id: string;
  /** YES price. */
  price: number;
  size: number;
  /** Taker bought YES (`buy`) or sold YES (`sell`). */
  takerSide: 'buy' | 'sell';
  /** Epoch ms. */
  t: number;
}

export type SimActivityEvent =
  | { kind: 'book_delta'; marketId: string; side: 'bid' | 'ask'; price: number; size: number; delta: number; seq: number; t: number }
  | { kind: 'trade'; marketId: string; trade: SimTrade; seq: number }
  | { kind: 'ticker'; marketId: string; bestBid: number | null; bestAsk: number | null; last: number; volume: number; seq: number; t: number };

export interface SimMarketState {
  id: string;
  tick: number;
  mid: number;
  /** Price in ticks (integer) -> size. */
  bids: Map<number, number>;
  asks: Map<number, number>;
  trades: SimTrade[];
  /** Recent price points appended by the ticker (epoch ms, YES price). */
  recent: { t: number; p: number }[];
  volume: number;
  last: number;
  seq: number;
  /** Markets that are closed/resolved get no activity. */
  active: boolean;
  /**
   * When the ticker or a taker last moved the market (epoch ms), null while it has not: what a
   * venue's change time (`updated_time`, `lastUpdatedTime`) says, so a listing filtered on it returns
   * the markets that really changed, not every one ever read.
   */
  changedAt: number | null;
}

export interface SimActivityOptions {
  seed?: number | string;
  /** Milliseconds between ticks; 0 disables the timer (tests call `step()` themselves). */
  tickMs?: number;
  /** How many markets move per tick. */
  marketsPerTick?: number;
  /** Days of synthetic history behind every market. */
  historyDays?: number;
  now?: () => number;
}

const MAX_TRADES = 500;
const MAX_RECENT = 2_000;
const HOUR = 3_600_000;

export class SimActivity {
  private readonly states = new Map<string, SimMarketState>();
  private readonly defaults = new Map<string, { mid: number; tick: number; active: boolean }>();
  private readonly listeners = new Set<(e: SimActivityEvent) => void>();
  private readonly rng: Rng;
  private timer: NodeJS.Timeout | null = null;
  private readonly opts: Required<Omit<SimActivityOptions, 'seed'>>;
  private tradeCounter = 0;
  private readonly seed: string;

  constructor(opts: SimActivityOptions = {}) {
    this.seed = String(opts.seed ?? 1);
    this.rng = createRng(`activity:${this.seed}`);
    this.opts = { tickMs: opts.tickMs ?? 500, marketsPerTick: opts.marketsPerTick ?? 3, historyDays: opts.historyDays ?? 30, now: opts.now ?? Date.now };
  }

  /** Declares a market (cheap: its book is built on first use). `mid` is its current YES price. */
  addMarket(id: string, mid: number, opts: { tick?: number; active?: boolean } = {}): void {
    this.defaults.set(id, { mid: Math.min(0.97, Math.max(0.03, mid || 0.5)), tick: opts.tick ?? 0.01, active: opts.active ?? true });
  }

  has(id: string): boolean {
    return this.defaults.has(id);
  }

  /** Whether the market trades, without building its state (a built state shows in the venue's listing). */
  isActive(id: string): boolean {
    return this.states.get(id)?.active ?? this.defaults.get(id)?.active ?? false;
  }

  get marketIds(): string[] {
    return [...this.defaults.keys()];
  }

  /** The markets the ticker or a taker has moved (those with a change time): what a change-time listing returns. */
  changedIds(): string[] {
    const out: string[] = [];
    for (const s of this.states.values()) if (s.changedAt !== null) out.push(s.id);
    return out;
  }

  on(listener: (e: SimActivityEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  start(): void {
    if (this.timer || this.opts.tickMs <= 0) return;
    this.timer = setInterval(() => this.step(), this.opts.tickMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** The market's state if it has been built (no side effect), else undefined. */
  peek(id: string): SimMarketState | undefined {
    return this.states.get(id);
  }

  /** The market's state, built on first use; undefined for an unknown market. */
  state(id: string): SimMarketState | undefined {
    const existing = this.states.get(id);
    if (existing) return existing;
    const d = this.defaults.get(id);
    if (!d) return undefined;
    const s = this.build(id, d.mid, d.tick, d.active);
    this.states.set(id, s);
    return s;
  }

  book(id: string): { bids: SimLevel[]; asks: SimLevel[]; seq: number } | undefined {
    const s = this.state(id);
    if (!s) return undefined;
    const toLevels = (m: Map<number, number>, desc: boolean): SimLevel[] =>
      [...m.entries()]
        .filter(([, size]) => size > 0)
        .sort((a, b) => (desc ? b[0] - a[0] : a[0] - b[0]))
        .map(([t, size]) => ({ price: round(t * s.tick), size }));
    return { bids: toLevels(s.bids, true), asks: toLevels(s.asks, false), seq: s.seq };
  }

  /** Trades newest first, optionally within [startMs, endMs]. */
  trades(id: string, range: { startMs?: number; endMs?: number } = {}): SimTrade[] | undefined {
    const s = this.state(id);
    if (!s) return undefined;
    return s.trades.filter((t) => (range.startMs === undefined || t.t >= range.startMs) && (range.endMs === undefined || t.t <= range.endMs)).sort((a, b) => b.t - a.t);
  }

  /**
   * YES price points oldest first, one per `stepMs` within [startMs, endMs], from a deterministic walk
   * that ends at the market's current price, plus the ticker's recent points.
   */
  history(id: string, range: { startMs?: number; endMs?: number; stepMs?: number } = {}): { t: number; p: number }[] | undefined {
    const s = this.state(id);
    if (!s) return undefined;
    const now = this.opts.now();
    const step = Math.max(60_000, range.stepMs ?? HOUR);
    const end = Math.min(range.endMs ?? now, now);
    const earliest = now - this.opts.historyDays * 24 * HOUR;
    const start = Math.max(range.startMs ?? earliest, earliest);
    if (end < start) return [];
    // Walk backwards from the current price, so the series meets the live price at `now`.
    const n = Math.min(5_000, Math.floor((end - start) / step) + 1);
    const walk = createRng(`history:${this.seed}:${id}:${step}`);
    const points: { t: number; p: number }[] = [];
    let p = s.last;
    const alignedEnd = end - (end % step);
    for (let i = 0; i < n; i++) {
      const t = alignedEnd - i * step;
      if (t < start) break;
      points.push({ t, p: round(p) });
      p = clamp(p + walk.normal() * 0.01, 0.01, 0.99);
    }
    points.reverse();
    const recent = s.recent.filter((r) => r.t > alignedEnd && r.t <= end && r.t >= start);
    return [...points, ...recent];
  }

  /** One tick: a few active markets move (book deltas), some trade, and a ticker is emitted. */
  step(): void {
    const ids = this.marketIds;
    if (ids.length === 0) return;
    for (let i = 0; i < this.opts.marketsPerTick; i++) {
      const id = this.rng.pick(ids);
      const s = this.state(id);
      if (!s || !s.active) continue;
      this.moveMarket(s);
    }
  }

  /** Moves one market once (tests drive a market deterministically with this). */
  stepMarket(id: string): void {
    const s = this.state(id);
    if (s) this.moveMarket(s);
  }

  /**
   * An order of a simulator's trading API taking liquidity: consumes the YES book from the best level
   * while the price is within `limit` (a buy takes asks <= limit, a sell bids >= limit; null = any),
   * up to `size`. Each level taken is a trade on the tape and in the streams, like any other.
   */
  take(id: string, takerSide: 'buy' | 'sell', limit: number | null, size: number): SimTrade[] {
    const s = this.state(id);
    if (!s || size <= 0) return [];
    const now = this.opts.now();
    s.changedAt = now;
    const book = takerSide === 'buy' ? s.asks : s.bids;
    const levels = [...book.keys()].sort((a, b) => (takerSide === 'buy' ? a - b : b - a));
    const fills: SimTrade[] = [];
    let left = size;
    for (const level of levels) {
      if (left <= 0) break;
      const price = round(level * s.tick);
      if (limit !== null && (takerSide === 'buy' ? price > limit + 1e-9 : price < limit - 1e-9)) break;
      const avail = book.get(level) ?? 0;
      const n = Math.min(avail, left);
      if (n <= 0) continue;
      left -= n;
      const trade: SimTrade = { id: `${this.seed}-${++this.tradeCounter}-${now.toString(36)}`, price, size: n, takerSide, t: now };
      s.trades.push(trade);
      if (s.trades.length > MAX_TRADES) s.trades.splice(0, s.trades.length - MAX_TRADES);
      s.volume += n;
      s.last = price;
      s.recent.push({ t: now, p: price });
      if (avail - n > 0) book.set(level, avail - n);
      else book.delete(level);
      this.emit({ kind: 'book_delta', marketId: s.id, side: takerSide === 'buy' ? 'ask' : 'bid', price, size: avail - n, delta: -n, seq: ++s.seq, t: now });
      this.emit({ kind: 'trade', marketId: s.id, trade, seq: ++s.seq });
      fills.push(trade);
    }
    return fills;
  }

  private emit(e: SimActivityEvent): void {
    for (const l of this.listeners) l(e);
  }

  private build(id: string, mid: number, tick: number, active: boolean): SimMarketState {
    const r = createRng(`book:${this.seed}:${id}`);
    const s: SimMarketState = { id, tick, mid, bids: new Map(), asks: new Map(), trades: [], recent: [], volume: 0, last: round(mid), seq: 0, active, changedAt: null };
    const midTicks = Math.round(mid / tick);
    const maxTicks = Math.round(1 / tick);
    for (let k = 1; k <= 5; k++) {
      const b = midTicks - k;
      const a = midTicks + k;
      if (b >= 1) s.bids.set(b, r.int(1, 40) * 25);
      if (a <= maxTicks - 1) s.asks.set(a, r.int(1, 40) * 25);
    }
    // A day of past trades around the mid, so trade history is never empty for an active market.
    const now = this.opts.now();
    const count = active ? r.int(8, 25) : r.int(0, 5);
    for (let k = 0; k < count; k++) {
      const t = now - r.int(60, 86_400) * 1000;
      const price = clamp(round((midTicks + r.int(-2, 2)) * tick), tick, 1 - tick);
      s.trades.push({ id: `${hashString(`${this.seed}:${id}:${k}`).toString(16)}-${k}`, price, size: r.int(1, 50) * 5, takerSide: r.chance(0.5) ? 'buy' : 'sell', t });
    }
    s.trades.sort((a, b) => a.t - b.t);
    s.volume = s.trades.reduce((v, t) => v + t.size, 0);
    return s;
  }

  private moveMarket(s: SimMarketState): void {
    const now = this.opts.now();
    s.changedAt = now;
    const maxTicks = Math.round(1 / s.tick);
    // Drift the mid, then change one level on each side near it.
    s.mid = clamp(s.mid + this.rng.normal() * s.tick, 2 * s.tick, 1 - 2 * s.tick);
    const midTicks = Math.round(s.mid / s.tick);
    for (const side of ['bid', 'ask'] as const) {
      const book = side === 'bid' ? s.bids : s.asks;
      const price = side === 'bid' ? midTicks - this.rng.int(1, 4) : midTicks + this.rng.int(1, 4);
      if (price < 1 || price > maxTicks - 1) continue;
      // Keep the book uncrossed: drop levels of the other side that the new level would cross.
      const other = side === 'bid' ? s.asks : s.bids;
      for (const p of [...other.keys()]) {
        if ((side === 'bid' && p <= price) || (side === 'ask' && p >= price)) {
          const old = other.get(p) ?? 0;
          other.delete(p);
          this.emit({ kind: 'book_delta', marketId: s.id, side: side === 'bid' ? 'ask' : 'bid', price: round(p * s.tick), size: 0, delta: -old, seq: ++s.seq, t: now });
        }
      }
      const old = book.get(price) ?? 0;
      const next = this.rng.chance(0.25) ? 0 : this.rng.int(1, 40) * 25;
      if (next === 0) book.delete(price);
      else book.set(price, next);
      if (next !== old) this.emit({ kind: 'book_delta', marketId: s.id, side, price: round(price * s.tick), size: next, delta: next - old, seq: ++s.seq, t: now });
    }
    // Sometimes a taker lifts the best ask or hits the best bid.
    if (this.rng.chance(0.5)) {
      const buy = this.rng.chance(0.5);
      const book = buy ? s.asks : s.bids;
      const best = [...book.keys()].sort((a, b) => (buy ? a - b : b - a))[0];
      if (best !== undefined) {
        const avail = book.get(best) ?? 0;
        const size = Math.min(avail, this.rng.int(1, 20) * 5);
        const trade: SimTrade = { id: `${this.seed}-${++this.tradeCounter}-${now.toString(36)}`, price: round(best * s.tick), size, takerSide: buy ? 'buy' : 'sell', t: now };
        s.trades.push(trade);
        if (s.trades.length > MAX_TRADES) s.trades.splice(0, s.trades.length - MAX_TRADES);
        s.volume += size;
        s.last = trade.price;
        s.recent.push({ t: now, p: trade.price });
        if (s.recent.length > MAX_RECENT) s.recent.splice(0, s.recent.length - MAX_RECENT);
        const left = avail - size;
        if (left > 0) book.set(best, left);
        else book.delete(best);
        this.emit({ kind: 'book_delta', marketId: s.id, side: buy ? 'ask' : 'bid', price: trade.price, size: left, delta: -size, seq: ++s.seq, t: now });
        this.emit({ kind: 'trade', marketId: s.id, trade, seq: ++s.seq });
      }
    }
    const b = this.book(s.id);
    this.emit({ kind: 'ticker', marketId: s.id, bestBid: b?.bids[0]?.price ?? null, bestAsk: b?.asks[0]?.price ?? null, last: s.last, volume: s.volume, seq: ++s.seq, t: now });
  }
}

function clamp(x: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, x));
}

function round(p: number): number {
  return Math.round(p * 1e6) / 1e6;
}
