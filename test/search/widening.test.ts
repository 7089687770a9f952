// The shared widening policy both engines follow (src/search/widening.ts); the engines' behaviour
// with it is in the contract suite (support/contract.ts).
import assert from 'node:assert/strict';
import { contentTerms, normaliseQuery } from '../../src/search/query-text.js';
import { mostOf, WIDE_POINTS, wideCursor, widePlan, wideRequired } from '../../src/search/widening.js';

describe('search widening policy', () => {
  it('keeps the content words of a question, in order, without filler or repeats', () => {
    assert.deepEqual(contentTerms(normaliseQuery('Is Trump going to pardon Ghislaine Maxwell?').terms), ['trump', 'pardon', 'ghislaine', 'maxwell']);
    assert.deepEqual(contentTerms(normaliseQuery('Will Elon Musk ever set foot on Mars?').terms), ['elon', 'musk', 'set', 'foot', 'mars']);
    assert.deepEqual(contentTerms(normaliseQuery('fed fed rates').terms), ['fed', 'rates']);
    // only filler: nothing to widen to
    assert.equal(widePlan(normaliseQuery('Is it going to be that?')), null);
  });

  it('"most" is all of one or two words, then about two thirds', () => {
    assert.deepEqual([1, 2, 3, 4, 5, 6, 9].map(mostOf), [1, 2, 2, 3, 4, 4, 6]);
  });

  it('shares the points among content words, numbers and short words at half weight', () => {
    const plan = widePlan(normaliseQuery('Is GTA 6 going to be delayed again?'))!;
    assert.deepEqual(plan.terms.map((t) => t.term), ['gta', '6', 'delayed']);
    assert.deepEqual(plan.terms.map((t) => t.points), [24, 12, 24]);
    assert.equal(plan.terms.reduce((s, t) => s + t.points, 0), WIDE_POINTS);
    assert.equal(plan.required, 2);
    // prefixes for words of 3+ characters and for the last word (still being typed)
    assert.deepEqual(plan.terms.map((t) => t.prefix), [true, false, true]);
    assert.deepEqual(widePlan(normaliseQuery('gta 6'))!.terms.map((t) => t.prefix), [true, true]);
  });

  it('carries the mode in the cursor and refuses a malformed one', () => {
    const cursor = wideCursor([12.5, 'kalshi:X'], 3);
    assert.deepEqual(cursor, [12.5, 'kalshi:X', 'wide', 3]);
    assert.equal(wideRequired(cursor), 3);
    assert.equal(wideRequired([12.5, 'kalshi:X']), null);
    assert.equal(wideRequired(undefined), null);
    assert.throws(() => wideRequired([12.5, 'kalshi:X', 'wide', 0]), RangeError);
    assert.throws(() => wideRequired([12.5, 'kalshi:X', 'wide', 'x']), RangeError);
  });
});
