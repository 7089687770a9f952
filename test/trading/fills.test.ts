// Fills on the orders of the EIP-712 venues that do not list them with the order (limitless,
// opinion, polymarket, predictfun), end to end: the real service (embedded database, HTTP) in sim mode places
// signed orders through the simulators, which fill them against their books and serve the fills in
// the venue's own wire format (limitless: the placement's maker matches and the order's filled size;
// opinion: the order detail's trades; polymarket: the order's trade ids, each trade read from the
// authenticated trades endpoint; predictfun: the match events of the order's signer). Each
// venue: an order filling across two book levels, one filling partly and resting (then filling more
// as the book moves, read back by GET), and one resting with no fills. The book is held still (no
// background activity) so the expected fills follow from it. Then the three readers on their own:
// attribution of predict.fun match events, the resting fills of limitless, opinion's statuses.
import assert from 'node:assert/strict';
import { Wallet } from 'ethers';
import type { RunningSimulator } from '../../src/sim/types.js';
import { CTF_ORDER_V1_TYPES } from '../../src/venues/ctf-order.js';
import { limitlessDomain } from '../../src/venues/limitless/signing.js';
import { limitlessPlacement, limitlessOrderState, limitlessWithRestingFills } from '../../src/venues/limitless/trading.js';
import { opinionDomain } from '../../src/venues/opinion/signing.js';
import { polymarketOrderDomain, POLYMARKET_ORDER_TYPES } from '../../src/venues/polymarket/signing.js';
import { OPINION_SIM_EXCHANGE } from '../../src/venues/opinion/sim/simulator-orders.js';
import { opinionOrderState } from '../../src/venues/opinion/trading.js';
import { predictfunDomain, predictfunExchange } from '../../src/venues/predictfun/signing.js';
import { PREDICTFUN_SIM_API_KEY } from '../../src/venues/predictfun/sim/simulator.js';
import { predictfunOrderFills, type PredictMatchWire } from '../../src/venues/predictfun/trading.js';
import { TradingService } from '../../src/trading/trading-service.js';
import { startTestService, mintTestKey, type TestService } from '../helpers/service.js';

const WALLET_KEY = `0x${'4d'.repeat(32)}`;
const ZERO = '0x0000000000000000000000000000000000000000';
const SAFE = '0x00000000000000000000000000000000000051fe';
const ZERO32 = `0x${'0'.repeat(64)}`;

interface Fill {
  id: string;
  price: number;
  size: number;
  fee: number | null;
  timestamp: string;
}
interface Order {
  id: string;
  status: string;
  size: number;
  filled_size: number;
  avg_fill_price: number | null;
  fills: Fill[];
}

const r6 = (x: number): number => Math.round(x * 1e6) / 1e6;
const weighted = (fills: { price: number; size: number }[]): number => r6(fills.reduce((c, f) => c + f.price * f.size, 0) / fills.reduce((n, f) => n + f.size, 0));

/** What every order's fills must satisfy: well-formed, unique ids, adding up to filled_size at avg_fill_price. */
function assertConsistent(o: Order): void {
  assert.ok(Array.isArray(o.fills), JSON.stringify(o));
  assert.equal(new Set(o.fills.map((f) => f.id)).size, o.fills.length, 'fill ids are unique');
  for (const f of o.fills) {
    assert.ok(typeof f.id === 'string' && f.id.length > 0, JSON.stringify(f));
    assert.ok(f.price > 0 && f.price < 1, `price ${f.price} is a probability`);
    assert.ok(f.size > 0, `size ${f.size}`);
    assert.ok(!Number.isNaN(Date.parse(f.timestamp)) && f.timestamp.endsWith('Z'), f.timestamp);
  }
  const total = o.fills.reduce((n, f) => n + f.size, 0);
  assert.ok(Math.abs(total - o.filled_size) < 1e-6, `fills add up to ${total}, filled_size is ${o.filled_size}`);
  if (o.fills.length === 0) assert.equal(o.avg_fill_price, null);
  else assert.ok(Math.abs(o.avg_fill_price! - weighted(o.fills)) < 1e-6, `avg ${o.avg_fill_price} vs the fills' ${weighted(o.fills)}`);
}

describe('trading: fills on limitless, opinion, polymarket and predictfun orders, through the simulators', function () {
  this.timeout(120_000);
  const wallet = new Wallet(WALLET_KEY);
  let svc: TestService;
  let key: string;

  const call = async (p: string, init: { method?: string; body?: unknown } = {}) => svc.request(p, { ...init, headers: { 'x-api-key': key } });
  const store = async (body: Record<string, unknown>) => {
    const res = await call('/api/v1/users/_/credentials', { method: 'POST', body });
    assert.ok(res.status === 201 || res.status === 200, res.text);
  };
  const place = async (body: Record<string, unknown>): Promise<Order> => {
    const res = await call('/api/v1/orders', { method: 'POST', body });
    assert.equal(res.status, 201, res.text);
    assertConsistent(res.body as unknown as Order);
    return res.body as unknown as Order;
  };
  const get = async (id: string): Promise<Order> => {
    const res = await call(`/api/v1/orders/${id}`);
    assert.equal(res.status, 200, res.text);
    assertConsistent(res.body as unknown as Order);
    return res.body as unknown as Order;
  };

  before(async () => {
    svc = await startTestService({ env: { EXCHANGE_MODE: 'sim', RUN_JOBS: 'false', TRADING_TIMEOUT_MS: '3000', TEST_KEY_RATE_PER_MINUTE: '100000', TEST_KEYS_PER_ADDRESS_PER_HOUR: '1000' } });
    key = await mintTestKey(svc);
  });

  after(async () => {
    await svc?.destroy();
  });

  /**
   * The three cases against one venue. `order(price, size)` makes the service's order body (a buy of
   * the YES token, signed); `marketId` is the simulator's id of the market's book.
   */
  const venueCases = (venue: string, setup: () => Promise<{ sim: RunningSimulator; marketId: string; order: (price: number, size: number) => Promise<Record<string, unknown>>; restingFillPrice?: 'limit'; takerFillsAtAverage?: boolean }>) => {
    let ctx: Awaited<ReturnType<typeof setup>>;
    before(async () => {
      ctx = await setup();
      ctx.sim.activity.stop();
    });
    after(() => ctx?.sim.activity.start());
    const asks = () => ctx.sim.activity.book(ctx.marketId)!.asks;

    it('an order taking two book levels: one fill per level, filled_size and the size-weighted avg_fill_price', async () => {
      const [a0, a1] = asks();
      assert.ok(a0 && a1 && a1.size >= 5, `book ${JSON.stringify(asks())}`);
      const size = a0.size + 5;
      const placed = await place(await ctx.order(a1.price, size));
      assert.equal(placed.status, 'filled', JSON.stringify(placed));
      assert.equal(placed.filled_size, size);
      const avg = r6((a0.price * a0.size + a1.price * 5) / size);
      // Limitless prices its maker matches at the execution's average (the matches carry no price).
      const expected = ctx.takerFillsAtAverage ? [[avg, a0.size], [avg, 5]] : [[a0.price, a0.size], [a1.price, 5]];
      assert.deepEqual(placed.fills.map((f) => [f.price, f.size]).sort(), expected.sort());
      assert.equal(placed.avg_fill_price, avg);
      // Read back (the venue is asked again only for live orders; a filled one is served as stored).
      const read = await get(placed.id);
      assert.deepEqual(read.fills, placed.fills);
      assert.equal(read.avg_fill_price, placed.avg_fill_price);
    });

    it('an order filling partly rests with its fill, and GET shows the fills it makes later', async () => {
      const [a0] = asks();
      const placed = await place(await ctx.order(a0.price, a0.size + 40));
      assert.equal(placed.status, 'partially_filled', JSON.stringify(placed));
      assert.equal(placed.filled_size, a0.size);
      assert.deepEqual(placed.fills.map((f) => [f.price, f.size]), [[a0.price, a0.size]]);
      assert.equal(placed.avg_fill_price, a0.price);
      const same = await get(placed.id);
      assert.equal(same.status, 'partially_filled');
      assert.deepEqual(same.fills, placed.fills, 'a read with nothing new adds no fill');
      // Move the book until sellers reach the resting remainder; the order-sync job reads it (the
      // order list serves what is stored, without asking the venue).
      const listed = async (): Promise<Order> => {
        const res = await call(`/api/v1/orders?exchange=${venue}&limit=50`);
        assert.equal(res.status, 200, res.text);
        const o = (res.body.orders as Order[]).find((x) => x.id === placed.id)!;
        assertConsistent(o);
        return o;
      };
      let later = same;
      for (let step = 0; step < 600 && later.filled_size === placed.filled_size; step++) {
        ctx.sim.activity.stepMarket(ctx.marketId);
        if (step % 20 === 19) {
          await new TradingService({ orders: svc.trading.orders, credentials: svc.trading.credentials, clients: svc.trading.clients }).syncLiveOrders(200, 0);
          later = await listed();
        }
      }
      assert.ok(later.filled_size > placed.filled_size, `the remainder filled some (${later.filled_size})`);
      assert.ok(['partially_filled', 'filled'].includes(later.status), later.status);
      // Fills are listed by time, then id: a venue stamping whole seconds (polymarket) can list a later
      // fill of the same second first, so the earlier ones are found by id.
      const earlier = new Set(placed.fills.map((f) => f.id));
      assert.deepEqual(later.fills.filter((f) => earlier.has(f.id)), placed.fills, 'earlier fills are kept as they were');
      const newer = later.fills.filter((f) => !earlier.has(f.id));
      for (const f of newer) assert.ok(f.price <= a0.price + 1e-9, `a resting buy at ${a0.price} fills at ${f.price}`);
      if (ctx.restingFillPrice === 'limit') for (const f of newer) assert.equal(f.price, a0.price);
      // A read right after adds nothing the job did not already store.
      const again = await get(placed.id);
      assert.deepEqual(again.fills.slice(0, later.fills.length), later.fills);
      later = again;
      // The database holds exactly what the API shows.
      const rows = await svc.db.pool.query<{ n: string; size: number }>('SELECT count(*) AS n, sum(size) AS size FROM trading_fills WHERE order_id = $1', [placed.id]);
      assert.equal(Number(rows.rows[0].n), later.fills.length);
      assert.ok(Math.abs(rows.rows[0].size - later.filled_size) < 1e-6);
    });

    it('a resting order has no fills: filled_size 0, avg_fill_price null', async () => {
      const bid = ctx.sim.activity.book(ctx.marketId)!.bids.at(-1)!.price;
      const price = r6(Math.max(0.01, bid - 0.05));
      const placed = await place(await ctx.order(price, 10));
      assert.equal(placed.status, 'open', JSON.stringify(placed));
      assert.deepEqual([placed.filled_size, placed.avg_fill_price, placed.fills], [0, null, []]);
      const read = await get(placed.id);
      assert.deepEqual([read.status, read.filled_size, read.avg_fill_price, read.fills], ['open', 0, null, []]);
      assert.equal((await call(`/api/v1/orders/${placed.id}`, { method: 'DELETE' })).status, 200);
    });
  };

  describe('limitless (maker matches at placement, filled size when read)', () => {
    venueCases('limitless', async () => {
      const sim = svc.venues.simulators!.simulators.limitless!;
      const list = (await (await fetch(`${sim.baseUrls.rest}/markets/active?tradeType=clob&limit=25`)).json()) as { data: { slug: string; venue?: { exchange?: string }; tokens?: { yes: string } }[] };
      const m = list.data.find((x) => x.venue?.exchange && x.tokens && sim.activity.book(x.slug)?.asks.length)!;
      const exchange = m.venue!.exchange!;
      await fetch(`${sim.server.baseUrl}/_sim/api_keys`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ api_key: 'lmts-fills-key', address: wallet.address }) });
      await store({ exchange: 'limitless', api_key: 'lmts-fills-key' });
      const order = async (price: number, size: number) => {
        const o = { salt: String(Date.now() * 1000 + Math.floor(Math.random() * 1000)), maker: wallet.address, signer: wallet.address, taker: ZERO, tokenId: String(m.tokens!.yes), makerAmount: String(Math.round(price * size * 1e6)), takerAmount: String(size * 1e6), expiration: '0', nonce: '0', feeRateBps: '0', side: 0, signatureType: 0 };
        const signed = { ...o, verifyingContract: exchange, signature: await wallet.signTypedData(limitlessDomain(exchange), CTF_ORDER_V1_TYPES, o) };
        return { exchange: 'limitless', market_id: m.slug, outcome: String(m.tokens!.yes), side: 'buy', type: 'limit', price, size, signed_order: signed };
      };
      return { sim, marketId: m.slug, order, restingFillPrice: 'limit' as const, takerFillsAtAverage: true };
    });
  });

  describe('opinion (the order detail\'s trades)', () => {
    venueCases('opinion', async () => {
      const sim = svc.venues.simulators!.simulators.opinion!;
      const list = (await (await fetch(`${sim.baseUrls.rest}/market?limit=20&status=activated`)).json()) as { result: { list: { marketId: number; yesTokenId?: string; status: number }[] } };
      const m = list.result.list.find((x) => x.yesTokenId && x.status === 2 && sim.activity.book(String(x.marketId))?.asks.length)!;
      await fetch(`${sim.server.baseUrl}/_sim/api_keys`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ api_key: 'opinion-fills-key', signer: wallet.address, multi_sig_addr: SAFE }) });
      await store({ exchange: 'opinion', api_key: 'opinion-fills-key', multi_sig_addr: SAFE });
      const order = async (price: number, size: number) => {
        const o = { salt: String(Date.now() * 1000 + Math.floor(Math.random() * 1000)), maker: SAFE, signer: wallet.address, taker: ZERO, tokenId: m.yesTokenId!, makerAmount: String(BigInt(Math.round(price * 1e6)) * BigInt(size) * 10n ** 12n), takerAmount: String(BigInt(size) * 10n ** 18n), expiration: '0', nonce: '0', feeRateBps: '0', side: 0, signatureType: 2 };
        const signed = { ...o, signature: await wallet.signTypedData(opinionDomain(OPINION_SIM_EXCHANGE), CTF_ORDER_V1_TYPES, o) };
        return { exchange: 'opinion', market_id: String(m.marketId), outcome: m.yesTokenId!, side: 'buy', type: 'limit', price, size, signed_order: signed };
      };
      return { sim, marketId: String(m.marketId), order };
    });
  });

  describe('polymarket (the order\'s trade ids, each read from the trades endpoint)', () => {
    const setup = async () => {
      const sim = svc.venues.simulators!.simulators.polymarket!;
      const list = (await (await fetch(`${sim.baseUrls.gamma}/markets?limit=50&closed=false`)).json()) as { conditionId: string; clobTokenIds?: string; outcomes?: string; negRisk?: boolean; acceptingOrders?: boolean; enableOrderBook?: boolean }[];
      const m = list.find((x) => x.clobTokenIds && x.acceptingOrders !== false && x.enableOrderBook !== false && (x.outcomes ?? '["Yes","No"]').startsWith('["Yes"') && (sim.activity.book(x.conditionId)?.asks.length ?? 0) >= 2)!;
      const token = (JSON.parse(m.clobTokenIds!) as string[])[0];
      const derived = await call('/api/v1/polymarket/derive-credentials', { method: 'POST', body: { private_key: WALLET_KEY } });
      assert.equal(derived.status, 200, derived.text);
      const order = async (price: number, size: number) => {
        const o = { salt: String(Date.now() * 1000 + Math.floor(Math.random() * 1000)), maker: wallet.address, signer: wallet.address, tokenId: token, makerAmount: String(Math.round(price * size * 1e6)), takerAmount: String(Math.round(size * 1e6)), side: 0, signatureType: 0, timestamp: String(Date.now()), metadata: ZERO32, builder: ZERO32 };
        const signed = { ...o, negRisk: !!m.negRisk, signature: await wallet.signTypedData(polymarketOrderDomain(!!m.negRisk), POLYMARKET_ORDER_TYPES, o) };
        return { exchange: 'polymarket', market_id: m.conditionId, outcome: token, side: 'buy', type: 'limit', price, size, signed_order: signed };
      };
      return { sim, marketId: m.conditionId, order };
    };
    venueCases('polymarket', setup);

    it('the fill prices come from GET /data/trades, asked by the trade id for the order\'s wallet: the order read names no price', async () => {
      const ctx = await setup();
      const [a0, a1] = ctx.sim.activity.book(ctx.marketId)!.asks;
      ctx.sim.server.requests.length = 0;
      const placed = await place(await ctx.order(a1.price, a0.size + 2));
      assert.equal(placed.avg_fill_price, r6((a0.price * a0.size + a1.price * 2) / (a0.size + 2)));
      const asked = ctx.sim.server.requests.filter((r) => r.path === '/clob/data/trades').map((r) => new URLSearchParams(r.search));
      assert.equal(asked.length, 1, 'one trade (the taker\'s, of two resting orders): one query');
      assert.equal(asked[0].get('maker_address'), wallet.address);
      assert.equal(asked[0].get('next_cursor'), 'MA==');
      assert.ok(placed.fills.every((f) => f.id.startsWith(`${asked[0].get('id')}:`)), JSON.stringify(placed.fills));
    });
  });

  describe('predictfun (the match events of the order\'s signer)', () => {
    venueCases('predictfun', async () => {
      const sim = svc.venues.simulators!.simulators.predictfun!;
      const list = (await (await fetch(`${sim.baseUrls.rest}/markets?first=50`)).json()) as { data: { id: number; isNegRisk?: boolean; isYieldBearing?: boolean; tradingStatus?: string; status?: string; outcomes: { indexSet: number; onChainId: string }[] }[] };
      const m = list.data.find((x) => x.outcomes?.length && (x.tradingStatus ?? 'OPEN') === 'OPEN' && (x.status ?? 'REGISTERED') !== 'RESOLVED' && sim.activity.book(String(x.id))?.asks.length)!;
      const token = m.outcomes.find((o) => o.indexSet === 1)!.onChainId;
      const domain = predictfunDomain(predictfunExchange({ negRisk: !!m.isNegRisk, yieldBearing: !!m.isYieldBearing }));
      await store({ exchange: 'predictfun', api_key: PREDICTFUN_SIM_API_KEY });
      const order = async (price: number, size: number) => {
        const o = { salt: String(Date.now() * 1000 + Math.floor(Math.random() * 1000)), maker: wallet.address, signer: wallet.address, taker: ZERO, tokenId: token, makerAmount: String(BigInt(Math.round(price * 1e6)) * BigInt(size) * 10n ** 12n), takerAmount: String(BigInt(size) * 10n ** 18n), expiration: '0', nonce: '0', feeRateBps: '0', side: 0, signatureType: 0 };
        const signed = { ...o, signature: await wallet.signTypedData(domain, CTF_ORDER_V1_TYPES, o) };
        return { exchange: 'predictfun', market_id: String(m.id), outcome: token, side: 'buy', type: 'limit', price, size, signed_order: signed };
      };
      return { sim, marketId: String(m.id), order };
    });
  });
});

describe('trading: the fill readers of limitless, opinion and predictfun, on their own', () => {
  const NOW = '2026-11-24T10:00:00.000Z';
  const wei = (x: number): string => (BigInt(Math.round(x * 1e6)) * 10n ** 12n).toString();

  it('predictfun: an order\'s legs are those of its signer, token and side, oldest first, up to its filled size', () => {
    const me = '0x00000000000000000000000000000000000000aa';
    const quote = (signer: string, quoteType: string, token: string, price: number, amount: number) => ({ signer, quoteType, outcome: { onChainId: token }, price: wei(price), amount: wei(amount) });
    const events: PredictMatchWire[] = [
      // Newest first, as the venue sorts them.
      { transactionHash: '0x3', executedAt: '2026-11-24T09:03:00Z', taker: quote('0xother', 'Ask', 'T1', 0.4, 7), amountFilled: wei(7), priceExecuted: wei(0.4), makers: [quote(me.toUpperCase().replace('0X', '0x'), 'Bid', 'T1', 0.4, 7)] },
      { transactionHash: '0x2', executedAt: '2026-11-24T09:02:00Z', taker: quote(me, 'Ask', 'T1', 0.5, 3), amountFilled: wei(3), priceExecuted: wei(0.5), makers: [] },
      { transactionHash: '0x1b', executedAt: '2026-11-24T09:01:00Z', taker: quote(me, 'Bid', 'T2', 0.3, 4), amountFilled: wei(4), priceExecuted: wei(0.3), makers: [] },
      { transactionHash: '0x1', executedAt: '2026-11-24T09:01:00Z', taker: quote(me, 'Bid', 'T1', 0.45, 5), amountFilled: wei(5), priceExecuted: wei(0.44), makers: [quote('0xm', 'Ask', 'T1', 0.44, 5)] },
    ];
    const fills = predictfunOrderFills(events, { signer: me, tokenId: 'T1', side: 'buy', filled: 10 });
    // The T1 buy legs: the taker leg of 0x1 (at the executed price), then 3 of the 7 of the maker leg of 0x3.
    assert.deepEqual(fills.map((f) => [f.id, f.price, f.size, f.at]), [['0x1:taker', 0.44, 5, '2026-11-24T09:01:00.000Z'], ['0x3:maker:0', 0.4, 5, '2026-11-24T09:03:00.000Z']]);
    assert.deepEqual(predictfunOrderFills(events, { signer: me, tokenId: 'T1', side: 'sell', filled: 3 }).map((f) => f.id), ['0x2:taker']);
    assert.deepEqual(predictfunOrderFills(events, { signer: '0xnobody', tokenId: 'T1', side: 'buy', filled: 5 }), []);
    // Legs another order of the wallet holds, before the order was sent (2 s of skew allowed), or past its limit are not its.
    assert.deepEqual(predictfunOrderFills(events, { signer: me, tokenId: 'T1', side: 'buy', filled: 5, claimed: ['0x1:taker'] }).map((f) => [f.id, f.size]), [['0x3:maker:0', 5]]);
    assert.deepEqual(predictfunOrderFills(events, { signer: me, tokenId: 'T1', side: 'buy', filled: 5, since: '2026-11-24T09:02:01Z' }).map((f) => f.id), ['0x3:maker:0']);
    assert.deepEqual(predictfunOrderFills(events, { signer: me, tokenId: 'T1', side: 'buy', filled: 5, since: '2026-11-24T09:01:01Z' }).map((f) => f.id), ['0x1:taker']);
    assert.deepEqual(predictfunOrderFills(events, { signer: me, tokenId: 'T1', side: 'buy', filled: 5, limit: 0.42 }).map((f) => f.id), ['0x3:maker:0']);
  });

  it('limitless: maker matches priced at the execution average; later growth of filledSize is one fill at the limit price', () => {
    const order = { id: 'o1', side: 0, makerAmount: '6000000', takerAmount: '10000000', price: 0.6, status: 'LIVE' };
    const placed = limitlessPlacement({ order, makerMatches: [{ id: 'm1', createdAt: '2026-11-24T09:00:00Z', matchedSize: '2000000' }, { id: 'm2', createdAt: null, matchedSize: '1000000' }], execution: { totalsRaw: { contractsGross: '3000000', usdGross: '1650000' } } }, 'c1', 0.6, NOW);
    assert.equal(placed.status, 'partially_filled');
    assert.equal(placed.filledSize, 3);
    assert.deepEqual(placed.fills!.map((f) => [f.id, f.price, f.size, f.at]), [['m1', 0.55, 2, '2026-11-24T09:00:00.000Z'], ['m2', 0.55, 1, NOW]]);
    assert.equal(placed.avgFillPrice, 0.55);
    // Read later: 7 of 10 filled; 4 more than the 3 known, at the order's own price.
    const raw = { ...order, filledSize: '7000000' };
    const read = limitlessWithRestingFills(limitlessOrderState(raw, 'o1'), raw, placed.fills!, NOW);
    assert.equal(read.status, 'partially_filled');
    assert.deepEqual(read.fills!.at(-1), { id: 'o1:filled:7000000', price: 0.6, size: 4, fee: null, at: NOW });
    assert.equal(read.avgFillPrice, r6((0.55 * 3 + 0.6 * 4) / 7));
    // Nothing new: no fill added.
    assert.equal(limitlessWithRestingFills(limitlessOrderState(raw, 'o1'), raw, read.fills!, NOW).fills!.length, 3);
    assert.equal(limitlessOrderState({ ...order, filledSize: '10000000', status: 'MATCHED' }, 'o1').status, 'filled');
    assert.equal(limitlessOrderState({ ...order, status: 'CANCELLED' }, 'o1').status, 'cancelled');
  });

  it('opinion: statuses and fills of an OrderData detail (display units, unix seconds)', () => {
    const trades = [{ tradeNo: 't1', txHash: '0xa', price: '0.41', shares: '2', fee: '0.01', createdAt: 1795000000 }, { txHash: '0xb', price: '0.43', shares: '1', createdAt: 1795000060 }];
    const partial = opinionOrderState({ orderId: '9', status: 1, statusEnum: 'Pending', orderShares: '5', filledShares: '3', filledAmount: '1.25', trades }, 'x');
    assert.equal(partial.status, 'partially_filled');
    assert.deepEqual(partial.fills!.map((f) => [f.id, f.price, f.size, f.fee, f.at]), [['t1', 0.41, 2, 0.01, new Date(1795000000_000).toISOString()], ['0xb', 0.43, 1, null, new Date(1795000060_000).toISOString()]]);
    assert.equal(partial.avgFillPrice, r6((0.41 * 2 + 0.43) / 3));
    // Without trades (a list item), the venue's totals give the average.
    assert.equal(opinionOrderState({ orderId: '9', status: 2, filledShares: '4', filledAmount: '2' }, 'x').avgFillPrice, 0.5);
    const statuses = [1, 2, 3, 4, 5].map((status) => opinionOrderState({ orderId: '9', status, filledShares: '0' }, 'x').status);
    assert.deepEqual(statuses, ['open', 'filled', 'cancelled', 'expired', 'cancelled']);
    assert.equal(opinionOrderState({ orderId: '9', statusEnum: 'Finished', filledShares: '1' }, 'x').status, 'filled');
  });
});
