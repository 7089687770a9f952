import assert from 'node:assert/strict';
import {
  decodeOutcomes,
  normaliseBook,
  normaliseEvent,
  normaliseMarket,
  normalisePriceHistory,
  normaliseTrade,
  normaliseWsBook,
  normaliseWsLastTrade,
  normaliseWsPriceChange,
  type GammaMarketWire,
} from '../../../src/venues/polymarket/normalise.js';
import { UnitError } from '../../../src/venues/units.js';
import { fixture } from '../fixture.js';

const ctx = { fetchedAt: '2026-11-22T21:15:00.000Z' };
const keyset = fixture<{ markets: GammaMarketWire[]; next_cursor: string }>('polymarket', 'gamma_markets_keyset.json');
const FED = '0x3b1e7c0d5a9f24e8c6b1d0a7f3e5c9b2d4a6f8e0c1b3d5a7f9e2c4b6d8a0f1e3';
const FED_YES = '48213907715620035531180975520431866610987350422154390863318749101232877019455';
const FED_NO = '10958871120345598871023445612098876112340987712239845561287743310029845513276';

describe('polymarket normaliser', () => {
  it('parses the string-encoded outcomes, prices and token ids; market id is the condition id', () => {
    const m = normaliseMarket(keyset.markets[0], ctx);
    assert.equal(m.market_id, FED);
    assert.equal(m.event_id, '41877');
    assert.deepEqual(m.outcomes, [
      { id: FED_YES, label: 'Yes', price: 0.575 },
      { id: FED_NO, label: 'No', price: 0.425 },
    ]);
    assert.equal(m.yes_price, 0.575);
    assert.equal(m.yes_bid, 0.57);
    assert.equal(m.yes_ask, 0.58);
    assert.equal(m.last_price, 0.58);
    assert.equal(m.volume, 2841930.118344);
    assert.equal(m.volume_24h, 95120.55);
    assert.equal(m.liquidity, 184203.5521);
    assert.equal(m.status, 'open');
    assert.equal(m.category, 'economics');
    assert.deepEqual(m.tags, ['Economy', 'Fed Rates']);
    assert.equal(m.subtitle, 'Cut');
    assert.equal(m.url, 'https://polymarket.com/event/fed-decision-in-december-2026');
    assert.equal(m.open_time, '2026-09-17T20:11:04.118Z');
    assert.equal(m.updated_at, '2026-11-22T21:10:02.417Z');
  });

  it('non Yes/No binaries: the first outcome stands for YES', () => {
    const m = normaliseMarket(keyset.markets[1], ctx);
    assert.deepEqual(m.outcomes.map((o) => o.label), ['Lakers', 'Warriors']);
    assert.equal(m.yes_price, 0.465);
    assert.equal(m.category, 'sports');
  });

  it('a resolved market: result from the 1/0 prices, closedTime "YYYY-MM-DD hh:mm:ss+00", empty quotes dropped', () => {
    const m = normaliseMarket(fixture('polymarket', 'gamma_market_resolved.json'), ctx);
    assert.equal(m.status, 'resolved');
    assert.equal(m.closed, true);
    assert.equal(m.result, 'Yes');
    assert.equal(m.yes_bid, null);
    assert.equal(m.yes_ask, null);
    assert.equal(m.resolution_time, '2024-11-06T12:00:17.000Z');
    assert.equal(m.category, 'politics');
  });

  it('a legacy pre-CLOB market: no token ids (outcome ids fall back to labels), 0/0 prices, closed not resolved', () => {
    const m = normaliseMarket(fixture('polymarket', 'gamma_market_legacy.json'), ctx);
    assert.equal(m.status, 'closed');
    assert.deepEqual(m.outcomes.map((o) => o.id), ['Yes', 'No']);
    assert.equal(m.category, 'politics', 'US-current-affairs');
    assert.equal(m.volume, 88231.11);
    assert.equal(m.open_time, null);
  });

  it('rejects what is not the wire format: real arrays are fine, mismatched lengths and bad ids are not', () => {
    const raw = keyset.markets[0];
    assert.equal(decodeOutcomes({ ...raw, outcomes: ['Yes', 'No'] }).labels.length, 2);
    assert.throws(() => normaliseMarket({ ...raw, clobTokenIds: '["1"]' }, ctx), UnitError);
    assert.throws(() => normaliseMarket({ ...raw, outcomePrices: '["57.5", "42.5"]' }, ctx), UnitError);
    assert.throws(() => normaliseMarket({ ...raw, outcomes: 'Yes,No' }, ctx), UnitError);
    assert.throws(() => normaliseMarket({ ...raw, conditionId: '612044' }, ctx), UnitError, 'the Gamma numeric id is not the market id');
  });

  it('events: id as string, category from tags, market ids are condition ids', () => {
    const e = normaliseEvent(fixture('polymarket', 'gamma_events_keyset.json').events[0], ctx);
    assert.equal(e.event_id, '41877');
    assert.equal(e.category, 'economics');
    assert.equal(e.market_ids.length, 2);
    assert.ok(e.market_ids.every((id) => id.startsWith('0x')));
  });

  it('CLOB books: string levels sorted best first, millisecond timestamp', () => {
    const b = normaliseBook(FED, fixture('polymarket', 'clob_book.json'));
    assert.equal(b.outcome_id, FED_YES);
    assert.deepEqual(b.bids.map((l) => l.price), [0.57, 0.56, 0.54]);
    assert.deepEqual(b.asks.map((l) => l.price), [0.58, 0.59, 0.61]);
    assert.equal(b.bids[0].size, 2210.15);
    assert.equal(b.timestamp, new Date(1795381402117).toISOString());
    assert.throws(() => normaliseBook(FED, { ...fixture('polymarket', 'clob_book.json'), timestamp: '1795381402' }), UnitError, 'seconds where ms are expected');
  });

  it('Data API trades: unix seconds, price of the traded token', () => {
    const [a, b] = fixture<any[]>('polymarket', 'data_trades.json').map(normaliseTrade);
    assert.deepEqual([a.price, a.size, a.taker_side, a.outcome, a.timestamp], [0.58, 412.5, 'buy', FED_YES, new Date(1795381380000).toISOString()]);
    assert.deepEqual([b.price, b.taker_side, b.outcome], [0.43, 'sell', FED_NO]);
    assert.notEqual(a.id, b.id);
    assert.throws(() => normaliseTrade({ ...fixture<any[]>('polymarket', 'data_trades.json')[0], timestamp: 1795381380000 }), UnitError, 'ms where seconds are expected');
  });

  it('price history: {t seconds, p} -> ISO points oldest first', () => {
    const pts = normalisePriceHistory(fixture('polymarket', 'prices_history.json'));
    assert.deepEqual(pts.map((p) => p.price), [0.55, 0.565, 0.575]);
    assert.equal(pts[0].timestamp, new Date(1795374000000).toISOString());
  });

  it('market channel: book, price_change (new level sizes), last_trade_price', () => {
    const [bookMsg] = fixture<any[]>('polymarket', 'ws_book.json');
    const book = normaliseWsBook(bookMsg);
    assert.deepEqual([book.bids[0].price, book.asks[0].price], [0.57, 0.58]);
    const deltas = normaliseWsPriceChange(fixture('polymarket', 'ws_price_change.json'));
    assert.deepEqual(deltas.map((d) => [d.outcome_id, d.side, d.price, d.size, d.size_delta]), [
      [FED_YES, 'bid', 0.57, 1810.15, null],
      [FED_NO, 'ask', 0.43, 1810.15, null],
    ]);
    const t = normaliseWsLastTrade(fixture('polymarket', 'ws_last_trade_price.json'));
    assert.deepEqual([t.price, t.size, t.taker_side, t.timestamp], [0.58, 400, 'buy', new Date(1795381404511).toISOString()]);
  });
});
