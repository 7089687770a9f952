/**
 * Limitless's order client (EXCHANGES.md §4.4-4.5): the caller's signed order is checked against the
 * market's own exchange contract (`venue.exchange` of GET /markets/{slug}) before it is posted with
 * the stored API key (`X-API-Key`). Orders are listed per market (`/markets/{slug}/user-orders`).
 */
import { ctfVenueOrderState, VenueCallError, venueCall, type Credentials, type TradingClient, type TradingClientConfig } from '../trading.js';
import { LIMITLESS_DECIMALS, verifyLimitlessOrder } from './signing.js';

const ORDER_TYPE = { gtc: 'GTC', gtd: 'GTC', ioc: 'FAK', fok: 'FOK' } as const;

export function createLimitlessTradingClient(cfg: TradingClientConfig): TradingClient {
  const base = cfg.baseUrls.rest.replace(/\/$/, '');
  const now = cfg.now ?? Date.now;
  const call = (creds: Credentials | null, method: string, path: string, body?: unknown) =>
    venueCall('limitless', base + path, { method, headers: creds ? { 'X-API-Key': String(creds.api_key) } : {}, body: body === undefined ? undefined : JSON.stringify(body), timeoutMs: cfg.timeoutMs });
  const userOrders = async (creds: Credentials, slug: string) =>
    ((await call(creds, 'GET', `/markets/${encodeURIComponent(slug)}/user-orders?statuses=LIVE,MATCHED`)).body as { data?: Record<string, unknown>[] } | Record<string, unknown>[]);
  const list = (b: unknown): Record<string, unknown>[] => (Array.isArray(b) ? b : ((b as { data?: Record<string, unknown>[] })?.data ?? []));

  return {
    exchange: 'limitless',
    async verifySignedOrder(signed, order) {
      let market: { venue?: { exchange?: string | null } | null };
      try {
        market = (await call(null, 'GET', `/markets/${encodeURIComponent(order.marketId)}`)).body as typeof market;
      } catch (err) {
        if (err instanceof VenueCallError && err.failure === 'not_found') throw new VenueCallError('limitless', 'rejected', `market ${order.marketId} not found`, 404);
        throw err;
      }
      const exchange = market.venue?.exchange;
      if (!exchange) throw new VenueCallError('limitless', 'rejected', `market ${order.marketId} has no CLOB exchange (an AMM market?)`);
      return verifyLimitlessOrder(signed, { outcome: order.outcome }, exchange, Math.floor(now() / 1000));
    },
    async place(creds, order) {
      const { verifyingContract: _v, ...signed } = order.signedOrder!;
      const body = { order: { ...signed, price: order.price }, orderType: ORDER_TYPE[order.timeInForce], marketSlug: order.marketId, ownerId: creds.owner_id ?? null };
      const res = (await call(creds, 'POST', '/orders', body)).body as Record<string, unknown>;
      return ctfVenueOrderState((res.order as Record<string, unknown>) ?? res, order.clientId, 10 ** LIMITLESS_DECIMALS);
    },
    async get(creds, id, hint) {
      const hit = list(await userOrders(creds, hint.marketId)).find((o) => String(o.id) === id);
      if (!hit) throw new VenueCallError('limitless', 'not_found', `order ${id} not among the market's live or matched orders`, 404);
      return ctfVenueOrderState(hit, id, 10 ** LIMITLESS_DECIMALS);
    },
    async findByClientId(creds, _clientId, hint) {
      const salt = String(hint.order.signedOrder?.salt ?? '');
      const hit = list(await userOrders(creds, hint.marketId)).find((o) => String((o.order as Record<string, unknown> | undefined)?.salt ?? o.salt ?? '') === salt);
      return hit ? ctfVenueOrderState(hit, '', 10 ** LIMITLESS_DECIMALS) : null;
    },
    async cancel(creds, id) {
      const res = (await call(creds, 'DELETE', `/orders/${encodeURIComponent(id)}`)).body as Record<string, unknown>;
      return { ...ctfVenueOrderState((res?.order as Record<string, unknown>) ?? { id, status: 'CANCELLED' }, id, 10 ** LIMITLESS_DECIMALS), status: 'cancelled' };
    },
  };
}
