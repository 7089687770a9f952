/**
 * A local fake of Limitless Exchange's public API: REST `/markets/active` (page numbers, at most 25
 * per page, `tradeType` filter), `/markets/active/slugs`, `/markets/{slug}`, `/markets/{slug}/orderbook`
 * (sizes scaled by 1e6), `/markets/{slug}/historical-price`, `/markets/{slug}/events` (trades, newest
 * first), and the market stream.
 *
 * The real stream is Socket.IO (namespace `/markets`). This simulator speaks the Socket.IO v4 /
 * Engine.IO v4 text framing over a plain WebSocket at `/socket.io/` (transport=websocket only, no
 * HTTP long-polling, no binary packets): open packet `0{...}`, namespace connect `40/markets,`,
 * events `42/markets,["subscribe_market_prices",{marketSlugs}]` -> `orderbookUpdate` events, acks
 * `43/markets,<id>[...]`, ping `2` / pong `3`. A socket.io-client with `transports: ['websocket']`
 * can connect to it.
 */
import type { WebSocket } from 'ws';
import { SimActivity, type SimTrade } from '../../../sim/activity.js';
import { readCorpus } from '../../../sim/corpus.js';
import { hashString } from '../../../sim/rng.js';
import { intParam, json, SimServer, type SimResponse } from '../../../sim/server.js';
import { launchSimulator } from '../../../sim/launch.js';
import { indexFromSuffix, ScaledCatalog, shiftIso, varyNumbers, type ScaleVariant, type Sliceable } from '../../../sim/scale.js';
import type { RunningSimulator, SimulatorOptions } from '../../../sim/types.js';
import { isGroup, type LimitlessMarketWire } from '../normalise.js';
import { limitlessSeed } from './seed.js';
import { registerLimitlessOrders } from './simulator-orders.js';

export const LIMITLESS_SIM_SOCKET_PATH = '/socket.io/';
export const LIMITLESS_WS_NAMESPACE = '/markets';

const err = (status: number, message: string): SimResponse => ({ status, body: { message, statusCode: status } });
const SCALE = 1e6;
const r3 = (p: number): number => Math.round(p * 1000) / 1000;

const HISTORY_STEP_MS: Record<string, number> = { '1h': 3_600_000, '6h': 6 * 3_600_000, '1d': 86_400_000, '1w': 7 * 86_400_000, '1m': 30 * 86_400_000, all: 86_400_000 };

const DAY_MS = 86_400_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * Synthetic market `v.k` from a template (scale mode): a single market or a group with its children,
 * under slugs ending in `-s<k>`, with varied title, strike and expiry; open ones funded and listed
 * as active, the others resolved (reachable by slug only, as on the venue).
 */
function scaledLimitlessMarket(m: LimitlessMarketWire, v: ScaleVariant): LimitlessMarketWire {
  // Expiries from the day, not the millisecond: the same seed gives the same markets all day.
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  const expires = v.open ? today + Math.abs(v.shiftDays) * DAY_MS + 12 * 3_600_000 : Math.min((m.expirationTimestamp ?? today) + v.shiftDays * DAY_MS, today - DAY_MS);
  const d = new Date(expires);
  const vary = (x: LimitlessMarketWire, id: number): LimitlessMarketWire => ({
    ...x,
    id,
    slug: `${x.slug}-s${v.k}`,
    title: varyNumbers(x.title, v),
    conditionId: x.conditionId ? `${x.conditionId.slice(0, 54)}${v.k.toString(16).padStart(12, '0')}` : x.conditionId,
    tokens: x.tokens ? { yes: `${String(x.tokens.yes).slice(0, 60)}${String(v.k).padStart(12, '0')}`, no: `${String(x.tokens.no).slice(0, 60)}${String(v.k).padStart(12, '0')}` } : x.tokens,
    createdAt: shiftIso(x.createdAt, v),
    expirationTimestamp: expires,
    expirationDate: `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`,
    expired: !v.open,
    status: v.open ? 'FUNDED' : 'RESOLVED',
    winningOutcomeIndex: isGroup(x) ? x.winningOutcomeIndex : v.open ? null : ((v.k % 2) as 0 | 1),
  });
  const top = vary(m, 10_000_000 + v.k);
  return isGroup(m) ? { ...top, markets: (m.markets ?? []).map((c, j) => vary(c, (j + 2) * 10_000_000 + v.k)) } : top;
}

export async function startLimitlessSimulator(opts: SimulatorOptions = {}): Promise<RunningSimulator> {
  const now = Date.now();
  // Scale mode takes its templates from the day's seed (slugs carry a time): the same seed all day.
  const seed = limitlessSeed(opts.scale ? Math.floor(now / DAY_MS) * DAY_MS : now);
  /** Listing order of `/markets/active`. */
  const active: LimitlessMarketWire[] = [];
  /** Every addressable market by slug (singles, groups, group children, inactive ones). */
  const bySlug = new Map<string, LimitlessMarketWire>();
  const add = (m: LimitlessMarketWire, listed: boolean): void => {
    if (bySlug.has(m.slug)) return;
    bySlug.set(m.slug, m);
    for (const c of m.markets ?? []) bySlug.set(c.slug, c);
    if (listed) active.push(m);
  };
  for (const m of seed.active) add(m, true);
  for (const m of seed.inactive) add(m, false);
  if (opts.corpusFile) {
    for (const raw of readCorpus(opts.corpusFile)) {
      const m = raw as LimitlessMarketWire;
      if (m && typeof m.slug === 'string' && typeof m.title === 'string' && typeof m.status === 'string') add(m, m.status === 'FUNDED' && !m.expired);
    }
  }

  // Scale mode: the listing items (singles and groups) built on demand (src/sim/scale.ts); the open
  // ones are the active listing, the others resolved and reachable by slug.
  const scaled = opts.scale
    ? new ScaledCatalog({ templates: [...seed.active, ...seed.inactive], n: opts.scale, seed: opts.seed ?? 1, variant: scaledLimitlessMarket, idOf: (m) => m.slug, indexOf: (slug) => indexFromSuffix(slug, /-s(\d+)$/) })
    : null;
  /** A market by slug: a listing item or a group's child. */
  const lookup = {
    get: (slug: string): LimitlessMarketWire | undefined => {
      if (!scaled) return bySlug.get(slug);
      const i = indexFromSuffix(slug, /-s(\d+)$/);
      if (i === null || i < 0 || i >= opts.scale!) return undefined;
      const m = scaled.at(i);
      return m.slug === slug ? m : m.markets?.find((c) => c.slug === slug);
    },
    has: (slug: string): boolean => lookup.get(slug) !== undefined,
  };
  const activeListing = (): Sliceable<LimitlessMarketWire> => (scaled ? scaled.list('open') : active);

  const isClob = (m: LimitlessMarketWire): boolean => !isGroup(m) && m.tradeType !== 'amm' && !!m.tokens;
  const activity = new SimActivity({ seed: opts.seed ?? 1, tickMs: opts.tickMs ?? 1000, now: Date.now });
  // Closed markets never trade: in scale mode only the open ones (and their children) are registered.
  const registered = scaled ? [...scaled.openValues()].flatMap((m) => [m, ...(m.markets ?? [])]) : bySlug.values();
  for (const m of registered) {
    if (!isClob(m)) continue;
    const p = m.prices?.[0];
    activity.addMarket(m.slug, typeof p === 'number' && p > 0 && p < 1 ? p : 0.5, { active: m.status === 'FUNDED' && !m.expired, tick: 0.01 });
  }

  /** The market as served now: prices and quotes follow the live book once it has moved. */
  const render = (m: LimitlessMarketWire): LimitlessMarketWire => {
    if (isGroup(m)) return { ...m, markets: (m.markets ?? []).map(render) };
    const s = activity.peek(m.slug);
    if (!s) return m;
    const b = activity.book(m.slug);
    const bid = b?.bids[0]?.price ?? 0.001;
    const ask = b?.asks[0]?.price ?? 0.999;
    const yes = r3(b?.bids[0] && b?.asks[0] ? (bid + ask) / 2 : s.last);
    const volumeUsd = Number(m.volumeFormatted ?? 0) + s.volume * s.last;
    return {
      ...m,
      prices: [yes, r3(1 - yes)],
      tradePrices: { buy: { market: [ask, r3(1 - bid)], limit: [bid, r3(1 - ask)] }, sell: { market: [bid, r3(1 - ask)], limit: [ask, r3(1 - bid)] } },
      volume: String(Math.round(volumeUsd * SCALE)),
      volumeFormatted: volumeUsd.toFixed(6),
      updatedAt: new Date().toISOString(),
    };
  };

  const bookWire = (m: LimitlessMarketWire): Record<string, unknown> => {
    const b = activity.book(m.slug) ?? { bids: [], asks: [] };
    const s = activity.peek(m.slug);
    const bid = b.bids[0]?.price;
    const ask = b.asks[0]?.price;
    return {
      bids: b.bids.map((l) => ({ price: l.price, size: Math.round(l.size * SCALE), side: 'BUY' })),
      asks: b.asks.map((l) => ({ price: l.price, size: Math.round(l.size * SCALE), side: 'SELL' })),
      tokenId: m.tokens?.yes,
      adjustedMidpoint: bid !== undefined && ask !== undefined ? r3((bid + ask) / 2) : null,
      maxSpread: 0.05,
      minSize: '5000000',
      lastTradePrice: s?.last ?? m.prices?.[0] ?? null,
    };
  };

  /** Trades alternate between the YES and NO token, as both are traded on the venue. */
  const tradeWire = (m: LimitlessMarketWire, t: SimTrade): Record<string, unknown> => {
    const onNo = hashString(t.id) % 3 === 0;
    const side = onNo ? (t.takerSide === 'buy' ? 1 : 0) : t.takerSide === 'buy' ? 0 : 1;
    const price = onNo ? r3(1 - t.price) : t.price;
    // The row as recorded from the venue (see ../wire.ts): no id, no event type.
    const collateral = String(Math.round(t.size * price * SCALE));
    return {
      createdAt: new Date(t.t).toISOString(),
      makerAmount: collateral,
      matchedSize: String(Math.round(t.size * SCALE)),
      price,
      side,
      takerAmount: collateral,
      title: '',
      tokenId: onNo ? m.tokens?.no : m.tokens?.yes,
      txHash: `0x${hashString(`tx:${t.id}`).toString(16).padStart(8, '0').repeat(8)}`,
    };
  };

  const server = new SimServer('limitless');

  server.get('/markets/active', (req) => {
    const q = req.query;
    const limit = intParam(q, 'limit', 10, 25);
    const page = intParam(q, 'page', 1, 1_000_000);
    if (limit < 1 || page < 1) return err(400, 'page and limit must be positive');
    const tradeType = q.get('tradeType');
    let list = activeListing();
    if (tradeType === 'group') list = list.slice().filter(isGroup);
    else if (tradeType === 'clob' || tradeType === 'amm') list = list.slice().filter((m) => !isGroup(m) && (m.tradeType ?? 'clob') === tradeType);
    else if (tradeType) return err(400, `invalid tradeType ${tradeType}`);
    const items = list.slice((page - 1) * limit, page * limit);
    return json({ data: items.map(render), totalMarketsCount: list.length });
  });

  server.get('/markets/active/slugs', () => json(activeListing().slice().flatMap((m): Record<string, unknown>[] => (isGroup(m) ? [{ slug: m.slug, markets: (m.markets ?? []).map((c) => ({ slug: c.slug })) }] : [{ slug: m.slug, ticker: null, strikePrice: null }]))));

  server.get('/markets/:slug', (req) => {
    const m = lookup.get(req.params.slug);
    return m ? json(render(m)) : err(404, `Market ${req.params.slug} not found`);
  });

  server.get('/markets/:slug/orderbook', (req) => {
    const m = lookup.get(req.params.slug);
    if (!m) return err(404, `Market ${req.params.slug} not found`);
    if (!isClob(m)) return err(400, 'Orderbook is only available for CLOB markets');
    return json(bookWire(m));
  });

  server.get('/markets/:slug/historical-price', (req) => {
    const m = lookup.get(req.params.slug);
    if (!m) return err(404, `Market ${req.params.slug} not found`);
    const interval = req.query.get('interval') ?? '1h';
    const step = HISTORY_STEP_MS[interval];
    if (!step) return err(400, `invalid interval ${interval}`);
    const from = req.query.get('from');
    const to = req.query.get('to');
    const startMs = from ? Date.parse(from) : undefined;
    const endMs = to ? Date.parse(to) : undefined;
    if ((from && Number.isNaN(startMs)) || (to && Number.isNaN(endMs))) return err(400, 'from/to must be ISO dates');
    if (!isClob(m)) return json({ prices: [] });
    const points = activity.history(m.slug, { startMs, endMs, stepMs: step }) ?? [];
    return json({ prices: points.map((p) => ({ price: p.p, timestamp: p.t })) });
  });

  server.get('/markets/:slug/events', (req) => {
    const m = lookup.get(req.params.slug);
    if (!m) return err(404, `Market ${req.params.slug} not found`);
    const limit = intParam(req.query, 'limit', 10, 100);
    const page = intParam(req.query, 'page', 1, 1_000_000);
    if (limit < 1 || page < 1) return err(400, 'page and limit must be positive');
    const trades = isClob(m) ? (activity.trades(m.slug) ?? []) : [];
    return json({ events: trades.slice((page - 1) * limit, page * limit).map((t) => tradeWire(m, t)), limit, page, totalPages: Math.max(1, Math.ceil(trades.length / limit)), totalRows: trades.length });
  });

  // ---- Socket.IO-framed market stream -------------------------------------------------------------
  const NS = LIMITLESS_WS_NAMESPACE;
  const subs = new Map<WebSocket, { connected: boolean; slugs: Set<string> }>();
  let nextSid = 1;
  const emit = (ws: WebSocket, event: string, data: unknown): void => {
    if (ws.readyState === ws.OPEN) ws.send(`42${NS},${JSON.stringify([event, data])}`);
  };
  const orderbookUpdate = (m: LimitlessMarketWire): Record<string, unknown> => {
    const { lastTradePrice: _drop, ...orderbook } = bookWire(m);
    void _drop;
    return { marketSlug: m.slug, orderbook, timestamp: new Date().toISOString() };
  };

  server.websocket(LIMITLESS_SIM_SOCKET_PATH, (ws, req) => {
    const url = new URL(req.url ?? '/', 'http://sim');
    if (url.searchParams.get('EIO') !== '4' || url.searchParams.get('transport') !== 'websocket') {
      ws.close(1002, 'EIO=4&transport=websocket required');
      return;
    }
    subs.set(ws, { connected: false, slugs: new Set() });
    ws.on('close', () => subs.delete(ws));
    ws.send(`0${JSON.stringify({ sid: `sim${nextSid++}`, upgrades: [], pingInterval: 25_000, pingTimeout: 20_000, maxPayload: 1_000_000 })}`);
    ws.on('message', (data) => {
      const text = String(data);
      const state = subs.get(ws);
      if (!state) return;
      if (text === '2') return void ws.send('3');
      if (text === '3') return;
      if (text.startsWith(`40${NS}`)) {
        state.connected = true;
        return void ws.send(`40${NS},${JSON.stringify({ sid: `ns${nextSid++}` })}`);
      }
      if (text.startsWith(`41${NS}`)) {
        state.connected = false;
        state.slugs.clear();
        return;
      }
      const m = new RegExp(`^42${NS},(\\d*)(.*)$`, 's').exec(text);
      if (!m) return void ws.send(`44${NS},${JSON.stringify({ message: 'unsupported packet' })}`);
      if (!state.connected) return void ws.send(`44${NS},${JSON.stringify({ message: 'namespace not connected' })}`);
      let payload: unknown;
      try {
        payload = JSON.parse(m[2]);
      } catch {
        return void emit(ws, 'exception', { message: 'malformed event payload' });
      }
      const [event, body] = Array.isArray(payload) ? payload : [];
      const ack = (data: unknown): void => {
        if (m[1]) ws.send(`43${NS},${m[1]}${JSON.stringify([data])}`);
      };
      if (event === 'subscribe_market_prices') {
        const b = (body ?? {}) as { marketSlugs?: unknown; marketAddresses?: unknown };
        const slugs = Array.isArray(b.marketSlugs) ? b.marketSlugs.filter((s): s is string => typeof s === 'string') : [];
        // A subscription replaces the previous set.
        state.slugs = new Set(slugs.filter((s) => lookup.has(s)));
        ack({ success: true, marketSlugs: [...state.slugs] });
        for (const s of state.slugs) {
          const mk = lookup.get(s)!;
          if (isClob(mk)) emit(ws, 'orderbookUpdate', orderbookUpdate(mk));
        }
        return;
      }
      if (event === 'subscribe_positions' || event === 'subscribe_transactions') return void emit(ws, 'exception', { message: 'Authentication required' });
      emit(ws, 'exception', { message: `unknown event ${String(event)}` });
    });
  });

  activity.on((e) => {
    if (e.kind !== 'book_delta') return;
    const m = lookup.get(e.marketId);
    if (!m) return;
    let update: Record<string, unknown> | null = null;
    for (const [ws, st] of subs) {
      if (!st.connected || !st.slugs.has(e.marketId)) continue;
      update ??= orderbookUpdate(m);
      emit(ws, 'orderbookUpdate', update);
    }
  });

  // The order API: simulator-orders.ts.
  registerLimitlessOrders(server, {
    activity,
    market: (slug) => {
      const m = lookup.get(slug);
      return m && isClob(m) && m.venue?.exchange && m.tokens
        ? { id: m.id ?? 0, title: m.title, deadline: m.expirationDate ?? new Date(m.expirationTimestamp ?? 0).toISOString(), exchange: m.venue.exchange, yes: String(m.tokens.yes), no: String(m.tokens.no) }
        : undefined;
    },
  });

  return launchSimulator({
    exchange: 'limitless',
    server,
    activity,
    port: opts.port,
    baseUrls: () => ({ rest: server.baseUrl, ws: server.wsBaseUrl }),
    marketCount: () => (scaled ? scaled.size : [...bySlug.values()].filter((m) => !isGroup(m)).length),
  });
}
