/**
 * Limitless Exchange wire format -> unified records. Pure functions, no I/O.
 *
 * Traps handled here (docs/venue-notes.md §3, the venue's TS SDK types):
 * - Markets are keyed by slug; group markets (`marketType: "group"`) nest child markets in `markets[]`:
 *   each child is a market whose event is the group.
 * - `volume` (and `openInterest`, `liquidity`) are integer strings in collateral base units (USDC,
 *   6 decimals: "1500000" = $1.50); `volumeFormatted` is the decimal form and is preferred when present.
 * - Book sizes are shares scaled by 1e6 (`size: 25000000` = 25 shares); prices are 0..1 numbers.
 * - `prices: [yes, no]` are 0..1 today; older payloads used percentages (0..100): the pair is read on
 *   whichever scale it sums to, and history points are read on the scale of the whole series.
 * - `expirationTimestamp` is epoch milliseconds; `createdAt`/`updatedAt` are ISO.
 * - `description` is HTML: rules are its text.
 * - Trades on the NO token are put in YES terms (buying NO at 0.3 = selling YES at 0.7).
 */
import { canonicalCategory, venueCategoryLabel } from '../categories.js';
import { eventStatusFromMarkets, makeBook, makeEvent, makeMarket, makePricePoint, makeTrade, mappedStatusOrNull, type BookLevel, type Market, type MarketEvent, type MarketStatus, type OrderBook, type PricePoint, type Trade } from '../records.js';
import { baseUnitsToNumber, complement, millisToIso, parseDecimal, probFrom, roundPrice, toIso, toIsoOrNull, UnitError } from '../units.js';

const EXCHANGE = 'limitless' as const;
/** Shares (ERC-1155 positions) and USDC both use 6 decimals on Limitless. */
export const LIMITLESS_SHARE_DECIMALS = 6;

export interface LimitlessMarketWire {
  id?: number;
  slug: string;
  title: string;
  proxyTitle?: string | null;
  description?: string | null;
  address?: string | null;
  conditionId?: string | null;
  collateralToken?: { address?: string; decimals?: number; symbol?: string } | null;
  expirationDate?: string;
  /** Epoch milliseconds. */
  expirationTimestamp?: number | null;
  expired?: boolean;
  createdAt?: string;
  updatedAt?: string;
  startAt?: string | null;
  categories?: string[];
  tags?: string[];
  /** FUNDED = live; RESOLVED; CREATED/UNFUNDED/DRAFT = not trading yet; LOCKED = paused. */
  status: string;
  tradeType?: 'clob' | 'amm' | 'group' | string;
  marketType?: 'single' | 'group' | string;
  volume?: string | number | null;
  volumeFormatted?: string | null;
  openInterest?: string | number | null;
  openInterestFormatted?: string | null;
  liquidity?: string | number | null;
  liquidityFormatted?: string | null;
  tokens?: { yes: string; no: string } | null;
  prices?: number[] | null;
  tradePrices?: { buy?: { market?: number[]; limit?: number[] }; sell?: { market?: number[]; limit?: number[] } } | null;
  winningOutcomeIndex?: number | null;
  negRiskMarketId?: string | null;
  venue?: { exchange?: string | null; adapter?: string | null } | null;
  /** Group markets: the children. */
  markets?: LimitlessMarketWire[];
  [k: string]: unknown;
}

export interface LimitlessActivePage {
  data: LimitlessMarketWire[];
  totalMarketsCount: number;
}

export interface NormaliseContext {
  fetchedAt: string;
}

/** The group a child market belongs to. */
export interface LimitlessGroupInfo {
  slug: string;
  title: string;
  categories?: string[];
}

export function isGroup(raw: LimitlessMarketWire): boolean {
  return raw.marketType === 'group' || raw.tradeType === 'group' || Array.isArray(raw.markets);
}

export function limitlessStatus(raw: Pick<LimitlessMarketWire, 'status' | 'expired' | 'winningOutcomeIndex'>): MarketStatus {
  switch (String(raw.status).toUpperCase()) {
    case 'FUNDED':
      return raw.expired ? 'closed' : 'open';
    case 'RESOLVED':
      return 'resolved';
    case 'CREATED':
    case 'UNFUNDED':
    case 'DRAFT':
      return 'upcoming';
    case 'LOCKED':
    case 'PAUSED':
      return 'halted';
    default:
      throw new UnitError(`limitless: unknown market status "${raw.status}"`);
  }
}

/** HTML description -> plain text (one line per paragraph, empty paragraphs dropped, entities decoded). */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return '';
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length > 0)
    .join('\n')
    .trim();
}

/**
 * `[yes, no]` on either scale: a pair summing to about 100 is percentages. Returns the YES probability,
 * or null when the pair is absent.
 */
export function yesFromPricePair(prices: unknown, what: string): number | null {
  if (prices === null || prices === undefined) return null;
  if (!Array.isArray(prices) || prices.length < 1) throw new UnitError(`${what}: expected [yes, no]`);
  const nums = prices.map((p, i) => parseDecimal(p, `${what}[${i}]`));
  const percent = nums.some((n) => n > 1) || (nums.length === 2 && Math.abs(nums[0] + nums[1] - 100) < 5);
  return probFrom(percent ? nums[0] / 100 : nums[0], `${what}[0]`);
}

/** Collateral money: the `*Formatted` decimal if given, else base units of the collateral token. */
function money(raw: LimitlessMarketWire, field: 'volume' | 'openInterest' | 'liquidity'): number | null {
  const formatted = raw[`${field}Formatted`];
  if (formatted !== undefined && formatted !== null && formatted !== '') return parseDecimal(formatted, `${raw.slug}.${field}Formatted`);
  const v = raw[field];
  if (v === undefined || v === null || v === '') return null;
  return baseUnitsToNumber(v, raw.collateralToken?.decimals ?? 6, `${raw.slug}.${field}`);
}

/** Best bid/ask implied by `tradePrices` (sell at market = best bid, buy at market = best ask). */
function quotes(raw: LimitlessMarketWire): { bid: number | null; ask: number | null } {
  const bidRaw = raw.tradePrices?.sell?.market?.[0];
  const askRaw = raw.tradePrices?.buy?.market?.[0];
  // An empty side is quoted at the price bounds (0.001 / 0.999).
  let bid = bidRaw === undefined || bidRaw === null ? null : probFrom(bidRaw, `${raw.slug}.tradePrices.sell.market[0]`);
  let ask = askRaw === undefined || askRaw === null ? null : probFrom(askRaw, `${raw.slug}.tradePrices.buy.market[0]`);
  if (bid !== null && bid <= 0.001) bid = null;
  if (ask !== null && ask >= 0.999) ask = null;
  if (bid !== null && ask !== null && bid > ask) return { bid: null, ask: null };
  return { bid, ask };
}

export function marketUrl(slug: string): string {
  return `https://limitless.exchange/markets/${slug}`;
}

export function normaliseMarket(raw: LimitlessMarketWire, ctx: NormaliseContext, group?: LimitlessGroupInfo): Market {
  const slug = raw.slug;
  const f = (n: string): string => `${slug}.${n}`;
  const status = limitlessStatus(raw);
  let yes = yesFromPricePair(raw.prices, f('prices'));
  const win = raw.winningOutcomeIndex;
  const result = status === 'resolved' && (win === 0 || win === 1) ? (win === 0 ? 'yes' : 'no') : null;
  if (result) yes = result === 'yes' ? 1 : 0;
  const q = status === 'open' ? quotes(raw) : { bid: null, ask: null };
  const upDown = /\bup or down\b/i.test(raw.title);
  const outcomeIds = raw.tokens ? { yes: raw.tokens.yes, no: raw.tokens.no } : { yes: 'yes', no: 'no' };
  return makeMarket({
    exchange: EXCHANGE,
    market_id: slug,
    event_id: group?.slug ?? null,
    title: raw.title,
    subtitle: group?.title ?? raw.proxyTitle ?? null,
    category: canonicalCategory(...(raw.categories ?? []), ...(group?.categories ?? [])),
    venue_category: venueCategoryLabel(...(raw.categories ?? []), ...(group?.categories ?? [])),
    tags: raw.tags ?? [],
    status,
    outcomes: [
      { id: outcomeIds.yes, label: upDown ? 'Up' : 'Yes', price: yes },
      { id: outcomeIds.no, label: upDown ? 'Down' : 'No', price: yes === null ? null : complement(yes) },
    ],
    yes_price: yes,
    yes_bid: q.bid,
    yes_ask: q.ask,
    last_price: null,
    volume: money(raw, 'volume'),
    volume_24h: null,
    liquidity: money(raw, 'liquidity'),
    open_interest: money(raw, 'openInterest'),
    open_time: toIsoOrNull(raw.startAt ?? raw.createdAt, undefined, f('createdAt')),
    close_time: raw.expirationTimestamp === null || raw.expirationTimestamp === undefined ? null : millisToIso(raw.expirationTimestamp, f('expirationTimestamp')),
    resolution_time: null,
    result,
    rules: htmlToText(raw.description),
    url: marketUrl(slug),
    // Neg-risk CLOB markets name their neg-risk adapter next to the exchange; AMM markets name neither.
    neg_risk: raw.venue?.exchange ? !!raw.venue.adapter : null,
    updated_at: toIso(raw.updatedAt ?? ctx.fetchedAt, undefined, f('updatedAt')),
    raw,
  });
}

/**
 * One listing item -> its markets (a group gives its children) and, for a group, its event. Children
 * that fail to normalise are reported in `skipped` rather than losing the whole group.
 */
export function normaliseListing(raw: LimitlessMarketWire, ctx: NormaliseContext): { markets: Market[]; event: MarketEvent | null; skipped: { id: string | null; reason: string }[] } {
  if (!isGroup(raw)) return { markets: [normaliseMarket(raw, ctx)], event: null, skipped: [] };
  const info: LimitlessGroupInfo = { slug: raw.slug, title: raw.title, categories: raw.categories };
  const markets: Market[] = [];
  const skipped: { id: string | null; reason: string }[] = [];
  for (const child of raw.markets ?? []) {
    try {
      markets.push(normaliseMarket({ ...child, categories: child.categories ?? raw.categories, collateralToken: child.collateralToken ?? raw.collateralToken }, ctx, info));
    } catch (err) {
      skipped.push({ id: child?.slug ?? null, reason: err instanceof Error ? err.message : String(err) });
    }
  }
  return { markets, event: normaliseGroup(raw, ctx), skipped };
}

export function normaliseGroup(raw: LimitlessMarketWire, ctx: NormaliseContext): MarketEvent {
  const closes = (raw.markets ?? []).map((m) => m.expirationTimestamp).filter((x): x is number => typeof x === 'number');
  const close = closes.length ? Math.max(...closes) : raw.expirationTimestamp ?? null;
  return makeEvent({
    exchange: EXCHANGE,
    event_id: raw.slug,
    title: raw.title,
    subtitle: null,
    category: canonicalCategory(...(raw.categories ?? [])),
    // A group has the market words (FUNDED, RESOLVED...); its markets say when it has none.
    status: mappedStatusOrNull(raw.status ? raw : null, limitlessStatus) ?? eventStatusFromMarkets((raw.markets ?? []).flatMap((m) => mappedStatusOrNull(m, limitlessStatus) ?? [])),
    venue_status: raw.status ?? null,
    market_ids: (raw.markets ?? []).map((m) => m.slug),
    close_time: close === null || close === undefined ? null : millisToIso(close, `${raw.slug}.expirationTimestamp`),
    updated_at: toIso(raw.updatedAt ?? ctx.fetchedAt),
    raw,
  });
}

export interface LimitlessBookLevelWire {
  price: number | string;
  /** Shares scaled by 1e6. */
  size: number | string;
  side?: string;
}

export interface LimitlessOrderbookWire {
  bids: LimitlessBookLevelWire[];
  asks: LimitlessBookLevelWire[];
  /** The YES token: the book is priced in YES. */
  tokenId?: string;
  adjustedMidpoint?: number;
  maxSpread?: number | string;
  minSize?: number | string;
  lastTradePrice?: number | null;
}

/** Scaled share counts (1e6) to shares; accepts integer strings or numbers. */
export function sharesFromScaled(v: unknown, what: string): number {
  const n = parseDecimal(v, what);
  if (n < 0) throw new UnitError(`${what}: negative size ${n}`);
  return n / 10 ** LIMITLESS_SHARE_DECIMALS;
}

function levels(raw: unknown, what: string): BookLevel[] {
  if (raw === null || raw === undefined) return [];
  if (!Array.isArray(raw)) throw new UnitError(`${what}: not an array`);
  return (raw as LimitlessBookLevelWire[]).map((l, i) => ({ price: probFrom(l.price, `${what}[${i}].price`), size: sharesFromScaled(l.size, `${what}[${i}].size`) }));
}

export function normaliseOrderbook(slug: string, raw: LimitlessOrderbookWire, ctx: NormaliseContext): OrderBook {
  return makeBook({
    exchange: EXCHANGE,
    market_id: slug,
    outcome_id: raw.tokenId ?? null,
    bids: levels(raw.bids, `${slug}.bids`),
    asks: levels(raw.asks, `${slug}.asks`),
    timestamp: ctx.fetchedAt,
  });
}

/** `GET /markets/{slug}/historical-price`: `{prices: [{price, timestamp (ms)}]}` (a group answers one series per child). */
export interface LimitlessHistoryWire {
  prices?: { price: number | string; timestamp: number | string }[];
  [k: string]: unknown;
}

export function normalisePriceHistory(raw: LimitlessHistoryWire | LimitlessHistoryWire[]): PricePoint[] {
  const series = Array.isArray(raw) ? (raw[0]?.prices ?? []) : (raw.prices ?? []);
  const values = series.map((p, i) => parseDecimal(p.price, `history[${i}].price`));
  // A series on the percentage scale has some value above 1.
  const scale = values.some((v) => v > 1) ? 100 : 1;
  return series
    .map((p, i) => makePricePoint({ timestamp: toIso(p.timestamp, 'ms', `history[${i}].timestamp`), price: probFrom(values[i] / scale, `history[${i}].price`) }, EXCHANGE))
    .sort((a, b) => a.timestamp.localeCompare(b.timestamp));
}

/**
 * One public market event (`GET /markets/{slug}/events`): trades only (other event types are skipped).
 * Field names follow the venue's transaction events (`amountContracts` in 1e6-scaled shares,
 * `amountCollateral` in USDC base units); the exact REST shape is unverified (docs/venue-notes.md §3.2).
 */
/**
 * A row of `/markets/{slug}/events`. CCXT's recorded answer (ccxt/ccxt ts/src/test/static/response/
 * limitless.json, fetchTrades) has no id and no event type: `{createdAt, makerAmount, matchedSize,
 * price, side, takerAmount, title, tokenId, txHash, profile}`, sizes scaled by 1e6. The older reading
 * (`id`, `eventType`, `amountContracts`) is still read.
 */
export interface LimitlessMarketEventWire {
  id?: string | number;
  eventType?: string;
  marketSlug?: string;
  tokenId: string;
  /** 0 = BUY, 1 = SELL (a number, its decimal string, or the words). */
  side: number | string;
  price: number | string;
  matchedSize?: string | number;
  amountContracts?: string | number;
  amountCollateral?: string | number;
  makerAmount?: string | number;
  takerAmount?: string | number;
  txHash?: string;
  createdAt: string | number;
}

/** The recorded answer is `{events, page, limit, totalPages, totalRows}`; the older reading `{data, totalCount}`. */
export interface LimitlessEventsPageWire {
  events?: LimitlessMarketEventWire[];
  data?: LimitlessMarketEventWire[];
  totalCount?: number;
  totalRows?: number | string;
}

export function eventRows(body: LimitlessEventsPageWire | null | undefined): LimitlessMarketEventWire[] {
  return body?.events ?? body?.data ?? [];
}

export function isTradeEvent(e: LimitlessMarketEventWire): boolean {
  return e.eventType === undefined || /^(TRADE|ORDER_MATCH|MATCH|FILL)/i.test(e.eventType);
}

/** A trade in YES terms; `tokens` tell which side of the market the token is. */
export function normaliseTrade(slug: string, raw: LimitlessMarketEventWire, tokens: { yes: string; no: string } | null): Trade {
  const scaled = raw.matchedSize ?? raw.amountContracts;
  // Recorded rows carry no id: one transaction can fill several orders, so the hash alone is not unique.
  const id = raw.id ?? `${raw.txHash ?? 'tx'}:${raw.tokenId}:${raw.side}:${scaled}:${raw.price}`;
  const what = `${slug} trade ${id}`;
  const word = String(raw.side).trim().toLowerCase();
  const side = word === '0' || word === 'buy' ? 'buy' : word === '1' || word === 'sell' ? 'sell' : null;
  if (side === null) throw new UnitError(`${what}: unknown side ${JSON.stringify(raw.side)}`);
  let price = probFrom(raw.price, `${what}.price`);
  let takerSide: 'buy' | 'sell' = side;
  const isNo = tokens !== null && String(raw.tokenId) === tokens.no;
  if (tokens !== null && !isNo && String(raw.tokenId) !== tokens.yes) throw new UnitError(`${what}: token ${raw.tokenId} is not of this market`);
  if (isNo) {
    price = complement(price);
    takerSide = side === 'buy' ? 'sell' : 'buy';
  }
  return makeTrade({
    exchange: EXCHANGE,
    market_id: slug,
    id: String(id),
    price: roundPrice(price),
    size: sharesFromScaled(scaled, `${what}.matchedSize`),
    taker_side: takerSide,
    outcome: tokens?.yes ?? 'yes',
    timestamp: toIso(raw.createdAt, typeof raw.createdAt === 'number' ? 'ms' : undefined, `${what}.createdAt`),
  });
}

