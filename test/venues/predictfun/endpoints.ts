/** predict.fun's response fixture per request-table call (see ../endpoint-fixture.ts). */
import assert from 'node:assert/strict';
import { normaliseCategory, normaliseMarket, normaliseMatch, normaliseOrderbook } from '../../../src/venues/predictfun/normalise.js';
import * as wire from '../../../src/venues/predictfun/wire.js';
import type { EndpointFixture } from '../endpoint-fixture.js';
import { fixture } from '../fixture.js';

const ctx = { fetchedAt: '2026-11-28T00:00:00.000Z' };
const book = (file: string): EndpointFixture => ({
  call: 'orderbook',
  fixture: file,
  schema: wire.PredictOrderbookSchema,
  normalises: (body) => {
    const b = normaliseOrderbook('4187', body.data);
    assert.deepEqual([b.bids[0], b.asks[0], b.timestamp], [{ price: 0.072, size: 88.25 }, { price: 0.079, size: 300 }, '2026-11-22T00:00:00.123Z']);
  },
});

export const endpoints: readonly EndpointFixture[] = [
  {
    call: 'markets',
    fixture: 'markets_page.json',
    schema: wire.PredictMarketsPageSchema,
    normalises: (page) => {
      const rows = page.data.map((raw: never) => normaliseMarket(raw, ctx)).map((m: { market_id: string; status: string; result: string | null; yes_price: number | null; event_id: string | null }) => [m.market_id, m.status, m.result, m.yes_price, m.event_id]);
      // Listed markets carry no price (the book gives it); the resolved one settles at 0 (NO won).
      assert.deepEqual(rows, [
        ['4187', 'open', null, null, 'bitcoin-hits-150k-in-2026'],
        ['4301', 'open', null, null, 'premier-league-2026-27-winner'],
        ['3990', 'resolved', 'no', 0, 'binance-lists-pump-before-2026'],
      ]);
    },
  },
  {
    call: 'market',
    fixture: 'market.json',
    schema: wire.PredictMarketEnvelopeSchema,
    normalises: (body) => assert.equal(normaliseMarket(body.data, ctx).status, 'resolved'),
  },
  {
    call: 'stats',
    fixture: 'stats.json',
    schema: wire.PredictStatsSchema,
    normalises: (body) => {
      const m = normaliseMarket(fixture('predictfun', 'market.json').data, ctx, { stats: body.data });
      assert.deepEqual([m.volume, m.liquidity, m.volume_24h], [412977.12, 18250.4, 8120.5]);
    },
  },
  book('orderbook.json'),
  book('orderbook_objects.json'),
  {
    call: 'categories',
    fixture: 'categories.json',
    schema: wire.PredictCategoriesSchema,
    normalises: (page) => assert.deepEqual(page.data.map((c: never) => normaliseCategory(c, ctx)).map((e: { event_id: string; status: string; market_ids: string[] }) => [e.event_id, e.status, e.market_ids]), [['premier-league-2026-27-winner', 'open', ['4301', '4302', '4303']]]),
  },
  {
    call: 'category',
    fixture: 'category.json',
    schema: wire.PredictCategorySchema,
    normalises: (body) => {
      const e = normaliseCategory(body.data, ctx);
      assert.deepEqual([e.event_id, e.title, e.category], ['premier-league-2026-27-winner', 'Premier League 2026-27 winner?', 'sports']);
    },
  },
  {
    call: 'matches',
    fixture: 'matches.json',
    schema: wire.PredictMatchesSchema,
    normalises: (page) => {
      const yes = fixture('predictfun', 'markets_page.json').data[0].outcomes[0].onChainId;
      // A taker bid on NO at 0.921 is a YES sale at 0.079; amounts are wei (18 decimals).
      const trades = page.data.map((m: never) => normaliseMatch('4187', m, yes));
      assert.deepEqual(trades.map((t: { price: number; size: number; taker_side: string | null }) => [t.price, t.size, t.taker_side]), [[0.079, 150, 'sell'], [0.072, 2.5, 'sell']]);
    },
  },
];
