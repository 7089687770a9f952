// One outcome vocabulary for orders (src/trading/outcomes.ts): `outcome: "no"` on the venues'
// simulators trades the NO side in each venue's own terms (Kalshi: selling the YES leg; Futuur: the
// short position; Polymarket: the market's NO token, which the signed order must trade: a signed
// order of the YES token is a 400 naming signed_order and never reaches the venue), and
// POST /api/v1/orders/prepare takes yes/no too.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Wallet } from 'ethers';
import type { RunningSimulator } from '../../src/sim/types.js';
import { polymarketOrderDomain, POLYMARKET_ORDER_TYPES } from '../../src/venues/polymarket/signing.js';
import { FUTUUR_SIM_CREDENTIALS } from '../../src/venues/futuur/sim/simulator.js';
import { startTestService, mintTestKey, type TestService } from '../helpers/service.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const KALSHI_PEM = fs.readFileSync(path.join(here, 'fixtures/kalshi-test-private.pem'), 'utf8');
const KALSHI_PUBLIC = fs.readFileSync(path.join(here, 'fixtures/kalshi-test-public.pem'), 'utf8');
const KALSHI_KEY_ID = 'b952bcbe-ec3b-4b5b-b8f9-11dae589608c';
const WALLET_KEY = `0x${'5c'.repeat(32)}`;
const ZERO32 = `0x${'0'.repeat(64)}`;

describe('orders: outcome yes/no on every trading venue', function () {
  this.timeout(60_000);
  let svc: TestService;
  let key: string;
  const call = (p: string, body: unknown) => svc.request(p, { method: 'POST', body, headers: { 'x-api-key': key } });
  const sim = (code: string): RunningSimulator => svc.venues.simulators!.simulators[code as 'kalshi']!;
  const lastOrderPost = (code: string, p: RegExp): Record<string, unknown> => sim(code).server.requests.filter((r) => r.method === 'POST' && p.test(r.path)).at(-1)?.body as Record<string, unknown>;

  before(async () => {
    svc = await startTestService({ env: { EXCHANGE_MODE: 'sim', RUN_JOBS: 'false', TEST_KEY_RATE_PER_MINUTE: '100000' } });
    key = await mintTestKey(svc);
    const reg = await fetch(`${sim('kalshi').server.baseUrl}/_sim/api_keys`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key_id: KALSHI_KEY_ID, public_key: KALSHI_PUBLIC }) });
    assert.equal(reg.status, 201);
    for (const body of [
      { exchange: 'kalshi', key_id: KALSHI_KEY_ID, private_key: KALSHI_PEM },
      { exchange: 'futuur', public_key: FUTUUR_SIM_CREDENTIALS.publicKey, private_key: FUTUUR_SIM_CREDENTIALS.privateKey },
    ]) assert.equal((await call('/api/v1/users/_/credentials', body)).status, 201);
    // Polymarket's L2 credentials, derived from the wallet key as a user would (the simulator registers them).
    const derived = await call('/api/v1/polymarket/derive-credentials', { private_key: WALLET_KEY });
    assert.equal(derived.status, 200, derived.text);
  });
  after(async () => {
    await svc?.destroy();
  });

  it('kalshi: "no" sells the YES leg at 1 - the price', async () => {
    const markets = (await (await fetch(`${sim('kalshi').baseUrls.rest}/markets?status=open&limit=5`)).json()) as { markets: { ticker: string }[] };
    const res = await call('/api/v1/orders', { exchange: 'kalshi', market_id: markets.markets[0].ticker, outcome: 'no', side: 'buy', type: 'limit', price: 0.03, size: 1 });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.outcome, 'no');
    const sent = lastOrderPost('kalshi', /\/portfolio\/events\/orders$/);
    assert.equal(sent.side, 'ask');
    assert.equal(sent.price, '0.9700');
  });

  it('futuur: "no" is the short position (and "yes" the long)', async () => {
    const events = (await (await fetch(`${sim('futuur').baseUrls.rest}/events/?limit=50`)).json()) as { results: { status: string; markets: { id: number; status: string }[] }[] };
    const market = String(events.results.find((e) => e.status === 'open' && e.markets.some((m) => m.status === 'active'))!.markets.find((m) => m.status === 'active')!.id);
    for (const [outcome, position] of [['no', 'short'], ['YES', 'long']]) {
      const res = await call('/api/v1/orders', { exchange: 'futuur', market_id: market, outcome, side: 'buy', type: 'limit', price: 0.01, size: 1 });
      assert.equal(res.status, 201, res.text);
      assert.equal(res.body.outcome, position);
      assert.equal(lastOrderPost('futuur', /orders/).position, position);
    }
  });

  describe('polymarket: the market\'s token of the outcome named', () => {
    const wallet = new Wallet(WALLET_KEY);
    let conditionId: string;
    let yesToken: string;
    let noToken: string;
    let negRisk: boolean;
    const signed = async (tokenId: string) => {
      const order = { salt: String(Date.now()), maker: wallet.address, signer: wallet.address, tokenId, makerAmount: '990000', takerAmount: '1000000', side: 0, signatureType: 0, timestamp: String(Date.now()), metadata: ZERO32, builder: ZERO32 };
      return { ...order, negRisk, signature: await wallet.signTypedData(polymarketOrderDomain(negRisk), POLYMARKET_ORDER_TYPES, order) };
    };
    const body = (over: Record<string, unknown>) => ({ exchange: 'polymarket', market_id: conditionId, outcome: 'no', side: 'buy', type: 'limit', price: 0.99, size: 1, ...over });

    before(async () => {
      const list = (await (await fetch(`${sim('polymarket').baseUrls.gamma}/markets?limit=50&closed=false`)).json()) as { conditionId: string; clobTokenIds?: string; outcomes?: string; negRisk?: boolean; acceptingOrders?: boolean; enableOrderBook?: boolean; closed?: boolean }[];
      const m = list.find((x) => x.clobTokenIds && x.acceptingOrders !== false && x.enableOrderBook !== false && !x.closed && /"Yes"/.test(x.outcomes ?? ''))!;
      conditionId = m.conditionId;
      [yesToken, noToken] = JSON.parse(m.clobTokenIds!) as string[];
      negRisk = !!m.negRisk;
    });

    it('places "no" signed for the NO token; a signed order of the YES token is a 400 naming signed_order, never sent', async () => {
      const posts = () => sim('polymarket').server.requests.filter((r) => r.method === 'POST' && r.path === '/clob/order').length;
      const before = posts();
      const ok = await call('/api/v1/orders', body({ signed_order: await signed(noToken) }));
      assert.equal(ok.status, 201, ok.text);
      assert.equal(ok.body.outcome, noToken);
      assert.equal(posts(), before + 1);
      const wrong = await call('/api/v1/orders', body({ signed_order: await signed(yesToken) }));
      assert.equal(wrong.status, 400, wrong.text);
      assert.match(wrong.body.error as string, /^signed_order: trades token \d+, the body's outcome is \d+/);
      const unknown = await call('/api/v1/orders', body({ market_id: `0x${'12'.repeat(32)}`, signed_order: await signed(noToken) }));
      assert.equal(unknown.status, 400, unknown.text);
      assert.match(unknown.body.error as string, /^market_id: unknown polymarket market/);
      assert.equal(posts(), before + 1, 'nothing refused was sent');
    });

    it('prepares a "yes" order for the YES token', async () => {
      const res = await call('/api/v1/orders/prepare', { exchange: 'polymarket', market_id: conditionId, outcome: 'yes', side: 'buy', type: 'limit', price: 0.5, size: 10, signer: wallet.address });
      assert.equal(res.status, 200, res.text);
      assert.equal((res.body.typed_data as { message: { tokenId: string } }).message.tokenId, yesToken);
      assert.equal((res.body.order as { outcome: string }).outcome, yesToken);
    });
  });
});
