/** Probable's response fixture per request-table call (see ../endpoint-fixture.ts). */
import assert from 'node:assert/strict';
import { normaliseBook, normaliseMarket, normaliseMidpoint, normalisePriceHistory, normaliseSidePrices, normaliseTrade } from '../../../src/venues/probable/normalise.js';
import * as wire from '../../../src/venues/probable/wire.js';
import type { EndpointFixture } from '../endpoint-fixture.js';

const ctx = { fetchedAt: '2026-11-28T00:00:00.000Z' };
const YES = '71321045679252212594626385532706912750332728571942532289631379312455583992563';
const NO = '52114319501245915516055106046884209969926127482827954674443846427813813222426';

export const endpoints: readonly EndpointFixture[] = [
  {
    call: 'markets',
    fixture: 'markets-page.json',
    schema: wire.ProbableMarketsPageSchema,
    normalises: (page) => {
      const markets = page.markets.map((m: never) => normaliseMarket(m, ctx));
      assert.deepEqual(
        markets.map((m: { market_id: string; status: string; result: string | null }) => [m.market_id, m.status, m.result]),
        [['1201', 'open', null], ['1202', 'open', null], ['1203', 'resolved', 'yes'], ['1204', 'halted', null], ['1205', 'resolved', 'no'], ['456', 'open', null]],
      );
      assert.deepEqual(markets[5].outcomes.map((o: { id: string; label: string }) => [o.id, o.label]), [['0xabc...', 'Yes'], ['0xdef...', 'No']]);
    },
  },
  {
    call: 'market',
    fixture: 'market.json',
    schema: wire.ProbableMarketSchema,
    normalises: (raw) => {
      const m = normaliseMarket(raw, ctx, 0.625);
      assert.deepEqual([m.market_id, m.event_id, m.title, m.yes_price, m.volume_24h, m.liquidity, m.category], ['456', '1', 'Will BTC exceed $100k?', 0.625, 1250.5, 8000, 'crypto']);
      assert.equal(m.url, 'https://probable.markets/event/btc-usd-2025-11?market=456');
    },
  },
  {
    call: 'book',
    fixture: 'book.json',
    schema: wire.ProbableBookSchema,
    normalises: (raw) => {
      const b = normaliseBook('1201', YES, raw, ctx);
      assert.deepEqual([b.bids[0], b.asks[0], b.timestamp], [{ price: 0.06, size: 400.5 }, { price: 0.08, size: 75.25 }, '2026-11-23T00:00:00.123Z']);
    },
  },
  {
    call: 'book',
    fixture: 'book-docs-example.json',
    schema: wire.ProbableBookSchema,
    normalises: (raw) => {
      const b = normaliseBook('456', '0xabc123...', raw, ctx);
      assert.deepEqual([b.bids[0], b.asks[0], b.timestamp], [{ price: 0.65, size: 1000 }, { price: 0.66, size: 800 }, '2024-01-15T09:50:00.000Z']);
    },
  },
  {
    call: 'prices',
    fixture: 'prices.json',
    schema: wire.ProbablePricesSchema,
    // The docs' two examples agree: BUY 0.65 and SELL 0.60 are the book whose /midpoint is 0.625.
    normalises: (raw) => assert.deepEqual([normaliseSidePrices(raw['0xabc123...']), normaliseSidePrices(raw['0xdef456...']), normaliseSidePrices({ SELL: '0.4' }), normaliseSidePrices(raw.absent)], [0.625, 0.425, null, null]),
  },
  { call: 'midpoint', fixture: 'midpoint.json', schema: wire.ProbableMidpointSchema, normalises: (raw) => assert.equal(normaliseMidpoint(raw), 0.625) },
  {
    call: 'priceHistory',
    fixture: 'prices-history.json',
    schema: wire.ProbablePriceHistorySchema,
    normalises: (raw) => assert.deepEqual(normalisePriceHistory(raw).map((p) => [p.timestamp, p.price]), [['2026-11-22T22:00:00.000Z', 0.069], ['2026-11-22T23:00:00.000Z', 0.071], ['2026-11-23T00:00:00.000Z', 0.07]]),
  },
  {
    call: 'trades',
    fixture: 'trades.json',
    schema: wire.ProbableTradesSchema,
    normalises: (rows) => {
      const trades = rows.map((r: never) => normaliseTrade(r, { marketId: '1201', yesToken: YES, noToken: NO }));
      assert.deepEqual(trades.map((t: { price: number; taker_side: string | null }) => [t.price, t.taker_side]), [[0.07, 'buy'], [0.06, 'sell'], [0.065, 'sell'], [0.08, 'buy']]);
    },
  },
];
