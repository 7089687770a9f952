// Orders through the venues (docs/api-contract.md §3, §5 Trading): place, list, get, cancel, plus positions
// and balances, for one user at a time (every read is scoped to the caller's user).
//
// Placing is crash-safe by construction: the order is written `pending` first (the unique index on
// client_order_id makes concurrent duplicates collapse into that one row), then sent once (never
// retried: a POST that timed out may have arrived). Whatever happens next is recorded:
// - the venue accepts: its id, status and fills are stored (201);
// - the venue refuses: the order is `rejected` with the venue's reason (422);
// - the venue cannot be reached: `rejected`, it never got the order (502);
// - the venue fails or times out: the order may or may not be there, so it is looked up by its
//   client id (at once after a 5xx; after a grace period for a timeout, which may still land) and
//   either takes the venue's state or becomes `rejected`. Until then it stays `pending`, and the sync
//   job (and any read of it) reconciles it, across restarts too.
import { isDeepStrictEqual } from 'node:util';
import type { Logger } from 'pino';
import { getExchange, isExchangeCode, type ExchangeCode } from '../venues/exchanges.js';
import {
  IncompleteCredentialsError,
  SignedOrderError,
  VenueCallError,
  type TradingClient,
  type VenueBalance,
  type OrderReadHint,
  type VenueOrderRequest,
  type VenueOrderState,
  type VenuePosition,
  type OrderStatus,
  type OrderSide,
  type OrderTypedData,
  type PreparedSignedOrder,
  type OrderType,
  type TimeInForce,
} from '../venues/trading.js';
import { recordTiming, timingsActive } from '../util/request-timings.js';
import type { CredentialsService } from './credentials-service.js';
import { conflictError, invalid, orderNotFound, TradingError } from './errors.js';
import { LIVE_STATUSES, RESTING_STATUSES, publicOrder, type OrderRecord, type OrderRepository, type StoredOrder } from './order-repository.js';
import type { Outcome } from '../venues/records.js';
import { needsMarketOutcomes, orderOutcome, type OrderOutcome } from './outcomes.js';

export interface PlaceOrderInput {
  exchange: string;
  market_id: string;
  outcome: string;
  side: OrderSide;
  type: OrderType;
  price?: number | null;
  size: number;
  time_in_force?: TimeInForce;
  expires_at?: string | null;
  client_order_id?: string | null;
  signed_order?: Record<string, unknown> | null;
}

export interface PrepareOrderInput extends Omit<PlaceOrderInput, 'signed_order'> {
  /** The signing wallet's address (the stored credentials' where absent and they have one). */
  signer?: string | null;
  /** The wallet holding the funds where it is not the signer (polymarket proxy or Safe, opinion Safe). */
  maker?: string | null;
}

export interface PreparedOrder {
  typed_data: OrderTypedData;
  /** The body to post to placeOrder once `signed_order.signature` is set. */
  order: PlaceOrderInput & { signed_order: Record<string, unknown> };
}

/** Where the time of one order goes (Server-Timing under SERVER_TIMING; the benchmark reads them). */
export type TradingPhase = 'credentials' | 'verify' | 'write-pending' | 'write-final' | 'venue';

export interface TradingServiceOptions {
  orders: OrderRepository;
  credentials: CredentialsService;
  clients: Partial<Record<ExchangeCode, TradingClient>>;
  logger?: Logger;
  /**
   * A market's outcomes (catalog, else the venue), to turn `yes` / `no` into the outcome token a
   * venue's order trades (src/trading/outcomes.ts); null when the market is unknown.
   */
  outcomesOf?: (exchange: ExchangeCode, marketId: string) => Promise<readonly Outcome[] | null>;
  /** How long a pending order whose venue call timed out waits before a venue that never saw it makes it rejected. */
  pendingGraceMs?: number;
  now?: () => number;
}

export class TradingService {
  private readonly log?: Logger;
  private readonly graceMs: number;
  private readonly now: () => number;

  constructor(private readonly opts: TradingServiceOptions) {
    this.log = opts.logger?.child({ component: 'trading' });
    this.graceMs = opts.pendingGraceMs ?? 120_000;
    this.now = opts.now ?? Date.now;
  }

  private async timed<T>(phase: TradingPhase, fn: () => Promise<T>): Promise<T> {
    if (!timingsActive()) return fn();
    const t0 = performance.now();
    try {
      return await fn();
    } finally {
      recordTiming(phase, performance.now() - t0);
    }
  }

  private tradingVenue(exchange: string): ExchangeCode {
    if (!isExchangeCode(exchange)) throw invalid(`exchange: unknown exchange ${exchange}`);
    if (!getExchange(exchange).trading) throw invalid(`exchange: ${exchange} has no trading`);
    return exchange;
  }

  private client(exchange: string): { code: ExchangeCode; client: TradingClient } {
    const code = this.tradingVenue(exchange);
    const client = this.opts.clients[code];
    if (!client) throw new TradingError('unavailable', `trading on ${code} is not available in this process`);
    return { code, client };
  }

  private async credentialsFor(userId: string, exchange: ExchangeCode): Promise<Record<string, unknown>> {
    const creds = await this.timed('credentials', () => this.opts.credentials.get(userId, exchange));
    if (!creds) throw noCredentials(exchange);
    return creds;
  }

  /**
   * The body's outcome named both ways: the service's (`yes` / `no` on a binary market, whatever
   * the body called it) and the venue's (its side word or the market's outcome token).
   */
  private async outcomeOf(code: ExchangeCode, marketId: string, outcome: string): Promise<OrderOutcome> {
    const outcomes = needsMarketOutcomes(code) ? ((await this.opts.outcomesOf?.(code, marketId)) ?? null) : null;
    const r = orderOutcome(code, marketId, outcome, outcomes);
    if ('error' in r) throw invalid(r.error);
    return r;
  }

  /** The order as a venue client takes it, checked against the body's own rules and the venue's. */
  private orderRequest(input: Omit<PlaceOrderInput, 'signed_order' | 'client_order_id'>, client: TradingClient): Omit<VenueOrderRequest, 'clientId' | 'signedOrder'> {
    const price = input.type === 'market' ? null : (input.price ?? null);
    if (input.type === 'limit' && price === null) throw invalid('price: is required for limit orders');
    const tif = input.time_in_force ?? 'gtc';
    if (tif === 'gtd' && !input.expires_at) throw invalid('expires_at: is required for time_in_force gtd');
    if (input.expires_at && Date.parse(input.expires_at) <= this.now()) throw invalid('expires_at: must be in the future');
    const order: Omit<VenueOrderRequest, 'clientId' | 'signedOrder'> = {
      marketId: input.market_id, outcome: input.outcome, side: input.side, type: input.type, price, size: input.size, timeInForce: tif, expiresAt: input.expires_at ?? null,
    };
    const problem = client.checkOrder?.(order);
    if (problem) throw invalid(problem);
    return order;
  }

  /**
   * A client-signed order made ready to sign: the EIP-712 typed data (exchange contract and
   * neg-risk chosen from the venue's own answers) and the body to post to placeOrder once the
   * signature is added. Nothing is stored or sent to the venue but its public reads.
   */
  async prepareOrder(userId: string, input: PrepareOrderInput): Promise<PreparedOrder> {
    const { code, client } = this.client(input.exchange);
    if (getExchange(code).signedBy !== 'client' || !client.prepareSignedOrder) throw invalid(`exchange: ${code} orders are signed by the service with your stored credentials; post them to /api/v1/orders without signed_order`);
    const named = await this.outcomeOf(code, input.market_id, input.outcome);
    const order = this.orderRequest({ ...input, outcome: named.venueOutcome }, client);
    // A market order is signed at the worst price it accepts.
    const toSign = { ...order, price: input.price ?? null };
    // The stored set, where there is one, names the signer or the maker on some venues.
    const creds = await this.timed('credentials', () => this.opts.credentials.get(userId, code));
    let prepared: PreparedSignedOrder;
    try {
      prepared = await client.prepareSignedOrder(toSign, { signer: input.signer ?? undefined, maker: input.maker ?? undefined }, creds);
    } catch (err) {
      if (err instanceof SignedOrderError) throw invalid(err.message);
      if (err instanceof VenueCallError) throw err.failure === 'rejected' || err.failure === 'not_found' ? invalid(`market_id: ${err.message}`) : venueFailure(code, err);
      throw err;
    }
    const { signer: _signer, maker: _maker, ...body } = input;
    return {
      typed_data: prepared.typedData,
      order: { ...body, outcome: named.outcome, type: order.type, price: input.price ?? null, time_in_force: order.timeInForce, expires_at: order.expiresAt, client_order_id: input.client_order_id ?? null, signed_order: prepared.signedOrder },
    };
  }

  /** Places an order; `created` is false when the client_order_id named an order placed before. */
  async placeOrder(userId: string, input: PlaceOrderInput): Promise<{ order: OrderRecord; created: boolean }> {
    const { code, client } = this.client(input.exchange);
    const clientSigned = getExchange(code).signedBy === 'client';
    const named = await this.outcomeOf(code, input.market_id, input.outcome);
    const order = this.orderRequest({ ...input, outcome: named.venueOutcome }, client);
    const { price, timeInForce: tif } = order;
    if (clientSigned && !input.signed_order) throw invalid(`signed_order: is required for ${code} (an EIP-712 order signed with your wallet's key)`);
    if (!clientSigned && input.signed_order) throw invalid(`signed_order: ${code} orders are signed by the service with your stored credentials; send none`);

    // A repeat of a known client_order_id is answered at once (a fast path only: for concurrent
    // repeats, the INSERT below decides which request places the order).
    const signedOrder = clientSigned ? input.signed_order! : undefined;
    const body: OrderBody = { exchange: code, market_id: order.marketId, outcome: order.outcome, side: order.side, type: order.type, price, size: order.size, time_in_force: tif, expires_at: order.expiresAt, signed_order: signedOrder ?? null };
    if (input.client_order_id) {
      const existing = await this.opts.orders.getByClientOrderId(userId, input.client_order_id);
      if (existing) return { order: repeatOf(existing, body), created: false };
    }
    // The credential set comes from the cache when it can (no row read); the pending insert is written
    // only if the stored row is still the one it was decrypted from, so a set another instance
    // replaced or deleted meanwhile places nothing: it is forgotten, the row read, and the order
    // checked again with what is stored now.
    let creds: Readonly<Record<string, unknown>>;
    let stored: StoredOrder;
    for (let attempt = 1; ; attempt++) {
      const set = await this.timed('credentials', () => this.opts.credentials.getForOrder(userId, code));
      if (!set) throw noCredentials(code);
      creds = set.value;
      if (signedOrder) await this.verifySignedOrder(code, client, signedOrder, order, creds);
      const written = await this.timed('write-pending', () =>
        this.opts.orders.insertPendingWithCredentials(
          {
            userId, exchange: code, marketId: order.marketId, outcome: named.outcome, venueOutcome: order.outcome, side: order.side, type: order.type, price, size: order.size, timeInForce: tif,
            expiresAt: order.expiresAt, clientOrderId: input.client_order_id ?? null, venueRequest: signedOrder ? { signed_order: signedOrder } : null,
          },
          set.row,
        ),
      );
      if (written !== 'credentials-changed') {
        if (!written.inserted) return { order: repeatOf(written.order, body), created: false };
        stored = written.order;
        break;
      }
      this.opts.credentials.forget(userId, code);
      // Rewritten again between the read and the insert, three times running: not worth a fourth.
      if (attempt >= 3) throw new TradingError('unavailable', `your ${code} credentials are being changed; send the order again`);
    }

    const claimedFillIds = client.fillsNameNoOrder ? await this.opts.orders.claimedFillIds(userId, code, order.marketId, stored.id) : undefined;
    const request: VenueOrderRequest = { ...order, clientId: stored.venue_client_id, signedOrder, claimedFillIds };
    try {
      const state = await this.timed('venue', () => client.place(creds, request));
      const updated = await this.timed('write-final', () => this.opts.orders.applyVenueState(stored, state));
      if (updated) return { order: publicOrder(updated), created: true };
    } catch (err) {
      if (!(err instanceof VenueCallError)) throw err;
      await this.onPlaceFailure(stored, request, creds, client, err);
    }
    return { order: publicOrder((await this.opts.orders.get(userId, stored.id))!), created: true };
  }

  /** Checks the caller's signed order against the body and the stored credentials (SignedOrderError -> 400). */
  private async verifySignedOrder(code: ExchangeCode, client: TradingClient, signed: Record<string, unknown>, order: Omit<VenueOrderRequest, 'clientId' | 'signedOrder'>, creds: Readonly<Record<string, unknown>>): Promise<void> {
    try {
      const verified = await this.timed('verify', () => client.verifySignedOrder!(signed, order, creds));
      if (verified.side !== order.side) throw invalid(`signed_order: is a ${verified.side} order, the body says ${order.side}`);
      if (Math.abs(verified.size - order.size) > 1e-6) throw invalid(`signed_order: is for ${verified.size} shares, the body says ${order.size}`);
      if (order.price !== null && Math.abs(verified.price - order.price) > 1e-6) throw invalid(`signed_order: implies price ${verified.price}, the body says ${order.price}`);
    } catch (err) {
      if (err instanceof SignedOrderError) throw invalid(`signed_order: ${err.message}`);
      // The check needed the market from the venue (its exchange contract): a market it does not
      // know is the caller's mistake; a venue that does not answer is the venue's.
      if (err instanceof VenueCallError) throw err.failure === 'rejected' || err.failure === 'not_found' ? invalid(`market_id: ${err.message}`) : venueFailure(code, err);
      throw err;
    }
  }

  /** Records what a failed placement means, then throws the caller's error (or returns if the venue has the order after all). */
  private async onPlaceFailure(stored: StoredOrder, request: VenueOrderRequest, creds: Record<string, unknown>, client: TradingClient, err: VenueCallError): Promise<void> {
    const ex = stored.exchange;
    if (err.failure === 'rejected' || err.failure === 'unauthorized' || err.failure === 'not_found') {
      await this.opts.orders.reject(stored.id, err.message);
      throw new TradingError('rejected', `${ex} rejected order ${stored.id}: ${err.message}`);
    }
    if (err.failure === 'unavailable' && err.notSent) {
      await this.opts.orders.reject(stored.id, `${ex} could not be reached; the order was not sent`);
      throw new TradingError('venue_unavailable', `${ex} could not be reached; order ${stored.id} was not sent and is stored as rejected`);
    }
    if (err.failure === 'unavailable') {
      // The venue answered with a failure: it is done with the request, so ask whether the order exists.
      try {
        const found = await client.findByClientId(creds, request.clientId, { marketId: request.marketId, since: stored.created_at, order: request });
        if (found) {
          await this.opts.orders.applyVenueState(stored, found);
          return;
        }
        await this.opts.orders.reject(stored.id, `${ex} failed (${err.message}); the order was not placed`);
        throw new TradingError('venue_unavailable', `${ex} failed: ${err.message}; order ${stored.id} was not placed and is stored as rejected`);
      } catch (lookupErr) {
        if (lookupErr instanceof TradingError) throw lookupErr;
        this.log?.warn({ order_id: stored.id, exchange: ex }, 'order left pending: the venue failed and could not be asked about it');
        throw new TradingError('venue_unavailable', `${ex} failed: ${err.message}; order ${stored.id} is pending until the venue can be asked about it (GET /api/v1/orders/${stored.id})`);
      }
    }
    // Timeout: the request may still land; the order stays pending and is reconciled later.
    this.log?.warn({ order_id: stored.id, exchange: ex }, 'order left pending: the venue did not answer in time');
    throw new TradingError('venue_timeout', `${ex} did not answer in time; order ${stored.id} is pending until reconciled with the venue (GET /api/v1/orders/${stored.id})`);
  }

  async listOrders(userId: string, filter: { exchange?: string; status?: OrderStatus; limit: number; cursor?: string }): Promise<{ orders: OrderRecord[]; count: number; next_cursor: string | null }> {
    const page = await this.opts.orders.list(userId, filter);
    return { orders: page.orders.map(publicOrder), count: page.orders.length, next_cursor: page.next_cursor };
  }

  /** One order, brought up to date with the venue first when it is not final (best effort: a venue failure serves the stored state). */
  async getOrder(userId: string, id: string): Promise<OrderRecord> {
    const stored = await this.opts.orders.get(userId, id);
    if (!stored) throw orderNotFound(`no order ${id}`);
    if (LIVE_STATUSES.includes(stored.status)) {
      await this.sync(stored).catch((err: unknown) => this.log?.debug({ order_id: id, exchange: stored.exchange, err: err instanceof Error ? err.message : String(err) }, 'order sync on read failed; serving the stored state'));
      return publicOrder((await this.opts.orders.get(userId, id))!);
    }
    return publicOrder(stored);
  }

  async cancelOrder(userId: string, id: string): Promise<OrderRecord> {
    const stored = await this.opts.orders.get(userId, id);
    if (!stored) throw orderNotFound(`no order ${id}`);
    if (!RESTING_STATUSES.includes(stored.status)) throw conflictError(`order ${id} is ${stored.status}; only open or partially filled orders can be cancelled`);
    const { client } = this.client(stored.exchange);
    const creds = await this.credentialsFor(userId, stored.exchange as ExchangeCode);
    try {
      const state = await client.cancel(creds, stored.exchange_order_id!, await this.readHint(stored, client));
      await this.opts.orders.applyVenueState(stored, state);
    } catch (err) {
      if (!(err instanceof VenueCallError)) throw err;
      if (err.failure === 'rejected' || err.failure === 'not_found') {
        // Filled or cancelled at the venue meanwhile: take its state, and say why nothing was cancelled.
        await this.sync((await this.opts.orders.get(userId, id))!).catch(() => undefined);
        const now = (await this.opts.orders.get(userId, id))!;
        throw conflictError(`order ${id} could not be cancelled: ${stored.exchange} says ${err.message} (status ${now.status})`);
      }
      throw venueFailure(stored.exchange, err);
    }
    return publicOrder((await this.opts.orders.get(userId, id))!);
  }

  /**
   * What a venue client is told of a stored order when it reads or cancels it: its market, when it
   * was sent, the fills stored for it (the sync job's rows come without), and, for venues whose
   * fills name no order, the fills the user's other orders in the market hold.
   */
  private async readHint(stored: StoredOrder, client: TradingClient): Promise<OrderReadHint> {
    const fills = !(stored.filled_size > 0) ? [] : stored.fills.length ? stored.fills : await this.opts.orders.fills(stored.id);
    return {
      marketId: stored.market_id,
      outcome: stored.venue_outcome,
      since: stored.created_at,
      knownFills: fills.map((f) => ({ id: f.id, price: f.price, size: f.size, fee: f.fee, at: f.timestamp })),
      claimedFillIds: client.fillsNameNoOrder ? await this.opts.orders.claimedFillIds(stored.user_id, stored.exchange, stored.market_id, stored.id) : undefined,
    };
  }

  /** Brings one non-final order up to date with its venue (pending ones are reconciled by client id). */
  async sync(stored: StoredOrder): Promise<void> {
    const client = this.opts.clients[stored.exchange as ExchangeCode];
    if (!client) return;
    const creds = await this.opts.credentials.get(stored.user_id, stored.exchange);
    if (!creds) return;
    let state: VenueOrderState | null;
    if (stored.exchange_order_id) {
      state = await client.get(creds, stored.exchange_order_id, await this.readHint(stored, client));
    } else {
      const request: VenueOrderRequest = {
        marketId: stored.market_id, outcome: stored.venue_outcome, side: stored.side, type: stored.type, price: stored.price, size: stored.size, timeInForce: stored.time_in_force,
        expiresAt: stored.expires_at, clientId: stored.venue_client_id, signedOrder: (stored.venue_request?.signed_order as Record<string, unknown> | undefined) ?? undefined,
      };
      state = await client.findByClientId(creds, stored.venue_client_id, { marketId: stored.market_id, since: stored.created_at, order: request });
      if (!state) {
        if (this.now() - Date.parse(stored.created_at) >= this.graceMs) await this.opts.orders.reject(stored.id, `${stored.exchange} has no record of the order (reconciled after the venue failed to answer)`);
        else await this.opts.orders.markSynced(stored.id);
        return;
      }
    }
    await this.opts.orders.applyVenueState(stored, state);
  }

  /** The sync job: every non-final order not synced for `staleMs`, up to `limit`, one venue failure not stopping the rest. */
  async syncLiveOrders(limit = 200, staleMs = 0): Promise<{ synced: number; failed: number; lastError: string | null }> {
    const live = await this.opts.orders.liveOrders(limit, staleMs);
    let failed = 0;
    let lastError: string | null = null;
    for (const o of live) {
      try {
        await this.sync(o);
      } catch (err) {
        failed++;
        const message = err instanceof Error ? err.message : String(err);
        lastError = `${o.exchange}: ${message}`;
        this.log?.debug({ order_id: o.id, exchange: o.exchange, err: message }, 'order sync failed');
      }
    }
    return { synced: live.length - failed, failed, lastError };
  }

  async positions(userId: string, exchange: string): Promise<{ exchange: string; positions: VenuePosition[]; count: number }> {
    const code = this.tradingVenue(exchange);
    const client = this.opts.clients[code];
    if (!client?.positions) throw orderNotFound(`${code} has no positions operation`);
    const creds = await this.credentialsFor(userId, code);
    try {
      const positions = await client.positions(creds);
      return { exchange: code, positions, count: positions.length };
    } catch (err) {
      if (err instanceof IncompleteCredentialsError) throw invalid(err.message);
      throw err instanceof VenueCallError ? venueFailure(code, err) : err;
    }
  }

  async balances(userId: string, exchange: string): Promise<{ exchange: string; balances: VenueBalance[]; count: number }> {
    const code = this.tradingVenue(exchange);
    const client = this.opts.clients[code];
    if (!client?.balances) throw orderNotFound(`${code} has no balances operation`);
    const creds = await this.credentialsFor(userId, code);
    try {
      const balances = await client.balances(creds);
      return { exchange: code, balances, count: balances.length };
    } catch (err) {
      if (err instanceof IncompleteCredentialsError) throw invalid(err.message);
      throw err instanceof VenueCallError ? venueFailure(code, err) : err;
    }
  }
}

function noCredentials(exchange: ExchangeCode): TradingError {
  const how = exchange === 'polymarket' ? 'POST /api/v1/polymarket/derive-credentials or /api/v1/users/_/credentials' : 'POST /api/v1/users/_/credentials';
  return invalid(`no stored credentials for ${exchange}: register them first (${how})`);
}

/** A venue failure outside order placement, as the caller's error. */
export function venueFailure(exchange: string, err: VenueCallError): TradingError {
  if (err.failure === 'timeout') return new TradingError('venue_timeout', err.message);
  if (err.failure === 'unauthorized') return new TradingError('rejected', err.message);
  return new TradingError('venue_unavailable', `${exchange}: ${err.message}`);
}

/**
 * What makes an order the same order: the fields of its body a client_order_id stands for. Its
 * `outcome` is the venue's name (`no` and the NO token are the same order).
 */
type OrderBody = Pick<OrderRecord, 'exchange' | 'market_id' | 'outcome' | 'side' | 'type' | 'price' | 'size' | 'time_in_force' | 'expires_at'> & { signed_order: Record<string, unknown> | null };

/**
 * The fields in which a repeated body differs from the order its client_order_id placed first. An
 * idempotency key stands for one request (Stripe's rule): a repeat with the same body is answered
 * with the first order, a different body under the same key is a mistake the caller must hear about
 * (409), never a silent "done" for an order it did not place.
 */
export function differingOrderFields(stored: StoredOrder, body: OrderBody): string[] {
  const sameNumber = (a: number | null, b: number | null): boolean => (a === null || b === null ? a === b : Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a)));
  const sameInstant = (a: string | null, b: string | null): boolean => (a === null || b === null ? a === b : Date.parse(a) === Date.parse(b));
  const storedSigned = (stored.venue_request?.signed_order as Record<string, unknown> | undefined) ?? null;
  const same: Record<keyof OrderBody, boolean> = {
    exchange: stored.exchange === body.exchange,
    market_id: stored.market_id === body.market_id,
    outcome: stored.venue_outcome === body.outcome,
    side: stored.side === body.side,
    type: stored.type === body.type,
    price: sameNumber(stored.price, body.price),
    size: sameNumber(stored.size, body.size),
    time_in_force: stored.time_in_force === body.time_in_force,
    expires_at: sameInstant(stored.expires_at, body.expires_at),
    // Stored as jsonb, which keeps no key order: compared as values.
    signed_order: isDeepStrictEqual(storedSigned, body.signed_order),
  };
  return (Object.keys(same) as (keyof OrderBody)[]).filter((k) => !same[k]);
}

function repeatOf(stored: StoredOrder, body: OrderBody): OrderRecord {
  const differing = differingOrderFields(stored, body);
  if (differing.length > 0) {
    throw conflictError(`client_order_id ${stored.client_order_id} was used for order ${stored.id} with a different ${differing.join(', ')}; a client_order_id stands for one order: send the same body to get that order, or a new client_order_id for a new order`);
  }
  return publicOrder(stored);
}
