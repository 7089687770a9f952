/**
 * Opinion's static fixtures (CCXT-style): every endpoint the adapter and the order client call has a
 * response in src/venues/opinion/fixtures (listed in endpoints.json), shaped on the models of Opinion's
 * published OpenAPI and SDK docs (docs.opinion.trade, Opinion Open API "Models", CLOB SDK "Methods",
 * Aug 2026). The envelope is spelled both ways the venue's own sources disagree on ({code, msg,
 * result} of the OpenAPI, {errno, errmsg, result} of the SDK docs); each answer is run through the
 * reader the adapter uses and its output asserted.
 */
import assert from 'node:assert/strict';
import { normaliseCategorical, normaliseMarket, type OpinionMarketWire } from '../../../src/venues/opinion/normalise.js';
import { opinionBalancesOf, opinionCtfExchangeOf, opinionOrderState, opinionPosition } from '../../../src/venues/opinion/trading.js';
import { OpinionMarketDetailSchema, readOpinionEnvelope } from '../../../src/venues/opinion/wire.js';
import { DriftLog } from '../../../src/venues/wire.js';
import { fixture } from '../fixture.js';

const ctx = { fetchedAt: '2026-11-20T10:30:00.000Z' };
/** The envelope's result, read as the adapter reads it, and the spelling the venue used. */
function read<T>(name: string): { result: T; spelling: string; drift: string[] } {
  const log = new DriftLog();
  const env = readOpinionEnvelope<T>(fixture('opinion', name), log);
  assert.ok(env, `${name}: not an envelope`);
  assert.equal(env.code, 0, `${name}: not a success`);
  return { result: env.result as T, spelling: env.spelling, drift: log.of('opinion').map((d) => d.detail) };
}

describe('opinion fixtures: one per endpoint the adapter calls (fixtures/endpoints.json)', () => {
  it('every listed fixture exists', () => {
    for (const e of fixture<{ endpoint: string; fixtures: string[] }[]>('opinion', 'endpoints.json')) for (const f of e.fixtures) assert.doesNotThrow(() => fixture('opinion', f), `${e.endpoint}: ${f} is missing`);
  });

  it('one market (GET /market/{id}, the OpenAPI\'s {code, msg, result}) normalises; the spelling is noted', () => {
    assert.ok(OpinionMarketDetailSchema.safeParse(fixture('opinion', 'market.json')).success);
    const { result, spelling } = read<{ data: OpinionMarketWire }>('market.json');
    assert.equal(spelling, 'code/msg');
    const m = normaliseMarket(result.data, ctx);
    assert.deepEqual([m.market_id, m.status, m.outcomes.map((o) => o.id), m.volume], ['2114', 'open', [result.data.yesTokenId, result.data.noTokenId], 1843392.55]);
  });

  it('a categorical market (GET /market/categorical/{id}) is an event holding its children', () => {
    const { result, spelling } = read<{ data: OpinionMarketWire }>('market_categorical.json');
    assert.equal(spelling, 'errno/errmsg');
    const e = normaliseCategorical(result.data, ctx);
    assert.equal(e.event_id, String(result.data.marketId));
    assert.equal(e.market_ids.length, 3);
  });

  it('the quote token names the CTF exchange orders are signed under', () => {
    assert.equal(opinionCtfExchangeOf(read<Record<string, unknown>>('quote_token.json').result), '0x5F45344126D6488025B0b84A3A8189F2487a7246');
    assert.equal(opinionCtfExchangeOf({ list: [] }), null);
  });

  it('orders: the placement answer is pending and unfilled; the detail is filled with its two trades as fills', () => {
    const placed = opinionOrderState(read<{ orderData: Record<string, unknown> }>('order_post.json').result.orderData, 'x');
    assert.deepEqual([placed.exchangeOrderId, placed.status, placed.filledSize, placed.avgFillPrice], ['7f3a1c2e-9b4d-4e8f-a6c5-0d1e2f3a4b5c', 'open', 0, null]);
    const detail = opinionOrderState(read<{ orderData: Record<string, unknown> }>('order_detail.json').result.orderData, 'x');
    assert.deepEqual([detail.status, detail.filledSize, detail.avgFillPrice, detail.fills?.map((f) => [f.id, f.size, f.fee, f.at])], [
      'filled', 10, 0.61, [['T-88120', 6, 0.02, '2026-11-22T21:00:10.000Z'], ['T-88121', 4, 0.01, '2026-11-22T21:00:15.000Z']],
    ]);
    assert.equal(read('order_cancel.json').spelling, 'errno/errmsg');
  });

  it('positions and balances read from their answers', () => {
    const { result } = read<{ total: number; list: Parameters<typeof opinionPosition>[0][] }>('positions.json');
    assert.deepEqual(result.list.map(opinionPosition), [{ market_id: '2114', outcome: '31415926535897932384626433832795028841971693993751058209749445923078164062862', size: 10, avg_price: 0.61, value: 6.2 }]);
    assert.deepEqual(opinionBalancesOf(read<Record<string, unknown>>('balance.json').result), [{ currency: 'USDT', available: 114.3, total: 120.5 }]);
    assert.deepEqual(opinionBalancesOf({ data: { list: [{ quoteToken: '0xabc', totalBalance: '1', availableBalance: '1' }] } }), [{ currency: '0xabc', available: 1, total: 1 }]);
  });
});
