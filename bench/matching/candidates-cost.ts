// The in-memory candidate search alone, side by side with the version on `main` (blocks strictly per
// category), on one synthetic catalog: random unit vectors (384 dims), close times spread over three
// years, a share of them without a close time, and a share of uncategorised ('other') markets.
// Usage: npx tsx bench/matching/candidates-cost.ts [--markets 25000] [--other 0.7] [--rules 0] [--min 0.1] [--baseline FILE.ts]
//   --baseline  the previous candidates.ts (e.g. `git show main:src/matching/candidates.ts > /tmp/c.ts`);
//               with it, the two searches' pair sets are compared too (same pairs, or which are missing)
//   --rules     share of markets that also carry a rules embedding (a second dot product per pair)
//   --min       similarity floor (the job's default is 0.5; random vectors need a low one to yield pairs)
import { findCandidates, type CandidateMarket } from '../../src/matching/candidates.js';
import { arg } from '../../scripts/lib/cli-args.js';

const N = Number(arg('markets', '25000'));
const OTHER = Number(arg('other', '0.7'));
const RULES = Number(arg('rules', '0'));
const MIN = Number(arg('min', '0.1'));
const DIMS = 384;
let seed = 7;
const rand = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32);
const venues = ['kalshi', 'polymarket', 'manifold', 'predictit', 'opinion'];
const categories = ['politics', 'sports', 'crypto', 'economics'];
const unit = (): Float32Array => {
  const v = new Float32Array(DIMS).map(() => rand() - 0.5);
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
};
const markets: CandidateMarket[] = Array.from({ length: N }, (_, i) => {
  const title = unit();
  return {
    key: `m${i}`,
    venue: venues[i % venues.length],
    category: rand() < OTHER ? 'other' : categories[Math.floor(rand() * categories.length)],
    closeMs: rand() < 0.03 ? null : Date.parse('2024-01-01') + Math.floor(rand() * 3 * 365) * 86_400_000,
    title,
    rules: rand() < RULES ? unit() : null,
  };
});

function time(name: string, fn: typeof findCandidates): Set<string> {
  const t = Date.now();
  const pairs = fn(markets, null, { minSimilarity: MIN });
  console.log(`${name}: ${((Date.now() - t) / 1000).toFixed(1)} s, ${pairs.length} pairs`);
  return new Set(pairs.map((p) => `${p.a}|${p.b}`));
}

console.log(`${N} markets, ${(OTHER * 100).toFixed(0)}% uncategorised, ${(RULES * 100).toFixed(0)}% with rules, floor ${MIN}`);
const baseline = process.argv.includes('--baseline') ? arg('baseline', '') : null;
const before = baseline ? time(`baseline (${baseline})`, ((await import(baseline)) as { findCandidates: typeof findCandidates }).findCandidates) : null;
const after = time('current (per venue pair, SIMD dot products)', findCandidates);
if (before) {
  const missing = [...before].filter((p) => !after.has(p));
  const extra = [...after].filter((p) => !before.has(p));
  console.log(`pairs: ${missing.length} of the baseline's missing here, ${extra.length} extra here${missing.length ? ` (e.g. ${missing.slice(0, 3).join(', ')})` : ''}`);
}
