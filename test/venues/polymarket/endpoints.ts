/** Polymarket's response fixture per request-table call (see ../endpoint-fixture.ts). */
import assert from 'node:assert/strict';
import { normaliseBook, normaliseEvent, normaliseMarket, normalisePriceHistory, normaliseTrade } from '../../../src/venues/polymarket/normalise.js';
import { polymarketTradeFills } from '../../../src/venues/polymarket/trading.js';
import * as wire from '../../../src/venues/polymarket/wire.js';
import type { EndpointFixture } from '../endpoint-fixture.js';

const ctx = { fetchedAt: '2026-11-22T21:15:00.000Z' };
const FED = '0x3b1e7c0d5a9f24e8c6b1d0a7f3e5c9b2d4a6f8e0c1b3d5a7f9e2c4b6d8a0f1e3';
const FED_YES = '48213907715620035531180975520431866610987350422154390863318749101232877019455';
const FED_NO = '10958871120345598871023445612098876112340987712239845561287743310029845513276';
/** The order of clob_order.json, whose trades clob_trades.json holds. */
const ORDER = '0x8d0d4d6d5f1f2f0e4b7a9c3e2d1f0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f';

/** A keyset page's markets: condition ids, YES price and category, the first outcome standing for YES. */
function keysetNormalises(page: { markets: never[] }): void {
  const markets = page.markets.map((m) => normaliseMarket(m, ctx));
  assert.deepEqual([markets[0].market_id, markets[0].event_id, markets[0].yes_price, markets[0].status, markets[0].category], [FED, '41877', 0.575, 'open', 'economics']);
  assert.deepEqual(markets[0].outcomes.map((o) => o.id), [FED_YES, FED_NO]);
  assert.deepEqual([markets[1].outcomes.map((o) => o.label), markets[1].yes_price], [['Lakers', 'Warriors'], 0.465]);
}

export const endpoints: readonly EndpointFixture[] = [
  { call: 'marketsKeyset', fixture: 'gamma_markets_keyset.json', schema: wire.GammaMarketsKeysetSchema, normalises: keysetNormalises },
  // The same endpoint and answer, ordered (order=updatedAt&ascending=false) and for one status.
  { call: 'marketsChangedFirst', fixture: 'gamma_markets_keyset.json', schema: wire.GammaMarketsKeysetSchema, normalises: keysetNormalises },
  { call: 'marketByCondition', fixture: 'gamma_markets_keyset.json', schema: wire.GammaMarketsKeysetSchema, normalises: keysetNormalises },
  {
    call: 'marketById',
    fixture: 'gamma_market_resolved.json',
    schema: wire.GammaMarketSchema,
    normalises: (raw) => {
      const m = normaliseMarket(raw, ctx);
      assert.deepEqual([m.status, m.closed, m.result, m.yes_bid, m.yes_ask, m.resolution_time, m.category], ['resolved', true, 'Yes', null, null, '2024-11-06T12:00:17.000Z', 'politics']);
    },
  },
  {
    call: 'marketById',
    fixture: 'gamma_market_legacy.json',
    schema: wire.GammaMarketSchema,
    normalises: (raw) => {
      // A pre-CLOB market: no token ids, so outcome ids fall back to labels; closed, not resolved.
      const m = normaliseMarket(raw, ctx);
      assert.deepEqual([m.status, m.outcomes.map((o) => o.id), m.volume, m.open_time], ['closed', ['Yes', 'No'], 88231.11, null]);
    },
  },
  {
    call: 'eventsKeyset',
    fixture: 'gamma_events_keyset.json',
    schema: wire.GammaEventsKeysetSchema,
    normalises: (page) => {
      const e = normaliseEvent(page.events[0], ctx);
      assert.deepEqual([e.event_id, e.category, e.market_ids.length], ['41877', 'economics', 2]);
      assert.ok(e.market_ids.every((id) => id.startsWith('0x')), 'market ids are condition ids');
    },
  },
  {
    call: 'event',
    fixture: 'gamma_event.json',
    schema: wire.GammaEventSchema,
    normalises: (raw) => {
      const e = normaliseEvent(raw, ctx);
      assert.deepEqual([e.event_id, e.title, e.status, e.market_ids, e.category], ['41877', 'Fed decision in December 2026?', 'open', [FED, '0x5d3f9e1b7c0a2e4f6b8d0f2a4c6e8b0d2f4a6c8e0b2d4f6a8c0e2b4d6f8a0c2e'], 'economics']);
    },
  },
  {
    call: 'book',
    fixture: 'clob_book.json',
    schema: wire.ClobBookSchema,
    normalises: (raw) => {
      const b = normaliseBook(FED, raw);
      assert.deepEqual([b.outcome_id, b.bids.map((l) => l.price), b.asks.map((l) => l.price), b.bids[0].size, b.timestamp], [FED_YES, [0.57, 0.56, 0.54], [0.58, 0.59, 0.61], 2210.15, new Date(1795381402117).toISOString()]);
    },
  },
  {
    call: 'priceHistory',
    fixture: 'prices_history.json',
    schema: wire.ClobPriceHistorySchema,
    normalises: (raw) => {
      const pts = normalisePriceHistory(raw);
      assert.deepEqual([pts.map((p) => p.price), pts[0].timestamp], [[0.55, 0.565, 0.575], new Date(1795374000000).toISOString()]);
    },
  },
  {
    call: 'trades',
    fixture: 'data_trades.json',
    schema: wire.DataApiTradesSchema,
    normalises: (rows) => {
      const [a, b] = rows.map(normaliseTrade);
      assert.deepEqual([a.price, a.size, a.taker_side, a.outcome, a.timestamp], [0.58, 412.5, 'buy', FED_YES, new Date(1795381380000).toISOString()]);
      assert.deepEqual([b.price, b.taker_side, b.outcome], [0.43, 'sell', FED_NO]);
    },
  },
  {
    call: 'userTrades',
    fixture: 'clob_trades.json',
    schema: wire.ClobTradesPageSchema,
    normalises: (page) => {
      // As taker: one fill per resting order taken, at its price (a NO buy at 0.43 is YES at 0.57),
      // not at the trade's price (the taker's limit); as maker: its own entry, at its price.
      const [taker, maker] = page.data;
      assert.deepEqual(polymarketTradeFills(taker, ORDER).map((f) => [f.price, f.size, f.fee, f.at]), [[0.56, 4, null, '2026-11-22T21:00:01.000Z'], [0.57, 6, null, '2026-11-22T21:00:01.000Z']]);
      assert.deepEqual(polymarketTradeFills(maker, ORDER), [{ id: maker.id, price: 0.58, size: 15, fee: 0, at: '2026-11-22T22:00:00.000Z' }]);
      assert.deepEqual(polymarketTradeFills(maker, '0xsomeone-else'), []);
    },
  },
];
