/**
 * Seeded randomness for the simulators: the same seed gives the same fixtures, books and histories,
 * so tests can rely on them and runs can be reproduced.
 */

/** 32-bit FNV-1a hash of a string: turns ids into per-market seeds. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max] inclusive. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** Standard normal (Box-Muller). */
  normal(): number;
  chance(p: number): boolean;
  /** Hex string of n characters. */
  hex(n: number): string;
}

/** mulberry32: tiny, fast and good enough for fake market activity. */
export function createRng(seed: number | string): Rng {
  let a = (typeof seed === 'string' ? hashString(seed) : seed) >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)],
    normal: () => {
      const u = Math.max(next(), 1e-12);
      const v = next();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
    chance: (p) => next() < p,
    hex: (n) => {
      let s = '';
      while (s.length < n) s += Math.floor(next() * 0x100000000).toString(16).padStart(8, '0');
      return s.slice(0, n);
    },
  };
}

/** A UUID-shaped id derived from a string (stable across runs). */
export function stableUuid(key: string): string {
  const h = createRng(key).hex(32);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** A decimal uint256-looking token id derived from a string (Polymarket/Limitless style). */
export function stableTokenId(key: string): string {
  const rng = createRng(`token:${key}`);
  let s = String(rng.int(1, 9));
  while (s.length < 77) s += String(rng.int(0, 9));
  return s;
}

/** A 0x-prefixed 32-byte hex id derived from a string (condition ids, hashes). */
export function stableHex32(key: string): string {
  return `0x${createRng(`hex:${key}`).hex(64)}`;
}
