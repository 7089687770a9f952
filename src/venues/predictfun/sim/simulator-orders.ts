/**
 * The predict.fun simulator's order API (under /v1): `POST /orders`, `GET /orders/{hash}`,
 * `POST /orders/remove`, with the venue's API key. An order (Polymarket's V1 struct under
 * `predict.fun CTF Exchange` v1, chain 56, the exchange of the market's neg-risk/yield-bearing kind)
 * must carry a signature that recovers to its signer (EOA), or, for a Predict Account (maker = signer
 * = the account), an ERC-1271 Kernel signature `0x01 || ECDSA validator || sig` over the
 * Kernel-wrapped digest that recovers to the account's owner. Owners of accounts are registered
 * through the simulator-only route `POST /_sim/accounts {account, owner}` (the chain knows them).
 * `GET /positions/{address}` lists what the orders an address made (their maker) hold
 * (src/sim/holdings.ts), shares in wei, paged by `first`/`after` like the other lists.
 * `predictfunMatchEvents` turns the fills of the orders into the venue's match events (what
 * `GET /v1/orders/matches?signerAddress=` answers): a fill made while the order was placed has it as
 * the taker, a later one (the book crossing the resting order) as a maker; the other side is the
 * simulated book's anonymous wallet.
 */
import { createHash } from 'node:crypto';
import { getAddress, hashMessage, isAddress, recoverAddress, Signature, TypedDataEncoder, type TypedDataField } from 'ethers';
import type { SimActivity } from '../../../sim/activity.js';
import { simHoldings } from '../../../sim/holdings.js';
import { SimOrderEngine, type SimOrder } from '../../../sim/orders.js';
import { json, type SimRequest, type SimResponse, type SimServer } from '../../../sim/server.js';

const ORDER: Record<string, TypedDataField[]> = {
  Order: ['salt:uint256', 'maker:address', 'signer:address', 'taker:address', 'tokenId:uint256', 'makerAmount:uint256', 'takerAmount:uint256', 'expiration:uint256', 'nonce:uint256', 'feeRateBps:uint256', 'side:uint8', 'signatureType:uint8'].map((f) => {
    const [name, type] = f.split(':');
    return { name, type };
  }),
};
const EXCHANGES = { ctf: '0x8BC070BEdAB741406F4B1Eb65A72bee27894B689', negRisk: '0x365fb81bd4A24D6303cd2F19c349dE6894D8d58A', yield: '0x6bEb5a40C032AFc305961162d8204CDA16DECFa5', yieldNegRisk: '0x8A289d458f5a134bA40015085A8F50Ffb681B41d' };
const VALIDATOR = '845adb2c711129d4f3966735ed98a9f09fc4ce57';
const fail = (status: number, code: string, message: string): SimResponse => ({ status, body: { success: false, error: { code, message } } });

function recover(digest: string, sig: string): string | null {
  try {
    return recoverAddress(digest, Signature.from(sig));
  } catch {
    return null;
  }
}

export interface PredictfunOrdersOptions {
  prefix: string;
  apiKey: string;
  activity: SimActivity;
  /** token (onChainId) -> its market, whether it is YES, and the market's kind. */
  token: (id: string) => { marketId: string; yes: boolean; negRisk: boolean; yieldBearing: boolean } | undefined;
  /** A market's fields a position carries, and its YES (indexSet 1) and NO (indexSet 2) outcomes. */
  market: (marketId: string) => { title: string; conditionId: string; isNegRisk: boolean; isYieldBearing: boolean; status: string; yes: { name: string; onChainId: string }; no: { name: string; onChainId: string } } | undefined;
  /** The venue's cursor paging (`first`, `after`) over a list; null for a bad cursor. */
  page: <T>(items: T[], q: URLSearchParams) => { items: T[]; cursor: string | null } | null;
  now?: () => number;
}

const wei = (x: number): string => (BigInt(Math.round(x * 1e6)) * 10n ** 12n).toString();
/** The signer the simulated book's side of every match carries. */
export const PREDICTFUN_SIM_BOOK_SIGNER = '0x000000000000000000000000000000000000b00c';

/**
 * Match events (the venue's wire shape, newest first) of the fills of the orders a signer signed,
 * in one market or all, where the signer was the maker (`isMaker` true), the taker (false) or either.
 */
export function predictfunMatchEvents(
  engine: SimOrderEngine,
  opts: Pick<PredictfunOrdersOptions, 'token' | 'market'>,
  q: { signer: string; marketId?: string | null; isMaker?: boolean | null },
): Record<string, unknown>[] {
  const signer = q.signer.toLowerCase();
  const events: { t: number; e: Record<string, unknown> }[] = [];
  const orders = engine.where((o) => String((o.extra.order as Record<string, unknown>)?.signer ?? '').toLowerCase() === signer && (!q.marketId || o.marketId === q.marketId));
  for (const o of orders) {
    const signed = o.extra.order as Record<string, unknown>;
    const tokenId = String(signed.tokenId);
    const t = opts.token(tokenId);
    const m = opts.market(o.marketId);
    if (!t || !m) continue;
    const outcome = t.yes ? { name: m.yes.name, indexSet: 1, onChainId: m.yes.onChainId } : { name: m.no.name, indexSet: 2, onChainId: m.no.onChainId };
    const buys = Number(signed.side) === 0;
    for (const f of o.fills) {
      const taker = f.t === o.createdMs;
      if (q.isMaker === true && taker) continue;
      if (q.isMaker === false && !taker) continue;
      const price = wei(t.yes ? f.price : 1 - f.price);
      const own = { quoteType: buys ? 'Bid' : 'Ask', amount: wei(f.size), price, outcome, signer: String(signed.signer) };
      const book = { quoteType: buys ? 'Ask' : 'Bid', amount: wei(f.size), price, outcome, signer: PREDICTFUN_SIM_BOOK_SIGNER };
      events.push({
        t: f.t,
        e: {
          market: { id: Number(o.marketId), title: m.title, conditionId: m.conditionId, isNegRisk: m.isNegRisk, isYieldBearing: m.isYieldBearing, status: m.status },
          taker: taker ? own : book,
          amountFilled: wei(f.size),
          priceExecuted: price,
          makers: [taker ? book : own],
          transactionHash: `0x${createHash('sha256').update(f.id).digest('hex')}`,
          executedAt: new Date(f.t).toISOString(),
        },
      });
    }
  }
  return events.sort((a, b) => b.t - a.t).map((x) => x.e);
}

export function registerPredictfunOrders(server: SimServer, opts: PredictfunOrdersOptions): SimOrderEngine {
  const engine = new SimOrderEngine(opts.activity, opts.now ?? Date.now);
  const owners = new Map<string, string>();
  const P = opts.prefix;

  server.post('/_sim/accounts', (req) => {
    const b = (req.body ?? {}) as { account?: string; owner?: string };
    if (!b.account || !isAddress(b.account) || !b.owner || !isAddress(b.owner)) return fail(400, 'BAD_REQUEST', 'account and owner are required');
    owners.set(getAddress(b.account), getAddress(b.owner));
    return json({ account: b.account }, 201);
  });
  const authed = (handler: (req: SimRequest) => SimResponse) => (req: SimRequest): SimResponse => (req.headers['x-api-key'] === opts.apiKey ? handler(req) : fail(401, 'UNAUTHORIZED', 'Invalid API key'));

  const wire = (o: SimOrder): Record<string, unknown> => ({
    id: o.id,
    hash: o.id,
    marketId: Number(o.marketId),
    status: o.status === 'open' ? 'OPEN' : o.status === 'filled' ? 'FILLED' : o.status === 'cancelled' ? 'CANCELLED' : 'EXPIRED',
    amount: String(BigInt(Math.round(o.size * 1e6)) * 10n ** 12n),
    amountFilled: String(BigInt(Math.round(o.filled * 1e6)) * 10n ** 12n),
    order: o.extra.order,
  });

  server.post(`${P}/orders`, authed((req) => {
    const o = ((req.body as { data?: { order?: Record<string, unknown> } } | undefined)?.data?.order) ?? null;
    if (!o) return fail(400, 'BAD_REQUEST', 'data.order is required');
    const t = opts.token(String(o.tokenId));
    if (!t) return fail(400, 'BAD_REQUEST', 'unknown tokenId');
    const exchange = t.yieldBearing ? (t.negRisk ? EXCHANGES.yieldNegRisk : EXCHANGES.yield) : t.negRisk ? EXCHANGES.negRisk : EXCHANGES.ctf;
    let digest: string;
    try {
      digest = TypedDataEncoder.hash({ name: 'predict.fun CTF Exchange', version: '1', chainId: 56, verifyingContract: exchange }, ORDER, o);
    } catch {
      return fail(400, 'BAD_REQUEST', 'malformed order');
    }
    const sig = String(o.signature ?? '').toLowerCase();
    const maker = getAddress(String(o.maker));
    if (sig.startsWith(`0x01${VALIDATOR}`)) {
      const owner = owners.get(maker);
      const inner = `0x${sig.slice(4 + VALIDATOR.length)}`;
      const wrapped = TypedDataEncoder.hash({ name: 'Kernel', version: '0.3.1', chainId: 56, verifyingContract: maker }, { Kernel: [{ name: 'hash', type: 'bytes32' }] }, { hash: digest });
      if (!owner || (recover(wrapped, inner) !== owner && recover(hashMessage(Buffer.from(wrapped.slice(2), 'hex')), inner) !== owner)) return fail(400, 'INVALID_SIGNATURE', 'ERC-1271 signature check failed');
    } else if (recover(digest, String(o.signature)) !== getAddress(String(o.signer)) || maker !== getAddress(String(o.signer))) {
      return fail(400, 'INVALID_SIGNATURE', 'invalid order signature');
    }
    const buy = Number(o.side) === 0;
    const shares = BigInt(String(buy ? o.takerAmount : o.makerAmount));
    const collateral = BigInt(String(buy ? o.makerAmount : o.takerAmount));
    const price = Number(collateral) / Number(shares);
    const r = engine.place({ id: digest, account: maker, marketId: t.marketId, clientId: digest, side: t.yes === buy ? 'buy' : 'sell', price: t.yes ? price : Math.round((1 - price) * 1e6) / 1e6, size: Number(shares / 10n ** 12n) / 1e6, tif: 'gtc', extra: { order: o } });
    if (!r.ok) return fail(400, r.code === 'insufficient_balance' ? 'INSUFFICIENT_BALANCE' : r.code.toUpperCase(), `order rejected: ${r.code}`);
    return json({ success: true, data: { orderId: r.order.id, orderHash: r.order.id, ...wire(r.order) } }, 201);
  }));

  server.get(`${P}/orders/:hash`, authed((req) => {
    const o = engine.get(req.params.hash);
    return o ? json({ success: true, data: wire(o) }) : fail(404, 'NOT_FOUND', 'order not found');
  }));

  server.get(`${P}/positions/:address`, authed((req) => {
    const address = req.params.address;
    if (!isAddress(address)) return fail(400, 'BAD_REQUEST', 'invalid address');
    const usd = (x: number): string => String(Math.round(x * 1e6) / 1e6);
    const rows = simHoldings(engine, opts.activity, (o) => o.account === getAddress(address)).flatMap((h) => {
      const m = opts.market(h.marketId);
      if (!m) return [];
      const outcome = h.yes ? m.yes : m.no;
      return [{
        id: Buffer.from(JSON.stringify({ marketId: Number(h.marketId), indexSet: h.yes ? 1 : 2 })).toString('base64'),
        market: { id: Number(h.marketId), title: m.title, conditionId: m.conditionId, isNegRisk: m.isNegRisk, isYieldBearing: m.isYieldBearing, status: m.status },
        outcome: { name: outcome.name, indexSet: h.yes ? 1 : 2, onChainId: outcome.onChainId, status: null },
        amount: wei(h.size),
        valueUsd: usd(h.value),
        averageBuyPriceUsd: usd(h.avgPrice),
      }];
    });
    const p = opts.page(rows, req.query);
    return p ? json({ success: true, data: p.items, cursor: p.cursor }) : fail(400, 'BAD_REQUEST', 'invalid cursor');
  }));

  server.post(`${P}/orders/remove`, authed((req) => {
    const ids = ((req.body as { data?: { ids?: string[] } } | undefined)?.data?.ids) ?? [];
    for (const id of ids) if (!engine.cancel(id).ok) return fail(400, 'NOT_REMOVABLE', `order ${id} is not open`);
    return json({ success: true, removed: ids });
  }));

  return engine;
}
