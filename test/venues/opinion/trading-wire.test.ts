// Opinion's trading answers against its wire schemas (src/venues/opinion/wire.ts, taken from the
// venue's generated OpenAPI client and docs, not from the adapter): the fixtures of the order client's
// calls and every answer of the simulator's order API the trading client reads (quote token, order
// placement and detail with its trades, cancel, positions, balance) must fit, so the simulator cannot
// send what the venue never sends; and the client reads the published shapes as published (a trade's
// fee from `feeFormatted`, the balance asked with `chain_id`).
import assert from 'node:assert/strict';
import { Wallet } from 'ethers';
import type { z } from 'zod';
import { CTF_ORDER_V1_TYPES } from '../../../src/venues/ctf-order.js';
import { opinionDomain } from '../../../src/venues/opinion/signing.js';
import { startOpinionSimulator } from '../../../src/venues/opinion/sim/simulator.js';
import { OPINION_SIM_EXCHANGE } from '../../../src/venues/opinion/sim/simulator-orders.js';
import { createOpinionTradingClient, opinionOrderState } from '../../../src/venues/opinion/trading.js';
import { OpinionBalanceSchema, OpinionCancelSchema, OpinionOrderSchema, OpinionPositionsSchema, OpinionQuoteTokensSchema } from '../../../src/venues/opinion/wire.js';
import { runVenueConformance } from '../../../src/venues/conformance.js';
import { VENUES } from '../../../src/venues/index.js';
import { venueDrift } from '../../../src/venues/wire.js';
import { fixture } from '../fixture.js';

const fits = (schema: z.ZodType, payload: unknown, what: string) => {
  const r = schema.safeParse(payload);
  assert.ok(r.success, `${what}: ${r.success ? '' : r.error.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')} in ${JSON.stringify(payload).slice(0, 300)}`);
};
const ZERO = '0x0000000000000000000000000000000000000000';

describe('opinion trading wire', function () {
  this.timeout(90_000);

  it('the order client\'s fixtures fit the published schemas', () => {
    for (const [name, schema] of [['quote_token.json', OpinionQuoteTokensSchema], ['order_post.json', OpinionOrderSchema], ['order_detail.json', OpinionOrderSchema], ['order_cancel.json', OpinionCancelSchema], ['positions.json', OpinionPositionsSchema], ['balance.json', OpinionBalanceSchema]] as const) {
      fits(schema, fixture('opinion', name), name);
    }
  });

  it('a trade\'s fee is its feeFormatted: TradeData\'s numeric fee is not in display units', () => {
    const trade = { orderNo: '9', tradeNo: 'T-1', txHash: '0xab', side: 'Buy', outcomeSide: 1, price: '0.61', shares: '6', amount: '3.66', fee: 20000000000000000, feeFormatted: '0.02', createdAt: 1795381210 };
    const detail = { orderId: '9', status: 2, statusEnum: 'Finished', marketId: 2114, filledShares: '6', filledAmount: '3.66', trades: [trade] };
    fits(OpinionOrderSchema, { errno: 0, errmsg: '', result: { orderData: detail } }, 'a detail in the generated client\'s shape');
    assert.deepEqual(opinionOrderState(detail, 'x').fills?.map((f) => [f.id, f.size, f.fee]), [['T-1', 6, 0.02]]);
  });

  it('the simulator\'s quote token, order, detail, cancel, position and balance answers fit; the client reads them without drift', async () => {
    const sim = await startOpinionSimulator({ tickMs: 0, seed: 5 });
    try {
      const base = sim.baseUrls.rest;
      const wallet = new Wallet(`0x${'6d'.repeat(32)}`);
      const safe = '0x00000000000000000000000000000000005afe01';
      const reg = await fetch(`${sim.server.baseUrl}/_sim/api_keys`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ api_key: 'wire-key', signer: wallet.address, multi_sig_addr: safe }) });
      assert.equal(reg.status, 201);
      const creds = { api_key: 'wire-key', multi_sig_addr: safe };
      const get = async (p: string) => (await (await fetch(base + p, { headers: { apikey: 'wire-key' } })).json()) as unknown;
      const list = (await (await fetch(`${base}/market?limit=20&status=activated`)).json()) as { result: { list: { marketId: number; yesTokenId?: string; status: number }[] } };
      const m = list.result.list.find((x) => x.yesTokenId && x.status === 2 && sim.activity.book(String(x.marketId))?.asks.length)!;
      const client = createOpinionTradingClient({ baseUrls: sim.baseUrls, timeoutMs: 5_000 });
      const place = async (price: number, size: number, clientId: string) => {
        const o = { salt: String(Date.now() * 1000 + Math.floor(Math.random() * 1000)), maker: safe, signer: wallet.address, taker: ZERO, tokenId: m.yesTokenId!, makerAmount: String(BigInt(Math.round(price * 1e6)) * BigInt(size) * 10n ** 12n), takerAmount: String(BigInt(size) * 10n ** 18n), expiration: '0', nonce: '0', feeRateBps: '0', side: 0, signatureType: 2 };
        const signedOrder = { ...o, signature: await wallet.signTypedData(opinionDomain(OPINION_SIM_EXCHANGE), CTF_ORDER_V1_TYPES, o) };
        return client.place(creds, { marketId: String(m.marketId), outcome: m.yesTokenId!, side: 'buy', type: 'limit', price, size, timeInForce: 'gtc', expiresAt: null, clientId, signedOrder });
      };
      venueDrift.clear();
      sim.server.requests.length = 0;
      const prepared = await client.prepareSignedOrder!({ marketId: String(m.marketId), outcome: m.yesTokenId!, side: 'buy', type: 'limit', price: 0.5, size: 1, timeInForce: 'gtc', expiresAt: null }, { signer: wallet.address, maker: safe }, creds);
      assert.equal(prepared.typedData.domain.verifyingContract, OPINION_SIM_EXCHANGE);
      const filled = await place(0.99, 2, 'wire-1');
      assert.ok(filled.filledSize > 0 && (filled.fills ?? []).length > 0, 'the crossing order filled: its detail lists trades');
      fits(OpinionOrderSchema, await get(`/order/${filled.exchangeOrderId}`), 'GET /order/{orderId} (with trades)');
      const resting = await place(0.01, 3, 'wire-2');
      assert.equal((await client.cancel(creds, resting.exchangeOrderId, { marketId: String(m.marketId), outcome: m.yesTokenId! })).status, 'cancelled');
      const held = await client.positions!(creds);
      assert.ok(held.some((p) => p.market_id === String(m.marketId) && p.size > 0), JSON.stringify(held));
      const balances = await client.balances!(creds);
      assert.equal(balances[0]?.currency, 'USDT');
      // Every answer the client read was checked against its schema; none drifted (the envelope
      // note only says which spelling the venue uses).
      assert.deepEqual(venueDrift.of('opinion').filter((n) => n.endpoint !== 'envelope'), []);
      const asked = sim.server.requests.map((r) => `${r.method} ${r.path}?${r.search}`);
      for (const want of ['GET /openapi/quoteToken?', 'POST /openapi/order?', `GET /openapi/order/${filled.exchangeOrderId}?`, 'POST /openapi/order/cancel?', `GET /openapi/positions/user/${safe}?page=1&limit=20`, 'GET /openapi/user/balance?chain_id=56']) {
        assert.ok(asked.includes(want), `${want} in ${asked.join(', ')}`);
      }
      fits(OpinionQuoteTokensSchema, await get('/quoteToken'), 'GET /quoteToken');
      fits(OpinionPositionsSchema, await get(`/positions/user/${safe}?page=1&limit=20`), 'GET /positions/user/{walletAddress}');
      fits(OpinionBalanceSchema, await get('/user/balance?chain_id=56'), 'GET /user/balance');
      // The conformance command's authenticated reads, with the same key: both fit.
      const opinion = VENUES.find((v) => v.code === 'opinion')!;
      const { results } = await runVenueConformance({ descriptor: opinion, baseUrls: sim.baseUrls, keys: { marketData: {}, credentials: creds } }, { timeoutMs: 5_000, withCredentials: true });
      assert.deepEqual(results.filter((r) => r.endpoint === 'GET /user/balance' || r.endpoint.startsWith('GET /positions')).map((r) => [r.endpoint, r.outcome]), [['GET /user/balance', 'ok'], ['GET /positions/user/{walletAddress}', 'ok']]);
    } finally {
      await sim.stop();
    }
  });
});
