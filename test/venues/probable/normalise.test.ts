/** Probable normaliser on fixtures in the venue's wire format, including its unit traps. */
import assert from 'node:assert/strict';
import { fixture as venueFixture } from '../fixture.js';
import { MarketSchema, OrderBookSchema } from '../../../src/venues/records.js';
import { UnitError } from '../../../src/venues/units.js';
import {
  decodeOutcomes,
  normaliseBook,
  normaliseMarket,
  normaliseMidpoint,
  normalisePriceHistory,
  normaliseTrade,
  type ProbableBookWire,
  type ProbableMarketWire,
  type ProbableTradeWire,
} from '../../../src/venues/probable/normalise.js';

const fixture = <T>(name: string): T => venueFixture<T>('probable', name);
const page = fixture<{ markets: ProbableMarketWire[] }>('markets-page.json');
const book = fixture<ProbableBookWire>('book.json');
const history = fixture<{ history: { t: number; p: number | string }[] }>('prices-history.json');
const trades = fixture<ProbableTradeWire[]>('trades.json');
const ctx = { fetchedAt: '2026-11-23T00:00:00.000Z' };
const raw = (id: number): ProbableMarketWire => page.markets.find((m) => m.id === id)!;
const YES = '71321045679252212594626385532706912750332728571942532289631379312455583992563';
const NO = '52114319501245915516055106046884209969926127482827954674443846427813813222426';

describe('probable normaliser', () => {
  it('a market has no price of its own: YES comes from the midpoint; token ids are outcome ids; USDT volumes', () => {
    const m = normaliseMarket(raw(1201), ctx, 0.065);
    assert.ok(MarketSchema.safeParse(m).success);
    assert.equal(m.market_id, '1201');
    assert.equal(m.event_id, '411');
    assert.equal(m.subtitle, 'Bitcoin $150k in 2026');
    assert.deepEqual(m.outcomes, [
      { id: YES, label: 'Yes', price: 0.065 },
      { id: NO, label: 'No', price: 0.935 },
    ]);
    assert.equal(m.yes_price, 0.065);
    assert.equal(m.volume, 182345.12);
    assert.equal(m.volume_24h, 4210.5);
    assert.equal(m.liquidity, 15230);
    assert.equal(m.status, 'open');
    assert.equal(m.category, 'crypto');
    assert.equal(m.close_time, '2026-12-31T23:59:59.000Z');
    assert.equal(m.url, 'https://probable.markets/event/bitcoin-150k-2026?market=1201');
    const noMid = normaliseMarket(raw(1201), ctx);
    assert.equal(noMid.yes_price, null);
    assert.deepEqual(noMid.outcomes.map((o) => o.price), [null, null]);
  });

  it('JSON-encoded outcomes/clobTokenIds strings, YES not first, numeric-string event id, empty amounts', () => {
    const o = decodeOutcomes(raw(1202));
    assert.deepEqual(o, { labels: ['No', 'Yes'], tokenIds: ['1111', '2222'], yesIndex: 1 });
    const m = normaliseMarket(raw(1202), ctx, 0.4);
    assert.deepEqual(m.outcomes, [
      { id: '1111', label: 'No', price: 0.6 },
      { id: '2222', label: 'Yes', price: 0.4 },
    ]);
    assert.equal(m.event_id, '420');
    assert.equal(m.liquidity, null, 'absent is no value');
    assert.equal(m.volume_24h, null);
    assert.equal(m.category, 'economics');
    assert.throws(() => decodeOutcomes({ ...raw(1202), clobTokenIds: '["1111"]' }), UnitError);
  });

  it('closed with a winning token (or resolved_outcomes) is resolved at 1/0; inactive but not closed is halted', () => {
    const won = normaliseMarket(raw(1203), ctx);
    assert.equal(won.status, 'resolved');
    assert.equal(won.result, 'yes');
    assert.equal(won.yes_price, 1);
    const lost = normaliseMarket(raw(1205), ctx);
    assert.deepEqual([lost.status, lost.result, lost.yes_price], ['resolved', 'no', 0]);
    const halted = normaliseMarket(raw(1204), ctx);
    assert.equal(halted.status, 'halted');
    assert.equal(halted.closed, true);
  });

  it('midpoint strings; refuses a price above 1', () => {
    assert.equal(normaliseMidpoint({ mid: '0.555' }), 0.555);
    assert.equal(normaliseMidpoint({ mid: null }), null);
    assert.throws(() => normaliseMidpoint({ mid: '55' }), UnitError);
  });

  it('book: decimal strings, levels merged and sorted best first, ms or s timestamp', () => {
    const b = normaliseBook('1201', YES, book, ctx);
    assert.ok(OrderBookSchema.safeParse(b).success);
    assert.deepEqual(b.bids, [
      { price: 0.06, size: 400.5 },
      { price: 0.05, size: 1200 },
    ]);
    assert.deepEqual(b.asks, [
      { price: 0.08, size: 75.25 },
      { price: 0.09, size: 250 },
    ]);
    assert.equal(b.timestamp, '2026-11-23T00:00:00.123Z');
    assert.equal(b.outcome_id, YES);
    // The docs' example sends seconds, a Polymarket-style CLOB milliseconds: both read.
    assert.equal(normaliseBook('1201', YES, { ...book, timestamp: '1795392000' }, ctx).timestamp, '2026-11-23T00:00:00.000Z');
  });

  it('price history: t is unix seconds, sorted oldest first', () => {
    assert.deepEqual(normalisePriceHistory(history), [
      { timestamp: '2026-11-22T22:00:00.000Z', price: 0.069 },
      { timestamp: '2026-11-22T23:00:00.000Z', price: 0.071 },
      { timestamp: '2026-11-23T00:00:00.000Z', price: 0.07 },
    ]);
    assert.throws(() => normalisePriceHistory({ history: [{ t: 1795392000000, p: 0.5 }] }), UnitError, 'ms where seconds are due');
  });

  it('trades in YES terms: a NO-token buy at 0.94 is a YES sell at 0.06; seconds or ms times', () => {
    const ctxT = { marketId: '1201', yesToken: YES, noToken: NO };
    const [a, b, c, d] = trades.map((t) => normaliseTrade(t, ctxT));
    assert.deepEqual([a.price, a.taker_side, a.size, a.timestamp], [0.07, 'buy', 150, '2026-11-22T23:43:20.000Z']);
    assert.deepEqual([b.price, b.taker_side, b.size, b.timestamp], [0.06, 'sell', 40, '2026-11-22T23:26:40.000Z']);
    assert.equal(b.outcome, YES);
    assert.deepEqual([c.id, c.price, c.taker_side], ['987', 0.065, 'sell']);
    // A Data API row: no id (the transaction and fill make one), the token as `asset`, `timestamp` in s.
    assert.deepEqual([d.price, d.taker_side, d.size, d.timestamp], [0.08, 'buy', 12.5, '2026-11-22T22:53:20.000Z']);
    assert.match(d.id, /^0xa8b1be18.*:52114319/);
  });
});
