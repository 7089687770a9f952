// POST /api/v1/orders/prepare end to end, in sim mode: for each venue whose orders the caller signs,
// the service prepares the EIP-712 typed data, a wallet made here signs it with ethers (as any
// client would, knowing nothing of the venue's domain or struct), and the order posted is placed on
// the venue's simulator, which checks the signature itself. Bad input is a 400 that stores and sends
// nothing. The OpenAPI document's signed-order examples are real signatures.
import assert from 'node:assert/strict';
import { Wallet } from 'ethers';
import type { RunningSimulator } from '../../src/sim/types.js';
import { recoverSigner, typedDataHash } from '../../src/venues/ctf-order.js';
import { POLYMARKET_EXCHANGES } from '../../src/venues/polymarket/signing.js';
import { PREDICTFUN_SIM_API_KEY } from '../../src/venues/predictfun/sim/simulator.js';
import { OPINION_SIM_EXCHANGE } from '../../src/venues/opinion/sim/simulator-orders.js';
import { SIGNED_ORDER_EXAMPLES, SIGNED_ORDER_EXAMPLE_TYPED_DATA } from '../../src/http/routes/signed-order-schemas.js';
import { startTestService, mintTestKey, type TestService } from '../helpers/service.js';

interface Prepared {
  typed_data: { domain: { name: string; version: string; chainId: number; verifyingContract: string }; types: Record<string, { name: string; type: string }[]>; primaryType: string; message: Record<string, unknown> };
  order: Record<string, unknown> & { signed_order: Record<string, unknown> };
}

describe('trading: orders prepared by the service, signed by the caller (POST /api/v1/orders/prepare)', function () {
  this.timeout(180_000);
  let svc: TestService;
  let key: string;
  const wallet = Wallet.createRandom();
  const sim = (code: string): RunningSimulator => svc.venues.simulators!.simulators[code as 'polymarket']!;
  const call = (p: string, init: { method?: string; body?: unknown } = {}) => svc.request(p, { ...init, headers: { 'x-api-key': key } });
  const simPost = (code: string, body: unknown, p = '/_sim/api_keys') => fetch(`${sim(code).server.baseUrl}${p}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const orderPosts = () => ['polymarket', 'limitless', 'predictfun', 'opinion'].map((c) => sim(c).server.requests.filter((r) => r.method === 'POST' && !r.path.includes('_sim') && !r.path.includes('/auth/')).length).join(',');
  const storedOrders = async () => (await svc.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM trading_orders')).rows[0].n;

  /** Prepares, signs with ethers exactly what was answered, sets the signature, posts the order. */
  const prepareSignPlace = async (body: Record<string, unknown>): Promise<{ prepared: Prepared; placed: Record<string, unknown> }> => {
    const res = await call('/api/v1/orders/prepare', { method: 'POST', body });
    assert.equal(res.status, 200, res.text);
    const prepared = res.body as unknown as Prepared;
    assert.equal(prepared.typed_data.primaryType, 'Order');
    assert.equal(prepared.order.signed_order.signature, undefined, 'the prepared order lacks only its signature');
    const { domain, types, message } = prepared.typed_data;
    const signature = await wallet.signTypedData(domain, types, message);
    const placedRes = await call('/api/v1/orders', { method: 'POST', body: { ...prepared.order, signed_order: { ...prepared.order.signed_order, signature } } });
    assert.equal(placedRes.status, 201, placedRes.text);
    return { prepared, placed: placedRes.body };
  };

  before(async () => {
    svc = await startTestService({ env: { EXCHANGE_MODE: 'sim', RUN_JOBS: 'false', TRADING_TIMEOUT_MS: '3000', TEST_KEY_RATE_PER_MINUTE: '100000' } });
    key = await mintTestKey(svc);
  });

  after(async () => {
    await svc?.destroy();
  });

  it('polymarket: the neg-risk exchange chosen from the venue, the order placed on the simulator', async () => {
    // Credentials derived from the wallet (L1 once); their address is the signer when the body names none.
    const derived = await call('/api/v1/polymarket/derive-credentials', { method: 'POST', body: { private_key: wallet.privateKey } });
    assert.equal(derived.status, 200, derived.text);
    const list = (await (await fetch(`${sim('polymarket').baseUrls.gamma}/markets?limit=200&closed=false`)).json()) as { conditionId: string; clobTokenIds?: string; negRisk?: boolean; acceptingOrders?: boolean; enableOrderBook?: boolean }[];
    const usable = list.filter((m) => m.clobTokenIds && m.acceptingOrders !== false && m.enableOrderBook !== false);
    for (const negRisk of [true, false]) {
      const m = usable.find((x) => !!x.negRisk === negRisk);
      assert.ok(m, `the simulator lists a ${negRisk ? 'neg-risk' : 'standard'} market`);
      const token = (JSON.parse(m.clobTokenIds!) as string[])[0];
      const { prepared, placed } = await prepareSignPlace({ exchange: 'polymarket', market_id: m.conditionId, outcome: token, side: 'buy', type: 'limit', price: 0.99, size: 2 });
      assert.equal(prepared.typed_data.domain.verifyingContract, negRisk ? POLYMARKET_EXCHANGES.negRisk : POLYMARKET_EXCHANGES.standard);
      assert.equal(prepared.order.signed_order.negRisk, negRisk);
      assert.equal(prepared.typed_data.message.signer, wallet.address);
      assert.equal(prepared.typed_data.message.makerAmount, '1980000');
      assert.ok(['filled', 'open', 'partially_filled'].includes(placed.status as string), JSON.stringify(placed));
      // The unified record says it too.
      const market = await call(`/api/v1/polymarket/${m.conditionId}/market`);
      assert.equal(market.status, 200, market.text);
      assert.equal(market.body.neg_risk, negRisk);
    }
  });

  it('limitless: signed under the market\'s own exchange, placed and resting', async () => {
    const list = (await (await fetch(`${sim('limitless').baseUrls.rest}/markets/active?tradeType=clob&limit=25`)).json()) as { data: { slug: string; venue?: { exchange?: string }; tokens?: { yes: string } }[] };
    const m = list.data.find((x) => x.venue?.exchange && x.tokens)!;
    assert.equal((await simPost('limitless', { api_key: 'lmts-prepare-key', address: wallet.address })).status < 300, true);
    assert.equal((await call('/api/v1/users/_/credentials', { method: 'POST', body: { exchange: 'limitless', api_key: 'lmts-prepare-key' } })).status, 201);
    const { prepared, placed } = await prepareSignPlace({ exchange: 'limitless', market_id: m.slug, outcome: String(m.tokens!.yes), side: 'buy', type: 'limit', price: 0.01, size: 3, signer: wallet.address });
    assert.equal(prepared.typed_data.domain.verifyingContract, m.venue!.exchange);
    assert.equal(prepared.order.signed_order.verifyingContract, m.venue!.exchange);
    assert.equal(placed.status, 'open', JSON.stringify(placed));
  });

  it('predictfun: signed under the exchange of the market\'s kind, placed', async () => {
    const list = (await (await fetch(`${sim('predictfun').baseUrls.rest}/markets?first=20`)).json()) as { data: { id: number; tradingStatus?: string; status?: string; outcomes: { indexSet: number; onChainId: string }[] }[] };
    const m = list.data.find((x) => x.outcomes?.length && (x.tradingStatus ?? 'OPEN') === 'OPEN' && (x.status ?? 'REGISTERED') !== 'RESOLVED')!;
    assert.equal((await call('/api/v1/users/_/credentials', { method: 'POST', body: { exchange: 'predictfun', api_key: PREDICTFUN_SIM_API_KEY } })).status, 201);
    const { prepared, placed } = await prepareSignPlace({ exchange: 'predictfun', market_id: String(m.id), outcome: m.outcomes.find((o) => o.indexSet === 1)!.onChainId, side: 'buy', type: 'limit', price: 0.01, size: 1, signer: wallet.address });
    assert.equal(prepared.typed_data.domain.chainId, 56);
    assert.equal(prepared.typed_data.message.makerAmount, String(10n ** 16n), '18 decimals');
    assert.equal(placed.status, 'open', JSON.stringify(placed));
  });

  it('opinion: a Safe order (the stored multi_sig_addr) signed by its owner, placed', async () => {
    const safe = '0x00000000000000000000000000000000000051fe';
    const list = (await (await fetch(`${sim('opinion').baseUrls.rest}/market?limit=20&status=activated`)).json()) as { result: { list: { marketId: number; yesTokenId?: string; status: number }[] } };
    const m = list.result.list.find((x) => x.yesTokenId && x.status === 2)!;
    await simPost('opinion', { api_key: 'opinion-prepare-key', signer: wallet.address, multi_sig_addr: safe });
    assert.equal((await call('/api/v1/users/_/credentials', { method: 'POST', body: { exchange: 'opinion', api_key: 'opinion-prepare-key', multi_sig_addr: safe } })).status, 201);
    const { prepared, placed } = await prepareSignPlace({ exchange: 'opinion', market_id: String(m.marketId), outcome: m.yesTokenId!, side: 'buy', type: 'limit', price: 0.99, size: 1, signer: wallet.address });
    assert.equal(prepared.typed_data.domain.verifyingContract, OPINION_SIM_EXCHANGE);
    assert.equal(prepared.typed_data.message.maker, safe.replace(/51fe$/, '51Fe'));
    assert.equal(prepared.typed_data.message.signatureType, 2);
    assert.equal(placed.status, 'filled', JSON.stringify(placed));
  });

  it('refuses bad bodies, unknown markets and venues it does not prepare with a 400, storing and sending nothing', async () => {
    const posts = orderPosts();
    const orders = await storedOrders();
    const list = (await (await fetch(`${sim('limitless').baseUrls.rest}/markets/active?tradeType=clob&limit=25`)).json()) as { data: { slug: string; venue?: { exchange?: string }; tokens?: { yes: string } }[] };
    const m = list.data.find((x) => x.venue?.exchange && x.tokens)!;
    const good = { exchange: 'limitless', market_id: m.slug, outcome: String(m.tokens!.yes), side: 'buy', type: 'limit', price: 0.5, size: 1, signer: wallet.address };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...good, side: undefined }, /side/],
      [{ ...good, price: 1.5 }, /price/],
      [{ ...good, signer: '0x1234' }, /signer/],
      [{ ...good, signer: undefined }, /signer: must be a 0x address/],
      [{ ...good, signed_order: { salt: '1' } }, /signed_order/],
      [{ ...good, size: 0.000001, price: 0.333333 }, /size: .*cannot be signed exactly|size: too small/],
      [{ ...good, market_id: 'no-such-market' }, /market_id: market no-such-market not found/],
      [{ ...good, outcome: '42' }, /outcome: 42 is not a token of market/],
      [{ ...good, exchange: 'polymarket', market_id: 'x', outcome: '123' }, /market_id: polymarket knows no outcome token 123/],
      [{ ...good, exchange: 'predictfun', market_id: '99999999', outcome: '1' }, /market_id: market 99999999 not found/],
      [{ ...good, exchange: 'opinion', market_id: '99999999', outcome: '1' }, /market_id: /],
      [{ ...good, exchange: 'kalshi', outcome: 'yes' }, /exchange: kalshi orders are signed by the service/],
      [{ ...good, exchange: 'manifold' }, /exchange: manifold has no trading/],
      [{ ...good, exchange: 'nowhere' }, /exchange: unknown exchange nowhere/],
    ];
    for (const [body, message] of cases) {
      const res = await call('/api/v1/orders/prepare', { method: 'POST', body });
      assert.equal(res.status, 400, `${JSON.stringify(body)} -> ${res.text}`);
      assert.match(res.body.error as string, message, JSON.stringify(body));
    }
    assert.equal((await svc.request('/api/v1/orders/prepare', { method: 'POST', body: good })).status, 401, 'keyed');
    assert.equal(orderPosts(), posts, 'no order reached a venue');
    assert.equal(await storedOrders(), orders, 'no order was stored');
  });

  it('documents signed_order per venue in /openapi.json with examples that verify', async () => {
    const doc = (await svc.request('/openapi.json')).body as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { examples?: Record<string, { value: Record<string, unknown> }> }> } }>>; components: { schemas: Record<string, { example?: Record<string, unknown>; oneOf?: { $ref?: string }[]; properties?: Record<string, { oneOf?: { $ref?: string }[] }> }> } };
    const schemas = doc.components.schemas;
    const refs = (schemas.PlaceOrder.properties!.signed_order.oneOf ?? []).map((r) => r.$ref).filter(Boolean);
    assert.deepEqual(refs, ['PolymarketSignedOrder', 'LimitlessSignedOrder', 'PredictfunSignedOrder', 'OpinionSignedOrder'].map((n) => `#/components/schemas/${n}`));
    for (const [venue, name] of [['polymarket', 'PolymarketSignedOrder'], ['limitless', 'LimitlessSignedOrder'], ['predictfun', 'PredictfunSignedOrder'], ['opinion', 'OpinionSignedOrder']] as const) {
      const example = schemas[name].example!;
      assert.deepEqual(example, JSON.parse(JSON.stringify(SIGNED_ORDER_EXAMPLES[venue])));
      const typed = SIGNED_ORDER_EXAMPLE_TYPED_DATA[venue];
      assert.equal(recoverSigner(typedDataHash(typed.domain, typed.types, typed.message), String(example.signature)), example.signer, `${venue}'s example verifies`);
      // POST /api/v1/orders shows a whole body per venue, its outcome the token its signed order trades.
      const body = doc.paths['/api/v1/orders'].post.requestBody!.content['application/json'].examples![venue].value;
      assert.equal(body.exchange, venue);
      assert.deepEqual(body.signed_order, example);
      assert.equal(body.outcome, example.tokenId);
    }
  });
});
