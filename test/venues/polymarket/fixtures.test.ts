/**
 * Polymarket's static fixtures beyond the adapter's request table (whose answers ./endpoints.ts holds,
 * run by ../endpoint-fixtures.test.ts): the order client's and the onboarding's calls. Each fixture
 * says its source (its `_source` key); each is run through the reader the adapter uses and its output
 * asserted.
 */
import assert from 'node:assert/strict';
import { Wallet, ZeroHash } from 'ethers';
import type { z } from 'zod';
import { readApiCredentials } from '../../../src/venues/polymarket/onboarding.js';
import { parseExchangeVersion, polymarketOrderDomain, POLYMARKET_ORDER_TYPES } from '../../../src/venues/polymarket/signing.js';
import { associateTradeIds, polymarketCollateral, polymarketOrderState, polymarketPosition, polymarketPostOrderBody, polymarketTradeFills, withFills, type ClobTradeWire } from '../../../src/venues/polymarket/trading.js';
import * as wire from '../../../src/venues/polymarket/wire.js';
import { venueDrift } from '../../../src/venues/wire.js';
import { fixture } from '../fixture.js';

const FED = '0x3b1e7c0d5a9f24e8c6b1d0a7f3e5c9b2d4a6f8e0c1b3d5a7f9e2c4b6d8a0f1e3';
const FED_YES = '48213907715620035531180975520431866610987350422154390863318749101232877019455';

function valid(schema: z.ZodType, payload: unknown, name: string): void {
  const r = schema.safeParse(payload);
  assert.ok(r.success, `${name}: ${r.success ? '' : JSON.stringify(r.error.issues.slice(0, 3))}`);
}

describe('polymarket fixtures: the order client and onboarding calls', () => {
  it('the exchange version and a token\'s neg-risk flag are read as the official client reads them', () => {
    valid(wire.ClobVersionSchema, fixture('polymarket', 'clob_version.json'), 'clob_version.json');
    assert.equal(parseExchangeVersion(fixture('polymarket', 'clob_version.json')), 3);
    assert.equal(fixture('polymarket', 'clob_neg_risk.json').neg_risk, true);
  });

  it('an order read (GET /data/order/{id}): trade ids only, so filled size from size_matched and the fills from the trades', () => {
    venueDrift.clear();
    const raw = fixture('polymarket', 'clob_order.json');
    valid(wire.ClobOrderSchema, raw, 'clob_order.json');
    const s = polymarketOrderState(raw);
    assert.deepEqual(s, { exchangeOrderId: raw.id, status: 'partially_filled', filledSize: 25, avgFillPrice: null, fills: [] });
    assert.deepEqual(associateTradeIds(raw), fixture('polymarket', 'clob_trades.json').data.map((t: { id: string }) => t.id));
    assert.deepEqual(venueDrift.of('polymarket'), [], 'the published shape is no drift');
    // Its two trades: 4 at 0.56 and 6 at 0.57 taken, 15 at 0.58 filled resting.
    const fills = fixture('polymarket', 'clob_trades.json').data.flatMap((t: ClobTradeWire) => polymarketTradeFills(t, raw.id));
    const full = withFills(s, fills);
    assert.deepEqual([full.fills?.length, full.fills?.reduce((n, f) => n + f.size, 0), full.avgFillPrice], [3, 25, 0.5744]);
    // The docs' example spells statuses ORDER_STATUS_*; the enum and the client say LIVE, MATCHED, ...
    assert.equal(polymarketOrderState({ ...raw, status: 'ORDER_STATUS_CANCELED' }).status, 'cancelled');
    assert.equal(polymarketOrderState({ ...raw, status: 'CANCELED_MARKET_RESOLVED' }).status, 'cancelled');
    assert.equal(polymarketOrderState({ ...raw, status: 'INVALID', size_matched: '0' }).status, 'cancelled');
    assert.equal(polymarketOrderState({ ...raw, status: 'MATCHED', size_matched: '100' }).status, 'filled');
  });

  it('an order read listing whole trade records (no published source shows them) is drift: the records are no ids and give no fills', () => {
    venueDrift.clear();
    const raw = { ...fixture('polymarket', 'clob_order.json'), associate_trades: [{ id: 't1', price: '0.57', size: '25', match_time: '2026-11-22T21:00:00Z' }] };
    assert.equal(wire.ClobOrderSchema.safeParse(raw).success, false);
    const s = polymarketOrderState(raw);
    assert.deepEqual([associateTradeIds(raw), s.avgFillPrice, s.fills], [[], null, []]);
    assert.ok(venueDrift.of('polymarket').some((d) => d.endpoint === 'GET /data/order/{id}'), JSON.stringify(venueDrift.of('polymarket')));
  });

  it('POST /order: the body carries the docs\' order fields, the owner and the order type; the answers fit the client\'s OrderResponse', async () => {
    const doc = fixture('polymarket', 'clob_order_post.json');
    const owner = new Wallet(`0x${'41'.repeat(32)}`);
    const message = { salt: '1234567890', maker: owner.address, signer: owner.address, tokenId: FED_YES, makerAmount: '58000000', takerAmount: '100000000', side: 0, signatureType: 0, timestamp: '1795381200000', metadata: ZeroHash, builder: ZeroHash };
    const signature = await owner.signTypedData(polymarketOrderDomain(true, 3), POLYMARKET_ORDER_TYPES, message);
    const body = polymarketPostOrderBody({ ...message, signature, expiration: '0', taker: '0x0000000000000000000000000000000000000000', negRisk: true }, doc.request.owner, 'gtc') as { order: Record<string, unknown>; owner: string; orderType: string };
    assert.deepEqual(Object.keys(body.order).sort(), Object.keys(doc.request.order).sort());
    assert.deepEqual([body.order.side, body.order.salt, body.order.expiration, body.owner, body.orderType], ['BUY', 1234567890, '0', doc.request.owner, 'GTC']);
    assert.equal((polymarketPostOrderBody({ ...message, signature }, 'o', 'ioc') as { orderType: string }).orderType, 'FAK');
    for (const r of [doc.response, doc.response_matched]) assert.deepEqual([typeof r.success, typeof r.orderID, typeof r.status], ['boolean', 'string', 'string']);
    assert.deepEqual(fixture('polymarket', 'clob_order_cancel.json').canceled, [doc.response.orderID]);
  });

  it('collateral, positions and API credentials read from their answers', () => {
    const bal = fixture('polymarket', 'clob_balance_allowance.json');
    valid(wire.BalanceAllowanceSchema, bal, 'clob_balance_allowance.json');
    assert.deepEqual(polymarketCollateral(bal), { currency: 'pUSD', available: 1250.5, total: null });
    const [p] = fixture<Parameters<typeof polymarketPosition>[0][]>('polymarket', 'data_positions.json').map(polymarketPosition);
    assert.deepEqual(p, { market_id: FED, outcome: 'yes', venue_outcome: FED_YES, size: 25, avg_price: 0.58, value: 14.375 });
    assert.deepEqual(readApiCredentials(fixture('polymarket', 'clob_api_key.json')), { api_key: 'f4f247b7-4ac7-ff29-a152-04fda0a8755a', secret: 'c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3I=', passphrase: '0f8e2d4c6b1a3958d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4' });
    assert.equal(readApiCredentials({ apiKey: 'k' }), null);
    assert.equal(fixture('polymarket', 'clob_api_keys.json').apiKeys.length, 1);
  });
});
