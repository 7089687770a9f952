/** predict.fun normaliser on wire-format fixtures: envelope, question vs title, YES book, wei matches, statuses. */
import assert from 'node:assert/strict';
import { fixture } from '../fixture.js';
import { MarketSchema } from '../../../src/venues/records.js';
import { UnitError } from '../../../src/venues/units.js';
import {
  normaliseCategory,
  normaliseMarket,
  normaliseMatch,
  normaliseOrderbook,
  predictStatus,
  pricePointsFromTrades,
  type PredictCategoryWire,
  type PredictEnvelope,
  type PredictMarketWire,
  type PredictMatchWire,
  type PredictOrderbookWire,
  type PredictStatsWire,
} from '../../../src/venues/predictfun/normalise.js';

const fx = <T>(name: string): PredictEnvelope<T> => fixture<PredictEnvelope<T>>('predictfun', name);
const ctx = { fetchedAt: '2026-11-20T10:30:00.000Z' };

describe('predictfun normalise', () => {
  const [btc, arsenal, pump] = fx<PredictMarketWire[]>('markets_page.json').data;
  const book = normaliseOrderbook('4187', fx<PredictOrderbookWire>('orderbook.json').data, btc.outcomes[0].onChainId);

  it('order book: [price, quantity] pairs on YES, sorted, ms timestamp', () => {
    assert.deepEqual(book.bids, [{ price: 0.072, size: 88.25 }, { price: 0.07, size: 500 }, { price: 0.065, size: 1000 }]);
    assert.deepEqual(book.asks, [{ price: 0.079, size: 300 }, { price: 0.081, size: 1250.5 }, { price: 0.09, size: 40 }]);
    assert.equal(book.timestamp, '2026-11-22T00:00:00.123Z');
    assert.equal(book.outcome_id, btc.outcomes[0].onChainId);
    // The {price, size} string spelling gives the same levels.
    const alt = normaliseOrderbook('4187', fx<PredictOrderbookWire>('orderbook_objects.json').data);
    assert.deepEqual([alt.bids[0], alt.asks[0]], [book.bids[0], book.asks[0]]);
    assert.throws(() => normaliseOrderbook('1', { marketId: 1, updateTimestampMs: 1795305600, bids: [], asks: [] }), UnitError, 'seconds are not milliseconds');
  });

  it('a binary market with stats and book: integer id as string, token outcomes, cross-venue hints as tags', () => {
    const stats = fx<PredictStatsWire>('stats.json').data;
    const m = normaliseMarket(btc, ctx, { stats, book, category: { slug: 'bitcoin-hits-150k-in-2026', title: 'Will Bitcoin reach $150,000 before January 1, 2027?', tags: [{ name: 'Crypto' }] } });
    assert.ok(MarketSchema.safeParse(m).success);
    assert.equal(m.market_id, '4187');
    assert.equal(m.event_id, 'bitcoin-hits-150k-in-2026');
    assert.equal(m.title, 'Bitcoin hits $150K in 2026?');
    assert.equal(m.status, 'open');
    assert.equal(m.yes_bid, 0.072);
    assert.equal(m.yes_ask, 0.079);
    assert.equal(m.yes_price, 0.0755);
    assert.deepEqual(m.outcomes.map((o) => [o.label, o.price]), [['Yes', 0.0755], ['No', 0.9245]]);
    assert.equal(m.volume, 412977.12);
    assert.equal(m.volume_24h, 8120.5);
    assert.equal(m.liquidity, 18250.4);
    assert.equal(m.category, 'crypto');
    assert.ok(m.tags.includes('kalshi:KXBTCMAXY-26DEC31-149999.99'));
    assert.ok(m.tags.includes('yield-bearing'));
    assert.ok(m.tags.some((t) => t.startsWith('polymarket:0x9a3c')));
  });

  it('a listing without stats or book has null prices rather than invented ones', () => {
    const m = normaliseMarket(btc, ctx);
    assert.equal(m.yes_price, null);
    assert.equal(m.volume, null);
  });

  it('a neg-risk outcome market: the question is the title, the short outcome name the subtitle', () => {
    const m = normaliseMarket(arsenal, ctx);
    assert.equal(m.title, 'Will Arsenal win the 2026-27 Premier League?');
    assert.equal(m.subtitle, 'Arsenal');
    assert.equal(m.event_id, 'premier-league-2026-27-winner');
    assert.equal(m.status, 'open');
    assert.ok(m.tags.includes('neg-risk'));
  });

  it('a resolved market: result from the resolution outcome', () => {
    const m = normaliseMarket(pump, ctx);
    assert.equal(m.status, 'resolved');
    assert.equal(m.result, 'no');
    assert.equal(m.yes_price, 0);
  });

  it('statuses', () => {
    assert.equal(predictStatus({ status: 'REGISTERED', tradingStatus: 'OPEN' }), 'open');
    assert.equal(predictStatus({ status: 'PAUSED', tradingStatus: 'PAUSED' }), 'halted');
    assert.equal(predictStatus({ status: 'PRICE_PROPOSED', tradingStatus: 'CLOSED' }), 'closed');
    assert.equal(predictStatus({ status: 'REGISTERED', tradingStatus: 'CLOSED' }), 'closed');
    assert.throws(() => predictStatus({ status: 'NOPE' }), UnitError);
  });

  it('matches: wei strings, NO-side fills in YES terms', () => {
    const [noBuy, yesSell] = fx<PredictMatchWire[]>('matches.json').data.map((r) => normaliseMatch('4187', r, btc.outcomes[0].onChainId));
    // Bought NO at 0.921 = sold YES at 0.079; 150e18 wei of shares = 150 shares.
    assert.deepEqual([noBuy.price, noBuy.taker_side, noBuy.size, noBuy.outcome], [0.079, 'sell', 150, btc.outcomes[0].onChainId]);
    assert.deepEqual([yesSell.price, yesSell.taker_side, yesSell.size], [0.072, 'sell', 2.5]);
    assert.equal(noBuy.id, '0x5e0f0c11aa:12');
    const bad = { ...fx<PredictMatchWire[]>('matches.json').data[0], priceExecuted: '0.921' };
    assert.throws(() => normaliseMatch('4187', bad), UnitError, 'a decimal where wei is expected is refused');
  });

  it('price points from trades: last trade of each interval, oldest first', () => {
    const trades = fx<PredictMatchWire[]>('matches.json').data.map((r) => normaliseMatch('4187', r));
    assert.deepEqual(pricePointsFromTrades(trades, '1h'), [
      { timestamp: '2026-11-20T09:00:00.000Z', price: 0.072 },
      { timestamp: '2026-11-20T10:00:00.000Z', price: 0.079 },
    ]);
  });

  it('a category is an event', () => {
    const e = normaliseCategory(fx<PredictCategoryWire>('category.json').data, ctx);
    assert.equal(e.event_id, 'premier-league-2026-27-winner');
    assert.equal(e.category, 'sports');
    assert.deepEqual(e.market_ids, ['4301', '4302', '4303']);
  });
});
