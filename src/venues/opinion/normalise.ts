/**
 * Opinion (opinion.trade) wire format -> unified records. Pure functions, no I/O.
 *
 * Traps handled here (docs/venue-notes.md §5):
 * - Every answer is an envelope (`{code, msg, result}` or `{errno, errmsg, result}`, ./wire.ts) and
 *   errors come with HTTP 200 and a non-zero code: the adapter checks the code, not the status alone.
 * - Market status is a number (1 Created, 2 Activated, 3 Resolving, 4 Resolved, 5 Failed, 6 Deleted).
 * - Categorical markets (`marketType` 1) hold binary `childMarkets[]`: each child is a market whose
 *   event is the parent; a child's title is often just the option ("Spain").
 * - Times are unix SECONDS, and 0 means "not set" (`resolvedAt: 0` on an open market).
 * - Prices and sizes are decimal strings; volumes are USD decimal strings.
 * - The result is a token id (`resultTokenId`): YES won when it equals `yesTokenId`.
 * - There is no market-wide trade list in REST: the last trade of a token (`/token/latest-price`)
 *   is the only public trade, with `side` Buy/Sell of that token (NO trades are put in YES terms).
 */
import { canonicalCategory, venueCategoryLabel } from '../categories.js';
import { eventStatusFromMarkets, makeBook, makeEvent, makeMarket, makePricePoint, makeTrade, mappedStatusOrNull, type BookLevel, type Market, type MarketEvent, type MarketStatus, type OrderBook, type PricePoint, type Trade } from '../records.js';
import { complement, parseDecimal, parseDecimalOrNull, probFrom, toIso, UnitError } from '../units.js';

const EXCHANGE = 'opinion' as const;

export interface OpinionMarketWire {
  marketId: number;
  marketTitle: string;
  slug?: string | null;
  status: number;
  statusEnum?: string;
  /** 0 binary, 1 categorical. */
  marketType: number;
  childMarkets?: OpinionMarketWire[] | null;
  parentMarketId?: number | null;
  yesLabel?: string;
  noLabel?: string;
  rules?: string;
  yesTokenId?: string;
  noTokenId?: string;
  conditionId?: string;
  resultTokenId?: string | null;
  volume?: string | null;
  volume24h?: string | null;
  volume7d?: string | null;
  quoteToken?: string;
  chainId?: string | number;
  questionId?: string;
  collection?: { title?: string; symbol?: string } | null;
  /** Unix seconds; 0 = unset. */
  createdAt?: number;
  cutoffAt?: number;
  resolvedAt?: number;
  category?: string | null;
  [k: string]: unknown;
}

export interface NormaliseContext {
  fetchedAt: string;
}

export function opinionStatus(status: number): MarketStatus {
  switch (status) {
    case 1:
      return 'upcoming';
    case 2:
      return 'open';
    case 3:
    case 5:
      return 'closed';
    case 4:
      return 'resolved';
    default:
      // 6 = deleted, anything else unknown: not a market to list.
      throw new UnitError(`opinion: market status ${status} is not listable`);
  }
}

/** Unix seconds, 0/absent = null. */
export function secondsOrNull(v: number | null | undefined, what: string): string | null {
  if (v === null || v === undefined || v === 0) return null;
  return toIso(v, 's', what);
}

export function marketUrl(id: number | string, parentId?: number | string | null): string {
  return parentId ? `https://app.opinion.trade/detail?topicId=${parentId}&type=multi` : `https://app.opinion.trade/detail?topicId=${id}`;
}

export interface OpinionParentInfo {
  marketId: number;
  marketTitle: string;
  category?: string | null;
}

/** Child titles that are only an option name get the parent's question in front. */
function childTitle(child: string, parent: OpinionParentInfo | undefined): string {
  if (!parent || child.includes('?') || child.split(/\s+/).length > 4) return child;
  return `${parent.marketTitle.replace(/\?$/, '')}: ${child}`;
}

/** A binary market (or a categorical child); `last` is the YES price when the caller has one. */
export function normaliseMarket(raw: OpinionMarketWire, ctx: NormaliseContext, parent?: OpinionParentInfo, last: number | null = null): Market {
  const id = String(raw.marketId);
  const f = (n: string): string => `${id}.${n}`;
  if (raw.marketType !== 0 && raw.childMarkets?.length) throw new UnitError(`${id}: a categorical market is an event, not a market`);
  const status = opinionStatus(raw.status);
  const res = raw.resultTokenId || null;
  const result = status === 'resolved' && res ? (res === raw.yesTokenId ? 'yes' : res === raw.noTokenId ? 'no' : null) : null;
  let yes = last;
  if (result) yes = result === 'yes' ? 1 : 0;
  return makeMarket({
    exchange: EXCHANGE,
    market_id: id,
    event_id: parent ? String(parent.marketId) : raw.parentMarketId ? String(raw.parentMarketId) : null,
    title: childTitle(raw.marketTitle, parent),
    subtitle: parent ? parent.marketTitle : null,
    category: canonicalCategory(raw.category, parent?.category, raw.collection?.title),
    venue_category: venueCategoryLabel(raw.category, parent?.category, raw.collection?.title),
    tags: [parent ? 'categorical' : null, raw.collection?.symbol ?? null].filter((x): x is string => !!x),
    status,
    outcomes: [
      { id: raw.yesTokenId || `${id}:yes`, label: raw.yesLabel || 'Yes', price: yes },
      { id: raw.noTokenId || `${id}:no`, label: raw.noLabel || 'No', price: yes === null ? null : complement(yes) },
    ],
    yes_price: yes,
    last_price: last,
    volume: parseDecimalOrNull(raw.volume, f('volume')),
    volume_24h: parseDecimalOrNull(raw.volume24h, f('volume24h')),
    open_time: secondsOrNull(raw.createdAt, f('createdAt')),
    close_time: secondsOrNull(raw.cutoffAt, f('cutoffAt')),
    resolution_time: secondsOrNull(raw.resolvedAt, f('resolvedAt')),
    result,
    rules: raw.rules?.trim() ?? '',
    url: marketUrl(raw.marketId, parent?.marketId ?? raw.parentMarketId),
    updated_at: ctx.fetchedAt,
    raw,
  });
}

/** One listing item -> its markets (a categorical market gives its children) and its event, if any. */
export function normaliseListing(raw: OpinionMarketWire, ctx: NormaliseContext): { markets: Market[]; event: MarketEvent | null; skipped: { id: string | null; reason: string }[] } {
  if (raw.marketType === 0 || !raw.childMarkets?.length) return { markets: [normaliseMarket({ ...raw, marketType: 0 }, ctx)], event: null, skipped: [] };
  const parent: OpinionParentInfo = { marketId: raw.marketId, marketTitle: raw.marketTitle, category: raw.category };
  const markets: Market[] = [];
  const skipped: { id: string | null; reason: string }[] = [];
  for (const c of raw.childMarkets) {
    try {
      markets.push(normaliseMarket({ ...c, marketType: 0 }, ctx, parent));
    } catch (err) {
      skipped.push({ id: c?.marketId === undefined ? null : String(c.marketId), reason: err instanceof Error ? err.message : String(err) });
    }
  }
  return { markets, event: normaliseCategorical(raw, ctx), skipped };
}

export function normaliseCategorical(raw: OpinionMarketWire, ctx: NormaliseContext): MarketEvent {
  return makeEvent({
    exchange: EXCHANGE,
    event_id: String(raw.marketId),
    title: raw.marketTitle,
    category: canonicalCategory(raw.category, raw.collection?.title),
    // A categorical market has the status codes of binary ones; its child markets say when it is unknown.
    status: mappedStatusOrNull(raw.status, opinionStatus) ?? eventStatusFromMarkets((raw.childMarkets ?? []).flatMap((c) => mappedStatusOrNull(c.status, opinionStatus) ?? [])),
    venue_status: raw.statusEnum ?? String(raw.status),
    market_ids: (raw.childMarkets ?? []).map((c) => String(c.marketId)),
    close_time: secondsOrNull(raw.cutoffAt, `${raw.marketId}.cutoffAt`),
    updated_at: ctx.fetchedAt,
    raw,
  });
}

export interface OpinionOrderbookWire {
  market: string;
  tokenId: string;
  /** Epoch (milliseconds in observed payloads; detected by magnitude). */
  timestamp: number;
  bids: { price: string; size: string }[];
  asks: { price: string; size: string }[];
}

function levels(raw: unknown, what: string): BookLevel[] {
  if (raw === null || raw === undefined) return [];
  if (!Array.isArray(raw)) throw new UnitError(`${what}: not an array`);
  return (raw as { price: unknown; size: unknown }[]).map((l, i) => {
    const size = parseDecimal(l.size, `${what}[${i}].size`);
    if (size < 0) throw new UnitError(`${what}[${i}].size: negative`);
    return { price: probFrom(l.price, `${what}[${i}].price`), size };
  });
}

/** The YES token's book (Opinion serves one book per token). */
export function normaliseOrderbook(marketId: string, raw: OpinionOrderbookWire): OrderBook {
  return makeBook({ exchange: EXCHANGE, market_id: marketId, outcome_id: raw.tokenId, bids: levels(raw.bids, `${marketId}.bids`), asks: levels(raw.asks, `${marketId}.asks`), timestamp: toIso(raw.timestamp, undefined, `${marketId}.timestamp`) });
}

export interface OpinionHistoryWire {
  history: { t: number; p: string }[];
}

export function normalisePriceHistory(raw: OpinionHistoryWire): PricePoint[] {
  return (raw.history ?? [])
    .map((h, i) => makePricePoint({ timestamp: toIso(h.t, 's', `history[${i}].t`), price: probFrom(h.p, `history[${i}].p`) }, EXCHANGE))
    .sort((a, b) => a.timestamp.localeCompare(b.timestamp));
}

export interface OpinionLatestPriceWire {
  tokenId: string;
  price: string;
  /** Taker side of the last trade of this token. */
  side: 'Buy' | 'Sell' | string;
  size: string;
  /** Epoch (detected by magnitude). */
  timestamp: number;
}

/** The last trade of a token, in YES terms. */
export function normaliseLatestTrade(marketId: string, raw: OpinionLatestPriceWire, tokens: { yes: string; no: string }): Trade {
  const what = `${marketId} latest ${raw.tokenId}`;
  const isNo = raw.tokenId === tokens.no;
  if (!isNo && raw.tokenId !== tokens.yes) throw new UnitError(`${what}: token is not of this market`);
  let price = probFrom(raw.price, `${what}.price`);
  let side: 'buy' | 'sell' | null = /^buy$/i.test(raw.side) ? 'buy' : /^sell$/i.test(raw.side) ? 'sell' : null;
  if (isNo) {
    price = complement(price);
    side = side === null ? null : side === 'buy' ? 'sell' : 'buy';
  }
  const timestamp = toIso(raw.timestamp, undefined, `${what}.timestamp`);
  return makeTrade({ exchange: EXCHANGE, market_id: marketId, id: `${raw.tokenId.slice(-12)}-${Date.parse(timestamp)}`, price, size: parseDecimal(raw.size, `${what}.size`), taker_side: side, outcome: tokens.yes, timestamp });
}
