/**
 * Opinion's static fixtures beyond the adapter's request table (whose answers ./endpoints.ts holds,
 * run by ../endpoint-fixtures.test.ts): the order client's calls. Each fixture says its source (its
 * `_source` key), including which envelope spelling it uses; each answer is run through the reader the
 * adapter uses and its output asserted.
 */
import assert from 'node:assert/strict';
import { opinionBalancesOf, opinionCtfExchangeOf, opinionOrderState, opinionPosition } from '../../../src/venues/opinion/trading.js';
import { fixture } from '../fixture.js';
import { opinionResult } from './endpoints.js';

const read = <T = any>(name: string): { result: T; spelling: string } => opinionResult<T>(fixture('opinion', name), name);

describe('opinion fixtures: the order client\'s calls', () => {
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
    assert.deepEqual(result.list.map(opinionPosition), [{ market_id: '2114', outcome: 'yes', venue_outcome: '31415926535897932384626433832795028841971693993751058209749445923078164062862', size: 10, avg_price: 0.61, value: 6.2 }]);
    assert.deepEqual(opinionBalancesOf(read<Record<string, unknown>>('balance.json').result), [{ currency: 'USDT', available: 114.3, total: 120.5 }]);
    assert.deepEqual(opinionBalancesOf({ data: { list: [{ quoteToken: '0xabc', totalBalance: '1', availableBalance: '1' }] } }), [{ currency: '0xabc', available: 1, total: 1 }]);
  });
});
