/**
 * What a simulated account holds, as the CTF venues (Polymarket, Limitless, Opinion, predict.fun)
 * report positions: one outcome token per market with its share count, what it cost and its value at
 * the current price. Derived from the fills of the orders the simulator filled (SimOrderEngine's net
 * YES position per market: long YES holds the YES token, short YES the NO token, bought at 1 - p).
 * Each venue's `simulator-orders.ts` puts it in the venue's wire format.
 */
import type { SimActivity } from './activity.js';
import type { SimOrder, SimOrderEngine } from './orders.js';

export interface SimHolding {
  marketId: string;
  /** True for the YES outcome, false for NO. */
  yes: boolean;
  /** Shares of that outcome. */
  size: number;
  /** What they cost, in collateral. */
  cost: number;
  /** Average price paid, 0..1 of the outcome. */
  avgPrice: number;
  /** The outcome's price now (the book's mid; the last trade when the book is one-sided or empty). */
  price: number;
  /** size x price. */
  value: number;
}

const round6 = (x: number): number => Math.round(x * 1e6) / 1e6;

/** The YES price now: the mid of the best bid and ask, else the last trade. */
export function yesPrice(activity: SimActivity, marketId: string): number {
  const b = activity.book(marketId);
  const bid = b?.bids[0]?.price;
  const ask = b?.asks[0]?.price;
  if (bid !== undefined && ask !== undefined) return (bid + ask) / 2;
  return activity.state(marketId)?.last ?? 0.5;
}

export function simHoldings(engine: SimOrderEngine, activity: SimActivity, filter: (o: SimOrder) => boolean): SimHolding[] {
  return engine.positionsWhere(filter).map((p) => {
    const yes = p.yes > 0;
    const size = Math.abs(p.yes);
    // A net sale of YES at p is a purchase of NO at 1 - p: its cost is size - (what the sales brought).
    const cost = yes ? p.cost : size + p.cost;
    const yp = yesPrice(activity, p.marketId);
    const price = yes ? yp : 1 - yp;
    return { marketId: p.marketId, yes, size: round6(size), cost: round6(cost), avgPrice: round6(cost / size), price: round6(price), value: round6(size * price) };
  });
}
