/**
 * The order side of a venue simulator, venue-neutral: accounts with a cash balance, orders in YES
 * terms (a buy of NO at p is a sell of YES at 1 - p: the venue layer translates), matching against the
 * simulated book (`SimActivity.take`, so fills show in the trade tape and the streams), resting
 * orders that fill when the book later crosses them, cancel, and positions. Each venue's
 * `simulator-orders.ts` puts its wire format and its request checks (signatures) in front of this.
 */
import type { SimActivity, SimTrade } from './activity.js';

export type SimOrderStatus = 'open' | 'filled' | 'cancelled' | 'expired';
export type SimTif = 'gtc' | 'ioc' | 'fok';

export interface SimFill {
  id: string;
  /** YES price. */
  price: number;
  size: number;
  t: number;
}

export interface SimOrder {
  id: string;
  account: string;
  marketId: string;
  clientId: string | null;
  /** In YES terms. */
  side: 'buy' | 'sell';
  /** YES limit price; null = market order. */
  price: number | null;
  size: number;
  filled: number;
  /** Sum of price x size of the fills (YES terms). */
  cost: number;
  status: SimOrderStatus;
  tif: SimTif;
  expiresAtMs: number | null;
  createdMs: number;
  updatedMs: number;
  fills: SimFill[];
  /** What the venue layer keeps with the order (its own ids, the outcome asked for...). */
  extra: Record<string, unknown>;
}

export interface PlaceInput {
  account: string;
  marketId: string;
  clientId?: string | null;
  side: 'buy' | 'sell';
  price: number | null;
  size: number;
  tif: SimTif;
  expiresAtMs?: number | null;
  extra?: Record<string, unknown>;
  id: string;
}

export type PlaceResult = { ok: true; order: SimOrder } | { ok: false; code: 'insufficient_balance' | 'unknown_market' | 'duplicate_client_id' | 'fok_not_filled' | 'market_closed' };

export const SIM_STARTING_BALANCE = 10_000;

export class SimOrderEngine {
  private readonly orders = new Map<string, SimOrder>();
  private readonly byClient = new Map<string, string>();
  private readonly cash = new Map<string, number>();

  constructor(
    private readonly activity: SimActivity,
    private readonly now: () => number = Date.now,
  ) {
    // Resting orders fill when the book moves through them.
    activity.on((e) => {
      if (e.kind === 'ticker') this.matchResting(e.marketId);
    });
  }

  balance(account: string): number {
    return this.cash.get(account) ?? SIM_STARTING_BALANCE;
  }

  /** Cash an order may need at worst: a buy pays up to its limit (1 for a market order); a sell of YES reserves 1 - price per contract. */
  private reserve(side: 'buy' | 'sell', price: number | null, size: number): number {
    return side === 'buy' ? (price ?? 1) * size : (1 - (price ?? 0)) * size;
  }

  private committed(account: string): number {
    let held = 0;
    for (const o of this.orders.values()) if (o.account === account && o.status === 'open') held += this.reserve(o.side, o.price, o.size - o.filled);
    return held;
  }

  place(input: PlaceInput): PlaceResult {
    if (!this.activity.has(input.marketId)) return { ok: false, code: 'unknown_market' };
    const state = this.activity.state(input.marketId);
    if (state && !state.active) return { ok: false, code: 'market_closed' };
    const clientKey = input.clientId ? `${input.account}\u0000${input.clientId}` : null;
    if (clientKey && this.byClient.has(clientKey)) return { ok: false, code: 'duplicate_client_id' };
    if (this.reserve(input.side, input.price, input.size) > this.balance(input.account) - this.committed(input.account) + 1e-9) return { ok: false, code: 'insufficient_balance' };
    if (input.tif === 'fok') {
      const book = this.activity.book(input.marketId);
      const levels = input.side === 'buy' ? book?.asks ?? [] : book?.bids ?? [];
      const avail = levels.filter((l) => input.price === null || (input.side === 'buy' ? l.price <= input.price : l.price >= input.price)).reduce((n, l) => n + l.size, 0);
      if (avail < input.size) return { ok: false, code: 'fok_not_filled' };
    }
    const t = this.now();
    const order: SimOrder = {
      id: input.id, account: input.account, marketId: input.marketId, clientId: input.clientId ?? null, side: input.side, price: input.price,
      size: input.size, filled: 0, cost: 0, status: 'open', tif: input.tif, expiresAtMs: input.expiresAtMs ?? null, createdMs: t, updatedMs: t, fills: [], extra: input.extra ?? {},
    };
    this.orders.set(order.id, order);
    if (clientKey) this.byClient.set(clientKey, order.id);
    this.fill(order, this.activity.take(order.marketId, order.side, order.price, order.size));
    // Market, IOC and FOK orders never rest.
    if (order.status === 'open' && (order.tif !== 'gtc' || order.price === null)) order.status = 'cancelled';
    return { ok: true, order };
  }

  get(id: string): SimOrder | undefined {
    const o = this.orders.get(id);
    if (o) this.expire(o);
    return o;
  }

  byClientId(account: string, clientId: string): SimOrder | undefined {
    const id = this.byClient.get(`${account}\u0000${clientId}`);
    return id ? this.get(id) : undefined;
  }

  list(account: string, filter: (o: SimOrder) => boolean = () => true): SimOrder[] {
    return [...this.orders.values()].filter((o) => o.account === account && (this.expire(o), filter(o))).sort((a, b) => b.createdMs - a.createdMs);
  }

  cancel(id: string): { ok: true; order: SimOrder } | { ok: false; code: 'not_found' | 'not_resting'; order?: SimOrder } {
    const o = this.get(id);
    if (!o) return { ok: false, code: 'not_found' };
    if (o.status !== 'open') return { ok: false, code: 'not_resting', order: o };
    o.status = 'cancelled';
    o.updatedMs = this.now();
    return { ok: true, order: o };
  }

  /** Every order `filter` picks, any account's, oldest first (a venue's market-wide reads, e.g. match events). */
  where(filter: (o: SimOrder) => boolean): SimOrder[] {
    return [...this.orders.values()].filter((o) => (this.expire(o), filter(o))).sort((a, b) => a.createdMs - b.createdMs);
  }

  /** Cash the account's open orders hold (what a venue reports as frozen or locked). */
  held(account: string): number {
    return this.committed(account);
  }

  /** Net YES contracts and their cost, per market (negative = short YES, i.e. long NO). */
  positions(account: string): { marketId: string; yes: number; cost: number }[] {
    return this.positionsWhere((o) => o.account === account);
  }

  /** `positions` over the orders `filter` picks (a venue keying holdings by maker wallet, not account). */
  positionsWhere(filter: (o: SimOrder) => boolean): { marketId: string; yes: number; cost: number }[] {
    const by = new Map<string, { yes: number; cost: number }>();
    for (const o of this.orders.values()) {
      if (o.filled === 0 || !filter(o)) continue;
      const p = by.get(o.marketId) ?? { yes: 0, cost: 0 };
      p.yes += o.side === 'buy' ? o.filled : -o.filled;
      p.cost += o.side === 'buy' ? o.cost : -o.cost;
      by.set(o.marketId, p);
    }
    return [...by.entries()].filter(([, p]) => Math.abs(p.yes) > 1e-9).map(([marketId, p]) => ({ marketId, ...p }));
  }

  private expire(o: SimOrder): void {
    if (o.status === 'open' && o.expiresAtMs !== null && o.expiresAtMs <= this.now()) {
      o.status = 'expired';
      o.updatedMs = this.now();
    }
  }

  private fill(o: SimOrder, trades: SimTrade[]): void {
    for (const tr of trades) {
      o.fills.push({ id: tr.id, price: tr.price, size: tr.size, t: tr.t });
      o.filled += tr.size;
      o.cost += tr.price * tr.size;
      const cash = this.balance(o.account);
      this.cash.set(o.account, o.side === 'buy' ? cash - tr.price * tr.size : cash + tr.price * tr.size);
    }
    if (trades.length) o.updatedMs = this.now();
    if (o.filled >= o.size - 1e-9) o.status = 'filled';
  }

  private matchResting(marketId: string): void {
    for (const o of this.orders.values()) {
      if (o.marketId !== marketId || o.status !== 'open') continue;
      this.expire(o);
      if (o.status !== 'open') continue;
      this.fill(o, this.activity.take(marketId, o.side, o.price, o.size - o.filled));
    }
  }
}
