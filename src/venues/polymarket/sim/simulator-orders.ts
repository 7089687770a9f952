/**
 * The Polymarket simulator's trading API (CLOB V2, under /clob): L1 (`/auth/derive-api-key`,
 * `/auth/api-key`: the ClobAuth EIP-712 signature must recover to POLY_ADDRESS, timestamp within the
 * window), L2 on everything else (known API key, its passphrase and address, HMAC-SHA256 of
 * `timestamp + METHOD + path + body` with the base64 secret, URL-safe), and orders whose EIP-712 V2
 * signature (standard or neg-risk exchange, as the market is) must recover to the order's signer,
 * with the owner's API key belonging to that signer. Orders are called by their EIP-712 hash.
 * `GET /neg-risk?token_id=` (public) says which exchange a token's orders are signed under.
 * `GET /version` announces the CTF Exchange version the simulator runs (2 by default, 3 on request)
 * and the order domain follows it (V3: domain version "3", one exchange contract); an order that
 * verifies only under the other version's domain is refused with `order_version_mismatch`, the word
 * Polymarket's official client looks for (clob-client-v2 v1.1.0 src/constants.ts). Deposit-wallet
 * orders (signature type 3, ERC-1271): the exchange asks the wallet contract (`isValidSignature`);
 * the simulator has no chain, so it checks the ERC-7739 wrapper (this exchange's domain separator,
 * this order's struct hash, the Order type string) and that the inner signature recovers to the API
 * key's address, standing in for the wallet's owner.
 * An order read (`GET /data/order/{id}`) lists its trades by id only (`associate_trades`), as the
 * venue does; `GET /data/trades` (L2) serves the trades themselves in the venue's `Trade` shape.
 * The Data API's `GET /data/positions?user=` (public) lists what the orders a wallet made (their
 * `maker`) hold, in the Data API's shape (src/sim/holdings.ts derives the holdings from the fills).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { dataSlice, getAddress, isAddress, toUtf8String, TypedDataEncoder, ZeroHash, type TypedDataField } from 'ethers';
import type { SimActivity } from '../../../sim/activity.js';
import { simHoldings } from '../../../sim/holdings.js';
import { SimOrderEngine, type SimOrder } from '../../../sim/orders.js';
import { json, type SimRequest, type SimResponse, type SimServer } from '../../../sim/server.js';
import { recoverSigner, typedDataHash } from '../../ctf-order.js';

export const POLYMARKET_SIM_MAX_SKEW_S = 60;
/** Trades per page of `GET /data/trades` (the docs' example answers `limit: 100`). */
const TRADES_PAGE = 100;
const hex = (seed: string, length: number): string => createHash('sha256').update(seed).digest('hex').repeat(2).slice(0, length);
/** A UUID-shaped id, as the venue's trade ids and API keys are. */
const uuid = (seed: string): string => {
  const h = hex(seed, 32);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};
const ORDER_VERSION_MISMATCH_ERROR = 'order_version_mismatch';
const err = (status: number, error: string): SimResponse => ({ status, body: { error } });

// The venue's typed data, restated here (not imported from signing.ts) so the two can disagree.
const AUTH_DOMAIN = { name: 'ClobAuthDomain', version: '1', chainId: 137 };
const AUTH_TYPES: Record<string, TypedDataField[]> = { ClobAuth: [{ name: 'address', type: 'address' }, { name: 'timestamp', type: 'string' }, { name: 'nonce', type: 'uint256' }, { name: 'message', type: 'string' }] };
const ORDER_TYPES: Record<string, TypedDataField[]> = {
  Order: ['salt:uint256', 'maker:address', 'signer:address', 'tokenId:uint256', 'makerAmount:uint256', 'takerAmount:uint256', 'side:uint8', 'signatureType:uint8', 'timestamp:uint256', 'metadata:bytes32', 'builder:bytes32'].map((f) => {
    const [name, type] = f.split(':');
    return { name, type };
  }),
};
const EXCHANGE = { standard: '0xE111180000d2663C0091e4f400237545B87B996B', negRisk: '0xe2222d279d744050d28e00520010520000310F59', v3: '0xe3333700cA9d93003F00f0F71f8515005F6c00Aa' };
const DEPOSIT_WALLET_TYPES: Record<string, TypedDataField[]> = {
  TypedDataSign: [{ name: 'contents', type: 'Order' }, { name: 'name', type: 'string' }, { name: 'version', type: 'string' }, { name: 'chainId', type: 'uint256' }, { name: 'verifyingContract', type: 'address' }, { name: 'salt', type: 'bytes32' }],
  Order: ORDER_TYPES.Order,
};

export interface PolymarketOrdersOptions {
  activity: SimActivity;
  /** token id -> its market (condition id), whether it is the YES token, whether the market is neg-risk. */
  token: (tokenId: string) => { conditionId: string; yes: boolean; negRisk: boolean } | undefined;
  /** A market (condition id) by its two tokens and titles, for the Data API's positions. */
  market: (conditionId: string) => { yes: string; no: string; title: string; slug: string | null; negRisk: boolean } | undefined;
  now?: () => number;
  /** The CTF Exchange version announced on `GET /version` and enforced on orders (read per request). */
  exchangeVersion?: () => 2 | 3;
}

interface ApiKey {
  secret: string;
  passphrase: string;
  address: string;
}

// EIP-712 with the project's fast primitives (ctf-order.ts: the digest of ethers' TypedDataEncoder
// with its encoder and domain separator kept, the key recovered by libsecp256k1 in WASM, the signature
// parsed by ethers, high s refused), held to ethers' own answers by test/trading/fast-recovery.test.ts;
// ethers' pure-JS curve cost ~3 ms an order here. The rules (domains, types, who must sign) are this
// file's own, above and below.
const orderDomain = (version: 2 | 3, negRisk: boolean) => ({ name: 'Polymarket CTF Exchange', version: String(version), chainId: 137, verifyingContract: version === 3 ? EXCHANGE.v3 : negRisk ? EXCHANGE.negRisk : EXCHANGE.standard });

/** Who signed an order under a domain: the ECDSA signer, or for a deposit wallet the owner inside the ERC-7739 wrapper; null if neither holds. */
function orderSigner(domain: ReturnType<typeof orderDomain>, message: Record<string, unknown>, signature: string, depositWallet: boolean): string | null {
  if (!depositWallet) return recover(typedDataHash(domain, ORDER_TYPES, message), signature);
  try {
    const bytes = (signature.length - 2) / 2;
    const typeLength = parseInt(signature.slice(-4), 16);
    if (bytes !== 65 + 32 + 32 + typeLength + 2) return null;
    const encoder = TypedDataEncoder.from(ORDER_TYPES);
    if (toUtf8String(dataSlice(signature, 129, 129 + typeLength)) !== encoder.encodeType('Order')) return null;
    if (dataSlice(signature, 65, 97) !== TypedDataEncoder.hashDomain(domain) || dataSlice(signature, 97, 129) !== encoder.hash(message)) return null;
    const inner = typedDataHash(domain, DEPOSIT_WALLET_TYPES, { contents: message, name: 'DepositWallet', version: '1', chainId: 137, verifyingContract: getAddress(String(message.signer)), salt: ZeroHash });
    return recover(inner, dataSlice(signature, 0, 65));
  } catch {
    return null;
  }
}

function recover(digest: string, sig: string): string | null {
  try {
    return recoverSigner(digest, sig);
  } catch {
    return null;
  }
}

export function registerPolymarketOrders(server: SimServer, opts: PolymarketOrdersOptions): SimOrderEngine {
  const now = opts.now ?? Date.now;
  const engine = new SimOrderEngine(opts.activity, now);
  const keys = new Map<string, ApiKey>();
  const exchangeVersion = opts.exchangeVersion ?? (() => 2 as const);

  server.get('/clob/version', () => json({ version: exchangeVersion() }));

  const fresh = (ts: unknown): boolean => typeof ts === 'string' && /^\d+$/.test(ts) && Math.abs(now() / 1000 - Number(ts)) <= POLYMARKET_SIM_MAX_SKEW_S;

  /** L1: the wallet proves itself; the same address and nonce always derive the same key. */
  const l1 = (req: SimRequest): SimResponse => {
    const h = req.headers;
    const address = String(h.poly_address ?? '');
    if (!isAddress(address) || typeof h.poly_signature !== 'string') return err(401, 'Invalid L1 Request headers');
    if (!fresh(h.poly_timestamp)) return err(401, 'Invalid L1 Request headers: timestamp');
    const nonce = String(h.poly_nonce ?? '0');
    const digest = typedDataHash(AUTH_DOMAIN, AUTH_TYPES, { address: getAddress(address), timestamp: String(h.poly_timestamp), nonce, message: 'This message attests that I control the given wallet' });
    if (recover(digest, h.poly_signature) !== getAddress(address)) return err(401, 'Invalid L1 Request headers: signature');
    const seed = createHash('sha256').update(`polymarket-sim:${getAddress(address)}:${nonce}`).digest();
    const apiKey = [seed.subarray(0, 4), seed.subarray(4, 6), seed.subarray(6, 8), seed.subarray(8, 10), seed.subarray(10, 16)].map((b) => b.toString('hex')).join('-');
    const secret = createHash('sha256').update(seed).update('secret').digest().toString('base64').replace(/\+/g, '-').replace(/\//g, '_');
    const passphrase = createHash('sha256').update(seed).update('passphrase').digest('hex');
    keys.set(apiKey, { secret, passphrase, address: getAddress(address) });
    return json({ apiKey, secret, passphrase });
  };
  // Public: which exchange a token's orders are signed under (the venue's `GET /neg-risk`).
  server.get('/clob/neg-risk', (req) => {
    const id = req.query.get('token_id');
    if (!id) return err(400, 'token_id is required');
    const t = opts.token(id);
    return t ? json({ neg_risk: t.negRisk }) : err(404, 'market not found');
  });
  server.get('/clob/auth/derive-api-key', l1);
  server.post('/clob/auth/api-key', l1);

  /** L2: the account of a correctly signed request. */
  const l2 = (req: SimRequest): { account: string; apiKey: string } | SimResponse => {
    const h = req.headers;
    const key = keys.get(String(h.poly_api_key ?? ''));
    if (!key || h.poly_passphrase !== key.passphrase || String(h.poly_address ?? '').toLowerCase() !== key.address.toLowerCase()) return err(401, 'Unauthorized/Invalid api key');
    if (!fresh(h.poly_timestamp)) return err(401, 'Unauthorized/Invalid api key: timestamp');
    const path = req.path.replace(/^\/clob/, '');
    const body = req.body === undefined ? '' : JSON.stringify(req.body);
    const expected = createHmac('sha256', Buffer.from(key.secret.replace(/-/g, '+').replace(/_/g, '/'), 'base64')).update(`${String(h.poly_timestamp)}${req.method}${path}${body}`).digest();
    const given = Buffer.from(String(h.poly_signature ?? '').replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return err(401, 'Unauthorized/Invalid api key: signature');
    return { account: key.address, apiKey: String(h.poly_api_key) };
  };
  const authed = (handler: (req: SimRequest, account: string, apiKey: string) => SimResponse) => (req: SimRequest): SimResponse => {
    const a = l2(req);
    return 'account' in a ? handler(req, a.account, a.apiKey) : a;
  };

  server.get('/clob/auth/api-keys', authed((_req, _account, apiKey) => json({ apiKeys: [apiKey] })));

  /**
   * The venue's trades of an order (clob-client-v2 `Trade`): what it took when placed is one trade
   * with it as taker and each book level it took as a resting order of `maker_orders` (at that
   * order's price; the trade's own `price` is the taker's limit, as the docs define it); each later
   * fill is a trade of its own with it among `maker_orders`, a stranger's order the taker.
   */
  const tradesOf = (o: SimOrder): Record<string, unknown>[] => {
    const yes = o.extra.yes as boolean;
    const own = (p: number): string => String(yes ? p : Math.round((1 - p) * 1e6) / 1e6);
    const token = String(o.extra.tokenId);
    const side = String(o.extra.side);
    const other = side === 'BUY' ? 'SELL' : 'BUY';
    const outcome = yes ? 'Yes' : 'No';
    const seconds = (t: number): string => String(Math.floor(t / 1000));
    const stranger = (seed: string) => ({ order_id: `0x${hex(`order:${seed}`, 64)}`, owner: uuid(`owner:${seed}`), maker_address: getAddress(`0x${hex(`wallet:${seed}`, 40)}`) });
    const takerFills = o.fills.slice(0, Number(o.extra.takerFills ?? 0));
    const trades: Record<string, unknown>[] = [];
    if (takerFills.length) {
      const t = takerFills[0].t;
      trades.push({
        id: uuid(`taker:${o.id}`), taker_order_id: o.id, market: o.marketId, asset_id: token, side, size: String(Math.round(takerFills.reduce((n, f) => n + f.size, 0) * 1e6) / 1e6),
        fee_rate_bps: '0', price: own(o.price ?? 0), status: 'CONFIRMED', match_time: seconds(t), last_update: seconds(t), outcome, bucket_index: 0, owner: o.extra.owner, maker_address: o.extra.maker,
        transaction_hash: `0x${hex(`tx:${o.id}`, 64)}`, trader_side: 'TAKER',
        maker_orders: takerFills.map((f) => ({ ...stranger(f.id), matched_amount: String(f.size), price: own(f.price), fee_rate_bps: '0', asset_id: token, outcome, side: other })),
      });
    }
    for (const f of o.fills.slice(takerFills.length)) {
      const taker = stranger(`taker:${f.id}`);
      trades.push({
        id: uuid(`maker:${o.id}:${f.id}`), taker_order_id: taker.order_id, market: o.marketId, asset_id: token, side: other, size: String(f.size), fee_rate_bps: '0', price: own(f.price),
        status: 'CONFIRMED', match_time: seconds(f.t), last_update: seconds(f.t), outcome, bucket_index: 0, owner: taker.owner, maker_address: taker.maker_address,
        transaction_hash: `0x${hex(`tx:${f.id}`, 64)}`, trader_side: 'MAKER',
        maker_orders: [{ order_id: o.id, owner: o.extra.owner, maker_address: o.extra.maker, matched_amount: String(f.size), price: own(f.price), fee_rate_bps: '0', asset_id: token, outcome, side }],
      });
    }
    return trades;
  };

  const wire = (o: SimOrder): Record<string, unknown> => {
    const yes = o.extra.yes as boolean;
    const own = (p: number): number => (yes ? p : Math.round((1 - p) * 1e6) / 1e6);
    return {
      id: o.id,
      status: o.status === 'open' ? 'LIVE' : o.status === 'filled' ? 'MATCHED' : o.status === 'cancelled' ? 'CANCELED' : 'EXPIRED',
      owner: o.extra.owner,
      maker_address: o.extra.maker,
      market: o.marketId,
      asset_id: o.extra.tokenId,
      side: o.extra.side,
      original_size: String(o.size),
      size_matched: String(o.filled),
      price: String(own(o.price ?? 0)),
      associate_trades: tradesOf(o).map((t) => t.id),
      created_at: Math.floor(o.createdMs / 1000),
    };
  };

  server.post('/clob/order', authed((req, account, apiKey) => {
    const b = (req.body ?? {}) as { order?: Record<string, unknown>; owner?: string; orderType?: string };
    const o = b.order;
    if (!o || typeof o !== 'object') return err(400, 'invalid order payload');
    if (b.owner !== apiKey) return err(400, 'the order owner has to be the owner of the API KEY');
    const token = opts.token(String(o.tokenId));
    if (!token) return err(400, 'invalid token id');
    let message: Record<string, unknown>;
    try {
      message = { ...o, side: o.side === 'BUY' ? 0 : o.side === 'SELL' ? 1 : o.side };
      const version = exchangeVersion();
      const domain = orderDomain(version, token.negRisk);
      const digest = typedDataHash(domain, ORDER_TYPES, message);
      const signer = getAddress(String(o.signer));
      const depositWallet = Number(o.signatureType) === 3;
      // EOA, proxy, Safe: the signer signs; deposit wallet: maker = signer = the wallet, its owner signs.
      const expected = depositWallet ? account : signer;
      if (depositWallet && getAddress(String(o.maker)) !== signer) return err(400, 'invalid signature');
      if (orderSigner(domain, message, String(o.signature), depositWallet) !== expected) {
        const other = orderDomain(version === 3 ? 2 : 3, token.negRisk);
        if (orderSigner(other, message, String(o.signature), depositWallet) === expected) return err(400, `${ORDER_VERSION_MISMATCH_ERROR}: the exchange runs version ${version}`);
        return err(400, 'invalid signature');
      }
      if (!depositWallet && signer !== account) return err(400, 'the order signer address has to be the address of the API KEY');
      const side = message.side === 0 ? 'BUY' : 'SELL';
      const maker = BigInt(String(o.makerAmount));
      const taker = BigInt(String(o.takerAmount));
      const shares = side === 'BUY' ? taker : maker;
      const collateral = side === 'BUY' ? maker : taker;
      const price = Number(collateral) / Number(shares);
      const size = Number(shares) / 1e6;
      const yesPrice = token.yes ? price : Math.round((1 - price) * 1e6) / 1e6;
      const yesSide = token.yes === (side === 'BUY') ? 'buy' : 'sell';
      const tif = ({ GTC: 'gtc', GTD: 'gtc', FOK: 'fok', FAK: 'ioc' } as const)[b.orderType as 'GTC'] ?? null;
      if (!tif) return err(400, 'invalid orderType');
      const exp = Number(o.expiration ?? 0);
      const result = engine.place({ id: digest, account, marketId: token.conditionId, clientId: digest, side: yesSide, price: yesPrice, size, tif, expiresAtMs: exp > 0 ? exp * 1000 : null, extra: { yes: token.yes, tokenId: String(o.tokenId), side, owner: apiKey, maker: o.maker } });
      if (!result.ok) {
        const msg = { insufficient_balance: 'not enough balance / allowance', duplicate_client_id: 'order already exists', unknown_market: 'market not found', market_closed: 'market is closed', fok_not_filled: 'order couldn\'t be fully filled. FOK orders are fully filled or killed.' }[result.code];
        return json({ success: false, errorMsg: msg, orderID: '', status: '' }, 400);
      }
      const r = result.order;
      // What the placement took was taken as taker: the order's trades tell taker and maker fills apart.
      r.extra.takerFills = r.fills.length;
      const tradeIDs = tradesOf(r).map((t) => String(t.id));
      return json({ success: true, errorMsg: '', orderID: r.id, status: r.status === 'filled' ? 'matched' : r.status === 'open' ? 'live' : 'unmatched', makingAmount: String(o.makerAmount), takingAmount: String(o.takerAmount), tradeIDs });
    } catch {
      return err(400, 'invalid order payload');
    }
  }));

  server.get('/clob/data/order/:id', authed((req, account) => {
    const o = engine.get(req.params.id);
    return o && o.account === account ? json(wire(o)) : { status: 404, body: null };
  }));

  // The signed-in account's trades (clob-client-v2 `getTrades`, docs "Get trades"): filtered by
  // id, market, asset_id, before/after (match time, unix seconds), for the wallet `maker_address`
  // (required by the docs), newest first, pages of TRADES_PAGE under a base64 offset cursor.
  server.get('/clob/data/trades', authed((req, account) => {
    const q = req.query;
    const wallet = q.get('maker_address') ?? '';
    if (!isAddress(wallet)) return err(400, 'maker_address: a 0x-prefixed 40-hex address is required');
    const cursor = q.get('next_cursor') ?? 'MA==';
    const offset = Number(Buffer.from(cursor, 'base64').toString('utf8'));
    if (!Number.isInteger(offset) || offset < 0) return err(400, 'invalid next_cursor');
    const before = q.has('before') ? Number(q.get('before')) : Infinity;
    const after = q.has('after') ? Number(q.get('after')) : -Infinity;
    const rows = engine
      .list(account, (o) => String(o.extra.maker ?? '').toLowerCase() === wallet.toLowerCase() && (!q.has('market') || o.marketId === q.get('market')) && (!q.has('asset_id') || o.extra.tokenId === q.get('asset_id')))
      .flatMap(tradesOf)
      .filter((t) => (!q.has('id') || t.id === q.get('id')) && Number(t.match_time) < before && Number(t.match_time) > after)
      .sort((a, b) => Number(b.match_time) - Number(a.match_time));
    const page = rows.slice(offset, offset + TRADES_PAGE);
    const next = offset + TRADES_PAGE < rows.length ? Buffer.from(String(offset + TRADES_PAGE)).toString('base64') : 'LTE=';
    return json({ limit: TRADES_PAGE, next_cursor: next, count: page.length, data: page });
  }));

  server.route('DELETE', '/clob/order', authed((req, account) => {
    const id = String((req.body as { orderID?: string } | undefined)?.orderID ?? '');
    const o = engine.get(id);
    if (!o || o.account !== account) return json({ canceled: [], not_canceled: { [id]: 'order not found' } });
    const r = engine.cancel(id);
    return r.ok ? json({ canceled: [id], not_canceled: {} }) : json({ canceled: [], not_canceled: { [id]: 'order can\'t be canceled: it is not live' } });
  }));

  server.get('/data/positions', (req) => {
    const q = req.query;
    const user = q.get('user') ?? '';
    if (!isAddress(user)) return err(400, 'user: a 0x-prefixed 40-hex address is required');
    const threshold = Number(q.get('sizeThreshold') ?? 1);
    const limit = Number(q.get('limit') ?? 100);
    const offset = Number(q.get('offset') ?? 0);
    if (!(threshold >= 0) || !Number.isInteger(limit) || limit < 0 || limit > 500 || !Number.isInteger(offset) || offset < 0 || offset > 10_000) return err(400, 'invalid sizeThreshold, limit (0..500) or offset (0..10000)');
    const rows = simHoldings(engine, opts.activity, (o) => String(o.extra.maker ?? '').toLowerCase() === user.toLowerCase())
      .filter((h) => h.size >= threshold)
      .flatMap((h) => {
        const m = opts.market(h.marketId);
        if (!m) return [];
        return [{
          proxyWallet: getAddress(user), asset: h.yes ? m.yes : m.no, conditionId: h.marketId, size: h.size, avgPrice: h.avgPrice,
          initialValue: h.cost, currentValue: h.value, cashPnl: Math.round((h.value - h.cost) * 1e6) / 1e6, percentPnl: h.cost > 0 ? Math.round(((h.value - h.cost) / h.cost) * 1e4) / 100 : 0,
          totalBought: h.size, realizedPnl: 0, percentRealizedPnl: 0, curPrice: h.price, redeemable: false, mergeable: false, title: m.title, slug: m.slug,
          outcome: h.yes ? 'Yes' : 'No', outcomeIndex: h.yes ? 0 : 1, oppositeOutcome: h.yes ? 'No' : 'Yes', oppositeAsset: h.yes ? m.no : m.yes, negativeRisk: m.negRisk,
        }];
      })
      .sort((a, b) => b.size - a.size);
    return json(rows.slice(offset, offset + limit));
  });

  server.get('/clob/balance-allowance', authed((_req, account) => {
    const units = String(Math.round(engine.balance(account) * 1e6));
    // Allowances by spender (the exchange contracts), as clob-client-v2's BalanceAllowanceResponse.
    return json({ balance: units, allowances: { [EXCHANGE.standard]: units, [EXCHANGE.negRisk]: units, [EXCHANGE.v3]: units } });
  }));

  return engine;
}
