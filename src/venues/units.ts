/**
 * Unit conversions shared by the venue normalisers. Every venue speaks its own units (cents, dollar
 * strings, fixed-point counts, wei, seconds or milliseconds); these helpers turn them into the
 * service's units (docs/api-contract.md §2) and throw `UnitError` on anything that is not what it claims to be,
 * so that a unit mix-up fails loudly in a normaliser instead of landing in the catalog.
 */

export class UnitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnitError';
  }
}

/** Absent values the venues use interchangeably. */
export type Nullish = null | undefined | '';

function isNullish(v: unknown): v is Nullish {
  return v === null || v === undefined || v === '';
}

/** Rounds away binary floating-point noise (1 - 0.56 = 0.43999999999999995). Prices keep 8 decimals. */
export function roundPrice(p: number): number {
  return Math.round(p * 1e8) / 1e8;
}

/** Strict decimal parse of a number or numeric string ("0.5600", "10.00", "1e-3", 12). */
export function parseDecimal(v: unknown, what = 'value'): number {
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new UnitError(`${what}: not a finite number (${v})`);
    return v;
  }
  if (typeof v === 'string') {
    const s = v.trim();
    if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(s)) throw new UnitError(`${what}: not a decimal string (${JSON.stringify(v)})`);
    const n = Number(s);
    if (!Number.isFinite(n)) throw new UnitError(`${what}: not finite (${v})`);
    return n;
  }
  throw new UnitError(`${what}: expected a number or decimal string, got ${v === null ? 'null' : typeof v}`);
}

/** Like parseDecimal, but null/undefined/'' give null. */
export function parseDecimalOrNull(v: unknown, what = 'value'): number | null {
  return isNullish(v) ? null : parseDecimal(v, what);
}

/** Checks that a number is a probability in [0, 1]. */
export function assertProb(p: number, what = 'price'): number {
  if (!Number.isFinite(p) || p < 0 || p > 1) throw new UnitError(`${what}: ${p} is not a probability in [0, 1]`);
  return p;
}

/** A probability already on the 0..1 scale, as number or string (Polymarket, Limitless, Opinion...). */
export function probFrom(v: unknown, what = 'price'): number {
  return assertProb(roundPrice(parseDecimal(v, what)), what);
}

export function probOrNull(v: unknown, what = 'price'): number | null {
  return isNullish(v) ? null : probFrom(v, what);
}

/** Cents (0..100; sub-penny fractions allowed) to a probability. */
export function centsToProb(cents: unknown, what = 'price (cents)'): number {
  const c = parseDecimal(cents, what);
  if (c < 0 || c > 100) throw new UnitError(`${what}: ${c} is not a price in cents (0..100)`);
  return roundPrice(c / 100);
}

export function centsToProbOrNull(cents: unknown, what = 'price (cents)'): number | null {
  return isNullish(cents) ? null : centsToProb(cents, what);
}

/**
 * Kalshi-style dollar strings ("0.5600") of a $1 contract to a probability. A number is refused: the
 * legacy integer-cent fields are numbers, and passing one of them here is exactly the mix-up to catch.
 */
export function dollarsToProb(v: unknown, what = 'price (dollars)'): number {
  if (typeof v !== 'string') throw new UnitError(`${what}: expected a dollar string like "0.5600", got ${typeof v} ${String(v)}`);
  return probFrom(v, what);
}

export function dollarsToProbOrNull(v: unknown, what = 'price (dollars)'): number | null {
  return isNullish(v) ? null : dollarsToProb(v, what);
}

/** Dollar amounts (money, not prices): "1234.5600" -> 1234.56. Must be non-negative. */
export function dollarsToUsd(v: unknown, what = 'amount (dollars)'): number {
  const n = parseDecimal(v, what);
  if (n < 0) throw new UnitError(`${what}: negative amount ${n}`);
  return n;
}

export function dollarsToUsdOrNull(v: unknown, what = 'amount (dollars)'): number | null {
  return isNullish(v) ? null : dollarsToUsd(v, what);
}

/** Fixed-point contract counts ("10.00") to a number of contracts. Must be non-negative. */
export function fixedPointCount(v: unknown, what = 'count (fixed point)'): number {
  const n = parseDecimal(v, what);
  if (n < 0) throw new UnitError(`${what}: negative count ${n}`);
  return n;
}

export function fixedPointCountOrNull(v: unknown, what = 'count (fixed point)'): number | null {
  return isNullish(v) ? null : fixedPointCount(v, what);
}

/** Signed fixed-point deltas ("-50.00"), e.g. Kalshi `delta_fp`. */
export function fixedPointDelta(v: unknown, what = 'delta (fixed point)'): number {
  return parseDecimal(v, what);
}

/** Integer base units (wei, 6-decimal USDC) as a decimal string to a number: "1500000000000000000", 18 -> 1.5. */
export function baseUnitsToNumber(v: unknown, decimals: number, what = 'amount (base units)'): number {
  const s = typeof v === 'number' ? (Number.isInteger(v) ? BigInt(v).toString() : '') : typeof v === 'string' ? v.trim() : '';
  if (!/^\d+$/.test(s)) throw new UnitError(`${what}: expected an integer string of base units, got ${JSON.stringify(v)}`);
  const big = BigInt(s);
  const scale = 10n ** BigInt(decimals);
  const whole = big / scale;
  const frac = big % scale;
  return Number(whole) + Number(frac) / Number(scale);
}

/** Probability complement with rounding: the YES ask implied by a NO bid is 1 - that bid. */
export function complement(p: number): number {
  return roundPrice(1 - assertProb(p));
}

export type EpochUnit = 's' | 'ms' | 'us' | 'ns';

/**
 * Guesses the unit of a unix timestamp by its magnitude. Any time between 1973 and 2286 in seconds
 * is < 1e10; in milliseconds it is between 1e11 and 1e13; and so on. Ambiguous magnitudes are refused.
 */
export function detectEpochUnit(n: number): EpochUnit {
  if (!Number.isFinite(n) || n < 0) throw new UnitError(`timestamp: ${n} is not a unix time`);
  if (n < 1e10) return 's';
  if (n >= 1e11 && n < 1e13) return 'ms';
  if (n >= 1e14 && n < 1e16) return 'us';
  if (n >= 1e17 && n < 1e19) return 'ns';
  throw new UnitError(`timestamp: ${n} has an ambiguous magnitude`);
}

/** Unix time in the given unit (or detected) to epoch milliseconds. */
export function epochToMs(v: unknown, unit?: EpochUnit, what = 'timestamp'): number {
  const n = parseDecimal(v, what);
  const u = unit ?? detectEpochUnit(n);
  switch (u) {
    case 's':
      return Math.round(n * 1000);
    case 'ms':
      return Math.round(n);
    case 'us':
      return Math.round(n / 1000);
    case 'ns':
      return Math.round(n / 1e6);
  }
}

/** Seconds-since-epoch to ISO; refuses a value that is evidently milliseconds. */
export function secondsToIso(v: unknown, what = 'timestamp (s)'): string {
  const n = parseDecimal(v, what);
  if (detectEpochUnit(n) !== 's') throw new UnitError(`${what}: ${n} looks like ${detectEpochUnit(n)}, not seconds`);
  return new Date(n * 1000).toISOString();
}

/** Milliseconds-since-epoch to ISO; refuses a value that is evidently seconds. */
export function millisToIso(v: unknown, what = 'timestamp (ms)'): string {
  const n = parseDecimal(v, what);
  if (detectEpochUnit(n) !== 'ms') throw new UnitError(`${what}: ${n} looks like ${detectEpochUnit(n)}, not milliseconds`);
  return new Date(n).toISOString();
}

/**
 * Any venue time to ISO 8601 UTC: ISO strings (with or without zone: a missing zone is UTC), Dates,
 * or unix numbers / numeric strings in s/ms/us/ns (detected by magnitude unless `unit` is given).
 */
export function toIso(v: unknown, unit?: EpochUnit, what = 'time'): string {
  if (v instanceof Date) {
    if (Number.isNaN(v.getTime())) throw new UnitError(`${what}: invalid Date`);
    return v.toISOString();
  }
  if (typeof v === 'number' || (typeof v === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(v))) {
    return new Date(epochToMs(v, unit, what)).toISOString();
  }
  if (typeof v === 'string') {
    let s = v.trim();
    // "2026-01-31 12:00:00" and zone-less ISO: treat as UTC rather than local time.
    if (/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(s)) s = s.replace(' ', 'T') + 'Z';
    if (/^\d{4}-\d{2}-\d{2}$/.test(s)) s += 'T00:00:00Z';
    // Sub-millisecond fractions (Kalshi sends microseconds) parse fine in V8, but normalise explicitly.
    s = s.replace(/(\.\d{3})\d+/, '$1');
    const t = Date.parse(s);
    if (Number.isNaN(t)) throw new UnitError(`${what}: not a time (${JSON.stringify(v)})`);
    return new Date(t).toISOString();
  }
  throw new UnitError(`${what}: expected a time, got ${v === null ? 'null' : typeof v}`);
}

export function toIsoOrNull(v: unknown, unit?: EpochUnit, what = 'time'): string | null {
  return isNullish(v) ? null : toIso(v, unit, what);
}

/** ISO or unix-seconds query value (docs/api-contract.md §2 `start`/`end`) to epoch milliseconds. */
export function queryTimeToMs(v: string | number): number {
  return Date.parse(toIso(v));
}

/**
 * Polymarket-style arrays encoded as JSON strings (`"[\"Yes\", \"No\"]"`). Accepts an actual array too
 * (some endpoints already decode them). Refuses anything else.
 */
export function parseStringEncodedArray(v: unknown, what = 'array'): unknown[] {
  if (Array.isArray(v)) return v;
  if (typeof v !== 'string') throw new UnitError(`${what}: expected a JSON-encoded array string, got ${v === null ? 'null' : typeof v}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(v);
  } catch {
    throw new UnitError(`${what}: not valid JSON (${v.slice(0, 40)})`);
  }
  if (!Array.isArray(parsed)) throw new UnitError(`${what}: JSON is not an array`);
  return parsed;
}

export function parseStringEncodedStrings(v: unknown, what = 'array'): string[] {
  return parseStringEncodedArray(v, what).map((x, i) => {
    if (typeof x !== 'string' && typeof x !== 'number') throw new UnitError(`${what}[${i}]: not a string`);
    return String(x);
  });
}
