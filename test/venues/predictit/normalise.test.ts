/** PredictIt normaliser on fixtures in the venue's wire format, including its unit and time traps. */
import assert from 'node:assert/strict';
import { fixture as venueFixture } from '../fixture.js';
import { MarketSchema, MarketEventSchema } from '../../../src/venues/records.js';
import { UnitError } from '../../../src/venues/units.js';
import {
  easternToIsoOrNull,
  normaliseChart,
  normaliseContract,
  normaliseEvent,
  predictitStatus,
  type PredictItChartRowWire,
  type PredictItMarketWire,
} from '../../../src/venues/predictit/normalise.js';

const fixture = <T>(name: string): T => venueFixture<T>('predictit', name);
const { markets } = fixture<{ markets: PredictItMarketWire[] }>('marketdata-all.json');
const chart = fixture<PredictItChartRowWire[]>('chart-8103.json');
const ctx = { fetchedAt: '2026-11-23T00:00:00.000Z' };
const market = (id: number): PredictItMarketWire => markets.find((m) => m.id === id)!;
const contract = (mid: number, cid: number) => normaliseContract(market(mid), market(mid).contracts.find((c) => c.id === cid)!, ctx);

describe('predictit normaliser', () => {
  describe('US Eastern times without a zone', () => {
    it('reads ISO-like wall clock in EST and EDT by date, including 7 fractional digits', () => {
      assert.equal(easternToIsoOrNull('2026-01-31T13:10:26.3247098'), '2026-01-31T18:10:26.324Z');
      assert.equal(easternToIsoOrNull('2026-12-31T23:59:00'), '2027-01-01T04:59:00.000Z');
      assert.equal(easternToIsoOrNull('2026-03-31T23:59:00'), '2026-04-01T03:59:00.000Z', 'EDT after the March switch');
      assert.equal(easternToIsoOrNull('2026-03-08T03:30:00'), '2026-03-08T07:30:00.000Z', 'first hour of EDT');
      assert.equal(easternToIsoOrNull('2026-11-01T12:00:00'), '2026-11-01T17:00:00.000Z', 'back to EST');
    });
    it('reads US style "(ET)" strings, and NA as no time; refuses garbage', () => {
      assert.equal(easternToIsoOrNull('02/04/2026 11:00:00 AM (ET)'), '2026-02-04T16:00:00.000Z');
      assert.equal(easternToIsoOrNull('07/04/2026 12:00:00 AM'), '2026-07-04T04:00:00.000Z');
      assert.equal(easternToIsoOrNull('07/04/2026 12:30:00 PM'), '2026-07-04T16:30:00.000Z');
      assert.equal(easternToIsoOrNull('NA'), null);
      assert.equal(easternToIsoOrNull(null), null);
      assert.equal(easternToIsoOrNull('2026-07-04T12:00:00Z'), '2026-07-04T12:00:00.000Z', 'an explicit zone is kept');
      assert.throws(() => easternToIsoOrNull('next Tuesday'), UnitError);
    });
  });

  it('a contract of a multi-contract market is one binary market: ids, title "question - contract", dollar quotes', () => {
    const m = contract(8101, 31901);
    assert.ok(MarketSchema.safeParse(m).success);
    assert.equal(m.exchange, 'predictit');
    assert.equal(m.market_id, '31901');
    assert.equal(m.event_id, '8101');
    assert.equal(m.title, 'Which party will control the House after 2026 election? - Democratic');
    assert.equal(m.subtitle, 'Democratic');
    assert.equal(m.yes_bid, 0.7, 'bestSellYesCost is the YES bid');
    assert.equal(m.yes_ask, 0.72, 'bestBuyYesCost is the YES ask');
    assert.equal(m.yes_price, 0.71);
    assert.equal(m.last_price, 0.71);
    assert.deepEqual(m.outcomes, [
      { id: 'yes', label: 'Yes', price: 0.71 },
      { id: 'no', label: 'No', price: 0.29 },
    ]);
    assert.equal(m.close_time, null, 'dateEnd NA');
    assert.equal(m.updated_at, '2026-01-31T18:10:26.324Z', 'timeStamp is Eastern');
    assert.equal(m.volume, null);
    assert.equal(m.category, 'politics');
    assert.equal(m.url, 'https://www.predictit.org/markets/detail/8101/Which-party-will-control-the-House-after-2026-election');
  });

  it('a single-contract market keeps the question as title; its dateEnd is Eastern', () => {
    const m = contract(8102, 31903);
    assert.equal(m.title, 'Will the Fed cut rates at its December 2026 meeting?');
    assert.equal(m.subtitle, null);
    assert.equal(m.close_time, '2027-01-01T04:59:00.000Z');
    assert.equal(m.updated_at, '2026-07-15T13:00:00.100Z', 'EDT in July');
    assert.equal(m.category, 'economics');
  });

  it('missing quotes: nulls stay null, the NO side implies the other YES side, and nothing at all falls back to the last trade', () => {
    const harris = contract(8103, 31905);
    assert.equal(harris.yes_ask, 0.01);
    assert.equal(harris.yes_bid, null, 'no bestSellYesCost and no bestBuyNoCost');
    assert.equal(harris.yes_price, 0.01);
    const nobody = contract(8103, 31906);
    assert.equal(nobody.yes_bid, null);
    assert.equal(nobody.yes_ask, 0.03, 'ask implied by bestSellNoCost 0.97');
    assert.equal(nobody.yes_price, 0.02, 'last trade when only one side is quoted');
  });

  it('contract status decides within an open market; US-style end dates', () => {
    const closed = contract(8103, 31907);
    assert.equal(closed.status, 'closed');
    assert.equal(closed.closed, true);
    assert.equal(contract(8104, 31908).close_time, '2026-02-04T16:00:00.000Z');
    assert.equal(predictitStatus('Open', 'Closed'), 'closed');
    assert.throws(() => predictitStatus('Weird', 'Open'), UnitError);
  });

  it('refuses cents where dollars are due', () => {
    const raw = market(8102);
    assert.throws(() => normaliseContract(raw, { ...raw.contracts[0], bestBuyYesCost: 59 }, ctx), UnitError);
  });

  it('the PredictIt market becomes an event listing its contracts', () => {
    const e = normaliseEvent(market(8104), ctx);
    assert.ok(MarketEventSchema.safeParse(e).success);
    assert.equal(e.event_id, '8104');
    assert.deepEqual(e.market_ids, ['31908', '31909']);
    assert.equal(e.close_time, '2026-04-01T03:59:00.000Z', 'latest contract end');
  });

  it('chart rows of one contract -> close prices oldest first, by id or (without ids) by name, "$" strings too', () => {
    const pts = normaliseChart(chart, { id: 31904, name: 'Vance' });
    assert.deepEqual(pts, [
      { timestamp: '2026-11-19T05:00:00.000Z', price: 0.47 },
      { timestamp: '2026-11-20T05:00:00.000Z', price: 0.48 },
      { timestamp: '2026-11-21T05:00:00.000Z', price: 0.49 },
    ]);
    assert.deepEqual(normaliseChart(chart, { id: 31905, name: 'Kamala Harris' }).map((p) => p.price), [0.01]);
    assert.deepEqual(normaliseChart(chart, { id: 1, name: 'Nobody' }), []);
  });
});
