/**
 * What a venue's order client is to the trading service (`src/venues/<code>/trading.ts` implements
 * it; the descriptor's `tradingClient` imports it lazily). Orders and fills cross this boundary in the
 * unified units of docs/api-contract.md §2-3 (prices 0..1 of the order's outcome, sizes in contracts/shares),
 * so the service never sees a venue's cents, wei or side codes.
 *
 * Order requests are never retried here: a POST that timed out may have reached the venue, and
 * sending it twice could fill twice. The service reconciles instead (`findByClientId`).
 */
import type { ExchangeCode } from './codes.js';
import { parseServerTiming, recordTiming, timingsActive } from '../util/request-timings.js';
import { venueHttpRequest, type VenueHttpError, type VenueHttpResponse } from './trading-http.js';

const headerText = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v.join(', ') : v);

export type OrderStatus = 'pending' | 'open' | 'partially_filled' | 'filled' | 'cancelled' | 'expired' | 'rejected';
export type OrderSide = 'buy' | 'sell';
export type OrderType = 'limit' | 'market';
export type TimeInForce = 'gtc' | 'gtd' | 'ioc' | 'fok';

/** An order as the service asks a venue to place it. */
export interface VenueOrderRequest {
  marketId: string;
  outcome: string;
  side: OrderSide;
  type: OrderType;
  /** 0..1 of the outcome; null for market orders. */
  price: number | null;
  size: number;
  timeInForce: TimeInForce;
  expiresAt: string | null;
  /** What the venue knows the order by before it answers (its client order id / idempotency key). */
  clientId: string;
  /** Client-signed venues: the caller's signed order, already verified (see `verifySignedOrder`). */
  signedOrder?: Record<string, unknown>;
  /** For a client with `fillsNameNoOrder`: the fill ids the user's other orders in the market hold. */
  claimedFillIds?: string[];
}

export interface VenueFill {
  id: string;
  price: number;
  size: number;
  fee: number | null;
  at: string;
}

/** An order as the venue reports it, in unified units. */
export interface VenueOrderState {
  exchangeOrderId: string;
  clientId?: string | null;
  status: Exclude<OrderStatus, 'pending'>;
  filledSize: number;
  avgFillPrice: number | null;
  fills?: VenueFill[];
}

export interface VenuePosition {
  market_id: string;
  /** The service's name of the outcome held (src/venues/outcome-sides.ts): yes / no on a binary market, else the market's outcome id. */
  outcome: string;
  /** The venue's own: kalshi yes / no, futuur long / short, the outcome token id on the EIP-712 venues. */
  venue_outcome: string;
  size: number;
  avg_price: number | null;
  /** The venue's valuation of the position in USD, when it gives one. */
  value: number | null;
}

export interface VenueBalance {
  currency: string;
  /** What can be spent on new orders. */
  available: number;
  /** Including what open orders hold. */
  total: number | null;
}

/** Where an order client talks to (the descriptor's base URLs, or a simulator's). */
export interface TradingClientConfig {
  baseUrls: Record<string, string>;
  /** Per-request timeout; a slower venue is a `timeout` failure (504). */
  timeoutMs: number;
  /** Clock of the signatures' timestamps (tests pin it). */
  now?: () => number;
}

/** Why a venue call failed. */
export type VenueCallFailure =
  /** The venue answered and refused (a 4xx): the order is rejected, the reason stored. */
  | 'rejected'
  /** The venue has no such order. */
  | 'not_found'
  /** The venue refused the stored credentials (401/403). */
  | 'unauthorized'
  /** No answer in time: the request may or may not have reached the venue. */
  | 'timeout'
  /** The venue could not be reached, or failed (5xx, 429): for a POST, it may have received it. */
  | 'unavailable';

export class VenueCallError extends Error {
  constructor(
    readonly exchange: ExchangeCode,
    readonly failure: VenueCallFailure,
    /** What the venue said, shortened (never a credential: requests are not echoed). */
    message: string,
    readonly status: number | null = null,
    /** True when the request certainly never reached the venue (connection refused). */
    readonly notSent = false,
  ) {
    super(message);
    this.name = 'VenueCallError';
  }
}

/**
 * Thrown by a read (positions, balances) that needs a field the user's stored set lacks, e.g. the
 * wallet a venue keys positions by: the caller's to fix (400 naming the field), nothing was sent.
 */
export class IncompleteCredentialsError extends Error {
  constructor(
    readonly exchange: ExchangeCode,
    message: string,
  ) {
    super(message);
    this.name = 'IncompleteCredentialsError';
  }
}

/** Thrown by `verifySignedOrder`: the caller's signed order is malformed or its signature is not valid (400). */
export class SignedOrderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SignedOrderError';
  }
}

/** The order fields a verified signed order fixes (they win over the body's, which must agree). */
export interface VerifiedSignedOrder {
  /** The signer the signature recovered to (or the smart wallet that validated it). */
  signer: string;
  /** The order's EIP-712 hash (what the venue calls the order by, where it does). */
  orderHash: string;
  side: OrderSide;
  /** 0..1 implied by the maker/taker amounts. */
  price: number;
  size: number;
  tokenId: string;
}

export type Credentials = Record<string, unknown>;

/**
 * The EIP-712 data of an order as wallet libraries sign it (ethers' `signTypedData(domain, types,
 * message)`, viem's `signTypedData`): `types` without `EIP712Domain`, which those libraries derive
 * from `domain`; numbers as decimal strings, `side` and `signatureType` as small numbers.
 */
export interface OrderTypedData {
  domain: { name: string; version: string; chainId: number; verifyingContract: string };
  types: Record<string, { name: string; type: string }[]>;
  primaryType: string;
  /** The struct's fields; a nested struct (a deposit wallet's `TypedDataSign.contents`) is an object of fields. */
  message: Record<string, string | number | Record<string, string | number>>;
}

/** What a client-signed order needs beyond the order itself: who signs it, and for whom. */
export interface OrderSignerInput {
  /** The address whose key signs (an EOA); the stored credentials' address when absent, where they have one. */
  signer?: string;
  /** The wallet that holds the funds, where it is not the signer (a Safe, a proxy). */
  maker?: string;
}

/** A client-signed order made ready to sign: its typed data, and the `signed_order` to post once `signature` is added. */
export interface PreparedSignedOrder {
  typedData: OrderTypedData;
  signedOrder: Record<string, unknown>;
}

/** What the service knows of an order when it asks the venue about it. */
export interface OrderReadHint {
  marketId: string;
  /**
   * The outcome the order was placed on. A venue that books every order on one leg (Kalshi's V2
   * orders are bids and asks of YES) reports prices in that leg; the client turns them back into
   * this outcome's terms.
   */
  outcome?: string;
  /** The fills already stored for it (a venue reporting only how much filled adds one for what is new). */
  knownFills?: VenueFill[];
  /** When the order was sent (a venue whose fills name no order looks only at later ones). */
  since?: string;
  /** With `fillsNameNoOrder`: the fill ids the user's other orders in the market hold. */
  claimedFillIds?: string[];
}

export interface TradingClient {
  readonly exchange: ExchangeCode;
  /**
   * The venue's fills name no order (they are attributed by wallet, token and side): the service then
   * hands the client the fill ids the user's other orders already hold, so none is counted twice.
   */
  readonly fillsNameNoOrder?: boolean;
  /** The venue's own rules on an order (tick, whole contracts, outcomes): a problem naming the field, or null. */
  checkOrder?(order: Omit<VenueOrderRequest, 'clientId' | 'signedOrder'>): string | null;
  place(creds: Credentials, order: VenueOrderRequest): Promise<VenueOrderState>;
  /** The order as the venue has it now. */
  get(creds: Credentials, exchangeOrderId: string, hint: OrderReadHint): Promise<VenueOrderState>;
  /**
   * The order the venue holds under this client id, or null when it never got it. Venues without
   * client ids match the order's own fields (`hint.order`) among the market's orders since `since`.
   */
  findByClientId(creds: Credentials, clientId: string, hint: { marketId: string; since: string; order: VenueOrderRequest }): Promise<VenueOrderState | null>;
  cancel(creds: Credentials, exchangeOrderId: string, hint: OrderReadHint): Promise<VenueOrderState>;
  positions?(creds: Credentials): Promise<VenuePosition[]>;
  balances?(creds: Credentials): Promise<VenueBalance[]>;
  /**
   * Client-signed venues: the typed data to sign for an order and the `signed_order` it becomes,
   * with the exchange contract (and neg-risk) read from the venue: what `verifySignedOrder` accepts
   * once signed. A problem with the input is a SignedOrderError; a market the venue does not know,
   * a VenueCallError (`rejected`).
   */
  prepareSignedOrder?(order: Omit<VenueOrderRequest, 'clientId' | 'signedOrder'>, signer: OrderSignerInput, creds: Credentials | null): Promise<PreparedSignedOrder>;
  /** Client-signed venues: checks the caller's `signed_order` before anything is sent. */
  verifySignedOrder?(signedOrder: unknown, order: Omit<VenueOrderRequest, 'clientId' | 'signedOrder'>, creds: Credentials | null): Promise<VerifiedSignedOrder>;
}

export type TradingClientFactory = (cfg: TradingClientConfig) => TradingClient;

export interface VenueJsonResponse {
  status: number;
  body: unknown;
}

/**
 * One HTTP call of an order client: no retries (see the header), a timeout, and failures sorted into
 * `VenueCallError`s. 2xx answers come back parsed; so do 404s when `allowNotFound` is set.
 */
export async function venueCall(
  exchange: ExchangeCode,
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string; timeoutMs: number; allowNotFound?: boolean },
): Promise<VenueJsonResponse> {
  let res: VenueHttpResponse;
  try {
    res = await venueHttpRequest(url, {
      method: init.method,
      headers: { accept: 'application/json', ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...init.headers },
      body: init.body,
      timeoutMs: init.timeoutMs,
    });
  } catch (err) {
    const e = err as VenueHttpError;
    if (e.kind === 'timeout') throw new VenueCallError(exchange, 'timeout', `${exchange} did not answer within ${init.timeoutMs} ms`);
    const refused = e.code === 'ECONNREFUSED' || e.code === 'ENOTFOUND';
    throw new VenueCallError(exchange, 'unavailable', `${exchange} could not be reached`, null, refused);
  }
  const text = res.text;
  // What the venue says it spent (Server-Timing; the simulators send `sim`), for SERVER_TIMING answers.
  if (timingsActive()) for (const [name, ms] of Object.entries(parseServerTiming(headerText(res.headers['server-timing'])))) recordTiming(`venue-${name}`, ms);
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // keep the text
  }
  const ok = res.status >= 200 && res.status < 300;
  if (ok || (init.allowNotFound && res.status === 404)) return { status: res.status, body };
  const said = venueMessage(body) ?? `HTTP ${res.status}`;
  if (res.status === 404) throw new VenueCallError(exchange, 'not_found', said, 404);
  if (res.status === 401 || res.status === 403) throw new VenueCallError(exchange, 'unauthorized', `${exchange} refused the stored credentials: ${said}`, res.status);
  if (res.status === 429 || res.status >= 500) throw new VenueCallError(exchange, 'unavailable', `${exchange} answered ${res.status}: ${said}`, res.status);
  throw new VenueCallError(exchange, 'rejected', said, res.status);
}

/** The human part of a venue's error body, whatever its shape, cut to a sane length. */
function venueMessage(body: unknown): string | null {
  if (typeof body === 'string') return body.slice(0, 300) || null;
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  const nested = b.error && typeof b.error === 'object' ? (b.error as Record<string, unknown>) : null;
  const parts = [nested?.code, nested?.message, b.code, b.detail, b.errorMsg, b.error_message, typeof b.error === 'string' ? b.error : null, b.message].filter((v) => typeof v === 'string' && v);
  return parts.length ? [...new Set(parts)].join(': ').slice(0, 300) : null;
}

/** A decimal string of the venue as a number; null when absent or not numeric. */
export function num(v: unknown): number | null {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
}

/**
 * An order record of a CTF-exchange venue (limitless, predict.fun, opinion) in unified terms: the
 * id, a status word and filled/total amounts under whichever names the venue uses; `scale` divides
 * amounts given in base units (wei for 18-decimal collateral).
 */
export function ctfVenueOrderState(raw: Record<string, unknown>, fallbackId: string, scale = 1): VenueOrderState {
  const id = String(raw.id ?? raw.orderId ?? raw.orderID ?? raw.hash ?? fallbackId);
  const word = String(raw.status ?? '').toUpperCase();
  const filled = (num(raw.amountFilled ?? raw.filledShares ?? raw.filled ?? raw.size_matched) ?? 0) / scale;
  const total = (num(raw.amount ?? raw.shares ?? raw.original_size ?? raw.size) ?? 0) / scale;
  const status: VenueOrderState['status'] = /FILLED|MATCHED|FINISHED/.test(word) && (total === 0 || filled >= total)
    ? 'filled'
    : /CANCEL|INVALID/.test(word)
      ? 'cancelled'
      : /EXPIRED/.test(word)
        ? 'expired'
        : filled > 0
          ? 'partially_filled'
          : 'open';
  return { exchangeOrderId: id, status, filledSize: filled, avgFillPrice: num(raw.avgPrice ?? raw.avg_fill_price ?? raw.averagePrice), fills: [] };
}

/**
 * The size-weighted average price of fills, rounded to 6 decimals (the unified price precision);
 * null when nothing filled. One derivation for every venue that lists its fills, so an order's
 * `avg_fill_price` always agrees with the `fills` it shows.
 */
export function averageFillPrice(fills: readonly { price: number; size: number }[]): number | null {
  let size = 0;
  let cost = 0;
  for (const f of fills) {
    size += f.size;
    cost += f.price * f.size;
  }
  return size > 0 ? Math.round((cost / size) * 1e6) / 1e6 : null;
}

/** A venue timestamp (unix seconds or milliseconds, or an ISO string) as ISO-8601; `fallback` when absent. */
export function isoTime(v: unknown, fallback: string): string {
  const n = num(v);
  if (n !== null) return new Date(n < 1e12 ? n * 1000 : n).toISOString();
  if (typeof v === 'string' && !Number.isNaN(Date.parse(v))) return new Date(v).toISOString();
  return fallback;
}
