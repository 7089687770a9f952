/**
 * A local fake of Manifold's public API v0 (reads only): `/v0/markets` (LiteMarkets, newest first or
 * by update time, `before=<id>` cursor, limit <= 1000), `/v0/market/{id}` and `/v0/slug/{slug}`
 * (FullMarkets with answers), `/v0/market/{id}/prob`, and `/v0/bets` (newest first, `before=<bet id>`,
 * exclusive `afterTime`/`beforeTime` in ms). Errors are `{ message }` as the venue sends them.
 * Binary markets trade on the core activity ticker; each answer of a multi-answer market has its own.
 */
import { SimActivity, type SimTrade } from '../../../sim/activity.js';
import { readCorpus } from '../../../sim/corpus.js';
import { hashString } from '../../../sim/rng.js';
import { json, SimServer, type SimResponse } from '../../../sim/server.js';
import { launchSimulator } from '../../../sim/launch.js';
import { indexFromSuffix, ScaledCatalog, varyNumbers, type MarketStore, type ScaleVariant } from '../../../sim/scale.js';
import type { RunningSimulator, SimulatorOptions } from '../../../sim/types.js';
import { isMultiAnswer, yesProbability, type ManifoldBetWire, type ManifoldMarketWire } from '../normalise.js';
import { manifoldId, manifoldSeed, toLiteMarket } from './seed.js';

export const MANIFOLD_SIM_PREFIX = '/v0';

const message = (status: number, text: string): SimResponse => ({ status, body: { message: text } });

/** Activity key of one answer of a multi-answer market. */
const answerKey = (marketId: string, answerId: string): string => `${marketId}/${answerId}`;

const DAY_MS = 86_400_000;

/** Synthetic market `v.k` from a template (scale mode): own id and slug, varied question and times, open or resolved. */
function scaledManifoldMarket(m: ManifoldMarketWire, v: ScaleVariant): ManifoldMarketWire {
  const shift = v.shiftDays * DAY_MS;
  // Times from the day, not the millisecond: the same seed gives the same markets all day.
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  const createdTime = Math.min(m.createdTime + shift, today - DAY_MS - v.k);
  const closeTime = v.open ? today + 2 * DAY_MS + Math.abs(shift) : Math.min((m.closeTime ?? m.createdTime) + shift, today - DAY_MS);
  const resolved = !v.open && m.outcomeType === 'BINARY';
  return {
    ...m,
    id: `${m.id.slice(0, 8)}s${v.k}`,
    slug: m.slug ? `${m.slug}-s${v.k}` : m.slug,
    url: m.url ? `${m.url}-s${v.k}` : m.url,
    question: varyNumbers(m.question, v),
    createdTime,
    closeTime,
    lastUpdatedTime: Math.min(Math.max(createdTime, (m.lastUpdatedTime ?? createdTime) + shift), today - DAY_MS),
    isResolved: resolved,
    resolution: resolved ? (v.k % 2 ? 'YES' : 'NO') : m.resolution,
    resolutionTime: resolved ? closeTime : m.resolutionTime,
  };
}

export async function startManifoldSimulator(opts: SimulatorOptions = {}): Promise<RunningSimulator> {
  const now = Date.now();
  const listed = new Map<string, ManifoldMarketWire>();
  for (const m of manifoldSeed(now)) listed.set(m.id, m);
  if (opts.corpusFile) {
    for (const raw of readCorpus(opts.corpusFile)) {
      const m = raw as ManifoldMarketWire;
      if (m && typeof m.id === 'string' && typeof m.question === 'string' && typeof m.outcomeType === 'string' && typeof m.createdTime === 'number') listed.set(m.id, m);
    }
  }
  // Scale mode: synthetic markets built on demand (src/sim/scale.ts); id and slug end in `s<k>`.
  const scaled = opts.scale
    ? new ScaledCatalog({ templates: [...listed.values()], n: opts.scale, seed: opts.seed ?? 1, variant: scaledManifoldMarket, idOf: (m) => m.id, indexOf: (id) => indexFromSuffix(id, /s(\d+)$/) })
    : null;
  const markets: MarketStore<ManifoldMarketWire> = scaled ?? listed;
  const slugs = new Map<string, ManifoldMarketWire>();
  if (!scaled) for (const m of markets.values()) if (m.slug) slugs.set(m.slug, m);
  const bySlug = (slug: string): ManifoldMarketWire | undefined => {
    if (!scaled) return slugs.get(slug);
    const i = indexFromSuffix(slug, /-s(\d+)$/);
    const m = i !== null && i >= 0 && i < opts.scale! ? scaled.at(i) : undefined;
    return m?.slug === slug ? m : undefined;
  };

  const activity = new SimActivity({ seed: opts.seed ?? 1, tickMs: opts.tickMs ?? 1000, now: Date.now });
  const isLive = (m: ManifoldMarketWire): boolean => !m.isResolved && (m.closeTime === undefined || m.closeTime > Date.now());
  // Closed markets never trade: in scale mode only the open ones are registered (a few bytes each).
  for (const m of scaled ? scaled.openValues() : markets.values()) {
    if (m.outcomeType === 'POLL') continue;
    if (isMultiAnswer(m)) {
      for (const a of m.answers ?? []) activity.addMarket(answerKey(m.id, a.id), a.probability ?? 0.5, { active: isLive(m) });
      continue;
    }
    let prob = 0.5;
    try {
      prob = yesProbability(m) ?? 0.5;
    } catch {
      continue;
    }
    activity.addMarket(m.id, prob, { active: isLive(m) });
  }

  /** Mana traded by the ticker on a market (shares x price), added to the seed's volume. */
  const liveVolume = (key: string): number => {
    const s = activity.peek(key);
    return s ? s.trades.reduce((v, t) => v + t.size * t.price, 0) : 0;
  };

  /** The FullMarket as served now: probabilities and volume moved by the ticker, once it has touched it. */
  const render = (m: ManifoldMarketWire): ManifoldMarketWire => {
    if (isMultiAnswer(m) && m.answers?.length) {
      const touched = m.answers.filter((a) => activity.peek(answerKey(m.id, a.id)));
      if (touched.length === 0) return m;
      const answers = m.answers.map((a) => {
        const s = activity.peek(answerKey(m.id, a.id));
        return s ? { ...a, probability: s.last } : a;
      });
      const extra = m.answers.reduce((v, a) => v + liveVolume(answerKey(m.id, a.id)), 0);
      const changedAt = Math.max(m.lastUpdatedTime ?? 0, ...touched.map((a) => activity.peek(answerKey(m.id, a.id))?.changedAt ?? 0));
      return { ...m, answers, volume: Math.round(((m.volume ?? 0) + extra) * 100) / 100, lastUpdatedTime: changedAt || m.lastUpdatedTime };
    }
    const s = activity.peek(m.id);
    if (!s || m.probability === undefined) return m;
    return { ...m, probability: s.last, volume: Math.round(((m.volume ?? 0) + liveVolume(m.id)) * 100) / 100, lastBetTime: s.trades[s.trades.length - 1]?.t ?? m.lastBetTime, lastUpdatedTime: Math.max(m.lastUpdatedTime ?? 0, s.changedAt ?? 0) || m.lastUpdatedTime };
  };

  /**
   * A ticker trade as a bet. Taker buys of YES are YES bets; taker sells of YES alternate between NO
   * bets and sales of YES shares (negative amount and shares), as both happen on Manifold.
   */
  const betWire = (contractId: string, answerId: string | undefined, t: SimTrade): ManifoldBetWire => {
    const sale = t.takerSide === 'sell' && hashString(t.id) % 2 === 1;
    const outcome = t.takerSide === 'buy' || sale ? 'YES' : 'NO';
    const outcomePrice = outcome === 'YES' ? t.price : 1 - t.price;
    const sign = sale ? -1 : 1;
    const amount = Math.round(sign * t.size * outcomePrice * 1e6) / 1e6;
    const drift = t.takerSide === 'buy' ? 0.005 : -0.005;
    const bet: ManifoldBetWire = {
      id: manifoldId(`bet:${contractId}:${answerId ?? ''}:${t.id}`, 12),
      userId: manifoldId(`user:${t.id}`, 28),
      contractId,
      createdTime: t.t,
      amount,
      shares: sign * t.size,
      outcome,
      probBefore: Math.min(0.99, Math.max(0.01, Math.round((t.price - drift) * 1e6) / 1e6)),
      probAfter: t.price,
      isFilled: true,
      isCancelled: false,
      isRedemption: false,
      orderAmount: Math.abs(amount),
      loanAmount: 0,
      fees: { creatorFee: 0, liquidityFee: 0, platformFee: 0 },
      fills: [{ amount, shares: sign * t.size, timestamp: t.t, matchedBetId: null }],
    };
    if (answerId) bet.answerId = answerId;
    return bet;
  };

  const betsOf = (m: ManifoldMarketWire): ManifoldBetWire[] => {
    if (isMultiAnswer(m)) return (m.answers ?? []).flatMap((a) => (activity.trades(answerKey(m.id, a.id)) ?? []).map((t) => betWire(m.id, a.id, t)));
    return (activity.trades(m.id) ?? []).map((t) => betWire(m.id, undefined, t));
  };

  /**
   * One page of the scaled catalog sorted on a key: each key's order of the synthetic markets is
   * computed once (an index array and the keys, 12 bytes a market); the markets the activity moved
   * (whose live key may differ) are taken out of it and merged back by their live key, so a page
   * builds only its own markets.
   */
  const orders = new Map<string, { order: Uint32Array; keys: Float64Array }>();
  const scaledPage = (catalog: ScaledCatalog<ManifoldMarketWire>, sort: string, key: (m: ManifoldMarketWire) => number, desc: boolean, before: string | null, limit: number): SimResponse => {
    let o = orders.get(sort);
    if (!o) {
      const keys = new Float64Array(opts.scale!);
      for (let i = 0; i < keys.length; i++) keys[i] = key(catalog.at(i));
      const order = new Uint32Array(keys.length).map((_, i) => i).sort((a, b) => keys[a] - keys[b] || a - b);
      o = { order, keys };
      orders.set(sort, o);
    }
    const moved = new Map<number, number>();
    for (const id of activity.changedIds()) {
      const i = indexFromSuffix(id.split('/')[0], /s(\d+)$/);
      if (i !== null && i >= 0 && i < o.keys.length && !moved.has(i)) moved.set(i, key(render(catalog.at(i))));
    }
    const keyOf = (i: number): number => moved.get(i) ?? o.keys[i];
    const movedSorted = [...moved.keys()].sort((a, b) => keyOf(a) - keyOf(b) || a - b);
    // Ascending merge of the unmoved order with the moved ones, then the direction asked for.
    const merged = new Uint32Array(o.order.length);
    let n = 0;
    let j = 0;
    for (const i of o.order) {
      if (moved.has(i)) continue;
      while (j < movedSorted.length && (keyOf(movedSorted[j]) - keyOf(i) || movedSorted[j] - i) < 0) merged[n++] = movedSorted[j++];
      merged[n++] = i;
    }
    while (j < movedSorted.length) merged[n++] = movedSorted[j++];
    if (desc) merged.reverse();
    let start = 0;
    if (before) {
      const bi = indexFromSuffix(before, /s(\d+)$/);
      const pos = bi !== null && catalog.get(before) ? merged.indexOf(bi) : -1;
      if (pos < 0) return message(404, `Contract ${before} not found`);
      start = pos + 1;
    }
    return json([...merged.subarray(start, start + limit)].map((i) => toLiteMarket(render(catalog.at(i)))));
  };

  const server = new SimServer('manifold');
  const P = MANIFOLD_SIM_PREFIX;

  const limitOf = (q: URLSearchParams, def: number): number | SimResponse => {
    const v = q.get('limit');
    if (v === null || v === '') return def;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0 || n > 1000) return message(400, 'Error validating request: limit must be an integer between 0 and 1000');
    return n;
  };

  server.get(`${P}/markets`, (req) => {
    const q = req.query;
    const limit = limitOf(q, 500);
    if (typeof limit !== 'number') return limit;
    const sort = q.get('sort') ?? 'created-time';
    const key: Record<string, (m: ManifoldMarketWire) => number> = {
      'created-time': (m) => m.createdTime,
      'updated-time': (m) => m.lastUpdatedTime ?? m.createdTime,
      'last-bet-time': (m) => m.lastBetTime ?? 0,
      'last-comment-time': (m) => m.lastCommentTime ?? 0,
    };
    const k = key[sort];
    if (!k) return message(400, `Error validating request: invalid sort ${sort}`);
    const desc = (q.get('order') ?? 'desc') === 'desc';
    if (scaled && !q.get('groupId') && !q.get('userId')) return scaledPage(scaled, sort, k, desc, q.get('before'), limit);
    let list = [...markets.values()].map(render);
    const groupId = q.get('groupId');
    if (groupId) list = list.filter((m) => m.groupSlugs?.includes(groupId));
    const userId = q.get('userId');
    if (userId) list = list.filter((m) => m.creatorId === userId);
    list.sort((a, b) => (desc ? k(b) - k(a) || (a.id < b.id ? -1 : 1) : k(a) - k(b) || (a.id < b.id ? -1 : 1)));
    const before = q.get('before');
    let start = 0;
    if (before) {
      const i = list.findIndex((m) => m.id === before);
      if (i < 0) return message(404, `Contract ${before} not found`);
      start = i + 1;
    }
    return json(list.slice(start, start + limit).map(toLiteMarket));
  });

  server.get(`${P}/market/:id`, (req) => {
    const m = markets.get(req.params.id);
    return m ? json(render(m)) : message(404, 'Contract not found');
  });

  server.get(`${P}/market/:id/prob`, (req) => {
    const m = markets.get(req.params.id);
    if (!m) return message(404, 'Contract not found');
    const r = render(m);
    if (isMultiAnswer(r)) return json({ answerProbs: Object.fromEntries((r.answers ?? []).map((a) => [a.id, a.probability ?? null])) });
    return json({ prob: yesProbability(r) });
  });

  server.get(`${P}/slug/:slug`, (req) => {
    const m = bySlug(req.params.slug);
    return m ? json(render(m)) : message(404, 'Contract not found');
  });

  server.get(`${P}/bets`, (req) => {
    const q = req.query;
    const limit = limitOf(q, 1000);
    if (typeof limit !== 'number') return limit;
    const ids = q.getAll('contractId').flatMap((v) => v.split(','));
    const slug = q.get('contractSlug');
    let scope: ManifoldMarketWire[];
    if (ids.length) scope = ids.map((id) => markets.get(id)).filter((m): m is ManifoldMarketWire => !!m);
    else if (slug) scope = bySlug(slug) ? [bySlug(slug)!] : [];
    else scope = activity.marketIds.filter((id) => activity.peek(id)).flatMap((id) => markets.get(id) ?? []);
    let bets = scope.flatMap(betsOf);
    const afterTime = q.get('afterTime');
    const beforeTime = q.get('beforeTime');
    if (afterTime) bets = bets.filter((b) => b.createdTime > Number(afterTime));
    if (beforeTime) bets = bets.filter((b) => b.createdTime < Number(beforeTime));
    const asc = q.get('order') === 'asc';
    bets.sort((a, b) => (asc ? a.createdTime - b.createdTime : b.createdTime - a.createdTime) || (a.id < b.id ? -1 : 1));
    const before = q.get('before');
    if (before) {
      const i = bets.findIndex((b) => b.id === before);
      bets = i < 0 ? [] : bets.slice(i + 1);
    }
    return json(bets.slice(0, limit));
  });

  return launchSimulator({
    exchange: 'manifold',
    server,
    activity,
    port: opts.port,
    baseUrls: () => ({ rest: `${server.baseUrl}${P}` }),
    marketCount: () => markets.size,
  });
}
