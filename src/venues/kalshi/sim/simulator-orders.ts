/**
 * The Kalshi simulator's portfolio API (trade-api v2): orders, fills, positions, balance, checked the
 * way Kalshi checks them. Every request needs the three KALSHI-ACCESS-* headers: a key id the
 * simulator knows, a millisecond timestamp within the allowed skew, and an RSA-PSS (SHA-256, salt =
 * digest length) signature of `timestamp + METHOD + path-without-query` that verifies with the key's
 * public half. This is a re-implementation of the venue's rule, not a call into signing.ts, so the
 * two can disagree (and a test would see it).
 *
 * Keys are registered through a simulator-only control route, `POST /_sim/api_keys {key_id,
 * public_key}` (the venue's UI, where a user uploads a key, has no API).
 *
 * Orders are created and cancelled on the V2 event-order endpoints (`/portfolio/events/orders`): a
 * bid or an ask of YES at a YES price, the body checked against Kalshi's published request schema
 * (./wire.ts). The retired `/portfolio/orders` mutations answer what Kalshi answers since June 2026,
 * a 410 "Please switch to the V2 endpoints", so a client still calling them fails here too.
 */
import { constants, createPublicKey, createVerify, type KeyObject } from 'node:crypto';
import { stableUuid } from '../../../sim/rng.js';
import { SimOrderEngine, SIM_STARTING_BALANCE, type SimOrder } from '../../../sim/orders.js';
import type { SimActivity } from '../../../sim/activity.js';
import { fixed } from '../../../sim/fixture-helpers.js';
import { json, type SimRequest, type SimResponse, type SimServer } from '../../../sim/server.js';
import { describeIssue } from '../../wire.js';
import { KalshiCreateOrderV2Request } from '../wire.js';

/** How far a request's timestamp may be from the simulator's clock (Kalshi does not publish its window). */
export const KALSHI_SIM_MAX_SKEW_MS = 30_000;

const kalshiError = (status: number, code: string, message: string): SimResponse => ({ status, body: { error: { code, message, service: 'exchange' } } });

/** What a retired order mutation answers, as recorded from production (see ./wire.ts `KalshiErrorBody`). */
export const KALSHI_RETIRED_ORDER_ENDPOINT: SimResponse = {
  status: 410,
  body: { error: { code: 'deprecated_v1_order_endpoint', message: 'Please switch to the V2 endpoints', details: 'https://docs.kalshi.com/api-reference/orders/create-order-v2' } },
};

export interface KalshiOrdersOptions {
  prefix: string;
  activity: SimActivity;
  now?: () => number;
}

export function registerKalshiOrders(server: SimServer, opts: KalshiOrdersOptions): SimOrderEngine {
  const now = opts.now ?? Date.now;
  const engine = new SimOrderEngine(opts.activity, now);
  const keys = new Map<string, KeyObject>();
  const P = opts.prefix;
  let seq = 0;

  server.post('/_sim/api_keys', (req) => {
    const b = (req.body ?? {}) as { key_id?: string; public_key?: string };
    if (!b.key_id || !b.public_key) return kalshiError(400, 'invalid_parameters', 'key_id and public_key are required');
    try {
      keys.set(b.key_id, createPublicKey(b.public_key));
    } catch {
      return kalshiError(400, 'invalid_parameters', 'public_key is not a PEM public key');
    }
    return json({ key_id: b.key_id }, 201);
  });

  /** The account of a correctly signed request, or the venue's 401. */
  const authenticate = (req: SimRequest): { account: string } | SimResponse => {
    const keyId = req.headers['kalshi-access-key'];
    const ts = req.headers['kalshi-access-timestamp'];
    const sig = req.headers['kalshi-access-signature'];
    if (typeof keyId !== 'string' || typeof ts !== 'string' || typeof sig !== 'string') return kalshiError(401, 'missing_parameters', 'KALSHI-ACCESS-KEY, KALSHI-ACCESS-TIMESTAMP and KALSHI-ACCESS-SIGNATURE are required');
    const key = keys.get(keyId);
    if (!key) return kalshiError(401, 'authentication_error', 'unknown API key');
    if (!/^\d{13}$/.test(ts) || Math.abs(now() - Number(ts)) > KALSHI_SIM_MAX_SKEW_MS) return kalshiError(401, 'authentication_error', 'timestamp outside the allowed window');
    const verifier = createVerify('RSA-SHA256');
    verifier.update(`${ts}${req.method}${req.path}`);
    const ok = verifier.verify({ key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_DIGEST }, Buffer.from(sig, 'base64'));
    return ok ? { account: keyId } : kalshiError(401, 'authentication_error', 'invalid signature');
  };

  /** The side both direction fields carry: a YES buy is (yes, bid), a YES sell (no, ask), always. */
  const direction = (o: SimOrder) => (o.side === 'buy' ? { outcome_side: 'yes', book_side: 'bid' } : { outcome_side: 'no', book_side: 'ask' });

  const wire = (o: SimOrder): Record<string, unknown> => {
    const yesPrice = o.price ?? (o.side === 'buy' ? 0.99 : 0.01);
    // What the user paid per filled contract, on the outcome side the order is long.
    const filledCost = o.side === 'buy' ? o.cost : o.filled - o.cost;
    return {
      order_id: o.id,
      client_order_id: o.clientId ?? '',
      user_id: o.account,
      ticker: o.marketId,
      ...direction(o),
      type: 'limit',
      status: o.status === 'open' ? 'resting' : o.status === 'filled' ? 'executed' : 'canceled',
      yes_price_dollars: fixed(yesPrice, 4),
      no_price_dollars: fixed(1 - yesPrice, 4),
      initial_count_fp: fixed(o.size, 2),
      fill_count_fp: fixed(o.filled, 2),
      remaining_count_fp: fixed(o.status === 'open' ? o.size - o.filled : 0, 2),
      taker_fill_cost_dollars: fixed(filledCost, 4),
      maker_fill_cost_dollars: fixed(0, 4),
      taker_fees_dollars: fixed(0, 4),
      maker_fees_dollars: fixed(0, 4),
      self_trade_prevention_type: o.extra.stp ?? null,
      created_time: new Date(o.createdMs).toISOString(),
      last_update_time: new Date(o.updatedMs).toISOString(),
      expiration_time: o.expiresAtMs ? new Date(o.expiresAtMs).toISOString() : null,
    };
  };

  const authed = (handler: (req: SimRequest, account: string) => SimResponse) => (req: SimRequest): SimResponse => {
    const a = authenticate(req);
    return 'account' in a ? handler(req, a.account) : a;
  };

  // The retired mutations: answered before authentication, as production does.
  server.post(`${P}/portfolio/orders`, () => KALSHI_RETIRED_ORDER_ENDPOINT);
  server.post(`${P}/portfolio/orders/batched`, () => KALSHI_RETIRED_ORDER_ENDPOINT);
  server.route('DELETE', `${P}/portfolio/orders/batched`, () => KALSHI_RETIRED_ORDER_ENDPOINT);
  server.route('DELETE', `${P}/portfolio/orders/:id`, () => KALSHI_RETIRED_ORDER_ENDPOINT);
  server.post(`${P}/portfolio/orders/:id/decrease`, () => KALSHI_RETIRED_ORDER_ENDPOINT);
  server.post(`${P}/portfolio/orders/:id/amend`, () => KALSHI_RETIRED_ORDER_ENDPOINT);

  server.post(`${P}/portfolio/events/orders`, authed((req, account) => {
    const parsed = KalshiCreateOrderV2Request.safeParse(req.body ?? {});
    if (!parsed.success) return kalshiError(400, 'invalid_parameters', describeIssue(parsed.error.issues[0]).detail);
    const b = parsed.data;
    const count = Number(b.count);
    const yesPrice = Number(b.price);
    if (!(count >= 0.01)) return kalshiError(400, 'invalid_parameters', 'count must be at least 0.01');
    if (!(yesPrice > 0 && yesPrice < 1)) return kalshiError(400, 'invalid_price', 'invalid price');
    const tifs = { good_till_canceled: 'gtc', immediate_or_cancel: 'ioc', fill_or_kill: 'fok' } as const;
    const result = engine.place({
      id: stableUuid(`kalshi-order:${++seq}:${now()}`), account, marketId: b.ticker, clientId: b.client_order_id ?? null,
      side: b.side === 'bid' ? 'buy' : 'sell', price: yesPrice, size: count, tif: tifs[b.time_in_force], expiresAtMs: b.expiration_time !== undefined ? b.expiration_time * 1000 : null, extra: { stp: b.self_trade_prevention_type },
    });
    if (!result.ok) {
      const map = {
        unknown_market: kalshiError(404, 'market_not_found', 'market not found'),
        market_closed: kalshiError(400, 'market_closed', 'market is not open for trading'),
        duplicate_client_id: kalshiError(409, 'order_already_exists', 'an order with this client_order_id already exists'),
        insufficient_balance: kalshiError(400, 'insufficient_balance', 'insufficient balance'),
        fok_not_filled: kalshiError(400, 'fill_or_kill_insufficient_resting_volume', 'not enough resting volume to fill the order'),
      } as const;
      return map[result.code];
    }
    const o = result.order;
    // CreateOrderV2Response: counts and a YES-leg average price, not an order object.
    const body: Record<string, unknown> = { order_id: o.id, client_order_id: o.clientId ?? '', fill_count: fixed(o.filled, 2), remaining_count: fixed(o.status === 'open' ? o.size - o.filled : 0, 2), ts_ms: now() };
    if (o.filled > 0) Object.assign(body, { average_fill_price: fixed(o.cost / o.filled, 4), average_fee_paid: fixed(0, 4) });
    return json(body, 201);
  }));

  server.route('DELETE', `${P}/portfolio/events/orders/:id`, authed((req, account) => {
    const o = engine.get(req.params.id);
    if (!o || o.account !== account) return kalshiError(404, 'not_found', 'order not found');
    const r = engine.cancel(o.id);
    if (!r.ok) return kalshiError(400, 'order_not_cancelable', 'the order is not resting');
    return json({ order_id: r.order.id, client_order_id: r.order.clientId ?? '', reduced_by: fixed(r.order.size - r.order.filled, 2), ts_ms: now() });
  }));

  server.get(`${P}/portfolio/orders`, authed((req, account) => {
    const q = req.query;
    const status = q.get('status');
    const ticker = q.get('ticker');
    const minTs = Number(q.get('min_ts') ?? 0) * 1000;
    const list = engine.list(account, (o) => (!ticker || o.marketId === ticker) && o.createdMs >= minTs).map(wire).filter((o) => !status || o.status === status);
    return json({ orders: list, cursor: '' });
  }));

  server.get(`${P}/portfolio/orders/:id`, authed((req, account) => {
    const o = engine.get(req.params.id);
    return o && o.account === account ? json({ order: wire(o) }) : kalshiError(404, 'not_found', 'order not found');
  }));

  server.get(`${P}/portfolio/fills`, authed((req, account) => {
    const orderId = req.query.get('order_id');
    const orders = engine.list(account, (o) => !orderId || o.id === orderId);
    const fills = orders.flatMap((o) =>
      o.fills.map((f) => ({
        fill_id: stableUuid(`fill:${o.id}:${f.id}`),
        exchange_index: 0,
        trade_id: f.id,
        order_id: o.id,
        ticker: o.marketId,
        market_ticker: o.marketId,
        ...direction(o),
        count_fp: fixed(f.size, 2),
        yes_price_dollars: fixed(f.price, 4),
        no_price_dollars: fixed(1 - f.price, 4),
        is_taker: true,
        fee_cost: fixed(0, 4),
        created_time: new Date(f.t).toISOString(),
      })),
    );
    return json({ fills, cursor: '' });
  }));

  server.get(`${P}/portfolio/positions`, authed((_req, account) => {
    const market_positions = engine.positions(account).map((p) => ({
      ticker: p.marketId,
      exchange_index: 0,
      position_fp: fixed(p.yes, 2),
      market_exposure_dollars: fixed(p.yes >= 0 ? p.cost : -p.yes - -p.cost, 4),
      total_traded_dollars: fixed(Math.abs(p.cost), 4),
      realized_pnl_dollars: fixed(0, 4),
      fees_paid_dollars: fixed(0, 4),
      last_updated_ts: new Date(now()).toISOString(),
    }));
    return json({ market_positions, event_positions: [], cursor: '' });
  }));

  server.get(`${P}/portfolio/balance`, authed((_req, account) => {
    const cash = engine.balance(account);
    return json({ balance: Math.round(cash * 100), balance_dollars: fixed(cash, 4), portfolio_value: 0, updated_ts: Math.floor(now() / 1000), starting_balance_dollars: fixed(SIM_STARTING_BALANCE, 2) });
  }));

  return engine;
}
