/**
 * predict.fun's order client (docs/venue-notes.md §4.3): the caller's signed order is checked under the
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
 *
 * Fills: the order record (`GET /v1/orders/{hash}`: `amount`, `amountFilled` in wei, `order` = the
 * signed order) gives how much filled, not at what price. The fills are the venue's order match
 * events, `GET /v1/orders/matches` (dev.predict.fun, Orders "Get order match events": x-api-key,
 * query `first`, `after`, `marketId`, `categoryId`, `minValueUsdtWei`, `signerAddress`,
 * `isSignerMaker`; "sorted by executedAt DESC"; envelope `{success, cursor, data}`). An event is
 * `{market, taker: Quote, makers: [Quote], amountFilled, priceExecuted, transactionHash,
 * executedAt}`, a Quote `{quoteType: Bid|Ask, amount, price, outcome: {name, indexSet, onChainId},
 * signer}`, amounts and prices in wei (1e18 = 1 share / 1 USDT): the shape the venue's Go client
 * (predict-go-clob-client types MatchEvent) decodes. An event names no order hash, so an order's
 * fills are the legs of its market's events signed by the order's signer, on its token
 * (`outcome.onChainId`), on its side (Bid = buy, Ask = sell), oldest first until they add up to the
 * order's `amountFilled`, among the events executed since the order was sent (less 2 s for clock
 * skew), at prices within its limit, and not already held by the user's other orders in the market
 * (`claimedFillIds`, which the service hands over: `fillsNameNoOrder`). Exact while the wallet has
 * one such order live in the market at a time; an attribution otherwise (two live orders of one
 * wallet on the same token and side share its events, oldest first). The taker leg fills
 * `amountFilled` at `priceExecuted`; a maker leg its `amount` at its `price`. A leg's id is the
 * event's transaction hash with its role (`taker`, `maker:<index>`).
 */
import { averageFillPrice, IncompleteCredentialsError, ctfVenueOrderState, isoTime, num, SignedOrderError, VenueCallError, venueCall, type Credentials, type TradingClient, type TradingClientConfig, type VenueFill, type VenueOrderState, type VenuePosition } from '../trading.js';
import { ctfOrderAmounts, ctfV1OrderMessage, orderExpiration, requireAddress, signedPrice, SIGNATURE_TYPE } from '../ctf-order.js';
import { PREDICTFUN_DECIMALS, predictfunOrderTypedData, verifyPredictfunOrder } from './signing.js';
import { checkWire } from '../wire.js';
import { PredictCreateOrderSchema, PredictMatchesSchema, PredictOrderSchema, PredictPositionsSchema, PredictRemoveOrdersSchema } from './wire.js';
import type { z } from 'zod';

const POSITIONS_PAGE = 100;
const MAX_PAGES = 50;

interface PredictPositionWire {
  market: { id: number | string };
  /** indexSet 1 is the market's Yes outcome, 2 its No (as the catalog reads them). */
  outcome: { onChainId: string; indexSet?: number };
  amount: string;
  averageBuyPriceUsd?: string | number | null;
  valueUsd?: string | number | null;
}

/** Match events read per page, and how many pages back an order's fills are looked for. */
const MATCHES_PAGE = 100;
const MATCHES_MAX_PAGES = 10;
/** How much earlier than the order was sent a match of it may be stamped (clock skew). */
const SKEW_MS = 2_000;

interface PredictQuoteWire {
  quoteType?: string;
  amount?: string;
  price?: string;
  outcome?: { onChainId?: string };
  signer?: string;
}

export interface PredictMatchWire {
  taker?: PredictQuoteWire;
  makers?: PredictQuoteWire[];
  amountFilled?: string;
  priceExecuted?: string;
  transactionHash?: string;
  executedAt?: string;
}

/** A wei string (18 decimals) as a number, BigInt first so large amounts keep their precision. */
function fromWei(v: unknown): number {
  try {
    const w = BigInt(String(v ?? '0'));
    return Number(w / 10n ** 12n) / 1e6;
  } catch {
    return 0;
  }
}

/**
 * The fills of an order among match events (any order): the legs signed by `signer` on `tokenId`
 * and `side`, oldest first, up to `filled` shares.
 */
export function predictfunOrderFills(
  events: PredictMatchWire[],
  order: { signer: string; tokenId: string; side: 'buy' | 'sell'; filled: number; since?: string | null; limit?: number | null; claimed?: readonly string[] },
): VenueFill[] {
  const claimed = new Set(order.claimed ?? []);
  const quote = order.side === 'buy' ? 'bid' : 'ask';
  const mine = (q: PredictQuoteWire | undefined): boolean => !!q && String(q.signer ?? '').toLowerCase() === order.signer.toLowerCase() && String(q.outcome?.onChainId ?? '') === order.tokenId && String(q.quoteType ?? '').toLowerCase() === quote;
  const sinceMs = order.since ? Date.parse(order.since) - SKEW_MS : -Infinity;
  const legs: VenueFill[] = [];
  for (const e of events) {
    const at = isoTime(e.executedAt, new Date(0).toISOString());
    if (Date.parse(at) < sinceMs) continue;
    const tx = String(e.transactionHash ?? '');
    if (mine(e.taker)) legs.push({ id: `${tx}:taker`, price: fromWei(e.priceExecuted ?? e.taker!.price), size: fromWei(e.amountFilled ?? e.taker!.amount), fee: null, at });
    (e.makers ?? []).forEach((m, i) => {
      if (mine(m)) legs.push({ id: `${tx}:maker:${i}`, price: fromWei(m.price), size: fromWei(m.amount), fee: null, at });
    });
  }
  legs.sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id));
  const within = (f: VenueFill): boolean =>
    !claimed.has(f.id) && (order.limit === null || order.limit === undefined || (order.side === 'buy' ? f.price <= order.limit + 1e-9 : f.price >= order.limit - 1e-9));
  const out: VenueFill[] = [];
  let sum = 0;
  for (const f of legs.filter(within)) {
    if (sum >= order.filled - 1e-9) break;
    const size = Math.min(f.size, Math.round((order.filled - sum) * 1e6) / 1e6);
    out.push({ ...f, size });
    sum += size;
  }
  return out;
}

export function predictfunPosition(p: PredictPositionWire): VenuePosition {
  // Shares are wei strings (18 decimals): BigInt keeps their precision before the one division.
  let size = 0;
  try {
    size = Number(BigInt(p.amount)) / 10 ** PREDICTFUN_DECIMALS;
  } catch {
    size = 0;
  }
  const side = p.outcome.indexSet === 1 ? 'yes' : p.outcome.indexSet === 2 ? 'no' : null;
  return { market_id: String(p.market.id), outcome: side ?? String(p.outcome.onChainId), venue_outcome: String(p.outcome.onChainId), size, avg_price: num(p.averageBuyPriceUsd), value: num(p.valueUsd) };
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
  /** Notes in the drift log where a trading answer differs from predictfun/wire.ts; it goes on as it is. */
  const checked = <B>(schema: z.ZodType, endpoint: string, body: B): B => {
    checkWire(schema, body, { exchange: 'predictfun', endpoint });
    return body;
  };
  const data = (b: unknown): Record<string, unknown> => ((b as { data?: Record<string, unknown> })?.data ?? (b as Record<string, unknown>) ?? {});

  /** The order record in unified terms, with its fills read from the match events when it filled. */
  const withFills = async (creds: Credentials, rec: Record<string, unknown>, id: string, marketId: string, since: string | null, claimed: readonly string[] = []): Promise<VenueOrderState> => {
    const state = ctfVenueOrderState(rec, id, scale);
    const signed = (rec.order ?? {}) as Record<string, unknown>;
    if (!(state.filledSize > 0) || !signed.signer || !signed.tokenId) return { ...state, fills: [], avgFillPrice: null };
    const side = Number(signed.side) === 1 ? 'sell' : 'buy';
    // The signed limit: collateral per share (a buy gives makerAmount for takerAmount shares).
    const [collateral, shares] = side === 'buy' ? [signed.makerAmount, signed.takerAmount] : [signed.takerAmount, signed.makerAmount];
    const limit = num(shares) ? Math.round(((num(collateral) ?? 0) / num(shares)!) * 1e6) / 1e6 : null;
    const attribute = (events: PredictMatchWire[]) => predictfunOrderFills(events, { signer: String(signed.signer), tokenId: String(signed.tokenId), side, filled: state.filledSize, since, limit, claimed });
    const events: PredictMatchWire[] = [];
    let after = '';
    for (let page = 0; page < MATCHES_MAX_PAGES; page++) {
      const q = `first=${MATCHES_PAGE}&marketId=${encodeURIComponent(String(rec.marketId ?? marketId))}&signerAddress=${encodeURIComponent(String(signed.signer))}${after ? `&after=${encodeURIComponent(after)}` : ''}`;
      const res = checked(PredictMatchesSchema, 'GET /orders/matches', (await call(creds, 'GET', `/orders/matches?${q}`)).body) as { data?: PredictMatchWire[]; cursor?: string | null };
      const list = Array.isArray(res.data) ? res.data : [];
      events.push(...list);
      const fills = attribute(events);
      // Newest first: once the legs found cover the filled size, older pages hold none of this order's.
      if (Math.abs(fills.reduce((n, f) => n + f.size, 0) - state.filledSize) < 1e-9 || !res.cursor || list.length === 0) return { ...state, fills, avgFillPrice: averageFillPrice(fills) };
      after = res.cursor;
    }
    const fills = attribute(events);
    return { ...state, fills, avgFillPrice: averageFillPrice(fills) };
  };

  /** The market (its kind picks the exchange contract); an unknown one is `rejected`. */
  const marketOf = async (creds: Credentials | null, marketId: string): Promise<Record<string, unknown>> => {
    try {
      return data((await call(creds, 'GET', `/markets/${encodeURIComponent(marketId)}`)).body);
    } catch (err) {
      if (err instanceof VenueCallError && err.failure === 'not_found') throw new VenueCallError('predictfun', 'rejected', `market ${marketId} not found`, 404);
      throw err;
    }
  };
  const kindOf = (market: Record<string, unknown>) => ({ negRisk: market.isNegRisk === true, yieldBearing: market.isYieldBearing === true });

  return {
    exchange: 'predictfun',
    fillsNameNoOrder: true,
    async prepareSignedOrder(order, input, creds) {
      // EOA orders (a Predict Account signs the Kernel-wrapped digest of the same order: see signing.ts).
      const signer = requireAddress('signer', input.signer);
      if (input.maker !== undefined && requireAddress('maker', input.maker) !== signer) throw new SignedOrderError('maker: must equal signer on predictfun (the EOA, or the Predict Account)');
      const market = await marketOf(creds, order.marketId);
      const outcomes = Array.isArray(market.outcomes) ? (market.outcomes as { onChainId?: unknown }[]).map((o) => String(o.onChainId)) : [];
      if (outcomes.length && !outcomes.includes(order.outcome)) throw new SignedOrderError(`outcome: ${order.outcome} is not a token of market ${order.marketId}`);
      const message = ctfV1OrderMessage({
        maker: signer, signer, tokenId: order.outcome, side: order.side, amounts: ctfOrderAmounts(order.side, signedPrice(order), order.size, PREDICTFUN_DECIMALS), expiration: orderExpiration(order), signatureType: SIGNATURE_TYPE.EOA,
      });
      return { typedData: predictfunOrderTypedData(message, kindOf(market)), signedOrder: { ...message } };
    },
    async verifySignedOrder(signed, order, creds) {
      const market = await marketOf(creds, order.marketId);
      return verifyPredictfunOrder(signed, { outcome: order.outcome }, kindOf(market), creds?.owner_address ? String(creds.owner_address) : null, Math.floor(now() / 1000));
    },
    async place(creds, order) {
      const pricePerShare = order.price === null ? null : (BigInt(Math.round(order.price * 1e6)) * 10n ** 12n).toString();
      const body = { data: { order: order.signedOrder, pricePerShare, strategy: order.type === 'market' ? 'MARKET' : 'LIMIT', isFillOrKill: order.timeInForce === 'fok' } };
      const sentAt = new Date(now()).toISOString();
      const res = data(checked(PredictCreateOrderSchema, 'POST /orders', (await call(creds, 'POST', '/orders', body)).body));
      return withFills(creds, { order: order.signedOrder, ...res }, String(res.orderHash ?? res.hash ?? order.clientId), order.marketId, sentAt, order.claimedFillIds);
    },
    async get(creds, id, hint) {
      return withFills(creds, data(checked(PredictOrderSchema, 'GET /orders/{hash}', (await call(creds, 'GET', `/orders/${encodeURIComponent(id)}`)).body)), id, hint.marketId, hint.since ?? null, hint.claimedFillIds);
    },
    async findByClientId() {
      // Orders are known by their hash, which the venue's answer gives; a pending order without one is
      // left to the grace period (the service cannot compute the venue's order hash for it).
      return null;
    },
    async cancel(creds, id, hint) {
      checked(PredictRemoveOrdersSchema, 'POST /orders/remove', (await call(creds, 'POST', '/orders/remove', { data: { ids: [id] } })).body);
      return withFills(creds, data(checked(PredictOrderSchema, 'GET /orders/{hash}', (await call(creds, 'GET', `/orders/${encodeURIComponent(id)}`)).body)), id, hint.marketId, hint.since ?? null, hint.claimedFillIds);
    },
    async positions(creds) {
      const address = typeof creds.address === 'string' ? creds.address : '';
      if (!address) throw new IncompleteCredentialsError('predictfun', 'address: predictfun positions are read by wallet; store the address holding your shares (your Predict Account, or your EOA) as address with your predictfun credentials');
      const out: VenuePosition[] = [];
      let after = '';
      for (let page = 0; page < MAX_PAGES; page++) {
        const res = checked(PredictPositionsSchema, 'GET /positions/{address}', (await call(creds, 'GET', `/positions/${encodeURIComponent(address)}?first=${POSITIONS_PAGE}${after ? `&after=${encodeURIComponent(after)}` : ''}`)).body) as { data?: PredictPositionWire[] | { positions?: PredictPositionWire[] }; cursor?: string | null };
        const list = Array.isArray(res.data) ? res.data : (res.data?.positions ?? []);
        out.push(...list.map(predictfunPosition).filter((p) => p.size > 0));
        if (!res.cursor || list.length === 0) break;
        after = res.cursor;
      }
      return out;
    },
  };
}
