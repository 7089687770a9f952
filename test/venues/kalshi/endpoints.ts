/** Kalshi's response fixture per request-table call (see ../endpoint-fixture.ts). */
import assert from 'node:assert/strict';
import { normaliseCandle, normaliseEvent, normaliseMarket, normaliseOrderbook, normaliseTrade } from '../../../src/venues/kalshi/normalise.js';
import { comboOf } from '../../../src/venues/kalshi/parlays.js';
import * as wire from '../../../src/venues/kalshi/wire.js';
import type { EndpointFixture } from '../endpoint-fixture.js';

const ctx = { fetchedAt: '2026-11-22T21:15:00.000Z' };

export const endpoints: readonly EndpointFixture[] = [
  {
    call: 'markets',
    fixture: 'markets_by_tickers.json',
    schema: wire.KalshiMarketsPage,
    normalises: (page) => {
      // Liquidity is not published: unknown, not zero.
      const markets = page.markets.map((m: never) => normaliseMarket(m, ctx));
      assert.deepEqual(markets.map((m: ReturnType<typeof normaliseMarket>) => [m.market_id, m.event_id, m.status, m.yes_bid, m.yes_ask, m.liquidity]), [
        ['KXMVESPORTSMULTIGAMEEXTENDED-S20261129A1B2C3-D4E5F6', 'KXMVESPORTSMULTIGAMEEXTENDED-S20261129A1B2C3', 'open', 0.56, 0.58, null],
        ['KXFEDDECISION-26DEC-C25', 'KXFEDDECISION-26DEC', 'open', 0.56, 0.58, null],
      ]);
      assert.deepEqual(page.markets.map((m: never) => comboOf(m)?.mve_selected_legs.length ?? null), [2, null], 'a combo is told from a plain market');
    },
  },
  {
    call: 'market',
    fixture: 'market.json',
    schema: wire.KalshiMarketDetail,
    normalises: ({ market }) => {
      const m = normaliseMarket(market, ctx);
      assert.deepEqual([m.market_id, m.event_id, m.yes_bid, m.yes_ask, m.last_price, m.volume, m.liquidity], ['KXFEDDECISION-26DEC-C25', 'KXFEDDECISION-26DEC', 0.56, 0.58, 0.57, 904112, null]);
    },
  },
  {
    call: 'events',
    fixture: 'events_page.json',
    schema: wire.KalshiEventsPage,
    normalises: (page) => {
      const e = normaliseEvent(page.events[0], ctx);
      assert.deepEqual([e.event_id, e.category, e.subtitle], ['KXFEDDECISION-26DEC', 'economics', 'On Dec 16, 2026']);
    },
  },
  {
    call: 'event',
    fixture: 'event.json',
    schema: wire.KalshiEventDetail,
    normalises: (detail) => {
      // The event closes with its market.
      const e = normaliseEvent({ ...detail.event, markets: detail.markets }, ctx);
      assert.deepEqual([e.event_id, e.title, e.category, e.close_time], ['KXFEDDECISION-26DEC', 'Fed decision in December 2026', 'economics', '2026-12-16T19:00:00.000Z']);
    },
  },
  {
    call: 'orderbook',
    fixture: 'orderbook.json',
    schema: wire.KalshiOrderbook,
    normalises: (raw) => {
      // YES bids as sent; YES asks are 1 - the NO bids, best first.
      const b = normaliseOrderbook('KXFEDDECISION-26DEC-C25', raw, ctx);
      assert.deepEqual([b.bids.map((l) => [l.price, l.size]), b.asks.map((l) => [l.price, l.size])], [[[0.56, 350], [0.55, 410], [0.53, 900]], [[0.58, 1200], [0.59, 75], [0.61, 2000]]]);
    },
  },
  {
    call: 'trades',
    fixture: 'trades.json',
    schema: wire.KalshiTradesPage,
    normalises: (page) => {
      // (no, ask) is a taker sale of YES; (yes, bid) a taker buy.
      const [sold, bought] = page.trades.map(normaliseTrade);
      assert.deepEqual([sold.price, sold.size, sold.taker_side, sold.timestamp], [0.36, 136, 'sell', '2022-11-22T20:44:01.000Z']);
      assert.deepEqual([bought.price, bought.size, bought.taker_side], [0.57, 25, 'buy']);
    },
  },
  {
    call: 'candlesticks',
    fixture: 'candlesticks.json',
    schema: wire.KalshiCandlesticks,
    normalises: (raw) => {
      // Traded prices, else the bid/ask midpoint.
      const [traded, quoted] = raw.candlesticks.map(normaliseCandle);
      assert.deepEqual(traded, { timestamp: new Date(1795381200 * 1000).toISOString(), open: 0.55, high: 0.58, low: 0.54, close: 0.57, volume: 1250 });
      assert.deepEqual([quoted.open, quoted.close], [0.57, 0.57]);
    },
  },
];
