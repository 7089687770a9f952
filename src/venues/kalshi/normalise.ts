/**
 * Kalshi wire format -> unified records. Pure functions, no I/O.
 *
 * Traps handled here (docs/venue-notes.md §1.3-1.6):
 * - 2026 units: prices are `*_dollars` strings ("0.5600"), counts are `*_fp` strings ("10.00"); the
 *   legacy integer-cent / integer-count fields are read only when the new ones are absent.
 * - Empty quotes are sent as "0.0000" (bid) and "0.0000" or "1.0000" (ask): they mean "no quote".
 * - Books list bids only, for YES and for NO: the YES ask is 1 - the best NO bid.
 * - Trades are put in YES terms: a taker buying NO at 0.64 is a taker selling YES at 0.36.
 * - REST times are ISO; WS/filters use unix seconds (`ts`) or milliseconds (`ts_ms`).
 */
import { canonicalCategory, venueCategoryLabel } from '../categories.js';
import { eventStatusFromMarkets, makeBook, makeBookDelta, makeCandle, makeEvent, makeMarket, makePricePoint, makeTicker, makeTrade, mappedStatusOrNull, type BookDelta, type Ticker, type BookLevel, type Candle, type Market, type MarketEvent, type MarketStatus, type OrderBook, type PricePoint, type Trade } from '../records.js';
import { centsToProbOrNull, complement, dollarsToProb, dollarsToProbOrNull, fixedPointDelta, fixedPointCount, fixedPointCountOrNull, probFrom, roundPrice, toIso, toIsoOrNull, UnitError } from '../units.js';

const EXCHANGE = 'kalshi' as const;

/** The raw market object (fields the normaliser reads; the venue sends ~66). */
export interface KalshiMarketWire {
  ticker: string;
  event_ticker: string;
  market_type?: string;
  title?: string;
  subtitle?: string;
  yes_sub_title?: string;
  no_sub_title?: string;
  category?: string;
  status: string;
  open_time?: string;
  close_time?: string;
  expected_expiration_time?: string;
  expiration_time?: string;
  latest_expiration_time?: string;
  settlement_ts?: string;
  updated_time?: string;
  yes_bid_dollars?: string;
  yes_ask_dollars?: string;
  no_bid_dollars?: string;
  no_ask_dollars?: string;
  last_price_dollars?: string;
  volume_fp?: string;
  volume_24h_fp?: string;
  open_interest_fp?: string;
  liquidity_dollars?: string;
  result?: string | null;
  rules_primary?: string;
  rules_secondary?: string;
  mve_collection_ticker?: string;
  // legacy (pre-2026) integer fields
  yes_bid?: number;
  yes_ask?: number;
  last_price?: number;
  volume?: number;
  volume_24h?: number;
  open_interest?: number;
  [k: string]: unknown;
}

export interface KalshiEventWire {
  event_ticker: string;
  series_ticker?: string;
  title: string;
  sub_title?: string;
  category?: string;
  mutually_exclusive?: boolean;
  markets?: KalshiMarketWire[];
  [k: string]: unknown;
}

/** What the market normaliser knows about the market's event (Kalshi markets carry no category). */
export interface KalshiEventInfo {
  category?: string | null;
  series_ticker?: string | null;
  title?: string | null;
}

export interface NormaliseContext {
  /** When the payload was fetched (ISO): `updated_at` when the venue gives no update time. */
  fetchedAt: string;
}

/** Kalshi status words (REST lifecycle and list filters) -> unified status. */
export function kalshiStatus(status: string): MarketStatus {
  switch (status) {
    case 'initialized':
    case 'unopened':
      return 'upcoming';
    case 'active':
    case 'open':
      return 'open';
    case 'inactive':
    case 'paused':
      return 'halted';
    case 'closed':
    case 'disputed':
      return 'closed';
    case 'determined':
    case 'amended':
    case 'finalized':
    case 'settled':
      return 'resolved';
    default:
      throw new UnitError(`kalshi: unknown market status "${status}"`);
  }
}

/** A quote that means "nothing there": bid 0, ask 0 or 1. */
function quote(dollars: string | undefined, legacyCents: number | undefined, side: 'bid' | 'ask', what: string): number | null {
  const p = dollars !== undefined ? dollarsToProbOrNull(dollars, what) : centsToProbOrNull(legacyCents, what);
  if (p === null) return null;
  if (side === 'bid' && p === 0) return null;
  if (side === 'ask' && (p === 0 || p === 1)) return null;
  return p;
}

/** Series ticker of a market or event ticker: the part before the first dash. */
export function seriesOf(eventTicker: string): string {
  return eventTicker.split('-')[0];
}

export function marketUrl(eventTicker: string, seriesTicker?: string | null): string {
  return `https://kalshi.com/markets/${(seriesTicker || seriesOf(eventTicker)).toLowerCase()}/${eventTicker.toLowerCase()}`;
}

export function normaliseMarket(raw: KalshiMarketWire, ctx: NormaliseContext, event?: KalshiEventInfo): Market {
  const t = raw.ticker;
  const f = (name: string): string => `${t}.${name}`;
  const yesBid = quote(raw.yes_bid_dollars, raw.yes_bid, 'bid', f('yes_bid_dollars'));
  // YES ask: the venue's own field, else implied by the best NO bid.
  let yesAsk = quote(raw.yes_ask_dollars, raw.yes_ask, 'ask', f('yes_ask_dollars'));
  if (yesAsk === null && raw.yes_ask_dollars === undefined && raw.yes_ask === undefined) {
    const noBid = quote(raw.no_bid_dollars, undefined, 'bid', f('no_bid_dollars'));
    if (noBid !== null && noBid < 1) yesAsk = complement(noBid);
  }
  const lastRaw = raw.last_price_dollars !== undefined ? dollarsToProbOrNull(raw.last_price_dollars, f('last_price_dollars')) : centsToProbOrNull(raw.last_price, f('last_price'));
  // "0.0000" last price = never traded.
  const last = lastRaw === 0 ? null : lastRaw;
  const status = kalshiStatus(raw.status);
  const result = raw.result ? String(raw.result) : null;
  let yesPrice: number | null = yesBid !== null && yesAsk !== null ? roundPrice((yesBid + yesAsk) / 2) : last ?? yesBid ?? yesAsk;
  if (status === 'resolved' && (result === 'yes' || result === 'no')) yesPrice = result === 'yes' ? 1 : 0;

  const volume = raw.volume_fp !== undefined ? fixedPointCountOrNull(raw.volume_fp, f('volume_fp')) : legacyCount(raw.volume, f('volume'));
  const volume24 = raw.volume_24h_fp !== undefined ? fixedPointCountOrNull(raw.volume_24h_fp, f('volume_24h_fp')) : legacyCount(raw.volume_24h, f('volume_24h'));
  const oi = raw.open_interest_fp !== undefined ? fixedPointCountOrNull(raw.open_interest_fp, f('open_interest_fp')) : legacyCount(raw.open_interest, f('open_interest'));
  const rules = [raw.rules_primary, raw.rules_secondary].filter((s): s is string => typeof s === 'string' && s.trim().length > 0).join('\n\n');
  const yesLabel = raw.yes_sub_title?.trim() || 'Yes';
  const noLabel = raw.no_sub_title?.trim() || 'No';
  const tags = [raw.mve_collection_ticker ? 'combo' : null, event?.series_ticker ?? seriesOf(raw.event_ticker)].filter((x): x is string => !!x);

  return makeMarket({
    exchange: EXCHANGE,
    market_id: t,
    event_id: raw.event_ticker || null,
    title: raw.title?.trim() || event?.title?.trim() || t,
    subtitle: raw.subtitle?.trim() || (raw.yes_sub_title && raw.yes_sub_title !== raw.title ? raw.yes_sub_title : null) || null,
    category: canonicalCategory(raw.category, event?.category),
    venue_category: venueCategoryLabel(raw.category, event?.category),
    tags,
    status,
    outcomes: [
      { id: 'yes', label: yesLabel === noLabel ? 'Yes' : yesLabel, price: yesPrice },
      { id: 'no', label: yesLabel === noLabel ? 'No' : noLabel, price: yesPrice === null ? null : complement(yesPrice) },
    ],
    yes_price: yesPrice,
    yes_bid: yesBid,
    yes_ask: yesAsk,
    last_price: last,
    volume,
    volume_24h: volume24,
    // Kalshi publishes no liquidity figure: `liquidity_dollars` is "DEPRECATED ... will always return
    // "0.0000"" (get-markets.md, Aug 2026), so it is unknown, not zero.
    liquidity: null,
    open_interest: oi,
    open_time: toIsoOrNull(raw.open_time, undefined, f('open_time')),
    close_time: toIsoOrNull(raw.close_time, undefined, f('close_time')),
    resolution_time: toIsoOrNull(raw.settlement_ts ?? raw.expected_expiration_time ?? raw.expiration_time, undefined, f('expiration_time')),
    result,
    rules,
    url: marketUrl(raw.event_ticker, event?.series_ticker),
    updated_at: toIso(raw.updated_time ?? ctx.fetchedAt, undefined, f('updated_time')),
    raw,
  });
}

function legacyCount(v: number | undefined, what: string): number | null {
  return v === undefined || v === null ? null : fixedPointCount(v, what);
}

export function normaliseEvent(raw: KalshiEventWire, ctx: NormaliseContext): MarketEvent {
  const closeTimes = (raw.markets ?? []).map((m) => m.close_time).filter((x): x is string => !!x).sort();
  return makeEvent({
    exchange: EXCHANGE,
    event_id: raw.event_ticker,
    title: raw.title?.trim() || raw.event_ticker,
    subtitle: raw.sub_title?.trim() || null,
    category: canonicalCategory(raw.category),
    // Kalshi's event status (when sent) uses its market words; else the nested markets say.
    status: mappedStatusOrNull(typeof raw.status === 'string' ? raw.status : null, kalshiStatus) ?? eventStatusFromMarkets((raw.markets ?? []).flatMap((m) => mappedStatusOrNull(m.status, kalshiStatus) ?? [])),
    venue_status: typeof raw.status === 'string' ? raw.status : null,
    market_ids: (raw.markets ?? []).map((m) => m.ticker),
    close_time: closeTimes.length ? toIso(closeTimes[closeTimes.length - 1]) : null,
    updated_at: ctx.fetchedAt,
    raw,
  });
}

type Level = [string, string] | [number, number];

/** Book levels as sent: `[["0.4500","300.00"]]` (current) or `[[45, 300]]` (legacy cents). */
function levels(raw: unknown, what: string): BookLevel[] {
  if (raw === null || raw === undefined) return [];
  if (!Array.isArray(raw)) throw new UnitError(`${what}: not an array of levels`);
  return (raw as Level[]).map((l, i) => {
    if (!Array.isArray(l) || l.length < 2) throw new UnitError(`${what}[${i}]: not a [price, size] pair`);
    const [p, s] = l;
    const price = typeof p === 'string' ? probFrom(p, `${what}[${i}].price`) : centsToProbOrNull(p, `${what}[${i}].price`);
    if (price === null) throw new UnitError(`${what}[${i}]: null price`);
    return { price, size: fixedPointCount(s, `${what}[${i}].size`) };
  });
}

export interface KalshiOrderbookWire {
  orderbook_fp?: { yes_dollars?: [string, string][] | null; no_dollars?: [string, string][] | null };
  orderbook?: { yes?: [number, number][] | null; no?: [number, number][] | null; yes_dollars?: unknown; no_dollars?: unknown };
}

/** YES bids and NO bids -> a YES book (asks = 1 - NO bids). */
export function yesBookFromBids(yesBids: BookLevel[], noBids: BookLevel[]): { bids: BookLevel[]; asks: BookLevel[] } {
  return { bids: yesBids, asks: noBids.map((l) => ({ price: complement(l.price), size: l.size })) };
}

export function normaliseOrderbook(ticker: string, raw: KalshiOrderbookWire, ctx: NormaliseContext): OrderBook {
  let yes: BookLevel[];
  let no: BookLevel[];
  if (raw.orderbook_fp) {
    yes = levels(raw.orderbook_fp.yes_dollars, `${ticker}.orderbook_fp.yes_dollars`);
    no = levels(raw.orderbook_fp.no_dollars, `${ticker}.orderbook_fp.no_dollars`);
  } else if (raw.orderbook) {
    yes = levels(raw.orderbook.yes, `${ticker}.orderbook.yes`);
    no = levels(raw.orderbook.no, `${ticker}.orderbook.no`);
  } else {
    throw new UnitError(`${ticker}: orderbook response has neither orderbook_fp nor orderbook`);
  }
  const b = yesBookFromBids(yes, no);
  return makeBook({ exchange: EXCHANGE, market_id: ticker, outcome_id: 'yes', bids: b.bids, asks: b.asks, timestamp: ctx.fetchedAt });
}

export interface KalshiTradeWire {
  trade_id: string;
  ticker?: string;
  market_ticker?: string;
  yes_price_dollars?: string;
  no_price_dollars?: string;
  count_fp?: string;
  taker_side?: 'yes' | 'no';
  taker_outcome_side?: 'yes' | 'no';
  taker_book_side?: 'bid' | 'ask';
  created_time?: string;
  ts?: number;
  ts_ms?: number;
  // legacy
  yes_price?: number;
  count?: number;
}

/**
 * The taker's side in YES terms. `taker_outcome_side` and `taker_book_side` "carry the same bit in two
 * vocabularies: bid ≡ yes, ask ≡ no, always" (Kalshi docs, getting_started/order_direction.md, lastmod
 * 2026-06-01; get-trades.md): `yes`/`bid` is a taker long YES (bought YES or sold NO), `no`/`ask` a taker
 * long NO, i.e. a taker sale of YES. The legacy `taker_side` is the same bit ("deprecated, use
 * taker_outcome_side"). The outcome word wins when both are sent; a pair that disagrees is noted as
 * drift by the wire check (./wire.ts), never here.
 */
export function takerSideOfTrade(raw: Pick<KalshiTradeWire, 'taker_outcome_side' | 'taker_book_side' | 'taker_side'>): 'buy' | 'sell' | null {
  const outcome = raw.taker_outcome_side ?? raw.taker_side;
  if (outcome === 'yes' || outcome === 'no') return outcome === 'yes' ? 'buy' : 'sell';
  if (raw.taker_book_side === 'bid' || raw.taker_book_side === 'ask') return raw.taker_book_side === 'bid' ? 'buy' : 'sell';
  return null;
}

/** A Kalshi trade in YES terms. */
export function normaliseTrade(raw: KalshiTradeWire): Trade {
  const ticker = raw.ticker ?? raw.market_ticker;
  if (!ticker) throw new UnitError(`kalshi trade ${raw.trade_id}: no ticker`);
  const what = `trade ${raw.trade_id}`;
  let price = raw.yes_price_dollars !== undefined ? dollarsToProbOrNull(raw.yes_price_dollars, `${what}.yes_price_dollars`) : centsToProbOrNull(raw.yes_price, `${what}.yes_price`);
  if (price === null && raw.no_price_dollars !== undefined) {
    const no = dollarsToProbOrNull(raw.no_price_dollars, `${what}.no_price_dollars`);
    price = no === null ? null : complement(no);
  }
  if (price === null) throw new UnitError(`${what}: no price`);
  const size = raw.count_fp !== undefined ? fixedPointCount(raw.count_fp, `${what}.count_fp`) : fixedPointCount(raw.count, `${what}.count`);
  const takerSide = takerSideOfTrade(raw);
  const time = raw.created_time ?? (raw.ts_ms !== undefined ? toIso(raw.ts_ms, 'ms') : raw.ts !== undefined ? toIso(raw.ts, 's') : null);
  if (!time) throw new UnitError(`${what}: no time`);
  return makeTrade({ exchange: EXCHANGE, market_id: ticker, id: raw.trade_id, price, size, taker_side: takerSide, outcome: 'yes', timestamp: toIso(time) });
}

/** OHLC values in any of Kalshi's candle spellings: `close_dollars` string, `close` dollar string, or `close` cents. */
function ohlcValue(obj: Record<string, unknown> | null | undefined, key: string, what: string): number | null {
  if (!obj) return null;
  const d = obj[`${key}_dollars`];
  if (typeof d === 'string') return dollarsToProbOrNull(d, `${what}.${key}_dollars`);
  const v = obj[key];
  if (typeof v === 'string') return dollarsToProbOrNull(v, `${what}.${key}`);
  if (typeof v === 'number') return centsToProbOrNull(v, `${what}.${key}`);
  return null;
}

export interface KalshiCandleWire {
  end_period_ts: number;
  price?: Record<string, unknown>;
  yes_bid?: Record<string, unknown>;
  yes_ask?: Record<string, unknown>;
  volume_fp?: string;
  volume?: string | number;
  open_interest_fp?: string;
}

/**
 * A Kalshi candlestick -> a candle of traded YES prices; periods without trades fall back to the
 * bid/ask midpoint, and periods without either are dropped (null).
 */
export function normaliseCandle(raw: KalshiCandleWire): Candle | null {
  const what = `candle ${raw.end_period_ts}`;
  const ts = toIso(raw.end_period_ts, 's', `${what}.end_period_ts`);
  const volume = raw.volume_fp !== undefined ? fixedPointCount(raw.volume_fp, `${what}.volume_fp`) : raw.volume === undefined || raw.volume === null ? 0 : fixedPointCount(raw.volume, `${what}.volume`);
  const traded = ['open', 'high', 'low', 'close'].map((k) => ohlcValue(raw.price, k, `${what}.price`));
  if (traded.every((x) => x !== null)) {
    const [open, high, low, close] = traded as number[];
    return makeCandle({ timestamp: ts, open, high, low, close, volume }, EXCHANGE);
  }
  const mids = ['open', 'high', 'low', 'close'].map((k) => {
    const b = ohlcValue(raw.yes_bid, k, `${what}.yes_bid`);
    const a = ohlcValue(raw.yes_ask, k, `${what}.yes_ask`);
    return b !== null && a !== null && a > 0 ? roundPrice((b + a) / 2) : null;
  });
  if (mids.some((x) => x === null)) return null;
  const [open, , , close] = mids as number[];
  return makeCandle({ timestamp: ts, open, high: Math.max(open, close), low: Math.min(open, close), close, volume }, EXCHANGE);
}

export function candlesToPricePoints(candles: Candle[]): PricePoint[] {
  return candles.map((c) => makePricePoint({ timestamp: c.timestamp, price: c.close }, EXCHANGE));
}

/** Kalshi `period_interval` minutes for the spec's candle intervals it has natively (docs/interface-spec.md §4.7). */
export const KALSHI_PERIOD_MINUTES = { '1m': 1, '1h': 60, '1d': 1440 } as const;


// ---- WebSocket messages ---------------------------------------------------------------------------

export interface KalshiWsEnvelope<T> {
  type: string;
  sid: number;
  seq?: number;
  msg: T;
}

export interface KalshiWsSnapshot {
  market_ticker: string;
  market_id?: string;
  yes_dollars_fp?: [string, string][] | null;
  no_dollars_fp?: [string, string][] | null;
}

/**
 * How the stream prices its NO-side book levels. By default Kalshi sends them in no-leg pricing (a NO
 * bid at 0.30 is a YES ask at 0.70); a subscription made with `use_yes_price: true` gets them in
 * yes-leg pricing (that same level arrives as 0.70). Kalshi announced that the default will flip to
 * yes-leg and the flag then go away (asyncapi.yaml `subscribeCommandPayload.use_yes_price`;
 * getting_started/order_direction.md "Orderbook pricing convention", lastmod 2026-06-01), so the
 * stream client asks for yes-leg explicitly and says so here.
 */
export type KalshiNoSidePricing = 'no_leg' | 'yes_leg';

/** A NO-side level's price as a YES ask. */
const noLevelAsYesAsk = (price: number, pricing: KalshiNoSidePricing): number => (pricing === 'yes_leg' ? price : complement(price));

export function normaliseWsSnapshot(m: KalshiWsEnvelope<KalshiWsSnapshot>, receivedAt: string, pricing: KalshiNoSidePricing): OrderBook {
  const t = m.msg.market_ticker;
  const asks = levels(m.msg.no_dollars_fp, `${t}.no_dollars_fp`).map((l) => ({ price: noLevelAsYesAsk(l.price, pricing), size: l.size }));
  const b = { bids: levels(m.msg.yes_dollars_fp, `${t}.yes_dollars_fp`), asks };
  return makeBook({ exchange: EXCHANGE, market_id: t, outcome_id: 'yes', bids: b.bids, asks: b.asks, timestamp: receivedAt });
}

export interface KalshiWsDelta {
  market_ticker: string;
  price_dollars: string;
  delta_fp: string;
  side: 'yes' | 'no';
  ts?: string | number;
  ts_ms?: number;
}

/** A delta in YES terms: a change of NO bids is a change of YES asks (priced as `pricing` says). */
export function normaliseWsDelta(m: KalshiWsEnvelope<KalshiWsDelta>, receivedAt: string, pricing: KalshiNoSidePricing): BookDelta {
  const t = m.msg.market_ticker;
  const p = dollarsToProb(m.msg.price_dollars, `${t}.price_dollars`);
  return makeBookDelta({
    exchange: EXCHANGE,
    market_id: t,
    outcome_id: 'yes',
    seq: m.seq ?? null,
    side: m.msg.side === 'yes' ? 'bid' : 'ask',
    price: m.msg.side === 'yes' ? p : noLevelAsYesAsk(p, pricing),
    size_delta: fixedPointDelta(m.msg.delta_fp, `${t}.delta_fp`),
    timestamp: m.msg.ts_ms !== undefined ? toIso(m.msg.ts_ms, 'ms') : m.msg.ts !== undefined ? toIso(m.msg.ts) : receivedAt,
  });
}

export function normaliseWsTrade(m: KalshiWsEnvelope<KalshiTradeWire>): Trade {
  return normaliseTrade(m.msg);
}

export interface KalshiWsTicker {
  market_ticker: string;
  price_dollars?: string;
  yes_bid_dollars?: string;
  yes_ask_dollars?: string;
  volume_fp?: string;
  open_interest_fp?: string;
  ts?: number;
  ts_ms?: number;
  time?: string;
}

export function normaliseWsTicker(m: KalshiWsEnvelope<KalshiWsTicker>): Ticker {
  const t = m.msg.market_ticker;
  const price = dollarsToProbOrNull(m.msg.price_dollars, `${t}.price_dollars`);
  return makeTicker({
    exchange: EXCHANGE,
    market_id: t,
    price: price === 0 ? null : price,
    yes_bid: quote(m.msg.yes_bid_dollars, undefined, 'bid', `${t}.yes_bid_dollars`),
    yes_ask: quote(m.msg.yes_ask_dollars, undefined, 'ask', `${t}.yes_ask_dollars`),
    volume: fixedPointCountOrNull(m.msg.volume_fp, `${t}.volume_fp`),
    open_interest: fixedPointCountOrNull(m.msg.open_interest_fp, `${t}.open_interest_fp`),
    last_update: m.msg.ts_ms !== undefined ? toIso(m.msg.ts_ms, 'ms') : m.msg.time ? toIso(m.msg.time) : toIso(m.msg.ts, 's'),
  });
}
