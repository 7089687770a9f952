/**
 * The Futuur simulator's trading API (v2.0): orders (create with Idempotency-Key, list, get, cancel),
 * wagers (positions) and balances. Every request must carry `Key`, `Timestamp` (unix seconds, within
 * the allowed skew) and `HMAC`: hex HMAC-SHA512, keyed with the private key, of the URL-encoded
 * parameters (query for GET, body for POST/PATCH; nulls left out) plus Key and Timestamp, sorted by
 * name in code-point order. Futuur's error codes on failure (InvalidHMACKey, InvalidHMACSignature,
 * MissingTimestamp, ExpiredTimestamp). A re-implementation of the rule, not a call into auth.ts.
 *
 * Key pairs: FUTUUR_SIM_CREDENTIALS, plus any registered through the simulator-only control route
 * `POST /_sim/api_keys {public_key, private_key}`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SimActivity } from '../../../sim/activity.js';
import { simHoldings } from '../../../sim/holdings.js';
import { SimOrderEngine, type SimOrder } from '../../../sim/orders.js';
import { hashString } from '../../../sim/rng.js';
import { json, type SimRequest, type SimResponse, type SimServer } from '../../../sim/server.js';

export const FUTUUR_SIM_MAX_SKEW_S = 60;

const err = (status: number, code: string, detail: string): SimResponse => ({ status, body: { code, detail } });

export interface FutuurOrdersOptions {
  prefix: string;
  activity: SimActivity;
  /** Key pairs known from the start (public -> private). */
  keys: Record<string, string>;
  /** The event a market belongs to (for a wager's `event` URL). */
  eventOf?: (marketId: string) => number | undefined;
  now?: () => number;
}

export function registerFutuurOrders(server: SimServer, opts: FutuurOrdersOptions): SimOrderEngine {
  const now = opts.now ?? Date.now;
  const engine = new SimOrderEngine(opts.activity, now);
  const keys = new Map(Object.entries(opts.keys));
  const idempotency = new Map<string, string>();
  const P = opts.prefix;
  let seq = 0;

  server.post('/_sim/api_keys', (req) => {
    const b = (req.body ?? {}) as { public_key?: string; private_key?: string };
    if (!b.public_key || !b.private_key) return err(400, 'invalid', 'public_key and private_key are required');
    keys.set(b.public_key, b.private_key);
    return json({ public_key: b.public_key }, 201);
  });

  const authenticate = (req: SimRequest): { account: string } | SimResponse => {
    const key = req.headers.key;
    if (typeof key !== 'string') return err(401, 'NotAuthenticated', 'Authentication credentials were not provided');
    const secret = keys.get(key);
    if (secret === undefined) return err(401, 'InvalidHMACKey', 'Invalid HMAC key');
    const ts = req.headers.timestamp;
    if (typeof ts !== 'string' || !/^\d+$/.test(ts)) return err(401, 'MissingTimestamp', 'Timestamp header is required');
    if (Math.abs(now() / 1000 - Number(ts)) > FUTUUR_SIM_MAX_SKEW_S) return err(401, 'ExpiredTimestamp', 'Timestamp expired');
    const params: [string, string][] =
      req.method === 'GET'
        ? [...req.query.entries()]
        : Object.entries((req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>).filter(([, v]) => v !== null && v !== undefined).map(([k, v]) => [k, String(v)]);
    params.push(['Key', key], ['Timestamp', ts]);
    params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const expected = createHmac('sha512', secret).update(new URLSearchParams(params).toString()).digest();
    const given = Buffer.from(String(req.headers.hmac ?? ''), 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected) ? { account: key } : err(401, 'InvalidHMACSignature', 'Invalid HMAC signature');
  };

  const authed = (handler: (req: SimRequest, account: string) => SimResponse) => (req: SimRequest): SimResponse => {
    const a = authenticate(req);
    return 'account' in a ? handler(req, a.account) : a;
  };

  /** Futuur's order record: price and fills in the position's terms (short = 1 - long). */
  const wire = (o: SimOrder): Record<string, unknown> => {
    const position = o.extra.position as 'long' | 'short';
    const own = (yes: number): number => (position === 'long' ? yes : Math.round((1 - yes) * 1e6) / 1e6);
    const avg = o.filled > 0 ? own(o.cost / o.filled) : null;
    return {
      id: Number(o.id),
      market: Number(o.marketId),
      side: o.extra.side,
      position,
      // LimitOrder: price and share counts are numbers, shares_filled a decimal string.
      price: o.price === null ? null : own(o.price),
      shares: Math.round((o.size - o.filled) * 1e4) / 1e4,
      shares_requested: o.size,
      shares_filled: o.filled.toFixed(4),
      avg_fill_price: avg === null ? null : avg.toFixed(4),
      currency: o.extra.currency,
      // The venue's words: open/partial_filled/filled/canceled/processing; an expired order is canceled (its expired_at past).
      status: o.status === 'open' ? (o.filled > 0 ? 'partial_filled' : 'open') : o.status === 'filled' ? 'filled' : 'canceled',
      expired_at: o.expiresAtMs ? new Date(o.expiresAtMs).toISOString() : null,
      created: new Date(o.createdMs).toISOString(),
      fills: o.fills.map((f) => ({ id: f.id, price: own(f.price).toFixed(4), shares: f.size.toFixed(4), created: new Date(f.t).toISOString() })),
    };
  };

  server.post(`${P}/orders`, authed((req, account) => {
    const idem = req.headers['idempotency-key'];
    const idemKey = typeof idem === 'string' && idem ? `${account}\u0000${idem}` : null;
    const seen = idemKey ? idempotency.get(idemKey) : undefined;
    if (seen) return json(wire(engine.get(seen)!), 200);
    const b = (req.body ?? {}) as Record<string, unknown>;
    if (b.side !== 'bid' && b.side !== 'ask') return err(400, 'invalid', 'side: must be bid or ask');
    if (b.position !== 'long' && b.position !== 'short') return err(400, 'invalid', 'position: must be long or short');
    const shares = Number(b.shares);
    if (!Number.isFinite(shares) || shares <= 0) return err(400, 'invalid', 'shares: must be a positive number');
    const price = b.price === null || b.price === undefined ? null : Number(b.price);
    if (price !== null && !(price > 0 && price < 1)) return err(400, 'invalid', 'price: must be between 0 and 1');
    if (!['OOM', 'USDC', 'USDT', 'USD'].includes(String(b.currency))) return err(400, 'invalid', 'currency: unknown currency');
    // Buying short at p is selling long at 1 - p (YES terms = long).
    const yesPrice = price === null ? null : b.position === 'long' ? price : Math.round((1 - price) * 1e6) / 1e6;
    const yesSide = (b.position === 'long') === (b.side === 'bid') ? 'buy' : 'sell';
    const expiresAtMs = typeof b.expired_at === 'string' ? Date.parse(b.expired_at) : null;
    const result = engine.place({
      id: String(100_000 + ++seq), account, marketId: String(b.market), side: yesSide, price: yesPrice, size: shares, tif: price === null ? 'ioc' : 'gtc', expiresAtMs,
      extra: { side: b.side, position: b.position, currency: b.currency },
    });
    if (!result.ok) {
      const map = {
        unknown_market: err(400, 'invalid', 'market: object does not exist'),
        market_closed: err(400, 'market_not_open', 'market is not open for wagers'),
        duplicate_client_id: err(400, 'wager_action_duplicated', 'duplicated order'),
        insufficient_balance: err(400, 'insufficient_funds', 'insufficient balance'),
        fok_not_filled: err(400, 'invalid', 'order could not be filled'),
      } as const;
      return map[result.code];
    }
    if (idemKey) idempotency.set(idemKey, result.order.id);
    return json(wire(result.order), 201);
  }));

  server.get(`${P}/orders`, authed((req, account) => {
    const market = req.query.get('market');
    const limit = Math.min(Number(req.query.get('limit') ?? 50) || 50, 100);
    const results = engine.list(account, (o) => !market || o.marketId === market).slice(0, limit).map(wire);
    return json({ pagination: { total: results.length, next: null, previous: null, page_size: limit, offset: 0 }, results });
  }));

  server.get(`${P}/orders/:id`, authed((req, account) => {
    const o = engine.get(req.params.id);
    return o && o.account === account ? json(wire(o)) : err(404, 'not_found', 'Not found.');
  }));

  server.route('PATCH', `${P}/orders/:id/cancel`, authed((req, account) => {
    const o = engine.get(req.params.id);
    if (!o || o.account !== account) return err(404, 'not_found', 'Not found.');
    // 204 and no body, as the venue answers a cancel.
    return engine.cancel(o.id).ok ? { status: 204 } : err(400, 'order_not_cancelable', 'only open orders can be canceled');
  }));

  // WagerList rows (futuur/wire.ts): `market`, `event` and `user` are resource URLs, `shares` and the
  // cost basis numbers, the amounts decimal strings. Only active (purchased) wagers are held here.
  server.get(`${P}/wagers`, authed((req, account) => {
    const url = (path: string) => `${server.baseUrl}${P}/${path}/`;
    const limit = Math.min(Number(req.query.get('limit') ?? 50) || 50, 100);
    const offset = Math.max(Number(req.query.get('offset') ?? 0) || 0, 0);
    const all = simHoldings(engine, opts.activity, (o) => o.account === account).map((h) => {
      const at = new Date(now()).toISOString();
      return {
        id: Number(h.marketId) * 2 + (h.yes ? 0 : 1), status: 'purchased', status_display: 'Purchased', user: url(`users/${hashString(account) % 100_000}`),
        event: url(`events/${opts.eventOf?.(h.marketId) ?? 0}`), market: url(`markets/${h.marketId}`), position: h.yes ? 'long' : 'short', position_display: h.yes ? 'Long' : 'Short', currency: 'USDC',
        shares: h.size, shares_in_canonical: h.size, total_amount: h.cost.toFixed(2), purchases_amount: h.cost, active_purchases_amount: h.cost.toFixed(2),
        roi: h.cost > 0 ? (((h.value - h.cost) / h.cost) * 100).toFixed(2) : '0.00', earnings: (h.value - h.cost).toFixed(2), amount_on_win: h.size.toFixed(2), amount_on_sell: h.value.toFixed(2),
        current_profit: (h.value - h.cost).toFixed(2), last_profit: null, last_sell_amount: null, last_purchase: at, last_update: at, last_action: null, actions_count: 1,
      };
    });
    const next = offset + limit < all.length ? `${server.baseUrl}${P}/wagers/?limit=${limit}&offset=${offset + limit}` : null;
    return json({ pagination: { total: all.length, next, previous: null, page_size: limit, offset }, results: all.slice(offset, offset + limit) });
  }));

  // A bare array of `{currency, amount}` rows, one per currency, as the venue answers.
  server.get(`${P}/me/balances`, authed((_req, account) => json([{ currency: 'OOM', amount: '0.00' }, { currency: 'USDC', amount: (engine.balance(account) - engine.held(account)).toFixed(2) }])));

  return engine;
}
