// One outcome vocabulary for orders, fills and positions (src/trading/outcomes.ts,
// src/venues/outcome-sides.ts), through the HTTP API on every trading venue's simulator:
// `outcome: "no"` reaches the venue as its NO side in its own terms (Kalshi: selling the YES leg;
// Futuur: the short position; Polymarket, Limitless, Opinion, predict.fun: the market's NO token, which
// the signed order must trade: a signed order of the YES token is a 400 naming signed_order that is
// never sent and stores nothing). The order, its fills and the position it leaves are all named
// `no`, with the venue's own name in `venue_outcome`. POST /api/v1/orders/prepare takes yes/no too.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Wallet } from 'ethers';
import type { RunningSimulator } from '../../src/sim/types.js';
import { CTF_ORDER_V1_TYPES } from '../../src/venues/ctf-order.js';
import { FUTUUR_SIM_CREDENTIALS } from '../../src/venues/futuur/sim/simulator.js';
import { limitlessDomain } from '../../src/venues/limitless/signing.js';
import { opinionDomain } from '../../src/venues/opinion/signing.js';
import { OPINION_SIM_EXCHANGE } from '../../src/venues/opinion/sim/simulator-orders.js';
import { polymarketOrderDomain, POLYMARKET_ORDER_TYPES } from '../../src/venues/polymarket/signing.js';
import { predictfunDomain, predictfunExchange } from '../../src/venues/predictfun/signing.js';
import { PREDICTFUN_SIM_API_KEY } from '../../src/venues/predictfun/sim/simulator.js';
import { startTestService, mintTestKey, type TestService } from '../helpers/service.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const KALSHI_PEM = fs.readFileSync(path.join(here, 'fixtures/kalshi-test-private.pem'), 'utf8');
const KALSHI_PUBLIC = fs.readFileSync(path.join(here, 'fixtures/kalshi-test-public.pem'), 'utf8');
const KALSHI_KEY_ID = 'b952bcbe-ec3b-4b5b-b8f9-11dae589608c';
const WALLET_KEY = `0x${'5c'.repeat(32)}`;
const ZERO = '0x0000000000000000000000000000000000000000';
const ZERO32 = `0x${'0'.repeat(64)}`;
const SAFE = '0x00000000000000000000000000000000005afe5c';

interface Named {
  outcome: string;
  venue_outcome: string;
}
interface Order extends Named {
  id: string;
  status: string;
  filled_size: number;
  fills: (Named & { id: string; size: number })[];
}
interface Position extends Named {
  market_id: string;
  size: number;
}

describe('orders: outcome yes/no on every trading venue, and fills and positions named the same way', function () {
  this.timeout(90_000);
  const wallet = new Wallet(WALLET_KEY);
  let svc: TestService;
  let key: string;
  const call = (p: string, body?: unknown) => svc.request(p, body === undefined ? { headers: { 'x-api-key': key } } : { method: 'POST', body, headers: { 'x-api-key': key } });
  const sim = (code: string): RunningSimulator => svc.venues.simulators!.simulators[code as 'kalshi']!;
  const orderPosts = (code: string, p: RegExp) => sim(code).server.requests.filter((r) => r.method === 'POST' && p.test(r.path));
  const lastOrderPost = (code: string, p: RegExp): Record<string, unknown> => orderPosts(code, p).at(-1)?.body as Record<string, unknown>;
  const storedOrders = async (): Promise<number> => (await svc.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM trading_orders')).rows[0].n;

  /**
   * An order placed as `no` that filled: it, each of its fills, the order read back and listed, and
   * the position it leaves in its market are named `no`, with the venue's name in venue_outcome.
   */
  const assertHeldAsNo = async (exchange: string, placed: Order, marketId: string, venueOutcome: string): Promise<void> => {
    assert.deepEqual([placed.outcome, placed.venue_outcome], ['no', venueOutcome], JSON.stringify(placed));
    assert.ok(placed.filled_size > 0 && placed.fills.length > 0, `the order filled: ${JSON.stringify(placed)}`);
    for (const f of placed.fills) assert.deepEqual([f.outcome, f.venue_outcome], ['no', venueOutcome], JSON.stringify(f));
    const read = (await call(`/api/v1/orders/${placed.id}`)).body as unknown as Order;
    assert.deepEqual([read.outcome, read.venue_outcome, read.fills.map((f) => f.outcome)], ['no', venueOutcome, placed.fills.map(() => 'no')]);
    const listed = ((await call(`/api/v1/orders?exchange=${exchange}`)).body.orders as Order[]).find((o) => o.id === placed.id)!;
    assert.deepEqual([listed.outcome, listed.venue_outcome], ['no', venueOutcome]);
    const res = await call(`/api/v1/positions?exchange=${exchange}`);
    assert.equal(res.status, 200, res.text);
    const held = (res.body.positions as Position[]).filter((p) => p.market_id === marketId);
    assert.equal(held.length, 1, res.text);
    assert.deepEqual([held[0].outcome, held[0].venue_outcome], ['no', venueOutcome], res.text);
    assert.ok(held[0].size > 0);
  };

  /** The signed order of the YES token sent as `no`: a 400 naming signed_order; the venue hears nothing and nothing is stored. */
  const assertOtherTokenRefused = async (code: string, posted: RegExp, body: Record<string, unknown>): Promise<void> => {
    const [sent, stored] = [orderPosts(code, posted).length, await storedOrders()];
    const wrong = await call('/api/v1/orders', body);
    assert.equal(wrong.status, 400, wrong.text);
    assert.match(wrong.body.error as string, /^signed_order: trades token \w+, the body's outcome is \w+/);
    assert.equal(orderPosts(code, posted).length, sent, 'nothing was sent to the venue');
    assert.equal(await storedOrders(), stored, 'nothing was stored');
  };

  before(async () => {
    svc = await startTestService({ env: { EXCHANGE_MODE: 'sim', RUN_JOBS: 'false', TRADING_TIMEOUT_MS: '3000', TEST_KEY_RATE_PER_MINUTE: '100000' } });
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

  describe('kalshi', () => {
    let tickers: string[];
    before(async () => {
      const markets = (await (await fetch(`${sim('kalshi').baseUrls.rest}/markets?status=open&limit=5`)).json()) as { markets: { ticker: string }[] };
      tickers = markets.markets.map((m) => m.ticker);
    });

    it('"no" sells the YES leg at 1 - the price', async () => {
      const res = await call('/api/v1/orders', { exchange: 'kalshi', market_id: tickers[0], outcome: 'no', side: 'buy', type: 'limit', price: 0.03, size: 1 });
      assert.equal(res.status, 201, res.text);
      assert.deepEqual([res.body.outcome, res.body.venue_outcome], ['no', 'no']);
      const sent = lastOrderPost('kalshi', /\/portfolio\/events\/orders$/);
      assert.equal(sent.side, 'ask');
      assert.equal(sent.price, '0.9700');
    });

    it('a filled "no" order, its fills and its position are named no', async () => {
      const res = await call('/api/v1/orders', { exchange: 'kalshi', market_id: tickers[1], outcome: 'no', side: 'buy', type: 'limit', price: 0.99, size: 1 });
      assert.equal(res.status, 201, res.text);
      assert.equal(lastOrderPost('kalshi', /\/portfolio\/events\/orders$/).side, 'ask');
      await assertHeldAsNo('kalshi', res.body as unknown as Order, tickers[1], 'no');
    });
  });

  describe('futuur', () => {
    let market: string;
    before(async () => {
      const events = (await (await fetch(`${sim('futuur').baseUrls.rest}/events/?limit=50`)).json()) as { results: { status: string; markets: { id: number; status: string }[] }[] };
      market = String(events.results.find((e) => e.status === 'open' && e.markets.some((m) => m.status === 'active'))!.markets.find((m) => m.status === 'active')!.id);
    });

    it('"no" is the short position and "yes" the long; the venue\'s words are named yes/no too', async () => {
      for (const [outcome, named, position] of [['no', 'no', 'short'], ['YES', 'yes', 'long'], ['short', 'no', 'short']]) {
        const res = await call('/api/v1/orders', { exchange: 'futuur', market_id: market, outcome, side: 'buy', type: 'limit', price: 0.01, size: 1 });
        assert.equal(res.status, 201, res.text);
        assert.deepEqual([res.body.outcome, res.body.venue_outcome], [named, position]);
        assert.equal(lastOrderPost('futuur', /orders/).position, position);
      }
    });

    it('a client_order_id stands for the venue\'s outcome: "no" then "short" is one order, then "long" a 409', async () => {
      const keyed = { exchange: 'futuur', market_id: market, side: 'buy', type: 'limit', price: 0.01, size: 1, client_order_id: 'futuur-no-then-short' };
      const first = await call('/api/v1/orders', { ...keyed, outcome: 'no' });
      assert.equal(first.status, 201, first.text);
      const sent = orderPosts('futuur', /orders/).length;
      const same = await call('/api/v1/orders', { ...keyed, outcome: 'short' });
      assert.deepEqual([same.status, same.body.id, same.body.outcome], [200, first.body.id, 'no'], same.text);
      const other = await call('/api/v1/orders', { ...keyed, outcome: 'long' });
      assert.equal(other.status, 409, other.text);
      assert.match(other.body.error as string, /with a different outcome;/);
      assert.equal(orderPosts('futuur', /orders/).length, sent, 'the repeats sent nothing');
    });

    it('a filled "no" order, its fills and its position are named no', async () => {
      const events = (await (await fetch(`${sim('futuur').baseUrls.rest}/events/?limit=50`)).json()) as { results: { status: string; markets: { id: number; status: string }[] }[] };
      const other = events.results.filter((e) => e.status === 'open').flatMap((e) => e.markets.filter((m) => m.status === 'active').map((m) => String(m.id))).find((id) => id !== market)!;
      const res = await call('/api/v1/orders', { exchange: 'futuur', market_id: other, outcome: 'no', side: 'buy', type: 'limit', price: 0.99, size: 1 });
      assert.equal(res.status, 201, res.text);
      assert.equal(lastOrderPost('futuur', /orders/).position, 'short');
      await assertHeldAsNo('futuur', res.body as unknown as Order, other, 'short');
    });
  });

  describe('polymarket: the market\'s token of the outcome named', () => {
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

    it('places "no" signed for the NO token, named no with its fills and position; a signed order of the YES token is a 400, never sent', async () => {
      const ok = await call('/api/v1/orders', body({ signed_order: await signed(noToken) }));
      assert.equal(ok.status, 201, ok.text);
      assert.equal((lastOrderPost('polymarket', /^\/clob\/order$/).order as { tokenId: string }).tokenId, noToken);
      await assertHeldAsNo('polymarket', ok.body as unknown as Order, conditionId, noToken);
      await assertOtherTokenRefused('polymarket', /^\/clob\/order$/, body({ signed_order: await signed(yesToken) }));
      const unknown = await call('/api/v1/orders', body({ market_id: `0x${'12'.repeat(32)}`, signed_order: await signed(noToken) }));
      assert.equal(unknown.status, 400, unknown.text);
      assert.match(unknown.body.error as string, /^market_id: unknown polymarket market/);
    });

    it('prepares a "yes" order for the YES token', async () => {
      const res = await call('/api/v1/orders/prepare', { exchange: 'polymarket', market_id: conditionId, outcome: 'yes', side: 'buy', type: 'limit', price: 0.5, size: 10, signer: wallet.address });
      assert.equal(res.status, 200, res.text);
      assert.equal((res.body.typed_data as { message: { tokenId: string } }).message.tokenId, yesToken);
      assert.equal((res.body.order as { outcome: string }).outcome, 'yes');
    });
  });

  describe('limitless: the market\'s NO token, under its own exchange', () => {
    let slug: string;
    let exchange: string;
    let tokens: { yes: string; no: string };
    const signed = async (tokenId: string) => {
      const order = { salt: String(Date.now()), maker: wallet.address, signer: wallet.address, taker: ZERO, tokenId, makerAmount: '990000', takerAmount: '1000000', expiration: '0', nonce: '0', feeRateBps: '0', side: 0, signatureType: 0 };
      return { ...order, verifyingContract: exchange, signature: await wallet.signTypedData(limitlessDomain(exchange), CTF_ORDER_V1_TYPES, order) };
    };
    const body = (over: Record<string, unknown>) => ({ exchange: 'limitless', market_id: slug, outcome: 'no', side: 'buy', type: 'limit', price: 0.99, size: 1, ...over });

    before(async () => {
      const s = sim('limitless');
      const list = (await (await fetch(`${s.baseUrls.rest}/markets/active?tradeType=clob&limit=25`)).json()) as { data: { slug: string; venue?: { exchange?: string }; tokens?: { yes: string; no: string } }[] };
      const m = list.data.find((x) => x.venue?.exchange && x.tokens && s.activity.book(x.slug)?.bids.length)!;
      [slug, exchange, tokens] = [m.slug, m.venue!.exchange!, { yes: String(m.tokens!.yes), no: String(m.tokens!.no) }];
      const reg = await fetch(`${s.server.baseUrl}/_sim/api_keys`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ api_key: 'lmts-outcomes-key', address: wallet.address }) });
      assert.equal(reg.status, 201);
      assert.equal((await call('/api/v1/users/_/credentials', { exchange: 'limitless', api_key: 'lmts-outcomes-key' })).status, 201);
    });

    it('places "no" as the NO token, named no with its fills and position; a signed order of the YES token is a 400, never sent', async () => {
      const ok = await call('/api/v1/orders', body({ signed_order: await signed(tokens.no) }));
      assert.equal(ok.status, 201, ok.text);
      assert.equal((lastOrderPost('limitless', /^\/orders$/).order as { tokenId: string }).tokenId, tokens.no);
      await assertHeldAsNo('limitless', ok.body as unknown as Order, slug, tokens.no);
      await assertOtherTokenRefused('limitless', /^\/orders$/, body({ signed_order: await signed(tokens.yes) }));
    });
  });

  describe('opinion: the market\'s NO token, made by the Safe', () => {
    let market: string;
    let tokens: { yes: string; no: string };
    const signed = async (tokenId: string) => {
      const order = { salt: String(Date.now()), maker: SAFE, signer: wallet.address, taker: ZERO, tokenId, makerAmount: String(99n * 10n ** 16n), takerAmount: String(10n ** 18n), expiration: '0', nonce: '0', feeRateBps: '0', side: 0, signatureType: 2 };
      return { ...order, signature: await wallet.signTypedData(opinionDomain(OPINION_SIM_EXCHANGE), CTF_ORDER_V1_TYPES, order) };
    };
    const body = (over: Record<string, unknown>) => ({ exchange: 'opinion', market_id: market, outcome: 'no', side: 'buy', type: 'limit', price: 0.99, size: 1, ...over });

    before(async () => {
      const s = sim('opinion');
      const list = (await (await fetch(`${s.baseUrls.rest}/market?limit=20&status=activated`)).json()) as { result: { list: { marketId: number; yesTokenId?: string; noTokenId?: string; status: number }[] } };
      const m = list.result.list.find((x) => x.yesTokenId && x.noTokenId && x.status === 2 && s.activity.book(String(x.marketId))?.bids.length)!;
      [market, tokens] = [String(m.marketId), { yes: m.yesTokenId!, no: m.noTokenId! }];
      const reg = await fetch(`${s.server.baseUrl}/_sim/api_keys`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ api_key: 'opinion-outcomes-key', signer: wallet.address, multi_sig_addr: SAFE }) });
      assert.equal(reg.status, 201);
      assert.equal((await call('/api/v1/users/_/credentials', { exchange: 'opinion', api_key: 'opinion-outcomes-key', multi_sig_addr: SAFE })).status, 201);
    });

    it('places "no" as the NO token, named no with its fills and position; a signed order of the YES token is a 400, never sent', async () => {
      const ok = await call('/api/v1/orders', body({ signed_order: await signed(tokens.no) }));
      assert.equal(ok.status, 201, ok.text);
      assert.equal(lastOrderPost('opinion', /\/order$/).tokenId, tokens.no);
      await assertHeldAsNo('opinion', ok.body as unknown as Order, market, tokens.no);
      await assertOtherTokenRefused('opinion', /\/order$/, body({ signed_order: await signed(tokens.yes) }));
    });
  });

  describe('predictfun: the market\'s NO token (indexSet 2)', () => {
    let market: string;
    let tokens: { yes: string; no: string };
    let domain: ReturnType<typeof predictfunDomain>;
    const signed = async (tokenId: string) => {
      const order = { salt: String(Date.now()), maker: wallet.address, signer: wallet.address, taker: ZERO, tokenId, makerAmount: String(99n * 10n ** 16n), takerAmount: String(10n ** 18n), expiration: '0', nonce: '0', feeRateBps: '0', side: 0, signatureType: 0 };
      return { ...order, signature: await wallet.signTypedData(domain, CTF_ORDER_V1_TYPES, order) };
    };
    const body = (over: Record<string, unknown>) => ({ exchange: 'predictfun', market_id: market, outcome: 'no', side: 'buy', type: 'limit', price: 0.99, size: 1, ...over });

    before(async () => {
      const s = sim('predictfun');
      const list = (await (await fetch(`${s.baseUrls.rest}/markets?first=50`)).json()) as { data: { id: number; isNegRisk?: boolean; isYieldBearing?: boolean; tradingStatus?: string; status?: string; outcomes: { indexSet: number; onChainId: string }[] }[] };
      const m = list.data.find((x) => x.outcomes?.length === 2 && (x.tradingStatus ?? 'OPEN') === 'OPEN' && (x.status ?? 'REGISTERED') !== 'RESOLVED' && s.activity.book(String(x.id))?.bids.length)!;
      market = String(m.id);
      tokens = { yes: m.outcomes.find((o) => o.indexSet === 1)!.onChainId, no: m.outcomes.find((o) => o.indexSet === 2)!.onChainId };
      domain = predictfunDomain(predictfunExchange({ negRisk: !!m.isNegRisk, yieldBearing: !!m.isYieldBearing }));
      assert.equal((await call('/api/v1/users/_/credentials', { exchange: 'predictfun', api_key: PREDICTFUN_SIM_API_KEY, address: wallet.address })).status, 201);
    });

    it('places "no" as the NO token, named no with its fills and position; a signed order of the YES token is a 400, never sent', async () => {
      const ok = await call('/api/v1/orders', body({ signed_order: await signed(tokens.no) }));
      assert.equal(ok.status, 201, ok.text);
      assert.equal(((lastOrderPost('predictfun', /\/orders$/).data as { order: { tokenId: string } }).order).tokenId, tokens.no);
      await assertHeldAsNo('predictfun', ok.body as unknown as Order, market, tokens.no);
      await assertOtherTokenRefused('predictfun', /\/orders$/, body({ signed_order: await signed(tokens.yes) }));
    });
  });
});
