// Book analytics against values computed by hand on a fixed book.
import assert from 'node:assert/strict';
import { analyseBook } from '../../src/market-data/book-analytics.js';

describe('book analytics', () => {
  it('computes spread, mid, microprice, depth within 1/5/10 cents and imbalance', () => {
    const bids = [{ price: 0.45, size: 100 }, { price: 0.44, size: 50 }, { price: 0.4, size: 200 }, { price: 0.3, size: 1000 }];
    const asks = [{ price: 0.48, size: 300 }, { price: 0.5, size: 100 }, { price: 0.58, size: 400 }];
    const a = analyseBook(bids, asks);
    assert.equal(a.spread, 0.03);
    assert.equal(a.mid, 0.465);
    // (0.45 * 300 + 0.48 * 100) / 400 = (135 + 48) / 400 = 0.4575
    assert.equal(a.microprice, 0.4575);
    // (100 - 300) / 400
    assert.equal(a.imbalance, -0.5);
    // 1c: bids >= 0.44 -> 150; asks <= 0.49 -> 300
    assert.deepEqual(a.depth['1c'], { bid: 150, ask: 300, imbalance: Math.round((-150 / 450) * 1e8) / 1e8 });
    // 5c: bids >= 0.40 -> 350; asks <= 0.53 -> 400
    assert.deepEqual(a.depth['5c'], { bid: 350, ask: 400, imbalance: Math.round((-50 / 750) * 1e8) / 1e8 });
    // 10c: bids >= 0.35 -> 350; asks <= 0.58 -> 800
    assert.deepEqual(a.depth['10c'], { bid: 350, ask: 800, imbalance: Math.round((-450 / 1150) * 1e8) / 1e8 });
    assert.deepEqual([a.bid_levels, a.ask_levels], [4, 3]);
  });

  it('leaves what needs a missing side null', () => {
    const a = analyseBook([{ price: 0.2, size: 10 }], []);
    assert.deepEqual([a.best_bid, a.best_ask, a.spread, a.mid, a.microprice, a.imbalance], [0.2, null, null, null, null, null]);
    assert.deepEqual(a.depth['1c'], { bid: 10, ask: 0, imbalance: 1 });
    assert.deepEqual(analyseBook([], []).depth['10c'], { bid: 0, ask: 0, imbalance: null });
  });
});
