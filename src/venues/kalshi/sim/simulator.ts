/**
 * A local fake of Kalshi's public trade-api v2: the REST market-data paths with cursor pagination
 * and Kalshi's filters, the WebSocket at /trade-api/ws/v2 (subscribe/unsubscribe; orderbook_snapshot,
 * orderbook_delta, trade and ticker messages), all in the 2026 wire format. Markets come from the
 * seed (shared questions + Kalshi-only markets) and optionally a corpus file of raw market objects.
 */
import type { WebSocket } from 'ws';
import { SimActivity, type SimActivityEvent, type SimTrade } from '../../../sim/activity.js';
import { readCorpus } from '../../../sim/corpus.js';
import { fixed } from '../../../sim/fixture-helpers.js';
import { stableUuid } from '../../../sim/rng.js';
import { badRequest, intParam, json, SimServer, type SimResponse } from '../../../sim/server.js';
import { launchSimulator } from '../../../sim/launch.js';
import { filterStore, indexFromSuffix, ScaledCatalog, scaleVariant, shiftIso, storeListing, varyNumbers, type MarketStore, type ScaledStatus, type ScaleVariant, type Sliceable } from '../../../sim/scale.js';
import type { RunningSimulator, SimulatorOptions } from '../../../sim/types.js';
import type { KalshiEventWire, KalshiMarketWire } from '../normalise.js';
import { kalshiSeed } from './seed.js';
import { registerKalshiOrders } from './simulator-orders.js';
import { registerKalshiMemberHistory } from './simulator-history.js';
import { registerKalshiHistorical } from './simulator-historical.js';

export const KALSHI_SIM_REST_PREFIX = '/trade-api/v2';
export const KALSHI_SIM_WS_PATH = '/trade-api/ws/v2';

const kalshiError = (status: number, code: string, message: string): SimResponse => ({ status, body: { error: { code, message, service: 'exchange' } } });

const encodeCursor = (offset: number): string => Buffer.from(`o:${offset}`).toString('base64url');
function decodeCursor(c: string | null): number | null {
  if (!c) return 0;
  const m = /^o:(\d+)$/.exec(Buffer.from(c, 'base64url').toString('utf8'));
  return m ? Number(m[1]) : null;
}

/** Kalshi list filter word -> the lifecycle statuses it covers. */
const STATUS_FILTER: Record<string, string[]> = {
  unopened: ['initialized', 'unopened'],
  open: ['active', 'open'],
  closed: ['closed', 'inactive'],
  settled: ['determined', 'finalized', 'settled', 'amended'],
};

function page<T>(items: Sliceable<T>, cursor: string | null, limit: number): { items: T[]; next: string } | null {
  const offset = decodeCursor(cursor);
  if (offset === null) return null;
  const slice = items.slice(offset, offset + limit);
  return { items: slice, next: offset + limit < items.length ? encodeCursor(offset + limit) : '' };
}

interface Subscription {
  sid: number;
  channel: 'orderbook_delta' | 'trade' | 'ticker';
  tickers: Set<string> | null;
  seq: number;
  /** Book levels of the NO side in yes-leg pricing (`use_yes_price`) rather than no-leg. */
  yesLegPricing: boolean;
}

/** Options of the Kalshi simulator beyond the common ones. */
export interface KalshiSimulatorOptions extends SimulatorOptions {
  /**
   * The default of the stream's `use_yes_price` when a subscription does not send it: false today;
   * true once Kalshi flips it as announced (asyncapi.yaml), which a test plays by setting this.
   */
  useYesPriceDefault?: boolean;
}

/** Test and benchmark controls of the Kalshi simulator. */
export interface KalshiSimulatorControls {
  /**
   * Lists a new open market as the venue does when it opens one (a copy of an open market under a
   * new ticker and title, created and updated now): a sync sees it only if it asks for it.
   */
  listMarket(ticker: string, title: string): KalshiMarketWire;
}

/** Synthetic market `v.k` from a template (scale mode): own ticker in its own event, varied title, strike, dates and status. */
function scaledKalshiMarket(m: KalshiMarketWire, v: ScaleVariant): KalshiMarketWire {
  const event = `${m.event_ticker}-S${v.k}`;
  return {
    ...m,
    ticker: `${event}-${m.ticker.split('-').pop()}`,
    event_ticker: event,
    title: varyNumbers(m.title ?? '', v),
    yes_sub_title: m.yes_sub_title ? varyNumbers(m.yes_sub_title, v) : m.yes_sub_title,
    open_time: shiftIso(m.open_time, v),
    close_time: shiftIso(m.close_time, v),
    expiration_time: shiftIso(m.expiration_time, v),
    expected_expiration_time: shiftIso(m.expected_expiration_time, v),
    latest_expiration_time: shiftIso(m.latest_expiration_time, v),
    created_time: shiftIso(m.created_time as string | undefined, v),
    status: v.open ? 'active' : 'finalized',
    result: v.open ? '' : v.k % 2 ? 'yes' : 'no',
  };
}

export async function startKalshiSimulator(opts: KalshiSimulatorOptions = {}): Promise<RunningSimulator & KalshiSimulatorControls> {
  const now = Date.now();
  const seed = kalshiSeed(now);
  const listed = new Map<string, KalshiMarketWire>();
  const seedEvents = new Map<string, KalshiEventWire>();
  for (const e of seed.events) seedEvents.set(e.event_ticker, e);
  for (const m of seed.markets) listed.set(m.ticker, m);
  if (opts.corpusFile) {
    for (const raw of readCorpus(opts.corpusFile)) {
      const m = raw as KalshiMarketWire;
      if (m && typeof m.ticker === 'string' && typeof m.event_ticker === 'string' && typeof m.status === 'string') listed.set(m.ticker, m);
    }
  }
  // Scale mode: synthetic market k is ticker `<event>-S<k>-<strike>` in its own event `<event>-S<k>`,
  // built on demand (src/sim/scale.ts); its event is the template's under the new ticker.
  const scaled = opts.scale
    ? new ScaledCatalog({ templates: [...listed.values()], n: opts.scale, seed: opts.seed ?? 1, variant: scaledKalshiMarket, idOf: (m) => m.ticker, indexOf: (id) => indexFromSuffix(id, /-S(\d+)-[^-]*$/) })
    : null;
  const markets: MarketStore<KalshiMarketWire> = scaled ?? listed;
  const scaledEvent = (eventTicker: string): KalshiEventWire | undefined => {
    const i = indexFromSuffix(eventTicker, /-S(\d+)$/);
    const base = seedEvents.get(eventTicker.replace(/-S\d+$/, ''));
    if (!scaled || i === null || !base || i >= opts.scale! || scaled.build(i).event_ticker !== eventTicker) return undefined;
    return { ...base, event_ticker: eventTicker, title: varyNumbers(base.title ?? '', scaleVariant(i, opts.seed ?? 1)) };
  };
  const events = {
    get: (t: string): KalshiEventWire | undefined => (scaled ? scaledEvent(t) : seedEvents.get(t)),
    /** Every event (a scan in scale mode: one per synthetic market). */
    *values(): Generator<KalshiEventWire> {
      if (!scaled) return yield* seedEvents.values();
      for (const m of scaled.values()) {
        const e = scaledEvent(m.event_ticker);
        if (e) yield e;
      }
    },
  };
  const marketsOfEvent = (e: KalshiEventWire): KalshiMarketWire[] => {
    if (!scaled) return filterStore(markets, (m) => m.event_ticker === e.event_ticker);
    const i = indexFromSuffix(e.event_ticker, /-S(\d+)$/);
    return i === null ? [] : [scaled.at(i)].filter((m) => m.event_ticker === e.event_ticker);
  };

  const activity = new SimActivity({ seed: opts.seed ?? 1, tickMs: opts.tickMs ?? 1000, now: Date.now });
  // Closed markets never trade: in scale mode only the open ones are registered (a few bytes each).
  for (const m of scaled ? scaled.openValues() : markets.values()) {
    const bid = Number(m.yes_bid_dollars ?? 0);
    const ask = Number(m.yes_ask_dollars ?? 0);
    const last = Number(m.last_price_dollars ?? 0);
    const mid = bid > 0 && ask > 0 && ask < 1 ? (bid + ask) / 2 : last > 0 && last < 1 ? last : 0.5;
    activity.addMarket(m.ticker, mid, { active: m.status === 'active' });
  }

  /** The market as served now: seed fields overlaid with the live book and tape, if it has moved. */
  const render = (m: KalshiMarketWire): KalshiMarketWire => {
    const s = activity.peek(m.ticker);
    if (!s) return m;
    const b = activity.book(m.ticker);
    const bid = b?.bids[0];
    const ask = b?.asks[0];
    return {
      ...m,
      yes_bid_dollars: fixed(bid?.price ?? 0, 4),
      yes_ask_dollars: fixed(ask?.price ?? 0, 4),
      no_bid_dollars: fixed(ask ? 1 - ask.price : 0, 4),
      no_ask_dollars: fixed(bid ? 1 - bid.price : 0, 4),
      yes_bid_size_fp: fixed(bid?.size ?? 0, 2),
      yes_ask_size_fp: fixed(ask?.size ?? 0, 2),
      last_price_dollars: fixed(s.last, 4),
      volume_fp: fixed(Number(m.volume_fp ?? 0) + s.volume, 2),
      // The venue's change time moves when the market does, not when it is read.
      updated_time: s.changedAt === null ? m.updated_time : new Date(Math.max(s.changedAt, Date.parse(String(m.updated_time ?? 0)) || 0)).toISOString(),
    };
  };

  const tradeWire = (ticker: string, t: SimTrade): Record<string, unknown> => ({
    trade_id: stableUuid(`${ticker}:${t.id}`),
    ticker,
    yes_price_dollars: fixed(t.price, 4),
    no_price_dollars: fixed(1 - t.price, 4),
    count_fp: fixed(t.size, 2),
    // One direction bit in two vocabularies (order_direction.md): a taker buying YES is (yes, bid), a
    // taker selling YES (the same as buying NO) is (no, ask). Never (no, bid) or (yes, ask).
    taker_side: t.takerSide === 'buy' ? 'yes' : 'no',
    taker_outcome_side: t.takerSide === 'buy' ? 'yes' : 'no',
    taker_book_side: t.takerSide === 'buy' ? 'bid' : 'ask',
    created_time: new Date(t.t).toISOString(),
    is_block_trade: false,
  });

  /**
   * Bids only, for YES and for NO, ascending by price (best bid last), as the venue sends them. A NO bid
   * is priced on the NO leg (1 - the YES ask), or on the YES leg (the YES ask itself) for a stream
   * subscription with `use_yes_price`.
   */
  const bookWire = (ticker: string, yesLegPricing = false): { yes: [string, string][]; no: [string, string][] } | null => {
    const b = activity.book(ticker);
    if (!b) return null;
    const yes = [...b.bids].reverse().map((l): [string, string] => [fixed(l.price, 4), fixed(l.size, 2)]);
    const no = [...b.asks].reverse().map((l): [string, string] => [fixed(yesLegPricing ? l.price : 1 - l.price, 4), fixed(l.size, 2)]);
    return { yes, no };
  };

  const server = new SimServer('kalshi');
  const P = KALSHI_SIM_REST_PREFIX;
  registerKalshiMemberHistory(server, { prefix: P, tickers: () => activity.marketIds.filter((t) => markets.get(t)?.status === 'active') });
  // The historical tier (trades and markets before the cutoff): simulator-historical.ts.
  registerKalshiHistorical(server, { prefix: P, liveMarkets: () => (scaled ? scaled.list('all').slice(0, 1_000) : [...listed.values()]) });

  server.get(`${P}/markets`, (req) => {
    const q = req.query;
    const limit = intParam(q, 'limit', 100, 1000);
    if (limit < 1) return kalshiError(400, 'invalid_parameters', 'limit must be between 1 and 1000');
    const status = q.get('status');
    const allowed = status ? status.split(',').flatMap((s) => STATUS_FILTER[s] ?? []) : null;
    if (allowed && allowed.length === 0) return kalshiError(400, 'invalid_parameters', `invalid status ${status}`);
    const ev = q.get('event_ticker');
    const series = q.get('series_ticker');
    const tickers = q.get('tickers');
    const mve = q.get('mve_filter');
    const minUpdated = q.get('min_updated_ts');
    if (minUpdated && status) return kalshiError(400, 'invalid_parameters', 'min_updated_ts cannot be combined with status');
    const keep = (m: KalshiMarketWire): boolean =>
      (!allowed || allowed.includes(m.status)) &&
      (!ev || ev.split(',').includes(m.event_ticker)) &&
      (!series || m.event_ticker.split('-')[0] === series) &&
      (!tickers || tickers.split(',').includes(m.ticker)) &&
      (mve !== 'exclude' || !m.mve_collection_ticker) &&
      (mve !== 'only' || !!m.mve_collection_ticker) &&
      (!minUpdated || Date.parse(String(render(m).updated_time ?? 0)) / 1000 >= Number(minUpdated));
    // The full and the open listings page through the catalog without building it; other filters scan.
    const plain: ScaledStatus | null = ev || series || tickers || minUpdated || mve === 'only' ? null : !allowed ? 'all' : allowed.every((s) => STATUS_FILTER.open.includes(s)) ? 'open' : null;
    const list: Sliceable<KalshiMarketWire> = plain && scaled ? storeListing(markets, plain, (m) => m.status === 'active') : filterStore(markets, keep);
    const p = page(list, q.get('cursor'), limit);
    if (!p) return kalshiError(400, 'invalid_cursor', 'invalid cursor');
    return json({ markets: p.items.map(render), cursor: p.next });
  });

  server.get(`${P}/markets/trades`, (req) => {
    const q = req.query;
    const limit = intParam(q, 'limit', 100, 1000);
    const ticker = q.get('ticker');
    const minTs = q.get('min_ts');
    const maxTs = q.get('max_ts');
    // Without a ticker: the exchange-wide tape, every market's trades (combos among them: the parlay trades).
    const ids = ticker ? [ticker] : activity.marketIds;
    const all = ids.flatMap((t) => (activity.trades(t, { startMs: minTs ? Number(minTs) * 1000 : undefined, endMs: maxTs ? Number(maxTs) * 1000 : undefined }) ?? []).map((tr) => ({ t, tr })));
    all.sort((a, b) => b.tr.t - a.tr.t);
    const p = page(all, q.get('cursor'), limit);
    if (!p) return kalshiError(400, 'invalid_cursor', 'invalid cursor');
    return json({ trades: p.items.map(({ t, tr }) => tradeWire(t, tr)), cursor: p.next });
  });

  server.get(`${P}/markets/:ticker`, (req) => {
    const m = markets.get(req.params.ticker);
    return m ? json({ market: render(m) }) : kalshiError(404, 'not_found', 'market not found');
  });

  server.get(`${P}/markets/:ticker/orderbook`, (req) => {
    if (!markets.has(req.params.ticker)) return kalshiError(404, 'not_found', 'market not found');
    const b = bookWire(req.params.ticker);
    const depth = intParam(req.query, 'depth', 0, 100);
    const cut = <T>(a: T[]): T[] => (depth > 0 ? a.slice(-depth) : a);
    return json({ orderbook_fp: { yes_dollars: cut(b?.yes ?? []), no_dollars: cut(b?.no ?? []) } });
  });

  server.get(`${P}/events`, (req) => {
    const q = req.query;
    const limit = intParam(q, 'limit', 100, 200);
    // `tickers` is the venue's filter (get-events.md); an unknown parameter is ignored, as the venue does.
    const wanted = q.get('tickers');
    let list = wanted && scaled ? [...new Set(wanted.split(','))].flatMap((t) => events.get(t) ?? []) : [...events.values()];
    if (wanted && !scaled) list = list.filter((e) => wanted.split(',').includes(e.event_ticker));
    const st = q.get('status');
    if (st) list = list.filter((e) => e.status === st);
    const nested = q.get('with_nested_markets') === 'true';
    const p = page(list, q.get('cursor'), limit);
    if (!p) return kalshiError(400, 'invalid_cursor', 'invalid cursor');
    const withMarkets = (e: KalshiEventWire): KalshiEventWire => (nested ? { ...e, markets: marketsOfEvent(e).map(render) } : e);
    return json({ events: p.items.map(withMarkets), cursor: p.next });
  });

  server.get(`${P}/events/:event_ticker`, (req) => {
    const e = events.get(req.params.event_ticker);
    if (!e) return kalshiError(404, 'not_found', 'event not found');
    return json({ event: e, markets: marketsOfEvent(e).map(render) });
  });

  server.get(`${P}/series/:series/markets/:ticker/candlesticks`, (req) => {
    const q = req.query;
    if (!markets.has(req.params.ticker)) return kalshiError(404, 'not_found', 'market not found');
    const start = Number(q.get('start_ts'));
    const end = Number(q.get('end_ts'));
    const period = Number(q.get('period_interval'));
    if (!q.get('start_ts') || !q.get('end_ts') || !Number.isFinite(start) || !Number.isFinite(end)) return badRequest('start_ts and end_ts are required');
    if (![1, 60, 1440].includes(period)) return kalshiError(400, 'invalid_parameters', 'period_interval must be 1, 60 or 1440');
    const points = activity.history(req.params.ticker, { startMs: start * 1000, endMs: end * 1000, stepMs: period * 60_000 }) ?? [];
    const candlesticks = points.map((pt, i) => {
      const prev = i > 0 ? points[i - 1].p : pt.p;
      const hi = Math.max(prev, pt.p);
      const lo = Math.min(prev, pt.p);
      return {
        end_period_ts: Math.floor(pt.t / 1000),
        price: { open_dollars: fixed(prev, 4), high_dollars: fixed(hi, 4), low_dollars: fixed(lo, 4), close_dollars: fixed(pt.p, 4), mean_dollars: fixed((hi + lo) / 2, 4), previous_dollars: fixed(prev, 4) },
        yes_bid: { open_dollars: fixed(Math.max(0, prev - 0.01), 4), high_dollars: fixed(Math.max(0, hi - 0.01), 4), low_dollars: fixed(Math.max(0, lo - 0.01), 4), close_dollars: fixed(Math.max(0, pt.p - 0.01), 4) },
        yes_ask: { open_dollars: fixed(Math.min(1, prev + 0.01), 4), high_dollars: fixed(Math.min(1, hi + 0.01), 4), low_dollars: fixed(Math.min(1, lo + 0.01), 4), close_dollars: fixed(Math.min(1, pt.p + 0.01), 4) },
        volume_fp: fixed((Math.floor(pt.t / 1000) % 97) * 5, 2),
        open_interest_fp: fixed(1000, 2),
      };
    });
    return json({ ticker: req.params.ticker, candlesticks });
  });

  // ---- WebSocket ---------------------------------------------------------------------------------
  const subsBySocket = new Map<WebSocket, Subscription[]>();
  let nextSid = 1;

  server.websocket(KALSHI_SIM_WS_PATH, (ws) => {
    subsBySocket.set(ws, []);
    ws.on('close', () => subsBySocket.delete(ws));
    ws.on('message', (data) => {
      let msg: { id?: number; cmd?: string; params?: { channels?: string[]; market_ticker?: string; market_tickers?: string[]; sids?: number[]; use_yes_price?: boolean } };
      try {
        msg = JSON.parse(String(data));
      } catch {
        ws.send(JSON.stringify({ id: null, type: 'error', msg: { code: 1, msg: 'Unable to process message' } }));
        return;
      }
      const id = msg.id ?? null;
      const subs = subsBySocket.get(ws) ?? [];
      if (msg.cmd === 'subscribe') {
        const channels = msg.params?.channels ?? [];
        if (channels.length === 0) return void ws.send(JSON.stringify({ id, type: 'error', msg: { code: 3, msg: 'Channels required' } }));
        const tickers = msg.params?.market_tickers ?? (msg.params?.market_ticker ? [msg.params.market_ticker] : null);
        for (const t of tickers ?? []) if (!markets.has(t)) return void ws.send(JSON.stringify({ id, type: 'error', msg: { code: 11, msg: `Invalid parameter: unknown market ticker ${t}` } }));
        for (const ch of channels) {
          if (ch !== 'orderbook_delta' && ch !== 'trade' && ch !== 'ticker') {
            ws.send(JSON.stringify({ id, type: 'error', msg: { code: 8, msg: `Unknown channel name: ${ch}` } }));
            continue;
          }
          if (ch === 'orderbook_delta' && !tickers) {
            ws.send(JSON.stringify({ id, type: 'error', msg: { code: 11, msg: 'orderbook_delta requires market_ticker(s)' } }));
            continue;
          }
          const yesLegPricing = msg.params?.use_yes_price ?? opts.useYesPriceDefault ?? false;
          const sub: Subscription = { sid: nextSid++, channel: ch, tickers: tickers ? new Set(tickers) : null, seq: 0, yesLegPricing };
          subs.push(sub);
          ws.send(JSON.stringify({ id, type: 'subscribed', msg: { channel: ch, sid: sub.sid } }));
          if (ch === 'orderbook_delta') {
            for (const t of tickers ?? []) {
              const b = bookWire(t, yesLegPricing);
              // A side without levels is left out: "This key will not exist if there are no ... offers".
              const levels = { ...(b?.yes.length ? { yes_dollars_fp: b.yes } : {}), ...(b?.no.length ? { no_dollars_fp: b.no } : {}) };
              ws.send(JSON.stringify({ type: 'orderbook_snapshot', sid: sub.sid, seq: ++sub.seq, msg: { market_ticker: t, market_id: stableUuid(t), ...levels } }));
            }
          }
        }
      } else if (msg.cmd === 'unsubscribe') {
        const sids = new Set(msg.params?.sids ?? []);
        subsBySocket.set(ws, subs.filter((s) => !sids.has(s.sid)));
        for (const sid of sids) ws.send(JSON.stringify({ id, type: 'unsubscribed', sid }));
      } else if (msg.cmd === 'list_subscriptions') {
        ws.send(JSON.stringify({ id, type: 'ok', msg: subs.map((s) => ({ sid: s.sid, channel: s.channel })) }));
      } else {
        ws.send(JSON.stringify({ id, type: 'error', msg: { code: 5, msg: 'Unknown command' } }));
      }
    });
  });

  const toWire = (e: SimActivityEvent, sub: Subscription): Record<string, unknown> | null => {
    const ts = Math.floor((e.kind === 'trade' ? e.trade.t : e.t) / 1000);
    if (e.kind === 'book_delta' && sub.channel === 'orderbook_delta') {
      // A YES ask at p is a NO bid: at 1 - p on the NO leg, at p with yes-leg pricing.
      const side = e.side === 'bid' ? 'yes' : 'no';
      const price = e.side === 'bid' || sub.yesLegPricing ? e.price : 1 - e.price;
      return { type: 'orderbook_delta', sid: sub.sid, seq: ++sub.seq, msg: { market_ticker: e.marketId, market_id: stableUuid(e.marketId), price_dollars: fixed(price, 4), delta_fp: fixed(e.delta, 2), side, ts: new Date(e.t).toISOString().replace(/\.\d{3}Z$/, 'Z'), ts_ms: e.t } };
    }
    if (e.kind === 'trade' && sub.channel === 'trade') {
      const w = tradeWire(e.marketId, e.trade);
      return {
        type: 'trade', sid: sub.sid, seq: ++sub.seq,
        msg: { trade_id: w.trade_id, market_ticker: e.marketId, yes_price_dollars: w.yes_price_dollars, no_price_dollars: w.no_price_dollars, count_fp: w.count_fp, taker_side: w.taker_side, taker_outcome_side: w.taker_outcome_side, taker_book_side: w.taker_book_side, is_block_trade: false, ts, ts_ms: e.trade.t },
      };
    }
    if (e.kind === 'ticker' && sub.channel === 'ticker') {
      const m = markets.get(e.marketId);
      return {
        type: 'ticker',
        sid: sub.sid,
        msg: {
          market_ticker: e.marketId,
          market_id: stableUuid(e.marketId),
          price_dollars: fixed(e.last, 4),
          yes_bid_dollars: fixed(e.bestBid ?? 0, 4),
          yes_ask_dollars: fixed(e.bestAsk ?? 0, 4),
          yes_bid_size_fp: fixed(activity.book(e.marketId)?.bids[0]?.size ?? 0, 2),
          yes_ask_size_fp: fixed(activity.book(e.marketId)?.asks[0]?.size ?? 0, 2),
          last_trade_size_fp: fixed(lastTradeSize.get(e.marketId) ?? 0, 2),
          volume_fp: fixed(Number(m?.volume_fp ?? 0) + e.volume, 2),
          open_interest_fp: String(m?.open_interest_fp ?? '0.00'),
          dollar_volume: Math.round(e.volume * e.last),
          dollar_open_interest: Math.round(Number(m?.open_interest_fp ?? 0) * e.last),
          ts,
          ts_ms: e.t,
          time: new Date(e.t).toISOString(),
        },
      };
    }
    return null;
  };

  /** The size of each market's latest trade (the ticker message carries it). */
  const lastTradeSize = new Map<string, number>();
  activity.on((e) => {
    if (e.kind === 'trade') lastTradeSize.set(e.marketId, e.trade.size);
    for (const [ws, subs] of subsBySocket) {
      if (ws.readyState !== ws.OPEN) continue;
      for (const sub of subs) {
        if (sub.tickers && !sub.tickers.has(e.marketId)) continue;
        const out = toWire(e, sub);
        if (out) ws.send(JSON.stringify(out));
      }
    }
  });

  // The portfolio API (orders, fills, positions, balance): simulator-orders.ts.
  registerKalshiOrders(server, { prefix: P, activity });

  const listMarket = (ticker: string, title: string): KalshiMarketWire => {
    const template = markets.get(activity.marketIds.find((t) => markets.get(t)?.status === 'active') ?? '');
    if (!template) throw new Error('the kalshi simulator has no open market to copy');
    const at = new Date().toISOString();
    const m: KalshiMarketWire = { ...template, ticker, title, yes_sub_title: title, created_time: at, open_time: at, updated_time: at };
    markets.set(ticker, m);
    activity.addMarket(ticker, 0.5, { active: true });
    return m;
  };

  const running = await launchSimulator({
    exchange: 'kalshi',
    server,
    activity,
    port: opts.port,
    baseUrls: () => ({ rest: `${server.baseUrl}${P}`, ws: `${server.wsBaseUrl}${KALSHI_SIM_WS_PATH}` }),
    marketCount: () => markets.size,
  });
  return Object.assign(running, { listMarket });
}
