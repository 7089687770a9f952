/**
 * A local fake of Polymarket's public APIs, each under its own prefix of one server (their real paths
 * collide: Gamma and the CLOB both have /markets): Gamma at /gamma (keyset and offset listings,
 * markets, events), the CLOB at /clob (book, prices-history, price, midpoint), the Data API at /data
 * (trades), and the CLOB market WebSocket at /ws/market (book, price_change, last_trade_price).
 */
import type { WebSocket } from 'ws';
import { SimActivity, type SimActivityEvent } from '../../../sim/activity.js';
import { readCorpus } from '../../../sim/corpus.js';
import { createRng, stableHex32 } from '../../../sim/rng.js';
import { intParam, json, SimServer, type SimResponse } from '../../../sim/server.js';
import { launchSimulator } from '../../../sim/launch.js';
import { ScaledCatalog, shiftIso, storeListing, varyNumbers, type MarketStore, type ScaleVariant, type Sliceable } from '../../../sim/scale.js';
import type { RunningSimulator, SimulatorOptions } from '../../../sim/types.js';
import { decodeOutcomes, type GammaEventWire, type GammaMarketWire } from '../normalise.js';
import { polymarketSeed } from './seed.js';
import { registerPolymarketOrders } from './simulator-orders.js';

const err = (status: number, error: string): SimResponse => ({ status, body: { error } });
const encodeCursor = (offset: number): string => Buffer.from(JSON.stringify({ o: offset })).toString('base64');
function decodeCursor(c: string | null): number | null {
  if (!c) return 0;
  try {
    const v = JSON.parse(Buffer.from(c, 'base64').toString('utf8')) as { o?: unknown };
    return typeof v.o === 'number' && v.o >= 0 ? v.o : null;
  } catch {
    return null;
  }
}
const px = (p: number): string => String(Math.round(p * 1000) / 1000);
/** Fields the keyset listing's `order` takes (the market's JSON names); others are refused with 422. */
const ORDER_FIELDS = new Set(['updatedAt', 'createdAt', 'startDate', 'endDate', 'volumeNum', 'liquidityNum', 'volume24hr', 'id']);

/** Test controls of the Polymarket simulator. */
export interface PolymarketSimulatorControls {
  /** Switches the CTF Exchange version the CLOB announces (`GET /version`) and enforces on orders. */
  setExchangeVersion(version: 2 | 3): void;
}

/** A synthetic market's condition id: 32 bytes whose last six carry `k`, so a lookup can find the market without an index. */
const scaledConditionId = (template: string, k: number): string => `${stableHex32(`scale:${template}:${k}`).slice(0, 54)}${k.toString(16).padStart(12, '0')}`;
/** Synthetic market `k`'s index from its condition id, Gamma id or token id (the inverse of the scheme above). */
const scaledIndexOfCondition = (id: string): number | null => (/^0x[0-9a-f]{64}$/.test(id) ? parseInt(id.slice(-12), 16) - 1 : null);
const scaledIndexOfGammaId = (id: string): number | null => (/^\d+$/.test(id) ? Number(id) - 9_000_001 : null);
const scaledIndexOfToken = (id: string): number | null => (/^\d{13,}$/.test(id) ? Number(id.slice(-12)) - 1 : null);

/**
 * Synthetic market `v.k` from a template (scale mode): its own condition id, Gamma id, tokens, slug
 * and event, a varied question and dates, open or settled.
 */
function scaledPolymarketMarket(m: GammaMarketWire, v: ScaleVariant): GammaMarketWire {
  const tokens = (() => {
    try {
      return decodeOutcomes(m).tokenIds.map((t) => `${t.slice(0, 60)}${String(v.k).padStart(12, '0')}`);
    } catch {
      return [];
    }
  })();
  const event = m.events?.[0];
  return {
    ...m,
    id: String(9_000_000 + v.k),
    conditionId: scaledConditionId(m.conditionId, v.k),
    question: varyNumbers(m.question, v),
    slug: m.slug ? `${m.slug}-s${v.k}` : m.slug,
    clobTokenIds: tokens.length ? JSON.stringify(tokens) : m.clobTokenIds,
    startDate: shiftIso(m.startDate, v),
    endDate: shiftIso(m.endDate, v),
    createdAt: shiftIso(m.createdAt, v),
    // A settled market last changed when it settled, days ago.
    updatedAt: v.open ? m.updatedAt : shiftIso(m.updatedAt, v),
    closed: !v.open,
    active: true,
    acceptingOrders: v.open,
    closedTime: v.open ? null : shiftIso(m.endDate ?? null, v),
    events: event ? [{ ...event, id: `${event.id}-s${v.k}`, title: event.title ? varyNumbers(String(event.title), v) : event.title, closed: !v.open }] : m.events,
  };
}

export async function startPolymarketSimulator(opts: SimulatorOptions & { exchangeVersion?: 2 | 3 } = {}): Promise<RunningSimulator & PolymarketSimulatorControls> {
  let exchangeVersion: 2 | 3 = opts.exchangeVersion ?? 2;
  const now = Date.now();
  const seed = polymarketSeed(now);
  const listed = new Map<string, GammaMarketWire>();
  const gammaIds = new Map<string, GammaMarketWire>();
  /** token id -> condition id and whether it is the YES token. */
  const tokenMap = new Map<string, { conditionId: string; yes: boolean }>();
  const events = new Map<string, GammaEventWire>();
  for (const e of seed.events) events.set(String(e.id), e);

  const tokensOf = (m: GammaMarketWire): [string, { conditionId: string; yes: boolean }][] => {
    try {
      const o = decodeOutcomes(m);
      return o.tokenIds.map((t, i) => [t, { conditionId: m.conditionId, yes: i === o.yesIndex }]);
    } catch {
      // A corpus record with broken arrays is still served (the adapter must cope), just without a book.
      return [];
    }
  };
  const add = (m: GammaMarketWire): void => {
    listed.set(m.conditionId, m);
    gammaIds.set(String(m.id), m);
    for (const [t, ref] of tokensOf(m)) tokenMap.set(t, ref);
  };
  for (const m of seed.markets) add(m);
  if (opts.corpusFile) {
    for (const raw of readCorpus(opts.corpusFile)) {
      const m = raw as GammaMarketWire;
      if (m && typeof m.conditionId === 'string' && m.conditionId.startsWith('0x') && typeof m.question === 'string') add(m);
    }
  }
  // Scale mode: synthetic markets built on demand (src/sim/scale.ts); their ids carry their number.
  const scaled = opts.scale
    ? new ScaledCatalog({ templates: [...listed.values()], n: opts.scale, seed: opts.seed ?? 1, variant: scaledPolymarketMarket, idOf: (m) => m.conditionId, indexOf: scaledIndexOfCondition })
    : null;
  const markets: MarketStore<GammaMarketWire> = scaled ?? listed;
  const byGammaId = (id: string): GammaMarketWire | undefined => {
    if (!scaled) return gammaIds.get(id);
    const i = scaledIndexOfGammaId(id);
    const m = i !== null && i >= 0 && i < opts.scale! ? scaled.at(i) : undefined;
    return m && String(m.id) === id ? m : undefined;
  };
  const tokens = {
    get: (id: string): { conditionId: string; yes: boolean } | undefined => {
      if (!scaled) return tokenMap.get(id);
      const i = scaledIndexOfToken(id);
      return i !== null && i >= 0 && i < opts.scale! ? tokensOf(scaled.at(i)).find(([t]) => t === id)?.[1] : undefined;
    },
  };
  const ordered = (): Sliceable<GammaMarketWire> => storeListing(markets, 'all', (m) => !m.closed);

  const activity = new SimActivity({ seed: opts.seed ?? 1, tickMs: opts.tickMs ?? 1000, now: Date.now });
  // Closed markets never trade: in scale mode only the open ones are registered (a few bytes each).
  for (const m of scaled ? scaled.openValues() : markets.values()) {
    if (!m.clobTokenIds || m.enableOrderBook === false) continue;
    const live = !m.closed && m.acceptingOrders !== false;
    let mid = 0.5;
    try {
      const o = decodeOutcomes(m);
      mid = o.prices[o.yesIndex] ?? 0.5;
    } catch {
      continue;
    }
    activity.addMarket(m.conditionId, mid, { active: live });
  }

  const yesTokenOf = (m: GammaMarketWire): string | null => {
    try {
      const o = decodeOutcomes(m);
      return o.tokenIds[o.yesIndex] ?? null;
    } catch {
      return null;
    }
  };

  /** A market as served now: live best bid/ask and last price once the activity has touched it. */
  const render = (m: GammaMarketWire): GammaMarketWire => {
    const s = activity.peek(m.conditionId);
    if (!s) return m;
    const b = activity.book(m.conditionId);
    const bid = b?.bids[0]?.price ?? 0;
    const ask = b?.asks[0]?.price ?? 1;
    const yes = (bid + ask) / 2;
    const o = decodeOutcomes(m);
    const prices = o.labels.map((_, i) => px(i === o.yesIndex ? yes : 1 - yes));
    // updatedAt is the last change (a move or a fill), not the last read: a listing ordered on it
    // returns what really changed.
    const updatedAt = s.changedAt !== null ? new Date(s.changedAt).toISOString() : m.updatedAt;
    return { ...m, bestBid: bid, bestAsk: ask, spread: Math.round((ask - bid) * 1000) / 1000, lastTradePrice: s.last, outcomePrices: JSON.stringify(prices), volumeNum: (m.volumeNum ?? 0) + s.volume, updatedAt };
  };

  /** The book of one token; the NO token's book mirrors the YES book (bid p on NO = ask 1-p on YES). */
  const tokenBook = (tokenId: string): { market: string; bids: { price: string; size: string }[]; asks: { price: string; size: string }[]; last: number } | null => {
    const t = tokens.get(tokenId);
    if (!t) return null;
    const b = activity.book(t.conditionId);
    const s = activity.peek(t.conditionId);
    if (!b || !s) return null;
    const fmt = (l: { price: number; size: number }): { price: string; size: string } => ({ price: px(l.price), size: l.size.toFixed(2) });
    if (t.yes) return { market: t.conditionId, bids: [...b.bids].reverse().map(fmt), asks: [...b.asks].reverse().map(fmt), last: s.last };
    const flip = (l: { price: number; size: number }): { price: number; size: number } => ({ price: 1 - l.price, size: l.size });
    return { market: t.conditionId, bids: b.asks.map(flip).reverse().map(fmt), asks: b.bids.map(flip).reverse().map(fmt), last: 1 - s.last };
  };

  const server = new SimServer('polymarket');

  // ---- Gamma -------------------------------------------------------------------------------------
  const filterMarkets = (q: URLSearchParams): Sliceable<GammaMarketWire> => {
    const closed = q.get('closed');
    const onlyStatus = [...q.keys()].every((k) => ['closed', 'limit', 'after_cursor', 'offset', 'order', 'ascending'].includes(k));
    // The full and the by-status listings page through the catalog without building it.
    if (onlyStatus && (closed === null || closed === 'true' || closed === 'false')) return storeListing(markets, closed === null ? 'all' : closed === 'false' ? 'open' : 'closed', (m) => !m.closed);
    const cid = q.getAll('condition_ids').flatMap((v) => v.split(','));
    let list: GammaMarketWire[] = scaled && cid.length ? cid.flatMap((c) => markets.get(c) ?? []) : ordered().slice();
    if (closed !== null) list = list.filter((m) => String(!!m.closed) === closed);
    const active = q.get('active');
    if (active !== null) list = list.filter((m) => String(m.active !== false) === active);
    const cids = q.getAll('condition_ids').flatMap((v) => v.split(','));
    if (cids.length) list = list.filter((m) => cids.includes(m.conditionId));
    const ids = q.getAll('id').flatMap((v) => v.split(','));
    if (ids.length) list = list.filter((m) => ids.includes(String(m.id)));
    const slugs = q.getAll('slug');
    if (slugs.length) list = list.filter((m) => m.slug && slugs.includes(m.slug));
    const toks = q.getAll('clob_token_ids').flatMap((v) => v.split(','));
    if (toks.length) list = list.filter((m) => toks.some((t) => tokens.get(t)?.conditionId === m.conditionId));
    return list;
  };

  /**
   * The listing sorted on the named fields as served (`updatedAt` is the last change), descending
   * unless `ascending=true`, as Gamma's `order`/`ascending`; ties keep the catalog's order. It builds
   * every market of the status asked: an ordered listing is a short run's few pages, not a full one.
   */
  const orderMarkets = (list: GammaMarketWire[], fields: string[], ascending: boolean): GammaMarketWire[] => {
    const keyOf = (m: GammaMarketWire, f: string): number => {
      const v = (render(m) as unknown as Record<string, unknown>)[f];
      const n = typeof v === 'number' ? v : typeof v === 'string' ? (/^\d+(\.\d+)?$/.test(v) ? Number(v) : Date.parse(v)) : NaN;
      return Number.isNaN(n) ? -Infinity : n;
    };
    const keyed = list.map((m, i) => ({ m, i, k: fields.map((f) => keyOf(m, f)) }));
    keyed.sort((a, b) => {
      for (let j = 0; j < fields.length; j++) if (a.k[j] !== b.k[j]) return (a.k[j] < b.k[j] ? -1 : 1) * (ascending ? 1 : -1);
      return a.i - b.i;
    });
    return keyed.map((x) => x.m);
  };

  server.get('/gamma/markets/keyset', (req) => {
    const q = req.query;
    if (q.has('offset')) return err(400, 'offset is not supported on keyset endpoints');
    const limit = intParam(q, 'limit', 20, 100) || 20;
    const start = decodeCursor(q.get('after_cursor'));
    if (start === null) return err(400, 'invalid cursor');
    const order = q.get('order');
    if (order !== null && !order.split(',').every((f) => ORDER_FIELDS.has(f))) return err(422, 'order fields are not valid');
    const list = order === null ? filterMarkets(q) : orderMarkets(filterMarkets(q).slice(), order.split(','), q.get('ascending') === 'true');
    const slice = list.slice(start, start + limit).map(render);
    const body: Record<string, unknown> = { markets: slice };
    if (start + limit < list.length) body.next_cursor = encodeCursor(start + limit);
    return json(body);
  });

  // Legacy offset listing (still served by the venue for old clients): a bare array.
  server.get('/gamma/markets', (req) => {
    const limit = intParam(req.query, 'limit', 20, 500) || 20;
    const offset = intParam(req.query, 'offset', 0, 10_000);
    return json(filterMarkets(req.query).slice(offset, offset + limit).map(render));
  });

  server.get('/gamma/markets/:id', (req) => {
    const m = byGammaId(req.params.id);
    return m ? json(render(m)) : err(404, 'market not found');
  });

  server.get('/gamma/events/keyset', (req) => {
    const q = req.query;
    const limit = intParam(q, 'limit', 20, 500) || 20;
    const start = decodeCursor(q.get('after_cursor'));
    if (start === null) return err(400, 'invalid cursor');
    let list = [...events.values()];
    const closed = q.get('closed');
    if (closed !== null) list = list.filter((e) => String(!!e.closed) === closed);
    const slice = list.slice(start, start + limit).map((e) => ({ ...e, markets: (e.markets ?? []).map((m) => render(markets.get(m.conditionId) ?? m)).map(({ events: _e, ...rest }) => rest) }));
    const body: Record<string, unknown> = { events: slice };
    if (start + limit < list.length) body.next_cursor = encodeCursor(start + limit);
    return json(body);
  });

  server.get('/gamma/events/:id', (req) => {
    const e = events.get(req.params.id);
    if (!e) return err(404, 'event not found');
    return json({ ...e, markets: (e.markets ?? []).map((m) => render(markets.get(m.conditionId) ?? m)).map(({ events: _e, ...rest }) => rest) });
  });

  // ---- CLOB --------------------------------------------------------------------------------------
  server.get('/clob/book', (req) => {
    const token = req.query.get('token_id');
    if (!token) return err(400, 'token_id is required');
    const b = tokenBook(token);
    if (!b) return err(404, 'No orderbook exists for the requested token id');
    return json({ market: b.market, asset_id: token, timestamp: String(Date.now()), hash: stableHex32(`${token}:${Date.now()}`).slice(0, 42), bids: b.bids, asks: b.asks, min_order_size: '5', tick_size: '0.01', neg_risk: !!markets.get(b.market)?.negRisk, last_trade_price: px(b.last) });
  });

  server.get('/clob/price', (req) => {
    const b = tokenBook(req.query.get('token_id') ?? '');
    if (!b) return err(404, 'No orderbook exists for the requested token id');
    const side = req.query.get('side');
    // BUY = the price a buyer pays (best ask); SELL = what a seller gets (best bid).
    const best = side === 'SELL' ? b.bids[b.bids.length - 1] : b.asks[b.asks.length - 1];
    return json({ price: best?.price ?? '0' });
  });

  server.get('/clob/midpoint', (req) => {
    const b = tokenBook(req.query.get('token_id') ?? '');
    if (!b) return err(404, 'No orderbook exists for the requested token id');
    const bid = Number(b.bids[b.bids.length - 1]?.price ?? 0);
    const ask = Number(b.asks[b.asks.length - 1]?.price ?? 1);
    return json({ mid: px((bid + ask) / 2) });
  });

  server.get('/clob/prices-history', (req) => {
    const q = req.query;
    const token = q.get('market');
    const t = token ? tokens.get(token) : undefined;
    if (!t) return err(400, 'invalid market (token id)');
    if (q.has('interval') && (q.has('startTs') || q.has('endTs'))) return err(400, 'interval and startTs/endTs are mutually exclusive');
    const fidelity = Math.max(1, Number(q.get('fidelity') ?? 60));
    const nowMs = Date.now();
    // interval '1m' is a month (a look-back window), not a minute
    const spans: Record<string, number> = { '1m': 30 * 86_400_000, '1h': 3_600_000, '6h': 21_600_000, '1d': 86_400_000, '1w': 604_800_000, max: 30 * 86_400_000 };
    const startMs = q.has('startTs') ? Number(q.get('startTs')) * 1000 : nowMs - (spans[q.get('interval') ?? 'max'] ?? spans.max);
    const endMs = q.has('endTs') ? Number(q.get('endTs')) * 1000 : nowMs;
    const pts = activity.history(t.conditionId, { startMs, endMs, stepMs: fidelity * 60_000 }) ?? [];
    return json({ history: pts.map((p) => ({ t: Math.floor(p.t / 1000), p: Math.round((t.yes ? p.p : 1 - p.p) * 10_000) / 10_000 })) });
  });

  // ---- Data API ----------------------------------------------------------------------------------
  server.get('/data/trades', (req) => {
    const q = req.query;
    const limit = intParam(q, 'limit', 100, 10_000) || 100;
    const offset = intParam(q, 'offset', 0, 10_000);
    const cids = (q.get('market') ?? '').split(',').filter(Boolean);
    const rows = cids.flatMap((cid) => {
      const m = markets.get(cid);
      if (!m) return [];
      const yesToken = yesTokenOf(m);
      return (activity.trades(cid) ?? []).map((t) => {
        const r = createRng(t.id);
        return {
          proxyWallet: `0x${r.hex(40)}`,
          side: t.takerSide === 'buy' ? 'BUY' : 'SELL',
          asset: yesToken,
          conditionId: cid,
          size: t.size,
          price: t.price,
          timestamp: Math.floor(t.t / 1000),
          title: m.question,
          slug: m.slug,
          eventSlug: m.events?.[0]?.slug,
          outcome: 'Yes',
          outcomeIndex: 0,
          transactionHash: `0x${r.hex(64)}`,
        };
      });
    });
    rows.sort((a, b) => b.timestamp - a.timestamp);
    return json(rows.slice(offset, offset + limit));
  });

  // ---- WebSocket (market channel) ----------------------------------------------------------------
  const subs = new Map<WebSocket, Set<string>>();
  const bookMsg = (token: string): Record<string, unknown> | null => {
    const b = tokenBook(token);
    return b ? { event_type: 'book', asset_id: token, market: b.market, bids: b.bids, asks: b.asks, timestamp: String(Date.now()), hash: stableHex32(`${token}:${Date.now()}`).slice(0, 42) } : null;
  };
  server.websocket('/ws/market', (ws) => {
    subs.set(ws, new Set());
    ws.on('close', () => subs.delete(ws));
    ws.on('message', (data) => {
      const text = String(data);
      if (text === 'PING') return void ws.send('PONG');
      let msg: { assets_ids?: string[]; type?: string; operation?: string; initial_dump?: boolean };
      try {
        msg = JSON.parse(text);
      } catch {
        return void ws.send('INVALID OPERATION');
      }
      const set = subs.get(ws) ?? new Set<string>();
      const ids = msg.assets_ids ?? [];
      if (msg.operation === 'unsubscribe') {
        for (const id of ids) set.delete(id);
        return;
      }
      if (msg.type !== undefined && msg.type.toLowerCase() !== 'market' && msg.operation === undefined) return void ws.send('INVALID OPERATION');
      for (const id of ids) set.add(id);
      if (msg.initial_dump !== false) {
        const dump = ids.map(bookMsg).filter((x): x is Record<string, unknown> => x !== null);
        if (dump.length) ws.send(JSON.stringify(dump));
      }
    });
  });

  const yesTokens = new Map<string, string>();
  const tokensOfMarket = (cid: string): { yes: string | null; no: string | null } => {
    const m = markets.get(cid);
    if (!m) return { yes: null, no: null };
    const o = decodeOutcomes(m);
    const yes = o.tokenIds[o.yesIndex] ?? null;
    if (yes) yesTokens.set(cid, yes);
    return { yes, no: o.tokenIds.find((t) => t !== yes) ?? null };
  };

  activity.on((e: SimActivityEvent) => {
    if (subs.size === 0 || e.kind === 'ticker') return;
    const { yes, no } = tokensOfMarket(e.marketId);
    if (!yes) return;
    const ts = String(e.kind === 'trade' ? e.trade.t : e.t);
    for (const [ws, set] of subs) {
      if (ws.readyState !== ws.OPEN) continue;
      const wantYes = set.has(yes);
      const wantNo = no !== null && set.has(no);
      if (!wantYes && !wantNo) continue;
      if (e.kind === 'book_delta') {
        const b = activity.book(e.marketId);
        const bestBid = b?.bids[0]?.price ?? 0;
        const bestAsk = b?.asks[0]?.price ?? 1;
        const changes: Record<string, unknown>[] = [];
        if (wantYes) changes.push({ asset_id: yes, price: px(e.price), size: String(e.size), side: e.side === 'bid' ? 'BUY' : 'SELL', hash: stableHex32(`${yes}:${e.seq}`).slice(0, 42), best_bid: px(bestBid), best_ask: px(bestAsk) });
        if (wantNo) changes.push({ asset_id: no, price: px(1 - e.price), size: String(e.size), side: e.side === 'bid' ? 'SELL' : 'BUY', hash: stableHex32(`${no}:${e.seq}`).slice(0, 42), best_bid: px(1 - bestAsk), best_ask: px(1 - bestBid) });
        ws.send(JSON.stringify({ event_type: 'price_change', market: e.marketId, price_changes: changes, timestamp: ts }));
      } else if (e.kind === 'trade') {
        if (wantYes) ws.send(JSON.stringify({ event_type: 'last_trade_price', asset_id: yes, market: e.marketId, price: px(e.trade.price), side: e.trade.takerSide === 'buy' ? 'BUY' : 'SELL', size: String(e.trade.size), fee_rate_bps: '0', timestamp: ts }));
        if (wantNo) ws.send(JSON.stringify({ event_type: 'last_trade_price', asset_id: no, market: e.marketId, price: px(1 - e.trade.price), side: e.trade.takerSide === 'buy' ? 'SELL' : 'BUY', size: String(e.trade.size), fee_rate_bps: '0', timestamp: ts }));
      }
    }
  });

  // The trading API (auth, orders, balance): simulator-orders.ts.
  registerPolymarketOrders(server, {
    activity,
    exchangeVersion: () => exchangeVersion,
    token: (id) => {
      const t = tokens.get(id);
      return t ? { ...t, negRisk: !!markets.get(t.conditionId)?.negRisk } : undefined;
    },
    market: (cid) => {
      const m = markets.get(cid);
      if (!m) return undefined;
      const o = decodeOutcomes(m);
      const yes = o.tokenIds[o.yesIndex];
      const no = o.tokenIds.find((_, i) => i !== o.yesIndex);
      return yes && no ? { yes, no, title: m.question, slug: m.slug ?? null, negRisk: !!m.negRisk } : undefined;
    },
  });

  const running = await launchSimulator({
    exchange: 'polymarket',
    server,
    activity,
    port: opts.port,
    baseUrls: () => ({ gamma: `${server.baseUrl}/gamma`, clob: `${server.baseUrl}/clob`, data: `${server.baseUrl}/data`, ws: `${server.wsBaseUrl}/ws/market` }),
    marketCount: () => markets.size,
  });
  return Object.assign(running, { setExchangeVersion: (v: 2 | 3) => void (exchangeVersion = v) });
}
