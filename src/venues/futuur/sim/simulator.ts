/**
 * A local fake of Futuur's public API v2.0 (under /v2.0): `/events/` (limit/offset, `{pagination,
 * results}`), `/events/{id}/`, `/markets/{id}/book/` (requires `currency_mode`), `/events/{id}/price_history/`,
 * `/events/{id}/actions/` (newest first). Requests carrying a `Key` header must be signed exactly as
 * Futuur does (HMAC-SHA512 over the sorted, URL-encoded parameters + Key + Timestamp); a bad key,
 * signature or stale timestamp is a 401 with Futuur's error code. Futuur's realtime feed is Pusher,
 * not simulated: the service has no stream for this venue (docs/api-contract.md §1).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { SimActivity, type SimTrade } from '../../../sim/activity.js';
import { readCorpus } from '../../../sim/corpus.js';
import { hashString } from '../../../sim/rng.js';
import { intParam, json, SimServer, type SimRequest, type SimResponse } from '../../../sim/server.js';
import { launchSimulator } from '../../../sim/launch.js';
import { ScaledCatalog, shiftIso, varyNumbers, type ScaleVariant, type Sliceable } from '../../../sim/scale.js';
import type { RunningSimulator, SimulatorOptions } from '../../../sim/types.js';
import type { FutuurEventWire, FutuurMarketWire } from '../normalise.js';
import { futuurSeed } from './seed.js';
import { registerFutuurOrders } from './simulator-orders.js';

export const FUTUUR_SIM_CREDENTIALS = { publicKey: 'sim-futuur-public', privateKey: 'sim-futuur-private' };
export const FUTUUR_SIM_PREFIX = '/v2.0';
const MAX_SKEW_S = 60;

const err = (status: number, code: string, detail: string): SimResponse => ({ status, body: { code, detail } });
const HISTORY_SPAN: Record<string, { spanMs: number; stepMs: number }> = {
  day: { spanMs: 86_400_000, stepMs: 3_600_000 },
  week: { spanMs: 7 * 86_400_000, stepMs: 3_600_000 },
  month: { spanMs: 30 * 86_400_000, stepMs: 6 * 3_600_000 },
  year: { spanMs: 365 * 86_400_000, stepMs: 86_400_000 },
  all_time: { spanMs: 3 * 365 * 86_400_000, stepMs: 86_400_000 },
};

/** Independent re-implementation of the venue's check (not auth.ts), so the two can disagree. */
function verifySignature(req: SimRequest): SimResponse | null {
  const key = req.headers.key;
  if (key === undefined) return null;
  if (key !== FUTUUR_SIM_CREDENTIALS.publicKey) return err(401, 'InvalidHMACKey', 'Invalid HMAC key');
  const ts = req.headers.timestamp;
  if (typeof ts !== 'string' || !/^\d+$/.test(ts)) return err(401, 'MissingTimestamp', 'Timestamp header is required');
  if (Math.abs(Date.now() / 1000 - Number(ts)) > MAX_SKEW_S) return err(401, 'ExpiredTimestamp', 'Timestamp expired');
  const pairs: [string, string][] = [...req.query.entries(), ['Key', key], ['Timestamp', ts]];
  pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const expected = createHmac('sha512', FUTUUR_SIM_CREDENTIALS.privateKey).update(new URLSearchParams(pairs).toString()).digest();
  const given = Buffer.from(String(req.headers.hmac ?? ''), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected) ? null : err(401, 'InvalidHMACSignature', 'Invalid HMAC signature');
}

/** Synthetic ids (scale mode): event k is 20,000,000 + k; its outcome market j is 100,000,000 + 100 k + j. */
const SCALED_EVENT_BASE = 20_000_000;
const SCALED_MARKET_BASE = 100_000_000;
const DAY_MS = 86_400_000;

/**
 * Synthetic event `v.k` from a template (scale mode): own ids and slug, varied title, outcomes and
 * dates; open ones open for bets, the others resolved (one outcome long in an exclusive event).
 */
function scaledFutuurEvent(e: FutuurEventWire, v: ScaleVariant): FutuurEventWire {
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  const betEnd = v.open ? new Date(today + Math.abs(v.shiftDays) * DAY_MS + DAY_MS).toISOString() : new Date(Math.min(Date.parse(e.bet_end_date ?? '') + v.shiftDays * DAY_MS || today - DAY_MS, today - DAY_MS)).toISOString();
  const winner = v.k % Math.max(1, e.markets.length);
  const markets = e.markets.map((m, j): FutuurMarketWire => ({
    ...m,
    id: SCALED_MARKET_BASE + 100 * v.k + j,
    title: varyNumbers(m.title, v),
    title_verbose: m.title_verbose ? varyNumbers(m.title_verbose, v) : m.title_verbose,
    status: v.open ? 'active' : 'resolved',
    resolution: v.open ? null : e.resolution_mode === 'non_exclusive' ? ((v.k + j) % 2 ? 'long' : 'short') : j === winner ? 'long' : 'short',
  }));
  return {
    ...e,
    id: SCALED_EVENT_BASE + v.k,
    title: varyNumbers(e.title, v),
    slug: `${e.slug}-s${v.k}`,
    description: e.description ? varyNumbers(e.description, v) : e.description,
    status: v.open ? 'open' : 'resolved',
    is_wagerable: v.open,
    markets,
    bet_end_date: betEnd,
    resolve_date: betEnd,
    created: shiftIso(e.created, v),
  };
}

export async function startFutuurSimulator(opts: SimulatorOptions = {}): Promise<RunningSimulator> {
  const events: FutuurEventWire[] = [...futuurSeed(Date.now()).events];
  if (opts.corpusFile) {
    for (const raw of readCorpus(opts.corpusFile)) {
      const e = raw as FutuurEventWire;
      if (e && typeof e.id === 'number' && typeof e.title === 'string' && Array.isArray(e.markets)) events.push(e);
    }
  }
  // Scale mode: the events built on demand (src/sim/scale.ts); their ids and their markets' carry `k`.
  const scaled = opts.scale
    ? new ScaledCatalog({ templates: events, n: opts.scale, seed: opts.seed ?? 1, variant: scaledFutuurEvent, idOf: (e) => String(e.id), indexOf: (id) => (/^\d+$/.test(id) ? Number(id) - SCALED_EVENT_BASE - 1 : null) })
    : null;
  const eventMap = new Map(events.map((e) => [String(e.id), e]));
  const marketMap = new Map<string, { m: FutuurMarketWire; e: FutuurEventWire }>();
  if (!scaled) for (const e of events) for (const m of e.markets) marketMap.set(String(m.id), { m, e });
  const eventById = { get: (id: string): FutuurEventWire | undefined => (scaled ? scaled.get(id) : eventMap.get(id)) };
  const marketById = {
    get: (id: string): { m: FutuurMarketWire; e: FutuurEventWire } | undefined => {
      if (!scaled) return marketMap.get(id);
      const n = /^\d+$/.test(id) ? Number(id) : NaN;
      const e = n >= SCALED_MARKET_BASE ? scaled.get(String(SCALED_EVENT_BASE + Math.floor((n - SCALED_MARKET_BASE) / 100))) : undefined;
      const m = e?.markets.find((x) => x.id === n);
      return e && m ? { m, e } : undefined;
    },
    has: (id: string): boolean => marketById.get(id) !== undefined,
  };
  const eventListing = (status: 'all' | 'open' | 'closed'): Sliceable<FutuurEventWire> =>
    scaled ? scaled.list(status) : status === 'all' ? events : events.filter((e) => (e.status === 'open') === (status === 'open'));

  const activity = new SimActivity({ seed: opts.seed ?? 1, tickMs: opts.tickMs ?? 1000, now: Date.now });
  // Closed markets never trade: in scale mode only the open events' markets are registered (a few bytes each).
  for (const e of scaled ? scaled.openValues() : events) for (const m of e.markets) activity.addMarket(String(m.id), m.price ?? 0.5, { active: m.status === 'active' && e.status === 'open' });

  const renderEvent = (e: FutuurEventWire): FutuurEventWire => ({
    ...e,
    markets: e.markets.map((m) => {
      const s = activity.peek(String(m.id));
      return s ? { ...m, price: Math.round(s.last * 1000) / 1000 } : m;
    }),
  });
  const actionWire = (marketId: string, t: SimTrade): Record<string, unknown> => {
    const short = hashString(t.id) % 3 === 0;
    return {
      id: hashString(`${marketId}:${t.id}`),
      market: { id: Number(marketId) },
      side: short ? (t.takerSide === 'buy' ? 'ask' : 'bid') : t.takerSide === 'buy' ? 'bid' : 'ask',
      position: short ? 'short' : 'long',
      price: Math.round((short ? 1 - t.price : t.price) * 1e4) / 1e4,
      shares: t.size,
      amount: Math.round(t.size * t.price * 100) / 100,
      currency: 'USDC',
      user: null,
      created: new Date(t.t).toISOString(),
    };
  };

  const server = new SimServer('futuur');
  const P = FUTUUR_SIM_PREFIX;
  const route = (pattern: string, handler: (req: SimRequest) => SimResponse): void => {
    server.get(`${P}${pattern}`, (req) => verifySignature(req) ?? handler(req));
  };
  const currencyMode = (req: SimRequest): SimResponse | null => {
    const c = req.query.get('currency_mode');
    return c === 'real_money' || c === 'play_money' ? null : err(400, 'invalid', 'currency_mode is required (real_money or play_money)');
  };
  const pageOf = <T>(items: Sliceable<T>, req: SimRequest, def: number): { pagination: Record<string, unknown>; results: T[] } => {
    const limit = Math.max(1, intParam(req.query, 'limit', def, 100));
    const offset = intParam(req.query, 'offset', 0, Number.MAX_SAFE_INTEGER);
    const next = offset + limit < items.length ? offset + limit : null;
    return { pagination: { total: items.length, next: next === null ? null : `?limit=${limit}&offset=${next}`, previous: offset > 0 ? `?limit=${limit}&offset=${Math.max(0, offset - limit)}` : null, page_size: limit, offset }, results: items.slice(offset, offset + limit) };
  };

  route('/events/', (req) => {
    const live = req.query.get('live') === 'true';
    const resolved = req.query.get('resolved_only') === 'true';
    // Open events are the venue's live ones; a synthetic closed event is resolved.
    let list: Sliceable<FutuurEventWire> = eventListing(live ? 'open' : 'all');
    if (resolved) list = scaled && !live ? scaled.list('closed') : list.slice().filter((e) => e.status === 'resolved');
    const p = pageOf(list, req, 20);
    return json({ ...p, results: p.results.map(renderEvent) });
  });
  route('/events/:id/', (req) => {
    const e = eventById.get(req.params.id);
    return e ? json(renderEvent(e)) : err(404, 'not_found', 'Not found.');
  });
  route('/markets/:id/book/', (req) => {
    const bad = currencyMode(req);
    if (bad) return bad;
    if (!marketById.has(req.params.id)) return err(404, 'not_found', 'Not found.');
    const b = activity.book(req.params.id) ?? { bids: [], asks: [] };
    const short = req.query.get('position') === 'short';
    // The short book mirrors the long one.
    const bids = short ? b.asks.map((l) => ({ price: 1 - l.price, size: l.size })) : b.bids;
    const asks = short ? b.bids.map((l) => ({ price: 1 - l.price, size: l.size })) : b.asks;
    const lv = (ls: { price: number; size: number }[]): Record<string, number>[] => {
      let cum = 0;
      let cumAmount = 0;
      return ls.map((l) => {
        const amount = Math.round(l.size * l.price * 100) / 100;
        cum += l.size;
        cumAmount = Math.round((cumAmount + amount) * 100) / 100;
        return { price: Math.round(l.price * 1e4) / 1e4, total_shares: l.size, total_amount: amount, total_fees: 0, cumulative_shares: cum, cumulative_amount: cumAmount, cumulative_fees: 0 };
      });
    };
    return json({ bid: lv(bids), ask: lv(asks) });
  });
  route('/events/:id/price_history/', (req) => {
    const bad = currencyMode(req);
    if (bad) return bad;
    const e = eventById.get(req.params.id);
    if (!e) return err(404, 'not_found', 'Not found.');
    const w = HISTORY_SPAN[req.query.get('time_interval') ?? 'week'];
    if (!w) return err(400, 'invalid', 'time_interval must be day, week, month, year or all_time');
    const now = Date.now();
    return json(e.markets.map((m) => ({ market: m.id, history: (activity.history(String(m.id), { startMs: now - w.spanMs, endMs: now, stepMs: w.stepMs }) ?? []).map((p) => ({ date: new Date(p.t).toISOString(), price: p.p })) })));
  });
  route('/events/:id/actions/', (req) => {
    const e = eventById.get(req.params.id);
    if (!e) return err(404, 'not_found', 'Not found.');
    const all = e.markets.flatMap((m) => (activity.trades(String(m.id)) ?? []).map((t) => ({ id: String(m.id), t }))).sort((a, b) => b.t.t - a.t.t);
    const p = pageOf(all, req, 20);
    return json({ ...p, results: p.results.map(({ id, t }) => actionWire(id, t)) });
  });

  // The trading API (orders, wagers, balances): simulator-orders.ts.
  registerFutuurOrders(server, { prefix: P, activity, keys: { [FUTUUR_SIM_CREDENTIALS.publicKey]: FUTUUR_SIM_CREDENTIALS.privateKey }, eventOf: (id) => marketById.get(id)?.e.id });

  return launchSimulator({
    exchange: 'futuur',
    server,
    activity,
    port: opts.port,
    baseUrls: () => ({ rest: `${server.baseUrl}${P}` }),
    marketCount: () => (scaled ? scaled.size : marketMap.size),
  });
}
