/** Manifold's response fixture per request-table call (see ../endpoint-fixture.ts). */
import assert from 'node:assert/strict';
import { normaliseBet, normaliseMarket } from '../../../src/venues/manifold/normalise.js';
import * as wire from '../../../src/venues/manifold/wire.js';
import type { EndpointFixture } from '../endpoint-fixture.js';

const ctx = { fetchedAt: '2026-11-28T00:00:00.000Z' };
const rows = (list: never[]) => list.map((raw) => normaliseMarket(raw, ctx)).map((m) => [m.market_id, m.status, m.yes_price, m.result]);

export const endpoints: readonly EndpointFixture[] = [
  {
    call: 'markets',
    fixture: 'markets-recorded.json',
    schema: wire.ManifoldMarketsSchema,
    // Past its close time the open market reads closed; the resolved one settles at 1.
    normalises: (list) => assert.deepEqual(rows(list), [['0IUCA5s8EN', 'closed', 0.74, null], ['0LyP0CNtQ8', 'resolved', 1, 'yes']]),
  },
  {
    call: 'markets',
    fixture: 'markets-lite.json',
    schema: wire.ManifoldMarketsSchema,
    normalises: (list) =>
      assert.deepEqual(rows(list), [
        ['Tq7sWz1Lp0', 'open', 0.5743, null],
        ['lZ9pCsU8nQ', 'open', 0.74, null],
        ['Mc28DemNom', 'open', null, null],
        ['ApprMkt001', 'resolved', 0.42, 'mkt'],
        ['JobsOct26x', 'closed', 0.36, null],
        ['CancelDeb1', 'resolved', 0.5, 'cancelled'],
        ['PollVenue1', 'open', null, null],
      ]),
  },
  {
    call: 'market',
    fixture: 'market-full-multi.json',
    schema: wire.ManifoldLiteMarketSchema,
    normalises: (raw) => assert.deepEqual(normaliseMarket(raw, ctx).outcomes.map((o) => [o.label, o.price]), [['Gavin Newsom', 0.31], ['Alexandria Ocasio-Cortez', 0.14], ['Other', 0.55]]),
  },
  {
    call: 'bets',
    fixture: 'bets-docs-example.json',
    schema: wire.ManifoldBetsSchema,
    normalises: (list) => {
      // The resting limit order was filled later by another bet (which lists the same fill): not a trade of its own.
      const trades = list.map((b: never) => normaliseBet(b));
      assert.deepEqual(trades.map((t: { id: string; price: number; size: number; taker_side: string | null } | null) => t && [t.id, t.price, t.size, t.taker_side]), [null, ['1LPJHNz5oAX4K6YtJlP1', 0.5763536, 17.3504599, 'buy']]);
    },
  },
  {
    call: 'bets',
    fixture: 'bets.json',
    schema: wire.ManifoldBetsSchema,
    normalises: (list) => {
      const trades = list.map((b: never) => normaliseBet(b));
      // A NO buy is a YES sale; redemptions and unfilled limit orders are no trades.
      assert.deepEqual(trades.map((t: { price: number; size: number; taker_side: string | null } | null) => t && [t.price, t.size, t.taker_side]), [[0.5763536, 17.3504599, 'buy'], [0.7, 100, 'sell'], [0.55, 50, 'sell'], null, null, [0.2, 25, 'sell'], [0.56, 1, 'buy']]);
    },
  },
];
