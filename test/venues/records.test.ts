import assert from 'node:assert/strict';
import { makeBook, makeBookDelta, makeCandle, makeEvent, makeMarket, makePricePoint, makeTrade, RecordError, topOfBook } from '../../src/venues/records.js';
import { EXCHANGE_CODES, EXCHANGES, ExchangeCodeSchema, getExchange } from '../../src/venues/exchanges.js';

const base = { exchange: 'kalshi' as const, market_id: 'M-1', title: 'Will it rain?', status: 'open' as const, updated_at: '2026-11-22T00:00:00.000Z', raw: { x: 1 } };

describe('exchange table', () => {
  // docs/api-contract.md §1 fixes the first nine; a venue added later takes the next ordinal (x10...).
  it('the contract\'s nine venues first, in x1..x9 order; ordinals follow the list; the zod enum takes exactly the codes', () => {
    assert.deepEqual(EXCHANGE_CODES.slice(0, 9), ['kalshi', 'polymarket', 'limitless', 'predictfun', 'opinion', 'futuur', 'probable', 'manifold', 'predictit']);
    assert.deepEqual(EXCHANGES.map((e) => e.ordinal), EXCHANGES.map((_, i) => `x${i + 1}`));
    assert.deepEqual(ExchangeCodeSchema.options, [...EXCHANGE_CODES]);
    assert.equal(ExchangeCodeSchema.safeParse('kalshi').success, true);
    assert.equal(ExchangeCodeSchema.safeParse('x1').success, false);
    assert.deepEqual(EXCHANGES.slice(0, 9).filter((e) => e.trading).map((e) => e.code), ['kalshi', 'polymarket', 'limitless', 'predictfun', 'opinion', 'futuur']);
    assert.equal(getExchange('futuur').signing, 'hmac-sha512');
    assert.equal(getExchange('predictfun').smartWallet, true);
  });
});

describe('records', () => {
  it('makeMarket fills defaults and derives closed from status', () => {
    const m = makeMarket(base);
    assert.equal(m.closed, false);
    assert.equal(m.category, 'other');
    assert.deepEqual(m.tags, []);
    assert.equal(makeMarket({ ...base, status: 'resolved' }).closed, true);
    assert.equal(makeMarket({ ...base, status: 'upcoming' }).closed, false);
  });

  it('makeMarket rejects out-of-range prices, NaN, negative volume, bad times and crossed quotes', () => {
    assert.throws(() => makeMarket({ ...base, yes_price: 56 }), RecordError);
    assert.throws(() => makeMarket({ ...base, yes_bid: Number.NaN }), RecordError);
    assert.throws(() => makeMarket({ ...base, volume: -1 }), RecordError);
    assert.throws(() => makeMarket({ ...base, close_time: '2026-13-45' }), RecordError);
    assert.throws(() => makeMarket({ ...base, yes_bid: 0.6, yes_ask: 0.5 }), RecordError);
    assert.throws(() => makeMarket({ ...base, exchange: 'nasdaq' as never }), RecordError);
    assert.throws(() => makeMarket({ ...base, outcomes: [{ id: 'yes', label: 'Yes', price: 1.2 }] }), RecordError);
    try {
      makeMarket({ ...base, last_price: 2 });
      assert.fail('expected a RecordError');
    } catch (e) {
      assert.ok(e instanceof RecordError);
      assert.match(e.message, /kalshi.*last_price/);
    }
  });

  it('makeBook merges, sorts and drops empty levels; rejects bad levels', () => {
    const b = makeBook({ exchange: 'polymarket', market_id: 'M', bids: [{ price: 0.4, size: 5 }, { price: 0.45, size: 1 }, { price: 0.4, size: 5 }, { price: 0.3, size: 0 }], asks: [{ price: 0.6, size: 2 }, { price: 0.5, size: 3 }], timestamp: '2026-11-22T00:00:00.000Z' });
    assert.deepEqual(b.bids, [{ price: 0.45, size: 1 }, { price: 0.4, size: 10 }]);
    assert.deepEqual(b.asks.map((l) => l.price), [0.5, 0.6]);
    assert.deepEqual(topOfBook(b), { best_bid: 0.45, best_ask: 0.5, bid_size: 1, ask_size: 3, mid: 0.475, spread: 0.05, timestamp: '2026-11-22T00:00:00.000Z' });
    assert.throws(() => makeBook({ exchange: 'polymarket', market_id: 'M', bids: [{ price: 45, size: 1 }], asks: [], timestamp: '2026-11-22T00:00:00.000Z' }), RecordError);
    assert.throws(() => makeBook({ exchange: 'polymarket', market_id: 'M', bids: [{ price: 0.4, size: Number.NaN }], asks: [], timestamp: '2026-11-22T00:00:00.000Z' }), RecordError);
  });

  it('trades, price points, candles, events and deltas validate their units', () => {
    assert.equal(makeTrade({ exchange: 'kalshi', market_id: 'M', id: 't', price: 0.5, size: 1, timestamp: '2026-11-22T00:00:00.000Z' }).taker_side, null);
    assert.throws(() => makeTrade({ exchange: 'kalshi', market_id: 'M', id: 't', price: 50, size: 1, timestamp: '2026-11-22T00:00:00.000Z' }), RecordError);
    assert.throws(() => makePricePoint({ timestamp: '1795381200', price: 0.5 }), RecordError, 'unix seconds are not an ISO time');
    assert.throws(() => makeCandle({ timestamp: '2026-11-22T00:00:00.000Z', open: 0.5, high: 0.4, low: 0.3, close: 0.45, volume: 1 }), RecordError);
    assert.equal(makeEvent({ exchange: 'kalshi', event_id: 'E', title: ' Title ', updated_at: '2026-11-22T00:00:00.000Z', raw: {} }).title, 'Title');
    assert.throws(() => makeBookDelta({ exchange: 'kalshi', market_id: 'M', side: 'bid', price: 0.5, timestamp: '2026-11-22T00:00:00.000Z' }), RecordError);
  });
});
