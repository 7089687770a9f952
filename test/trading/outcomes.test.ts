// The outcome vocabulary's mapping (src/trading/outcomes.ts, src/venues/outcome-sides.ts) on each kind
// of venue: fixed side names, the token of the outcome labelled Yes/No, a two-outcome market by
// position, the way back from a venue's name to yes/no, and the errors.
import assert from 'node:assert/strict';
import { needsMarketOutcomes, orderOutcome } from '../../src/trading/outcomes.js';
import { sideOfLabelled, sideOfOutcome } from '../../src/venues/outcome-sides.js';

const o = (id: string, label: string) => ({ id, label, price: null });

describe('outcome yes/no to each venue\'s own, and back', () => {
  it('maps to fixed names where the venue has them, with no market lookup, and names the venue\'s words yes/no', () => {
    assert.deepEqual(orderOutcome('kalshi', 'T', 'NO', null), { outcome: 'no', venueOutcome: 'no' });
    assert.deepEqual(orderOutcome('futuur', '7', 'no', null), { outcome: 'no', venueOutcome: 'short' });
    assert.deepEqual(orderOutcome('futuur', '7', 'yes', null), { outcome: 'yes', venueOutcome: 'long' });
    assert.deepEqual(orderOutcome('futuur', '7', 'long', null), { outcome: 'yes', venueOutcome: 'long' });
    assert.deepEqual(orderOutcome('futuur', '7', 'short', null), { outcome: 'no', venueOutcome: 'short' });
    assert.equal(needsMarketOutcomes('futuur'), false);
    assert.equal(needsMarketOutcomes('kalshi'), false);
    assert.equal(needsMarketOutcomes('polymarket'), true);
  });

  it('takes the token of the outcome labelled Yes or No, else of a two-outcome market by position', () => {
    assert.deepEqual(orderOutcome('polymarket', 'm', 'no', [o('111', 'Yes'), o('222', 'No')]), { outcome: 'no', venueOutcome: '222' });
    assert.deepEqual(orderOutcome('limitless', 'm', 'yes', [o('9', 'No'), o('8', 'Yes')]), { outcome: 'yes', venueOutcome: '8' });
    assert.deepEqual(orderOutcome('opinion', 'm', 'no', [o('1', 'Up'), o('2', 'Down')]), { outcome: 'no', venueOutcome: '2' });
  });

  it('names a token of a binary market by its side, and keeps the outcome id of a multi-outcome market', () => {
    assert.deepEqual(orderOutcome('polymarket', 'm', '222', [o('111', 'Yes'), o('222', 'No')]), { outcome: 'no', venueOutcome: '222' });
    assert.deepEqual(orderOutcome('opinion', 'm', '1', [o('1', 'Up'), o('2', 'Down')]), { outcome: 'yes', venueOutcome: '1' });
    const three = [o('1', 'Alice'), o('2', 'Bob'), o('3', 'Carol')];
    assert.deepEqual(orderOutcome('predictfun', 'm', '2', three), { outcome: '2', venueOutcome: '2' });
    assert.equal(sideOfOutcome(three, '1'), null);
    assert.equal(sideOfOutcome([o('1', 'Yes'), o('2', 'Maybe'), o('3', 'No')], '3'), 'no');
  });

  it('passes an unknown name on, and says why yes/no has no token', () => {
    assert.deepEqual(orderOutcome('polymarket', 'm', '222', null), { outcome: '222', venueOutcome: '222' });
    assert.deepEqual(orderOutcome('futuur', '7', 'sideways', null), { outcome: 'sideways', venueOutcome: 'sideways' });
    assert.match((orderOutcome('polymarket', 'm', 'no', null) as { error: string }).error, /^market_id: unknown polymarket market m/);
    const multi = orderOutcome('predictfun', 'm', 'yes', [o('1', 'Alice'), o('2', 'Bob'), o('3', 'Carol')]) as { error: string };
    assert.match(multi.error, /^outcome: predictfun market m is not a yes\/no market; name one of its outcome ids: 1 \(Alice\), 2 \(Bob\), 3 \(Carol\)/);
  });

  it('a position row\'s side: its label when it says yes or no, else its index', () => {
    assert.equal(sideOfLabelled('No', 0), 'no');
    assert.equal(sideOfLabelled('Down', 1), 'no');
    assert.equal(sideOfLabelled('Up', 0), 'yes');
    assert.equal(sideOfLabelled(undefined, undefined), null);
  });
});
