/**
 * Limitless's order client (docs/venue-notes.md §3.3-3.4): the caller's signed order is checked against the
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
 *
 * Fills. The venue lists no fills per order; what it gives (limitless-exchange-rust-sdk src/orders.rs
 * OrderResponse, OrderMatch, OrderExecution; src/markets.rs UserOrder; the TypeScript SDK's
 * src/types/orders.ts OrderMatch, "When a FOK order is filled or a GTC order is partially matched"):
 * - `POST /orders` answers `{order, makerMatches: [{id, createdAt, matchedSize, orderId}],
 *   execution: {matched, settlementStatus, tradeEventId, txHash, totalsRaw: {contractsGross,
 *   contractsFee, contractsNet, usdGross, usdFee, usdNet}}}`: each maker match is a fill of the new
 *   order as taker, `matchedSize` in 6-decimal base units (read as shares, like the order's own
 *   amounts; the TypeScript SDK's comment calls them "USDC units"), the match's own id its venue
 *   id. The matches carry no price: they are priced at the execution's average (usdGross /
 *   contractsGross, the taker leg's totals) when given, else at the order's limit price.
 * - `GET /markets/{slug}/user-orders` gives each order's `price` (0..1 of its token), `status` and
 *   `filledSize` (6-decimal base units, like makerAmount/takerAmount), no fills. What filled after
 *   placement filled while the order rested, as a maker, at its own limit price (a CLOB fills a
 *   resting order at its price): one fill per read that finds `filledSize` grown past the fills
 *   already known (`hint.knownFills`), id `<order id>:filled:<filledSize>`, stamped when read.
 */
import { averageFillPrice, isoTime, num, SignedOrderError, VenueCallError, venueCall, type Credentials, type TradingClient, type TradingClientConfig, type VenueFill, type VenueOrderState, type VenuePosition } from '../trading.js';
import { ctfOrderAmounts, ctfV1OrderMessage, orderExpiration, requireAddress, signedPrice, SIGNATURE_TYPE } from '../ctf-order.js';
import { LIMITLESS_DECIMALS, limitlessOrderTypedData, verifyLimitlessOrder } from './signing.js';
import { checkWire } from '../wire.js';
import { LimitlessCancelSchema, LimitlessPlacementSchema, LimitlessPositionsSchema, LimitlessUserOrdersSchema } from './wire.js';
import type { z } from 'zod';

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

/** A CLOB entry as one position per outcome held, on its yes or no side; `tokens` names the outcomes as the venue's orders do. */
export function limitlessClobPositions(p: LimitlessClobPositionWire, tokens: { yes: string; no: string }): VenuePosition[] {
  return (['yes', 'no'] as const)
    .map((side) => {
      const s = p.positions?.[side];
      return { market_id: p.market.slug, outcome: side, venue_outcome: tokens[side], size: units(p.tokensBalance?.[side]) ?? 0, avg_price: units(s?.fillPrice), value: units(s?.marketValue) };
    })
    .filter((x) => x.size > 0);
}

const ORDER_TYPE = { gtc: 'GTC', gtd: 'GTC', ioc: 'FAK', fok: 'FOK' } as const;

/**
 * The JSON numbers of `POST /orders`' order: the official TypeScript SDK (limitless-exchange-ts-sdk
 * src/types/orders.ts UnsignedOrder, built by src/orders/builder.ts, 2026-04-30) sends `salt`,
 * `makerAmount`, `takerAmount`, `nonce`, `feeRateBps`, `side`, `signatureType` as numbers and
 * `tokenId`, `expiration` as strings.
 */
const SDK_NUMBER_FIELDS = ['salt', 'makerAmount', 'takerAmount', 'nonce', 'feeRateBps', 'side', 'signatureType'] as const;

/**
 * The signed order as the SDK puts it on the wire: the signed values unchanged, the SDK's number
 * fields as JSON numbers. A value past 2^53 stays a decimal string (a number would change it).
 */
export function limitlessOrderBody(signed: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...signed };
  for (const field of SDK_NUMBER_FIELDS) {
    const v = out[field];
    if (typeof v === 'string' && /^\d+$/.test(v) && Number.isSafeInteger(Number(v))) out[field] = Number(v);
  }
  if (typeof out.expiration === 'number') out.expiration = String(out.expiration);
  return out;
}

const round6 = (x: number): number => Math.round(x * 1e6) / 1e6;

/** A Limitless order record (the placement answer's `order`, or a user-orders entry) in unified terms, fills aside. */
export function limitlessOrderState(raw: Record<string, unknown>, fallbackId: string, filledAtLeast = 0): VenueOrderState {
  const id = String(raw.id ?? fallbackId);
  const word = String(raw.status ?? '').toUpperCase();
  // Shares are what a buy takes and a sell gives.
  const total = units(Number(raw.side) === 1 ? raw.makerAmount : raw.takerAmount) ?? 0;
  const filled = Math.max(units(raw.filledSize) ?? 0, filledAtLeast);
  const status: VenueOrderState['status'] = /CANCEL/.test(word)
    ? 'cancelled'
    : /EXPIRED/.test(word)
      ? 'expired'
      : total > 0 && filled >= total - 1e-9
        ? 'filled'
        : filled > 0
          ? 'partially_filled'
          : 'open';
  return { exchangeOrderId: id, status, filledSize: round6(filled), avgFillPrice: null, fills: [] };
}

interface LimitlessPlacementWire {
  order?: Record<string, unknown>;
  makerMatches?: { id: string | number; createdAt?: string | null; matchedSize?: string | number }[];
  execution?: { totalsRaw?: { contractsGross?: string; usdGross?: string } } | null;
}

/** The placement answer: the order, and its fills as taker (its maker matches). */
export function limitlessPlacement(res: LimitlessPlacementWire, fallbackId: string, limitPrice: number | null, now: string): VenueOrderState {
  const o = res.order ?? (res as Record<string, unknown>);
  const contracts = units(res.execution?.totalsRaw?.contractsGross) ?? 0;
  const usd = units(res.execution?.totalsRaw?.usdGross) ?? 0;
  const price = contracts > 0 ? round6(usd / contracts) : (num(o.price) ?? limitPrice ?? 0);
  const fills: VenueFill[] = (res.makerMatches ?? []).map((m) => ({ id: String(m.id), price, size: units(m.matchedSize) ?? 0, fee: null, at: isoTime(m.createdAt, now) })).filter((f) => f.size > 0);
  const state = limitlessOrderState(o, fallbackId, fills.reduce((n, f) => n + f.size, 0));
  return { ...state, fills, avgFillPrice: averageFillPrice(fills) };
}

/**
 * An order read back: the known fills, plus one for what filled since at the order's limit price
 * (see the header); its average over all of them.
 */
export function limitlessWithRestingFills(state: VenueOrderState, raw: Record<string, unknown>, known: readonly VenueFill[], now: string): VenueOrderState {
  const fills = [...known];
  const delta = round6(state.filledSize - known.reduce((n, f) => n + f.size, 0));
  const price = num(raw.price);
  if (delta > 1e-9 && price !== null) fills.push({ id: `${state.exchangeOrderId}:filled:${Math.round(state.filledSize * 10 ** LIMITLESS_DECIMALS)}`, price, size: delta, fee: null, at: now });
  return { ...state, fills, avgFillPrice: averageFillPrice(fills) };
}

export function createLimitlessTradingClient(cfg: TradingClientConfig): TradingClient {
  const base = cfg.baseUrls.rest.replace(/\/$/, '');
  const now = cfg.now ?? Date.now;
  const call = (creds: Credentials | null, method: string, path: string, body?: unknown) =>
    venueCall('limitless', base + path, { method, headers: creds ? { 'X-API-Key': String(creds.api_key) } : {}, body: body === undefined ? undefined : JSON.stringify(body), timeoutMs: cfg.timeoutMs });
  /** Notes in the drift log where a trading answer differs from limitless/wire.ts; it goes on as it is. */
  const checked = <B>(schema: z.ZodType, endpoint: string, body: B): B => {
    checkWire(schema, body, { exchange: 'limitless', endpoint });
    return body;
  };
  const userOrders = async (creds: Credentials, slug: string, statuses = 'LIVE,MATCHED') =>
    checked(LimitlessUserOrdersSchema, 'GET /markets/{slug}/user-orders', (await call(creds, 'GET', `/markets/${encodeURIComponent(slug)}/user-orders?statuses=${statuses}`)).body as { orders?: Record<string, unknown>[] } | Record<string, unknown>[]);
  const isoNow = () => new Date(now()).toISOString();
  // A bare array (the Rust SDK's decoding) or `{orders}` (the TypeScript SDK's getUserOrders).
  const list = (b: unknown): Record<string, unknown>[] => (Array.isArray(b) ? b : ((b as { orders?: Record<string, unknown>[] })?.orders ?? []));

  /** The market's own exchange contract and outcome tokens (public read); an unknown market is `rejected`. */
  const clobMarket = async (marketId: string): Promise<{ exchange: string; tokens: { yes: string; no: string } | null }> => {
    let market: { venue?: { exchange?: string | null } | null; tokens?: { yes: string; no: string } | null };
    try {
      market = (await call(null, 'GET', `/markets/${encodeURIComponent(marketId)}`)).body as typeof market;
    } catch (err) {
      if (err instanceof VenueCallError && err.failure === 'not_found') throw new VenueCallError('limitless', 'rejected', `market ${marketId} not found`, 404);
      throw err;
    }
    const exchange = market.venue?.exchange;
    if (!exchange) throw new VenueCallError('limitless', 'rejected', `market ${marketId} has no CLOB exchange (an AMM market?)`);
    return { exchange, tokens: market.tokens ?? null };
  };

  return {
    exchange: 'limitless',
    async prepareSignedOrder(order, input) {
      const signer = requireAddress('signer', input.signer);
      const market = await clobMarket(order.marketId);
      if (market.tokens && ![String(market.tokens.yes), String(market.tokens.no)].includes(order.outcome)) throw new SignedOrderError(`outcome: ${order.outcome} is not a token of market ${order.marketId} (yes ${market.tokens.yes}, no ${market.tokens.no})`);
      // EOA orders: the signer is the maker (proxy and Safe makers sign the same way, as maker).
      const maker = input.maker === undefined ? signer : requireAddress('maker', input.maker);
      const message = ctfV1OrderMessage({
        maker, signer, tokenId: order.outcome, side: order.side, amounts: ctfOrderAmounts(order.side, signedPrice(order), order.size, LIMITLESS_DECIMALS), expiration: orderExpiration(order),
        signatureType: maker === signer ? SIGNATURE_TYPE.EOA : SIGNATURE_TYPE.POLY_GNOSIS_SAFE,
      });
      const typedData = limitlessOrderTypedData(message, market.exchange);
      return { typedData, signedOrder: { ...message, verifyingContract: typedData.domain.verifyingContract } };
    },
    async verifySignedOrder(signed, order) {
      const market = await clobMarket(order.marketId);
      return verifyLimitlessOrder(signed, { outcome: order.outcome }, market.exchange, Math.floor(now() / 1000));
    },
    async place(creds, order) {
      const { verifyingContract: _v, ...signed } = order.signedOrder!;
      const body = { order: { ...limitlessOrderBody(signed), price: order.price }, orderType: ORDER_TYPE[order.timeInForce], marketSlug: order.marketId, ownerId: creds.owner_id ?? null };
      const res = checked(LimitlessPlacementSchema, 'POST /orders', (await call(creds, 'POST', '/orders', body)).body) as LimitlessPlacementWire;
      return limitlessPlacement(res, order.clientId, order.price, isoNow());
    },
    async get(creds, id, hint) {
      const hit = list(await userOrders(creds, hint.marketId)).find((o) => String(o.id) === id);
      if (!hit) throw new VenueCallError('limitless', 'not_found', `order ${id} not among the market's live or matched orders`, 404);
      return limitlessWithRestingFills(limitlessOrderState(hit, id), hit, hint.knownFills ?? [], isoNow());
    },
    async findByClientId(creds, _clientId, hint) {
      const salt = String(hint.order.signedOrder?.salt ?? '');
      const hit = list(await userOrders(creds, hint.marketId)).find((o) => String((o.order as Record<string, unknown> | undefined)?.salt ?? o.salt ?? '') === salt);
      return hit ? limitlessWithRestingFills(limitlessOrderState(hit, ''), hit, [], isoNow()) : null;
    },
    async cancel(creds, id, hint) {
      checked(LimitlessCancelSchema, 'DELETE /orders/{id}', (await call(creds, 'DELETE', `/orders/${encodeURIComponent(id)}`)).body);
      // The cancel answers a message only: the order as it stands (what filled before) is read back.
      const hit = list(await userOrders(creds, hint.marketId, 'LIVE,MATCHED,CANCELLED')).find((o) => String(o.id) === id);
      const state = hit ? limitlessWithRestingFills(limitlessOrderState(hit, id), hit, hint.knownFills ?? [], isoNow()) : { ...limitlessOrderState({ id }, id), fills: [...(hint.knownFills ?? [])] };
      return { ...state, status: 'cancelled', avgFillPrice: averageFillPrice(state.fills ?? []) };
    },
    async positions(creds) {
      const body = checked(LimitlessPositionsSchema, 'GET /portfolio/positions', (await call(creds, 'GET', '/portfolio/positions')).body) as { clob?: LimitlessClobPositionWire[]; amm?: LimitlessAmmPositionWire[] };
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
        venue_outcome: p.outcomeIndex === 0 ? 'yes' : 'no',
        size: num(p.outcomeTokenAmount) ?? 0,
        avg_price: num(p.averageFillPrice),
        value: num(p.collateralAmount),
      }));
      return [...clob.flatMap((p) => limitlessClobPositions(p, p.market.tokens ?? tokens.get(p.market.slug)!)), ...fromAmm.filter((p) => p.size > 0 && p.market_id)];
    },
  };
}
