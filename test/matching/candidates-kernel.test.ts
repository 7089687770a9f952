// The SIMD dot-product kernel against plain arithmetic, and the candidate search against a brute-force
// reference (every cross-venue pair allowed by the window and the category rule, each market's best
// k): the fast search must find exactly the reference's pairs, rules embeddings included.
import assert from 'node:assert/strict';
import { DotKernel } from '../../src/matching/dot-kernel.js';
import { findCandidates, UNKNOWN_CATEGORY, type CandidateMarket } from '../../src/matching/candidates.js';

let seed = 99;
const rand = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32);
function unit(dims: number): Float32Array {
  const v = Float32Array.from({ length: dims }, () => rand() - 0.5);
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
}
const dotOf = (a: Float32Array, b: Float32Array) => a.reduce((s, x, d) => s + x * b[d], 0);

describe('matching: candidate search kernel', () => {
  it('computes the dot products of one vector with a run of vectors, for dimensions not a multiple of 8', () => {
    for (const dims of [3, 8, 20, 384]) {
      const vs = Array.from({ length: 7 }, () => unit(dims));
      const kernel = new DotKernel(vs.length, dims, vs.length);
      vs.forEach((v, i) => kernel.set(i, v));
      kernel.dots(2, 1, 5);
      for (let c = 0; c < 5; c++) assert.ok(Math.abs(kernel.out[c] - dotOf(vs[2], vs[1 + c])) < 1e-5, `dims ${dims}, column ${c}`);
    }
  });

  it('finds exactly the pairs of a brute-force search (window, category rule, rules embeddings, best k)', () => {
    const DAY = 86_400_000;
    const venues = ['kalshi', 'polymarket', 'manifold', 'predictit'];
    const categories = ['politics', 'sports', UNKNOWN_CATEGORY, UNKNOWN_CATEGORY];
    // clustered directions so that similarities spread over the floor
    const centres = Array.from({ length: 6 }, () => unit(64));
    const near = (c: Float32Array) => {
      const v = c.map((x) => x + (rand() - 0.5) * 0.25);
      const norm = Math.hypot(...v);
      return v.map((x) => x / norm);
    };
    const markets: CandidateMarket[] = Array.from({ length: 300 }, (_, i) => ({
      key: `m${i}`,
      venue: venues[Math.floor(rand() * 4)],
      category: categories[Math.floor(rand() * 4)],
      closeMs: rand() < 0.1 ? null : Math.floor(rand() * 700) * DAY,
      title: near(centres[Math.floor(rand() * 6)]),
      rules: rand() < 0.5 ? near(centres[Math.floor(rand() * 6)]) : null,
    }));
    const k = 4, min = 0.5, windowMs = 120 * DAY;
    const best = markets.map(() => [] as { j: number; s: number }[]);
    markets.forEach((x, i) => markets.forEach((y, j) => {
      if (j <= i || x.venue === y.venue) return;
      if (x.category !== y.category && x.category !== UNKNOWN_CATEGORY && y.category !== UNKNOWN_CATEGORY) return;
      if (x.closeMs !== null && y.closeMs !== null && Math.abs(x.closeMs - y.closeMs) > windowMs) return;
      const t = dotOf(x.title!, y.title!);
      const s = x.rules && y.rules ? Math.max(t, dotOf(x.rules, y.rules)) : t;
      if (s < min) return;
      best[i].push({ j, s });
      best[j].push({ j: i, s });
    }));
    const expected = new Set<string>();
    best.forEach((list, i) => list.sort((p, q) => q.s - p.s).slice(0, k).forEach(({ j }) => {
      const [a, b] = [markets[i].key, markets[j].key].sort();
      expected.add(`${a}|${b}`);
    }));
    const found = findCandidates(markets, null, { perMarket: k, minSimilarity: min, windowMs });
    assert.ok(expected.size > 200, `${expected.size} pairs expected`);
    assert.deepEqual(found.map((p) => `${p.a}|${p.b}`).sort(), [...expected].sort());
    assert.ok(found.some((p) => p.rules !== null && p.rules > (p.title ?? 0)), 'some pair decided by its rules');
  });
});
