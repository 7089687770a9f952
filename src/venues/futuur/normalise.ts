/**
 * Futuur wire format (API v2.0) -> unified records. Pure functions, no I/O.
 *
 * Traps handled here (docs/venue-notes.md §6):
 * - A Futuur *event* is the question; its *markets* are the binary outcomes. The service's market is a
 *   Futuur market (id), its event the Futuur event (id).
 * - `price` is the probability of the LONG side; short = 1 - price. Actions on the short side are put
 *   in long terms.
 * - Two ledgers: fields split `*_play_money` / `*_real_money`; the service reads real money (USD-like
 *   stablecoins), never play money (OOM).
 * - Volumes and liquidity are decimal strings; times ISO.
 * - Lists come as `{pagination: {total, next, ...}, results}` (OpenAPI) or `{count, next, results}` (prose docs).
 * - Book levels carry `total_shares` (not `size`), bids high->low, asks low->high.
 */
import { canonicalCategory, venueCategoryLabel } from '../categories.js';
import { eventStatusFromMarkets, makeBook, makeEvent, makeMarket, makePricePoint, makeTrade, mappedStatusOrNull, type BookLevel, type Market, type MarketEvent, type MarketStatus, type OrderBook, type PricePoint, type Trade } from '../records.js';
import { complement, parseDecimal, parseDecimalOrNull, probFrom, probOrNull, toIso, toIsoOrNull, UnitError } from '../units.js';

const EXCHANGE = 'futuur' as const;

export interface FutuurPageWire<T> {
  results: T[];
  pagination?: { total?: number; next?: string | null; previous?: string | null; page_size?: number; offset?: number };
  count?: number;
  next?: string | null;
}

export interface FutuurMarketWire {
  id: number;
  title: string;
  title_verbose?: string | null;
  /** Probability of the long side. */
  price: number | null;
  long_label?: string;
  short_label?: string;
  position_labels?: 'yesno' | 'updown' | 'custom' | string;
  status: string;
  resolution?: 'long' | 'short' | null;
  volume_real_money?: string | null;
  volume_play_money?: string | null;
  liquidity_real_money?: string | null;
  [k: string]: unknown;
}

export interface FutuurEventWire {
  id: number;
  title: string;
  slug?: string;
  status: string;
  category?: { id: number; title: string; slug?: string }[] | { id: number; title: string } | null;
  tags?: { name: string }[] | string[];
  markets: FutuurMarketWire[];
  bet_end_date?: string | null;
  resolve_date?: string | null;
  event_start_date?: string | null;
  created?: string | null;
  description?: string | null;
  resolution_mode?: 'exclusive' | 'non_exclusive';
  volume_real_money?: string | null;
  liquidity_real_money?: string | null;
  [k: string]: unknown;
}

export interface NormaliseContext {
  fetchedAt: string;
}

export function pageTotal(p: FutuurPageWire<unknown>): number | null {
  return p.pagination?.total ?? p.count ?? null;
}

export function futuurMarketStatus(market: string, event: string): MarketStatus {
  const m = market.toLowerCase();
  const e = event.toLowerCase();
  if (m === 'resolved' || e === 'resolved') return 'resolved';
  if (m === 'cancelled' || m === 'reversed' || e === 'cancelled' || e === 'reversed') return 'closed';
  if (m === 'paused' || e === 'paused') return 'halted';
  if (m === 'stopped' || e === 'stopped') return 'closed';
  if (m === 'active' && e === 'open') return 'open';
  throw new UnitError(`futuur: unknown status market "${market}" / event "${event}"`);
}

function categoriesOf(ev: FutuurEventWire): string[] {
  const c = ev.category;
  if (!c) return [];
  return (Array.isArray(c) ? c : [c]).map((x) => x.title);
}

export function eventUrl(ev: Pick<FutuurEventWire, 'id' | 'slug'>): string {
  return `https://futuur.com/q/${ev.id}/${ev.slug ?? ''}`.replace(/\/$/, '');
}

/** The event's markets as unified markets. */
export function normaliseEventMarkets(ev: FutuurEventWire, ctx: NormaliseContext): { markets: Market[]; skipped: { id: string | null; reason: string }[] } {
  const markets: Market[] = [];
  const skipped: { id: string | null; reason: string }[] = [];
  for (const m of ev.markets ?? []) {
    try {
      markets.push(normaliseMarket(m, ev, ctx));
    } catch (err) {
      skipped.push({ id: m?.id === undefined ? null : String(m.id), reason: err instanceof Error ? err.message : String(err) });
    }
  }
  return { markets, skipped };
}

export function normaliseMarket(m: FutuurMarketWire, ev: FutuurEventWire, ctx: NormaliseContext): Market {
  const id = String(m.id);
  const f = (n: string): string => `${id}.${n}`;
  const status = futuurMarketStatus(m.status, ev.status);
  const single = (ev.markets ?? []).length <= 1;
  const title = single ? ev.title : m.title.includes('?') ? m.title : `${ev.title.replace(/\?$/, '')}: ${m.title}`;
  const result = status === 'resolved' && m.resolution ? (m.resolution === 'long' ? 'yes' : 'no') : null;
  let yes = probOrNull(m.price, f('price'));
  if (result) yes = result === 'yes' ? 1 : 0;
  return makeMarket({
    exchange: EXCHANGE,
    market_id: id,
    event_id: String(ev.id),
    title,
    subtitle: single ? null : m.title,
    category: canonicalCategory(...categoriesOf(ev)),
    venue_category: venueCategoryLabel(...categoriesOf(ev)),
    tags: (ev.tags ?? []).map((t) => (typeof t === 'string' ? t : t.name)),
    status,
    outcomes: [
      { id: 'long', label: m.long_label || 'Yes', price: yes },
      { id: 'short', label: m.short_label || 'No', price: yes === null ? null : complement(yes) },
    ],
    yes_price: yes,
    volume: parseDecimalOrNull(m.volume_real_money, f('volume_real_money')),
    liquidity: parseDecimalOrNull(m.liquidity_real_money, f('liquidity_real_money')),
    open_time: toIsoOrNull(ev.created ?? ev.event_start_date, undefined, f('created')),
    close_time: toIsoOrNull(ev.bet_end_date, undefined, f('bet_end_date')),
    resolution_time: toIsoOrNull(ev.resolve_date, undefined, f('resolve_date')),
    result,
    rules: ev.description?.trim() ?? '',
    url: eventUrl(ev),
    updated_at: ctx.fetchedAt,
    raw: { event: { ...ev, markets: undefined }, market: m },
  });
}

export function normaliseEvent(ev: FutuurEventWire, ctx: NormaliseContext): MarketEvent {
  return makeEvent({
    exchange: EXCHANGE,
    event_id: String(ev.id),
    title: ev.title,
    category: canonicalCategory(...categoriesOf(ev)),
    // The event's word is the one that decides its markets' status too (futuurMarketStatus).
    status: mappedStatusOrNull(ev.status, (s) => futuurMarketStatus('active', s)) ?? eventStatusFromMarkets((ev.markets ?? []).flatMap((m) => mappedStatusOrNull(m.status, (s) => futuurMarketStatus(s, ev.status)) ?? [])),
    venue_status: ev.status,
    market_ids: (ev.markets ?? []).map((m) => String(m.id)),
    close_time: toIsoOrNull(ev.bet_end_date),
    updated_at: ctx.fetchedAt,
    raw: { ...ev, markets: undefined },
  });
}

export interface FutuurBookLevelWire {
  price: number | string;
  total_shares: number | string;
  total_amount?: number | string;
  cumulative_shares?: number | string;
}

export interface FutuurBookWire {
  bid: FutuurBookLevelWire[];
  ask: FutuurBookLevelWire[];
}

function levels(raw: unknown, what: string): BookLevel[] {
  if (raw === null || raw === undefined) return [];
  if (!Array.isArray(raw)) throw new UnitError(`${what}: not an array`);
  return (raw as FutuurBookLevelWire[]).map((l, i) => {
    const size = parseDecimal(l.total_shares, `${what}[${i}].total_shares`);
    if (size < 0) throw new UnitError(`${what}[${i}].total_shares: negative`);
    return { price: probFrom(l.price, `${what}[${i}].price`), size };
  });
}

/** The long-side book (asked with `position=long`). */
export function normaliseBook(marketId: string, raw: FutuurBookWire, ctx: NormaliseContext): OrderBook {
  return makeBook({ exchange: EXCHANGE, market_id: marketId, outcome_id: 'long', bids: levels(raw.bid, `${marketId}.bid`), asks: levels(raw.ask, `${marketId}.ask`), timestamp: ctx.fetchedAt });
}

/** `GET /events/{id}/price_history/`: one series per market, `{market, history: [{date, price}]}` (shape unverified). */
export type FutuurPriceHistoryWire = { market: number; history: { date: string; price: number | string }[] }[];

export function normalisePriceHistory(marketId: string, raw: FutuurPriceHistoryWire): PricePoint[] {
  const series = raw.find((s) => String(s.market) === marketId);
  if (!series) return [];
  return series.history.map((h, i) => makePricePoint({ timestamp: toIso(h.date, undefined, `history[${i}].date`), price: probFrom(h.price, `history[${i}].price`) }, EXCHANGE)).sort((a, b) => a.timestamp.localeCompare(b.timestamp));
}

/** One public action (`GET /events/{id}/actions/`): a fill on one side of one market. */
export interface FutuurActionWire {
  id: number | string;
  market: number | { id: number };
  /** bid = bought, ask = sold. */
  side: 'bid' | 'ask';
  position: 'long' | 'short';
  /** Price of the position traded (short positions are priced 1 - long). */
  price: number | string;
  shares: number | string;
  currency?: string;
  created: string;
}

export function actionMarketId(a: FutuurActionWire): string {
  return String(typeof a.market === 'object' ? a.market.id : a.market);
}

/** A fill in long (YES) terms. */
export function normaliseAction(raw: FutuurActionWire): Trade {
  const marketId = actionMarketId(raw);
  const what = `${marketId} action ${raw.id}`;
  let price = probFrom(raw.price, `${what}.price`);
  let side: 'buy' | 'sell' = raw.side === 'bid' ? 'buy' : 'sell';
  if (raw.position === 'short') {
    price = complement(price);
    side = side === 'buy' ? 'sell' : 'buy';
  } else if (raw.position !== 'long') throw new UnitError(`${what}: unknown position ${String(raw.position)}`);
  return makeTrade({ exchange: EXCHANGE, market_id: marketId, id: String(raw.id), price, size: parseDecimal(raw.shares, `${what}.shares`), taker_side: side, outcome: 'long', timestamp: toIso(raw.created, undefined, `${what}.created`) });
}
