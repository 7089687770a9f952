/**
 * Scale mode of the simulators (`--scale N`): N markets per venue synthesised from the venue's own
 * listings (its seed, plus a corpus of real listings when one is given), deterministic by seed. Each
 * synthetic market is a template market of the venue under a new id, with its numbers (strikes,
 * years, counts) and dates moved so that titles and close times vary, and about one in ten open, as
 * in the venues' real listings (most of a venue's markets are settled). A venue simulator supplies
 * the one venue-specific step: how a template becomes variant `k` (ids, title, status, dates).
 */
import { createRng, hashString } from './rng.js';

/** Share of synthetic markets that are open (the rest closed or settled), as in the real listings. */
export const SCALE_OPEN_SHARE = 0.1;

export interface ScaleVariant {
  /** 1-based variant number: unique per synthetic market, for ids. */
  k: number;
  /** Whether the synthetic market is open. */
  open: boolean;
  /** Days its dates move by (negative: earlier); settled ones lie in the past. */
  shiftDays: number;
  /** Multiplier for the numbers in its title (strikes, counts), from 0.5 to 2. */
  factor: number;
}

/** The variant of synthetic market `i` (0-based) of a listing scaled with `seed`. */
export function scaleVariant(i: number, seed: string | number): ScaleVariant {
  const r = createRng(`scale:${seed}:${i}`);
  const open = r.next() < SCALE_OPEN_SHARE;
  return { k: i + 1, open, shiftDays: open ? r.int(1, 120) : -r.int(1, 900), factor: Math.round((0.5 + 1.5 * r.next()) * 100) / 100 };
}

/** `text` with each number scaled by `factor` (integers stay integers; years move by the shift). */
export function varyNumbers(text: string, v: ScaleVariant): string {
  return text.replace(/\d+(?:\.\d+)?/g, (n) => {
    const x = Number(n);
    if (Number.isInteger(x) && x >= 1990 && x <= 2100) return String(x + Math.trunc(v.shiftDays / 365));
    const y = x * v.factor;
    return n.includes('.') ? y.toFixed(n.split('.')[1].length) : String(Math.max(1, Math.round(y)));
  });
}

/** An ISO date moved by the variant's shift (null and unparsable values unchanged). */
export function shiftIso<T extends string | null | undefined>(iso: T, v: ScaleVariant): T {
  if (!iso) return iso;
  const t = Date.parse(iso);
  return (Number.isNaN(t) ? iso : new Date(t + v.shiftDays * 86_400_000).toISOString()) as T;
}

/**
 * N synthetic markets from `templates` (cycled in a seeded order), each made by `variant`. They are
 * built one at a time as the caller consumes them, so a simulator keeps only its own store of them.
 */
export function* scaledListing<T>(templates: readonly T[], n: number, seed: string | number, variant: (template: T, v: ScaleVariant) => T): Generator<T> {
  if (templates.length === 0) return;
  const offset = hashString(`scale:${seed}`) % templates.length;
  for (let i = 0; i < n; i++) yield variant(templates[(offset + i * 7919) % templates.length], scaleVariant(i, seed));
}

/** What a listing route pages through: an array, or a catalog's view that builds only the slice asked for. */
export interface Sliceable<T> {
  readonly length: number;
  slice(start?: number, end?: number): T[];
}

/** Which synthetic markets a listing view holds. */
export type ScaledStatus = 'all' | 'open' | 'closed';

export interface ScaledCatalogOptions<T> {
  templates: readonly T[];
  /** How many synthetic markets. */
  n: number;
  seed: string | number;
  /** How a template becomes synthetic market `v.k` (its id must carry `v.k`: see `indexOf`). */
  variant: (template: T, v: ScaleVariant) => T;
  /** The id a market is looked up by. */
  idOf: (m: T) => string;
  /** The 0-based index of a synthetic market from its id (the inverse of the venue's id scheme), or null. */
  indexOf: (id: string) => number | null;
}

/**
 * A scale-mode catalog that holds no market objects: synthetic market `i` is a pure function of
 * (seed, i), built when a page or a lookup asks for it, so a simulator at a million markets keeps a
 * few bytes per market (which are open, as two index arrays) plus the markets that changed after
 * start (`set`) and those listed later. Listings page through `list()` views that build only the
 * slice served. It answers the `Map` calls the simulators make (`get`, `has`, `set`, `values`,
 * `size`), so a route written for a `Map` works on it; a route that scans `values()` builds every
 * market once per request (and frees them), which is fine for rare requests, not for a listing.
 */
export class ScaledCatalog<T> {
  private readonly templates: readonly T[];
  private readonly offset: number;
  private readonly changed = new Map<number, T>();
  /** Markets listed after start (not synthetic), by id, in listing order. */
  private readonly added = new Map<string, T>();
  /** Indices of the open synthetic markets, ascending. */
  readonly openIndices: Uint32Array;
  /** Indices of the closed synthetic markets, ascending. */
  readonly closedIndices: Uint32Array;

  constructor(private readonly opts: ScaledCatalogOptions<T>) {
    this.templates = opts.templates;
    this.offset = opts.templates.length ? hashString(`scale:${opts.seed}`) % opts.templates.length : 0;
    const open: number[] = [];
    const closed: number[] = [];
    if (this.templates.length) for (let i = 0; i < opts.n; i++) (scaleVariant(i, opts.seed).open ? open : closed).push(i);
    this.openIndices = Uint32Array.from(open);
    this.closedIndices = Uint32Array.from(closed);
  }

  /** Synthetic markets plus those listed after start. */
  get size(): number {
    return this.openIndices.length + this.closedIndices.length + this.added.size;
  }

  /** Synthetic market `i` as served (its changed version if one was set). */
  at(i: number): T {
    return this.changed.get(i) ?? this.build(i);
  }

  /** Synthetic market `i` as generated, ignoring changes. */
  build(i: number): T {
    return this.opts.variant(this.templates[(this.offset + i * 7919) % this.templates.length], scaleVariant(i, this.opts.seed));
  }

  /** Whether synthetic market `i` is open (without building it). */
  isOpen(i: number): boolean {
    return scaleVariant(i, this.opts.seed).open;
  }

  private index(id: string): number | null {
    const i = this.opts.indexOf(id);
    return i !== null && Number.isInteger(i) && i >= 0 && i < this.opts.n ? i : null;
  }

  get(id: string): T | undefined {
    const extra = this.added.get(id);
    if (extra) return extra;
    const i = this.index(id);
    if (i === null || this.templates.length === 0) return undefined;
    const m = this.at(i);
    // An id that parses to an index but is not that market's (a made-up id) is unknown.
    return this.opts.idOf(m) === id ? m : undefined;
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  /** Stores a changed market, or lists a new one (an id that is no synthetic market's). */
  set(id: string, m: T): this {
    const i = this.index(id);
    if (i !== null && !this.added.has(id) && this.opts.idOf(this.build(i)) === id) this.changed.set(i, m);
    else this.added.set(id, m);
    return this;
  }

  /** How many markets are held as objects (changed or listed after start): what the mode keeps. */
  get heldCount(): number {
    return this.changed.size + this.added.size;
  }

  /** A listing view: every market, or the open or closed ones, in index order then those listed later (open). */
  list(status: ScaledStatus = 'all'): Sliceable<T> {
    const extra = status === 'closed' ? [] : [...this.added.values()];
    const indices = status === 'open' ? this.openIndices : status === 'closed' ? this.closedIndices : null;
    const count = indices ? indices.length : this.opts.n;
    const length = this.templates.length ? count + extra.length : extra.length;
    return {
      length,
      slice: (start = 0, end = length) => {
        const from = Math.max(0, start < 0 ? length + start : start);
        const to = Math.min(length, end < 0 ? length + end : end);
        const out: T[] = [];
        for (let k = from; k < to; k++) out.push(k < count && this.templates.length ? this.at(indices ? indices[k] : k) : extra[k - (this.templates.length ? count : 0)]);
        return out;
      },
    };
  }

  /** Every market, built one at a time (a scan: for rare requests, not listings). */
  *values(): Generator<T> {
    if (this.templates.length) for (let i = 0; i < this.opts.n; i++) yield this.at(i);
    yield* this.added.values();
  }

  *keys(): Generator<string> {
    for (const m of this.values()) yield this.opts.idOf(m);
  }

  [Symbol.iterator](): Generator<[string, T]> {
    return (function* (c: ScaledCatalog<T>) {
      for (const m of c.values()) yield [c.opts.idOf(m), m] as [string, T];
    })(this);
  }

  /** The open markets, built one at a time (for the activity's registrations). */
  *openValues(): Generator<T> {
    if (this.templates.length) for (const i of this.openIndices) yield this.at(i);
    yield* this.added.values();
  }
}

/** The variant number `k` at the end of a scaled id (`...-s<k>`, `...S<k>`), as a 0-based index. */
export function indexFromSuffix(id: string, pattern: RegExp): number | null {
  const m = pattern.exec(id);
  return m ? Number(m[1]) - 1 : null;
}

/** The `Map` calls a simulator makes on its markets: a `Map` or a `ScaledCatalog` answers them. */
export interface MarketStore<T> {
  get(id: string): T | undefined;
  has(id: string): boolean;
  set(id: string, m: T): unknown;
  readonly size: number;
  values(): Iterable<T>;
}

/** The markets of `store` that pass `keep`, scanning one at a time (no array of the whole catalog). */
export function filterStore<T>(store: MarketStore<T>, keep: (m: T) => boolean): T[] {
  const out: T[] = [];
  for (const m of store.values()) if (keep(m)) out.push(m);
  return out;
}

/**
 * A listing of `store` restricted to a status: the scaled catalog's own view when it is one (no
 * market built beyond the page), else the filtered array. `isOpen` says what "open" is on the venue.
 */
export function storeListing<T>(store: MarketStore<T>, status: ScaledStatus, isOpen: (m: T) => boolean): Sliceable<T> {
  if (store instanceof ScaledCatalog) return store.list(status);
  return status === 'all' ? [...store.values()] : filterStore(store, (m) => isOpen(m) === (status === 'open'));
}
