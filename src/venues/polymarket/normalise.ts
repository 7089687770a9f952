/**
 * Polymarket wire formats (Gamma markets/events, CLOB book and price history, Data API trades) ->
 * unified records. Pure functions, no I/O.
 *
 * Traps handled here (docs/venue-notes.md §2):
 * - Gamma `outcomes`, `outcomePrices` and `clobTokenIds` are JSON-encoded strings, not arrays.
 * - The market id is the condition id (0x...); books, prices and history are per CLOB token id; the
 *   YES token is the one whose outcome is "Yes" (else the first outcome).
 * - Numbers arrive as strings or numbers; empty quotes are bestBid 0 / bestAsk 1.
 * - Book timestamps are milliseconds (string); history and trades are unix seconds; Gamma dates are ISO
 *   (sometimes "2026-03-19 23:20:15+00").
 */
import { canonicalCategory, venueCategoryLabel } from '../categories.js';
import { makeBook, makeBookDelta, makeEvent, makeMarket, makePricePoint, makeTrade, type BookDelta, type BookLevel, type Market, type MarketEvent, type MarketStatus, type OrderBook, type PricePoint, type Trade } from '../records.js';
import { fixedPointCount, millisToIso, parseDecimalOrNull, parseStringEncodedStrings, probFrom, probOrNull, secondsToIso, toIsoOrNull, UnitError } from '../units.js';

const EXCHANGE = 'polymarket' as const;

export interface GammaEventRef {
  id: string | number;
  slug?: string;
  title?: string;
  description?: string;
  category?: string;
  tags?: { id?: string; label?: string; slug?: string }[];
  startDate?: string;
  endDate?: string;
  active?: boolean;
  closed?: boolean;
  negRisk?: boolean;
  [k: string]: unknown;
}

export interface GammaMarketWire {
  id: string;
  question: string;
  conditionId: string;
  slug?: string;
  description?: string;
  category?: string;
  outcomes?: string | string[];
  outcomePrices?: string | string[];
  clobTokenIds?: string | string[];
  active?: boolean;
  closed?: boolean;
  archived?: boolean;
  acceptingOrders?: boolean;
  enableOrderBook?: boolean;
  startDate?: string | null;
  endDate?: string | null;
  closedTime?: string | null;
  umaEndDate?: string | null;
  umaResolutionStatus?: string | null;
  createdAt?: string;
  updatedAt?: string;
  volume?: string | number;
  volumeNum?: number;
  volume24hr?: number;
  liquidity?: string | number;
  liquidityNum?: number;
  bestBid?: number | string | null;
  bestAsk?: number | string | null;
  lastTradePrice?: number | string | null;
  groupItemTitle?: string;
  negRisk?: boolean;
  events?: GammaEventRef[];
  [k: string]: unknown;
}

export interface GammaEventWire extends GammaEventRef {
  markets?: GammaMarketWire[];
}

export interface NormaliseContext {
  fetchedAt: string;
}

/** Gamma's "2026-03-19 23:20:15+00" -> ISO; everything else goes through toIso. */
function gammaTime(v: string | null | undefined, what: string): string | null {
  if (v === null || v === undefined || v === '') return null;
  const s = v.replace(/^(\d{4}-\d{2}-\d{2}) (\d)/, '$1T$2').replace(/([+-]\d{2})$/, '$1:00');
  return toIsoOrNull(s, undefined, what);
}

export interface PolymarketOutcomes {
  labels: string[];
  tokenIds: string[];
  prices: (number | null)[];
  /** Index of the YES outcome ("Yes" if present, else the first). */
  yesIndex: number;
}

/** Decodes the three string-encoded arrays, checking they line up. */
export function decodeOutcomes(raw: GammaMarketWire): PolymarketOutcomes {
  const id = raw.conditionId;
  const labels = raw.outcomes === undefined || raw.outcomes === null ? ['Yes', 'No'] : parseStringEncodedStrings(raw.outcomes, `${id}.outcomes`);
  const tokenIds = raw.clobTokenIds === undefined || raw.clobTokenIds === null || raw.clobTokenIds === '' ? [] : parseStringEncodedStrings(raw.clobTokenIds, `${id}.clobTokenIds`);
  const priceStrs = raw.outcomePrices === undefined || raw.outcomePrices === null || raw.outcomePrices === '' ? [] : parseStringEncodedStrings(raw.outcomePrices, `${id}.outcomePrices`);
  if (tokenIds.length > 0 && tokenIds.length !== labels.length) throw new UnitError(`${id}: ${labels.length} outcomes but ${tokenIds.length} token ids`);
  if (priceStrs.length > 0 && priceStrs.length !== labels.length) throw new UnitError(`${id}: ${labels.length} outcomes but ${priceStrs.length} prices`);
  const prices = labels.map((_, i) => (priceStrs[i] === undefined ? null : probFrom(priceStrs[i], `${id}.outcomePrices[${i}]`)));
  const yes = labels.findIndex((l) => l.trim().toLowerCase() === 'yes');
  return { labels, tokenIds, prices, yesIndex: yes >= 0 ? yes : 0 };
}

export function polymarketStatus(raw: GammaMarketWire, o: PolymarketOutcomes, fetchedAt: string): MarketStatus {
  if (raw.closed) {
    const settled = o.prices.some((p) => p === 1) && o.prices.every((p) => p === 0 || p === 1);
    return raw.umaResolutionStatus === 'resolved' || settled ? 'resolved' : 'closed';
  }
  if (raw.archived) return 'closed';
  const start = gammaTime(raw.startDate ?? null, `${raw.conditionId}.startDate`);
  if (start && Date.parse(start) > Date.parse(fetchedAt)) return 'upcoming';
  if (raw.active === false || raw.acceptingOrders === false) return 'halted';
  return 'open';
}

export function marketUrl(raw: GammaMarketWire): string | null {
  const eventSlug = raw.events?.[0]?.slug;
  if (eventSlug) return `https://polymarket.com/event/${eventSlug}`;
  return raw.slug ? `https://polymarket.com/market/${raw.slug}` : null;
}

export function normaliseMarket(raw: GammaMarketWire, ctx: NormaliseContext): Market {
  const id = raw.conditionId;
  if (typeof id !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(id)) throw new UnitError(`polymarket market ${raw.id}: conditionId ${JSON.stringify(id)} is not a 0x-prefixed 32-byte hex id`);
  const f = (n: string): string => `${id}.${n}`;
  const o = decodeOutcomes(raw);
  const status = polymarketStatus(raw, o, ctx.fetchedAt);
  const event = raw.events?.[0];
  const live = status === 'open' || status === 'halted';
  // Quotes matter only while the market trades; Gamma leaves junk quotes on closed markets
  // (bestAsk 1.009, bestBid -0.01 seen in real data), so they are not even parsed then.
  const bid = live ? probOrNull(raw.bestBid, f('bestBid')) : null;
  const ask = live ? probOrNull(raw.bestAsk, f('bestAsk')) : null;
  const last = probOrNull(raw.lastTradePrice, f('lastTradePrice'));
  const yesBid = live && bid !== null && bid > 0 ? bid : null;
  const yesAsk = live && ask !== null && ask > 0 && ask < 1 ? ask : null;
  const winner = status === 'resolved' ? o.prices.findIndex((p) => p === 1) : -1;
  const tags = (event?.tags ?? []).map((t) => t.label ?? t.slug ?? '').filter((t) => t.length > 0);

  return makeMarket({
    exchange: EXCHANGE,
    market_id: id,
    event_id: event?.id !== undefined && event.id !== null ? String(event.id) : null,
    title: raw.question,
    subtitle: raw.groupItemTitle?.trim() || null,
    category: canonicalCategory(raw.category, event?.category, ...tags),
    venue_category: venueCategoryLabel(raw.category, event?.category, ...tags),
    tags,
    status,
    outcomes: o.labels.map((label, i) => ({ id: o.tokenIds[i] ?? label, label, price: o.prices[i] })),
    yes_price: o.prices[o.yesIndex] ?? null,
    yes_bid: yesBid,
    yes_ask: yesAsk !== null && yesBid !== null && yesAsk < yesBid ? null : yesAsk,
    last_price: last === 0 ? null : last,
    volume: raw.volumeNum ?? parseDecimalOrNull(raw.volume, f('volume')),
    volume_24h: parseDecimalOrNull(raw.volume24hr, f('volume24hr')),
    liquidity: raw.liquidityNum ?? parseDecimalOrNull(raw.liquidity, f('liquidity')),
    open_interest: null,
    open_time: gammaTime(raw.startDate ?? null, f('startDate')),
    close_time: gammaTime(raw.endDate ?? null, f('endDate')),
    resolution_time: status === 'resolved' || status === 'closed' ? gammaTime(raw.closedTime ?? raw.umaEndDate ?? null, f('closedTime')) : null,
    result: winner >= 0 ? o.labels[winner] : null,
    rules: raw.description ?? '',
    url: marketUrl(raw),
    neg_risk: raw.negRisk ?? null,
    updated_at: gammaTime(raw.updatedAt ?? null, f('updatedAt')) ?? ctx.fetchedAt,
    raw,
  });
}

/** Gamma events say closed/active only: a closed event whose markets all resolved is resolved. */
export function polymarketEventStatus(raw: Pick<GammaEventWire, 'closed' | 'active' | 'markets'>): MarketStatus {
  if (raw.closed) {
    const markets = raw.markets ?? [];
    return markets.length > 0 && markets.every((m) => m.umaResolutionStatus === 'resolved') ? 'resolved' : 'closed';
  }
  return raw.active === false ? 'halted' : 'open';
}

export function normaliseEvent(raw: GammaEventWire, ctx: NormaliseContext): MarketEvent {
  const tags = (raw.tags ?? []).map((t) => t.label ?? t.slug ?? '').filter((t) => t.length > 0);
  return makeEvent({
    exchange: EXCHANGE,
    event_id: String(raw.id),
    title: raw.title?.trim() || raw.slug || String(raw.id),
    subtitle: null,
    category: canonicalCategory(raw.category, ...tags),
    status: polymarketEventStatus(raw),
    venue_status: raw.closed ? 'closed' : raw.active === false ? 'inactive' : 'active',
    market_ids: (raw.markets ?? []).map((m) => m.conditionId).filter((x): x is string => typeof x === 'string'),
    close_time: gammaTime(raw.endDate ?? null, `event ${raw.id}.endDate`),
    updated_at: gammaTime((raw.updatedAt as string | undefined) ?? null, `event ${raw.id}.updatedAt`) ?? ctx.fetchedAt,
    raw,
  });
}

export interface ClobBookWire {
  market: string;
  asset_id: string;
  timestamp: string;
  hash?: string;
  bids: { price: string; size: string }[];
  asks: { price: string; size: string }[];
  [k: string]: unknown;
}

function bookLevels(levels: { price: string; size: string }[] | undefined, what: string): BookLevel[] {
  return (levels ?? []).map((l, i) => ({ price: probFrom(l.price, `${what}[${i}].price`), size: fixedPointCount(l.size, `${what}[${i}].size`) }));
}

/** A CLOB token book (levels are not best-first on the wire: makeBook sorts). */
export function normaliseBook(conditionId: string, raw: ClobBookWire): OrderBook {
  const what = `book ${raw.asset_id}`;
  return makeBook({
    exchange: EXCHANGE,
    market_id: conditionId,
    outcome_id: raw.asset_id,
    bids: bookLevels(raw.bids, `${what}.bids`),
    asks: bookLevels(raw.asks, `${what}.asks`),
    timestamp: millisToIso(raw.timestamp, `${what}.timestamp`),
  });
}

export interface DataApiTradeWire {
  asset: string;
  conditionId: string;
  side: 'BUY' | 'SELL';
  price: number | string;
  size: number | string;
  timestamp: number | string;
  transactionHash?: string;
  outcome?: string;
  outcomeIndex?: number;
  [k: string]: unknown;
}

/** A Data API trade: `price` is the probability of the traded token (`outcome` = its token id). */
export function normaliseTrade(raw: DataApiTradeWire): Trade {
  const what = `trade ${raw.transactionHash ?? '?'}`;
  const price = probFrom(raw.price, `${what}.price`);
  const size = fixedPointCount(raw.size, `${what}.size`);
  const side = raw.side === 'BUY' ? 'buy' : raw.side === 'SELL' ? 'sell' : null;
  return makeTrade({
    exchange: EXCHANGE,
    market_id: raw.conditionId,
    // One transaction can fill several orders: the hash alone is not unique.
    id: `${raw.transactionHash ?? 'tx'}:${raw.asset}:${raw.side}:${raw.size}:${raw.price}`,
    price,
    size,
    taker_side: side,
    outcome: raw.asset,
    timestamp: secondsToIso(raw.timestamp, `${what}.timestamp`),
  });
}

/** `{history: [{t (unix s), p}]}` -> price points, oldest first. */
export function normalisePriceHistory(raw: { history?: { t: number; p: number | string }[] }): PricePoint[] {
  return (raw.history ?? [])
    .map((h, i) => makePricePoint({ timestamp: secondsToIso(h.t, `history[${i}].t`), price: probFrom(h.p, `history[${i}].p`) }, EXCHANGE))
    .sort((a, b) => a.timestamp.localeCompare(b.timestamp));
}


// ---- WebSocket market channel ---------------------------------------------------------------------

export interface PolymarketWsBook extends ClobBookWire {
  event_type: 'book';
}

export function normaliseWsBook(m: PolymarketWsBook): OrderBook {
  return normaliseBook(m.market, m);
}

export interface PolymarketWsPriceChange {
  event_type: 'price_change';
  market: string;
  timestamp: string;
  price_changes: { asset_id: string; price: string; size: string; side: 'BUY' | 'SELL'; hash?: string; best_bid?: string; best_ask?: string }[];
}

/** Each change gives a level's new size (not a difference): `size` is set, `size_delta` is null. */
export function normaliseWsPriceChange(m: PolymarketWsPriceChange): BookDelta[] {
  const ts = millisToIso(m.timestamp, `price_change ${m.market}.timestamp`);
  return m.price_changes.map((c, i) =>
    makeBookDelta({
      exchange: EXCHANGE,
      market_id: m.market,
      outcome_id: c.asset_id,
      side: c.side === 'BUY' ? 'bid' : 'ask',
      price: probFrom(c.price, `price_changes[${i}].price`),
      size: fixedPointCount(c.size, `price_changes[${i}].size`),
      timestamp: ts,
    }),
  );
}

export interface PolymarketWsLastTrade {
  event_type: 'last_trade_price';
  asset_id: string;
  market: string;
  price: string;
  side: 'BUY' | 'SELL';
  size: string;
  fee_rate_bps?: string;
  timestamp: string;
}

export function normaliseWsLastTrade(m: PolymarketWsLastTrade): Trade {
  return makeTrade({
    exchange: EXCHANGE,
    market_id: m.market,
    id: `${m.asset_id.slice(-12)}:${m.timestamp}:${m.side}:${m.size}:${m.price}`,
    price: probFrom(m.price, 'last_trade_price.price'),
    size: fixedPointCount(m.size, 'last_trade_price.size'),
    taker_side: m.side === 'BUY' ? 'buy' : 'sell',
    outcome: m.asset_id,
    timestamp: millisToIso(m.timestamp, 'last_trade_price.timestamp'),
  });
}
