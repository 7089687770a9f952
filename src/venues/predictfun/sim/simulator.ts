/**
 * A local fake of predict.fun's REST API v1 and its WebSocket. REST under /v1: markets (cursor
 * pagination with `first` + `after`), market, stats, orderbook (`[price, quantity]` levels on YES),
 * categories, order-match events (wei strings, newest first); every answer in the `{success, data,
 * cursor}` envelope. The API key behaves like the testnet: none is needed, but a wrong one is a 401
 * (`PREDICTFUN_SIM_API_KEY` is the one the simulator accepts). WebSocket at /ws: JSON-RPC style
 * `{requestId, method: subscribe|unsubscribe|heartbeat, params}`, replies `{type: "R"}`, pushes
 * `{type: "M", topic, data}` for `predictOrderbook/{marketId}`, and heartbeats to be echoed.
 */
import type { WebSocket } from 'ws';
import { SimActivity, type SimTrade } from '../../../sim/activity.js';
import { readCorpus } from '../../../sim/corpus.js';
import { hashString, stableHex32 } from '../../../sim/rng.js';
import { intParam, SimServer, type SimRequest, type SimResponse } from '../../../sim/server.js';
import { launchSimulator } from '../../../sim/launch.js';
import { ScaledCatalog, shiftIso, storeListing, varyNumbers, type MarketStore, type ScaleVariant, type Sliceable } from '../../../sim/scale.js';
import type { RunningSimulator, SimulatorOptions } from '../../../sim/types.js';
import type { PredictCategoryWire, PredictMarketWire } from '../normalise.js';
import { predictfunSeed } from './seed.js';
import { predictfunMatchEvents, registerPredictfunOrders, type PredictfunOrdersOptions } from './simulator-orders.js';
import type { SimOrderEngine } from '../../../sim/orders.js';

export const PREDICTFUN_SIM_API_KEY = 'sim-predictfun-key';
export const PREDICTFUN_SIM_PREFIX = '/v1';
export const PREDICTFUN_SIM_WS_PATH = '/ws';
const HEARTBEAT_MS = 15_000;

const ok = (data: unknown, cursor?: string | null): SimResponse => ({ status: 200, body: cursor === undefined ? { success: true, data } : { success: true, data, cursor } });
const fail = (status: number, code: string, message: string): SimResponse => ({ status, body: { success: false, error: { code, message } } });
const encodeCursor = (offset: number): string => Buffer.from(`offset:${offset}`).toString('base64');
function decodeCursor(c: string | null): number | null {
  if (!c) return 0;
  const m = /^offset:(\d+)$/.exec(Buffer.from(c, 'base64').toString('utf8'));
  return m ? Number(m[1]) : null;
}
/** A 0..1 number as a wei string (1e18 = 1.0), exact to 1e-6. */
const wei = (x: number): string => (BigInt(Math.round(x * 1e6)) * 10n ** 12n).toString();

function page<T>(items: Sliceable<T>, q: URLSearchParams): { items: T[]; cursor: string | null } | null {
  const first = intParam(q, 'first', 50, 100);
  const offset = decodeCursor(q.get('after'));
  if (offset === null || first < 1) return null;
  return { items: items.slice(offset, offset + first), cursor: offset + first < items.length ? encodeCursor(offset + first) : null };
}

/** Synthetic market `v.k` from a template (scale mode): own id, condition and tokens, varied question, open or resolved. */
function scaledPredictfunMarket(m: PredictMarketWire, v: ScaleVariant): PredictMarketWire {
  const id = 5_000_000 + v.k;
  const outcomes = m.outcomes.map((o) => ({ ...o, onChainId: `${o.onChainId.slice(0, 60)}${String(v.k).padStart(8, '0')}`, status: v.open ? null : o.indexSet === 1 + (v.k % 2) ? ('WON' as const) : ('LOST' as const) }));
  return {
    ...m,
    id,
    title: varyNumbers(m.title, v),
    question: varyNumbers(m.question, v),
    conditionId: m.conditionId ? stableHex32(`scale:${m.conditionId}:${v.k}`) : m.conditionId,
    createdAt: shiftIso(m.createdAt, v),
    status: v.open ? 'REGISTERED' : 'RESOLVED',
    tradingStatus: v.open ? 'OPEN' : 'CLOSED',
    resolution: v.open ? null : (outcomes.find((o) => o.status === 'WON') ?? null),
    outcomes,
    polymarketConditionIds: undefined,
    kalshiMarketTicker: null,
  };
}

export async function startPredictfunSimulator(opts: SimulatorOptions = {}): Promise<RunningSimulator> {
  const seed = predictfunSeed(Date.now());
  const listed = new Map<string, PredictMarketWire>();
  for (const m of seed.markets) listed.set(String(m.id), m);
  const categories = new Map<string, PredictCategoryWire>();
  for (const c of seed.categories) categories.set(c.slug, c);
  if (opts.corpusFile) {
    for (const raw of readCorpus(opts.corpusFile)) {
      const m = raw as PredictMarketWire;
      if (m && typeof m.id === 'number' && typeof m.question === 'string' && Array.isArray(m.outcomes)) listed.set(String(m.id), m);
    }
  }

  // Scale mode: synthetic markets built on demand (src/sim/scale.ts): id 5,000,000 + k, tokens ending in k.
  const scaled = opts.scale
    ? new ScaledCatalog({ templates: [...listed.values()], n: opts.scale, seed: opts.seed ?? 1, variant: scaledPredictfunMarket, idOf: (m) => String(m.id), indexOf: (id) => (/^\d+$/.test(id) ? Number(id) - 5_000_001 : null) })
    : null;
  const markets: MarketStore<PredictMarketWire> = scaled ?? listed;
  const tradable = (m: PredictMarketWire): boolean => (m.status === 'REGISTERED' || m.status === 'UNPAUSED') && (m.tradingStatus ?? 'OPEN') === 'OPEN' && !m.resolution;
  const activity = new SimActivity({ seed: opts.seed ?? 1, tickMs: opts.tickMs ?? 1000, now: Date.now });
  // Closed markets never trade: in scale mode only the open ones are registered (a few bytes each).
  for (const m of scaled ? scaled.openValues() : markets.values()) activity.addMarket(String(m.id), seed.yes.get(m.id) ?? 0.5, { active: tradable(m), tick: 0.01 });

  const bookData = (id: string): Record<string, unknown> => {
    const b = activity.book(id) ?? { bids: [], asks: [] };
    return { marketId: Number(id), updateTimestampMs: Date.now(), asks: b.asks.map((l) => [l.price, l.size]), bids: b.bids.map((l) => [l.price, l.size]) };
  };

  const matchWire = (m: PredictMarketWire, t: SimTrade): Record<string, unknown> => {
    const onNo = hashString(t.id) % 3 === 0;
    const outcome = m.outcomes.find((o) => o.indexSet === (onNo ? 2 : 1))!;
    const price = onNo ? 1 - t.price : t.price;
    const takerBuys = onNo ? t.takerSide === 'sell' : t.takerSide === 'buy';
    const quote = (bid: boolean, who: string) => ({ quoteType: bid ? 'Bid' : 'Ask', outcome: { name: outcome.name, indexSet: outcome.indexSet, onChainId: outcome.onChainId }, signer: `0x${hashString(`${who}:${t.id}`).toString(16).padStart(40, '0')}`, price: wei(price), amount: wei(t.size) });
    // A match has a taker and the resting order(s) it met: one maker on the other side here.
    return {
      market: { id: m.id, question: m.question },
      taker: quote(takerBuys, 'signer'),
      makers: [quote(!takerBuys, 'maker')],
      amountFilled: wei(t.size),
      priceExecuted: wei(price),
      executedAt: new Date(t.t).toISOString(),
      transactionHash: `0x${hashString(`tx:${t.id}`).toString(16).padStart(8, '0').repeat(8)}`,
      logIndex: hashString(t.id) % 50,
    };
  };

  const server = new SimServer('predictfun');
  // The order engine and what it knows of markets, set once the order API is registered (below).
  let orders: SimOrderEngine;
  let orderOpts: Pick<PredictfunOrdersOptions, 'token' | 'market'>;
  /** Testnet behaviour: no key is fine, a wrong key is refused. */
  const keyError = (req: SimRequest): SimResponse | null => {
    const key = req.headers['x-api-key'];
    return key !== undefined && key !== PREDICTFUN_SIM_API_KEY ? fail(401, 'UNAUTHORIZED', 'Invalid API key') : null;
  };
  const route = (pattern: string, handler: (req: SimRequest) => SimResponse): void => {
    server.get(`${PREDICTFUN_SIM_PREFIX}${pattern}`, (req) => keyError(req) ?? handler(req));
  };

  route('/markets', (req) => {
    // `status=OPEN`: every market not resolved (paused ones too); no status: all of them.
    const status = req.query.get('status');
    if (status !== null && status !== 'OPEN' && status !== 'RESOLVED') return fail(400, 'BAD_REQUEST', `invalid status ${status}`);
    const unresolved = (m: PredictMarketWire): boolean => m.status !== 'RESOLVED' && !m.resolution;
    const p = page(storeListing(markets, status === null ? 'all' : status === 'OPEN' ? 'open' : 'closed', unresolved), req.query);
    return p ? ok(p.items, p.cursor) : fail(400, 'BAD_REQUEST', 'invalid cursor');
  });
  route('/markets/:id', (req) => {
    const m = markets.get(req.params.id);
    return m ? ok(m) : fail(404, 'NOT_FOUND', `Market ${req.params.id} not found`);
  });
  route('/markets/:id/stats', (req) => {
    const m = markets.get(req.params.id);
    if (!m) return fail(404, 'NOT_FOUND', `Market ${req.params.id} not found`);
    const s = seed.stats.get(m.id) ?? {};
    const live = activity.peek(req.params.id);
    return ok({ totalLiquidityUsd: s.totalLiquidityUsd ?? 0, volumeTotalUsd: Math.round((Number(s.volumeTotalUsd ?? 0) + (live ? live.volume * live.last : 0)) * 100) / 100, volume24hUsd: s.volume24hUsd ?? 0 });
  });
  route('/markets/:id/orderbook', (req) => (markets.has(req.params.id) ? ok(bookData(req.params.id)) : fail(404, 'NOT_FOUND', `Market ${req.params.id} not found`)));
  route('/categories', (req) => {
    const p = page([...categories.values()], req.query);
    return p ? ok(p.items, p.cursor) : fail(400, 'BAD_REQUEST', 'invalid cursor');
  });
  route('/categories/:slug', (req) => {
    const c = categories.get(req.params.slug);
    return c ? ok(c) : fail(404, 'NOT_FOUND', `Category ${req.params.slug} not found`);
  });
  route('/orders/matches', (req) => {
    const id = req.query.get('marketId');
    // A signer's own events: the fills of the orders it signed (simulator-orders.ts).
    const signer = req.query.get('signerAddress');
    if (signer) {
      const maker = req.query.get('isSignerMaker');
      const events = predictfunMatchEvents(orders, orderOpts, { signer, marketId: id, isMaker: maker === null ? null : maker === 'true' });
      const p = page(events, req.query);
      return p ? ok(p.items, p.cursor) : fail(400, 'BAD_REQUEST', 'invalid cursor');
    }
    const m = id ? markets.get(id) : undefined;
    const trades = m ? (activity.trades(String(m.id)) ?? []) : [];
    const p = page(trades, req.query);
    return p ? ok(p.items.map((t) => matchWire(m!, t)), p.cursor) : fail(400, 'BAD_REQUEST', 'invalid cursor');
  });

  // ---- WebSocket ---------------------------------------------------------------------------------
  const topics = new Map<WebSocket, Set<string>>();
  server.websocket(PREDICTFUN_SIM_WS_PATH, (ws, req) => {
    const key = new URL(req.url ?? '/', 'http://sim').searchParams.get('apiKey');
    if (key !== null && key !== PREDICTFUN_SIM_API_KEY) {
      ws.close(4001, 'Invalid API key');
      return;
    }
    topics.set(ws, new Set());
    let unanswered = 0;
    const beat = setInterval(() => {
      if (unanswered >= 2) return void ws.terminate();
      unanswered++;
      ws.send(JSON.stringify({ type: 'M', topic: 'heartbeat', data: Date.now() }));
    }, HEARTBEAT_MS);
    beat.unref();
    ws.on('close', () => {
      clearInterval(beat);
      topics.delete(ws);
    });
    ws.on('message', (data) => {
      let msg: { requestId?: unknown; method?: unknown; params?: unknown; data?: unknown };
      try {
        msg = JSON.parse(String(data));
      } catch {
        return void ws.send(JSON.stringify({ type: 'R', requestId: null, success: false, error: { code: 'invalid_json', message: 'Unable to parse message' } }));
      }
      const requestId = typeof msg.requestId === 'number' || typeof msg.requestId === 'string' ? msg.requestId : null;
      const reply = (success: boolean, error?: { code: string; message: string }): void => void ws.send(JSON.stringify(error ? { type: 'R', requestId, success, error } : { type: 'R', requestId, success }));
      if (msg.method === 'heartbeat') {
        unanswered = 0;
        return;
      }
      const params = Array.isArray(msg.params) ? msg.params.filter((p): p is string => typeof p === 'string') : [];
      if (msg.method === 'subscribe' || msg.method === 'unsubscribe') {
        if (params.length === 0) return reply(false, { code: 'invalid_params', message: 'params must list topics' });
        for (const topic of params) {
          const m = /^predictOrderbook\/(\d+)$/.exec(topic);
          if (!m || !markets.has(m[1])) return reply(false, { code: 'invalid_topic', message: `Unknown topic ${topic}` });
        }
        const set = topics.get(ws)!;
        for (const topic of params) (msg.method === 'subscribe' ? set.add(topic) : set.delete(topic));
        reply(true);
        if (msg.method === 'subscribe') for (const topic of params) ws.send(JSON.stringify({ type: 'M', topic, data: bookData(topic.split('/')[1]) }));
        return;
      }
      reply(false, { code: 'invalid_method', message: `Unknown method ${String(msg.method)}` });
    });
  });

  activity.on((e) => {
    if (e.kind !== 'book_delta') return;
    const topic = `predictOrderbook/${e.marketId}`;
    let text: string | null = null;
    for (const [ws, set] of topics) {
      if (!set.has(topic) || ws.readyState !== ws.OPEN) continue;
      text ??= JSON.stringify({ type: 'M', topic, data: bookData(e.marketId) });
      ws.send(text);
    }
  });

  // The order API: simulator-orders.ts.
  type TokenRef = { marketId: string; yes: boolean; negRisk: boolean; yieldBearing: boolean };
  const tokensOf = (m: PredictMarketWire): [string, TokenRef][] => (m.outcomes ?? []).map((o) => [String(o.onChainId), { marketId: String(m.id), yes: o.indexSet === 1, negRisk: !!m.isNegRisk, yieldBearing: !!m.isYieldBearing }]);
  const tokenIndex = new Map<string, TokenRef>();
  if (!scaled) for (const m of markets.values()) for (const [t, ref] of tokensOf(m)) tokenIndex.set(t, ref);
  // A synthetic market's token ids end in its number (eight digits).
  const scaledToken = (id: string): TokenRef | undefined => {
    const i = /^\d{9,}$/.test(id) ? Number(id.slice(-8)) - 1 : -1;
    return scaled && i >= 0 && i < opts.scale! ? tokensOf(scaled.at(i)).find(([t]) => t === id)?.[1] : undefined;
  };
  orderOpts = {
    token: (id) => (scaled ? scaledToken(id) : tokenIndex.get(id)),
    market: (id) => {
      const m = markets.get(id);
      const yes = m?.outcomes?.find((o) => o.indexSet === 1);
      const no = m?.outcomes?.find((o) => o.indexSet === 2);
      return m && yes && no ? { title: m.title, conditionId: m.conditionId ?? '', isNegRisk: !!m.isNegRisk, isYieldBearing: !!m.isYieldBearing, status: m.status ?? 'REGISTERED', yes: { name: yes.name, onChainId: String(yes.onChainId) }, no: { name: no.name, onChainId: String(no.onChainId) } } : undefined;
    },
  };
  orders = registerPredictfunOrders(server, { prefix: PREDICTFUN_SIM_PREFIX, apiKey: PREDICTFUN_SIM_API_KEY, activity, page, ...orderOpts });

  return launchSimulator({
    exchange: 'predictfun',
    server,
    activity,
    port: opts.port,
    baseUrls: () => ({ rest: `${server.baseUrl}${PREDICTFUN_SIM_PREFIX}`, ws: `${server.wsBaseUrl}${PREDICTFUN_SIM_WS_PATH}` }),
    marketCount: () => markets.size,
  });
}
