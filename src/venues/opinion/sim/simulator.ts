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
import { ScaledCatalog, varyNumbers, type ScaleVariant, type Sliceable } from '../../../sim/scale.js';
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

/** Synthetic ids (scale mode): listing item k is 20,000,000 + k; child j of item k is 100,000,000 + 100 k + j. */
const SCALED_ITEM_BASE = 20_000_000;
const SCALED_CHILD_BASE = 100_000_000;
const DAY_S = 86_400;

/**
 * Synthetic market `v.k` from a template (scale mode): a binary market or a categorical parent with
 * its children, own ids and tokens (ending in `k`), varied title and dates; open ones activated,
 * the others resolved (with a winning token and a resolution time).
 */
function scaledOpinionMarket(m: OpinionMarketWire, v: ScaleVariant): OpinionMarketWire {
  const today = Math.floor(Date.now() / 86_400_000) * DAY_S;
  const shift = v.shiftDays * DAY_S;
  const cutoff = v.open ? today + Math.abs(shift) + DAY_S : Math.min((m.cutoffAt || today) + shift, today - DAY_S);
  const token = (t: string | undefined): string | undefined => (t ? `${t.slice(0, 60)}${String(v.k).padStart(12, '0')}` : t);
  const vary = (x: OpinionMarketWire, id: number, parentId: number | null): OpinionMarketWire => {
    const yesTokenId = token(x.yesTokenId);
    const noTokenId = token(x.noTokenId);
    return {
      ...x,
      marketId: id,
      parentMarketId: parentId,
      marketTitle: varyNumbers(x.marketTitle, v),
      rules: varyNumbers(x.rules ?? '', v),
      status: v.open ? 2 : 4,
      statusEnum: v.open ? 'Activated' : 'Resolved',
      yesTokenId,
      noTokenId,
      conditionId: x.conditionId ? `${x.conditionId.slice(0, 54)}${v.k.toString(16).padStart(12, '0')}` : x.conditionId,
      resultTokenId: v.open || !yesTokenId ? '' : v.k % 2 ? yesTokenId : noTokenId,
      createdAt: Math.min((x.createdAt ?? cutoff) + shift, cutoff - DAY_S),
      cutoffAt: cutoff,
      resolvedAt: v.open ? 0 : cutoff + 3_600,
    };
  };
  const item = vary(m, SCALED_ITEM_BASE + v.k, null);
  return m.childMarkets?.length ? { ...item, childMarkets: m.childMarkets.map((c, j) => vary(c, SCALED_CHILD_BASE + 100 * v.k + j, item.marketId)) } : item;
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

  // Scale mode: the listing items built on demand (src/sim/scale.ts); their ids and tokens carry `k`.
  const scaled = opts.scale
    ? new ScaledCatalog({ templates: listing, n: opts.scale, seed: opts.seed ?? 1, variant: scaledOpinionMarket, idOf: (m) => String(m.marketId), indexOf: (id) => (/^\d+$/.test(id) ? Number(id) - SCALED_ITEM_BASE - 1 : null) })
    : null;
  /** A market by id: a listing item or a categorical market's child. */
  const marketById = (id: string): OpinionMarketWire | undefined => {
    if (!scaled) return byId.get(id);
    const n = /^\d+$/.test(id) ? Number(id) : NaN;
    if (n >= SCALED_CHILD_BASE) return scaled.get(String(SCALED_ITEM_BASE + Math.floor((n - SCALED_CHILD_BASE) / 100)))?.childMarkets?.find((c) => c.marketId === n);
    return scaled.get(id);
  };
  const tokenRef = (id: string): { marketId: string; yes: boolean } | undefined => {
    if (!scaled) return tokens.get(id);
    const i = /^\d{13,}$/.test(id) ? Number(id.slice(-12)) - 1 : -1;
    if (i < 0 || i >= opts.scale!) return undefined;
    const item = scaled.at(i);
    const m = [item, ...(item.childMarkets ?? [])].find((x) => x.yesTokenId === id || x.noTokenId === id);
    return m ? { marketId: String(m.marketId), yes: m.yesTokenId === id } : undefined;
  };
  const marketListing = (): Sliceable<OpinionMarketWire> => scaled?.list('all') ?? listing;

  const activity = new SimActivity({ seed: opts.seed ?? 1, tickMs: opts.tickMs ?? 1000, now: Date.now });
  // Closed markets never trade: in scale mode only the open ones (and their children) are registered.
  const registered = scaled ? [...scaled.openValues()].flatMap((m) => [m, ...(m.childMarkets ?? [])]) : byId.values();
  for (const m of registered) if (m.yesTokenId) activity.addMarket(String(m.marketId), (scaled ? undefined : seed.yes.get(m.marketId)) ?? 0.5, { active: m.status === 2 });

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
    const t = tokenRef(id);
    return t ? { id, ...t } : { error: errno(10404, 'token not found') };
  };

  route('/market', (req) => {
    const q = req.query;
    const page = Number(q.get('page') ?? 1);
    const limit = Number(q.get('limit') ?? 10);
    if (!Number.isInteger(page) || page < 1 || !Number.isInteger(limit) || limit < 1) return errno(10001, 'invalid page or limit');
    if (limit > 20) return errno(10001, 'limit must be <= 20');
    const status = q.get('status');
    if (status && status !== 'activated' && status !== 'resolved') return errno(10001, `invalid status ${status}`);
    const type = q.get('marketType');
    let list: Sliceable<OpinionMarketWire>;
    // The full and the by-status listings page through the catalog without building it; a type filter scans.
    if (scaled && type !== '0' && type !== '1') list = scaled.list(status === 'activated' ? 'open' : status === 'resolved' ? 'closed' : 'all');
    else {
      let all = marketListing().slice();
      if (status === 'activated') all = all.filter((m) => m.status === 2);
      else if (status === 'resolved') all = all.filter((m) => m.status === 4);
      if (type === '0' || type === '1') all = all.filter((m) => m.marketType === Number(type));
      list = all;
    }
    return ok({ total: list.length, list: list.slice((page - 1) * limit, page * limit) });
  });
  route('/market/:id', (req) => {
    const m = marketById(req.params.id);
    return m && m.status !== 6 ? ok({ data: m }) : errno(10404, 'market not found');
  });
  route('/market/categorical/:id', (req) => {
    const m = marketById(req.params.id);
    return m && m.marketType === 1 ? ok({ data: m }) : errno(10404, 'market not found');
  });
  route('/token/orderbook', (req) => {
    const t = token(req);
    if (t.error) return t.error;
    const b = activity.book(t.marketId) ?? { bids: [], asks: [] };
    // The NO token's book mirrors the YES book.
    const bids = t.yes ? b.bids : b.asks.map((l) => ({ price: 1 - l.price, size: l.size }));
    const asks = t.yes ? b.asks : b.bids.map((l) => ({ price: 1 - l.price, size: l.size }));
    return ok({ market: marketById(t.marketId)!.conditionId, tokenId: t.id, timestamp: Date.now(), bids: bids.map((l) => ({ price: fx(l.price), size: fx(l.size) })), asks: asks.map((l) => ({ price: fx(l.price), size: fx(l.size) })) });
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
    token: (id) => tokenRef(id),
    market: (id) => {
      const m = marketById(id);
      return m?.yesTokenId && m.noTokenId ? { title: m.marketTitle, yesTokenId: m.yesTokenId, noTokenId: m.noTokenId, yesLabel: m.yesLabel || 'Yes', noLabel: m.noLabel || 'No' } : undefined;
    },
  });

  return launchSimulator({
    exchange: 'opinion',
    server,
    activity,
    port: opts.port,
    baseUrls: () => ({ rest: `${server.baseUrl}${P}` }),
    marketCount: () => (scaled ? scaled.size : [...byId.values()].filter((m) => !(m.childMarkets?.length)).length),
  });
}
