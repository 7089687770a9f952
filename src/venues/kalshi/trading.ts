/**
 * Kalshi's order client (trade-api v2, docs/venue-notes.md §1.7): create, get, find by client_order_id,
 * cancel, fills, positions and balance, every request signed with the user's RSA key (signing.ts).
 * Unified units in and out: a price is the dollar price of the chosen side (`yes`/`no`), 0..1, sent as
 * a `*_price_dollars` string; sizes are whole contracts (`count`).
 */
import { createPrivateKey, type KeyObject } from 'node:crypto';
import { recordTiming, timingsActive } from '../../util/request-timings.js';
import { num, VenueCallError, venueCall, type Credentials, type TradingClient, type TradingClientConfig, type VenueFill, type VenueOrderRequest, type VenueOrderState } from '../trading.js';
import { signKalshiRequestAsync } from './signing.js';

interface KalshiOrderWire {
  order_id: string;
  client_order_id?: string;
  ticker: string;
  side: 'yes' | 'no';
  action: 'buy' | 'sell';
  status: 'resting' | 'canceled' | 'executed' | 'pending';
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
  side: 'yes' | 'no';
  count_fp: string;
  yes_price_dollars: string;
  no_price_dollars: string;
  created_time: string;
}

const TIF: Record<VenueOrderRequest['timeInForce'], string> = { gtc: 'good_till_canceled', gtd: 'good_till_canceled', ioc: 'immediate_or_cancel', fok: 'fill_or_kill' };

export function kalshiOrderState(o: KalshiOrderWire, fills?: VenueFill[]): VenueOrderState {
  const filled = num(o.fill_count_fp) ?? 0;
  const cost = (num(o.taker_fill_cost_dollars) ?? 0) + (num(o.maker_fill_cost_dollars) ?? 0);
  const expired = o.status === 'canceled' && !!o.expiration_time && Date.parse(o.expiration_time) <= Date.now();
  const status: VenueOrderState['status'] =
    o.status === 'executed' ? 'filled' : o.status === 'canceled' ? (expired ? 'expired' : 'cancelled') : filled > 0 ? 'partially_filled' : 'open';
  return { exchangeOrderId: o.order_id, clientId: o.client_order_id ?? null, status, filledSize: filled, avgFillPrice: filled > 0 ? Math.round((cost / filled) * 1e6) / 1e6 : null, fills };
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

  const call = async (creds: Credentials, method: string, path: string, opts: { body?: unknown; allowNotFound?: boolean } = {}) => {
    // Signed on libuv's thread pool (signing.ts); `sign` in Server-Timing is its wall time, queueing included.
    const timed = timingsActive();
    const t0 = timed ? performance.now() : 0;
    const headers = await signKalshiRequestAsync(String(creds.key_id), kalshiPrivateKey(creds), method, basePath + path, now());
    if (timed) recordTiming('sign', performance.now() - t0);
    return venueCall('kalshi', base + path, { method, headers: { ...headers }, body: opts.body === undefined ? undefined : JSON.stringify(opts.body), timeoutMs: cfg.timeoutMs, allowNotFound: opts.allowNotFound });
  };

  const fillsOf = async (creds: Credentials, orderId: string): Promise<VenueFill[]> => {
    const res = await call(creds, 'GET', `/portfolio/fills?order_id=${encodeURIComponent(orderId)}&limit=1000`);
    const fills = ((res.body as { fills?: KalshiFillWire[] }).fills ?? []).filter((f) => f.order_id === orderId);
    return fills.map((f) => ({
      id: f.fill_id ?? f.trade_id,
      price: num(f.side === 'yes' ? f.yes_price_dollars : f.no_price_dollars) ?? 0,
      size: num(f.count_fp) ?? 0,
      fee: null,
      at: f.created_time,
    }));
  };

  const withFills = async (creds: Credentials, o: KalshiOrderWire): Promise<VenueOrderState> => {
    const filled = num(o.fill_count_fp) ?? 0;
    return kalshiOrderState(o, filled > 0 ? await fillsOf(creds, o.order_id) : []);
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
      // Kalshi has no market type since API 3.11: a market order is an IOC at the far price.
      const price = order.type === 'market' || order.price === null ? (order.side === 'buy' ? 0.99 : 0.01) : order.price;
      const body: Record<string, unknown> = {
        ticker: order.marketId,
        client_order_id: order.clientId,
        side: order.outcome,
        action: order.side,
        count: order.size,
        [order.outcome === 'yes' ? 'yes_price_dollars' : 'no_price_dollars']: price.toFixed(4),
        time_in_force: order.type === 'market' ? 'immediate_or_cancel' : TIF[order.timeInForce],
      };
      if (order.expiresAt) body.expiration_ts = Math.floor(Date.parse(order.expiresAt) / 1000);
      const res = await call(creds, 'POST', '/portfolio/orders', { body });
      return withFills(creds, (res.body as { order: KalshiOrderWire }).order);
    },
    async get(creds, id) {
      const res = await call(creds, 'GET', `/portfolio/orders/${encodeURIComponent(id)}`);
      return withFills(creds, (res.body as { order: KalshiOrderWire }).order);
    },
    async findByClientId(creds, clientId, hint) {
      // The venue lists a market's orders; the client id is matched here (it has no filter for it).
      const minTs = Math.floor(Date.parse(hint.since) / 1000) - 60;
      let cursor = '';
      for (let page = 0; page < 10; page++) {
        const res = await call(creds, 'GET', `/portfolio/orders?ticker=${encodeURIComponent(hint.marketId)}&min_ts=${minTs}&limit=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        const body = res.body as { orders?: KalshiOrderWire[]; cursor?: string };
        const hit = (body.orders ?? []).find((o) => o.client_order_id === clientId);
        if (hit) return withFills(creds, hit);
        if (!body.cursor) return null;
        cursor = body.cursor;
      }
      return null;
    },
    async cancel(creds, id) {
      const res = await call(creds, 'DELETE', `/portfolio/orders/${encodeURIComponent(id)}`);
      const o = (res.body as { order: KalshiOrderWire }).order;
      if (!o) throw new VenueCallError('kalshi', 'unavailable', 'kalshi answered a cancel without the order');
      return withFills(creds, o);
    },
    async positions(creds) {
      const res = await call(creds, 'GET', '/portfolio/positions?limit=1000');
      const list = (res.body as { market_positions?: { ticker: string; position_fp?: string; position?: number; market_exposure_dollars?: string; total_traded_dollars?: string }[] }).market_positions ?? [];
      return list
        .map((p) => {
          const pos = num(p.position_fp) ?? p.position ?? 0;
          const exposure = num(p.market_exposure_dollars);
          return { market_id: p.ticker, outcome: pos >= 0 ? 'yes' : 'no', size: Math.abs(pos), avg_price: exposure !== null && pos !== 0 ? Math.round((exposure / Math.abs(pos)) * 1e6) / 1e6 : null, value: exposure };
        })
        .filter((p) => p.size > 0);
    },
    async balances(creds) {
      const res = await call(creds, 'GET', '/portfolio/balance');
      const b = res.body as { balance?: number; balance_dollars?: string; portfolio_value?: number };
      const available = num(b.balance_dollars) ?? (b.balance ?? 0) / 100;
      return [{ currency: 'USD', available, total: b.portfolio_value !== undefined ? available + b.portfolio_value / 100 : null }];
    },
  };
}
