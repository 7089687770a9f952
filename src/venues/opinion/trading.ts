/**
 * Opinion's order client (EXCHANGES.md §6.1, §6.4): the caller's Safe order is checked under the
 * quote token's CTF exchange (`ctfExchangeAddress` of GET /quoteToken) before it is posted with the
 * stored API key (header `apikey`). Envelope `{errno, errmsg, result}`: errno 0 is success.
 */
import { ctfVenueOrderState, VenueCallError, venueCall, type Credentials, type TradingClient, type TradingClientConfig } from '../trading.js';
import { OPINION_DECIMALS, verifyOpinionOrder } from './signing.js';

export function createOpinionTradingClient(cfg: TradingClientConfig): TradingClient {
  const base = cfg.baseUrls.rest.replace(/\/$/, '');
  const now = cfg.now ?? Date.now;
  const scale = 10 ** OPINION_DECIMALS;
  const call = async (creds: Credentials | null, method: string, path: string, body?: unknown): Promise<Record<string, unknown>> => {
    const res = await venueCall('opinion', base + path, { method, headers: creds?.api_key ? { apikey: String(creds.api_key) } : {}, body: body === undefined ? undefined : JSON.stringify(body), timeoutMs: cfg.timeoutMs });
    const env = (res.body ?? {}) as { errno?: number; code?: number; errmsg?: string; msg?: string; result?: Record<string, unknown> };
    const errno = env.errno ?? env.code ?? 0;
    if (errno !== 0) throw new VenueCallError('opinion', 'rejected', env.errmsg ?? env.msg ?? `errno ${errno}`);
    return env.result ?? {};
  };

  return {
    exchange: 'opinion',
    async verifySignedOrder(signed, order, creds) {
      const quote = await call(creds, 'GET', '/quoteToken');
      const list = (quote.list as Record<string, unknown>[] | undefined) ?? [];
      const exchange = list.map((q) => q.ctfExchangeAddress).find((a): a is string => typeof a === 'string');
      if (!exchange) throw new VenueCallError('opinion', 'unavailable', 'opinion named no CTF exchange for its quote token');
      return verifyOpinionOrder(signed, { outcome: order.outcome }, exchange, creds?.multi_sig_addr ? String(creds.multi_sig_addr) : null, Math.floor(now() / 1000));
    },
    async place(creds, order) {
      const s = order.signedOrder!;
      const body = { ...s, topicId: Number(order.marketId), price: order.price === null ? '0' : String(order.price), tradingMethod: order.type === 'market' ? 1 : 2, side: Number(s.side) === 0 ? 1 : 2, timestamp: Math.floor(Date.now() / 1000) };
      const res = await call(creds, 'POST', '/order', body);
      return ctfVenueOrderState((res.orderData as Record<string, unknown>) ?? res, order.clientId, scale);
    },
    async get(creds, id) {
      const res = await call(creds, 'GET', `/order/${encodeURIComponent(id)}`);
      return ctfVenueOrderState((res.orderData as Record<string, unknown>) ?? res, id, scale);
    },
    async findByClientId() {
      // Opinion's order list carries no client id or salt to match a pending order by.
      return null;
    },
    async cancel(creds, id) {
      await call(creds, 'POST', '/order/cancel', { orderId: id });
      const res = await call(creds, 'GET', `/order/${encodeURIComponent(id)}`);
      return ctfVenueOrderState((res.orderData as Record<string, unknown>) ?? res, id, scale);
    },
  };
}
