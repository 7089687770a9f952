/**
 * The Opinion simulator's trading API (under /openapi, envelope `{errno, errmsg, result}`):
 * `GET /quoteToken` (the collateral and its CTF exchange), `POST /order`, `GET /order/{id}`,
 * `POST /order/cancel`, authenticated by the `apikey` header. Orders answer in the docs' OrderData
 * shape, the detail with the order's fills as `trades` (see trading.ts). An order must be a Gnosis Safe order
 * (signatureType 2: maker = the key's Safe, signer = its owner EOA) whose EIP-712 signature
 * (Polymarket's V1 struct under `OPINION CTF Exchange` v1, chain 56, the quote token's exchange)
 * recovers to the signer. REST sides are 1 buy / 2 sell, the signed side 0 / 1. Keys are registered
 * through the simulator-only route `POST /_sim/api_keys {api_key, signer, multi_sig_addr}`.
 * `GET /positions/user/{wallet}` lists a wallet's holdings (the Safe's filled orders,
 * src/sim/holdings.ts) and `GET /user/balance` the key's quote-token balance, both in display units.
 */
import { createHash } from 'node:crypto';
import { getAddress, isAddress, recoverAddress, Signature, TypedDataEncoder, type TypedDataField } from 'ethers';
import type { SimActivity } from '../../../sim/activity.js';
import { simHoldings } from '../../../sim/holdings.js';
import { SimOrderEngine, type SimOrder } from '../../../sim/orders.js';
import { json, type SimRequest, type SimResponse, type SimServer } from '../../../sim/server.js';

/** The simulated quote token's CTF exchange (any fixed address; the client reads it from /quoteToken). */
export const OPINION_SIM_EXCHANGE = '0x5F45344126D6488025B0b84A3A8189F2487a7246';
const ok = (result: unknown): SimResponse => json({ errno: 0, errmsg: '', result });
const fail = (errno: number, errmsg: string, status = 200): SimResponse => ({ status, body: { errno, errmsg, result: null } });
const ORDER: Record<string, TypedDataField[]> = {
  Order: ['salt:uint256', 'maker:address', 'signer:address', 'taker:address', 'tokenId:uint256', 'makerAmount:uint256', 'takerAmount:uint256', 'expiration:uint256', 'nonce:uint256', 'feeRateBps:uint256', 'side:uint8', 'signatureType:uint8'].map((f) => {
    const [name, type] = f.split(':');
    return { name, type };
  }),
};

/** The simulated quote token (USDT on BNB Chain) and its decimals. */
const USDT = { address: '0x55d398326f99059fF775485246999027B3197955', decimals: 18 };

export interface OpinionOrdersOptions {
  prefix: string;
  activity: SimActivity;
  token: (id: string) => { marketId: string; yes: boolean } | undefined;
  /** A market's title and outcome tokens, for positions. */
  market: (marketId: string) => { title: string; yesTokenId: string; noTokenId: string; yesLabel: string; noLabel: string } | undefined;
  now?: () => number;
}

export function registerOpinionOrders(server: SimServer, opts: OpinionOrdersOptions): SimOrderEngine {
  const engine = new SimOrderEngine(opts.activity, opts.now ?? Date.now);
  const keys = new Map<string, { signer: string; safe: string }>();
  const P = opts.prefix;
  let seq = 0;
  const fx = (x: number): string => String(Math.round(x * 1e6) / 1e6);

  server.post('/_sim/api_keys', (req) => {
    const b = (req.body ?? {}) as { api_key?: string; signer?: string; multi_sig_addr?: string };
    if (!b.api_key || !b.signer || !isAddress(b.signer) || !b.multi_sig_addr || !isAddress(b.multi_sig_addr)) return fail(10400, 'api_key, signer and multi_sig_addr are required', 400);
    keys.set(b.api_key, { signer: getAddress(b.signer), safe: getAddress(b.multi_sig_addr) });
    return json({ api_key: b.api_key }, 201);
  });
  const authed = (handler: (req: SimRequest, account: { signer: string; safe: string }) => SimResponse) => (req: SimRequest): SimResponse => {
    const a = keys.get(String(req.headers.apikey ?? ''));
    return a ? handler(req, a) : fail(10401, 'invalid apikey', 401);
  };

  // The docs' OrderData (see trading.ts): display units, the order's own outcome's price; the detail
  // (GET /order/{id}) adds `trades`, one per fill the engine made, in the trade model's shape.
  const outcomePrice = (o: SimOrder, yesPrice: number): number => Math.round((o.extra.yes ? yesPrice : 1 - yesPrice) * 1e6) / 1e6;
  const wire = (o: SimOrder, detail = false): Record<string, unknown> => {
    const statusCode = o.status === 'open' ? 1 : o.status === 'filled' ? 2 : o.status === 'cancelled' ? 3 : 4;
    const buy = o.extra.buy === true;
    const trades = o.fills.map((f, i) => {
      const price = outcomePrice(o, f.price);
      return {
        orderNo: o.id, tradeNo: `${o.id}-${i + 1}`, txHash: `0x${createHash('sha256').update(f.id).digest('hex')}`, marketId: Number(o.marketId),
        side: buy ? 'Buy' : 'Sell', outcomeSide: o.extra.yes ? 1 : 2, outcomeSideEnum: o.extra.yes ? 'Yes' : 'No', price: fx(price), shares: fx(f.size), amount: fx(price * f.size),
        // TradeData: `fee` a number, `feeFormatted` its display string (no fees here).
        fee: 0, feeFormatted: '0', createdAt: Math.floor(f.t / 1000),
      };
    });
    const filledAmount = o.fills.reduce((n, f) => n + outcomePrice(o, f.price) * f.size, 0);
    return {
      orderId: o.id, status: statusCode, statusEnum: ['', 'Pending', 'Finished', 'Canceled', 'Expired'][statusCode], marketId: Number(o.marketId), side: buy ? 1 : 2, sideEnum: buy ? 'Buy' : 'Sell',
      tradingMethod: o.price === null ? 1 : 2, tradingMethodEnum: o.price === null ? 'Market' : 'Limit', price: o.price === null ? '0' : fx(outcomePrice(o, o.price)),
      orderShares: fx(o.size), orderAmount: o.price === null ? '0' : fx(outcomePrice(o, o.price) * o.size), filledShares: fx(o.filled), filledAmount: fx(filledAmount), createdAt: Math.floor(o.createdMs / 1000), expiresAt: 0,
      ...(detail ? { trades } : {}),
    };
  };

  // QuoteTokenData: `chainId` is a string.
  server.get(`${P}/quoteToken`, () => ok({ total: 1, list: [{ quoteTokenName: 'USDT', quoteTokenAddress: USDT.address, decimal: USDT.decimals, ctfExchangeAddress: OPINION_SIM_EXCHANGE, chainId: '56' }] }));

  server.post(`${P}/order`, authed((req, account) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    const t = opts.token(String(b.tokenId));
    if (!t) return fail(10404, 'token not found');
    if (Number(b.signatureType) !== 2 || getAddress(String(b.maker)) !== account.safe) return fail(10403, 'maker must be your multi-sig wallet (signatureType 2)');
    const signedSide = Number(b.side) === 1 ? 0 : Number(b.side) === 2 ? 1 : -1;
    if (signedSide < 0) return fail(10400, 'side must be 1 (buy) or 2 (sell)');
    let signer: string;
    try {
      signer = recoverAddress(TypedDataEncoder.hash({ name: 'OPINION CTF Exchange', version: '1', chainId: 56, verifyingContract: OPINION_SIM_EXCHANGE }, ORDER, { ...b, side: signedSide }), Signature.from(String(b.signature)));
    } catch {
      return fail(10400, 'invalid signature');
    }
    if (signer !== getAddress(String(b.signer)) || signer !== account.signer) return fail(10400, 'invalid signature');
    const buy = signedSide === 0;
    const shares = BigInt(String(buy ? b.takerAmount : b.makerAmount));
    const collateral = BigInt(String(buy ? b.makerAmount : b.takerAmount));
    const price = Number(collateral) / Number(shares);
    const r = engine.place({
      id: String(900_000 + ++seq), account: account.safe, marketId: t.marketId, clientId: String(b.salt), side: t.yes === buy ? 'buy' : 'sell',
      price: Number(b.tradingMethod) === 1 ? null : t.yes ? price : Math.round((1 - price) * 1e6) / 1e6, size: Number(shares / 10n ** 12n) / 1e6, tif: Number(b.tradingMethod) === 1 ? 'ioc' : 'gtc', extra: { yes: t.yes, buy },
    });
    if (!r.ok) return fail(10500, r.code === 'insufficient_balance' ? 'insufficient balance' : `order rejected: ${r.code}`);
    return ok({ orderData: wire(r.order) });
  }));

  server.get(`${P}/order/:id`, authed((req, account) => {
    const o = engine.get(req.params.id);
    return o && o.account === account.safe ? ok({ orderData: wire(o, true) }) : fail(10404, 'order not found');
  }));

  server.get(`${P}/positions/user/:wallet`, authed((req) => {
    const wallet = req.params.wallet;
    if (!isAddress(wallet)) return fail(10400, 'invalid walletAddress');
    const page = Number(req.query.get('page') ?? 1);
    const limit = Number(req.query.get('limit') ?? 10);
    if (!Number.isInteger(page) || page < 1 || !Number.isInteger(limit) || limit < 1 || limit > 20) return fail(10400, 'page must be >= 1 and limit 1..20');
    const list = simHoldings(engine, opts.activity, (o) => o.account === getAddress(wallet))
      .flatMap((h) => {
        const m = opts.market(h.marketId);
        if (!m) return [];
        return [{
          marketId: Number(h.marketId), marketTitle: m.title, marketStatus: 2, marketStatusEnum: 'Activated', outcome: h.yes ? m.yesLabel : m.noLabel, outcomeSide: h.yes ? 1 : 2, outcomeSideEnum: h.yes ? 'Yes' : 'No',
          sharesOwned: fx(h.size), sharesFrozen: '0', unrealizedPnl: fx(h.value - h.cost), unrealizedPnlPercent: h.cost > 0 ? fx(((h.value - h.cost) / h.cost) * 100) : '0',
          tokenId: h.yes ? m.yesTokenId : m.noTokenId, currentValueInQuoteToken: fx(h.value), avgEntryPrice: fx(h.avgPrice), claimStatus: 0, claimStatusEnum: 'CanNotClaim', quoteToken: USDT.address,
        }];
      })
      .sort((a, b) => Number(b.sharesOwned) - Number(a.sharesOwned));
    return ok({ total: list.length, list: list.slice((page - 1) * limit, page * limit) });
  }));

  // The query's `chain_id` is required (the generated client's GetUserBalanceData).
  server.get(`${P}/user/balance`, authed((req, account) => {
    if (req.query.get('chain_id') !== '56') return fail(10400, 'chain_id is required (56)');
    const total = engine.balance(account.safe);
    const frozen = engine.held(account.safe);
    return ok({ walletAddress: account.signer, multiSignAddress: account.safe, chainId: '56', balances: [{ quoteToken: USDT.address, tokenDecimals: USDT.decimals, totalBalance: fx(total), availableBalance: fx(total - frozen), frozenBalance: fx(frozen) }] });
  }));

  server.post(`${P}/order/cancel`, authed((req, account) => {
    const id = String((req.body as { orderId?: unknown } | undefined)?.orderId ?? '');
    const o = engine.get(id);
    if (!o || o.account !== account.safe) return fail(10404, 'order not found');
    return engine.cancel(id).ok ? ok({ result: true }) : fail(10409, 'order is not open');
  }));

  return engine;
}
