// The outcome vocabulary's mapping (src/trading/outcomes.ts) on each kind of venue: fixed side names,
// the token of the outcome labelled Yes/No, a two-outcome market by position, and the errors.
import assert from 'node:assert/strict';
import { needsMarketOutcomes, venueOutcome } from '../../src/trading/outcomes.js';

const o = (id: string, label: string) => ({ id, label, price: null });

describe('outcome yes/no to each venue\'s own', () => {
  it('maps to fixed names where the venue has them, with no market lookup', () => {
    assert.deepEqual(venueOutcome('kalshi', 'T', 'NO', null), { outcome: 'no' });
    assert.deepEqual(venueOutcome('futuur', '7', 'no', null), { outcome: 'short' });
    assert.deepEqual(venueOutcome('futuur', '7', 'yes', null), { outcome: 'long' });
    assert.equal(needsMarketOutcomes('futuur', 'no'), false);
    assert.equal(needsMarketOutcomes('polymarket', 'no'), true);
    assert.equal(needsMarketOutcomes('polymarket', '1234'), false);
  });

  it('takes the token of the outcome labelled Yes or No, else of a two-outcome market by position', () => {
    assert.deepEqual(venueOutcome('polymarket', 'm', 'no', [o('111', 'Yes'), o('222', 'No')]), { outcome: '222' });
    assert.deepEqual(venueOutcome('limitless', 'm', 'yes', [o('9', 'No'), o('8', 'Yes')]), { outcome: '8' });
    assert.deepEqual(venueOutcome('opinion', 'm', 'no', [o('1', 'Up'), o('2', 'Down')]), { outcome: '2' });
  });

  it('passes an outcome id or a venue name on, and says why yes/no has no token', () => {
    assert.deepEqual(venueOutcome('polymarket', 'm', '222', null), { outcome: '222' });
    assert.deepEqual(venueOutcome('futuur', '7', 'long', null), { outcome: 'long' });
    assert.match((venueOutcome('polymarket', 'm', 'no', null) as { error: string }).error, /^market_id: unknown polymarket market m/);
    const multi = venueOutcome('predictfun', 'm', 'yes', [o('1', 'Alice'), o('2', 'Bob'), o('3', 'Carol')]) as { error: string };
    assert.match(multi.error, /^outcome: predictfun market m is not a yes\/no market; name one of its outcome ids: 1 \(Alice\), 2 \(Bob\), 3 \(Carol\)/);
  });
});
