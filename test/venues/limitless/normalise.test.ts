/** Limitless normaliser on wire-format fixtures: slugs, groups, base-unit volumes, 1e6 book sizes, percent prices, HTML rules. */
import assert from 'node:assert/strict';
import { fixture } from '../fixture.js';
import { MarketSchema } from '../../../src/venues/records.js';
import { UnitError } from '../../../src/venues/units.js';
import {
  htmlToText,
  limitlessStatus,
  normaliseListing,
  normaliseMarket,
  normaliseOrderbook,
  normalisePriceHistory,
  normaliseTrade,
  yesFromPricePair,
  type LimitlessActivePage,
  type LimitlessEventsPageWire,
  type LimitlessMarketWire,
  type LimitlessOrderbookWire,
} from '../../../src/venues/limitless/normalise.js';

const fx = <T>(name: string): T => fixture<T>('limitless', name);
const ctx = { fetchedAt: '2026-11-20T09:00:00.000Z' };

describe('limitless normalise', () => {
  const page = fx<LimitlessActivePage>('active_page.json');

  it('a CLOB market: slug id, token outcomes, base-unit money, ms close time, HTML rules as text', () => {
    const m = normaliseMarket(page.data[0], ctx);
    assert.ok(MarketSchema.safeParse(m).success);
    assert.equal(m.market_id, 'will-the-fed-cut-rates-in-december-2026');
    assert.equal(m.event_id, null);
    assert.equal(m.status, 'open');
    assert.equal(m.yes_price, 0.615);
    assert.equal(m.yes_bid, 0.6);
    assert.equal(m.yes_ask, 0.63);
    assert.deepEqual(m.outcomes.map((o) => [o.id.slice(0, 8), o.label, o.price]), [['48120931', 'Yes', 0.615], ['91700455', 'No', 0.385]]);
    // volumeFormatted wins; openInterest/liquidity come as USDC base units (6 decimals).
    assert.equal(m.volume, 48213.55);
    assert.equal(m.open_interest, 12500);
    assert.equal(m.liquidity, 3100.25);
    assert.equal(m.close_time, '2026-12-16T19:00:00.000Z');
    assert.equal(m.open_time, '2026-09-02T14:11:05.120Z');
    assert.equal(m.category, 'economics');
    assert.equal(m.rules, 'This market resolves to "Yes" if the FOMC lowers the target range at its December 2026 meeting.\nSource: Federal Reserve statement & minutes.');
    assert.equal(m.url, 'https://limitless.exchange/markets/will-the-fed-cut-rates-in-december-2026');
  });

  it('a group listing gives its children as markets of an event, inheriting category and collateral', () => {
    const out = normaliseListing(page.data[1], ctx);
    assert.equal(out.markets.length, 2);
    assert.deepEqual(out.markets.map((m) => m.market_id), ['french-election-2027-bardella', 'french-election-2027-philippe']);
    for (const m of out.markets) {
      assert.equal(m.event_id, 'who-wins-the-2027-french-presidential-election');
      assert.equal(m.subtitle, 'Who wins the 2027 French presidential election?');
      assert.equal(m.category, 'politics');
    }
    // Child volume without volumeFormatted: base units of the group's collateral.
    assert.equal(out.markets[0].volume, 61000);
    assert.ok(out.event);
    assert.deepEqual(out.event.market_ids, ['french-election-2027-bardella', 'french-election-2027-philippe']);
    assert.equal(out.event.close_time, '2027-05-10T17:00:00.000Z');
  });

  it('legacy percentage prices are scaled to probabilities', () => {
    const amm = normaliseMarket(page.data[2], ctx);
    assert.equal(amm.yes_price, 0.235);
    assert.equal(amm.outcomes[1].price, 0.765);
    assert.deepEqual(amm.outcomes.map((o) => o.id), ['yes', 'no']);
    assert.equal(amm.volume, 152004.75);
    assert.equal(yesFromPricePair([0.5, 0.5], 'p'), 0.5);
    assert.equal(yesFromPricePair([1, 0], 'p'), 1);
    assert.equal(yesFromPricePair([50, 50], 'p'), 0.5);
    assert.throws(() => yesFromPricePair([150, -50], 'p'), UnitError);
  });

  it('a resolved market: result from winningOutcomeIndex, price bound quotes dropped', () => {
    const m = normaliseMarket(fx<LimitlessMarketWire>('market_resolved.json'), ctx);
    assert.equal(m.status, 'resolved');
    assert.equal(m.closed, true);
    assert.equal(m.result, 'yes');
    assert.equal(m.yes_price, 1);
    assert.equal(m.yes_bid, null);
    assert.equal(m.yes_ask, null);
  });

  it('statuses: FUNDED+expired is closed, unknown words are refused', () => {
    assert.equal(limitlessStatus({ status: 'FUNDED', expired: false }), 'open');
    assert.equal(limitlessStatus({ status: 'FUNDED', expired: true }), 'closed');
    assert.equal(limitlessStatus({ status: 'CREATED' }), 'upcoming');
    assert.throws(() => limitlessStatus({ status: 'WEIRD' }), UnitError);
  });

  it('order book: sizes scaled by 1e6 become shares, levels sorted', () => {
    const b = normaliseOrderbook('will-the-fed-cut-rates-in-december-2026', fx<LimitlessOrderbookWire>('orderbook.json'), ctx);
    assert.deepEqual(b.bids, [{ price: 0.61, size: 25.5 }, { price: 0.6, size: 150 }, { price: 0.58, size: 1000 }]);
    assert.deepEqual(b.asks, [{ price: 0.63, size: 12.345678 }, { price: 0.64, size: 75 }]);
    assert.equal(b.outcome_id?.slice(0, 8), '48120931');
    assert.throws(() => normaliseOrderbook('x', { bids: [{ price: 62, size: 1 }], asks: [] }, ctx), UnitError);
  });

  it('price history: ms timestamps; a percentage series is scaled as a whole', () => {
    const pts = normalisePriceHistory(fx('historical_price.json'));
    assert.deepEqual(pts, [
      { timestamp: '2026-11-22T00:00:00.000Z', price: 0.58 },
      { timestamp: '2026-11-22T01:00:00.000Z', price: 0.6 },
      { timestamp: '2026-11-22T02:00:00.000Z', price: 0.615 },
    ]);
    // 1 on a percentage scale is 1%, not 100%.
    const pct = normalisePriceHistory({ prices: [{ price: 1, timestamp: 1795305600000 }, { price: 55.5, timestamp: 1795309200000 }] });
    assert.deepEqual(pct.map((p) => p.price), [0.01, 0.555]);
  });

  it('trades: NO-token trades in YES terms, amountContracts scaled by 1e6, ISO times', () => {
    const body = fx<LimitlessEventsPageWire>('events_page.json');
    const market = page.data[0];
    const tokens = market.tokens!;
    const [noBuy, yesSell] = body.events!.map((e) => normaliseTrade(market.slug, e, tokens));
    // Taker bought NO at 0.38 = sold YES at 0.62.
    assert.deepEqual({ price: noBuy.price, side: noBuy.taker_side, size: noBuy.size, outcome: noBuy.outcome }, { price: 0.62, side: 'sell', size: 40, outcome: tokens.yes });
    assert.deepEqual({ price: yesSell.price, side: yesSell.taker_side, size: yesSell.size, ts: yesSell.timestamp }, { price: 0.61, side: 'sell', size: 2.5, ts: '2026-11-20T08:31:12.500Z' });
    assert.throws(() => normaliseTrade(market.slug, { ...body.events![0], tokenId: '999' }, tokens), UnitError);
  });

  it('htmlToText keeps text and drops markup', () => {
    assert.equal(htmlToText('<p>A &amp; B</p><p><br></p><p>C</p>'), 'A & B\nC');
    assert.equal(htmlToText(null), '');
  });
});
