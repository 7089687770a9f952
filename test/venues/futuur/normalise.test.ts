/** Futuur normaliser on wire-format fixtures: events vs markets, long-side prices, real-money ledger, both pagination shapes. */
import assert from 'node:assert/strict';
import { fixture } from '../fixture.js';
import { MarketSchema } from '../../../src/venues/records.js';
import { UnitError } from '../../../src/venues/units.js';
import {
  futuurMarketStatus,
  normaliseAction,
  normaliseBook,
  normaliseEvent,
  normaliseEventMarkets,
  normaliseMarket,
  normalisePriceHistory,
  pageTotal,
  type FutuurActionWire,
  type FutuurBookWire,
  type FutuurEventWire,
  type FutuurPageWire,
  type FutuurPriceHistoryWire,
} from '../../../src/venues/futuur/normalise.js';

const fx = <T>(name: string): T => fixture<T>('futuur', name);
const ctx = { fetchedAt: '2026-11-20T10:30:00.000Z' };

describe('futuur normalise', () => {
  const page = fx<FutuurPageWire<FutuurEventWire>>('events_page.json');
  const [house, ballon] = page.results;

  it('a one-market event: the Futuur market is the market, the event its event; real-money volume', () => {
    const [m] = normaliseEventMarkets(house, ctx).markets;
    assert.ok(MarketSchema.safeParse(m).success);
    assert.equal(m.market_id, '31012');
    assert.equal(m.event_id, '7012');
    assert.equal(m.title, house.title);
    assert.equal(m.yes_price, 0.693);
    assert.deepEqual(m.outcomes.map((o) => [o.id, o.label, o.price]), [['long', 'Yes', 0.693], ['short', 'No', 0.307]]);
    assert.equal(m.volume, 18204.55);
    assert.equal(m.liquidity, 2730.68);
    assert.equal(m.close_time, '2027-01-03T17:00:00.000Z');
    assert.equal(m.open_time, '2026-03-10T15:22:09.114Z');
    assert.equal(m.category, 'politics');
    assert.deepEqual(m.tags, ['US Midterms']);
  });

  it('a multi-market event: option names get the question; a price above 1 is refused, not clamped', () => {
    const out = normaliseEventMarkets(ballon, ctx);
    assert.deepEqual(out.markets.map((m) => [m.market_id, m.title, m.subtitle]), [
      ['31040', "Who will win the 2027 Ballon d'Or: Lamine Yamal", 'Lamine Yamal'],
      ['31041', "Who will win the 2027 Ballon d'Or: Kylian Mbappé", 'Kylian Mbappé'],
    ]);
    assert.equal(out.skipped.length, 1);
    assert.match(out.skipped[0].reason, /not a probability/);
    assert.deepEqual(normaliseEvent(ballon, ctx).market_ids, ['31040', '31041', '31042']);
  });

  it('both pagination shapes give a total', () => {
    assert.equal(pageTotal(page), 212);
    assert.equal(pageTotal(fx<FutuurPageWire<unknown>>('actions_page.json')), 2);
  });

  it('a resolved event: result from the market resolution (long = yes)', () => {
    const ev = fx<FutuurEventWire>('event_resolved.json');
    const m = normaliseMarket(ev.markets[0], ev, ctx);
    assert.equal(m.status, 'resolved');
    assert.equal(m.result, 'yes');
    assert.equal(m.yes_price, 1);
    assert.equal(m.category, 'economics');
  });

  it('statuses of market and event combine', () => {
    assert.equal(futuurMarketStatus('active', 'open'), 'open');
    assert.equal(futuurMarketStatus('active', 'paused'), 'halted');
    assert.equal(futuurMarketStatus('stopped', 'open'), 'closed');
    assert.equal(futuurMarketStatus('active', 'reversed'), 'closed');
    assert.throws(() => futuurMarketStatus('weird', 'open'), UnitError);
  });

  it('book: total_shares are the sizes of the long side', () => {
    const b = normaliseBook('31012', fx<FutuurBookWire>('book.json'), ctx);
    assert.deepEqual(b.bids, [{ price: 0.68, size: 250 }, { price: 0.66, size: 1000.5 }]);
    assert.deepEqual(b.asks, [{ price: 0.71, size: 75 }]);
    assert.equal(b.outcome_id, 'long');
  });

  it('actions: short-side fills in long terms; market given as id or object', () => {
    const [shortBuy, longSell] = fx<FutuurPageWire<FutuurActionWire>>('actions_page.json').results.map(normaliseAction);
    assert.deepEqual([shortBuy.market_id, shortBuy.price, shortBuy.taker_side, shortBuy.size], ['31012', 0.69, 'sell', 40]);
    assert.deepEqual([longSell.market_id, longSell.price, longSell.taker_side, longSell.size, longSell.timestamp], ['31012', 0.69, 'sell', 12.5, '2026-11-20T09:41:00.000Z']);
  });

  it('price history: the series of the asked market, oldest first', () => {
    assert.deepEqual(normalisePriceHistory('31012', fx<FutuurPriceHistoryWire>('price_history.json')), [
      { timestamp: '2026-11-20T08:00:00.000Z', price: 0.675 },
      { timestamp: '2026-11-20T09:00:00.000Z', price: 0.68 },
    ]);
    assert.deepEqual(normalisePriceHistory('1', fx<FutuurPriceHistoryWire>('price_history.json')), []);
  });
});
