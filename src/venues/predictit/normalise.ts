/**
 * PredictIt wire format (`/api/marketdata/all/`, `/api/marketdata/markets/{id}`, and the web chart
 * endpoint `/api/Public/GetMarketChartData/{id}`) -> unified records. Pure functions, no I/O.
 *
 * Traps handled here (docs/venue-notes.md §9, §10):
 * - Each CONTRACT is a binary market (docs/api-contract.md §1): market_id = contract id, event_id = the
 *   PredictIt market id; the PredictIt market itself becomes an event.
 * - Prices are dollars of a $1 contract (0.01..0.99) as JSON numbers; null means "no quote".
 *   bestBuyYesCost is the YES ask, bestSellYesCost the YES bid; when one is missing, the NO side
 *   implies it (selling YES = buying NO: bid = 1 - bestBuyNoCost; ask = 1 - bestSellNoCost).
 * - Times carry no zone and are US Eastern (EST/EDT by date): `timeStamp`
 *   ("2026-01-31T13:10:26.3247098", 7 fractional digits), `dateEnd` ("2026-03-31T23:59:00", or
 *   "02/04/2026 11:00:00 AM (ET)", or "NA" for none), chart dates ("11/22/2026 12:00:00 AM" or ISO).
 * - No volume, liquidity, rules or resolution in the public feed: those stay null/empty.
 */
import { canonicalCategory, CANONICAL_CATEGORIES } from '../categories.js';
import { eventStatusFromMarkets, makeEvent, makeMarket, makePricePoint, mappedStatusOrNull, type Market, type MarketEvent, type MarketStatus, type PricePoint } from '../records.js';
import { complement, parseDecimal, probOrNull, roundPrice, toIso, UnitError } from '../units.js';

const EXCHANGE = 'predictit' as const;
const EASTERN = 'America/New_York';

export interface PredictItContractWire {
  id: number;
  dateEnd?: string | null;
  image?: string;
  name: string;
  shortName?: string;
  status: string;
  lastTradePrice: number | null;
  bestBuyYesCost: number | null;
  bestBuyNoCost: number | null;
  bestSellYesCost: number | null;
  bestSellNoCost: number | null;
  lastClosePrice: number | null;
  displayOrder?: number;
  [k: string]: unknown;
}

export interface PredictItMarketWire {
  id: number;
  name: string;
  shortName?: string;
  image?: string;
  url?: string;
  contracts: PredictItContractWire[];
  timeStamp: string;
  status: string;
  [k: string]: unknown;
}

/** One row of the chart endpoint (field casing varies between captures: both are read). */
export type PredictItChartRowWire = Record<string, unknown>;

export interface NormaliseContext {
  fetchedAt: string;
}

// ---- US Eastern wall-clock time -> UTC ---------------------------------------------------------

const offsetFormatter = new Intl.DateTimeFormat('en-US', { timeZone: EASTERN, timeZoneName: 'shortOffset' });

/** Minutes to add to UTC to get New York wall-clock time at this instant (-240 in EDT, -300 in EST). */
function easternOffsetMinutes(utcMs: number): number {
  const name = offsetFormatter.formatToParts(new Date(utcMs)).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT-5';
  const m = /GMT([+-])(\d{1,2})(?::(\d{2}))?/.exec(name);
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0));
}

/** Wall-clock fields read as US Eastern -> epoch ms (DST by the date itself). */
export function easternWallClockToMs(y: number, mo: number, d: number, h: number, mi: number, s: number, ms: number): number {
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, s, ms);
  let utc = asUtc - easternOffsetMinutes(asUtc) * 60_000;
  // Near a DST switch the offset at the guessed instant can differ from the one at the true instant.
  const again = asUtc - easternOffsetMinutes(utc) * 60_000;
  if (again !== utc) utc = again;
  return utc;
}

/**
 * PredictIt time string -> ISO UTC. Zone-less strings are US Eastern. Accepts ISO-like
 * ("2026-01-31T13:10:26.3247098") and US style ("02/04/2026 11:00:00 AM (ET)"); strings with an
 * explicit zone go through `toIso`. "NA", "" and null give null.
 */
export function easternToIsoOrNull(v: unknown, what = 'time'): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v !== 'string') throw new UnitError(`${what}: expected a time string, got ${typeof v}`);
  const s = v.trim();
  if (s === '' || s.toUpperCase() === 'NA' || s.toUpperCase() === 'N/A') return null;
  if (/(Z|[+-]\d{2}:?\d{2})$/.test(s)) return toIso(s, undefined, what);
  let m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?$/.exec(s);
  if (m) {
    const frac = m[7] ? Number(`0.${m[7]}`) * 1000 : 0;
    return new Date(easternWallClockToMs(+m[1], +m[2], +m[3], +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0), Math.floor(frac))).toISOString();
  }
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp][Mm])?)?(?:\s*\((?:ET|EST|EDT)\))?$/.exec(s);
  if (m) {
    let h = +(m[4] ?? 0);
    const ampm = m[7]?.toUpperCase();
    if (ampm === 'PM' && h < 12) h += 12;
    if (ampm === 'AM' && h === 12) h = 0;
    return new Date(easternWallClockToMs(+m[3], +m[1], +m[2], h, +(m[5] ?? 0), +(m[6] ?? 0), 0)).toISOString();
  }
  throw new UnitError(`${what}: not a PredictIt time (${JSON.stringify(v)})`);
}

export function easternToIso(v: unknown, what = 'time'): string {
  const iso = easternToIsoOrNull(v, what);
  if (iso === null) throw new UnitError(`${what}: missing`);
  return iso;
}

// ---- markets -----------------------------------------------------------------------------------

export function predictitStatus(contractStatus: string, marketStatus: string): MarketStatus {
  const s = `${marketStatus}`.toLowerCase() === 'open' ? `${contractStatus}`.toLowerCase() : `${marketStatus}`.toLowerCase();
  if (s === 'open') return 'open';
  if (s === 'closed') return 'closed';
  if (/resolv|settl/.test(s)) return 'resolved';
  if (/suspend|halt|pause/.test(s)) return 'halted';
  throw new UnitError(`predictit: unknown status "${contractStatus}" / market "${marketStatus}"`);
}

/** PredictIt lists US politics and economics: the shared vocabulary where the name says so, else politics. */
export function predictitCategory(name: string): string {
  const c = canonicalCategory(name);
  return (CANONICAL_CATEGORIES as readonly string[]).includes(c) ? c : 'politics';
}

/** Title of a contract-market: the question itself for single-contract markets, else "question - contract". */
export function contractTitle(market: PredictItMarketWire, contract: PredictItContractWire): string {
  if (market.contracts.length <= 1) return market.name.trim();
  return `${market.name.trim()} - ${contract.name.trim()}`;
}

export function marketUrl(market: PredictItMarketWire): string {
  return market.url || `https://www.predictit.org/markets/detail/${market.id}`;
}

export function normaliseContract(market: PredictItMarketWire, c: PredictItContractWire, ctx: NormaliseContext): Market {
  const f = (name: string): string => `contract ${c.id}.${name}`;
  const ask = probOrNull(c.bestBuyYesCost, f('bestBuyYesCost')) ?? impliedFromNo(c.bestSellNoCost, f('bestSellNoCost'));
  const bid = probOrNull(c.bestSellYesCost, f('bestSellYesCost')) ?? impliedFromNo(c.bestBuyNoCost, f('bestBuyNoCost'));
  const last = probOrNull(c.lastTradePrice, f('lastTradePrice'));
  // A crossed pair cannot be traded against: report neither side rather than an impossible book.
  const crossed = bid !== null && ask !== null && bid > ask;
  const yesBid = crossed ? null : bid;
  const yesAsk = crossed ? null : ask;
  const yes = yesBid !== null && yesAsk !== null ? roundPrice((yesBid + yesAsk) / 2) : last ?? yesBid ?? yesAsk;
  const multi = market.contracts.length > 1;
  const timeStamp = easternToIsoOrNull(market.timeStamp, `market ${market.id}.timeStamp`);
  return makeMarket({
    exchange: EXCHANGE,
    market_id: String(c.id),
    event_id: String(market.id),
    title: contractTitle(market, c),
    subtitle: multi ? c.name.trim() : null,
    category: predictitCategory(market.name),
    tags: [market.shortName?.trim(), multi ? c.shortName?.trim() : null].filter((x): x is string => !!x),
    status: predictitStatus(c.status, market.status),
    outcomes: [
      { id: 'yes', label: 'Yes', price: yes },
      { id: 'no', label: 'No', price: yes === null ? null : complement(yes) },
    ],
    yes_price: yes,
    yes_bid: yesBid,
    yes_ask: yesAsk,
    last_price: last,
    volume: null,
    volume_24h: null,
    liquidity: null,
    open_interest: null,
    open_time: null,
    close_time: easternToIsoOrNull(c.dateEnd, f('dateEnd')),
    resolution_time: null,
    result: null,
    rules: '',
    url: marketUrl(market),
    updated_at: timeStamp ?? ctx.fetchedAt,
    raw: { market: { ...market, contracts: undefined }, contract: c },
  });
}

function impliedFromNo(v: number | null | undefined, what: string): number | null {
  const p = probOrNull(v, what);
  return p === null ? null : complement(p);
}

export function normaliseEvent(market: PredictItMarketWire, ctx: NormaliseContext): MarketEvent {
  const ends = market.contracts
    .map((c) => {
      try {
        return easternToIsoOrNull(c.dateEnd, `contract ${c.id}.dateEnd`);
      } catch {
        return null;
      }
    })
    .filter((x): x is string => x !== null)
    .sort();
  return makeEvent({
    exchange: EXCHANGE,
    event_id: String(market.id),
    title: market.name.trim() || String(market.id),
    subtitle: market.shortName?.trim() || null,
    category: predictitCategory(market.name),
    // A PredictIt market (our event) has the words its contracts have (Open, Closed...).
    status: mappedStatusOrNull(market.status, (s) => predictitStatus(s, s)) ?? eventStatusFromMarkets(market.contracts.flatMap((c) => mappedStatusOrNull(c.status, (s) => predictitStatus(s, market.status)) ?? [])),
    venue_status: market.status ?? null,
    market_ids: market.contracts.map((c) => String(c.id)),
    close_time: ends.length ? ends[ends.length - 1] : null,
    updated_at: easternToIsoOrNull(market.timeStamp, `market ${market.id}.timeStamp`) ?? ctx.fetchedAt,
    raw: { ...market, contracts: undefined },
  });
}

// ---- chart (price history) ---------------------------------------------------------------------

function field(row: PredictItChartRowWire, name: string): unknown {
  if (name in row) return row[name];
  const lower = name.toLowerCase();
  for (const [k, v] of Object.entries(row)) if (k.toLowerCase() === lower) return v;
  return undefined;
}

/** "$0.45" (CSV style) or 0.45 -> probability. */
function dollarPrice(v: unknown, what: string): number | null {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'string' ? parseDecimal(v.replace(/^\$/, ''), what) : parseDecimal(v, what);
  return probOrNull(n, what);
}

/**
 * Chart rows of one contract -> YES price points (close price of each period), oldest first. Rows are
 * matched by contract id when the rows carry one, else by contract name.
 */
export function normaliseChart(rows: PredictItChartRowWire[], contract: { id: number | string; name: string }): PricePoint[] {
  const points: PricePoint[] = [];
  for (const row of rows) {
    const rid = field(row, 'contractId');
    const rname = field(row, 'contractName');
    const mine = rid !== undefined && rid !== null ? String(rid) === String(contract.id) : typeof rname === 'string' && rname.trim() === contract.name.trim();
    if (!mine) continue;
    const what = `chart ${contract.id}`;
    const price = dollarPrice(field(row, 'closeSharePrice'), `${what}.closeSharePrice`);
    if (price === null) continue;
    points.push(makePricePoint({ timestamp: easternToIso(field(row, 'date'), `${what}.date`), price }, EXCHANGE));
  }
  return points.sort((a, b) => a.timestamp.localeCompare(b.timestamp));
}
