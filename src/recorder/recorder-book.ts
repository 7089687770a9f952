/**
 * One tracked market's book as the recorder holds it between snapshots: set whole by a snapshot,
 * changed by deltas. A venue's delta carries either the level's change (Kalshi) or its new size
 * (Polymarket); holding the book, the recorder stores both. Kept apart from the stream gateway's
 * book (src/ws), which sits above this layer.
 */
import type { BookDelta, OrderBook } from '../venues/records.js';
import type { Level } from './recorded-data-repository.js';

export interface Top {
  best_bid: number | null;
  best_ask: number | null;
  bid_size: number | null;
  ask_size: number | null;
}

const round6 = (x: number): number => Math.round(x * 1e6) / 1e6;

export class RecorderBook {
  private readonly bids = new Map<number, number>();
  private readonly asks = new Map<number, number>();

  constructor(snapshot: Pick<OrderBook, 'bids' | 'asks'>) {
    this.reset(snapshot);
  }

  reset(snapshot: Pick<OrderBook, 'bids' | 'asks'>): void {
    this.bids.clear();
    this.asks.clear();
    for (const l of snapshot.bids) if (l.size > 0) this.bids.set(l.price, l.size);
    for (const l of snapshot.asks) if (l.size > 0) this.asks.set(l.price, l.size);
  }

  /** Applies a level change: the level's new size and the change, or null when nothing changed. */
  apply(d: Pick<BookDelta, 'side' | 'price' | 'size' | 'size_delta'>): { size: number; size_delta: number } | null {
    const side = d.side === 'bid' ? this.bids : this.asks;
    const old = side.get(d.price) ?? 0;
    const next = d.size !== null ? d.size : Math.max(0, round6(old + (d.size_delta ?? 0)));
    if (next === old) return null;
    if (next > 0) side.set(d.price, next);
    else side.delete(d.price);
    return { size: next, size_delta: round6(next - old) };
  }

  /** Bids best (highest) first, asks best (lowest) first, as [price, size] pairs. */
  levels(): { bids: Level[]; asks: Level[] } {
    const sorted = (m: Map<number, number>, desc: boolean): Level[] => [...m.entries()].sort((a, b) => (desc ? b[0] - a[0] : a[0] - b[0]));
    return { bids: sorted(this.bids, true), asks: sorted(this.asks, false) };
  }

  /** Whether this book holds exactly these levels. */
  equals(snapshot: Pick<OrderBook, 'bids' | 'asks'>): boolean {
    const same = (m: Map<number, number>, ls: readonly { price: number; size: number }[]) => {
      const nonEmpty = ls.filter((l) => l.size > 0);
      return m.size === nonEmpty.length && nonEmpty.every((l) => m.get(l.price) === l.size);
    };
    return same(this.bids, snapshot.bids) && same(this.asks, snapshot.asks);
  }

  top(): Top {
    let bb: number | null = null;
    let ba: number | null = null;
    for (const p of this.bids.keys()) if (bb === null || p > bb) bb = p;
    for (const p of this.asks.keys()) if (ba === null || p < ba) ba = p;
    return { best_bid: bb, best_ask: ba, bid_size: bb === null ? null : this.bids.get(bb)!, ask_size: ba === null ? null : this.asks.get(ba)! };
  }
}

export const sameTop = (a: Top | null, b: Top): boolean =>
  a !== null && a.best_bid === b.best_bid && a.best_ask === b.best_ask && a.bid_size === b.bid_size && a.ask_size === b.ask_size;
