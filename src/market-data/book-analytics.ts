/**
 * Order-book analytics of one book (prices are probabilities 0..1, so one cent is 0.01):
 * - spread = best ask - best bid; mid = their average;
 * - microprice = (bid * ask_size + ask * bid_size) / (bid_size + ask_size): the mid weighted toward
 *   the side with less size (the side more likely to be taken out next);
 * - depth within 1, 5 and 10 cents: the size of the bids priced within w of the best bid (at or above
 *   best_bid - w) and of the asks within w of the best ask (at or below best_ask + w); measured from
 *   each side's best price rather than the mid, so that on a 1-cent grid with a wide spread the 1c
 *   window still shows the size at the touch;
 * - imbalance = (bid - ask) / (bid + ask) of sizes, in [-1, 1] (positive: more size bid), for the
 *   top level and for each depth window.
 * Values that need a side the book lacks are null.
 */
import type { BookLevel } from '../venues/records.js';

export const DEPTH_WINDOWS = { '1c': 0.01, '5c': 0.05, '10c': 0.1 } as const;

export interface DepthWindow {
  bid: number;
  ask: number;
  imbalance: number | null;
}

export interface BookAnalytics {
  best_bid: number | null;
  best_ask: number | null;
  bid_size: number | null;
  ask_size: number | null;
  spread: number | null;
  mid: number | null;
  microprice: number | null;
  imbalance: number | null;
  depth: Record<keyof typeof DEPTH_WINDOWS, DepthWindow>;
  bid_levels: number;
  ask_levels: number;
}

const r8 = (x: number): number => Math.round(x * 1e8) / 1e8;
const EPS = 1e-9;
const imbalanceOf = (bid: number, ask: number): number | null => (bid + ask > 0 ? r8((bid - ask) / (bid + ask)) : null);

/** Analytics of a book whose bids are best (highest) first and asks best (lowest) first. */
export function analyseBook(bids: readonly BookLevel[], asks: readonly BookLevel[]): BookAnalytics {
  const bb = bids[0] ?? null;
  const ba = asks[0] ?? null;
  const mid = bb && ba ? r8((bb.price + ba.price) / 2) : null;
  const microprice = bb && ba && bb.size + ba.size > 0 ? r8((bb.price * ba.size + ba.price * bb.size) / (bb.size + ba.size)) : null;
  const depth = {} as BookAnalytics['depth'];
  for (const [name, w] of Object.entries(DEPTH_WINDOWS) as [keyof typeof DEPTH_WINDOWS, number][]) {
    const bid = bb ? r8(bids.filter((l) => l.price >= bb.price - w - EPS).reduce((s, l) => s + l.size, 0)) : 0;
    const ask = ba ? r8(asks.filter((l) => l.price <= ba.price + w + EPS).reduce((s, l) => s + l.size, 0)) : 0;
    depth[name] = { bid, ask, imbalance: imbalanceOf(bid, ask) };
  }
  return {
    best_bid: bb?.price ?? null,
    best_ask: ba?.price ?? null,
    bid_size: bb?.size ?? null,
    ask_size: ba?.size ?? null,
    spread: bb && ba ? r8(ba.price - bb.price) : null,
    mid,
    microprice,
    imbalance: bb && ba ? imbalanceOf(bb.size, ba.size) : null,
    depth,
    bid_levels: bids.length,
    ask_levels: asks.length,
  };
}
