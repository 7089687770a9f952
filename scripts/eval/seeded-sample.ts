// A reproducible random draw: the same items, size and seed always give the same sample, in the
// order drawn (mulberry32, a 32-bit generator exact in integer arithmetic).
export function seededSample<T>(items: readonly T[], size: number, seed: number): T[] {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pool = [...items];
  const out: T[] = [];
  while (out.length < size && pool.length) out.push(pool.splice(Math.floor(next() * pool.length), 1)[0]);
  return out;
}
