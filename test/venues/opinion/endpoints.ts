/** Opinion's response fixture per request-table call (see ../endpoint-fixture.ts). */
import assert from 'node:assert/strict';
import { normaliseCategorical, normaliseLatestTrade, normaliseListing, normaliseMarket, normaliseOrderbook, normalisePriceHistory } from '../../../src/venues/opinion/normalise.js';
import * as wire from '../../../src/venues/opinion/wire.js';
import { DriftLog } from '../../../src/venues/wire.js';
import type { EndpointFixture } from '../endpoint-fixture.js';
import { fixture } from '../fixture.js';

const ctx = { fetchedAt: '2026-11-20T10:30:00.000Z' };

/**
 * The envelope's result, read as the adapter reads it, and the spelling the venue used: its own
 * sources disagree ({code, msg, result} in the OpenAPI, {errno, errmsg, result} in the SDK docs).
 */
export function opinionResult<T = any>(payload: unknown, name: string): { result: T; spelling: string } {
  const env = wire.readOpinionEnvelope<T>(payload, new DriftLog());
  assert.ok(env, `${name}: not an envelope`);
  assert.equal(env.code, 0, `${name}: not a success`);
  return { result: env.result as T, spelling: env.spelling };
}

export const endpoints: readonly EndpointFixture[] = [
  {
    call: 'markets',
    fixture: 'market_list.json',
    schema: wire.OpinionMarketListSchema,
    normalises: (payload) => {
      const listed = opinionResult(payload, 'market_list.json').result.list.map((m: never) => normaliseListing(m, ctx));
      // A categorical market is an event over its children; a child without token ids is skipped.
      assert.deepEqual(
        listed.map((l: ReturnType<typeof normaliseListing>) => [l.markets.map((m) => [m.market_id, m.status]), l.event?.event_id ?? null, l.skipped.length]),
        [[[['2114', 'open']], null, 0], [[['2141', 'open'], ['2142', 'open']], '2140', 1], [[['1650', 'resolved']], null, 0]],
      );
    },
  },
  {
    call: 'market',
    fixture: 'market.json',
    schema: wire.OpinionMarketDetailSchema,
    normalises: (payload) => {
      const { result, spelling } = opinionResult(payload, 'market.json');
      assert.equal(spelling, 'code/msg');
      const m = normaliseMarket(result.data, ctx);
      assert.deepEqual([m.market_id, m.status, m.outcomes.map((o) => o.id), m.volume], ['2114', 'open', [result.data.yesTokenId, result.data.noTokenId], 1843392.55]);
    },
  },
  {
    call: 'categorical',
    fixture: 'market_categorical.json',
    schema: wire.OpinionMarketDetailSchema,
    normalises: (payload) => {
      const { result, spelling } = opinionResult(payload, 'market_categorical.json');
      assert.equal(spelling, 'errno/errmsg');
      const e = normaliseCategorical(result.data, ctx);
      assert.deepEqual([e.event_id, e.market_ids.length], [String(result.data.marketId), 3]);
    },
  },
  {
    call: 'orderbook',
    fixture: 'orderbook.json',
    schema: wire.OpinionOrderbookSchema,
    normalises: (payload) => {
      // Decimal strings, levels unsorted on the wire, millisecond timestamp.
      const b = normaliseOrderbook('2114', opinionResult(payload, 'orderbook.json').result);
      assert.deepEqual([b.bids, b.asks, b.timestamp], [[{ price: 0.071, size: 40 }, { price: 0.065, size: 1200.5 }], [{ price: 0.074, size: 15.25 }, { price: 0.08, size: 310 }], '2026-11-22T00:00:00.500Z']);
    },
  },
  {
    call: 'latestPrice',
    fixture: 'latest_price_no.json',
    schema: wire.OpinionLatestPriceSchema,
    normalises: (payload) => {
      // The last trade was on the NO token: read in YES terms.
      const btc = fixture('opinion', 'market_list.json').result.list[0];
      const t = normaliseLatestTrade('2114', opinionResult(payload, 'latest_price_no.json').result, { yes: btc.yesTokenId, no: btc.noTokenId });
      assert.deepEqual([t.price, t.taker_side, t.size, t.outcome, t.timestamp], [0.072, 'sell', 55, btc.yesTokenId, '2026-11-21T23:50:00.000Z']);
    },
  },
  {
    call: 'priceHistory',
    fixture: 'price_history.json',
    schema: wire.OpinionPriceHistorySchema,
    normalises: (payload) =>
      assert.deepEqual(normalisePriceHistory(opinionResult(payload, 'price_history.json').result).map((p) => [p.timestamp, p.price]), [['2026-11-22T00:00:00.000Z', 0.07], ['2026-11-22T01:00:00.000Z', 0.0715], ['2026-11-22T02:00:00.000Z', 0.073]]),
  },
];
