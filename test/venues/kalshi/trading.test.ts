/**
 * Kalshi's order client against the simulator, which checks signatures and the V2 request schema the
 * way Kalshi does and answers the retired `/portfolio/orders` mutations with Kalshi's 410.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startKalshiSimulator } from '../../../src/venues/kalshi/sim/simulator.js';
import { createKalshiTradingClient } from '../../../src/venues/kalshi/trading.js';
import { VenueCallError, type TradingClient, type VenueOrderRequest } from '../../../src/venues/trading.js';
import { venueDrift } from '../../../src/venues/wire.js';
import type { RunningSimulator } from '../../../src/sim/types.js';

const creds = {
  key_id: 'trading-test-key',
  private_key: readFileSync(new URL('../../trading/fixtures/kalshi-test-private.pem', import.meta.url), 'utf8'),
};
const PUBLIC = readFileSync(new URL('../../trading/fixtures/kalshi-test-public.pem', import.meta.url), 'utf8');

describe('kalshi order client (V2 event-order endpoints)', function () {
  this.timeout(30_000);
  let sim: RunningSimulator;
  let client: TradingClient;
  const ticker = 'KXFEDCHAIR-27-KWAR';
  let n = 0;
  const order = (over: Partial<VenueOrderRequest>): VenueOrderRequest => ({ marketId: ticker, outcome: 'yes', side: 'buy', type: 'limit', price: 0.5, size: 1, timeInForce: 'gtc', expiresAt: null, clientId: `c-${++n}`, ...over });
  const lastBody = (method: string): Record<string, unknown> => sim.server.requests.filter((r) => r.method === method).at(-1)!.body as Record<string, unknown>;

  before(async () => {
    sim = await startKalshiSimulator({ tickMs: 0, seed: 5 });
    await fetch(`${sim.server.baseUrl}/_sim/api_keys`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key_id: creds.key_id, public_key: PUBLIC }) });
    client = createKalshiTradingClient({ baseUrls: sim.baseUrls, timeoutMs: 5_000 });
    venueDrift.clear();
  });
  after(() => sim?.stop());

  it('a marketable NO buy goes out as a YES ask at 1 - p and comes back filled, in NO terms', async () => {
    const book = sim.activity.book(ticker)!;
    const bestYesBid = book.bids[0].price;
    const state = await client.place(creds, order({ outcome: 'no', side: 'buy', price: 0.99, size: 2 }));
    assert.equal(sim.server.requests.filter((r) => r.method === 'POST').at(-1)!.path, '/trade-api/v2/portfolio/events/orders');
    const body = lastBody('POST');
    assert.deepEqual([body.side, body.price, body.count, body.self_trade_prevention_type], ['ask', '0.0100', '2.00', 'taker_at_cross']);
    assert.equal(state.status, 'filled');
    assert.equal(state.filledSize, 2);
    // Sold YES into the best bid b: the NO price paid is 1 - b.
    assert.equal(state.avgFillPrice, Math.round((1 - bestYesBid) * 1e6) / 1e6);
    assert.ok(state.fills!.every((f) => f.price === state.avgFillPrice));
    assert.deepEqual(venueDrift.of('kalshi'), [], 'the simulator answered in the published shapes');
  });

  it('a resting order is read back and cancelled on V2; a second cancel is refused', async () => {
    const placed = await client.place(creds, order({ outcome: 'yes', side: 'buy', price: 0.02, size: 3 }));
    assert.equal(placed.status, 'open');
    const read = await client.get(creds, placed.exchangeOrderId, { marketId: ticker, outcome: 'yes' });
    assert.deepEqual([read.status, read.filledSize], ['open', 0]);
    const cancelled = await client.cancel(creds, placed.exchangeOrderId, { marketId: ticker, outcome: 'yes' });
    assert.equal(cancelled.status, 'cancelled');
    const deletes = sim.server.requests.filter((r) => r.method === 'DELETE');
    assert.equal(deletes.at(-1)!.path, `/trade-api/v2/portfolio/events/orders/${placed.exchangeOrderId}`);
    await assert.rejects(client.cancel(creds, placed.exchangeOrderId, { marketId: ticker }), (e: unknown) => e instanceof VenueCallError && e.failure === 'rejected');
    await assert.rejects(client.cancel(creds, '00000000-0000-4000-8000-000000000000', { marketId: ticker }), (e: unknown) => e instanceof VenueCallError && e.failure === 'not_found');
  });

  it('an IOC with an expiry is accepted: the expiry is not sent with it', async () => {
    const state = await client.place(creds, order({ timeInForce: 'ioc', price: 0.01, expiresAt: new Date(Date.now() + 3_600_000).toISOString() }));
    assert.equal(state.status, 'cancelled');
    const body = lastBody('POST');
    assert.equal(body.time_in_force, 'immediate_or_cancel');
    assert.equal('expiration_time' in body || 'expiration_ts' in body, false);
  });

  it('a GTD order carries its expiry as expiration_time (seconds) with good_till_canceled', async () => {
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    const state = await client.place(creds, order({ timeInForce: 'gtd', price: 0.02, expiresAt }));
    assert.equal(state.status, 'open');
    const body = lastBody('POST');
    assert.deepEqual([body.time_in_force, body.expiration_time], ['good_till_canceled', Math.floor(Date.parse(expiresAt) / 1000)]);
  });

  it('finds an order by client id, in the outcome it was placed on', async () => {
    const placed = await client.place(creds, order({ outcome: 'no', side: 'sell', price: 0.97, clientId: 'find-me' }));
    const found = await client.findByClientId(creds, 'find-me', { marketId: ticker, since: new Date(Date.now() - 60_000).toISOString(), order: order({ outcome: 'no', side: 'sell', price: 0.97 }) });
    assert.equal(found?.exchangeOrderId, placed.exchangeOrderId);
    const body = lastBody('POST');
    assert.equal(body.client_order_id, 'find-me');
    assert.deepEqual([body.side, body.price], ['bid', '0.0300'], 'a NO sell at 0.97 is a YES bid at 0.03');
  });
});
