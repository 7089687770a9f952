// Futuur's order records against its published LimitOrder schema (src/venues/futuur/wire.ts): the
// simulator answers orders as the venue does (numbers for price and shares, `status` one of
// open/partial_filled/filled/canceled/processing: the venue has no `expired` word), and the trading
// client still tells an order that expired from one the user cancelled.
import assert from 'node:assert/strict';
import { signFutuurRequest } from '../../../src/venues/futuur/auth.js';
import { startFutuurSimulator, FUTUUR_SIM_CREDENTIALS } from '../../../src/venues/futuur/sim/simulator.js';
import { createFutuurTradingClient, futuurBalance, futuurPosition } from '../../../src/venues/futuur/trading.js';
import { venueDrift } from '../../../src/venues/wire.js';
import { FutuurBalancesSchema, FutuurEventsPageSchema, FutuurOrderSchema, FutuurOrdersPageSchema, FutuurWagersPageSchema } from '../../../src/venues/futuur/wire.js';
import type { z } from 'zod';
import { fixture } from '../fixture.js';

const creds = { public_key: FUTUUR_SIM_CREDENTIALS.publicKey, private_key: FUTUUR_SIM_CREDENTIALS.privateKey };

describe('futuur wire: orders', function () {
  this.timeout(30_000);

  it('the simulator\'s order records fit the LimitOrder schema, before and after expiry; the client reads expiry from expired_at', async () => {
    const sim = await startFutuurSimulator({ tickMs: 0, seed: 2 });
    try {
      const rest = sim.baseUrls.rest;
      const page = FutuurEventsPageSchema.parse(await (await fetch(`${rest}/events/?currency_mode=real_money&limit=5&offset=0&live=true`)).json());
      const market = page.results.flatMap((e) => e.markets).find((m) => m.status === 'active')!;
      const client = createFutuurTradingClient({ baseUrls: sim.baseUrls, timeoutMs: 5_000 });
      const expiresAt = new Date(Date.now() + 400).toISOString();
      const placed = await client.place(creds, { marketId: String(market.id), outcome: 'long', side: 'buy', type: 'limit', price: 0.01, size: 3, timeInForce: 'gtd', expiresAt, clientId: 'wire-test-1' });
      const raw = async () => (await fetch(`${rest}/orders/${placed.exchangeOrderId}/`, { headers: signFutuurRequest({}, { publicKey: creds.public_key, privateKey: creds.private_key }, Math.floor(Date.now() / 1000)) })).json() as Promise<unknown>;
      const fits = (body: unknown) => {
        const r = FutuurOrderSchema.safeParse(body);
        assert.ok(r.success, `${JSON.stringify(body).slice(0, 300)}: ${r.success ? '' : r.error.message}`);
      };
      fits(await raw());
      await new Promise((r) => setTimeout(r, 600));
      fits(await raw());
      assert.equal((await client.get(creds, placed.exchangeOrderId, { marketId: String(market.id), outcome: 'long' })).status, 'expired');
      const other = await client.place(creds, { marketId: String(market.id), outcome: 'long', side: 'buy', type: 'limit', price: 0.01, size: 3, timeInForce: 'gtc', expiresAt: null, clientId: 'wire-test-2' });
      assert.equal((await client.cancel(creds, other.exchangeOrderId, { marketId: String(market.id), outcome: 'long' })).status, 'cancelled');
      // Every order answer the client reads (create, cancel, the market's list) fits too.
      const answers = sim.server.requests.length;
      const third = await client.place(creds, { marketId: String(market.id), outcome: 'long', side: 'buy', type: 'limit', price: 0.01, size: 3, timeInForce: 'gtc', expiresAt: null, clientId: 'wire-test-3' });
      await client.cancel(creds, third.exchangeOrderId, { marketId: String(market.id), outcome: 'long' });
      assert.ok(sim.server.requests.length > answers);
      const signed = (params: Record<string, string | number>) => ({ headers: signFutuurRequest(params, { publicKey: creds.public_key, privateKey: creds.private_key }, Math.floor(Date.now() / 1000)) });
      const listed = (await (await fetch(`${rest}/orders/?market=${market.id}&limit=100`, signed({ market: String(market.id), limit: 100 }))).json()) as { results?: unknown[] };
      const r = FutuurOrdersPageSchema.safeParse(listed);
      assert.ok(r.success && (listed.results ?? []).length >= 3, `${JSON.stringify(listed).slice(0, 300)}: ${r.success ? '' : r.error.message}`);
      assert.deepEqual(venueDrift.of('futuur').filter((n) => /orders/.test(n.endpoint)), [], 'no drift noted on the order answers the client read');
    } finally {
      await sim.stop();
    }
  });
});

// Positions and balances against the published WagerList and UserPrivateAccountBalance schemas: the
// reference pages' sample answers read as the client reads them (a wager names its market by URL,
// its cost basis and sale value are amounts, balances are a bare `{currency, amount}` array), and the
// simulator's wagers, balances and cancel answers hold to the same schemas.
describe('futuur wire: wagers, balances, cancel', function () {
  this.timeout(30_000);

  it('the docs\' sample wagers and balances read as positions and balances', () => {
    const wagers = fixture('futuur', 'wagers-docs-example.json');
    assert.ok(FutuurWagersPageSchema.safeParse(wagers).success);
    assert.deepEqual(wagers.results.map(futuurPosition), [{ market_id: '3801', outcome: 'yes', venue_outcome: 'long', size: 100, avg_price: 0.65, value: 71.5 }]);
    const balances = fixture('futuur', 'balances-docs-example.json');
    assert.ok(FutuurBalancesSchema.safeParse(balances).success);
    assert.deepEqual(balances.map(futuurBalance).filter((b: { currency: string }) => b.currency === 'USDC'), [{ currency: 'USDC', available: 100, total: null }]);
  });

  it('the simulator\'s wagers, balances and cancel answer as published; the client reads them without drift', async () => {
    const sim = await startFutuurSimulator({ tickMs: 0, seed: 3 });
    try {
      const rest = sim.baseUrls.rest;
      const page = FutuurEventsPageSchema.parse(await (await fetch(`${rest}/events/?currency_mode=real_money&limit=5&offset=0&live=true`)).json());
      const market = page.results.flatMap((e) => e.markets).find((m) => m.status === 'active')!;
      const client = createFutuurTradingClient({ baseUrls: sim.baseUrls, timeoutMs: 5_000 });
      venueDrift.clear();
      const filled = await client.place(creds, { marketId: String(market.id), outcome: 'long', side: 'buy', type: 'limit', price: 0.99, size: 2, timeInForce: 'gtc', expiresAt: null, clientId: 'wire-wager-1' });
      assert.ok(filled.filledSize > 0, 'the crossing order filled, so a wager exists');
      const signedGet = async (path: string, params: Record<string, string | number> = {}) => {
        const q = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();
        const res = await fetch(`${rest}${path}${q ? `?${q}` : ''}`, { headers: signFutuurRequest(params, { publicKey: creds.public_key, privateKey: creds.private_key }, Math.floor(Date.now() / 1000)) });
        return (await res.json()) as unknown;
      };
      const fits = (schema: z.ZodType, body: unknown, what: string) => {
        const r = schema.safeParse(body);
        assert.ok(r.success, `${what}: ${JSON.stringify(body).slice(0, 300)}: ${r.success ? '' : r.error.message}`);
      };
      fits(FutuurWagersPageSchema, await signedGet('/wagers/', { active: 'true', currency_mode: 'real_money' }), 'GET /wagers/');
      fits(FutuurBalancesSchema, await signedGet('/me/balances/'), 'GET /me/balances/');
      const held = (await client.positions!(creds)).filter((p) => p.market_id === String(market.id));
      assert.equal(held.length, 1, JSON.stringify(held));
      assert.ok(held[0].size > 0 && held[0].avg_price! > 0 && held[0].avg_price! <= 0.99 && held[0].value !== null, JSON.stringify(held));
      const usdc = (await client.balances!(creds)).find((b) => b.currency === 'USDC');
      assert.ok(usdc && usdc.available > 0, 'the USDC row is read');
      // The cancel answers 204 without a body; the client reads the order back.
      const resting = await client.place(creds, { marketId: String(market.id), outcome: 'long', side: 'buy', type: 'limit', price: 0.01, size: 3, timeInForce: 'gtc', expiresAt: null, clientId: 'wire-wager-2' });
      const cancel = await fetch(`${rest}/orders/${resting.exchangeOrderId}/cancel/`, { method: 'PATCH', headers: signFutuurRequest({}, { publicKey: creds.public_key, privateKey: creds.private_key }, Math.floor(Date.now() / 1000)) });
      assert.deepEqual([cancel.status, await cancel.text()], [204, '']);
      const another = await client.place(creds, { marketId: String(market.id), outcome: 'long', side: 'buy', type: 'limit', price: 0.01, size: 3, timeInForce: 'gtc', expiresAt: null, clientId: 'wire-wager-3' });
      assert.equal((await client.cancel(creds, another.exchangeOrderId, { marketId: String(market.id), outcome: 'long' })).status, 'cancelled');
      assert.deepEqual(venueDrift.of('futuur'), [], 'no drift noted on the answers the client read');
    } finally {
      await sim.stop();
    }
  });
});
