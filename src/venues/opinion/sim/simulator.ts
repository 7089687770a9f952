/**
 * A local fake of the Opinion OpenAPI (under /openapi): `/market` (page numbers, at most 20 per page,
 * `status` and `marketType` filters), `/market/{id}`, `/market/categorical/{id}`, and per token
 * `/token/orderbook`, `/token/latest-price`, `/token/price-history`, in the `{errno, errmsg, result}`
 * envelope with errors as HTTP 200 + errno, like the venue. An `apikey` header is optional (public
 * routes answer without one) but a wrong one is refused. Opinion's WebSocket is not simulated: the
 * service has no stream for this venue (docs/api-contract.md §1).
 */
import { SimActivity } from '../../../sim/activity.js';
import { readCorpus } from '../../../sim/corpus.js';
import { SimServer, type SimRequest, type SimResponse } from '../../../sim/server.js';
import { launchSimulator } from '../../../sim/launch.js';
import type { RunningSimulator, SimulatorOptions } from '../../../sim/types.js';
import type { OpinionMarketWire } from '../normalise.js';
import { opinionSeed } from './seed.js';
import { registerOpinionOrders } from './simulator-orders.js';

export const OPINION_SIM_API_KEY = 'sim-opinion-key';
export const OPINION_SIM_PREFIX = '/openapi';

const ok = (result: unknown): SimResponse => ({ status: 200, body: { errno: 0, errmsg: '', result } });
const errno = (code: number, errmsg: string): SimResponse => ({ status: 200, body: { errno: code, errmsg, result: null } });
const fx = (n: number): string => String(Math.round(n * 1e6) / 1e6);
const HISTORY_STEP_S: Record<string, number> = { '1m': 60, '1h': 3_600, '1d': 86_400, '1w': 7 * 86_400, max: 86_400 };

/**
 * The envelope's two published spellings (./wire.ts): the SDK docs' `{errno, errmsg, result}` by
 * default, the OpenAPI's `{code, msg, result}` on request, on the market-data routes.
 */
function respell(res: SimResponse, envelope: 'errno/errmsg' | 'code/msg'): SimResponse {
  const b = res.body as Record<string, unknown> | null;
  if (envelope === 'errno/errmsg' || !b || typeof b !== 'object' || !('errno' in b)) return res;
  const { errno: code, errmsg: msg, ...rest } = b;
  return { ...res, body: { code, msg, ...rest } };
}

export async function startOpinionSimulator(opts: SimulatorOptions & { envelope?: 'errno/errmsg' | 'code/msg' } = {}): Promise<RunningSimulator> {
  const envelope = opts.envelope ?? 'errno/errmsg';
  const seed = opinionSeed(Date.now());
  const listing: OpinionMarketWire[] = [];
  const byId = new Map<string, OpinionMarketWire>();
  /** token id -> market id and whether it is the YES token. */
  const tokens = new Map<string, { marketId: string; yes: boolean }>();
  const add = (m: OpinionMarketWire, listed: boolean): void => {
    byId.set(String(m.marketId), m);
    if (m.yesTokenId) tokens.set(m.yesTokenId, { marketId: String(m.marketId), yes: true });
    if (m.noTokenId) tokens.set(m.noTokenId, { marketId: String(m.marketId), yes: false });
    for (const c of m.childMarkets ?? []) add(c, false);
    if (listed) listing.push(m);
  };
  for (const m of seed.markets) add(m, true);
  if (opts.corpusFile) {
    for (const raw of readCorpus(opts.corpusFile)) {
      const m = raw as OpinionMarketWire;
      if (m && typeof m.marketId === 'number' && typeof m.marketTitle === 'string' && typeof m.status === 'number' && !byId.has(String(m.marketId))) add(m, true);
    }
  }

  const activity = new SimActivity({ seed: opts.seed ?? 1, tickMs: opts.tickMs ?? 1000, now: Date.now });
  for (const m of byId.values()) if (m.yesTokenId) activity.addMarket(String(m.marketId), seed.yes.get(m.marketId) ?? 0.5, { active: m.status === 2 });

  const server = new SimServer('opinion');
  const P = OPINION_SIM_PREFIX;
  const route = (pattern: string, handler: (req: SimRequest) => SimResponse): void => {
    server.get(`${P}${pattern}`, (req) => {
      const key = req.headers.apikey;
      if (key !== undefined && key !== OPINION_SIM_API_KEY) return respell({ status: 401, body: { errno: 10401, errmsg: 'invalid apikey', result: null } }, envelope);
      return respell(handler(req), envelope);
    });
  };
  type TokenRef = { id: string; marketId: string; yes: boolean; error?: undefined } | { error: SimResponse };
  const token = (req: SimRequest): TokenRef => {
    const id = req.query.get('token_id');
    if (!id) return { error: errno(10001, 'token_id is required') };
    const t = tokens.get(id);
    return t ? { id, ...t } : { error: errno(10404, 'token not found') };
  };

  route('/market', (req) => {
    const q = req.query;
    const page = Number(q.get('page') ?? 1);
    const limit = Number(q.get('limit') ?? 10);
    if (!Number.isInteger(page) || page < 1 || !Number.isInteger(limit) || limit < 1) return errno(10001, 'invalid page or limit');
    if (limit > 20) return errno(10001, 'limit must be <= 20');
    let list = listing;
    const status = q.get('status');
    if (status === 'activated') list = list.filter((m) => m.status === 2);
    else if (status === 'resolved') list = list.filter((m) => m.status === 4);
    else if (status) return errno(10001, `invalid status ${status}`);
    const type = q.get('marketType');
    if (type === '0' || type === '1') list = list.filter((m) => m.marketType === Number(type));
    return ok({ total: list.length, list: list.slice((page - 1) * limit, page * limit) });
  });
  route('/market/:id', (req) => {
    const m = byId.get(req.params.id);
    return m && m.status !== 6 ? ok({ data: m }) : errno(10404, 'market not found');
  });
  route('/market/categorical/:id', (req) => {
    const m = byId.get(req.params.id);
    return m && m.marketType === 1 ? ok({ data: m }) : errno(10404, 'market not found');
  });
  route('/token/orderbook', (req) => {
    const t = token(req);
    if (t.error) return t.error;
    const b = activity.book(t.marketId) ?? { bids: [], asks: [] };
    // The NO token's book mirrors the YES book.
    const bids = t.yes ? b.bids : b.asks.map((l) => ({ price: 1 - l.price, size: l.size }));
    const asks = t.yes ? b.asks : b.bids.map((l) => ({ price: 1 - l.price, size: l.size }));
    return ok({ market: byId.get(t.marketId)!.conditionId, tokenId: t.id, timestamp: Date.now(), bids: bids.map((l) => ({ price: fx(l.price), size: fx(l.size) })), asks: asks.map((l) => ({ price: fx(l.price), size: fx(l.size) })) });
  });
  route('/token/latest-price', (req) => {
    const t = token(req);
    if (t.error) return t.error;
    // The YES and NO tokens each show the last trade that involved them; the tape alternates.
    const trades = activity.trades(t.marketId) ?? [];
    const last = trades.find((_, i) => i % 2 === (t.yes ? 0 : 1));
    if (!last) return errno(10404, 'no data');
    const price = t.yes ? last.price : 1 - last.price;
    const side = t.yes ? last.takerSide : last.takerSide === 'buy' ? 'sell' : 'buy';
    return ok({ tokenId: t.id, price: fx(price), side: side === 'buy' ? 'Buy' : 'Sell', size: fx(last.size), timestamp: last.t });
  });
  route('/token/price-history', (req) => {
    const t = token(req);
    if (t.error) return t.error;
    const interval = req.query.get('interval') ?? '1h';
    const step = HISTORY_STEP_S[interval];
    if (!step) return errno(10001, `invalid interval ${interval}`);
    const start = req.query.get('start_at');
    const end = req.query.get('end_at');
    const points = activity.history(t.marketId, { startMs: start ? Number(start) * 1000 : undefined, endMs: end ? Number(end) * 1000 : undefined, stepMs: step * 1000 }) ?? [];
    return ok({ history: points.map((p) => ({ t: Math.floor(p.t / 1000), p: fx(t.yes ? p.p : 1 - p.p) })) });
  });

  // The trading API (quote token, orders): simulator-orders.ts.
  registerOpinionOrders(server, {
    prefix: P,
    activity,
    token: (id) => tokens.get(id),
    market: (id) => {
      const m = byId.get(id);
      return m?.yesTokenId && m.noTokenId ? { title: m.marketTitle, yesTokenId: m.yesTokenId, noTokenId: m.noTokenId, yesLabel: m.yesLabel || 'Yes', noLabel: m.noLabel || 'No' } : undefined;
    },
  });

  return launchSimulator({
    exchange: 'opinion',
    server,
    activity,
    port: opts.port,
    baseUrls: () => ({ rest: `${server.baseUrl}${P}` }),
    marketCount: () => [...byId.values()].filter((m) => !(m.childMarkets?.length)).length,
  });
}
