/**
 * Kalshi's wire formats, as Kalshi publishes them (see ../wire.ts for what these schemas are for).
 *
 * Source: Kalshi's docs as mirrored in github.com/ammario/kalshi-docs at commit 59e4f72 (Aug 22 2026):
 * the OpenAPI blocks of `api-reference/**` (spec version 3.28.0, pages lastmod 2026-08-21), the
 * AsyncAPI `asyncapi.yaml` (2.0.0), `getting_started/order_direction.md` (lastmod 2026-06-01) and
 * `changelog.md`. Fields the spec marks required are required here and its enums are enforced;
 * optional fields are optional; unknown fields pass (a venue adding a field is not drift). The
 * schemas were written from those pages, not from the adapter or the simulator.
 *
 * Where the spec and what Kalshi actually answers disagree, both shapes are accepted and the
 * difference is said next to the schema (the error envelope).
 */
import { z } from 'zod';
import { checkWire, type ConformanceCheck, type ConformanceKeys, type ConformanceRequest, type ConformanceValues } from '../wire.js';
import { signKalshiRequest } from './signing.js';

/** `FixedPointDollars`: a dollar string; responses carry up to 6 decimals ("0.5600", "0.960"). */
export const FixedPointDollars = z.string().regex(/^-?\d+(\.\d{1,6})?$/, 'not a fixed-point dollar string');
/** `FixedPointCount`: a contract count; "responses always emit 2 decimals" ("10.00"). */
export const FixedPointCount = z.string().regex(/^-?\d+\.\d{2}$/, 'not a fixed-point count with 2 decimals');
const IsoTime = z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'not a date-time');
const Side = z.enum(['yes', 'no']);
const BookSide = z.enum(['bid', 'ask']);

/**
 * "`outcome_side` and `book_side` carry the same bit in two vocabularies: bid ≡ yes, ask ≡ no, always"
 * (getting_started/order_direction.md). A (no, bid) or (yes, ask) pair is something Kalshi never sends.
 */
function sameDirectionBit(outcomeKey: string, bookKey: string) {
  return (v: Record<string, unknown>, ctx: z.RefinementCtx): void => {
    const outcome = v[outcomeKey];
    const book = v[bookKey];
    if (outcome === undefined || book === undefined) return;
    if ((outcome === 'yes') !== (book === 'bid')) {
      ctx.addIssue({ code: 'custom', path: [bookKey], message: `(${String(outcome)}, ${String(book)}) is not a direction Kalshi sends: bid ≡ yes, ask ≡ no` });
    }
  };
}

// ---- Errors -------------------------------------------------------------------------------------

const ErrorFields = z.object({ code: z.string(), message: z.string(), details: z.string().optional() });

/**
 * An error answer. The OpenAPI `ErrorResponse` is `{code, message, details}` at the top level; the
 * answers recorded from production wrap it, `{"error": {"code", "message", "details"}}` (e.g. the
 * 410 of a retired order endpoint, captured Jun-Sep 2026 in several public repositories that hit
 * it: `{"error":{"code":"deprecated_v1_order_endpoint","message":"Please switch to the V2
 * endpoints","details":"https://docs.kalshi.com/api-reference/orders/create-order-v2"}}`). Both pass.
 */
export const KalshiErrorBody = z.union([z.object({ error: ErrorFields }), ErrorFields]);

/** The error code and message of either envelope, or null. */
export function kalshiErrorOf(body: unknown): { code: string; message: string; envelope: 'wrapped' | 'flat' } | null {
  const wrapped = z.object({ error: ErrorFields }).safeParse(body);
  if (wrapped.success) return { code: wrapped.data.error.code, message: wrapped.data.error.message, envelope: 'wrapped' };
  const flat = ErrorFields.safeParse(body);
  return flat.success ? { code: flat.data.code, message: flat.data.message, envelope: 'flat' } : null;
}

// ---- Markets (get-markets.md, get-market.md) ----------------------------------------------------

export const KalshiMarket = z.object({
  ticker: z.string(),
  event_ticker: z.string(),
  market_type: z.enum(['binary', 'scalar']),
  title: z.string().optional(),
  subtitle: z.string().optional(),
  yes_sub_title: z.string(),
  no_sub_title: z.string(),
  created_time: IsoTime,
  updated_time: IsoTime,
  open_time: IsoTime,
  close_time: IsoTime,
  expected_expiration_time: IsoTime.nullish(),
  expiration_time: IsoTime.optional(),
  latest_expiration_time: IsoTime,
  settlement_timer_seconds: z.number().int(),
  status: z.enum(['initialized', 'inactive', 'active', 'closed', 'determined', 'disputed', 'amended', 'finalized']),
  notional_value_dollars: FixedPointDollars,
  yes_bid_dollars: FixedPointDollars,
  yes_ask_dollars: FixedPointDollars,
  no_bid_dollars: FixedPointDollars,
  no_ask_dollars: FixedPointDollars,
  yes_bid_size_fp: FixedPointCount,
  yes_ask_size_fp: FixedPointCount,
  last_price_dollars: FixedPointDollars,
  previous_yes_bid_dollars: FixedPointDollars,
  previous_yes_ask_dollars: FixedPointDollars,
  previous_price_dollars: FixedPointDollars,
  volume_fp: FixedPointCount,
  volume_24h_fp: FixedPointCount,
  open_interest_fp: FixedPointCount,
  // "DEPRECATED: This field is deprecated and will always return "0.0000"."
  liquidity_dollars: FixedPointDollars.optional(),
  result: z.enum(['yes', 'no', 'scalar', '']),
  can_close_early: z.boolean(),
  expiration_value: z.string(),
  settlement_ts: IsoTime.nullish(),
  rules_primary: z.string(),
  rules_secondary: z.string(),
  mve_collection_ticker: z.string().optional(),
  price_level_structure: z.string(),
  price_ranges: z.array(z.object({ start: z.string(), end: z.string(), step: z.string() })),
});

/** `GET /markets` (GetMarketsResponse: markets, cursor required). */
export const KalshiMarketsPage = z.object({ markets: z.array(KalshiMarket), cursor: z.string() });
/** `GET /markets/{ticker}`. */
export const KalshiMarketDetail = z.object({ market: KalshiMarket });

// ---- Events (get-events.md, get-event.md) -------------------------------------------------------

export const KalshiEvent = z.object({
  event_ticker: z.string(),
  series_ticker: z.string(),
  sub_title: z.string(),
  title: z.string(),
  collateral_return_type: z.string(),
  mutually_exclusive: z.boolean(),
  // "Event category (deprecated, use series-level category instead)".
  category: z.string().optional(),
  available_on_brokers: z.boolean(),
  settlement_sources: z.array(z.object({ name: z.string().optional(), url: z.string().optional() })).nullable(),
  markets: z.array(KalshiMarket).optional(),
});

/** `GET /events` (GetEventsResponse: events, cursor required). */
export const KalshiEventsPage = z.object({ events: z.array(KalshiEvent), cursor: z.string() });
/** `GET /events/{event_ticker}` (GetEventResponse: event, markets required). */
export const KalshiEventDetail = z.object({ event: KalshiEvent, markets: z.array(KalshiMarket) });

// ---- Order book (get-market-orderbook.md) -------------------------------------------------------

/** `[dollars, count]`: "PriceLevelDollarsCountFp", exactly two strings. */
const PriceLevel = z.tuple([FixedPointDollars, FixedPointCount]);

/** `GET /markets/{ticker}/orderbook`: YES bids and NO bids only, each in its own leg's price. */
export const KalshiOrderbook = z.object({ orderbook_fp: z.object({ yes_dollars: z.array(PriceLevel), no_dollars: z.array(PriceLevel) }) });

// ---- Trades (get-trades.md) ---------------------------------------------------------------------

export const KalshiTrade = z
  .object({
    trade_id: z.string(),
    ticker: z.string(),
    count_fp: FixedPointCount,
    yes_price_dollars: FixedPointDollars,
    no_price_dollars: FixedPointDollars,
    taker_side: Side.optional(),
    taker_outcome_side: Side,
    taker_book_side: BookSide,
    created_time: IsoTime,
    is_block_trade: z.boolean(),
  })
  .superRefine(sameDirectionBit('taker_outcome_side', 'taker_book_side'));

/** `GET /markets/trades`. */
export const KalshiTradesPage = z.object({ trades: z.array(KalshiTrade), cursor: z.string() });

// ---- Candlesticks (get-market-candlesticks.md) --------------------------------------------------

const BidAskDistribution = z.object({ open_dollars: FixedPointDollars, low_dollars: FixedPointDollars, high_dollars: FixedPointDollars, close_dollars: FixedPointDollars });
const PriceDistribution = z.object({
  open_dollars: FixedPointDollars.nullish(),
  low_dollars: FixedPointDollars.nullish(),
  high_dollars: FixedPointDollars.nullish(),
  close_dollars: FixedPointDollars.nullish(),
  mean_dollars: FixedPointDollars.nullish(),
  previous_dollars: FixedPointDollars.nullish(),
});

/** `GET /series/{series}/markets/{ticker}/candlesticks`. */
export const KalshiCandlesticks = z.object({
  ticker: z.string(),
  candlesticks: z.array(z.object({ end_period_ts: z.number().int(), yes_bid: BidAskDistribution, yes_ask: BidAskDistribution, price: PriceDistribution, volume_fp: FixedPointCount, open_interest_fp: FixedPointCount })),
});

// ---- Orders (create-order-v2.md, cancel-order-v2.md, get-order.md, get-orders.md, get-fills.md) --

/** `POST /portfolio/events/orders` request body (CreateOrderV2Request). */
export const KalshiCreateOrderV2Request = z
  .object({
    ticker: z.string().min(1),
    client_order_id: z.string().optional(),
    side: BookSide,
    // Requests accept 0-2 decimals for counts and 2-4 for prices.
    count: z.string().regex(/^\d+(\.\d{1,2})?$/),
    price: z.string().regex(/^\d+\.\d{2,4}$/),
    expiration_time: z.number().int().optional(),
    time_in_force: z.enum(['fill_or_kill', 'good_till_canceled', 'immediate_or_cancel']),
    post_only: z.boolean().optional(),
    self_trade_prevention_type: z.enum(['taker_at_cross', 'maker']),
    cancel_order_on_pause: z.boolean().optional(),
    reduce_only: z.boolean().optional(),
    subaccount: z.number().int().min(0).optional(),
    order_group_id: z.string().optional(),
    exchange_index: z.number().int().optional(),
  })
  .superRefine((b, ctx) => {
    // "The `immediate_or_cancel` time-in-force value cannot be combined with `expiration_time`."
    if (b.time_in_force === 'immediate_or_cancel' && b.expiration_time !== undefined) ctx.addIssue({ code: 'custom', path: ['expiration_time'], message: 'cannot be combined with immediate_or_cancel' });
  });

/** `POST /portfolio/events/orders` answer (CreateOrderV2Response): not an order object. */
export const KalshiCreateOrderV2Response = z.object({
  order_id: z.string(),
  client_order_id: z.string().optional(),
  fill_count: FixedPointCount,
  remaining_count: FixedPointCount,
  average_fill_price: FixedPointDollars.optional(),
  average_fee_paid: FixedPointDollars.optional(),
  ts_ms: z.number().int(),
});

/** `DELETE /portfolio/events/orders/{order_id}` answer (CancelOrderV2Response). */
export const KalshiCancelOrderV2Response = z.object({ order_id: z.string(), client_order_id: z.string().optional(), reduced_by: FixedPointCount, ts_ms: z.number().int() });

export const KalshiOrder = z
  .object({
    order_id: z.string(),
    user_id: z.string(),
    client_order_id: z.string(),
    ticker: z.string(),
    side: Side.optional(),
    action: z.enum(['buy', 'sell']).optional(),
    outcome_side: Side,
    book_side: BookSide,
    type: z.enum(['limit', 'market']),
    status: z.enum(['resting', 'canceled', 'executed']),
    yes_price_dollars: FixedPointDollars,
    no_price_dollars: FixedPointDollars,
    fill_count_fp: FixedPointCount,
    remaining_count_fp: FixedPointCount,
    initial_count_fp: FixedPointCount,
    taker_fill_cost_dollars: FixedPointDollars,
    maker_fill_cost_dollars: FixedPointDollars,
    taker_fees_dollars: FixedPointDollars,
    maker_fees_dollars: FixedPointDollars,
    expiration_time: IsoTime.nullish(),
    created_time: IsoTime.nullish(),
    last_update_time: IsoTime.nullish(),
  })
  .superRefine(sameDirectionBit('outcome_side', 'book_side'));

/** `GET /portfolio/orders/{order_id}` (the reads were not retired with the mutations). */
export const KalshiOrderDetail = z.object({ order: KalshiOrder });
/** `GET /portfolio/orders`. */
export const KalshiOrdersPage = z.object({ orders: z.array(KalshiOrder), cursor: z.string() });

export const KalshiFill = z
  .object({
    fill_id: z.string(),
    exchange_index: z.number().int(),
    trade_id: z.string(),
    order_id: z.string(),
    ticker: z.string(),
    market_ticker: z.string(),
    outcome_side: Side,
    book_side: BookSide,
    count_fp: FixedPointCount,
    yes_price_dollars: FixedPointDollars,
    no_price_dollars: FixedPointDollars,
    is_taker: z.boolean(),
    created_time: IsoTime.optional(),
    fee_cost: FixedPointDollars,
  })
  .superRefine(sameDirectionBit('outcome_side', 'book_side'));

/** `GET /portfolio/fills`. */
export const KalshiFillsPage = z.object({ fills: z.array(KalshiFill), cursor: z.string() });

// ---- Portfolio (get-positions.md, get-balance.md) -----------------------------------------------

/** `GET /portfolio/positions`. */
export const KalshiPositions = z.object({
  cursor: z.string().optional(),
  market_positions: z.array(
    z.object({
      ticker: z.string(),
      exchange_index: z.number().int(),
      total_traded_dollars: FixedPointDollars,
      // "Negative means NO contracts and positive means YES contracts".
      position_fp: FixedPointCount,
      market_exposure_dollars: FixedPointDollars,
      realized_pnl_dollars: FixedPointDollars,
      fees_paid_dollars: FixedPointDollars,
      last_updated_ts: IsoTime,
    }),
  ),
  event_positions: z.array(z.object({ event_ticker: z.string(), total_cost_dollars: FixedPointDollars, total_cost_shares_fp: FixedPointCount, event_exposure_dollars: FixedPointDollars, realized_pnl_dollars: FixedPointDollars, fees_paid_dollars: FixedPointDollars })),
});

/** `GET /portfolio/balance`: `balance` and `portfolio_value` are cents. */
export const KalshiBalance = z.object({ balance: z.number().int(), balance_dollars: FixedPointDollars, portfolio_value: z.number().int(), updated_ts: z.number().int() });

// ---- WebSocket (asyncapi.yaml) ------------------------------------------------------------------

// The spec's pattern is `^[A-Z0-9-]+$`, but its own examples ("HIGHNY-22DEC23-B53.5") carry a dot.
const MarketTicker = z.string().regex(/^[A-Z0-9.-]+$/, 'not a market ticker');
const Uuid = z.guid();
const Sid = z.number().int().min(1);
const Seq = z.number().int().min(1);
/** Book levels of a snapshot: "This key will not exist if there are no ... offers", so never empty. */
const WsLevels = z.array(z.tuple([z.string(), z.string()])).min(1);

/** The `subscribe` command (subscribeCommandPayload), as the adapter sends it. */
export const KalshiWsSubscribe = z.object({
  id: z.number().int(),
  cmd: z.literal('subscribe'),
  params: z.object({
    channels: z.array(z.enum(['orderbook_delta', 'ticker', 'trade', 'fill', 'market_positions', 'market_lifecycle_v2', 'multivariate_market_lifecycle', 'communications', 'order_group_updates', 'user_orders', 'cfbenchmarks_value', 'pyth_value'])).min(1),
    market_ticker: z.string().optional(),
    market_tickers: z.array(MarketTicker).min(1).optional(),
    use_yes_price: z.boolean().optional(),
  }),
});

export const KalshiWsSubscribed = z.object({ id: z.number().int().optional(), type: z.literal('subscribed'), msg: z.object({ channel: z.string(), sid: Sid }) });
export const KalshiWsError = z.object({ id: z.number().int().nullish(), type: z.literal('error'), msg: z.object({ code: z.number().int(), msg: z.string() }) });

export const KalshiWsOrderbookSnapshot = z.object({
  type: z.literal('orderbook_snapshot'),
  sid: Sid,
  seq: Seq,
  msg: z.object({ market_ticker: MarketTicker, market_id: Uuid, yes_dollars_fp: WsLevels.optional(), no_dollars_fp: WsLevels.optional() }),
});

export const KalshiWsOrderbookDelta = z.object({
  type: z.literal('orderbook_delta'),
  sid: Sid,
  seq: Seq,
  msg: z.object({ market_ticker: MarketTicker, market_id: Uuid, price_dollars: z.string(), delta_fp: z.string(), side: Side, client_order_id: z.string().optional(), ts: IsoTime.optional(), ts_ms: z.number().int().optional() }),
});

export const KalshiWsTicker = z.object({
  type: z.literal('ticker'),
  sid: Sid,
  msg: z.object({
    market_ticker: MarketTicker,
    market_id: Uuid,
    price_dollars: z.string(),
    yes_bid_dollars: z.string(),
    yes_ask_dollars: z.string(),
    yes_bid_size_fp: z.string(),
    yes_ask_size_fp: z.string(),
    last_trade_size_fp: z.string(),
    volume_fp: z.string(),
    open_interest_fp: z.string(),
    dollar_volume: z.number().int().min(0),
    dollar_open_interest: z.number().int().min(0),
    ts: z.number().int(),
    ts_ms: z.number().int(),
    time: IsoTime,
  }),
});

export const KalshiWsTrade = z.object({
  type: z.literal('trade'),
  sid: Sid,
  msg: z
    .object({
      trade_id: Uuid,
      market_ticker: MarketTicker,
      yes_price_dollars: z.string(),
      no_price_dollars: z.string(),
      count_fp: z.string(),
      taker_side: Side,
      taker_outcome_side: Side,
      taker_book_side: BookSide,
      is_block_trade: z.boolean(),
      ts: z.number().int(),
      ts_ms: z.number().int(),
    })
    .superRefine(sameDirectionBit('taker_outcome_side', 'taker_book_side')),
});

/** The schema of each stream message type the adapter reads. */
export const KALSHI_WS_MESSAGES: Record<string, z.ZodType> = {
  subscribed: KalshiWsSubscribed,
  error: KalshiWsError,
  orderbook_snapshot: KalshiWsOrderbookSnapshot,
  orderbook_delta: KalshiWsOrderbookDelta,
  ticker: KalshiWsTicker,
  trade: KalshiWsTrade,
};

// ---- What the adapter reads, by endpoint -------------------------------------------------------

/** An endpoint's label (as the drift log and the conformance report show it) and its answer's schema. */
export interface KalshiWireRead {
  readonly endpoint: string;
  readonly schema: z.ZodType;
}

export const KALSHI_READS = {
  markets: { endpoint: 'GET /markets', schema: KalshiMarketsPage },
  market: { endpoint: 'GET /markets/{ticker}', schema: KalshiMarketDetail },
  events: { endpoint: 'GET /events', schema: KalshiEventsPage },
  event: { endpoint: 'GET /events/{event_ticker}', schema: KalshiEventDetail },
  orderbook: { endpoint: 'GET /markets/{ticker}/orderbook', schema: KalshiOrderbook },
  trades: { endpoint: 'GET /markets/trades', schema: KalshiTradesPage },
  candlesticks: { endpoint: 'GET /series/{series}/markets/{ticker}/candlesticks', schema: KalshiCandlesticks },
  balance: { endpoint: 'GET /portfolio/balance', schema: KalshiBalance },
  positions: { endpoint: 'GET /portfolio/positions', schema: KalshiPositions },
  order: { endpoint: 'GET /portfolio/orders/{order_id}', schema: KalshiOrderDetail },
  orders: { endpoint: 'GET /portfolio/orders', schema: KalshiOrdersPage },
  fills: { endpoint: 'GET /portfolio/fills', schema: KalshiFillsPage },
  createOrder: { endpoint: 'POST /portfolio/events/orders', schema: KalshiCreateOrderV2Response },
  cancelOrder: { endpoint: 'DELETE /portfolio/events/orders/{order_id}', schema: KalshiCancelOrderV2Response },
} as const satisfies Record<string, KalshiWireRead>;

/** Checks a live answer of one endpoint against its schema: a mismatch is noted as drift, never thrown. */
export function checkKalshiWire(read: KalshiWireRead, body: unknown): boolean {
  return checkWire(read.schema, body, { exchange: 'kalshi', endpoint: read.endpoint });
}

// ---- Conformance --------------------------------------------------------------------------------

const enc = encodeURIComponent;
/** A GET of a path built from the market the listing found, or null when it found none. */
const forMarket = (values: ConformanceValues, path: (ticker: string) => string) => {
  const ticker = values.get('ticker');
  return ticker ? { method: 'GET' as const, path: path(ticker) } : null;
};

/** Kalshi's RSA-PSS headers over the whole path (the base URL's `/trade-api/v2` included), as the order client signs. */
const signedByKey = (request: ConformanceRequest, keys: ConformanceKeys, nowMs: number, url: URL): Record<string, string> => {
  const c = keys.credentials ?? {};
  return { ...signKalshiRequest(String(c.key_id), String(c.private_key), request.method, url.pathname, nowMs) };
};

/**
 * The endpoints the Kalshi adapter and order client rely on, in the order the conformance command
 * runs them: the listing finds a live market, the reads after it use its ticker. The signed checks
 * change nothing: reads, and a cancel of an order id that does not exist (the venue's not-found).
 */
export const conformanceChecks: ConformanceCheck[] = [
  {
    ...KALSHI_READS.markets,
    base: 'rest',
    authenticated: false,
    request: () => ({ method: 'GET', path: '/markets?limit=20&status=open&mve_filter=exclude' }),
    remember(response, values) {
      const m = (response as z.infer<typeof KalshiMarketsPage>).markets[0];
      if (!m) return;
      values.set('ticker', m.ticker);
      values.set('event_ticker', m.event_ticker);
    },
  },
  { ...KALSHI_READS.market, base: 'rest', authenticated: false, request: (v) => forMarket(v, (t) => `/markets/${enc(t)}`) },
  {
    ...KALSHI_READS.events,
    base: 'rest',
    authenticated: false,
    request: (v) => (v.get('event_ticker') ? { method: 'GET', path: `/events?limit=200&tickers=${enc(v.get('event_ticker')!)}` } : null),
    remember(response, values) {
      const e = (response as z.infer<typeof KalshiEventsPage>).events[0];
      if (e) values.set('series_ticker', e.series_ticker);
    },
  },
  { ...KALSHI_READS.orderbook, base: 'rest', authenticated: false, request: (v) => forMarket(v, (t) => `/markets/${enc(t)}/orderbook`) },
  { ...KALSHI_READS.trades, base: 'rest', authenticated: false, request: (v) => forMarket(v, (t) => `/markets/trades?ticker=${enc(t)}&limit=20`) },
  {
    ...KALSHI_READS.candlesticks,
    base: 'rest',
    authenticated: false,
    request(v) {
      const end = Math.floor(Date.now() / 1000);
      // The series is the event's (from the events check), else the event ticker's first segment.
      const series = v.get('series_ticker') || (v.get('event_ticker') ?? '').split('-')[0];
      return forMarket(v, (t) => `/series/${enc(series)}/markets/${enc(t)}/candlesticks?start_ts=${end - 86_400}&end_ts=${end}&period_interval=60`);
    },
  },
  { ...KALSHI_READS.balance, base: 'rest', authenticated: true, request: () => ({ method: 'GET', path: '/portfolio/balance' }), headers: signedByKey },
  { ...KALSHI_READS.positions, base: 'rest', authenticated: true, request: () => ({ method: 'GET', path: '/portfolio/positions?limit=100' }), headers: signedByKey },
  {
    // The order list as the order client searches it for a client id (by market, since a time).
    ...KALSHI_READS.orders,
    base: 'rest',
    authenticated: true,
    request: (v) => forMarket(v, (t) => `/portfolio/orders?ticker=${enc(t)}&min_ts=${Math.floor(Date.now() / 1000) - 30 * 86_400}&limit=100`),
    headers: signedByKey,
  },
  {
    // The account's latest fills; one names an order for the order read.
    ...KALSHI_READS.fills,
    base: 'rest',
    authenticated: true,
    request: () => ({ method: 'GET', path: '/portfolio/fills?limit=20' }),
    headers: signedByKey,
    remember(response, values) {
      const f = (response as z.infer<typeof KalshiFillsPage>).fills[0];
      if (f) values.set('order_id', f.order_id);
    },
  },
  { ...KALSHI_READS.order, base: 'rest', authenticated: true, request: (v) => (v.get('order_id') ? { method: 'GET', path: `/portfolio/orders/${enc(v.get('order_id')!)}` } : null), headers: signedByKey },
  {
    // A cancel of an id no order has: Kalshi answers 404 with its error body, and nothing changes.
    endpoint: 'DELETE /portfolio/events/orders/{unknown id} (expects 404)',
    base: 'rest',
    authenticated: true,
    request: () => ({ method: 'DELETE', path: '/portfolio/events/orders/00000000-0000-4000-8000-000000000000' }),
    expectStatus: 404,
    schema: KalshiErrorBody,
    headers: signedByKey,
  },
];
