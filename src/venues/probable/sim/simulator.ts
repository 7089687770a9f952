/**
 * A local fake of Probable's two public APIs on one server: the market API under /market-api
 * (`/public/api/v1/markets/` page-numbered with `pagination`, `/markets/{id}`, `/events/`,
 * `/events/{id}`) and the orderbook API under /orderbook-api (`/public/api/v1/book`, `POST /prices`, `/midpoint`,
 * `/prices-history`, `/trades`), in the Polymarket-style shapes the venue uses. Each market's YES
 * token trades on the core activity ticker; the NO token's book mirrors it.
 */
import { SimActivity, type SimTrade } from '../../../sim/activity.js';
import { readCorpus } from '../../../sim/corpus.js';
import { stableUuid } from '../../../sim/rng.js';
import { json, SimServer, type SimResponse } from '../../../sim/server.js';
import { launchSimulator } from '../../../sim/launch.js';
import { ScaledCatalog, shiftIso, storeListing, varyNumbers, type MarketStore, type ScaleVariant } from '../../../sim/scale.js';
import type { RunningSimulator, SimulatorOptions } from '../../../sim/types.js';
import { decodeOutcomes, probableStatus, type ProbableEventWire, type ProbableMarketWire } from '../normalise.js';
import { probableSeed } from './seed.js';

export const PROBABLE_SIM_MARKET_PREFIX = '/market-api/public/api/v1';
export const PROBABLE_SIM_ORDERBOOK_PREFIX = '/orderbook-api/public/api/v1';

const err = (status: number, message: string): SimResponse => ({ status, body: { error: message } });
const px = (p: number): string => String(Math.round(p * 1000) / 1000);
/** `interval`: the look-back window ending now ('1m' a month, 'max' all the simulator keeps). */
const INTERVAL_SPAN_MS: Record<string, number> = { '1h': 3_600_000, '6h': 6 * 3_600_000, '1d': 86_400_000, '1w': 7 * 86_400_000, '1m': 30 * 86_400_000, max: 30 * 86_400_000 };

/** Synthetic market ids (scale mode): 20,000,000 + k. */
const SCALED_ID_BASE = 20_000_000;
const DAY_MS = 86_400_000;

/**
 * Synthetic market `v.k` from a template (scale mode): own id, condition, slug and tokens (ending in
 * `k`), varied question and dates, in either of the venue's token spellings like its template; open
 * ones active, the others closed with a winner.
 */
function scaledProbableMarket(m: ProbableMarketWire, v: ScaleVariant): ProbableMarketWire {
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  const end = v.open ? new Date(today + Math.abs(v.shiftDays) * DAY_MS + DAY_MS).toISOString() : new Date(Math.min(Date.parse(String(m.endDate ?? '')) + v.shiftDays * DAY_MS || today - DAY_MS, today - DAY_MS)).toISOString();
  const token = (t: string): string => `${t.slice(0, 60)}${String(v.k).padStart(12, '0')}`;
  const winner = v.open ? undefined : v.k % 2 ? 'Yes' : 'No';
  const out: ProbableMarketWire = {
    ...m,
    id: SCALED_ID_BASE + v.k,
    condition_id: m.condition_id ? `${String(m.condition_id).slice(0, 54)}${v.k.toString(16).padStart(12, '0')}` : m.condition_id,
    question: varyNumbers(m.question ?? '', v),
    market_slug: m.market_slug ? `${m.market_slug}-s${v.k}` : m.market_slug,
    description: m.description ? varyNumbers(m.description, v) : m.description,
    active: true,
    closed: !v.open,
    startDate: shiftIso(m.startDate, v),
    createdAt: shiftIso(m.createdAt, v),
    endDate: end,
  };
  delete out.resolved_outcomes;
  if (Array.isArray(m.tokens)) {
    out.tokens = m.tokens.map((t) => {
      const { winner: _w, ...rest } = t;
      void _w;
      return { ...rest, token_id: token(String(t.token_id)), ...(winner ? { winner: t.outcome === winner } : {}) };
    });
  } else if (typeof m.clobTokenIds === 'string') {
    out.clobTokenIds = JSON.stringify((JSON.parse(m.clobTokenIds) as string[]).map(token));
    if (winner) out.resolved_outcomes = [winner];
  }
  return out;
}

export async function startProbableSimulator(opts: SimulatorOptions = {}): Promise<RunningSimulator> {
  const now = Date.now();
  const seed = probableSeed(now);
  const listed = new Map<string, ProbableMarketWire>();
  const startPrice = new Map<string, number>();
  const events = new Map<string, ProbableEventWire>();
  for (const e of seed.events) events.set(String(e.id), e);
  for (const m of seed.markets) {
    listed.set(String(m.wire.id), m.wire);
    startPrice.set(String(m.wire.id), m.yes);
  }
  if (opts.corpusFile) {
    for (const raw of readCorpus(opts.corpusFile)) {
      const m = raw as ProbableMarketWire;
      if (m && (typeof m.id === 'number' || typeof m.id === 'string') && typeof m.question === 'string') listed.set(String(m.id), m);
    }
  }
  // Scale mode: synthetic markets built on demand (src/sim/scale.ts); their ids and tokens carry `k`.
  const scaled = opts.scale
    ? new ScaledCatalog({ templates: [...listed.values()], n: opts.scale, seed: opts.seed ?? 1, variant: scaledProbableMarket, idOf: (m) => String(m.id), indexOf: (id) => (/^\d+$/.test(id) ? Number(id) - SCALED_ID_BASE - 1 : null) })
    : null;
  const markets: MarketStore<ProbableMarketWire> = scaled ?? listed;

  /** token id -> market id and side. */
  const tokenMap = new Map<string, { marketId: string; yes: boolean }>();
  const tokens = {
    get: (id: string): { marketId: string; yes: boolean } | undefined => {
      if (!scaled) return tokenMap.get(id);
      const i = /^\d{13,}$/.test(id) ? Number(id.slice(-12)) - 1 : -1;
      if (i < 0 || i >= opts.scale!) return undefined;
      const m = scaled.at(i);
      try {
        const o = decodeOutcomes(m);
        const at = o.tokenIds.indexOf(id);
        return at < 0 ? undefined : { marketId: String(m.id), yes: at === o.yesIndex };
      } catch {
        return undefined;
      }
    },
  };
  const activity = new SimActivity({ seed: opts.seed ?? 1, tickMs: opts.tickMs ?? 1000, now: Date.now });
  // Closed markets never trade: in scale mode only the open ones are registered (a few bytes each).
  for (const m of scaled ? scaled.openValues() : markets.values()) {
    let o;
    try {
      o = decodeOutcomes(m);
    } catch {
      continue;
    }
    if (!scaled) o.tokenIds.forEach((t, i) => tokenMap.set(t, { marketId: String(m.id), yes: i === o.yesIndex }));
    if (o.tokenIds.length === 0) continue;
    let live = false;
    try {
      live = probableStatus(m) === 'open';
    } catch {
      live = false;
    }
    // Resolved and closed markets keep their book state but get no activity.
    if (!m.closed) activity.addMarket(String(m.id), startPrice.get(String(m.id)) ?? 0.5, { active: live });
  }

  /** The book of a token: the NO token's book mirrors the YES book (bid p on NO = ask 1-p on YES). */
  const tokenBook = (tokenId: string): { marketId: string; bids: { price: string; size: string }[]; asks: { price: string; size: string }[] } | null => {
    const t = tokens.get(tokenId);
    if (!t) return null;
    const b = activity.book(t.marketId);
    if (!b) return { marketId: t.marketId, bids: [], asks: [] };
    const fmt = (l: { price: number; size: number }): { price: string; size: string } => ({ price: px(l.price), size: l.size.toFixed(2) });
    const flip = (l: { price: number; size: number }): { price: number; size: number } => ({ price: 1 - l.price, size: l.size });
    // Polymarket style: both sides ascending by price (best bid last, best ask first... as the CLOB sends).
    if (t.yes) return { marketId: t.marketId, bids: [...b.bids].reverse().map(fmt), asks: [...b.asks].reverse().map(fmt) };
    return { marketId: t.marketId, bids: b.asks.map(flip).reverse().map(fmt), asks: b.bids.map(flip).reverse().map(fmt) };
  };

  const render = (m: ProbableMarketWire): ProbableMarketWire => {
    const s = activity.peek(String(m.id));
    if (!s) return m;
    const traded = s.trades.reduce((v, t) => v + t.size * t.price, 0);
    return { ...m, volume: (Number(m.volume ?? 0) + traded).toFixed(6) };
  };

  // The public trades endpoint takes the Data API's parameters; its rows are sent in the Data API's
  // shape (see ../wire.ts), timestamps in seconds.
  const tradeWire = (tokenId: string, t: SimTrade): Record<string, unknown> => {
    const m = markets.get(tokens.get(tokenId)?.marketId ?? '');
    return {
      side: t.takerSide === 'buy' ? 'BUY' : 'SELL',
      asset: tokenId,
      conditionId: m?.condition_id,
      size: Number(t.size.toFixed(2)),
      price: Number(px(t.price)),
      timestamp: Math.floor(t.t / 1000),
      outcome: 'Yes',
      outcomeIndex: 0,
      transactionHash: `0x${stableUuid(`probable-trade:${t.id}`).replace(/-/g, '').padEnd(64, '0')}`,
    };
  };

  const server = new SimServer('probable');
  const M = PROBABLE_SIM_MARKET_PREFIX;
  const O = PROBABLE_SIM_ORDERBOOK_PREFIX;

  const positiveInt = (v: string | null, def: number, max: number): number | null => {
    if (v === null || v === '') return def;
    const n = Number(v);
    return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : null;
  };

  server.get(`${M}/markets`, (req) => {
    const q = req.query;
    const page = positiveInt(q.get('page'), 1, 1_000_000);
    const limit = positiveInt(q.get('limit'), 20, 100);
    if (page === null || limit === null) return err(400, 'page and limit must be positive integers');
    const isOpen = (m: ProbableMarketWire): boolean => m.active !== false && !m.closed;
    const active = q.get('active');
    const eventId = q.get('event_id');
    // The full and the active listings page through the catalog without building it; an event filter scans.
    let list = eventId ? [...markets.values()].filter((m) => String(m.event_id) === eventId) : storeListing(markets, active === 'true' ? 'open' : 'all', isOpen);
    if (active === 'true' && eventId) list = list.slice().filter(isOpen);
    const total = list.length;
    const totalPages = Math.max(1, Math.ceil(total / limit));
    const items = list.slice((page - 1) * limit, page * limit).map(render);
    return json({ markets: items, pagination: { page, limit, total, totalPages, hasMore: page < totalPages } });
  });

  server.get(`${M}/markets/:id`, (req) => {
    const m = markets.get(req.params.id);
    return m ? json(render(m)) : err(404, 'Market not found');
  });

  server.get(`${M}/events`, (req) => {
    const page = positiveInt(req.query.get('page'), 1, 1_000_000);
    const limit = positiveInt(req.query.get('limit'), 20, 100);
    if (page === null || limit === null) return err(400, 'page and limit must be positive integers');
    const list = [...events.values()].map((e) => ({ ...e, markets: (e.markets ?? []).map((m) => render(markets.get(String(m.id)) ?? m)) }));
    return json(list.slice((page - 1) * limit, page * limit));
  });

  server.get(`${M}/events/:id`, (req) => {
    const e = events.get(req.params.id);
    return e ? json({ ...e, markets: (e.markets ?? []).map((m) => render(markets.get(String(m.id)) ?? m)) }) : err(404, 'Event not found');
  });

  server.get(`${O}/book`, (req) => {
    const token = req.query.get('token_id');
    if (!token) return err(400, 'token_id is required');
    const b = tokenBook(token);
    if (!b) return err(404, 'No orderbook exists for the requested token id');
    return json({ market: String(markets.get(b.marketId)?.condition_id ?? b.marketId), asset_id: token, bids: b.bids, asks: b.asks, timestamp: String(Date.now()), hash: stableUuid(`${token}:${Date.now()}`) });
  });

  // `token_id` as the docs name it, `type_id` as the official SDK's code sends it: either is served.
  server.get(`${O}/midpoint`, (req) => {
    const token = req.query.get('token_id') ?? req.query.get('type_id');
    if (!token) return err(400, 'token_id is required');
    const t = tokens.get(token);
    const b = t ? activity.book(t.marketId) : undefined;
    if (!t || !b) return err(404, 'No orderbook exists for the requested token id');
    const bid = b.bids[0]?.price;
    const ask = b.asks[0]?.price;
    // An empty side has no midpoint; the venue's answer is always a decimal string, so none is sent.
    if (bid === undefined || ask === undefined) return err(404, 'No orderbook exists for the requested token id');
    const mid = (bid + ask) / 2;
    return json({ mid: px(t.yes ? mid : 1 - mid) });
  });

  // `POST /prices` (GetPricesParams/GetPricesResponse, @prob/clob 0.5.0): `[{token_id, side}]` in,
  // token id -> {BUY, SELL} out. BUY is the price a buyer pays (the best ask), SELL a seller's (the
  // best bid), as the docs' example has BUY above SELL; a side without orders, or an unknown token, is absent.
  server.post(`${O}/prices`, (req) => {
    const items = req.body;
    const valid = (x: unknown): x is { token_id: string; side: 'BUY' | 'SELL' } =>
      typeof x === 'object' && x !== null && typeof (x as { token_id?: unknown }).token_id === 'string' && ((x as { side?: unknown }).side === 'BUY' || (x as { side?: unknown }).side === 'SELL');
    if (!Array.isArray(items) || items.length === 0 || !items.every(valid)) return err(400, 'body must be a non-empty array of {token_id, side: "BUY"|"SELL"}');
    const out: Record<string, { BUY?: string; SELL?: string }> = {};
    for (const { token_id: token, side } of items) {
      const t = tokens.get(token);
      const b = t ? activity.book(t.marketId) : undefined;
      if (!t || !b) continue;
      // The NO token's book mirrors the YES one: its ask is 1 - the YES bid, its bid 1 - the YES ask.
      const yesSide = t.yes ? (side === 'BUY' ? b.asks[0] : b.bids[0]) : side === 'BUY' ? b.bids[0] : b.asks[0];
      if (!yesSide) continue;
      (out[token] ??= {})[side] = px(t.yes ? yesSide.price : 1 - yesSide.price);
    }
    return json(out);
  });

  server.get(`${O}/prices-history`, (req) => {
    const q = req.query;
    const token = q.get('market');
    if (!token) return err(400, 'market is required');
    const t = tokens.get(token);
    if (!t) return json({ history: [] });
    const interval = q.get('interval');
    if (interval !== null && !INTERVAL_SPAN_MS[interval]) return err(400, `invalid interval ${interval}`);
    if (interval !== null && (q.has('startTs') || q.has('endTs'))) return err(400, 'interval and startTs/endTs are mutually exclusive');
    const fidelity = Number(q.get('fidelity') ?? 60);
    if (!Number.isInteger(fidelity) || fidelity < 1) return err(400, 'fidelity must be a whole number of minutes');
    const nowMs = Date.now();
    const startTs = q.get('startTs');
    const endTs = q.get('endTs');
    const startMs = startTs ? Number(startTs) * 1000 : nowMs - INTERVAL_SPAN_MS[interval ?? 'max']!;
    const endMs = endTs ? Number(endTs) * 1000 : nowMs;
    const points = activity.history(t.marketId, { startMs, endMs, stepMs: fidelity * 60_000 }) ?? [];
    return json({ history: points.map((p) => ({ t: Math.floor(p.t / 1000), p: Number(px(t.yes ? p.p : 1 - p.p)) })) });
  });

  server.get(`${O}/trades`, (req) => {
    const q = req.query;
    const token = q.get('tokenId');
    const limit = positiveInt(q.get('limit'), 100, 1000);
    if (limit === null) return err(400, 'limit must be a positive integer');
    if (!token) return json([]);
    const t = tokens.get(token);
    if (!t || !t.yes) return json([]);
    return json((activity.trades(t.marketId) ?? []).slice(0, limit).map((tr) => tradeWire(token, tr)));
  });

  return launchSimulator({
    exchange: 'probable',
    server,
    activity,
    port: opts.port,
    baseUrls: () => ({ market: `${server.baseUrl}${M}`, orderbook: `${server.baseUrl}${O}` }),
    marketCount: () => markets.size,
  });
}
