// The benchmark corpus: the real Polymarket Gamma markets from ../shared/data when present (22,162
// titles), else a generated corpus of the same size. Rows are in the catalog's `markets` shape.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { CatalogMarketRow } from '../../src/search/documents.js';

export const GAMMA_MARKETS = path.resolve(process.cwd(), '../shared/data/markets/polymarket/gamma-markets.jsonl.gz');

interface GammaMarket {
  id: string;
  question?: string;
  conditionId?: string;
  category?: string;
  active?: boolean;
  closed?: boolean;
  outcomePrices?: string;
  volumeNum?: number;
  volume?: string;
  volume24hr?: number;
  endDate?: string;
}

function num(v: unknown): number | null {
  const n = typeof v === 'string' ? Number(v) : typeof v === 'number' ? v : NaN;
  return Number.isFinite(n) ? n : null;
}

function firstPrice(outcomePrices: string | undefined): number | null {
  if (!outcomePrices) return null;
  try {
    const p = num((JSON.parse(outcomePrices) as unknown[])[0]);
    return p !== null && p >= 0 && p <= 1 ? p : null;
  } catch {
    return null;
  }
}

export function loadGammaCorpus(file = GAMMA_MARKETS): CatalogMarketRow[] {
  const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n');
  const rows: CatalogMarketRow[] = [];
  const seen = new Set<string>();
  for (const line of lines) {
    if (!line.trim()) continue;
    const m = JSON.parse(line) as GammaMarket;
    const title = m.question?.trim();
    const marketId = m.conditionId || `gamma-${m.id}`;
    if (!title || seen.has(marketId)) continue;
    seen.add(marketId);
    const closed = m.closed === true || m.active === false;
    const close = m.endDate && !Number.isNaN(Date.parse(m.endDate)) ? new Date(m.endDate).toISOString() : null;
    rows.push({
      exchange: 'polymarket',
      market_id: marketId,
      title,
      subtitle: null,
      category: (m.category ?? 'other').toLowerCase(),
      tags: [],
      status: closed ? 'closed' : 'open',
      closed,
      yes_price: firstPrice(m.outcomePrices),
      volume: num(m.volumeNum ?? m.volume),
      volume_24h: num(m.volume24hr),
      close_time: close,
      svc_id: null,
      cluster_id: null,
    });
  }
  return rows;
}

const SUBJECTS = ['Bitcoin', 'Ethereum', 'Solana', 'Trump', 'Biden', 'Harris', 'the Fed', 'Tesla', 'Apple', 'Nvidia',
  'the Lakers', 'the Chiefs', 'Real Madrid', 'Arsenal', 'OpenAI', 'SpaceX', 'Taylor Swift', 'Elon Musk', 'China', 'India'];
const VERBS = ['win', 'reach', 'announce', 'hit', 'drop below', 'close above', 'sign', 'launch', 'lose', 'beat'];
const OBJECTS = ['the election', '$100k', 'a new record', 'the championship', 'a rate cut', 'the playoffs', 'GPT-5',
  'a merger', 'the Super Bowl', 'an IPO', 'the World Cup', '$5,000', 'a ceasefire', 'the final', 'Mars'];
const WHEN = ['in 2025', 'by June', 'before July', 'this week', 'by end of year', 'in Q3', 'on Friday', 'by March 31'];
const CATEGORIES = ['crypto', 'politics', 'sports', 'business', 'science', 'culture'];
const VENUES = ['polymarket', 'kalshi', 'manifold', 'predictit', 'limitless'];

/** Deterministic generated corpus (when the real data is absent). */
export function generateCorpus(n: number): CatalogMarketRow[] {
  let seed = 42;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const pick = <T>(a: T[]) => a[Math.floor(rand() * a.length)];
  const rows: CatalogMarketRow[] = [];
  for (let i = 0; i < n; i++) {
    const closed = rand() < 0.6;
    rows.push({
      exchange: pick(VENUES),
      market_id: `gen-${i}`,
      title: `Will ${pick(SUBJECTS)} ${pick(VERBS)} ${pick(OBJECTS)} ${pick(WHEN)}?`,
      subtitle: null,
      category: pick(CATEGORIES),
      tags: [],
      status: closed ? 'closed' : 'open',
      closed,
      yes_price: Math.round(rand() * 100) / 100,
      volume: Math.round(10 ** (rand() * 7)),
      volume_24h: Math.round(10 ** (rand() * 5)),
      close_time: new Date(Date.UTC(2024, 0, 1) + Math.floor(rand() * 900) * 86_400_000).toISOString(),
      svc_id: null,
      cluster_id: null,
    });
  }
  return rows;
}

export function loadBenchCorpus(minimum = 20_000): { rows: CatalogMarketRow[]; source: string } {
  if (existsSync(GAMMA_MARKETS)) {
    const rows = loadGammaCorpus();
    if (rows.length >= minimum) return { rows, source: `real Polymarket Gamma markets (${rows.length})` };
    return { rows: [...rows, ...generateCorpus(minimum - rows.length)], source: `real (${rows.length}) + generated` };
  }
  return { rows: generateCorpus(minimum), source: `generated (${minimum}); ../shared/data absent` };
}
