/** PredictIt's response fixture per request-table call (see ../endpoint-fixture.ts). */
import assert from 'node:assert/strict';
import { normaliseChart, normaliseContract } from '../../../src/venues/predictit/normalise.js';
import * as wire from '../../../src/venues/predictit/wire.js';
import type { EndpointFixture } from '../endpoint-fixture.js';

const ctx = { fetchedAt: '2026-11-28T00:00:00.000Z' };
type Quote = { market_id: string; status: string; yes_bid: number | null; yes_ask: number | null; yes_price: number | null };
const quotes = (market: { contracts: never[] }) => market.contracts.map((c) => normaliseContract(market as never, c, ctx) as Quote).map((m) => [m.market_id, m.status, m.yes_bid, m.yes_ask, m.yes_price]);

export const endpoints: readonly EndpointFixture[] = [
  {
    call: 'all',
    fixture: 'marketdata-all.json',
    schema: wire.PredictItAllSchema,
    normalises: (body) => {
      // Each contract is a binary market; YES bid is the best sell-YES cost, no quote reads null.
      assert.deepEqual(body.markets.map(quotes), [
        [['31901', 'open', 0.7, 0.72, 0.71], ['31902', 'open', 0.29, 0.31, 0.3]],
        [['31903', 'open', 0.57, 0.59, 0.58]],
        [['31904', 'open', 0.49, 0.5, 0.495], ['31905', 'open', null, 0.01, 0.01], ['31906', 'open', null, 0.03, 0.02], ['31907', 'closed', null, null, 0.01]],
        [['31908', 'open', 0.37, 0.39, 0.38], ['31909', 'open', 0.19, 0.21, 0.2]],
      ]);
    },
  },
  {
    call: 'all',
    fixture: 'marketdata-all-recorded.json',
    schema: wire.PredictItAllSchema,
    normalises: (body) =>
      assert.deepEqual(body.markets.map(quotes), [
        [['31937', 'open', 0.32, 0.33, 0.325], ['31936', 'open', 0.1, 0.11, 0.105], ['31934', 'open', 0.07, 0.08, 0.075]],
        [['31948', 'open', 0.65, 0.67, 0.66], ['31947', 'open', 0.35, 0.37, 0.36]],
      ]),
  },
  {
    call: 'market',
    fixture: 'market-recorded.json',
    schema: wire.PredictItMarketSchema,
    normalises: (market) => {
      assert.deepEqual(quotes(market), [['31948', 'open', 0.65, 0.67, 0.66], ['31947', 'open', 0.35, 0.37, 0.36]]);
      // The feed's times are US Eastern wall clock without a zone.
      assert.equal(normaliseContract(market, market.contracts[0], ctx).updated_at, '2026-01-31T18:10:26.324Z');
    },
  },
  {
    call: 'chart',
    fixture: 'chart-8103.json',
    schema: wire.PredictItChartSchema,
    normalises: (rows) => assert.deepEqual(normaliseChart(rows, { id: 31904, name: 'Vance' }).map((p) => [p.timestamp, p.price]), [['2026-11-19T05:00:00.000Z', 0.47], ['2026-11-20T05:00:00.000Z', 0.48], ['2026-11-21T05:00:00.000Z', 0.49]]),
  },
];
