/** Opinion normaliser on wire-format fixtures: envelope, numeric statuses, categorical children, unix seconds with 0, token books. */
import assert from 'node:assert/strict';
import { fixture } from '../fixture.js';
import { MarketSchema } from '../../../src/venues/records.js';
import { UnitError } from '../../../src/venues/units.js';
import {
  normaliseLatestTrade,
  normaliseListing,
  normaliseMarket,
  normaliseOrderbook,
  normalisePriceHistory,
  opinionStatus,
  type OpinionHistoryWire,
  type OpinionLatestPriceWire,
  type OpinionMarketWire,
  type OpinionOrderbookWire,
} from '../../../src/venues/opinion/normalise.js';
import type { OpinionEnvelope } from '../../../src/venues/opinion/wire.js';

const fx = <T>(name: string): OpinionEnvelope<T> => fixture<OpinionEnvelope<T>>('opinion', name);
const ctx = { fetchedAt: '2026-11-20T10:30:00.000Z' };

describe('opinion normalise', () => {
  const [btc, worldCup, fed] = fx<{ total: number; list: OpinionMarketWire[] }>('market_list.json').result!.list;

  it('a binary market: numeric id as string, token outcomes, second timestamps, 0 = unset, volume strings', () => {
    const m = normaliseMarket(btc, ctx, undefined, 0.072);
    assert.ok(MarketSchema.safeParse(m).success);
    assert.equal(m.market_id, '2114');
    assert.equal(m.status, 'open');
    assert.equal(m.open_time, '2026-05-28T20:26:40.000Z');
    assert.equal(m.close_time, '2027-01-01T03:59:00.000Z');
    assert.equal(m.resolution_time, null);
    assert.equal(m.volume, 1843392.55);
    assert.equal(m.volume_24h, 20412.1);
    assert.equal(m.yes_price, 0.072);
    assert.deepEqual(m.outcomes.map((o) => [o.id.slice(0, 6), o.label, o.price]), [['314159', 'YES', 0.072], ['271828', 'NO', 0.928]]);
    assert.equal(m.category, 'crypto');
  });

  it('a categorical market: children become markets of an event; short option names get the question; deleted children are skipped', () => {
    const out = normaliseListing(worldCup, ctx);
    assert.deepEqual(out.markets.map((m) => [m.market_id, m.title, m.event_id]), [
      ['2141', '2026 FIFA World Cup winner: Spain', '2140'],
      ['2142', "Côte d'Ivoire wins the World Cup?", '2140'],
    ]);
    assert.equal(out.skipped.length, 1);
    assert.equal(out.skipped[0].id, '2143');
    assert.equal(out.event?.event_id, '2140');
    assert.deepEqual(out.event?.market_ids, ['2141', '2142', '2143']);
    assert.equal(out.markets[0].category, 'sports');
    assert.throws(() => normaliseMarket(worldCup, ctx), UnitError, 'a categorical parent is not a market');
  });

  it('a resolved market: result from resultTokenId', () => {
    const m = normaliseMarket(fed, ctx);
    assert.equal(m.status, 'resolved');
    assert.equal(m.result, 'yes');
    assert.equal(m.yes_price, 1);
    assert.equal(m.resolution_time, '2025-09-17T19:02:11.000Z');
  });

  it('statuses', () => {
    assert.deepEqual([1, 2, 3, 4, 5].map(opinionStatus), ['upcoming', 'open', 'closed', 'resolved', 'closed']);
    assert.throws(() => opinionStatus(6), UnitError);
  });

  it('order book: decimal strings, unsorted levels sorted, ms timestamp', () => {
    const b = normaliseOrderbook('2114', fx<OpinionOrderbookWire>('orderbook.json').result!);
    assert.deepEqual(b.bids, [{ price: 0.071, size: 40 }, { price: 0.065, size: 1200.5 }]);
    assert.deepEqual(b.asks, [{ price: 0.074, size: 15.25 }, { price: 0.08, size: 310 }]);
    assert.equal(b.timestamp, '2026-11-22T00:00:00.500Z');
  });

  it('price history: unix seconds, string prices, sorted oldest first', () => {
    assert.deepEqual(normalisePriceHistory(fx<OpinionHistoryWire>('price_history.json').result!), [
      { timestamp: '2026-11-22T00:00:00.000Z', price: 0.07 },
      { timestamp: '2026-11-22T01:00:00.000Z', price: 0.0715 },
      { timestamp: '2026-11-22T02:00:00.000Z', price: 0.073 },
    ]);
  });

  it('the last NO-token trade in YES terms', () => {
    const t = normaliseLatestTrade('2114', fx<OpinionLatestPriceWire>('latest_price_no.json').result!, { yes: btc.yesTokenId!, no: btc.noTokenId! });
    assert.deepEqual([t.price, t.taker_side, t.size, t.outcome, t.timestamp], [0.072, 'sell', 55, btc.yesTokenId, '2026-11-21T23:50:00.000Z']);
    assert.throws(() => normaliseLatestTrade('2114', fx<OpinionLatestPriceWire>('latest_price_no.json').result!, { yes: '1', no: '2' }), UnitError);
  });
});
