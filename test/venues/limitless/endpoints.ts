/** Limitless's response fixture per request-table call (see ../endpoint-fixture.ts). */
import assert from 'node:assert/strict';
import { eventRows, isTradeEvent, normaliseListing, normaliseMarket, normaliseOrderbook, normalisePriceHistory, normaliseTrade } from '../../../src/venues/limitless/normalise.js';
import * as wire from '../../../src/venues/limitless/wire.js';
import type { EndpointFixture } from '../endpoint-fixture.js';
import { fixture } from '../fixture.js';

const ctx = { fetchedAt: '2026-11-28T00:00:00.000Z' };

export const endpoints: readonly EndpointFixture[] = [
  {
    call: 'active',
    fixture: 'active_page.json',
    schema: wire.LimitlessActivePageSchema,
    normalises: (page) => {
      const listed = page.data.map((raw: never) => normaliseListing(raw, ctx));
      const rows = listed.flatMap((l: ReturnType<typeof normaliseListing>) => l.markets.map((m) => [m.market_id, m.status, m.yes_price, m.event_id]));
      assert.deepEqual(rows, [
        ['will-the-fed-cut-rates-in-december-2026', 'open', 0.615, null],
        ['french-election-2027-bardella', 'open', 0.38, 'who-wins-the-2027-french-presidential-election'],
        ['french-election-2027-philippe', 'open', 0.22, 'who-wins-the-2027-french-presidential-election'],
        ['will-base-launch-a-token-in-2026', 'open', 0.235, null],
      ]);
      assert.equal(listed[1].event?.event_id, 'who-wins-the-2027-french-presidential-election', 'a group is an event');
    },
  },
  {
    call: 'market',
    fixture: 'market_recorded.json',
    schema: wire.LimitlessMarketSchema,
    normalises: (raw) => {
      const m = normaliseMarket(raw, ctx);
      assert.deepEqual([m.market_id, m.status, m.yes_price, m.close_time], ['sol-up-or-down-5-min-1782065705541', 'open', 0.5, '2026-06-21T18:30:00.000Z']);
      assert.deepEqual(m.outcomes.map((o) => o.id), [raw.tokens.yes, raw.tokens.no]);
    },
  },
  {
    call: 'market',
    fixture: 'market_resolved.json',
    schema: wire.LimitlessMarketSchema,
    normalises: (raw) => {
      const m = normaliseMarket(raw, ctx);
      assert.deepEqual([m.status, m.result, m.yes_price, m.close_time], ['resolved', 'yes', 1, '2026-01-01T00:00:00.000Z']);
    },
  },
  {
    call: 'orderbook',
    fixture: 'orderbook.json',
    schema: wire.LimitlessOrderbookSchema,
    normalises: (raw) => {
      const b = normaliseOrderbook('will-the-fed-cut-rates-in-december-2026', raw, ctx);
      // Sizes are in 1e6 units; levels come best first.
      assert.deepEqual([b.bids[0], b.asks[0], b.bids.length, b.asks.length], [{ price: 0.61, size: 25.5 }, { price: 0.63, size: 12.345678 }, 3, 2]);
    },
  },
  {
    call: 'history',
    fixture: 'historical_price.json',
    schema: wire.LimitlessHistorySchema,
    normalises: (raw) => assert.deepEqual(normalisePriceHistory(raw).map((p) => [p.timestamp, p.price]), [['2026-11-22T00:00:00.000Z', 0.58], ['2026-11-22T01:00:00.000Z', 0.6], ['2026-11-22T02:00:00.000Z', 0.615]]),
  },
  {
    call: 'events',
    fixture: 'events_page.json',
    schema: wire.LimitlessEventsPageSchema,
    normalises: (page) => {
      const market = fixture('limitless', 'active_page.json').data[0];
      const trades = eventRows(page).filter(isTradeEvent).map((e) => normaliseTrade(market.slug, e, market.tokens));
      // Taker bought NO at 0.38: sold YES at 0.62.
      assert.deepEqual(trades.map((t: { price: number; taker_side: string | null; size: number }) => [t.price, t.taker_side, t.size]), [[0.62, 'sell', 40], [0.61, 'sell', 2.5]]);
    },
  },
  {
    call: 'events',
    fixture: 'events_recorded.json',
    schema: wire.LimitlessEventsPageSchema,
    normalises: (page) => {
      // Rows without ids: the transaction and fill make one. "0" is a buy; sizes are scaled by 1e6.
      const tokens = { yes: '107351533390162975244672983811852739852090084984816899292786653138720848063052', no: '1' };
      const trades = eventRows(page).map((e) => normaliseTrade('elon-musks-net-worth', e, tokens));
      assert.deepEqual(trades.map((t) => [t.price, t.size, t.taker_side, t.timestamp]), [[0.956, 104.602, 'buy', '2026-06-12T17:43:09.095Z'], [0.943, 106.044, 'buy', '2026-06-12T17:42:49.105Z'], [0.928, 107.758, 'buy', '2026-06-12T17:42:31.312Z']]);
      assert.equal(new Set(trades.map((t) => t.id)).size, 3);
    },
  },
];
