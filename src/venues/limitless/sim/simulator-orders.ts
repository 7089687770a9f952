/**
 * The Limitless simulator's order API: `POST /orders`, `GET /markets/{slug}/user-orders`,
 * `DELETE /orders/{id}`, authenticated by `X-API-Key`. An order's EIP-712 signature (Polymarket's V1
 * struct under `Limitless CTF Exchange` v1, chain 8453, verifyingContract = the market's
 * `venue.exchange`) must recover to its signer, and the signer must be the API key's wallet, as the
 * venue requires. Keys are registered through the simulator-only route `POST /_sim/api_keys
 * {api_key, address}`. `GET /portfolio/positions` lists the key's holdings (from its filled orders,
 * src/sim/holdings.ts) in the venue's portfolio shape: USDC base units (6 decimals) as strings.
 */
import { getAddress, isAddress, recoverAddress, Signature, TypedDataEncoder, type TypedDataField } from 'ethers';
import type { SimActivity } from '../../../sim/activity.js';
import { simHoldings } from '../../../sim/holdings.js';
import { SimOrderEngine, type SimOrder } from '../../../sim/orders.js';
import { json, type SimRequest, type SimResponse, type SimServer } from '../../../sim/server.js';

const err = (status: number, message: string): SimResponse => ({ status, body: { message, statusCode: status } });
// Restated, not imported from signing.ts, so the two can disagree.
const ORDER: Record<string, TypedDataField[]> = {
  Order: ['salt:uint256', 'maker:address', 'signer:address', 'taker:address', 'tokenId:uint256', 'makerAmount:uint256', 'takerAmount:uint256', 'expiration:uint256', 'nonce:uint256', 'feeRateBps:uint256', 'side:uint8', 'signatureType:uint8'].map((f) => {
    const [name, type] = f.split(':');
    return { name, type };
  }),
};

export interface LimitlessOrdersOptions {
  activity: SimActivity;
  /** The CLOB market of a slug: its exchange contract and outcome token ids. */
  market: (slug: string) => { id: number; title: string; deadline: string; exchange: string; yes: string; no: string } | undefined;
  now?: () => number;
}

export function registerLimitlessOrders(server: SimServer, opts: LimitlessOrdersOptions): SimOrderEngine {
  const now = opts.now ?? Date.now;
  const engine = new SimOrderEngine(opts.activity, now);
  const keys = new Map<string, string>();
  let seq = 0;

  server.post('/_sim/api_keys', (req) => {
    const b = (req.body ?? {}) as { api_key?: string; address?: string };
    if (!b.api_key || !b.address || !isAddress(b.address)) return err(400, 'api_key and address are required');
    keys.set(b.api_key, getAddress(b.address));
    return json({ api_key: b.api_key }, 201);
  });

  const authed = (handler: (req: SimRequest, account: string) => SimResponse) => (req: SimRequest): SimResponse => {
    const account = keys.get(String(req.headers['x-api-key'] ?? ''));
    return account ? handler(req, account) : err(401, 'Unauthorized');
  };

  // The venue's shapes (see trading.ts): an order is its signed fields plus `price` (of its own
  // token), `status` and `filledSize` (6-decimal base units); no fills are listed per order.
  const base = (x: number): string => String(Math.round(x * 1e6));
  const outcomePrice = (o: SimOrder, yesPrice: number): number => Math.round((o.extra.yes ? yesPrice : 1 - yesPrice) * 1e6) / 1e6;
  // The venue answers its integer fields as numbers (the SDKs' UserOrder), whatever the client sent.
  const wire = (o: SimOrder): Record<string, unknown> => ({
    ...(o.extra.order as Record<string, unknown>),
    feeRateBps: Number((o.extra.order as Record<string, unknown>).feeRateBps ?? 0),
    nonce: Number((o.extra.order as Record<string, unknown>).nonce ?? 0),
    id: o.id,
    createdAt: new Date(o.createdMs).toISOString(),
    orderType: o.extra.orderType,
    price: o.price === null ? null : outcomePrice(o, o.price),
    marketId: opts.market(o.marketId)?.id ?? 0,
    status: o.status === 'open' ? 'LIVE' : o.status === 'filled' ? 'MATCHED' : o.status === 'cancelled' ? 'CANCELLED' : 'EXPIRED',
    filledSize: base(o.filled),
  });
  /** The placement answer: the order, its fills as maker matches, and the taker leg's totals. */
  const placed = (o: SimOrder): Record<string, unknown> => {
    const usd = o.fills.reduce((n, f) => n + outcomePrice(o, f.price) * f.size, 0);
    return {
      order: wire(o),
      makerMatches: o.fills.map((f, i) => ({ id: f.id, createdAt: new Date(f.t).toISOString(), matchedSize: base(f.size), orderId: `sim-book-${o.id}-${i + 1}` })),
      execution: {
        matched: o.filled > 0, settlementStatus: o.filled > 0 ? 'MATCHED' : 'UNMATCHED', tradeEventId: o.fills[0]?.id ?? null, txHash: null, feeRateBps: 0, effectiveFeeBps: 0,
        totalsRaw: { contractsGross: base(o.filled), contractsFee: '0', contractsNet: base(o.filled), usdGross: base(usd), usdFee: '0', usdNet: base(usd) },
      },
    };
  };

  server.post('/orders', authed((req, account) => {
    const b = (req.body ?? {}) as { order?: Record<string, unknown>; orderType?: string; marketSlug?: string };
    const o = b.order;
    const m = b.marketSlug ? opts.market(b.marketSlug) : undefined;
    if (!o || !m) return err(400, 'order and a CLOB marketSlug are required');
    const tokenId = String(o.tokenId);
    if (tokenId !== m.yes && tokenId !== m.no) return err(400, 'tokenId is not an outcome of this market');
    let signer: string;
    try {
      const digest = TypedDataEncoder.hash({ name: 'Limitless CTF Exchange', version: '1', chainId: 8453, verifyingContract: m.exchange }, ORDER, o);
      signer = recoverAddress(digest, Signature.from(String(o.signature)));
    } catch {
      return err(400, 'Invalid order signature');
    }
    if (signer !== getAddress(String(o.signer))) return err(400, 'Invalid order signature');
    if (signer !== account) return err(403, 'The order signer is not the API key owner');
    const buy = Number(o.side) === 0;
    const shares = BigInt(String(buy ? o.takerAmount : o.makerAmount));
    const collateral = BigInt(String(buy ? o.makerAmount : o.takerAmount));
    const price = Number(collateral) / Number(shares);
    const yes = tokenId === m.yes;
    const tif = ({ GTC: 'gtc', FOK: 'fok', FAK: 'ioc' } as const)[b.orderType as 'GTC'];
    if (!tif) return err(400, 'orderType must be GTC, FOK or FAK');
    const r = engine.place({
      id: `lmts-${++seq}`, account, marketId: String(b.marketSlug), clientId: String(o.salt), side: yes === buy ? 'buy' : 'sell', price: yes ? price : Math.round((1 - price) * 1e6) / 1e6,
      size: Number(shares) / 1e6, tif, extra: { yes, order: o, orderType: b.orderType },
    });
    if (!r.ok) return err(400, r.code === 'insufficient_balance' ? 'Insufficient collateral balance' : r.code === 'duplicate_client_id' ? 'Duplicate order' : `Order rejected: ${r.code}`);
    return json(placed(r.order), 201);
  }));

  server.get('/markets/:slug/user-orders', authed((req, account) => {
    const statuses = (req.query.get('statuses') ?? 'LIVE').split(',');
    // A bare array, as the Rust SDK decodes it.
    return json(engine.list(account, (o) => o.marketId === req.params.slug).map(wire).filter((o) => statuses.includes(String(o.status))));
  }));

  server.get('/portfolio/positions', authed((_req, account) => {
    const zero = { cost: '0', fillPrice: '0', marketValue: '0', realisedPnl: '0', unrealizedPnl: '0' };
    const clob = simHoldings(engine, opts.activity, (o) => o.account === account).map((h) => {
      const side = { cost: base(h.cost), fillPrice: base(h.avgPrice), marketValue: base(h.value), realisedPnl: '0', unrealizedPnl: base(h.value - h.cost) };
      const yesPrice = h.yes ? h.price : 1 - h.price;
      const m = opts.market(h.marketId);
      return {
        // Like the venue's: the market without its token ids (a client reads them from GET /markets/{slug}).
        market: { id: m?.id ?? 0, slug: h.marketId, title: m?.title ?? h.marketId, closed: false, deadline: m?.deadline ?? new Date(0).toISOString() },
        makerAddress: account,
        positions: { yes: h.yes ? side : zero, no: h.yes ? zero : side },
        tokensBalance: { yes: h.yes ? base(h.size) : '0', no: h.yes ? '0' : base(h.size) },
        latestTrade: { latestYesPrice: yesPrice, latestNoPrice: Math.round((1 - yesPrice) * 1e6) / 1e6, outcomeTokenPrice: h.price },
      };
    });
    return json({ amm: [], clob, group: [], points: '0', accumulativePoints: '0' });
  }));

  server.route('DELETE', '/orders/:id', authed((req, account) => {
    const o = engine.get(req.params.id);
    if (!o || o.account !== account) return err(404, 'Order not found');
    const r = engine.cancel(o.id);
    return r.ok ? json({ message: 'Order canceled successfully' }) : err(400, 'Order is not live');
  }));

  return engine;
}
