// The in-memory candidate search: blocks on category (an uncategorised market meets every block) and
// on the close-time window, never pairs two markets of one venue, and an incremental search finds
// exactly the full search's pairs that involve a changed market.
import assert from 'node:assert/strict';
import { findCandidates, UNKNOWN_CATEGORY, type CandidateMarket, type CandidatePair } from '../../src/matching/candidates.js';

const DAY = 86_400_000;
const T0 = Date.parse('2026-06-01T00:00:00Z');

/** A unit vector near `base` (a direction shared by one question's wordings). */
function vec(base: number, jitter: number, dims = 16): Float32Array {
  const v = new Float32Array(dims);
  v[base % dims] = 1;
  v[(base + 1 + jitter) % dims] += 0.2;
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
}

function mk(key: string, venue: string, category: string, closeDays: number | null, base: number, jitter = 0): CandidateMarket {
  return { key, venue, category, closeMs: closeDays === null ? null : T0 + closeDays * DAY, title: vec(base, jitter), rules: null };
}

const ids = (pairs: CandidatePair[]) => pairs.map((p) => `${p.a}|${p.b}`).sort();

describe('matching: candidate search', () => {
  it('pairs one question across venues within a category, not across two named categories', () => {
    const pairs = findCandidates([
      mk('kalshi:a', 'kalshi', 'politics', 10, 1),
      mk('polymarket:a', 'polymarket', 'politics', 12, 1, 1),
      mk('manifold:a', 'manifold', 'sports', 10, 1, 2),
    ], null);
    assert.deepEqual(ids(pairs), ['kalshi:a|polymarket:a']);
    assert.ok((pairs[0].title ?? 0) > 0.9 && pairs[0].rules === null);
  });

  it('lets an uncategorised market meet every category, and the close-time window still applies', () => {
    const pairs = findCandidates([
      mk('predictit:a', 'predictit', 'politics', null, 3),
      mk('polymarket:a', 'polymarket', UNKNOWN_CATEGORY, 900, 3, 1),
      mk('kalshi:b', 'kalshi', 'economics', 0, 5),
      mk('polymarket:b', 'polymarket', UNKNOWN_CATEGORY, 60, 5, 1),
      mk('manifold:b', 'manifold', UNKNOWN_CATEGORY, 400, 5, 2),
    ], null);
    // null close times meet every close time; 400 days apart is outside the 120-day window
    assert.deepEqual(ids(pairs), ['kalshi:b|polymarket:b', 'polymarket:a|predictit:a']);
  });

  it('never pairs two markets of one venue, and drops pairs below the similarity floor', () => {
    const pairs = findCandidates([
      mk('kalshi:a', 'kalshi', 'crypto', 0, 7),
      mk('kalshi:b', 'kalshi', 'crypto', 0, 7, 1),
      mk('opinion:c', 'opinion', 'crypto', 0, 9),
    ], null);
    assert.deepEqual(pairs, []);
  });

  it('an incremental search finds exactly the full search\'s pairs that involve a changed market', () => {
    let seed = 42;
    const rand = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32);
    const venues = ['kalshi', 'polymarket', 'manifold', 'predictit'];
    const categories = ['politics', 'sports', UNKNOWN_CATEGORY];
    const markets = Array.from({ length: 240 }, (_, i) =>
      mk(`m${i}`, venues[i % 4], categories[Math.floor(rand() * 3)], rand() < 0.1 ? null : Math.floor(rand() * 600), Math.floor(rand() * 12), Math.floor(rand() * 3)),
    );
    const full = findCandidates(markets, null, { perMarket: 1000 });
    const changed = new Set(markets.filter(() => rand() < 0.15).map((m) => m.key));
    const incremental = findCandidates(markets, changed, { perMarket: 1000 });
    const expected = full.filter((p) => changed.has(p.a) || changed.has(p.b));
    assert.ok(expected.length > 50, `${expected.length} pairs to find`);
    assert.deepEqual(ids(incremental), ids(expected));
    assert.equal(new Set(ids(full)).size, full.length, 'each pair once');
  });
});
