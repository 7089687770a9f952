// The cross-venue best and gap (src/market-data/best-quote.ts), the one arithmetic GET
// /api/v1/clusters and /ws/svc both use, on hand-computed cases: which venue's ask wins each side,
// NO ask = 1 - YES bid, gap = 1 - best YES ask - best NO ask, and each rule on which quotes count
// (fresh or live, of an open market, priced strictly between 0 and 1), the rounding to 8 decimals and
// the fees of the best legs.
import assert from 'node:assert/strict';
import { VENUES } from '../../src/venues/index.js';
import { bestOf, freshnessBoundMs, isStale, sameBest, type PricedQuote } from '../../src/market-data/best-quote.js';

const NOW = Date.parse('2026-11-28T10:00:00Z');
const ago = (ms: number): string => new Date(NOW - ms).toISOString();
const q = (exchange: string, yes_bid: number | null, yes_ask: number | null, opts: Partial<PricedQuote> = {}): PricedQuote => ({
  exchange, market_id: `${exchange}-m`, yes_bid, yes_ask, as_of: ago(1_000), live: false, status: 'open', ...opts,
});

describe('cross-venue best quote and gap', () => {
  it('takes the lowest YES ask and the lowest NO ask (1 - the highest YES bid) across venues', () => {
    // kalshi 0.40/0.43, polymarket 0.45/0.47, limitless 0.38/0.41:
    // best YES ask 0.41 (limitless), best NO ask 1 - 0.45 = 0.55 (polymarket), gap 1 - 0.41 - 0.55 = 0.04.
    const best = bestOf([q('kalshi', 0.4, 0.43), q('polymarket', 0.45, 0.47), q('limitless', 0.38, 0.41)], NOW);
    assert.deepEqual(best.yes_ask, { exchange: 'limitless', market_id: 'limitless-m', price: 0.41, fee: 0 });
    assert.deepEqual(best.no_ask, { exchange: 'polymarket', market_id: 'polymarket-m', price: 0.55, fee: 0 });
    assert.equal(best.gap, 0.04);
    // neither Limitless nor Polymarket publishes a fee model: counted 0, and said so
    assert.equal(best.gap_after_fees, 0.04);
    assert.equal(best.fees_complete, false);
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
    assert.equal(best.gap_after_fees, null);
  });

  it('takes no price of 0 or 1: an empty side some venues report as a 0 bid or a 1 ask', () => {
    // a 0 bid and a 1 ask alone: no side at all (not a NO ask of 1 and a YES ask of 1, a gap of -1)
    const empty = bestOf([q('kalshi', 0, 1)], NOW);
    assert.deepEqual([empty.yes_ask, empty.no_ask, empty.gap], [null, null, null]);
    // a 1 bid and a 0 ask counted would be a NO ask of 0 and a YES ask of 0, a gap of +1; without them,
    // kalshi's 0.40/0.43 stand: YES 0.43, NO 1 - 0.40 = 0.60, gap -0.03
    const best = bestOf([q('kalshi', 0.4, 0.43), q('manifold', 1, 0)], NOW);
    assert.equal(best.yes_ask?.exchange, 'kalshi');
    assert.equal(best.no_ask?.exchange, 'kalshi');
    assert.equal(best.gap, -0.03);
  });

  it('never uses a quote of a market that is not open (closed, halted, resolved, or no longer in the catalog)', () => {
    // predictit 0.58/0.60 would give NO 0.42 and a gap of 1 - 0.43 - 0.42 = 0.15; closed, kalshi's own
    // bid is the NO leg: 1 - 0.43 - 0.60 = -0.03
    for (const status of ['closed', 'halted', 'resolved', 'upcoming', null]) {
      const best = bestOf([q('kalshi', 0.4, 0.43), q('predictit', 0.58, 0.6, { status })], NOW);
      assert.equal(best.no_ask?.exchange, 'kalshi', String(status));
      assert.equal(best.gap, -0.03, String(status));
    }
    // a live stream's book of a closed market does not count either
    assert.equal(bestOf([q('kalshi', 0.4, 0.43, { status: 'closed', live: true })], NOW).yes_ask, null);
  });

  it('never uses a quote older than its venue\'s freshness bound, unless it is held from a live stream', () => {
    const bound = freshnessBoundMs('polymarket');
    const old = q('polymarket', 0.7, 0.2, { as_of: ago(bound + 1) });
    assert.equal(isStale(old, NOW), true);
    assert.equal(isStale({ ...old, as_of: ago(bound - 1) }, NOW), false);
    assert.equal(isStale({ ...old, as_of: null }, NOW), true, 'nothing held: stale');
    const best = bestOf([q('kalshi', 0.4, 0.43), old], NOW);
    assert.equal(best.yes_ask?.exchange, 'kalshi', 'the stale 0.20 ask is not the best');
    assert.equal(best.no_ask?.price, 0.6);
    // The same age, held from a live stream (the venue pushes every change): current.
    assert.equal(bestOf([q('kalshi', 0.4, 0.43), { ...old, live: true }], NOW).yes_ask?.exchange, 'polymarket');
    // Each venue's bound is its descriptor's.
    for (const v of VENUES) assert.equal(freshnessBoundMs(v.code), v.pricing.quoteFreshMs, v.code);
  });

  it('rounds to 8 decimals: binary noise goes, a venue\'s fine price stays', () => {
    // 1 - 0.55 - 0.43 is 0.019999999999999907 in binary: 0.02
    assert.equal(bestOf([q('kalshi', 0.45, 0.55), q('predictit', 0.57, 0.6)], NOW).gap, 0.02);
    // Manifold's probabilities are free: bid 0.4567891 -> NO ask 0.5432109 (6 decimals would say 0.543211);
    // YES 0.45 on kalshi: gap 1 - 0.45 - 0.5432109 = 0.0067891
    const fine = bestOf([q('kalshi', 0.44, 0.45), q('manifold', 0.4567891, 0.46)], NOW);
    assert.equal(fine.no_ask?.price, 0.5432109);
    assert.equal(fine.gap, 0.0067891);
  });

  it('gives each best leg its venue\'s taker fee and the gap after both', () => {
    // kalshi ask 0.40: 0.07 x 100 x 0.40 x 0.60 = $1.68 per 100 -> 0.0168; predictit bid 0.58 -> NO ask
    // 0.42: 10% of the profit 0.1 x (1 - 0.42) = 0.058. Gap 1 - 0.40 - 0.42 = 0.18; after fees
    // 0.18 - 0.0168 - 0.058 = 0.1052
    const p = bestOf([q('kalshi', 0.38, 0.4), q('predictit', 0.58, 0.6)], NOW);
    assert.deepEqual(p.yes_ask, { exchange: 'kalshi', market_id: 'kalshi-m', price: 0.4, fee: 0.0168 });
    assert.deepEqual(p.no_ask, { exchange: 'predictit', market_id: 'predictit-m', price: 0.42, fee: 0.058 });
    assert.equal(p.gap, 0.18);
    assert.equal(p.gap_after_fees, 0.1052);
    assert.equal(p.fees_complete, true);
    // predict.fun's NO leg: 0.005 x min(0.42, 0.58) = 0.0021 -> 0.18 - 0.0168 - 0.0021 = 0.1611
    assert.equal(bestOf([q('kalshi', 0.38, 0.4), q('predictfun', 0.58, 0.6)], NOW).gap_after_fees, 0.1611);
    // a Polymarket NO leg: no published model, counted 0 -> 0.18 - 0.0168 = 0.1632, incomplete
    const poly = bestOf([q('kalshi', 0.38, 0.4), q('polymarket', 0.58, 0.6)], NOW);
    assert.equal(poly.gap_after_fees, 0.1632);
    assert.equal(poly.fees_complete, false);
    // Manifold: play money, no fee (a model, so complete): 0.18 - 0.0168 = 0.1632
    const manifold = bestOf([q('kalshi', 0.38, 0.4), q('manifold', 0.58, 0.6)], NOW);
    assert.equal(manifold.gap_after_fees, 0.1632);
    assert.equal(manifold.fees_complete, true);
  });

  it('compares bests field by field', () => {
    const a = bestOf([q('kalshi', 0.4, 0.43), q('polymarket', 0.45, 0.47)], NOW);
    assert.equal(sameBest(a, bestOf([q('kalshi', 0.4, 0.43), q('polymarket', 0.45, 0.47)], NOW)), true);
    assert.equal(sameBest(a, bestOf([q('kalshi', 0.4, 0.42), q('polymarket', 0.45, 0.47)], NOW)), false);
    assert.equal(sameBest(null, a), false);
  });
});
