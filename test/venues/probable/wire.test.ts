/**
 * Probable's wire schemas (src/venues/probable/wire.ts, from the official SDK and the developer docs)
 * refuse what the venue never sends, and the drift log names what differs.
 */
import assert from 'node:assert/strict';
import { ProbableMarketSchema, ProbableMidpointSchema, ProbableTradesSchema } from '../../../src/venues/probable/wire.js';
import { checkWire, DriftLog } from '../../../src/venues/wire.js';
import { fixture } from '../fixture.js';

const market = fixture<{ markets: Record<string, unknown>[] }>('probable', 'markets-page.json').markets[0];

describe('probable wire schemas', () => {
  it('refuses a market-level winner (the venue says it per token or as resolved_outcomes)', () => {
    assert.equal(ProbableMarketSchema.safeParse(market).success, true);
    assert.equal(ProbableMarketSchema.safeParse({ ...market, winner: null }).success, false);
    assert.equal(ProbableMarketSchema.safeParse({ ...market, winner: 'Yes' }).success, false);
  });

  it('a midpoint is a decimal string, never null; a trade row needs an id or the Data API fields', () => {
    assert.equal(ProbableMidpointSchema.safeParse({ mid: null }).success, false);
    assert.equal(ProbableTradesSchema.safeParse([{ side: 'BUY', price: '0.5', size: '1', time: 1795388000 }]).success, false);
  });

  it('the drift log tells a wrong type from a missing field', () => {
    const log = new DriftLog();
    checkWire(ProbableMarketSchema, { ...market, active: 'yes', condition_id: undefined }, { exchange: 'probable', endpoint: 'GET /markets/{id}' }, log);
    const details = log.of('probable').map((n) => `${n.kind} ${n.detail}`);
    assert.ok(details.includes('missing_field condition_id: missing'), details.join('; '));
    assert.ok(details.some((d) => d.startsWith('shape active: ')), details.join('; '));
  });
});
