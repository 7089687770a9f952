/**
 * One market's book as the gateway holds it between upstream snapshots: levels by price, set whole by
 * a snapshot and changed by deltas (a delta carries the level's new size or its change, whichever the
 * venue sends). Until the first snapshot, and again after the upstream connection drops, the book is
 * absent and deltas are ignored: the venue re-sends a snapshot before its deltas resume.
 */
import type { BookDelta, BookLevel, OrderBook } from '../venues/records.js';

export class LiveBook {
  private readonly bids = new Map<number, number>();
  private readonly asks = new Map<number, number>();
  private outcomeId: string | null;
  private timestamp: string;

  constructor(snapshot: OrderBook) {
    this.outcomeId = snapshot.outcome_id;
    this.timestamp = snapshot.timestamp;
    this.reset(snapshot);
  }

  reset(snapshot: OrderBook): void {
    this.bids.clear();
    this.asks.clear();
    for (const l of snapshot.bids) this.bids.set(l.price, l.size);
    for (const l of snapshot.asks) this.asks.set(l.price, l.size);
    this.outcomeId = snapshot.outcome_id;
    this.timestamp = snapshot.timestamp;
  }

  /** Applies a level change; false when it changed nothing. */
  apply(d: BookDelta): boolean {
    const side = d.side === 'bid' ? this.bids : this.asks;
    const old = side.get(d.price) ?? 0;
    const next = d.size !== null ? d.size : Math.max(0, Math.round((old + (d.size_delta ?? 0)) * 1e6) / 1e6);
    this.timestamp = d.timestamp;
    if (next === old) return false;
    if (next > 0) side.set(d.price, next);
    else side.delete(d.price);
    return true;
  }

  /** Bids best (highest) first, asks best (lowest) first. */
  levels(): { bids: BookLevel[]; asks: BookLevel[]; outcomeId: string | null; timestamp: string } {
    const sorted = (m: Map<number, number>, desc: boolean): BookLevel[] =>
      [...m.entries()].sort((a, b) => (desc ? b[0] - a[0] : a[0] - b[0])).map(([price, size]) => ({ price, size }));
    return { bids: sorted(this.bids, true), asks: sorted(this.asks, false), outcomeId: this.outcomeId, timestamp: this.timestamp };
  }
}
