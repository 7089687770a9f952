/**
 * predict.fun's order client (EXCHANGES.md §5.4): the caller's signed order is checked under the
 * market's exchange contract (from `isNegRisk` and `isYieldBearing` of GET /markets/{id}) before it
 * is posted with the stored API key (and JWT, for wallet-scoped calls). Orders are known by hash.
 *
 * Positions: `GET /v1/positions/{address}` with the API key (`x-api-key`), the public per-wallet
 * read next to the JWT-scoped `GET /v1/positions` (the venue's API reference lists both under
 * Account; the official SDK's README says conditionId and indexSet of a position come from
 * `GET /positions`). Envelope `{success, cursor, data: [Position]}`, paged with `first` and
 * `after` (= the previous `cursor`) like the venue's other lists; a Position is `{id, market: {id,
 * conditionId, isNegRisk, isYieldBearing, status}, outcome: {name, indexSet, onChainId, status},
 * amount (shares in wei, 18 decimals), averageBuyPriceUsd, valueUsd}`. The address read is the one
 * holding the shares, i.e. the orders' maker: the Predict Account (deposit address) for web-app
 * users, else the EOA, stored as `address` with the credentials.
 * Balances: the API has none (the SDK's `balanceOf` reads USDT on BNB Chain), so the descriptor
 * declares none and the route answers 404.
 */
import { IncompleteCredentialsError, ctfVenueOrderState, num, VenueCallError, venueCall, type Credentials, type TradingClient, type TradingClientConfig, type VenuePosition } from '../trading.js';
import { PREDICTFUN_DECIMALS, verifyPredictfunOrder } from './signing.js';

const POSITIONS_PAGE = 100;
const MAX_PAGES = 50;

interface PredictPositionWire {
  market: { id: number | string };
  outcome: { onChainId: string };
  amount: string;
  averageBuyPriceUsd?: string | number | null;
  valueUsd?: string | number | null;
}

export function predictfunPosition(p: PredictPositionWire): VenuePosition {
  // Shares are wei strings (18 decimals): BigInt keeps their precision before the one division.
  let size = 0;
  try {
    size = Number(BigInt(p.amount)) / 10 ** PREDICTFUN_DECIMALS;
  } catch {
    size = 0;
  }
  return { market_id: String(p.market.id), outcome: String(p.outcome.onChainId), size, avg_price: num(p.averageBuyPriceUsd), value: num(p.valueUsd) };
}

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
    async positions(creds) {
      const address = typeof creds.address === 'string' ? creds.address : '';
      if (!address) throw new IncompleteCredentialsError('predictfun', 'address: predictfun positions are read by wallet; store the address holding your shares (your Predict Account, or your EOA) as address with your predictfun credentials');
      const out: VenuePosition[] = [];
      let after = '';
      for (let page = 0; page < MAX_PAGES; page++) {
        const res = (await call(creds, 'GET', `/positions/${encodeURIComponent(address)}?first=${POSITIONS_PAGE}${after ? `&after=${encodeURIComponent(after)}` : ''}`)).body as { data?: PredictPositionWire[] | { positions?: PredictPositionWire[] }; cursor?: string | null };
        const list = Array.isArray(res.data) ? res.data : (res.data?.positions ?? []);
        out.push(...list.map(predictfunPosition).filter((p) => p.size > 0));
        if (!res.cursor || list.length === 0) break;
        after = res.cursor;
      }
      return out;
    },
  };
}
