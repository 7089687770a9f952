/**
 * predict.fun's order client (EXCHANGES.md §5.4): the caller's signed order is checked under the
 * market's exchange contract (from `isNegRisk` and `isYieldBearing` of GET /markets/{id}) before it
 * is posted with the stored API key (and JWT, for wallet-scoped calls). Orders are known by hash.
 */
import { ctfVenueOrderState, VenueCallError, venueCall, type Credentials, type TradingClient, type TradingClientConfig } from '../trading.js';
import { PREDICTFUN_DECIMALS, verifyPredictfunOrder } from './signing.js';

export function createPredictfunTradingClient(cfg: TradingClientConfig): TradingClient {
  const base = cfg.baseUrls.rest.replace(/\/$/, '');
  const now = cfg.now ?? Date.now;
  const scale = 10 ** PREDICTFUN_DECIMALS;
  const headers = (creds: Credentials | null): Record<string, string> => ({
    ...(creds?.api_key ? { 'x-api-key': String(creds.api_key) } : {}),
    ...(creds?.jwt ? { authorization: `Bearer ${String(creds.jwt)}` } : {}),
  });
  const call = (creds: Credentials | null, method: string, path: string, body?: unknown, allowNotFound = false) =>
    venueCall('predictfun', base + path, { method, headers: headers(creds), body: body === undefined ? undefined : JSON.stringify(body), timeoutMs: cfg.timeoutMs, allowNotFound });
  const data = (b: unknown): Record<string, unknown> => ((b as { data?: Record<string, unknown> })?.data ?? (b as Record<string, unknown>) ?? {});

  return {
    exchange: 'predictfun',
    async verifySignedOrder(signed, order, creds) {
      let market: Record<string, unknown>;
      try {
        market = data((await call(creds, 'GET', `/markets/${encodeURIComponent(order.marketId)}`)).body);
      } catch (err) {
        if (err instanceof VenueCallError && err.failure === 'not_found') throw new VenueCallError('predictfun', 'rejected', `market ${order.marketId} not found`, 404);
        throw err;
      }
      return verifyPredictfunOrder(signed, { outcome: order.outcome }, { negRisk: market.isNegRisk === true, yieldBearing: market.isYieldBearing === true }, creds?.owner_address ? String(creds.owner_address) : null, Math.floor(now() / 1000));
    },
    async place(creds, order) {
      const pricePerShare = order.price === null ? null : (BigInt(Math.round(order.price * 1e6)) * 10n ** 12n).toString();
      const body = { data: { order: order.signedOrder, pricePerShare, strategy: order.type === 'market' ? 'MARKET' : 'LIMIT', isFillOrKill: order.timeInForce === 'fok' } };
      const res = data((await call(creds, 'POST', '/orders', body)).body);
      return ctfVenueOrderState(res, String(res.orderHash ?? res.hash ?? order.clientId), scale);
    },
    async get(creds, id) {
      return ctfVenueOrderState(data((await call(creds, 'GET', `/orders/${encodeURIComponent(id)}`)).body), id, scale);
    },
    async findByClientId() {
      // Orders are known by their hash, which the venue's answer gives; a pending order without one is
      // left to the grace period (the service cannot compute the venue's order hash for it).
      return null;
    },
    async cancel(creds, id) {
      await call(creds, 'POST', '/orders/remove', { data: { ids: [id] } });
      return ctfVenueOrderState(data((await call(creds, 'GET', `/orders/${encodeURIComponent(id)}`)).body), id, scale);
    },
  };
}
