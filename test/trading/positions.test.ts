// Positions and balances of the EIP-712 venues end to end: the real service (embedded database,
// HTTP) in sim mode places an order through the simulator, the simulator fills it against its book,
// and `GET /api/v1/positions?exchange=...` reads the holding back through the venue's own wire format
// (the Data API for polymarket, /portfolio/positions for limitless, /positions/user/{wallet} and
// /user/balance for opinion, /positions/{address} for predictfun). Also: the wallet each read is keyed
// by, the stored set's missing fields (400 naming them), keys the venue refuses (422), the venues
// without a read (404 naming them), and that each order client implements exactly what its
// descriptor declares.
import assert from 'node:assert/strict';
import { Wallet } from 'ethers';
import { CTF_ORDER_V1_TYPES } from '../../src/venues/ctf-order.js';
import { VENUES } from '../../src/venues/index.js';
import { limitlessDomain } from '../../src/venues/limitless/signing.js';
import { opinionDomain } from '../../src/venues/opinion/signing.js';
import { OPINION_SIM_EXCHANGE } from '../../src/venues/opinion/sim/simulator-orders.js';
import { polymarketOrderDomain, POLYMARKET_ORDER_TYPES, polymarketSafeAddress, polymarketAccountWallet } from '../../src/venues/polymarket/signing.js';
import { predictfunDomain, predictfunExchange } from '../../src/venues/predictfun/signing.js';
import { PREDICTFUN_SIM_API_KEY } from '../../src/venues/predictfun/sim/simulator.js';
import { polymarketPosition } from '../../src/venues/polymarket/trading.js';
import { limitlessClobPositions } from '../../src/venues/limitless/trading.js';
import { opinionBalance, opinionPosition } from '../../src/venues/opinion/trading.js';
import { predictfunPosition } from '../../src/venues/predictfun/trading.js';
import { startTestService, mintTestKey, type TestService } from '../helpers/service.js';

const WALLET_KEY = `0x${'3c'.repeat(32)}`;
const ZERO = '0x0000000000000000000000000000000000000000';
const ZERO32 = `0x${'0'.repeat(64)}`;

interface Position {
  market_id: string;
  outcome: string;
  venue_outcome: string;
  size: number;
  avg_price: number | null;
  value: number | null;
}

describe('trading: positions and balances of the EIP-712 venues, through the simulators', function () {
  this.timeout(60_000);
  const wallet = new Wallet(WALLET_KEY);
  let svc: TestService;
  /** Has every venue's credentials; `other` has none, then refused or incomplete ones. */
  let key: string;
  let other: string;

  const responses: string[] = [];
  const call = async (k: string, p: string, init: { method?: string; body?: unknown } = {}) => {
    const res = await svc.request(p, { ...init, headers: { 'x-api-key': k } });
    responses.push(res.text);
    return res;
  };
  const store = async (k: string, body: Record<string, unknown>) => {
    const res = await call(k, '/api/v1/users/_/credentials', { method: 'POST', body });
    assert.ok(res.status === 201 || res.status === 200, res.text);
  };
  const positions = async (k: string, exchange: string): Promise<Position[]> => {
    const res = await call(k, `/api/v1/positions?exchange=${exchange}`);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.exchange, exchange);
    assert.equal(res.body.count, (res.body.positions as Position[]).length);
    return res.body.positions as Position[];
  };
  /** Places an order that must fill; returns it (fills, avg_fill_price) as the service answered. */
  const placeFilled = async (body: Record<string, unknown>) => {
    const res = await call(key, '/api/v1/orders', { method: 'POST', body });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.status, 'filled', res.text);
    return res.body as { filled_size: number; avg_fill_price: number };
  };

  before(async () => {
    svc = await startTestService({ env: { EXCHANGE_MODE: 'sim', RUN_JOBS: 'false', TRADING_TIMEOUT_MS: '3000', TEST_KEY_RATE_PER_MINUTE: '100000', TEST_KEYS_PER_ADDRESS_PER_HOUR: '1000' } });
    key = await mintTestKey(svc);
    other = await mintTestKey(svc);
  });

  after(async () => {
    await svc?.destroy();
  });

  it('each order client implements exactly the reads its descriptor declares, and the docs list them', async () => {
    const clients = svc.trading.clients;
    for (const v of VENUES.filter((x) => x.trading)) {
      const client = clients[v.code]!;
      assert.ok(v.accountReads, `${v.code} declares its account reads`);
      assert.equal(typeof client.positions === 'function', v.accountReads.positions, `${v.code} positions`);
      assert.equal(typeof client.balances === 'function', v.accountReads.balances, `${v.code} balances`);
    }
    const doc = (await svc.request('/openapi.json')).body as { paths: Record<string, { get: { description: string } }> };
    const described = doc.paths['/api/v1/positions'].get.description;
    for (const v of VENUES.filter((x) => x.accountReads?.positions)) assert.match(described, new RegExp(`\\b${v.code}\\b`));
    assert.match(doc.paths['/api/v1/balances'].get.description, /Without a balances read: limitless, predictfun/);
  });

  describe('polymarket (Data API, keyed by the wallet holding the tokens)', () => {
    let token: string;
    let conditionId: string;
    let negRisk: boolean;
    const signedOrder = async (makerAmount: string, takerAmount: string) => {
      const order = { salt: String(Date.now()), maker: wallet.address, signer: wallet.address, tokenId: token, makerAmount, takerAmount, side: 0, signatureType: 0, timestamp: String(Date.now()), metadata: ZERO32, builder: ZERO32 };
      return { ...order, negRisk, signature: await wallet.signTypedData(polymarketOrderDomain(negRisk), POLYMARKET_ORDER_TYPES, order) };
    };

    before(async () => {
      const sim = svc.venues.simulators!.simulators.polymarket!;
      const list = (await (await fetch(`${sim.baseUrls.gamma}/markets?limit=50&closed=false`)).json()) as { conditionId: string; clobTokenIds?: string; outcomes?: string; negRisk?: boolean; acceptingOrders?: boolean; enableOrderBook?: boolean }[];
      const m = list.find((x) => x.clobTokenIds && x.acceptingOrders !== false && x.enableOrderBook !== false && (x.outcomes ?? '["Yes","No"]').startsWith('["Yes"'))!;
      token = (JSON.parse(m.clobTokenIds!) as string[])[0];
      conditionId = m.conditionId;
      negRisk = !!m.negRisk;
      const derived = await call(key, '/api/v1/polymarket/derive-credentials', { method: 'POST', body: { private_key: WALLET_KEY } });
      assert.equal(derived.status, 200, derived.text);
    });

    it('reads back the holding of a filled order: condition id, token, shares, the fill price and a value', async () => {
      assert.deepEqual(await positions(key, 'polymarket'), [], 'nothing held before the order');
      // Buy 2 YES shares at up to 0.99 (1.98 pUSD for 2 shares): marketable, so it fills.
      const order = await placeFilled({ exchange: 'polymarket', market_id: conditionId, outcome: token, side: 'buy', type: 'limit', price: 0.99, size: 2, signed_order: await signedOrder('1980000', '2000000') });
      const held = await positions(key, 'polymarket');
      assert.equal(held.length, 1, JSON.stringify(held));
      const p = held[0];
      assert.equal(p.market_id, conditionId);
      assert.equal(p.outcome, 'yes');
      assert.equal(p.venue_outcome, token);
      assert.equal(p.size, order.filled_size);
      assert.ok(Math.abs(p.avg_price! - order.avg_fill_price) < 1e-6, `avg ${p.avg_price} vs fill ${order.avg_fill_price}`);
      assert.ok(p.value! > 0 && p.value! <= 2, `value ${p.value}`);
    });

    it('reads the Safe for a Safe account, the funder when stored, and asks for the funder of a proxy account', async () => {
      // The wallet choice itself: funder first, then the Safe of type 2, else the address.
      const base = { api_key: 'k', secret: 's', passphrase: 'p', address: wallet.address };
      assert.equal(polymarketAccountWallet(base), wallet.address);
      assert.equal(polymarketAccountWallet({ ...base, signature_type: 2 }), polymarketSafeAddress(wallet.address));
      assert.equal(polymarketAccountWallet({ ...base, signature_type: 1, funder: `0x${'12'.repeat(20)}` }), `0x${'12'.repeat(20)}`);
      // Through the service: the Safe made no orders, so it holds nothing.
      const safe = await call(other, '/api/v1/polymarket/derive-credentials', { method: 'POST', body: { private_key: WALLET_KEY, signature_type: 2 } });
      assert.equal(safe.status, 200, safe.text);
      assert.deepEqual(await positions(other, 'polymarket'), []);
      const sim = svc.venues.simulators!.simulators.polymarket!;
      assert.equal(new URLSearchParams(sim.server.requests.filter((r) => r.path === '/data/positions').at(-1)!.search).get('user'), polymarketSafeAddress(wallet.address));
      assert.equal((await call(other, '/api/v1/polymarket/derive-credentials', { method: 'POST', body: { private_key: WALLET_KEY, signature_type: 1 } })).status, 200);
      const proxy = await call(other, '/api/v1/positions?exchange=polymarket');
      assert.equal(proxy.status, 400, proxy.text);
      assert.match(proxy.body.error as string, /^funder: .*proxy wallet/);
    });
  });

  describe('limitless (/portfolio/positions with the API key; no balances read)', () => {
    let slug: string;
    let exchange: string;
    let yesToken: string;
    before(async () => {
      const sim = svc.venues.simulators!.simulators.limitless!;
      const list = (await (await fetch(`${sim.baseUrls.rest}/markets/active?tradeType=clob&limit=25`)).json()) as { data: { slug: string; venue?: { exchange?: string }; tokens?: { yes: string } }[] };
      const m = list.data.find((x) => x.venue?.exchange && x.tokens)!;
      slug = m.slug;
      exchange = m.venue!.exchange!;
      yesToken = String(m.tokens!.yes);
      const reg = await fetch(`${sim.server.baseUrl}/_sim/api_keys`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ api_key: 'lmts-positions-key', address: wallet.address }) });
      assert.equal(reg.status, 201);
      await store(key, { exchange: 'limitless', api_key: 'lmts-positions-key' });
    });

    it('reads back a filled order as a position in the market, on its yes side with its token id', async () => {
      assert.deepEqual(await positions(key, 'limitless'), []);
      const order = { salt: String(Date.now()), maker: wallet.address, signer: wallet.address, taker: ZERO, tokenId: yesToken, makerAmount: '990000', takerAmount: '1000000', expiration: '0', nonce: '0', feeRateBps: '0', side: 0, signatureType: 0 };
      const signed = { ...order, verifyingContract: exchange, signature: await wallet.signTypedData(limitlessDomain(exchange), CTF_ORDER_V1_TYPES, order) };
      const filled = await placeFilled({ exchange: 'limitless', market_id: slug, outcome: yesToken, side: 'buy', type: 'limit', price: 0.99, size: 1, signed_order: signed });
      const held = await positions(key, 'limitless');
      assert.equal(held.length, 1, JSON.stringify(held));
      assert.deepEqual({ market_id: held[0].market_id, outcome: held[0].outcome, venue_outcome: held[0].venue_outcome, size: held[0].size }, { market_id: slug, outcome: 'yes', venue_outcome: yesToken, size: 1 });
      assert.ok(Math.abs(held[0].avg_price! - filled.avg_fill_price) < 1e-6, `avg ${held[0].avg_price} vs fill ${filled.avg_fill_price}`);
      assert.ok(held[0].value! > 0 && held[0].value! < 1);
    });

    it('answers 422 for a key the venue refuses, and 404 naming the venue for balances', async () => {
      await store(other, { exchange: 'limitless', api_key: 'lmts-unknown-key' });
      const refused = await call(other, '/api/v1/positions?exchange=limitless');
      assert.equal(refused.status, 422, refused.text);
      assert.match(refused.body.error as string, /limitless refused the stored credentials/);
      const balances = await call(key, '/api/v1/balances?exchange=limitless');
      assert.equal(balances.status, 404);
      assert.match(balances.body.error as string, /limitless has no balances operation/);
    });
  });

  describe('opinion (/positions/user/{Safe} and /user/balance with the API key)', () => {
    const safe = '0x00000000000000000000000000000000005afe01';
    let market: string;
    let yesToken: string;
    before(async () => {
      const sim = svc.venues.simulators!.simulators.opinion!;
      const list = (await (await fetch(`${sim.baseUrls.rest}/market?limit=20&status=activated`)).json()) as { result: { list: { marketId: number; yesTokenId?: string; status: number }[] } };
      const m = list.result.list.find((x) => x.yesTokenId && x.status === 2)!;
      market = String(m.marketId);
      yesToken = m.yesTokenId!;
      const reg = await fetch(`${sim.server.baseUrl}/_sim/api_keys`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ api_key: 'opinion-positions-key', signer: wallet.address, multi_sig_addr: safe }) });
      assert.equal(reg.status, 201);
      await store(key, { exchange: 'opinion', api_key: 'opinion-positions-key', multi_sig_addr: safe });
    });

    it('reads back a filled Safe order as a position, and the USDT balance it was paid from', async () => {
      assert.deepEqual(await positions(key, 'opinion'), []);
      const before = await call(key, '/api/v1/balances?exchange=opinion');
      assert.equal(before.status, 200, before.text);
      assert.deepEqual(before.body.balances, [{ currency: 'USDT', available: 10_000, total: 10_000 }]);
      const order = { salt: String(Date.now()), maker: safe, signer: wallet.address, taker: ZERO, tokenId: yesToken, makerAmount: String(99n * 10n ** 16n), takerAmount: String(10n ** 18n), expiration: '0', nonce: '0', feeRateBps: '0', side: 0, signatureType: 2 };
      const signed = { ...order, signature: await wallet.signTypedData(opinionDomain(OPINION_SIM_EXCHANGE), CTF_ORDER_V1_TYPES, order) };
      const filled = await placeFilled({ exchange: 'opinion', market_id: market, outcome: yesToken, side: 'buy', type: 'limit', price: 0.99, size: 1, signed_order: signed });
      const held = await positions(key, 'opinion');
      assert.equal(held.length, 1, JSON.stringify(held));
      assert.deepEqual({ market_id: held[0].market_id, outcome: held[0].outcome, venue_outcome: held[0].venue_outcome, size: held[0].size }, { market_id: market, outcome: 'yes', venue_outcome: yesToken, size: 1 });
      assert.ok(Math.abs(held[0].avg_price! - filled.avg_fill_price) < 1e-6);
      const after = await call(key, '/api/v1/balances?exchange=opinion');
      const usdt = (after.body.balances as { currency: string; available: number; total: number }[])[0];
      assert.ok(Math.abs(usdt.available - (10_000 - filled.avg_fill_price)) < 1e-6, after.text);
      assert.equal(usdt.total, usdt.available, 'no open order holds any of it');
    });

    it('asks for the Safe when the stored set has none, and answers 422 for a refused key', async () => {
      await store(other, { exchange: 'opinion', api_key: 'opinion-positions-key' });
      const missing = await call(other, '/api/v1/positions?exchange=opinion');
      assert.equal(missing.status, 400, missing.text);
      assert.match(missing.body.error as string, /^multi_sig_addr: /);
      assert.equal((await call(other, '/api/v1/users/_/credentials', { method: 'POST', body: { exchange: 'opinion', api_key: 'k', multi_sig_addr: '0x1234' } })).status, 400, 'the Safe is validated on entry');
      await store(other, { exchange: 'opinion', api_key: 'opinion-unknown-key', multi_sig_addr: safe });
      for (const read of ['positions', 'balances']) {
        const refused = await call(other, `/api/v1/${read}?exchange=opinion`);
        assert.equal(refused.status, 422, refused.text);
        assert.match(refused.body.error as string, /opinion refused the stored credentials/);
      }
    });
  });

  describe('predictfun (/positions/{address} with the API key; no balances read)', () => {
    let market: string;
    let token: string;
    let domain: ReturnType<typeof predictfunDomain>;
    before(async () => {
      const sim = svc.venues.simulators!.simulators.predictfun!;
      const list = (await (await fetch(`${sim.baseUrls.rest}/markets?first=20`)).json()) as { data: { id: number; isNegRisk?: boolean; isYieldBearing?: boolean; tradingStatus?: string; status?: string; outcomes: { indexSet: number; onChainId: string }[] }[] };
      const m = list.data.find((x) => x.outcomes?.length && (x.tradingStatus ?? 'OPEN') === 'OPEN' && (x.status ?? 'REGISTERED') !== 'RESOLVED')!;
      market = String(m.id);
      token = m.outcomes.find((o) => o.indexSet === 1)!.onChainId;
      domain = predictfunDomain(predictfunExchange({ negRisk: !!m.isNegRisk, yieldBearing: !!m.isYieldBearing }));
      await store(key, { exchange: 'predictfun', api_key: PREDICTFUN_SIM_API_KEY, address: wallet.address });
    });

    it('reads back a filled order as a position of the maker address, shares from wei', async () => {
      assert.deepEqual(await positions(key, 'predictfun'), []);
      const order = { salt: String(Date.now()), maker: wallet.address, signer: wallet.address, taker: ZERO, tokenId: token, makerAmount: String(99n * 10n ** 16n), takerAmount: String(10n ** 18n), expiration: '0', nonce: '0', feeRateBps: '0', side: 0, signatureType: 0 };
      const signed = { ...order, signature: await wallet.signTypedData(domain, CTF_ORDER_V1_TYPES, order) };
      const filled = await placeFilled({ exchange: 'predictfun', market_id: market, outcome: token, side: 'buy', type: 'limit', price: 0.99, size: 1, signed_order: signed });
      const held = await positions(key, 'predictfun');
      assert.equal(held.length, 1, JSON.stringify(held));
      assert.deepEqual({ market_id: held[0].market_id, outcome: held[0].outcome, venue_outcome: held[0].venue_outcome, size: held[0].size }, { market_id: market, outcome: 'yes', venue_outcome: token, size: 1 });
      // predict.fun's order records carry no average fill price; the position's is the book's, within the limit.
      assert.equal(filled.filled_size, 1);
      assert.ok(held[0].avg_price! > 0 && held[0].avg_price! <= 0.99, `avg ${held[0].avg_price}`);
      assert.ok(held[0].value! > 0 && held[0].value! < 1, `value ${held[0].value}`);
      const sim = svc.venues.simulators!.simulators.predictfun!;
      assert.ok(sim.server.requests.some((r) => r.path === `/v1/positions/${wallet.address}`), 'read by the stored address');
    });

    it('asks for the address when the stored set has none, answers 422 for a refused key, and 404 for balances', async () => {
      await store(other, { exchange: 'predictfun', api_key: PREDICTFUN_SIM_API_KEY });
      const missing = await call(other, '/api/v1/positions?exchange=predictfun');
      assert.equal(missing.status, 400, missing.text);
      assert.match(missing.body.error as string, /^address: /);
      await store(other, { exchange: 'predictfun', api_key: 'not-the-key', address: wallet.address });
      const refused = await call(other, '/api/v1/positions?exchange=predictfun');
      assert.equal(refused.status, 422, refused.text);
      assert.match(refused.body.error as string, /predictfun refused the stored credentials/);
      const balances = await call(key, '/api/v1/balances?exchange=predictfun');
      assert.equal(balances.status, 404);
      assert.match(balances.body.error as string, /predictfun has no balances operation/);
    });
  });

  it('without stored credentials a read is a 400 naming the missing set, before any venue call', async () => {
    const fresh = await mintTestKey(svc);
    for (const exchange of ['polymarket', 'limitless', 'opinion', 'predictfun']) {
      const res = await call(fresh, `/api/v1/positions?exchange=${exchange}`);
      assert.equal(res.status, 400, res.text);
      assert.match(res.body.error as string, new RegExp(`no stored credentials for ${exchange}`));
    }
  });
  describe('afterwards', () => {
    it('never shows a stored key or secret in a response or a log line', () => {
      const secrets = ['lmts-positions-key', 'lmts-unknown-key', 'opinion-positions-key', 'opinion-unknown-key', 'not-the-key', WALLET_KEY.slice(2)];
      assert.ok(svc.logs.length > 10 && responses.length > 20);
      for (const secret of secrets) {
        for (const line of svc.logs) assert.ok(!line.includes(secret), `a log line holds ${secret}: ${line.slice(0, 200)}`);
        for (const body of responses) assert.ok(!body.includes(secret), `a response holds ${secret}`);
      }
    });
  });
});

describe('trading: position and balance records of the venues, in unified units', () => {
  it('polymarket: a Data API row (the documented fields, numbers as numbers)', () => {
    const row = { proxyWallet: '0x56687bf447db6ffa42ffe2204a05edaa20f55839', asset: '7123', conditionId: `0x${'dd'.repeat(32)}`, size: 1185.42, avgPrice: 0.41, initialValue: 486.02, currentValue: 623.55, curPrice: 0.53, outcome: 'No', outcomeIndex: 1 };
    assert.deepEqual(polymarketPosition(row), { market_id: `0x${'dd'.repeat(32)}`, outcome: 'no', venue_outcome: '7123', size: 1185.42, avg_price: 0.41, value: 623.55 });
    // Labels that say neither side: the index (0 is the market's first outcome, its yes).
    assert.equal(polymarketPosition({ ...row, outcome: 'Up', outcomeIndex: 0 }).outcome, 'yes');
    // A row without them is named by its token, the outcome id of the market's details.
    assert.equal(polymarketPosition({ asset: '7123', conditionId: row.conditionId, size: 1 }).outcome, '7123');
  });

  it('limitless: a CLOB entry in USDC base units (6 decimals), one position per outcome held', () => {
    const entry = {
      market: { slug: 'btc-above-100k' },
      positions: { yes: { cost: '1050000', fillPrice: '420000', marketValue: '1100000' }, no: { cost: '0', fillPrice: '0', marketValue: '0' } },
      tokensBalance: { yes: '2500000', no: '0' },
    };
    assert.deepEqual(limitlessClobPositions(entry, { yes: '11', no: '22' }), [{ market_id: 'btc-above-100k', outcome: 'yes', venue_outcome: '11', size: 2.5, avg_price: 0.42, value: 1.1 }]);
  });

  it('opinion: a PositionData and a QuoteTokenBalance of the docs (display-unit strings)', () => {
    assert.deepEqual(opinionPosition({ marketId: 1274, tokenId: '0xabc', outcomeSide: 2, sharesOwned: '12.5', avgEntryPrice: '0.61', currentValueInQuoteToken: '8.125' }), { market_id: '1274', outcome: 'no', venue_outcome: '0xabc', size: 12.5, avg_price: 0.61, value: 8.125 });
    assert.deepEqual(opinionBalance({ quoteToken: '0x55d398326f99059fF775485246999027B3197955', totalBalance: '50.5', availableBalance: '40.25' }), { currency: 'USDT', available: 40.25, total: 50.5 });
    assert.equal(opinionBalance({ quoteToken: '0x0000000000000000000000000000000000000abc', availableBalance: '1' }).currency, '0x0000000000000000000000000000000000000abc');
  });

  it('predictfun: shares in wei (18 decimals), kept exact past 2^53', () => {
    assert.deepEqual(predictfunPosition({ market: { id: 472369 }, outcome: { onChainId: '123', indexSet: 2 }, amount: '1000000000000000000', averageBuyPriceUsd: '0.45', valueUsd: '0.5' }), { market_id: '472369', outcome: 'no', venue_outcome: '123', size: 1, avg_price: 0.45, value: 0.5 });
    assert.equal(predictfunPosition({ market: { id: 1 }, outcome: { onChainId: '1' }, amount: '123456789012345678901' }).size, 123.45678901234568);
  });
});
