// The cross-venue comparison behind compare_prices, on hand-computed cases: the NO ask a YES bid
// implies, the best of each side across venues, and the gap before fees.
import assert from 'node:assert/strict';
import { comparePrices, type ClusterMember, type MemberQuote } from '../../mcp/compare.js';

const NOW = new Date('2026-11-28T12:00:00Z');
const member = (exchange: string, market_id: string): ClusterMember => ({ exchange, market_id, title: `${exchange} question`, url: null });
const quote = (exchange: string, market_id: string, bid: number | null, ask: number | null, updated_at = '2026-11-28T11:59:30Z'): MemberQuote => ({
  exchange, market_id, bid, ask, last: null, volume: 100, updated_at, source: 'catalog',
});

describe('compare_prices arithmetic', () => {
  it('a positive gap: YES cheapest on one venue, NO (1 - YES bid) cheapest on another', () => {
    // kalshi YES 0.40/0.44, polymarket YES 0.47/0.50: best YES ask 0.44 (kalshi), best NO ask
    // 1 - 0.47 = 0.53 (polymarket); 1 - 0.44 - 0.53 = 0.03.
    const c = comparePrices([member('kalshi', 'K1'), member('polymarket', 'P1')], [quote('kalshi', 'K1', 0.4, 0.44), quote('polymarket', 'P1', 0.47, 0.5)], NOW);
    assert.deepEqual(c.best_yes_ask, { exchange: 'kalshi', market_id: 'K1', price: 0.44 });
    assert.deepEqual(c.best_no_ask, { exchange: 'polymarket', market_id: 'P1', price: 0.53 });
    assert.equal(c.gap_before_fees, 0.03);
    assert.deepEqual(c.members.map((m) => m.no_ask), [0.6, 0.53]);
    assert.equal(c.members[0].quote_age_seconds, 30);
  });

  it('a negative gap when the books overlap (the usual case), three venues', () => {
    // asks 0.55, 0.52, 0.58 -> 0.52 (opinion); bids 0.50, 0.45, 0.49 -> NO asks 0.50, 0.55, 0.51 -> 0.50 (kalshi);
    // 1 - 0.52 - 0.50 = -0.02.
    const members = [member('kalshi', 'K'), member('opinion', 'O'), member('limitless', 'L')];
    const c = comparePrices(members, [quote('kalshi', 'K', 0.5, 0.55), quote('opinion', 'O', 0.45, 0.52), quote('limitless', 'L', 0.49, 0.58)], NOW);
    assert.deepEqual(c.best_yes_ask, { exchange: 'opinion', market_id: 'O', price: 0.52 });
    assert.deepEqual(c.best_no_ask, { exchange: 'kalshi', market_id: 'K', price: 0.5 });
    assert.equal(c.gap_before_fees, -0.02);
  });

  it('members without a side or without a quote take no part in the best prices; no gap without both sides', () => {
    const members = [member('kalshi', 'K'), member('manifold', 'M'), member('predictit', 'X')];
    // manifold has an ask only, predictit no quote at all (not in the answer).
    const c = comparePrices(members, [quote('kalshi', 'K', null, 0.61), quote('manifold', 'M', null, 0.6)], NOW);
    assert.deepEqual(c.best_yes_ask, { exchange: 'manifold', market_id: 'M', price: 0.6 });
    assert.equal(c.best_no_ask, null);
    assert.equal(c.gap_before_fees, null);
    assert.deepEqual(c.members[2], {
      exchange: 'predictit', market_id: 'X', title: 'predictit question', url: null, yes_bid: null, yes_ask: null, no_ask: null,
      last_price: null, volume: null, quote_updated_at: null, quote_age_seconds: null, quote_source: null,
    });
  });
});
