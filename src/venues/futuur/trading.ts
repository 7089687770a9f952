/**
 * Futuur's order client (API v2.0, docs/venue-notes.md §6.3): create, get, cancel, positions (wagers) and
 * balances, every request signed with the user's HMAC-SHA512 key pair (auth.ts). A Futuur market is
 * one binary outcome with positions `long` and `short` (the service's outcomes); `price` is that
 * position's price, 0..1, as here. Orders are placed in real money (USDC).
 */
import { signFutuurRequest, type FutuurParams } from './auth.js';
import { num, venueCall, type Credentials, type TradingClient, type TradingClientConfig, type VenueBalance, type VenueFill, type VenueOrderRequest, type VenueOrderState, type VenuePosition } from '../trading.js';
import { checkWire } from '../wire.js';
import { FutuurBalancesSchema, FutuurOrderSchema, FutuurOrdersPageSchema, FutuurWagersPageSchema } from './wire.js';
import type { z } from 'zod';

export const FUTUUR_ORDER_CURRENCY = 'USDC';

/** Wagers per page, and how many pages a positions read follows. */
const WAGERS_PAGE = 100;
const WAGERS_MAX_PAGES = 50;

/** A wager as `GET /wagers/` lists it (WagerList, futuur/wire.ts): `market` is the market's URL. */
interface FutuurWagerWire {
  market: string | number | { id: number };
  position: string;
  shares: number | string;
  purchases_amount?: number | string | null;
  amount_on_sell?: string | number;
}

/** The market id of a wager's `market`: its resource URL (`.../markets/3801/`), or an id as it is. */
export function futuurWagerMarketId(market: FutuurWagerWire['market']): string {
  if (typeof market === 'object' && market !== null) return String(market.id);
  const text = String(market);
  return /\/markets\/(\d+)\/?$/.exec(text)?.[1] ?? text;
}

/** A wager as a position: its cost basis over its shares is the average price, what selling brings its value. */
export function futuurPosition(w: FutuurWagerWire): VenuePosition {
  const size = num(w.shares) ?? 0;
  const cost = num(w.purchases_amount);
  return {
    market_id: futuurWagerMarketId(w.market),
    // Every Futuur market is one binary outcome: long is its yes, short its no.
    outcome: w.position === 'long' ? 'yes' : w.position === 'short' ? 'no' : w.position,
    venue_outcome: w.position,
    size,
    avg_price: cost !== null && size > 0 ? Math.round((cost / size) * 1e6) / 1e6 : null,
    value: num(w.amount_on_sell),
  };
}

/**
 * A balance row `{currency, amount}`: the ledger's amount is what the account holds in that currency;
 * the venue publishes no split of what open orders hold, so the total is left unknown.
 */
export function futuurBalance(b: { currency: string; amount?: string | number }): VenueBalance {
  return { currency: b.currency, available: num(b.amount) ?? 0, total: null };
}

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
    async cancel(creds, id, hint) {
      // 204 and no body: the order as it now stands is read back.
      await call(creds, 'PATCH', `/orders/${encodeURIComponent(id)}/cancel/`);
      return this.get(creds, id, hint);
    },
    async positions(creds) {
      const out: VenuePosition[] = [];
      for (let page = 0; page < WAGERS_MAX_PAGES; page++) {
        const res = await call(creds, 'GET', '/wagers/', { active: 'true', currency_mode: 'real_money', limit: WAGERS_PAGE, offset: page * WAGERS_PAGE });
        const body = checked(FutuurWagersPageSchema, 'GET /wagers/', res.body) as { results?: FutuurWagerWire[]; pagination?: { total?: number }; count?: number };
        const list = body.results ?? [];
        out.push(...list.map(futuurPosition).filter((p) => p.size > 0));
        const total = body.pagination?.total ?? body.count ?? 0;
        if (list.length < WAGERS_PAGE || (page + 1) * WAGERS_PAGE >= total) break;
      }
      return out;
    },
    async balances(creds) {
      const body = checked(FutuurBalancesSchema, 'GET /me/balances/', (await call(creds, 'GET', '/me/balances/')).body);
      // A bare array (the OpenAPI); a list under `results` is read too, should the venue page it.
      const list = (Array.isArray(body) ? body : ((body as { results?: unknown[] } | null)?.results ?? [])) as { currency: string; amount?: string | number }[];
      return list.map(futuurBalance);
    },
  };
}
