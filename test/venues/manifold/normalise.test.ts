/** Manifold normaliser on fixtures in the venue's wire format, including its unit traps. */
import assert from 'node:assert/strict';
import { fixture as venueFixture } from '../fixture.js';
import { MarketSchema, RecordError } from '../../../src/venues/records.js';
import { UnitError } from '../../../src/venues/units.js';
import { normaliseBet, normaliseMarket, yesProbability, type ManifoldBetWire, type ManifoldMarketWire } from '../../../src/venues/manifold/normalise.js';

const fixture = <T>(name: string): T => venueFixture<T>('manifold', name);
const lite = fixture<ManifoldMarketWire[]>('markets-lite.json');
const full = fixture<ManifoldMarketWire>('market-full-multi.json');
const bets = fixture<ManifoldBetWire[]>('bets.json');
const ctx = { fetchedAt: '2026-11-23T00:00:00.000Z' };
const byId = (id: string): ManifoldMarketWire => lite.find((m) => m.id === id)!;

describe('manifold normaliser', () => {
  it('binary market: 0..1 probability as YES/NO outcomes, ms times, mana volume, no book', () => {
    const m = normaliseMarket(byId('Tq7sWz1Lp0'), ctx);
    assert.ok(MarketSchema.safeParse(m).success);
    assert.equal(m.exchange, 'manifold');
    assert.equal(m.market_id, 'Tq7sWz1Lp0');
    assert.equal(m.event_id, null);
    assert.equal(m.status, 'open');
    assert.equal(m.yes_price, 0.5743);
    assert.equal(m.last_price, 0.5743);
    assert.equal(m.yes_bid, null);
    assert.equal(m.yes_ask, null);
    assert.deepEqual(m.outcomes, [
      { id: 'YES', label: 'Yes', price: 0.5743 },
      { id: 'NO', label: 'No', price: 0.4257 },
    ]);
    // Milliseconds, not seconds: 2026, not 1970 or the year 58000.
    assert.equal(m.open_time, new Date(1780000000000).toISOString());
    assert.equal(m.close_time, '2026-12-31T23:59:59.000Z');
    assert.equal(m.updated_at, new Date(1795400000000).toISOString());
    // Mana is not USD: liquidity stays null; the volume figure is Manifold's own, tagged as mana.
    assert.equal(m.volume, 15432.18);
    assert.equal(m.volume_24h, 210.5);
    assert.equal(m.liquidity, null);
    assert.ok(m.tags.includes('mana'));
    assert.equal(m.category, 'economics', 'a lite market has no topics: the question words decide');
    assert.equal(m.url, 'https://manifold.markets/Austin/will-the-fed-cut-rates-at-the-decem');
  });

  it('STONK without a probability field: derived from pool and p like the venue does', () => {
    const raw = byId('lZ9pCsU8nQ');
    assert.equal(raw.probability, undefined);
    const p = yesProbability(raw)!;
    assert.ok(Math.abs(p - 0.74) < 0.001, `derived ${p}`);
    const m = normaliseMarket(raw, ctx);
    assert.equal(m.close_time, null);
    assert.equal(m.status, 'open');
    assert.equal(m.yes_price, p);
  });

  it('multi-answer market: the lite listing has no answers (no outcomes, no YES price); the full market has one outcome per answer', () => {
    const l = normaliseMarket(byId('Mc28DemNom'), ctx);
    assert.deepEqual(l.outcomes, []);
    assert.equal(l.yes_price, null);
    const f = normaliseMarket(full, ctx);
    assert.deepEqual(
      f.outcomes.map((o) => [o.id, o.label, o.price]),
      [
        ['aNswr1Gav0', 'Gavin Newsom', 0.31],
        ['aNswr2Aoc0', 'Alexandria Ocasio-Cortez', 0.14],
        ['aNswr3Oth0', 'Other', 0.55],
      ],
      'answers ordered by their index, ids are answer ids',
    );
    assert.equal(f.yes_price, null);
    assert.equal(f.rules, 'Resolves to the candidate formally nominated at the 2028 Democratic National Convention.');
    assert.equal(f.category, 'politics');
    assert.ok(f.tags.includes('2028-election'));
  });

  it('resolution: MKT resolves YES price to resolutionProbability; CANCEL is resolved "cancelled"; a past closeTime is closed', () => {
    const mkt = normaliseMarket(byId('ApprMkt001'), ctx);
    assert.equal(mkt.status, 'resolved');
    assert.equal(mkt.closed, true);
    assert.equal(mkt.result, 'mkt');
    assert.equal(mkt.yes_price, 0.42);
    assert.equal(mkt.last_price, 0.67830905, 'last AMM price kept, rounded to 8 decimals');
    assert.equal(mkt.resolution_time, new Date(1793503600000).toISOString());
    const cancelled = normaliseMarket(byId('CancelDeb1'), ctx);
    assert.equal(cancelled.result, 'cancelled');
    assert.equal(cancelled.status, 'resolved');
    const closed = normaliseMarket(byId('JobsOct26x'), ctx);
    assert.equal(closed.status, 'closed', 'closeTime passed, not resolved');
    assert.equal(closed.result, null);
    const yes = normaliseMarket({ ...byId('JobsOct26x'), isResolved: true, resolution: 'YES', resolutionTime: 1795100000000 }, ctx);
    assert.equal(yes.yes_price, 1);
    assert.equal(yes.outcomes[1].price, 0);
  });

  it('poll: options become outcomes without prices', () => {
    const poll = normaliseMarket({ ...byId('PollVenue1'), options: [{ text: 'Manifold', votes: 3 }, { text: 'Kalshi', votes: 1 }] }, ctx);
    assert.deepEqual(poll.outcomes, [
      { id: 'option-0', label: 'Manifold', price: null },
      { id: 'option-1', label: 'Kalshi', price: null },
    ]);
    assert.equal(poll.yes_price, null);
  });

  it('refuses seconds where milliseconds are due, and probabilities above 1', () => {
    assert.throws(() => normaliseMarket({ ...byId('Tq7sWz1Lp0'), closeTime: 1798761599 }, ctx), (e: unknown) => e instanceof UnitError && /closeTime/.test(e.message));
    assert.throws(() => normaliseMarket({ ...byId('Tq7sWz1Lp0'), probability: 57.43 }, ctx), UnitError);
    assert.throws(() => normaliseMarket({ ...byId('Tq7sWz1Lp0'), question: '', id: '' }, ctx), RecordError);
  });

  describe('bets -> trades', () => {
    const t = (id: string) => normaliseBet(bets.find((b) => b.id === id)!);

    it('a YES bet is a taker buying YES at amount/shares', () => {
      const tr = t('betYesBuy01')!;
      assert.equal(tr.taker_side, 'buy');
      assert.equal(tr.outcome, 'YES');
      assert.equal(tr.price, Math.round((10 / 17.350459904608414) * 1e8) / 1e8);
      assert.equal(tr.size, Math.round(17.350459904608414 * 1e8) / 1e8);
      assert.equal(tr.timestamp, new Date(1795399990000).toISOString());
      assert.equal(tr.market_id, 'Tq7sWz1Lp0');
    });

    it('a NO bet at 0.30 is a taker selling YES at 0.70', () => {
      const tr = t('betNoBuy002')!;
      assert.equal(tr.taker_side, 'sell');
      assert.equal(tr.price, 0.7);
      assert.equal(tr.size, 100);
    });

    it('a sale of YES shares (negative amount and shares) is a taker selling YES', () => {
      const tr = t('betYesSale3')!;
      assert.equal(tr.taker_side, 'sell');
      assert.equal(tr.price, 0.55);
      assert.equal(tr.size, 50);
    });

    it('redemptions and unfilled cancelled limit orders are not trades', () => {
      assert.equal(t('betRedeem04'), null);
      assert.equal(t('betLimit005'), null);
    });

    it('answer bets carry the answer id as outcome, in YES terms of that answer', () => {
      const tr = t('betAnswer06')!;
      assert.equal(tr.outcome, 'aNswr1Gav0');
      assert.equal(tr.price, 0.2, 'NO at 0.80 per share = YES at 0.20');
      assert.equal(tr.taker_side, 'sell');
    });

    it('a per-share price above 1 (fees on a dust bet) falls back to probAfter', () => {
      const tr = t('betDust0007')!;
      assert.equal(tr.price, 0.56);
    });
  });
});
