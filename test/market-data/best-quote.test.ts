// The cross-venue best and gap (src/market-data/best-quote.ts) on hand-computed cases: which venue's
// ask wins each side, NO ask = 1 - YES bid, gap = 1 - best YES ask - best NO ask, and stale quotes
// (older than the venue's freshness bound, not held from a live stream) never used.
import assert from 'node:assert/strict';
import { VENUES } from '../../src/venues/index.js';
import { bestOf, freshnessBoundMs, isStale, sameBest, type MemberQuote } from '../../src/market-data/best-quote.js';

const NOW = Date.parse('2026-11-28T10:00:00Z');
const ago = (ms: number): string => new Date(NOW - ms).toISOString();
const q = (exchange: string, yes_bid: number | null, yes_ask: number | null, opts: Partial<MemberQuote> = {}): MemberQuote => ({
  exchange, market_id: `${exchange}-m`, yes_bid, yes_ask, last_price: null, as_of: ago(1_000), live: false, ...opts,
});

describe('cross-venue best quote and gap', () => {
  it('takes the lowest YES ask and the lowest NO ask (1 - the highest YES bid) across venues', () => {
    // kalshi 0.40/0.43, polymarket 0.45/0.47, limitless 0.38/0.41:
    // best YES ask 0.41 (limitless), best NO ask 1 - 0.45 = 0.55 (polymarket), gap 1 - 0.41 - 0.55 = 0.04.
    const best = bestOf([q('kalshi', 0.4, 0.43), q('polymarket', 0.45, 0.47), q('limitless', 0.38, 0.41)], NOW);
    assert.deepEqual(best.yes_ask, { exchange: 'limitless', market_id: 'limitless-m', price: 0.41 });
    assert.deepEqual(best.no_ask, { exchange: 'polymarket', market_id: 'polymarket-m', price: 0.55 });
    assert.equal(best.gap, 0.04);
  });

  it('gives a negative gap when the books do not cross, and minus the spread when one venue holds both sides', () => {
    // 0.50/0.53 and 0.48/0.52: YES ask 0.52, NO ask 1 - 0.50 = 0.50, gap -0.02.
    assert.equal(bestOf([q('kalshi', 0.5, 0.53), q('polymarket', 0.48, 0.52)], NOW).gap, -0.02);
    const one = bestOf([q('kalshi', 0.6, 0.63)], NOW);
    assert.equal(one.gap, -0.03);
  });

  it('has no side without a price, and no gap without both sides', () => {
    const best = bestOf([q('kalshi', null, 0.3), q('manifold', null, null)], NOW);
    assert.equal(best.yes_ask?.price, 0.3);
    assert.equal(best.no_ask, null);
    assert.equal(best.gap, null);
    // 0 and 1 are no prices (an empty side some venues report as 0 or 1).
    assert.equal(bestOf([q('kalshi', 0, 1)], NOW).yes_ask, null);
  });

  it('never uses a quote older than its venue\'s freshness bound, unless it is held from a live stream', () => {
    const bound = freshnessBoundMs('polymarket');
    const old = q('polymarket', 0.7, 0.2, { as_of: ago(bound + 1) });
    assert.equal(isStale(old, NOW), true);
    assert.equal(isStale({ ...old, as_of: ago(bound - 1) }, NOW), false);
    const best = bestOf([q('kalshi', 0.4, 0.43), old], NOW);
    assert.equal(best.yes_ask?.exchange, 'kalshi', 'the stale 0.20 ask is not the best');
    assert.equal(best.no_ask?.price, 0.6);
    // The same age, held from a live stream (the venue pushes every change): current.
    assert.equal(bestOf([q('kalshi', 0.4, 0.43), { ...old, live: true }], NOW).yes_ask?.exchange, 'polymarket');
    // Each venue's bound is its descriptor's, the one GET /api/v1/clusters uses.
    for (const v of VENUES) assert.equal(freshnessBoundMs(v.code), v.pricing.quoteFreshMs, v.code);
  });

  it('compares bests field by field', () => {
    const a = bestOf([q('kalshi', 0.4, 0.43), q('polymarket', 0.45, 0.47)], NOW);
    assert.equal(sameBest(a, bestOf([q('kalshi', 0.4, 0.43), q('polymarket', 0.45, 0.47)], NOW)), true);
    assert.equal(sameBest(a, bestOf([q('kalshi', 0.4, 0.42), q('polymarket', 0.45, 0.47)], NOW)), false);
    assert.equal(sameBest(null, a), false);
  });
});
