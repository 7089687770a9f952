/**
 * Futuur's order client (API v2.0, docs/venue-notes.md §6.3): create, get, cancel, positions (wagers) and
 * balances, every request signed with the user's HMAC-SHA512 key pair (auth.ts). A Futuur market is
 * one binary outcome with positions `long` and `short` (the service's outcomes); `price` is that
 * position's price, 0..1, as here. Orders are placed in real money (USDC).
 */
import { signFutuurRequest, type FutuurParams } from './auth.js';
import { num, venueCall, type Credentials, type TradingClient, type TradingClientConfig, type VenueFill, type VenueOrderRequest, type VenueOrderState } from '../trading.js';
import { checkWire } from '../wire.js';
import { FutuurOrderSchema, FutuurOrdersPageSchema } from './wire.js';
import type { z } from 'zod';

export const FUTUUR_ORDER_CURRENCY = 'USDC';

interface FutuurOrderWire {
  id: number | string;
  market: number | { id: number };
  side: 'bid' | 'ask';
  position: 'long' | 'short';
  price: string | number | null;
  shares_requested?: string | number;
  shares_filled?: string | number;
  avg_fill_price?: string | number | null;
  status: string;
  expired_at?: string | null;
  created: string;
  fills?: { id: string | number; price: string | number; shares: string | number; created: string }[];
}

/**
 * Futuur's order words are open/partial_filled/filled/canceled/processing (LimitOrder in its OpenAPI):
 * none says expired, so a canceled order whose `expired_at` has passed is read as expired.
 */
function futuurState(o: FutuurOrderWire, nowMs: number): VenueOrderState {
  const filled = num(o.shares_filled) ?? 0;
  const requested = num(o.shares_requested) ?? 0;
  const expired = !!o.expired_at && Date.parse(o.expired_at) <= nowMs;
  const map: Record<string, VenueOrderState['status']> = { open: 'open', partial_filled: filled > 0 ? 'partially_filled' : 'open', filled: 'filled', canceled: expired ? 'expired' : 'cancelled', cancelled: 'cancelled', expired: 'expired', processing: 'open' };
  const status = map[o.status] ?? (filled >= requested && requested > 0 ? 'filled' : 'open');
  const fills: VenueFill[] = (o.fills ?? []).map((f) => ({ id: String(f.id), price: num(f.price) ?? 0, size: num(f.shares) ?? 0, fee: null, at: f.created }));
  return { exchangeOrderId: String(o.id), clientId: null, status, filledSize: filled, avgFillPrice: num(o.avg_fill_price), fills };
}

export function createFutuurTradingClient(cfg: TradingClientConfig): TradingClient {
  const base = cfg.baseUrls.rest.replace(/\/$/, '');
  const now = cfg.now ?? Date.now;

  const call = async (creds: Credentials, method: string, path: string, params: FutuurParams = {}, extraHeaders: Record<string, string> = {}) => {
    const signed = signFutuurRequest(params, { publicKey: String(creds.public_key), privateKey: String(creds.private_key) }, Math.floor(now() / 1000));
    const isGet = method === 'GET';
    const query = isGet && Object.keys(params).length ? `?${new URLSearchParams(Object.entries(params).filter(([, v]) => v !== null && v !== undefined).map(([k, v]): [string, string] => [k, String(v)])).toString()}` : '';
    return venueCall('futuur', base + path + query, { method, headers: { ...signed, ...extraHeaders }, body: isGet ? undefined : JSON.stringify(params), timeoutMs: cfg.timeoutMs });
  };

  /** Notes in the drift log where an order answer differs from futuur/wire.ts; it goes on as it is. */
  const checked = <B>(schema: z.ZodType, endpoint: string, answer: B): B => {
    checkWire(schema, answer, { exchange: 'futuur', endpoint });
    return answer;
  };

  const body = (order: VenueOrderRequest): FutuurParams => ({
    market: Number(order.marketId),
    side: order.side === 'buy' ? 'bid' : 'ask',
    position: order.outcome,
    price: order.type === 'market' ? null : order.price,
    shares: order.size,
    currency: FUTUUR_ORDER_CURRENCY,
    expired_at: order.expiresAt,
  });

  return {
    exchange: 'futuur',
    checkOrder(order) {
      if (order.outcome !== 'long' && order.outcome !== 'short') return 'outcome: must be long or short on futuur';
      if (!/^\d+$/.test(order.marketId)) return 'market_id: futuur market ids are numbers';
      if (order.price !== null && (order.price <= 0 || order.price >= 1)) return 'price: must be within 0..1 (exclusive) on futuur';
      if (order.timeInForce === 'ioc' || order.timeInForce === 'fok') return 'time_in_force: futuur orders rest until filled, cancelled or expired (gtc or gtd)';
      return null;
    },
    async place(creds, order) {
      // Futuur dedupes creations by Idempotency-Key.
      const res = await call(creds, 'POST', '/orders/', body(order), { 'Idempotency-Key': order.clientId });
      return futuurState(checked(FutuurOrderSchema, 'POST /orders/', res.body) as FutuurOrderWire, now());
    },
    async get(creds, id) {
      return futuurState(checked(FutuurOrderSchema, 'GET /orders/{id}/', (await call(creds, 'GET', `/orders/${encodeURIComponent(id)}/`)).body) as FutuurOrderWire, now());
    },
    async findByClientId(creds, _clientId, hint) {
      // Futuur's order records carry no client id: match the order's own fields among the market's recent orders.
      const res = await call(creds, 'GET', '/orders/', { market: hint.marketId, limit: 100 });
      const want = body(hint.order);
      const since = Date.parse(hint.since) - 60_000;
      const list = ((checked(FutuurOrdersPageSchema, 'GET /orders/', res.body) as { results?: FutuurOrderWire[] }).results ?? []).filter(
        (o) => o.side === want.side && o.position === want.position && num(o.shares_requested) === want.shares && num(o.price) === want.price && Date.parse(o.created) >= since,
      );
      return list.length ? futuurState(list[0], now()) : null;
    },
    async cancel(creds, id) {
      return futuurState(checked(FutuurOrderSchema, 'PATCH /orders/{id}/cancel/', (await call(creds, 'PATCH', `/orders/${encodeURIComponent(id)}/cancel/`)).body) as FutuurOrderWire, now());
    },
    async positions(creds) {
      const res = await call(creds, 'GET', '/wagers/', { active: 'true', currency_mode: 'real_money' });
      const list = (res.body as { results?: { market: number | { id: number }; position: string; shares: string | number; avg_price?: string | number; current_value?: string | number }[] }).results ?? [];
      return list.map((w) => ({
        market_id: String(typeof w.market === 'object' ? w.market.id : w.market),
        // Every Futuur market is one binary outcome: long is its yes, short its no.
        outcome: w.position === 'long' ? 'yes' : w.position === 'short' ? 'no' : w.position,
        venue_outcome: w.position,
        size: num(w.shares) ?? 0,
        avg_price: num(w.avg_price),
        value: num(w.current_value),
      }));
    },
    async balances(creds) {
      const res = await call(creds, 'GET', '/me/balances/');
      const list = (res.body as { results?: { currency: string; available?: string | number; amount?: string | number; total?: string | number }[] }).results ?? [];
      return list.map((b) => ({ currency: b.currency, available: num(b.available ?? b.amount) ?? 0, total: num(b.total) }));
    },
  };
}
