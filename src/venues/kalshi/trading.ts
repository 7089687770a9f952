/**
 * Kalshi's order client (trade-api v2, docs/venue-notes.md §1.7): create, get, find by client_order_id,
 * cancel, fills, positions and balance, every request signed with the user's RSA key (signing.ts).
 *
 * Orders are created and cancelled on Kalshi's V2 event-order endpoints, `POST /portfolio/events/orders`
 * and `DELETE /portfolio/events/orders/{id}`: the legacy `/portfolio/orders` mutations were retired
 * between June 18 and 25 2026 and answer "Please switch to the V2 endpoints" (410). The reads
 * (`GET /portfolio/orders[/{id}]`, fills, positions, balance) were not retired. Sources: Kalshi docs
 * (github.com/ammario/kalshi-docs @59e4f72, Aug 22 2026): api-reference/orders/create-order-v2.md and
 * cancel-order-v2.md (OpenAPI 3.28.0, lastmod 2026-08-21), changelog.md "Legacy order mutation
 * endpoints deprecated" (June 18 2026); the 410 body as recorded from production (see ./wire.ts).
 *
 * A V2 order is a bid or an ask of the YES leg at a YES price: "`bid` means buy YES, `ask` means sell
 * YES (selling YES is economically equivalent to buying NO at 1 - price)" (BookSide). So a buy of NO
 * at p is an ask at 1 - p, a sell of NO at p a bid at 1 - p. Unified units in and out: a price is the
 * dollar price of the order's outcome, 0..1; sizes are whole contracts.
 */
import { createPrivateKey, type KeyObject } from 'node:crypto';
import { recordTiming, timingsActive } from '../../util/request-timings.js';
import { averageFillPrice, num, VenueCallError, venueCall, type Credentials, type TradingClient, type TradingClientConfig, type VenueFill, type VenueOrderRequest, type VenueOrderState } from '../trading.js';
import { signKalshiRequestAsync } from './signing.js';
import { checkKalshiWire, KALSHI_READS } from './wire.js';

/** An order as `GET /portfolio/orders[/{id}]` returns it (the fields read here). */
interface KalshiOrderWire {
  order_id: string;
  client_order_id?: string;
  ticker: string;
  outcome_side?: 'yes' | 'no';
  book_side?: 'bid' | 'ask';
  status: 'resting' | 'canceled' | 'executed';
  yes_price_dollars?: string;
  no_price_dollars?: string;
  fill_count_fp?: string;
  initial_count_fp?: string;
  taker_fill_cost_dollars?: string;
  maker_fill_cost_dollars?: string;
  expiration_time?: string | null;
}

interface KalshiFillWire {
  fill_id?: string;
  trade_id: string;
  order_id: string;
  count_fp: string;
  yes_price_dollars: string;
  fee_cost?: string;
  created_time: string;
}

/** `POST /portfolio/events/orders` answer: counts, not an order object. */
interface KalshiCreateOrderV2Wire {
  order_id: string;
  client_order_id?: string;
  fill_count: string;
  remaining_count: string;
  average_fill_price?: string;
}

const TIF: Record<VenueOrderRequest['timeInForce'], string> = { gtc: 'good_till_canceled', gtd: 'good_till_canceled', ioc: 'immediate_or_cancel', fok: 'fill_or_kill' };

const round6 = (x: number): number => Math.round(x * 1e6) / 1e6;

/** A YES-leg price in the terms of the order's outcome. */
const inOutcomeTerms = (yesPrice: number, outcome: string): number => round6(outcome === 'no' ? 1 - yesPrice : yesPrice);

/** The V2 create body of a unified order (CreateOrderV2Request). */
export function kalshiV2OrderBody(order: Omit<VenueOrderRequest, 'signedOrder' | 'claimedFillIds'>): Record<string, unknown> {
  // Kalshi has no market type since API 3.11: a market order is an IOC at the far price of its outcome.
  const outcomePrice = order.type === 'market' || order.price === null ? (order.side === 'buy' ? 0.99 : 0.01) : order.price;
  const buysYes = (order.outcome === 'yes') === (order.side === 'buy');
  const yesPrice = order.outcome === 'yes' ? outcomePrice : 1 - outcomePrice;
  const timeInForce = order.type === 'market' ? 'immediate_or_cancel' : TIF[order.timeInForce];
  const body: Record<string, unknown> = {
    ticker: order.marketId,
    client_order_id: order.clientId,
    side: buysYes ? 'bid' : 'ask',
    count: order.size.toFixed(2),
    price: yesPrice.toFixed(4),
    time_in_force: timeInForce,
    // Required on V2. `taker_at_cross` cancels the incoming order rather than trade with the user's own
    // resting one, so an order never fills against the same account.
    self_trade_prevention_type: 'taker_at_cross',
  };
  // "To place an expiring order, set time_in_force to good_till_canceled and provide expiration_time";
  // it "cannot be combined with immediate_or_cancel" (and means nothing for fill_or_kill).
  if (order.expiresAt && timeInForce === 'good_till_canceled') body.expiration_time = Math.floor(Date.parse(order.expiresAt) / 1000);
  return body;
}

/** Every request of the order client as (method, path): pinned by the static request tests. */
export const kalshiOrderRequests = {
  create: () => ({ method: 'POST', path: '/portfolio/events/orders' }),
  cancel: (orderId: string) => ({ method: 'DELETE', path: `/portfolio/events/orders/${encodeURIComponent(orderId)}` }),
  order: (orderId: string) => ({ method: 'GET', path: `/portfolio/orders/${encodeURIComponent(orderId)}` }),
  orders: (o: { ticker: string; minTs: number; cursor?: string }) => ({ method: 'GET', path: `/portfolio/orders?ticker=${encodeURIComponent(o.ticker)}&min_ts=${o.minTs}&limit=1000${o.cursor ? `&cursor=${encodeURIComponent(o.cursor)}` : ''}` }),
  fills: (orderId: string) => ({ method: 'GET', path: `/portfolio/fills?order_id=${encodeURIComponent(orderId)}&limit=1000` }),
  positions: () => ({ method: 'GET', path: '/portfolio/positions?limit=1000' }),
  balance: () => ({ method: 'GET', path: '/portfolio/balance' }),
} as const;

/** An order read back from the venue, in the terms of `outcome` (default: the order's own outcome side). */
export function kalshiOrderState(o: KalshiOrderWire, fills: VenueFill[] | undefined, outcome: string = o.outcome_side ?? 'yes'): VenueOrderState {
  const filled = num(o.fill_count_fp) ?? 0;
  const expired = o.status === 'canceled' && !!o.expiration_time && Date.parse(o.expiration_time) <= Date.now();
  const status: VenueOrderState['status'] =
    o.status === 'executed' ? 'filled' : o.status === 'canceled' ? (expired ? 'expired' : 'cancelled') : filled > 0 ? 'partially_filled' : 'open';
  return { exchangeOrderId: o.order_id, clientId: o.client_order_id ?? null, status, filledSize: filled, avgFillPrice: filled > 0 ? averageOf(o, fills, filled, outcome) : null, fills };
}

/** The average fill price: from the fills when listed, else from the order's fill costs (paid per contract on its own outcome side). */
function averageOf(o: KalshiOrderWire, fills: VenueFill[] | undefined, filled: number, outcome: string): number | null {
  const fromFills = fills?.length ? averageFillPrice(fills) : null;
  if (fromFills !== null) return fromFills;
  const perContract = ((num(o.taker_fill_cost_dollars) ?? 0) + (num(o.maker_fill_cost_dollars) ?? 0)) / filled;
  const side = o.outcome_side ?? 'yes';
  return round6(side === outcome ? perContract : 1 - perContract);
}

// The parsed RSA key of a credential set (a PEM parse costs ~0.7-0.9 ms, the signature ~0.25 ms),
// keyed by the set object: the trading service hands the same frozen object while the stored row is
// unchanged (src/trading/credential-cache.ts), so a key lives as long as its cache entry and goes
// with it (replaced, deleted, re-encrypted, evicted). The PEM is compared too, for callers that pass
// a fresh or changed object. Never logged.
const parsedKeys = new WeakMap<Credentials, { pem: string; key: KeyObject }>();

export function kalshiPrivateKey(creds: Credentials): KeyObject {
  const pem = String(creds.private_key);
  const hit = parsedKeys.get(creds);
  if (hit && hit.pem === pem) return hit.key;
  const key = createPrivateKey(pem);
  parsedKeys.set(creds, { pem, key });
  return key;
}

export function createKalshiTradingClient(cfg: TradingClientConfig): TradingClient {
  const base = cfg.baseUrls.rest.replace(/\/$/, '');
  const basePath = new URL(base).pathname;
  const now = cfg.now ?? Date.now;

  const call = async (creds: Credentials, req: { method: string; path: string }, opts: { body?: unknown } = {}) => {
    // Signed on libuv's thread pool (signing.ts); `sign` in Server-Timing is its wall time, queueing included.
    const timed = timingsActive();
    const t0 = timed ? performance.now() : 0;
    const headers = await signKalshiRequestAsync(String(creds.key_id), kalshiPrivateKey(creds), req.method, basePath + req.path, now());
    if (timed) recordTiming('sign', performance.now() - t0);
    return venueCall('kalshi', base + req.path, { method: req.method, headers: { ...headers }, body: opts.body === undefined ? undefined : JSON.stringify(opts.body), timeoutMs: cfg.timeoutMs });
  };

  const fillsOf = async (creds: Credentials, orderId: string, outcome: string): Promise<VenueFill[]> => {
    const res = await call(creds, kalshiOrderRequests.fills(orderId));
    checkKalshiWire(KALSHI_READS.fills, res.body);
    const fills = ((res.body as { fills?: KalshiFillWire[] }).fills ?? []).filter((f) => f.order_id === orderId);
    return fills.map((f) => ({
      id: f.fill_id ?? f.trade_id,
      // Fill prices are read on the YES leg and turned into the order's outcome.
      price: inOutcomeTerms(num(f.yes_price_dollars) ?? 0, outcome),
      size: num(f.count_fp) ?? 0,
      fee: num(f.fee_cost),
      at: f.created_time,
    }));
  };

  const withFills = async (creds: Credentials, o: KalshiOrderWire, outcome: string | undefined): Promise<VenueOrderState> => {
    const side = outcome ?? o.outcome_side ?? 'yes';
    const filled = num(o.fill_count_fp) ?? 0;
    return kalshiOrderState(o, filled > 0 ? await fillsOf(creds, o.order_id, side) : [], side);
  };

  const readOrder = async (creds: Credentials, id: string, outcome: string | undefined): Promise<VenueOrderState> => {
    const res = await call(creds, kalshiOrderRequests.order(id));
    checkKalshiWire(KALSHI_READS.order, res.body);
    const o = (res.body as { order?: KalshiOrderWire }).order;
    if (!o) throw new VenueCallError('kalshi', 'unavailable', 'kalshi answered an order read without the order');
    return withFills(creds, o, outcome);
  };

  return {
    exchange: 'kalshi',
    checkOrder(order) {
      if (order.outcome !== 'yes' && order.outcome !== 'no') return 'outcome: must be yes or no on kalshi';
      if (!Number.isInteger(order.size)) return 'size: kalshi trades whole contracts';
      if (order.price !== null && (order.price < 0.0001 || order.price > 0.9999)) return 'price: must be within 0.0001..0.9999 on kalshi';
      if (order.timeInForce === 'gtd' && !order.expiresAt) return 'expires_at: is required for time_in_force gtd';
      return null;
    },
    async place(creds, order) {
      const res = await call(creds, kalshiOrderRequests.create(), { body: kalshiV2OrderBody(order) });
      checkKalshiWire(KALSHI_READS.createOrder, res.body);
      const created = res.body as KalshiCreateOrderV2Wire;
      if (!created?.order_id) throw new VenueCallError('kalshi', 'unavailable', 'kalshi answered a create without an order id');
      const filled = num(created.fill_count) ?? 0;
      const remaining = num(created.remaining_count) ?? 0;
      // The V2 answer carries counts only: resting while something remains; else filled, or (IOC/FOK)
      // cancelled with what did fill.
      const status: VenueOrderState['status'] = remaining > 0 ? (filled > 0 ? 'partially_filled' : 'open') : filled >= order.size ? 'filled' : 'cancelled';
      const fills = filled > 0 ? await fillsOf(creds, created.order_id, order.outcome) : [];
      const venueAverage = num(created.average_fill_price);
      const avgFillPrice = filled > 0 ? averageFillPrice(fills) ?? (venueAverage === null ? null : inOutcomeTerms(venueAverage, order.outcome)) : null;
      return { exchangeOrderId: created.order_id, clientId: created.client_order_id ?? order.clientId, status, filledSize: filled, avgFillPrice, fills };
    },
    async get(creds, id, hint) {
      return readOrder(creds, id, hint.outcome);
    },
    async findByClientId(creds, clientId, hint) {
      // The venue lists a market's orders; the client id is matched here (it has no filter for it).
      const minTs = Math.floor(Date.parse(hint.since) / 1000) - 60;
      let cursor = '';
      for (let page = 0; page < 10; page++) {
        const res = await call(creds, kalshiOrderRequests.orders({ ticker: hint.marketId, minTs, cursor }));
        checkKalshiWire(KALSHI_READS.orders, res.body);
        const body = res.body as { orders?: KalshiOrderWire[]; cursor?: string };
        const hit = (body.orders ?? []).find((o) => o.client_order_id === clientId);
        if (hit) return withFills(creds, hit, hint.order.outcome);
        if (!body.cursor) return null;
        cursor = body.cursor;
      }
      return null;
    },
    async cancel(creds, id, hint) {
      const res = await call(creds, kalshiOrderRequests.cancel(id));
      checkKalshiWire(KALSHI_READS.cancelOrder, res.body);
      // The V2 answer is `{order_id, client_order_id, reduced_by}` (and Kalshi notes it may, rarely,
      // describe another order): the order's state after the cancel is read back.
      return readOrder(creds, id, hint.outcome);
    },
    async positions(creds) {
      const res = await call(creds, kalshiOrderRequests.positions());
      checkKalshiWire(KALSHI_READS.positions, res.body);
      const list = (res.body as { market_positions?: { ticker: string; position_fp?: string; position?: number; market_exposure_dollars?: string }[] }).market_positions ?? [];
      return list
        .map((p) => {
          // "Negative means NO contracts and positive means YES contracts".
          const pos = num(p.position_fp) ?? p.position ?? 0;
          const exposure = num(p.market_exposure_dollars);
          return { market_id: p.ticker, outcome: pos >= 0 ? 'yes' : 'no', venue_outcome: pos >= 0 ? 'yes' : 'no', size: Math.abs(pos), avg_price: exposure !== null && pos !== 0 ? round6(exposure / Math.abs(pos)) : null, value: exposure };
        })
        .filter((p) => p.size > 0);
    },
    async balances(creds) {
      const res = await call(creds, kalshiOrderRequests.balance());
      checkKalshiWire(KALSHI_READS.balance, res.body);
      const b = res.body as { balance?: number; balance_dollars?: string; portfolio_value?: number };
      const available = num(b.balance_dollars) ?? (b.balance ?? 0) / 100;
      return [{ currency: 'USD', available, total: b.portfolio_value !== undefined ? available + b.portfolio_value / 100 : null }];
    },
  };
}
