// The in-memory candidate search alone, side by side with the version on `main` (blocks strictly per
// category), on one synthetic catalog: random unit vectors (384 dims), close times spread over three
// years, a share of them without a close time, and a share of uncategorised ('other') markets.
// Usage: npx tsx bench/matching/candidates-cost.ts [--markets 25000] [--other 0.7] [--baseline FILE.ts]
//   --baseline  the previous candidates.ts (e.g. `git show main:src/matching/candidates.ts > /tmp/c.ts`)
import { findCandidates, type CandidateMarket } from '../../src/matching/candidates.js';

const arg = (name: string, dflt: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : dflt;
};
const N = Number(arg('markets', '25000'));
const OTHER = Number(arg('other', '0.7'));
const DIMS = 384;
let seed = 7;
const rand = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32);
const venues = ['kalshi', 'polymarket', 'manifold', 'predictit', 'opinion'];
const categories = ['politics', 'sports', 'crypto', 'economics'];
const markets: CandidateMarket[] = Array.from({ length: N }, (_, i) => {
  const v = new Float32Array(DIMS).map(() => rand() - 0.5);
  const norm = Math.hypot(...v);
  return {
    key: `m${i}`,
    venue: venues[i % venues.length],
    category: rand() < OTHER ? 'other' : categories[Math.floor(rand() * categories.length)],
    closeMs: rand() < 0.03 ? null : Date.parse('2024-01-01') + Math.floor(rand() * 3 * 365) * 86_400_000,
    title: v.map((x) => x / norm),
    rules: null,
  };
});

async function time(name: string, fn: typeof findCandidates): Promise<void> {
  const t = Date.now();
  const pairs = fn(markets, null, { minSimilarity: 0.1 });
  console.log(`${name}: ${((Date.now() - t) / 1000).toFixed(1)} s, ${pairs.length} pairs`);
}

console.log(`${N} markets, ${(OTHER * 100).toFixed(0)}% uncategorised`);
const baseline = process.argv.includes('--baseline') ? arg('baseline', '') : null;
if (baseline) await time('baseline (strict category blocks)', ((await import(baseline)) as { findCandidates: typeof findCandidates }).findCandidates);
await time('current (uncategorised meets every block)', findCandidates);
