/**
 * Limitless's order client (EXCHANGES.md §4.4-4.5): the caller's signed order is checked against the
 * market's own exchange contract (`venue.exchange` of GET /markets/{slug}) before it is posted with
 * the stored API key (`X-API-Key`). Orders are listed per market (`/markets/{slug}/user-orders`).
 *
 * Positions: `GET /portfolio/positions` (Limitless API reference, Portfolio "Get Positions",
 * authenticated; the official TypeScript SDK's PortfolioFetcher sends it with the API key:
 * limitless-exchange-ts-sdk src/portfolio/fetcher.ts, src/types/portfolio.ts). It answers
 * `{clob: [...], amm: [...], group: [...], points, ...}`. A CLOB entry is `{market: {id, slug, title,
 * closed, conditionId}, makerAddress, positions: {yes, no: {cost, fillPrice, marketValue,
 * realisedPnl, unrealizedPnl}}, tokensBalance: {yes, no}, latestTrade}`, amounts in USDC base units
 * (6 decimals, strings): shares = tokensBalance / 1e6, average price = fillPrice / 1e6 (the SDK's
 * own flattening divides the same way), value = marketValue / 1e6. An AMM entry is `{market,
 * outcomeIndex (0 yes, 1 no), outcomeTokenAmount, averageFillPrice, collateralAmount}`, decimal
 * strings. Entries carry no token ids while orders name outcomes by token id, so the market's
 * `tokens` (GET /markets/{slug}) name them: one public read per market held.
 * Balances: the API has none (its portfolio routes are positions, trades, history, pnl-chart,
 * points and the trading allowance; the SDKs read the USDC balance on Base), so the descriptor
 * declares none and the route answers 404.
 */
import { ctfVenueOrderState, num, VenueCallError, venueCall, type Credentials, type TradingClient, type TradingClientConfig, type VenuePosition } from '../trading.js';
import { LIMITLESS_DECIMALS, verifyLimitlessOrder } from './signing.js';

interface LimitlessPositionSideWire {
  cost?: string;
  fillPrice?: string;
  marketValue?: string;
}

interface LimitlessClobPositionWire {
  market: { slug: string; tokens?: { yes: string; no: string } | null };
  positions?: { yes?: LimitlessPositionSideWire; no?: LimitlessPositionSideWire };
  tokensBalance?: { yes?: string; no?: string };
}

interface LimitlessAmmPositionWire {
  market: { slug?: string; address?: string };
  outcomeIndex: number;
  outcomeTokenAmount?: string;
  averageFillPrice?: string;
  collateralAmount?: string;
}

/** A base-unit (6-decimal) amount of the venue as a number of shares or dollars. */
const units = (v: unknown): number | null => {
  const n = num(v);
  return n === null ? null : n / 10 ** LIMITLESS_DECIMALS;
};

/** A CLOB entry as one position per outcome held; `tokens` names the outcomes as orders do. */
export function limitlessClobPositions(p: LimitlessClobPositionWire, tokens: { yes: string; no: string }): VenuePosition[] {
  return (['yes', 'no'] as const)
    .map((side) => {
      const s = p.positions?.[side];
      return { market_id: p.market.slug, outcome: tokens[side], size: units(p.tokensBalance?.[side]) ?? 0, avg_price: units(s?.fillPrice), value: units(s?.marketValue) };
    })
    .filter((x) => x.size > 0);
}

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
    async positions(creds) {
      const body = (await call(creds, 'GET', '/portfolio/positions')).body as { clob?: LimitlessClobPositionWire[]; amm?: LimitlessAmmPositionWire[] };
      const clob = body.clob ?? [];
      const slugs = [...new Set(clob.filter((p) => !p.market.tokens).map((p) => p.market.slug))];
      // A market the venue no longer serves keeps its outcomes' names (yes, no) rather than failing the read.
      const tokensOf = async (slug: string): Promise<{ yes: string; no: string }> => {
        try {
          return ((await call(null, 'GET', `/markets/${encodeURIComponent(slug)}`)).body as { tokens?: { yes: string; no: string } | null }).tokens ?? { yes: 'yes', no: 'no' };
        } catch (err) {
          if (err instanceof VenueCallError && err.failure === 'not_found') return { yes: 'yes', no: 'no' };
          throw err;
        }
      };
      const tokens = new Map(await Promise.all(slugs.map(async (slug) => [slug, await tokensOf(slug)] as const)));
      const fromAmm = (body.amm ?? []).map((p) => ({
        market_id: p.market.slug ?? p.market.address ?? '',
        // AMM markets have no CLOB tokens; the catalog calls their outcomes yes and no.
        outcome: p.outcomeIndex === 0 ? 'yes' : 'no',
        size: num(p.outcomeTokenAmount) ?? 0,
        avg_price: num(p.averageFillPrice),
        value: num(p.collateralAmount),
      }));
      return [...clob.flatMap((p) => limitlessClobPositions(p, p.market.tokens ?? tokens.get(p.market.slug)!)), ...fromAmm.filter((p) => p.size > 0 && p.market_id)];
    },
  };
}
