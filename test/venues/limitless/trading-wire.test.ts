// Limitless's trading answers against its wire schemas (src/venues/limitless/wire.ts, taken from the
// official SDKs' OrderResponse, UserOrder, cancel answer and PortfolioPositionsResponse): every answer
// of the simulator's order API the trading client reads (place, user-orders, cancel, positions)
// must fit, so the simulator cannot send what the venue never sends.
import assert from 'node:assert/strict';
import { Wallet } from 'ethers';
import type { z } from 'zod';
import { CTF_ORDER_V1_TYPES } from '../../../src/venues/ctf-order.js';
import { limitlessDomain } from '../../../src/venues/limitless/signing.js';
import { startLimitlessSimulator } from '../../../src/venues/limitless/sim/simulator.js';
import { LimitlessCancelSchema, LimitlessPlacementSchema, LimitlessPositionsSchema, LimitlessUserOrdersSchema } from '../../../src/venues/limitless/wire.js';

const fits = (schema: z.ZodType, payload: unknown, what: string) => {
  const r = schema.safeParse(payload);
  assert.ok(r.success, `${what}: ${r.success ? '' : r.error.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')} in ${JSON.stringify(payload).slice(0, 300)}`);
};

describe('limitless trading wire', function () {
  this.timeout(30_000);

  it('the simulator\'s order, user-orders, cancel and position answers fit the SDKs\' types', async () => {
    const sim = await startLimitlessSimulator({ tickMs: 0, seed: 7 });
    try {
      const base = sim.baseUrls.rest;
      const wallet = new Wallet(`0x${'5c'.repeat(32)}`);
      await fetch(`${sim.server.baseUrl}/_sim/api_keys`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ api_key: 'wire-key', address: wallet.address }) });
      const headers = { 'x-api-key': 'wire-key', 'content-type': 'application/json' };
      const send = async (method: string, p: string, body?: unknown) => {
        const res = await fetch(base + p, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
        const out = (await res.json()) as unknown;
        assert.ok(res.ok, `${method} ${p}: ${res.status} ${JSON.stringify(out)}`);
        return out;
      };
      const list = (await (await fetch(`${base}/markets/active?tradeType=clob&limit=25`)).json()) as { data: { slug: string; venue?: { exchange?: string }; tokens?: { yes: string } }[] };
      const m = list.data.find((x) => x.venue?.exchange && x.tokens)!;
      const exchange = m.venue!.exchange!;
      const signed = async (makerAmount: string, salt: string) => {
        // As the trading client signs: uint256 fields as decimal strings.
        const order = { salt, maker: wallet.address, signer: wallet.address, taker: '0x0000000000000000000000000000000000000000', tokenId: String(m.tokens!.yes), makerAmount, takerAmount: '1000000', expiration: '0', nonce: '0', feeRateBps: '0', side: 0, signatureType: 0 };
        return { ...order, signature: await wallet.signTypedData(limitlessDomain(exchange), CTF_ORDER_V1_TYPES, order) };
      };
      const place = async (makerAmount: string, salt: string, price: number) => {
        const placed = await send('POST', '/orders', { order: { ...(await signed(makerAmount, salt)), price }, orderType: 'GTC', marketSlug: m.slug, ownerId: null });
        fits(LimitlessPlacementSchema, placed, 'POST /orders');
        return placed as { order: { id: string }; makerMatches?: unknown[] };
      };
      const filled = await place('990000', '11', 0.99);
      assert.ok((filled.makerMatches ?? []).length > 0, 'the crossing order matched, so its maker matches are checked');
      const resting = await place('10000', '12', 0.01);
      fits(LimitlessUserOrdersSchema, await send('GET', `/markets/${m.slug}/user-orders?statuses=LIVE,MATCHED`), 'GET /markets/{slug}/user-orders');
      fits(LimitlessCancelSchema, await send('DELETE', `/orders/${resting.order.id}`), 'DELETE /orders/{id}');
      fits(LimitlessUserOrdersSchema, await send('GET', `/markets/${m.slug}/user-orders?statuses=LIVE,MATCHED,CANCELLED`), 'GET /markets/{slug}/user-orders (cancelled)');
      const positions = (await send('GET', '/portfolio/positions')) as { clob: unknown[] };
      assert.ok(positions.clob.length > 0, 'the wallet holds a position');
      fits(LimitlessPositionsSchema, positions, 'GET /portfolio/positions');
    } finally {
      await sim.stop();
    }
  });
});
