// predict.fun's trading answers against its wire schemas (src/venues/predictfun/wire.ts, taken from
// dev.predict.fun's order, match-event and position pages and the official SDK's SignedOrder):
// every answer of the simulator's order API the trading client reads (create, read, remove, match
// events, positions) must fit, so the simulator cannot send what the venue never sends.
import assert from 'node:assert/strict';
import { Wallet } from 'ethers';
import type { z } from 'zod';
import { CTF_ORDER_V1_TYPES } from '../../../src/venues/ctf-order.js';
import { predictfunDomain, predictfunExchange } from '../../../src/venues/predictfun/signing.js';
import { PREDICTFUN_SIM_API_KEY, startPredictfunSimulator } from '../../../src/venues/predictfun/sim/simulator.js';
import { PredictCreateOrderSchema, PredictMatchesSchema, PredictOrderSchema, PredictPositionsSchema, PredictRemoveOrdersSchema } from '../../../src/venues/predictfun/wire.js';

const fits = (schema: z.ZodType, payload: unknown, what: string) => {
  const r = schema.safeParse(payload);
  assert.ok(r.success, `${what}: ${r.success ? '' : r.error.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')} in ${JSON.stringify(payload).slice(0, 300)}`);
};

describe('predictfun trading wire', function () {
  this.timeout(30_000);

  it('the simulator\'s order, match-event and position answers fit the venue\'s schemas', async () => {
    const sim = await startPredictfunSimulator({ tickMs: 0, seed: 7 });
    try {
      const base = sim.baseUrls.rest;
      const headers = { 'x-api-key': PREDICTFUN_SIM_API_KEY, 'content-type': 'application/json' };
      const get = async (p: string) => (await fetch(base + p, { headers })).json() as Promise<unknown>;
      const post = async (p: string, body: unknown) => {
        const res = await fetch(base + p, { method: 'POST', headers, body: JSON.stringify(body) });
        const out = (await res.json()) as unknown;
        assert.ok(res.ok, `POST ${p}: ${res.status} ${JSON.stringify(out)}`);
        return out;
      };
      const list = (await get('/markets?first=50')) as { data: { id: number; isNegRisk?: boolean; isYieldBearing?: boolean; tradingStatus?: string; status?: string; outcomes: { indexSet: number; onChainId: string }[] }[] };
      const m = list.data.find((x) => x.outcomes?.length && (x.tradingStatus ?? 'OPEN') === 'OPEN' && (x.status ?? 'REGISTERED') !== 'RESOLVED')!;
      const token = m.outcomes.find((o) => o.indexSet === 1)!.onChainId;
      const domain = predictfunDomain(predictfunExchange({ negRisk: !!m.isNegRisk, yieldBearing: !!m.isYieldBearing }));
      const wallet = new Wallet(`0x${'5b'.repeat(32)}`);
      const signed = async (makerAmount: bigint, salt: string) => {
        const order = { salt, maker: wallet.address, signer: wallet.address, taker: '0x0000000000000000000000000000000000000000', tokenId: token, makerAmount: String(makerAmount), takerAmount: String(10n ** 18n), expiration: '0', nonce: '0', feeRateBps: '0', side: 0, signatureType: 0 };
        return { ...order, signature: await wallet.signTypedData(domain, CTF_ORDER_V1_TYPES, order) };
      };
      const place = async (makerAmount: bigint, salt: string) => {
        const created = await post('/orders', { data: { order: await signed(makerAmount, salt), pricePerShare: String(makerAmount), strategy: 'LIMIT' } });
        fits(PredictCreateOrderSchema, created, 'POST /orders');
        return (created as { data: { orderHash: string } }).data.orderHash;
      };
      const crossing = await place(99n * 10n ** 16n, '1');
      const resting = await place(10n ** 16n, '2');
      for (const hash of [crossing, resting]) fits(PredictOrderSchema, await get(`/orders/${hash}`), 'GET /orders/{hash}');
      const filled = (await get(`/orders/${crossing}`)) as { data: { amountFilled: string } };
      assert.ok(BigInt(filled.data.amountFilled) > 0n, 'the crossing order filled, so its match events are checked');
      fits(PredictRemoveOrdersSchema, await post('/orders/remove', { data: { ids: [resting] } }), 'POST /orders/remove');
      fits(PredictOrderSchema, await get(`/orders/${resting}`), 'GET /orders/{hash} (cancelled)');
      const mine = (await get(`/orders/matches?first=100&marketId=${m.id}&signerAddress=${wallet.address}`)) as { data: unknown[] };
      assert.ok(mine.data.length > 0, 'the signer has match events');
      fits(PredictMatchesSchema, mine, 'GET /orders/matches?signerAddress');
      for (let i = 0; i < 20; i++) sim.activity.step();
      fits(PredictMatchesSchema, await get(`/orders/matches?first=100&marketId=${m.id}`), 'GET /orders/matches?marketId');
      const positions = (await get(`/positions/${wallet.address}?first=100`)) as { data: unknown[] };
      assert.ok(positions.data.length > 0, 'the wallet holds a position');
      fits(PredictPositionsSchema, positions, 'GET /positions/{address}');
    } finally {
      await sim.stop();
    }
  });
});
