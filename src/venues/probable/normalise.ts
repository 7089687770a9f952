/**
 * Probable (probable.markets, BNB Chain; a Polymarket-style API) wire formats -> unified records.
 * Pure functions, no I/O. Sources: docs/venue-notes.md §7 and the wire schemas of ./wire.ts (the
 * venue's official SDK types and developer docs; pmxt's client for the public trade rows).
 *
 * Traps handled here:
 * - Market objects carry NO prices: the YES price comes from the orderbook API's `/midpoint` of the
 *   YES token, passed in by the adapter (null when the token has no book).
 * - Outcomes and token ids arrive as `tokens[{token_id, outcome}]`, or as `outcomes` /
 *   `clobTokenIds` that may be JSON-encoded strings ('["Yes","No"]') rather than arrays.
 * - Ids are numbers on the wire; market_id/event_id are their decimal strings.
 * - Book prices and sizes are decimal strings; book `timestamp` is seconds in the docs' example and
 *   milliseconds from a Polymarket-style CLOB; price history `t` is unix SECONDS; trade times are
 *   seconds or milliseconds (both detected by magnitude, refusing ambiguous values).
 * - Who won is said per token (`tokens[].winner`) or as `resolved_outcomes`, not on the market.
 * - Volumes and liquidity are USDT amounts (18-decimal on chain, but plain decimals in this API).
 * - Trades are returned per token: a NO-token trade is put in YES terms (price 1 - p, side flipped).
 */
import { canonicalCategory, venueCategoryLabel } from '../categories.js';
import { eventStatusFromMarkets, makeBook, makeEvent, makeMarket, makePricePoint, makeTrade, type BookLevel, type Market, type MarketEvent, type MarketStatus, type OrderBook, type PricePoint, type Trade } from '../records.js';
import { complement, dollarsToUsdOrNull, fixedPointCount, parseStringEncodedStrings, probFrom, probOrNull, secondsToIso, toIso, toIsoOrNull, UnitError } from '../units.js';

const EXCHANGE = 'probable' as const;

export interface ProbableTokenWire {
  token_id: string;
  outcome?: string;
  winner?: boolean;
  [k: string]: unknown;
}

export interface ProbableEventWire {
  id: number | string;
  slug?: string;
  title?: string;
  description?: string;
  category?: string;
  tags?: (string | { label?: string; slug?: string })[];
  status?: string;
  endDate?: string;
  markets?: ProbableMarketWire[];
  volume?: number | string;
  [k: string]: unknown;
}

export interface ProbableMarketWire {
  id: number | string;
  question?: string;
  title?: string;
  description?: string;
  market_slug?: string;
  slug?: string;
  outcomes?: string | string[];
  clobTokenIds?: string | string[];
  tokens?: ProbableTokenWire[];
  active?: boolean;
  closed?: boolean;
  endDate?: string | null;
  startDate?: string | null;
  createdAt?: string;
  volume?: number | string | null;
  volume24hr?: number | string | null;
  liquidity?: number | string | null;
  category?: string;
  tags?: (string | { label?: string; slug?: string })[];
  event_id?: number | string;
  event?: ProbableEventWire;
  resolved?: boolean;
  resolved_outcomes?: string[];
  [k: string]: unknown;
}

export interface NormaliseContext {
  fetchedAt: string;
}

export interface ProbableOutcomes {
  labels: string[];
  tokenIds: string[];
  /** Index of the YES outcome ("Yes", else the first one). */
  yesIndex: number;
}

/** Outcome labels and token ids, whichever spelling the payload uses. */
export function decodeOutcomes(raw: ProbableMarketWire): ProbableOutcomes {
  let labels: string[];
  let tokenIds: string[];
  if (Array.isArray(raw.tokens) && raw.tokens.length > 0) {
    tokenIds = raw.tokens.map((t, i) => {
      if (!t || (typeof t.token_id !== 'string' && typeof t.token_id !== 'number')) throw new UnitError(`market ${raw.id}.tokens[${i}]: no token_id`);
      return String(t.token_id);
    });
    labels = raw.tokens.map((t, i) => (typeof t.outcome === 'string' && t.outcome.trim() ? t.outcome.trim() : `Outcome ${i + 1}`));
  } else {
    tokenIds = raw.clobTokenIds === undefined ? [] : parseStringEncodedStrings(raw.clobTokenIds, `market ${raw.id}.clobTokenIds`);
    labels = raw.outcomes === undefined ? tokenIds.map((_, i) => (i === 0 ? 'Yes' : 'No')) : parseStringEncodedStrings(raw.outcomes, `market ${raw.id}.outcomes`);
    if (tokenIds.length && labels.length !== tokenIds.length) throw new UnitError(`market ${raw.id}: ${labels.length} outcomes but ${tokenIds.length} token ids`);
  }
  const yes = labels.findIndex((l) => l.toLowerCase() === 'yes');
  return { labels, tokenIds, yesIndex: yes >= 0 ? yes : 0 };
}

/** The winning outcome's label, from `tokens[].winner` or `resolved_outcomes`; null while undecided. */
export function probableWinner(raw: ProbableMarketWire): string | null {
  const token = Array.isArray(raw.tokens) ? raw.tokens.find((t) => t?.winner === true) : undefined;
  if (token?.outcome) return token.outcome;
  const listed = Array.isArray(raw.resolved_outcomes) ? raw.resolved_outcomes.find((o) => typeof o === 'string' && o.trim()) : undefined;
  return listed ?? null;
}

export function probableStatus(raw: ProbableMarketWire): MarketStatus {
  if (raw.closed) return raw.resolved === true || probableWinner(raw) ? 'resolved' : 'closed';
  if (raw.active === false) return 'halted';
  return 'open';
}

function tagLabels(tags: ProbableMarketWire['tags']): string[] {
  return (tags ?? []).map((t) => (typeof t === 'string' ? t : t?.label ?? t?.slug ?? '')).filter((t) => t.trim().length > 0);
}

export function marketUrl(raw: ProbableMarketWire, event?: ProbableEventWire | null): string {
  const ev = event ?? raw.event;
  const key = ev?.slug ?? ev?.id ?? raw.event_id;
  return key !== undefined ? `https://probable.markets/event/${key}?market=${raw.id}` : `https://probable.markets/event/?market=${raw.id}`;
}

/**
 * A market. `yesMid` is the midpoint of the YES token's book (from `/midpoint`), or null/undefined
 * when unknown: the market object itself has no price.
 */
export function normaliseMarket(raw: ProbableMarketWire, ctx: NormaliseContext, yesMid?: number | null, event?: ProbableEventWire | null): Market {
  const id = String(raw.id);
  const f = (name: string): string => `market ${id}.${name}`;
  const o = decodeOutcomes(raw);
  const status = probableStatus(raw);
  const ev = event ?? raw.event ?? null;
  let yes = yesMid === undefined || yesMid === null ? null : probFrom(yesMid, f('midpoint'));
  let result: string | null = null;
  const winner = probableWinner(raw);
  if (status === 'resolved' && winner) {
    result = winner.toLowerCase();
    const w = o.labels.findIndex((l) => l.toLowerCase() === result);
    if (w >= 0) yes = w === o.yesIndex ? 1 : 0;
  }
  const binary = o.labels.length === 2;
  const outcomes = o.labels.map((label, i) => ({
    id: o.tokenIds[i] ?? `${id}:${i}`,
    label,
    // Two-outcome markets: NO is the complement of YES. More outcomes: only the YES-indexed one is known.
    price: yes === null ? null : i === o.yesIndex ? yes : binary ? complement(yes) : null,
  }));
  const eventId = ev?.id ?? raw.event_id;
  return makeMarket({
    exchange: EXCHANGE,
    market_id: id,
    event_id: eventId !== undefined && eventId !== null && String(eventId) !== '' ? String(eventId) : null,
    title: (raw.question ?? raw.title ?? '').trim() || id,
    subtitle: ev?.title && ev.title.trim() !== (raw.question ?? '').trim() ? ev.title.trim() : null,
    category: canonicalCategory(raw.category, ev?.category, ...tagLabels(raw.tags), ...tagLabels(ev?.tags)),
    venue_category: venueCategoryLabel(raw.category, ev?.category, ...tagLabels(raw.tags), ...tagLabels(ev?.tags)),
    tags: [...new Set([...tagLabels(raw.tags), ...tagLabels(ev?.tags)])],
    status,
    outcomes,
    yes_price: yes,
    yes_bid: null,
    yes_ask: null,
    last_price: null,
    volume: dollarsToUsdOrNull(raw.volume, f('volume')),
    volume_24h: dollarsToUsdOrNull(raw.volume24hr, f('volume24hr')),
    liquidity: dollarsToUsdOrNull(raw.liquidity, f('liquidity')),
    open_interest: null,
    open_time: toIsoOrNull(raw.startDate ?? raw.createdAt, undefined, f('startDate')),
    close_time: toIsoOrNull(raw.endDate, undefined, f('endDate')),
    resolution_time: null,
    result,
    rules: (raw.description ?? '').trim(),
    url: marketUrl(raw, ev),
    updated_at: ctx.fetchedAt,
    raw,
  });
}

function probableEventWord(word: string | undefined): MarketStatus | null {
  const w = word?.toLowerCase();
  if (w === 'active' || w === 'open') return 'open';
  if (w === 'closed') return 'closed';
  if (w === 'resolved') return 'resolved';
  return null;
}

export function normaliseEvent(raw: ProbableEventWire, ctx: NormaliseContext): MarketEvent {
  return makeEvent({
    exchange: EXCHANGE,
    event_id: String(raw.id),
    title: raw.title?.trim() || String(raw.id),
    subtitle: null,
    category: canonicalCategory(raw.category, ...tagLabels(raw.tags)),
    // The event's word (active/closed) says less than its markets' flags (resolved, paused).
    status: eventStatusFromMarkets((raw.markets ?? []).map(probableStatus)) ?? probableEventWord(raw.status),
    venue_status: raw.status ?? null,
    market_ids: (raw.markets ?? []).map((m) => String(m.id)),
    close_time: toIsoOrNull(raw.endDate, undefined, `event ${raw.id}.endDate`),
    updated_at: ctx.fetchedAt,
    raw: { ...raw, markets: undefined },
  });
}

export interface ProbableBookWire {
  market?: string;
  asset_id?: string;
  bids?: { price: string; size: string }[];
  asks?: { price: string; size: string }[];
  timestamp?: string | number;
  hash?: string;
}

function levels(raw: unknown, what: string): BookLevel[] {
  if (raw === null || raw === undefined) return [];
  if (!Array.isArray(raw)) throw new UnitError(`${what}: not an array`);
  return raw.map((l: { price?: unknown; size?: unknown }, i) => ({ price: probFrom(l?.price, `${what}[${i}].price`), size: fixedPointCount(l?.size, `${what}[${i}].size`) }));
}

/** The YES token's book; `fetchedAt` stands in when the venue sends no timestamp. */
export function normaliseBook(marketId: string, yesToken: string, raw: ProbableBookWire, ctx: NormaliseContext): OrderBook {
  const what = `book ${yesToken}`;
  return makeBook({
    exchange: EXCHANGE,
    market_id: marketId,
    outcome_id: yesToken,
    bids: levels(raw.bids, `${what}.bids`),
    asks: levels(raw.asks, `${what}.asks`),
    timestamp: raw.timestamp === undefined || raw.timestamp === null || raw.timestamp === '' ? ctx.fetchedAt : toIso(raw.timestamp, undefined, `${what}.timestamp`),
  });
}

/** `{mid: "0.55"}` -> probability, null when the venue has none. */
export function normaliseMidpoint(raw: { mid?: unknown } | null | undefined, what = 'midpoint'): number | null {
  return probOrNull(raw?.mid, what);
}

/** One token's entry of `POST /prices` (`{BUY?: "0.65", SELL?: "0.60"}`). */
export interface ProbableSidePricesWire {
  BUY?: unknown;
  SELL?: unknown;
}

/**
 * A token's price from its `POST /prices` entry: the middle of the two sides, what `/midpoint` answers
 * for the same book; null when a side is not quoted, as `/midpoint` has no price for a one-sided book
 * (a lone bid or ask is often a far-off resting order, not a price).
 */
export function normaliseSidePrices(raw: ProbableSidePricesWire | null | undefined, what = 'prices'): number | null {
  const buy = probOrNull(raw?.BUY, `${what}.BUY`);
  const sell = probOrNull(raw?.SELL, `${what}.SELL`);
  // Rounded to 1e-6 so 0.45 and 0.40 give 0.425, not its float neighbour (quotes have few decimals).
  return buy !== null && sell !== null ? Math.round(((buy + sell) / 2) * 1e6) / 1e6 : null;
}

export function normalisePriceHistory(raw: { history?: { t: number | string; p: number | string }[] } | { t: number | string; p: number | string }[]): PricePoint[] {
  const rows = Array.isArray(raw) ? raw : (raw.history ?? []);
  return rows
    .map((h, i) => makePricePoint({ timestamp: secondsToIso(h.t, `history[${i}].t`), price: probFrom(h.p, `history[${i}].p`) }, EXCHANGE))
    .sort((a, b) => a.timestamp.localeCompare(b.timestamp));
}

/** A public trade row, in either reading of ./wire.ts: id/time rows, or the Data API's rows. */
export interface ProbableTradeWire {
  id?: string | number;
  tradeId?: string | number;
  tokenId?: string;
  token_id?: string;
  time?: number | string;
  asset?: string;
  timestamp?: number | string;
  transactionHash?: string;
  price: string | number;
  size: string | number;
  side?: string;
  [k: string]: unknown;
}

/** A public trade of one of the market's tokens, in YES terms. */
export function normaliseTrade(raw: ProbableTradeWire, market: { marketId: string; yesToken: string; noToken?: string | null }): Trade {
  // A Data API row has no id: one transaction can fill several orders, so the hash alone is not unique.
  const tid = raw.id ?? raw.tradeId ?? (raw.transactionHash ? `${raw.transactionHash}:${raw.asset ?? ''}:${raw.side ?? ''}:${raw.size}:${raw.price}` : undefined);
  if (tid === undefined || tid === null) throw new UnitError('probable trade: no id');
  const what = `trade ${tid}`;
  const time = raw.time ?? raw.timestamp;
  if (time === undefined || time === null) throw new UnitError(`${what}: no time`);
  const token = String(raw.tokenId ?? raw.token_id ?? raw.asset ?? market.yesToken);
  const isNo = market.noToken !== undefined && market.noToken !== null && token === market.noToken;
  const p = probFrom(raw.price, `${what}.price`);
  const side = raw.side?.toUpperCase() === 'BUY' ? 'buy' : raw.side?.toUpperCase() === 'SELL' ? 'sell' : null;
  return makeTrade({
    exchange: EXCHANGE,
    market_id: market.marketId,
    id: String(tid),
    price: isNo ? complement(p) : p,
    size: fixedPointCount(raw.size, `${what}.size`),
    taker_side: side === null ? null : isNo ? (side === 'buy' ? 'sell' : 'buy') : side,
    outcome: market.yesToken,
    timestamp: toIso(time, undefined, `${what}.time`),
  });
}
