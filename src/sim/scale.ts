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
