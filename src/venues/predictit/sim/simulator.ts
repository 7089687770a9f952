/**
 * A local fake of PredictIt's public data: `/api/marketdata/all/` (every market with its contracts,
 * one unpaged snapshot), `/api/marketdata/markets/{id}`, and the web chart endpoint
 * `/api/Public/GetMarketChartData/{id}?timespan=24h|7d|30d|90d&maxContracts=N&showHidden=true`
 * (OHLC rows per contract, the N most expensive contracts, zone-less US Eastern dates). Each contract
 * trades on the core activity ticker; the snapshot shows its best quotes and last price.
 */
import { SimActivity } from '../../../sim/activity.js';
import { readCorpus } from '../../../sim/corpus.js';
import { createRng } from '../../../sim/rng.js';
import { json, SimServer, type SimResponse } from '../../../sim/server.js';
import { launchSimulator } from '../../../sim/launch.js';
import { ScaledCatalog, varyNumbers, type ScaleVariant } from '../../../sim/scale.js';
import type { RunningSimulator, SimulatorOptions } from '../../../sim/types.js';
import type { PredictItContractWire, PredictItMarketWire } from '../normalise.js';
import { predictitSeed, predictitTimeStamp, toEasternWallClock } from './seed.js';

export const PREDICTIT_SIM_PREFIX = '/api';

const CHART_STEP_MS: Record<string, number> = { '24h': 30 * 60_000, '7d': 3_600_000, '30d': 86_400_000, '90d': 86_400_000 };
const CHART_SPAN_MS: Record<string, number> = { '24h': 86_400_000, '7d': 7 * 86_400_000, '30d': 30 * 86_400_000, '90d': 90 * 86_400_000 };
const LINE_COLORS = ['#2B7FCB', '#E04C4C', '#7DB93F', '#F5A623', '#8E5EA2', '#4A4A4A'];

const text = (status: number, message: string): SimResponse => ({ status, body: { Message: message } });
const cents = (p: number): number => Math.round(Math.min(0.99, Math.max(0.01, p)) * 100) / 100;

/** Synthetic ids (scale mode): market k is 20,000,000 + k; its contract j is 100,000,000 + 100 k + j. */
const SCALED_MARKET_BASE = 20_000_000;
const SCALED_CONTRACT_BASE = 100_000_000;
const DAY_MS = 86_400_000;

/**
 * Synthetic market `v.k` from a template (scale mode): own ids and URL, varied names and end dates;
 * open ones in the snapshot, the others closed (reachable by id only: the snapshot is of the open
 * markets, as on the venue).
 */
function scaledPredictItMarket(m: PredictItMarketWire, v: ScaleVariant): PredictItMarketWire {
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  const status = v.open ? 'Open' : 'Closed';
  const contracts = m.contracts.map((c, j): PredictItContractWire => {
    // The venue's `YYYY-MM-DDThh:mm:ss` or `MM/DD/YYYY hh:mm:ss AM (ET)` (or `NA`): the date moves, the format and the time of day stay.
    const iso = /^(\d{4})-(\d{2})-(\d{2})(T.*)$/.exec(c.dateEnd ?? '');
    const us = /^(\d{2})\/(\d{2})\/(\d{4})( .*)$/.exec(c.dateEnd ?? '');
    const end = iso ? Date.UTC(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3])) : us ? Date.UTC(Number(us[3]), Number(us[1]) - 1, Number(us[2])) : NaN;
    const moved = new Date(v.open ? today + Math.abs(v.shiftDays) * DAY_MS + DAY_MS : Math.min(end + v.shiftDays * DAY_MS, today - DAY_MS));
    const [y, mo, d] = [moved.getUTCFullYear(), String(moved.getUTCMonth() + 1).padStart(2, '0'), String(moved.getUTCDate()).padStart(2, '0')];
    const dateEnd = Number.isNaN(end) ? c.dateEnd : iso ? `${y}-${mo}-${d}${iso[4]}` : `${mo}/${d}/${y}${us![4]}`;
    return { ...c, id: SCALED_CONTRACT_BASE + 100 * v.k + j, name: varyNumbers(c.name, v), shortName: c.shortName ? varyNumbers(c.shortName, v) : c.shortName, dateEnd, status };
  });
  const id = SCALED_MARKET_BASE + v.k;
  return { ...m, id, name: varyNumbers(m.name, v), shortName: m.shortName ? varyNumbers(m.shortName, v) : m.shortName, url: m.url ? m.url.replace(/\/\d+\//, `/${id}/`) : m.url, status, contracts };
}

export async function startPredictItSimulator(opts: SimulatorOptions = {}): Promise<RunningSimulator> {
  const now = Date.now();
  const markets = new Map<number, PredictItMarketWire>();
  for (const m of predictitSeed(now)) markets.set(m.id, m);
  if (opts.corpusFile) {
    for (const raw of readCorpus(opts.corpusFile)) {
      const m = raw as PredictItMarketWire;
      if (m && typeof m.id === 'number' && typeof m.name === 'string' && Array.isArray(m.contracts)) markets.set(m.id, m);
    }
  }
  // Scale mode: synthetic markets built on demand (src/sim/scale.ts); their ids carry `k`.
  const scaled = opts.scale
    ? new ScaledCatalog({ templates: [...markets.values()], n: opts.scale, seed: opts.seed ?? 1, variant: scaledPredictItMarket, idOf: (m) => String(m.id), indexOf: (id) => (/^\d+$/.test(id) ? Number(id) - SCALED_MARKET_BASE - 1 : null) })
    : null;
  const marketById = (id: number): PredictItMarketWire | undefined => (scaled ? scaled.get(String(id)) : markets.get(id));
  const contractCount = (): number => (scaled ? scaled.size : [...markets.values()].reduce((n, m) => n + m.contracts.length, 0));

  const activity = new SimActivity({ seed: opts.seed ?? 1, tickMs: opts.tickMs ?? 1000, now: Date.now });
  // Closed markets never trade: in scale mode only the open ones are registered (a few bytes each).
  for (const m of scaled ? scaled.openValues() : markets.values()) {
    for (const c of m.contracts) activity.addMarket(String(c.id), c.lastTradePrice ?? 0.5, { active: m.status === 'Open' && c.status === 'Open' });
  }

  /** A contract as the feed shows it now: quotes from the live book once the ticker has touched it. */
  const renderContract = (c: PredictItContractWire): PredictItContractWire => {
    const s = activity.peek(String(c.id));
    if (!s || c.status !== 'Open') return c;
    const b = activity.book(String(c.id));
    const bid = b?.bids[0]?.price;
    const ask = b?.asks[0]?.price;
    return {
      ...c,
      lastTradePrice: cents(s.last),
      bestBuyYesCost: ask !== undefined ? cents(ask) : null,
      bestSellYesCost: bid !== undefined ? cents(bid) : null,
      bestBuyNoCost: bid !== undefined ? cents(1 - bid) : null,
      bestSellNoCost: ask !== undefined ? cents(1 - ask) : null,
    };
  };
  const render = (m: PredictItMarketWire): PredictItMarketWire => ({ ...m, contracts: m.contracts.map(renderContract), timeStamp: predictitTimeStamp(Date.now()) });

  const server = new SimServer('predictit');
  const P = PREDICTIT_SIM_PREFIX;

  server.get(`${P}/marketdata/all`, () => json({ markets: (scaled ? scaled.list('open').slice() : [...markets.values()]).map(render) }));

  server.get(`${P}/marketdata/markets/:id`, (req) => {
    const m = /^\d+$/.test(req.params.id) ? marketById(Number(req.params.id)) : undefined;
    return m ? json(render(m)) : text(404, 'Market not found');
  });

  server.get(`${P}/Public/GetMarketChartData/:id`, (req) => {
    const m = /^\d+$/.test(req.params.id) ? marketById(Number(req.params.id)) : undefined;
    if (!m) return json([]);
    const timespan = req.query.get('timespan') ?? '24h';
    const step = CHART_STEP_MS[timespan];
    if (!step) return text(400, 'The request is invalid.');
    const maxContracts = Math.max(1, Number(req.query.get('maxContracts') ?? 6) || 6);
    const end = Date.now();
    // Like the site's chart: the most expensive contracts first, up to maxContracts.
    const shown = [...m.contracts].sort((a, b) => (b.lastTradePrice ?? 0) - (a.lastTradePrice ?? 0)).slice(0, maxContracts);
    const rows = shown.flatMap((c, i) => {
      const points = activity.history(String(c.id), { startMs: end - CHART_SPAN_MS[timespan], endMs: end, stepMs: step }) ?? [];
      const r = createRng(`predictit-chart:${c.id}:${timespan}`);
      return points.map((pt, k) => {
        const prev = k > 0 ? points[k - 1].p : pt.p;
        const wall = toEasternWallClock(pt.t);
        const [date, time] = wall.split('T');
        const [y, mo, d] = date.split('-');
        return {
          contractId: c.id,
          contractName: c.name,
          date: wall,
          dateString: `${mo}/${d}/${y} ${time}`,
          openSharePrice: cents(prev),
          highSharePrice: cents(Math.max(prev, pt.p)),
          lowSharePrice: cents(Math.min(prev, pt.p)),
          closeSharePrice: cents(pt.p),
          tradeVolume: r.int(0, 4000),
          lineColor: LINE_COLORS[i % LINE_COLORS.length],
        };
      });
    });
    return json(rows);
  });

  return launchSimulator({
    exchange: 'predictit',
    server,
    activity,
    port: opts.port,
    baseUrls: () => ({ rest: `${server.baseUrl}${P}` }),
    marketCount: contractCount,
  });
}
