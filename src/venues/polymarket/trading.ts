/**
 * Polymarket's order client (CLOB V2, docs/venue-notes.md §2.4): the caller's signed order is verified here
 * (signing.ts) and posted with L2 headers made from the stored API credentials; get, cancel and the
 * collateral balance likewise. The venue calls an order by its EIP-712 hash, so a pending order is
 * found again by hashing the signed order it was sent with.
 *
 * Positions come from the Data API, not the CLOB (docs.polymarket.com, "Get current positions for a
 * user", Data-API): `GET https://data-api.polymarket.com/positions?user=<address>` is public (no
 * auth), `user` required (0x + 40 hex), `sizeThreshold` (default 1, >= 0), `limit` (default 100, at
 * most 500), `offset` (at most 10000), `sortBy` (TOKENS default), `sortDirection`. It answers a bare
 * array of `{proxyWallet, asset (token id), conditionId, size (shares), avgPrice (0..1),
 * initialValue, currentValue (USDC), cashPnl, percentPnl, curPrice, redeemable, mergeable, title,
 * outcome, outcomeIndex, oppositeAsset, ...}`, numbers as JSON numbers. The pmxt library reads the same
 * endpoint the same way (core/src/exchanges/polymarket/fetchPositions.ts).
 */
import type { z } from 'zod';
import { timedSync } from '../../util/request-timings.js';
import { ctfOrderAmounts, orderExpiration, parseCtfOrder, requireAddress, signedPrice, SIGNATURE_TYPE, typedDataHash } from '../ctf-order.js';
import { num, SignedOrderError, VenueCallError, venueCall, type Credentials, type OrderSignerInput, type TradingClient, type OrderReadHint, type TradingClientConfig, type VenueFill, type VenueOrderRequest, type VenueBalance, type VenueOrderState, type VenuePosition } from '../trading.js';
import { checkWire, venueDrift } from '../wire.js';
import { sideOfLabelled } from '../outcome-sides.js';
import { l2Headers, ORDER_VERSION_MISMATCH, polymarketAccountWallet, parseExchangeVersion, polymarketOrderDomain, polymarketOrderMessage, polymarketDepositWalletTypedData, polymarketOrderTypedData, polymarketSafeAddress, polymarketSignedForVenue, POLYMARKET_DECIMALS, POLYMARKET_EXCHANGE_VERSIONS, POLYMARKET_ORDER_TYPES, verifyPolymarketOrder, type L2Credentials, type PolymarketExchangeVersion } from './signing.js';
import { buildUrl } from '../http-client.js';
import { polymarketRequests } from './client.js';
import { ClobOrderSchema, ClobTradesPageSchema, ClobVersionSchema, DataApiPositionsSchema, type ClobTradeSchema } from './wire.js';

interface PolymarketOrderWire {
  id: string;
  status: string;
  original_size?: string;
  size_matched?: string;
  price?: string;
  /** The funder wallet, by which the order's trades are asked for. */
  maker_address?: string;
  market?: string;
  /** The ids of the order's trades (clob-client-v2 `OpenOrder.associate_trades: string[]`). */
  associate_trades?: unknown[] | null;
}

export type ClobTradeWire = z.infer<typeof ClobTradeSchema>;

const ORDER_TYPE: Record<VenueOrderRequest['timeInForce'], string> = { gtc: 'GTC', gtd: 'GTD', ioc: 'FAK', fok: 'FOK' };

/** `next_cursor` of the first page and the one that says there is no next (clob-client-v2 src/constants.ts). */
export const TRADES_FIRST_CURSOR = 'MA==';
export const TRADES_END_CURSOR = 'LTE=';
/** Pages of one trades query read at most (a query by trade id answers one). */
const TRADES_MAX_PAGES = 20;

/**
 * An order read (`GET /data/order/{id}`) in unified terms, without its fills. Its status is LIVE,
 * MATCHED, CANCELED, CANCELED_MARKET_RESOLVED or INVALID (the docs' example spells them
 * `ORDER_STATUS_LIVE`: both are read). `associate_trades` are the ids of its trades, the only
 * spelling published (clob-client-v2 `OpenOrder`, docs "Get single order by ID"): their prices come
 * from the trades endpoint (`polymarketTradeFills`, `withFills`).
 */
export function polymarketOrderState(o: PolymarketOrderWire): VenueOrderState {
  checkWire(ClobOrderSchema, o, { exchange: 'polymarket', endpoint: 'GET /data/order/{id}' });
  const size = num(o.original_size) ?? 0;
  const matched = num(o.size_matched) ?? 0;
  const s = o.status.toUpperCase().replace(/^ORDER_STATUS_/, '');
  const status: VenueOrderState['status'] =
    s === 'MATCHED' || (matched >= size && size > 0) ? 'filled' : s.startsWith('CANCEL') || s === 'INVALID' ? 'cancelled' : s === 'EXPIRED' ? 'expired' : matched > 0 ? 'partially_filled' : 'open';
  return { exchangeOrderId: o.id, status, filledSize: matched, avgFillPrice: null, fills: [] };
}

/** The trade ids an order read lists (anything but a string is not an id, and the wire check has noted it). */
export function associateTradeIds(o: PolymarketOrderWire): string[] {
  return (o.associate_trades ?? []).filter((t): t is string => typeof t === 'string' && t.length > 0);
}

const matchTimeIso = (t: string): string => (/^\d+$/.test(t) ? new Date(Number(t) * 1000).toISOString() : Number.isNaN(Date.parse(t)) ? new Date().toISOString() : new Date(Date.parse(t)).toISOString());
/** The fee of a fill: none at a zero rate; at another rate unknown, since the amount also depends on the market's fee exponent, which the trade does not carry (docs "Fees"). */
const feeAt = (rateBps: string): number | null => (num(rateBps) === 0 ? 0 : null);
const r6 = (x: number): number => Math.round(x * 1e6) / 1e6;

/**
 * The fills one trade (`GET /data/trades`) made for order `orderId`, in the order's own token terms.
 * As the taker (`taker_order_id`), it filled against each resting order in `maker_orders` at that
 * order's price: one fill per maker order, id `<trade id>:<maker order id>`; a maker order on the
 * other token (a NO buy matched with a YES buy) is the complement price. `price` itself is the
 * taker's limit price (docs "Get trades": "limit price of taker order"), so it is used only when the
 * trade lists no maker order. As a maker, its own entry of `maker_orders` is the fill (id the trade's).
 * Empty when the trade names the order nowhere.
 */
export function polymarketTradeFills(t: ClobTradeWire, orderId: string): VenueFill[] {
  const at = matchTimeIso(t.match_time);
  if (t.taker_order_id === orderId) {
    if (t.maker_orders.length === 0) return [{ id: t.id, price: num(t.price) ?? 0, size: num(t.size) ?? 0, fee: feeAt(t.fee_rate_bps), at }];
    return t.maker_orders.map((m) => {
      const p = num(m.price) ?? 0;
      return { id: `${t.id}:${m.order_id}`, price: r6(m.asset_id === t.asset_id ? p : 1 - p), size: num(m.matched_amount) ?? 0, fee: feeAt(t.fee_rate_bps), at };
    });
  }
  return t.maker_orders
    .filter((m) => m.order_id === orderId)
    .map((m, i) => ({ id: i === 0 ? t.id : `${t.id}:${i}`, price: num(m.price) ?? 0, size: num(m.matched_amount) ?? 0, fee: feeAt(m.fee_rate_bps), at }));
}

/** The order state with its fills, and the average price they give (null without fills). */
export function withFills(state: VenueOrderState, fills: VenueFill[]): VenueOrderState {
  const size = fills.reduce((n, f) => n + f.size, 0);
  const cost = fills.reduce((c, f) => c + f.price * f.size, 0);
  return { ...state, fills, avgFillPrice: size > 0 ? r6(cost / size) : null };
}

/** The body of `POST /order` (clob-client-v2 `orderToJsonV2`; docs "Post a new order"): the signed struct with its side as a word, and who sends it how. */
export function polymarketPostOrderBody(signed: Record<string, unknown>, owner: string, timeInForce: VenueOrderRequest['timeInForce']): Record<string, unknown> {
  const o = parseCtfOrder(signed, POLYMARKET_ORDER_TYPES.Order);
  return {
    order: { ...o.message, salt: BigInt(o.message.salt) <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(o.message.salt) : String(o.message.salt), side: o.side === 'buy' ? 'BUY' : 'SELL', expiration: String(signed.expiration ?? '0'), taker: signed.taker ?? '0x0000000000000000000000000000000000000000', signature: o.signature },
    owner,
    orderType: ORDER_TYPE[timeInForce],
    negRisk: signed.negRisk === true,
  };
}

/** `GET /balance-allowance` of the collateral: `balance` in base units (6 decimals) of pUSD. */
export function polymarketCollateral(b: { balance?: string }): VenueBalance {
  return { currency: 'pUSD', available: (num(b.balance) ?? 0) / 10 ** POLYMARKET_DECIMALS, total: null };
}

/** Positions the Data API lists per page at most (its `limit` maximum), and how far `offset` may go. */
const POSITIONS_PAGE = 500;
const POSITIONS_MAX_OFFSET = 10_000;

interface DataApiPositionWire {
  asset: string;
  conditionId: string;
  /** The outcome's label and its index in the market (0 is the first, the catalog's yes when the labels say neither). */
  outcome?: string;
  outcomeIndex?: number;
  size: number | string;
  avgPrice?: number | string;
  currentValue?: number | string;
}

export function polymarketPosition(p: DataApiPositionWire): VenuePosition {
  const asset = String(p.asset);
  return { market_id: p.conditionId, outcome: sideOfLabelled(p.outcome, p.outcomeIndex) ?? asset, venue_outcome: asset, size: num(p.size) ?? 0, avg_price: num(p.avgPrice), value: num(p.currentValue) };
}

export function orderHashOf(signedOrder: Record<string, unknown>, version: PolymarketExchangeVersion = 2): string {
  const o = parseCtfOrder(signedOrder, POLYMARKET_ORDER_TYPES.Order);
  const typed = polymarketOrderTypedData(o.message, signedOrder.negRisk === true, version);
  return typedDataHash(typed.domain, typed.types, typed.message);
}

/**
 * Who signs a prepared order and for which wallet: the signer is the body's, else the stored
 * credentials' address; the signature type the stored one (0, EOA, by default); the maker the body's,
 * else the stored `funder`, else the signer's Safe (type 2), else the signer (type 0). A deposit
 * wallet (type 3) is both maker and signer of its orders (its owner signs them, see
 * `polymarketDepositWalletTypedData`): the body's maker, else the stored `funder`.
 */
export function polymarketOrderParties(input: OrderSignerInput, creds: Credentials | null): { signer: string; maker: string; signatureType: number } {
  const signatureType = typeof creds?.signature_type === 'number' ? creds.signature_type : SIGNATURE_TYPE.EOA;
  const funder = input.maker ?? (typeof creds?.funder === 'string' && creds.funder ? creds.funder : undefined);
  if (signatureType === SIGNATURE_TYPE.POLY_1271) {
    if (funder === undefined) throw new SignedOrderError('maker: a deposit-wallet order (signature_type 3) is made by your deposit wallet: give it as maker, or store it as funder with your polymarket credentials');
    const wallet = requireAddress('maker', funder);
    return { signer: wallet, maker: wallet, signatureType };
  }
  const signer = requireAddress('signer', input.signer ?? creds?.address);
  if (funder !== undefined) return { signer, maker: requireAddress('maker', funder), signatureType };
  if (signatureType === SIGNATURE_TYPE.POLY_GNOSIS_SAFE) return { signer, maker: polymarketSafeAddress(signer), signatureType };
  if (signatureType === SIGNATURE_TYPE.POLY_PROXY) throw new SignedOrderError('maker: a proxy-wallet order (signature_type 1) needs your proxy address as maker, or stored as funder');
  return { signer, maker: signer, signatureType };
}

/**
 * How long the CLOB's exchange version is trusted before it is asked again. The official client asks
 * once and again only after an `order_version_mismatch` (clob-client-v2 v1.1.0, 2026-07-17, src/client.ts
 * `resolveVersion`); a service running for weeks also re-asks now and then.
 */
export const EXCHANGE_VERSION_TTL_MS = 5 * 60_000;
const exchangeVersions = new Map<string, { version: PolymarketExchangeVersion; atMs: number }>();

/**
 * The CTF Exchange version the CLOB at `clobBase` takes orders for (`GET /version`), cached per base
 * URL; `refresh` asks again. A CLOB that does not answer leaves the last known version (2 when none,
 * as the official client defaults); one that announces a version this service cannot verify for is a
 * SignedOrderError naming it, and is noted in the drift log.
 */
export async function polymarketExchangeVersion(clobBase: string, o: { timeoutMs: number; now?: () => number; refresh?: boolean }): Promise<PolymarketExchangeVersion> {
  const now = (o.now ?? Date.now)();
  const base = clobBase.replace(/\/$/, '');
  const known = exchangeVersions.get(base);
  if (known && !o.refresh && now - known.atMs < EXCHANGE_VERSION_TTL_MS) return known.version;
  let body: unknown;
  try {
    body = (await venueCall('polymarket', `${base}/version`, { method: 'GET', timeoutMs: o.timeoutMs })).body;
  } catch {
    return known?.version ?? 2;
  }
  checkWire(ClobVersionSchema, body, { exchange: 'polymarket', endpoint: 'GET /version' });
  const version = parseExchangeVersion(body);
  if (version === null) {
    venueDrift.note('polymarket', 'GET /version', 'unknown_value', `version: ${JSON.stringify((body as { version?: unknown }).version)} is not 2 or 3`);
    throw new SignedOrderError(`Polymarket's CLOB runs CTF Exchange version ${JSON.stringify((body as { version?: unknown }).version)}, which this service cannot verify orders for`);
  }
  exchangeVersions.set(base, { version, atMs: now });
  return version;
}

/** A venue error that says the order was signed for another exchange version than the CLOB runs. */
export const isOrderVersionMismatch = (err: unknown): boolean => err instanceof VenueCallError && err.message.toLowerCase().includes(ORDER_VERSION_MISMATCH);

export function createPolymarketTradingClient(cfg: TradingClientConfig): TradingClient {
  const base = cfg.baseUrls.clob.replace(/\/$/, '');
  const dataBase = cfg.baseUrls.data.replace(/\/$/, '');
  const now = cfg.now ?? Date.now;
  const l2 = (creds: Credentials): L2Credentials => ({ api_key: String(creds.api_key), secret: String(creds.secret), passphrase: String(creds.passphrase), address: String(creds.address) });
  const call = (creds: Credentials, method: string, path: string, body?: unknown, allowNotFound = false) => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    // The request path is signed without its query string (the venue's clients add parameters after signing).
    const headers = timedSync('sign', () => l2Headers(l2(creds), Math.floor(now() / 1000), method, path.split('?')[0], text));
    return venueCall('polymarket', base + path, { method, headers, body: text, timeoutMs: cfg.timeoutMs, allowNotFound });
  };
  const exchangeVersion = (refresh = false) => polymarketExchangeVersion(base, { timeoutMs: cfg.timeoutMs, now, refresh });
  /** The user's trades a query finds, every page (`GET /data/trades`, L2-signed). */
  const userTrades = async (creds: Credentials, q: Omit<Parameters<typeof polymarketRequests.userTrades>[0], 'cursor'>): Promise<ClobTradeWire[]> => {
    const out: ClobTradeWire[] = [];
    let cursor = TRADES_FIRST_CURSOR;
    for (let page = 0; page < TRADES_MAX_PAGES && cursor !== TRADES_END_CURSOR; page++) {
      const r = polymarketRequests.userTrades({ ...q, cursor });
      const body = (await call(creds, 'GET', buildUrl('', r.path, r.query))).body as { data?: unknown; next_cursor?: unknown } | null;
      checkWire(ClobTradesPageSchema, body, { exchange: 'polymarket', endpoint: 'GET /data/trades' });
      const rows = Array.isArray(body?.data) ? (body.data as ClobTradeWire[]).filter((t) => t && typeof t.id === 'string' && Array.isArray(t.maker_orders)) : [];
      out.push(...rows);
      if (rows.length === 0 || typeof body?.next_cursor !== 'string') break;
      cursor = body.next_cursor;
    }
    return out;
  };
  /**
   * The order and its fills: each trade id it lists is asked for on the trades endpoint (by `id`,
   * with the order's wallet and market), except those whose fills the service already holds.
   */
  const getOrder = async (creds: Credentials, id: string, known: VenueFill[] = []): Promise<VenueOrderState | null> => {
    const res = await call(creds, 'GET', `/data/order/${id}`, undefined, true);
    const o = res.body as PolymarketOrderWire | null;
    if (res.status === 404 || !o || !o.id) return null;
    const state = polymarketOrderState(o);
    const fills: VenueFill[] = [];
    for (const tradeId of associateTradeIds(o)) {
      const held = known.filter((f) => f.id === tradeId || f.id.startsWith(`${tradeId}:`));
      if (held.length) {
        fills.push(...held);
        continue;
      }
      const trade = (await userTrades(creds, { id: tradeId, makerAddress: o.maker_address ?? (typeof creds.funder === 'string' && creds.funder ? creds.funder : String(creds.address)), market: o.market })).find((t) => t.id === tradeId);
      const own = trade ? polymarketTradeFills(trade, o.id) : [];
      if (!own.length) venueDrift.note('polymarket', 'GET /data/trades', 'missing_field', `trade ${tradeId} of order ${o.id}: ${trade ? 'names neither as taker nor among maker_orders' : 'not returned'}`);
      fills.push(...own);
    }
    return withFills(state, fills);
  };

  return {
    exchange: 'polymarket',
    async prepareSignedOrder(order, input, creds) {
      const parties = polymarketOrderParties(input, creds);
      const amounts = ctfOrderAmounts(order.side, signedPrice(order), order.size, POLYMARKET_DECIMALS);
      const message = polymarketOrderMessage({ ...parties, tokenId: order.outcome, side: order.side, amounts, nowMs: now() });
      // Which exchange signs the token's orders: the CLOB's neg-risk flag of the token (public).
      const res = await venueCall('polymarket', `${base}/neg-risk?token_id=${encodeURIComponent(order.outcome)}`, { method: 'GET', timeoutMs: cfg.timeoutMs, allowNotFound: true });
      const negRisk = (res.body as { neg_risk?: unknown } | null)?.neg_risk;
      if (res.status === 404 || typeof negRisk !== 'boolean') throw new VenueCallError('polymarket', 'rejected', `polymarket knows no outcome token ${order.outcome}`, 404);
      return {
        typedData: parties.signatureType === SIGNATURE_TYPE.POLY_1271 ? polymarketDepositWalletTypedData(message, negRisk, await exchangeVersion()) : polymarketOrderTypedData(message, negRisk, await exchangeVersion()),
        // Sent with the order but not signed: the expiry, the taker (anyone) and the exchange.
        signedOrder: { ...message, expiration: orderExpiration(order), taker: '0x0000000000000000000000000000000000000000', negRisk },
      };
    },
    async verifySignedOrder(signed, order, creds) {
      const signers = creds ? { address: String(creds.address), funder: typeof creds.funder === 'string' ? creds.funder : null } : null;
      return verifyPolymarketOrder(signed, { outcome: order.outcome }, signers, Math.floor(now() / 1000), await exchangeVersion());
    },
    async place(creds, order) {
      const signed = order.signedOrder!;
      // A deposit wallet's bare owner signature (of a prepared order) goes to the venue wrapped.
      const body = polymarketPostOrderBody(polymarketSignedForVenue(signed, await exchangeVersion()), String(creds.api_key), order.timeInForce);
      let res: Awaited<ReturnType<typeof call>>;
      try {
        res = await call(creds, 'POST', '/order', body);
      } catch (err) {
        if (!isOrderVersionMismatch(err)) throw err;
        // The exchange moved between the check and the post. The order is the caller's signature, so
        // the service cannot re-sign it (the official client re-signs and retries): say what to sign.
        const version = await exchangeVersion(true);
        const domain = polymarketOrderDomain(signed.negRisk === true, version);
        throw new VenueCallError('polymarket', 'rejected', `Polymarket's CTF Exchange now runs version ${version}; this order was signed for another: sign it again under domain version "${version}" (verifyingContract ${domain.verifyingContract}) and send it again`, (err as VenueCallError).status);
      }
      const r = res.body as { success?: boolean; errorMsg?: string; orderID?: string; status?: string; tradeIDs?: unknown[]; transactionsHashes?: unknown[] };
      if (!r.success || !r.orderID) throw new VenueCallError('polymarket', 'rejected', r.errorMsg || 'order not accepted');
      // `live`: placed and resting (`delayed` and `unmatched` are marketable orders still in flight).
      // Whether a `live` answer can also carry a partial match is not published, so only one that
      // names no trade and no transaction skips the read back; fills come later through reads and the
      // sync job, as for any resting order.
      const matchedSome = (r.tradeIDs?.length ?? 0) > 0 || (r.transactionsHashes?.length ?? 0) > 0;
      if (String(r.status ?? '').toLowerCase() === 'live' && !matchedSome) return { exchangeOrderId: r.orderID, status: 'open', filledSize: 0, avgFillPrice: null, fills: [] };
      return (await getOrder(creds, r.orderID)) ?? { exchangeOrderId: r.orderID, status: 'open', filledSize: 0, avgFillPrice: null };
    },
    async get(creds, id, hint: OrderReadHint) {
      const s = await getOrder(creds, id, hint?.knownFills);
      if (!s) throw new VenueCallError('polymarket', 'not_found', `order ${id} not found`, 404);
      return s;
    },
    async findByClientId(creds, _clientId, hint) {
      const signed = hint.order.signedOrder;
      if (!signed) return null;
      // The order is called by its hash under the version it was signed for: the current one first.
      const current = await exchangeVersion();
      for (const v of [current, ...POLYMARKET_EXCHANGE_VERSIONS.filter((x) => x !== current)]) {
        const found = await getOrder(creds, orderHashOf(signed, v));
        if (found) return found;
      }
      return null;
    },
    async cancel(creds, id, hint: OrderReadHint) {
      const res = await call(creds, 'DELETE', '/order', { orderID: id });
      const r = res.body as { canceled?: string[]; not_canceled?: Record<string, string> };
      if (!(r.canceled ?? []).includes(id)) throw new VenueCallError('polymarket', 'rejected', r.not_canceled?.[id] ?? 'order not cancelled');
      const s = await getOrder(creds, id, hint?.knownFills);
      if (!s) throw new VenueCallError('polymarket', 'not_found', `order ${id} not found`, 404);
      return s;
    },
    async positions(creds) {
      const wallet = polymarketAccountWallet(creds);
      const out: VenuePosition[] = [];
      // sizeThreshold=0: the default (1) would hide holdings under one share.
      for (let offset = 0; offset <= POSITIONS_MAX_OFFSET; offset += POSITIONS_PAGE) {
        const res = await venueCall('polymarket', `${dataBase}/positions?user=${encodeURIComponent(wallet)}&sizeThreshold=0&limit=${POSITIONS_PAGE}&offset=${offset}`, { method: 'GET', timeoutMs: cfg.timeoutMs });
        checkWire(DataApiPositionsSchema, res.body, { exchange: 'polymarket', endpoint: 'GET /positions' });
        const page = Array.isArray(res.body) ? (res.body as DataApiPositionWire[]) : [];
        out.push(...page.map(polymarketPosition).filter((p) => p.size > 0));
        if (page.length < POSITIONS_PAGE) break;
      }
      return out;
    },
    async balances(creds) {
      // signature_type picks the wallet the CLOB reports (the EOA, its proxy or its Safe), as the venue's
      // clients send it (py-clob-client add_balance_allowance_params_to_url).
      const res = await call(creds, 'GET', `/balance-allowance?asset_type=COLLATERAL&signature_type=${typeof creds.signature_type === 'number' ? creds.signature_type : 0}`);
      return [polymarketCollateral(res.body as { balance?: string })];
    },
  };
}
