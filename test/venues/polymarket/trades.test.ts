/**
 * An order's trades on Polymarket's CLOB, against the simulator: the order read lists its trades by id
 * only (`associate_trades`, clob-client-v2 `OpenOrder`), the trades endpoint (`GET /data/trades`, L2)
 * serves them in the venue's `Trade` shape, both checked against the wire schemas; and the order
 * client reads an order's fills from that endpoint by those ids, asking again only for trades whose
 * fills it is not handed.
 */
import assert from 'node:assert/strict';
import { Wallet } from 'ethers';
import type { RunningSimulator } from '../../../src/sim/types.js';
import { l1Headers, l2Headers, polymarketOrderDomain, POLYMARKET_ORDER_TYPES } from '../../../src/venues/polymarket/signing.js';
import { startPolymarketSimulator } from '../../../src/venues/polymarket/sim/simulator.js';
import { createPolymarketTradingClient } from '../../../src/venues/polymarket/trading.js';
import { ClobOrderSchema, ClobTradesPageSchema } from '../../../src/venues/polymarket/wire.js';
import type { TradingClient, VenueOrderRequest } from '../../../src/venues/trading.js';
import { venueDrift } from '../../../src/venues/wire.js';

const ZERO32 = `0x${'0'.repeat(64)}`;
const r6 = (x: number): number => Math.round(x * 1e6) / 1e6;

function fits(schema: typeof ClobOrderSchema | typeof ClobTradesPageSchema, payload: unknown, what: string): void {
  const r = schema.safeParse(payload);
  assert.ok(r.success, `${what}: ${r.success ? '' : r.error.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
}

describe('polymarket trades: the order read names trade ids, the trades endpoint their fills', function () {
  this.timeout(60_000);
  const owner = new Wallet(`0x${'5c'.repeat(32)}`);
  let sim: RunningSimulator;
  let client: TradingClient;
  let creds: { api_key: string; secret: string; passphrase: string; address: string };
  let market: { conditionId: string; token: string; negRisk: boolean };

  /** A signed GET of the CLOB simulator, as the official client signs it (path without its query). */
  const signedGet = async (pathAndQuery: string): Promise<{ status: number; body: unknown }> => {
    const headers = l2Headers(creds, Math.floor(Date.now() / 1000), 'GET', pathAndQuery.split('?')[0]);
    const res = await fetch(`${sim.baseUrls.clob}${pathAndQuery}`, { headers });
    return { status: res.status, body: (await res.json()) as unknown };
  };
  /** A buy of `size` YES shares up to `price`, signed by the owner, as the service sends it. */
  const buy = async (price: number, size: number): Promise<VenueOrderRequest> => {
    const o = { salt: String(Date.now() * 1000 + Math.floor(Math.random() * 1000)), maker: owner.address, signer: owner.address, tokenId: market.token, makerAmount: String(Math.round(price * size * 1e6)), takerAmount: String(Math.round(size * 1e6)), side: 0, signatureType: 0, timestamp: String(Date.now()), metadata: ZERO32, builder: ZERO32 };
    const signed = { ...o, negRisk: market.negRisk, signature: await owner.signTypedData(polymarketOrderDomain(market.negRisk), POLYMARKET_ORDER_TYPES, o) };
    return { marketId: market.conditionId, outcome: market.token, side: 'buy', type: 'limit', price, size, timeInForce: 'gtc', expiresAt: null, clientId: o.salt, signedOrder: signed };
  };
  const asks = () => sim.activity.book(market.conditionId)!.asks;

  before(async () => {
    sim = await startPolymarketSimulator({ tickMs: 0 });
    sim.activity.stop();
    const list = (await (await fetch(`${sim.baseUrls.gamma}/markets?limit=50&closed=false`)).json()) as { conditionId: string; clobTokenIds?: string; outcomes?: string; negRisk?: boolean; acceptingOrders?: boolean }[];
    const m = list.find((x) => x.clobTokenIds && x.acceptingOrders !== false && (x.outcomes ?? '["Yes","No"]').startsWith('["Yes"') && (sim.activity.book(x.conditionId)?.asks.length ?? 0) >= 3)!;
    market = { conditionId: m.conditionId, token: (JSON.parse(m.clobTokenIds!) as string[])[0], negRisk: !!m.negRisk };
    const key = (await (await fetch(`${sim.baseUrls.clob}/auth/derive-api-key`, { headers: { ...(await l1Headers(owner, Math.floor(Date.now() / 1000))) } })).json()) as { apiKey: string; secret: string; passphrase: string };
    creds = { api_key: key.apiKey, secret: key.secret, passphrase: key.passphrase, address: owner.address };
    client = createPolymarketTradingClient({ baseUrls: sim.baseUrls, timeoutMs: 5_000 });
  });
  after(async () => {
    await sim?.stop();
  });

  it('the simulator\'s order read lists trade ids only and fits the venue\'s order schema; its trades fit the Trade schema', async () => {
    const [a0] = asks();
    const placed = await client.place(creds, await buy(a0.price, a0.size + 3));
    const order = await signedGet(`/data/order/${placed.exchangeOrderId}`);
    assert.equal(order.status, 200);
    fits(ClobOrderSchema, order.body, 'GET /data/order/{id}');
    const ids = (order.body as { associate_trades: unknown[] }).associate_trades;
    assert.ok(ids.length >= 1 && ids.every((t) => typeof t === 'string'), JSON.stringify(ids));
    const page = await signedGet(`/data/trades?id=${String(ids[0])}&maker_address=${owner.address}&next_cursor=MA==`);
    assert.equal(page.status, 200);
    fits(ClobTradesPageSchema, page.body, 'GET /data/trades');
    const { data, next_cursor } = page.body as { data: { id: string; taker_order_id: string; trader_side: string }[]; next_cursor: string };
    assert.deepEqual([data.map((t) => [t.id, t.taker_order_id, t.trader_side]), next_cursor], [[[ids[0], placed.exchangeOrderId, 'TAKER']], 'LTE=']);
  });

  it('the trades endpoint is signed, wants the wallet, filters by market and time, and pages with next_cursor', async () => {
    assert.equal((await fetch(`${sim.baseUrls.clob}/data/trades?maker_address=${owner.address}`)).status, 401);
    assert.equal((await signedGet('/data/trades?next_cursor=MA==')).status, 400);
    const all = (await signedGet(`/data/trades?maker_address=${owner.address}`)).body as { data: { id: string; match_time: string }[]; next_cursor: string };
    assert.ok(all.data.length >= 1);
    assert.equal(all.next_cursor, 'LTE=');
    const elsewhere = (await signedGet(`/data/trades?maker_address=${owner.address}&market=0x${'ab'.repeat(32)}`)).body as { data: unknown[] };
    assert.deepEqual(elsewhere.data, []);
    const later = (await signedGet(`/data/trades?maker_address=${owner.address}&after=${Number(all.data[0].match_time)}`)).body as { data: unknown[] };
    assert.deepEqual(later.data, []);
    const past = (await signedGet(`/data/trades?maker_address=${owner.address}&next_cursor=${Buffer.from('100').toString('base64')}`)).body as { data: unknown[]; next_cursor: string };
    assert.deepEqual([past.data, past.next_cursor], [[], 'LTE=']);
  });

  it('an order filled at two prices: the client reads both fills from the trades endpoint, at the resting orders\' prices', async () => {
    venueDrift.clear();
    const [a0, a1] = asks();
    const size = a0.size + 4;
    sim.server.requests.length = 0;
    const placed = await client.place(creds, await buy(a1.price, size));
    assert.equal(placed.status, 'filled');
    assert.deepEqual(placed.fills?.map((f) => [f.price, f.size]), [[a0.price, a0.size], [a1.price, 4]]);
    assert.equal(placed.avgFillPrice, r6((a0.price * a0.size + a1.price * 4) / size));
    assert.equal(sim.server.requests.filter((r) => r.path === '/clob/data/trades').length, 1);
    // Read again with those fills known: the order is asked for, no trade is.
    sim.server.requests.length = 0;
    const again = await client.get(creds, placed.exchangeOrderId, { marketId: market.conditionId, knownFills: placed.fills });
    assert.deepEqual([again.fills, again.avgFillPrice], [placed.fills, placed.avgFillPrice]);
    assert.deepEqual(sim.server.requests.map((r) => r.path), [`/clob/data/order/${placed.exchangeOrderId}`]);
    assert.deepEqual(venueDrift.of('polymarket'), []);
  });

  it('a resting order filled later by takers: each fill is a trade with the order among its maker orders', async () => {
    const [a0] = asks();
    const placed = await client.place(creds, await buy(a0.price, a0.size + 30));
    assert.equal(placed.status, 'partially_filled');
    assert.equal(placed.fills?.length, 1);
    let read = placed;
    for (let step = 0; step < 600 && read.filledSize === placed.filledSize; step++) {
      sim.activity.stepMarket(market.conditionId);
      if (step % 20 === 19) read = await client.get(creds, placed.exchangeOrderId, { marketId: market.conditionId, knownFills: read.fills });
    }
    assert.ok(read.filledSize > placed.filledSize, `filled more (${read.filledSize})`);
    const later = read.fills!.slice(1);
    assert.ok(later.length >= 1);
    for (const f of later) assert.ok(!f.id.includes(':') && f.price <= a0.price + 1e-9 && f.fee === 0, JSON.stringify(f));
    assert.ok(Math.abs(read.fills!.reduce((n, f) => n + f.size, 0) - read.filledSize) < 1e-6);
  });
});
