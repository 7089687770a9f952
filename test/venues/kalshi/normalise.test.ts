import assert from 'node:assert/strict';
import {
  kalshiStatus,
  normaliseCandle,
  normaliseEvent,
  normaliseMarket,
  normaliseOrderbook,
  normaliseTrade,
  normaliseWsDelta,
  normaliseWsSnapshot,
  normaliseWsTicker,
  normaliseWsTrade,
  type KalshiMarketWire,
} from '../../../src/venues/kalshi/normalise.js';
import { RecordError } from '../../../src/venues/records.js';
import { UnitError } from '../../../src/venues/units.js';
import { fixture } from '../fixture.js';

const ctx = { fetchedAt: '2026-11-22T21:15:00.000Z' };
const page = fixture<{ markets: KalshiMarketWire[]; cursor: string }>('kalshi', 'markets_page.json');
const events = fixture<{ events: any[] }>('kalshi', 'events_page.json').events;
const info = (t: string) => {
  const e = events.find((x) => x.event_ticker === t);
  return { category: e.category, series_ticker: e.series_ticker, title: e.title };
};

describe('kalshi normaliser', () => {
  it('reads 2026 dollar strings and fixed-point counts of an active market', () => {
    const m = normaliseMarket(page.markets[0], ctx, info('KXFEDDECISION-26DEC'));
    assert.equal(m.exchange, 'kalshi');
    assert.equal(m.market_id, 'KXFEDDECISION-26DEC-C25');
    assert.equal(m.event_id, 'KXFEDDECISION-26DEC');
    assert.equal(m.status, 'open');
    assert.equal(m.closed, false);
    assert.equal(m.yes_bid, 0.56);
    assert.equal(m.yes_ask, 0.58);
    assert.equal(m.yes_price, 0.57);
    assert.equal(m.last_price, 0.57);
    assert.equal(m.volume, 904112);
    assert.equal(m.volume_24h, 18230);
    assert.equal(m.open_interest, 312544);
    assert.equal(m.liquidity, null, 'liquidity_dollars is deprecated and always "0.0000": unknown, not 0');
    assert.equal(m.category, 'economics');
    assert.equal(m.subtitle, 'Cut 25bps');
    assert.match(m.rules, /25 basis points[\s\S]*FOMC statement/);
    assert.deepEqual(m.outcomes.map((o) => [o.id, o.price]), [['yes', 0.57], ['no', 0.43]]);
    assert.equal(m.close_time, '2026-12-16T19:00:00.000Z');
    assert.equal(m.updated_at, '2026-11-22T21:14:07.902Z');
    assert.equal(m.url, 'https://kalshi.com/markets/kxfeddecision/kxfeddecision-26dec');
    assert.equal(m.raw, page.markets[0]);
  });

  it('treats "0.0000" bids and asks as no quote, and an inactive market as halted', () => {
    const m = normaliseMarket(page.markets[1], ctx, info('GOVPARTYAZ-26'));
    assert.equal(m.status, 'halted');
    assert.equal(m.closed, true);
    assert.equal(m.yes_bid, null);
    assert.equal(m.yes_ask, null);
    assert.equal(m.last_price, null);
    assert.equal(m.yes_price, null);
    assert.equal(m.category, 'politics', 'Elections maps to politics');
    assert.equal(m.result, null);
  });

  it('a finalized market is resolved with its result and settlement time', () => {
    const m = normaliseMarket(page.markets[2], ctx, info('KXGDP-26Q3'));
    assert.equal(m.status, 'resolved');
    assert.equal(m.result, 'yes');
    assert.equal(m.yes_price, 1);
    assert.equal(m.resolution_time, '2026-10-29T12:41:09.000Z');
  });

  it('falls back to legacy integer cents only when the dollar fields are absent', () => {
    const m = normaliseMarket(fixture('kalshi', 'market_legacy_cents.json').market, ctx);
    assert.equal(m.yes_bid, 0.12);
    assert.equal(m.yes_ask, 0.15);
    assert.equal(m.last_price, 0.13);
    assert.equal(m.volume, 4521);
    assert.equal(m.category, 'other', 'no event info: no category');
  });

  it('derives the YES ask from the best NO bid when the venue sends no YES ask', () => {
    const { yes_ask_dollars: _drop, ...raw } = page.markets[0];
    const m = normaliseMarket(raw as KalshiMarketWire, ctx);
    assert.equal(m.yes_ask, 0.58, '1 - no_bid_dollars 0.42');
  });

  it('rejects unit mix-ups: cents in a dollar field, out-of-range prices, unknown statuses', () => {
    assert.throws(() => normaliseMarket({ ...page.markets[0], yes_bid_dollars: 56 as unknown as string }, ctx), UnitError);
    assert.throws(() => normaliseMarket({ ...page.markets[0], yes_bid_dollars: '56.0000' }, ctx), UnitError);
    assert.throws(() => normaliseMarket({ ...page.markets[0], volume_fp: 'lots' }, ctx), UnitError);
    assert.throws(() => kalshiStatus('archived-ish'), UnitError);
    // A crossed quote is not a market the catalog should take.
    assert.throws(() => normaliseMarket({ ...page.markets[0], yes_bid_dollars: '0.9000' }, ctx), RecordError);
  });

  it('events carry the category markets lack', () => {
    const e = normaliseEvent(events[0], ctx);
    assert.equal(e.event_id, 'KXFEDDECISION-26DEC');
    assert.equal(e.category, 'economics');
    assert.equal(e.subtitle, 'On Dec 16, 2026');
  });

  it('books: YES bids as sent, YES asks from NO bids, best first', () => {
    const b = normaliseOrderbook('KXFEDDECISION-26DEC-C25', fixture('kalshi', 'orderbook.json'), ctx);
    assert.deepEqual(b.bids, [
      { price: 0.56, size: 350 },
      { price: 0.55, size: 410 },
      { price: 0.53, size: 900 },
    ]);
    assert.deepEqual(b.asks, [
      { price: 0.58, size: 1200 },
      { price: 0.59, size: 75 },
      { price: 0.61, size: 2000 },
    ]);
    const empty = normaliseOrderbook('X', fixture('kalshi', 'orderbook_empty.json'), ctx);
    assert.deepEqual([empty.bids, empty.asks], [[], []]);
    const legacy = normaliseOrderbook('X', fixture('kalshi', 'orderbook_legacy_cents.json'), ctx);
    assert.deepEqual(legacy.bids[0], { price: 0.12, size: 300 });
    assert.deepEqual(legacy.asks, [{ price: 0.15, size: 40 }]);
  });

  it('trades in YES terms: a (no, ask) taker bought NO, i.e. sold YES; (yes, bid) bought YES', () => {
    const [a, b] = fixture('kalshi', 'trades.json').trades.map(normaliseTrade);
    assert.deepEqual([a.price, a.size, a.taker_side, a.outcome], [0.36, 136, 'sell', 'yes']);
    assert.deepEqual([b.price, b.size, b.taker_side], [0.57, 25, 'buy']);
    assert.equal(b.timestamp, '2022-11-22T21:13:58.102Z');
    // Either vocabulary alone says the same; the legacy `taker_side` too.
    const t = { trade_id: 't', ticker: 'X', yes_price_dollars: '0.5000', count_fp: '1.00', created_time: '2026-01-01T00:00:00Z' };
    assert.equal(normaliseTrade({ ...t, taker_book_side: 'ask' }).taker_side, 'sell');
    assert.equal(normaliseTrade({ ...t, taker_book_side: 'bid' }).taker_side, 'buy');
    assert.equal(normaliseTrade({ ...t, taker_side: 'no' }).taker_side, 'sell');
  });

  it('candles: traded prices, else the bid/ask midpoint, else nothing', () => {
    const [traded, quoted] = fixture('kalshi', 'candlesticks.json').candlesticks.map(normaliseCandle);
    // Not a published shape (the schema requires the quotes): the normaliser's guard for a period with neither.
    const none = { open_dollars: null, high_dollars: null, low_dollars: null, close_dollars: null };
    const empty = normaliseCandle({ end_period_ts: 1795388400, open_interest_fp: '310020.00', volume_fp: '0.00', price: none, yes_bid: none, yes_ask: none } as never);
    assert.deepEqual(traded, { timestamp: new Date(1795381200 * 1000).toISOString(), open: 0.55, high: 0.58, low: 0.54, close: 0.57, volume: 1250 });
    assert.equal(quoted?.open, 0.57);
    assert.equal(quoted?.close, 0.57);
    assert.equal(empty, null);
  });

  it('WebSocket: snapshot, delta (NO side becomes YES ask), trade (ms), ticker', () => {
    const at = '2026-11-22T21:14:02.000Z';
    const snap = normaliseWsSnapshot(fixture('kalshi', 'ws_orderbook_snapshot.json'), at, 'no_leg');
    assert.deepEqual(snap.asks[0], { price: 0.44, size: 146 });
    const noSide = { type: 'orderbook_delta', sid: 2, seq: 4, msg: { market_ticker: 'FED-23DEC-T3.00', price_dollars: '0.5600', delta_fp: '-10.00', side: 'no' as const } };
    assert.deepEqual([normaliseWsDelta(noSide, at, 'no_leg').side, normaliseWsDelta(noSide, at, 'no_leg').price], ['ask', 0.44]);
    assert.equal(normaliseWsDelta(noSide, at, 'yes_leg').price, 0.56);
    const t = normaliseWsTrade(fixture('kalshi', 'ws_trade.json'));
    assert.deepEqual([t.price, t.size, t.taker_side, t.timestamp], [0.36, 136, 'sell', '2022-11-22T20:44:01.000Z']);
    const tk = normaliseWsTicker(fixture('kalshi', 'ws_ticker.json'));
    assert.deepEqual([tk.price, tk.yes_bid, tk.yes_ask, tk.volume, tk.last_update], [0.48, 0.45, 0.53, 33896, '2022-11-22T20:44:01.000Z']);
  });
});
