// The real listings of four venues in ../shared/data/markets (never copied into the repository) as
// catalog rows, for the judged query set (test/fixtures/search-quality/judged-real.json). Keys are
// `<exchange>:<venue id>`: Polymarket conditionId, Kalshi ticker, Manifold id, PredictIt market id.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { loadConfig } from '../../src/config.js';
import type { CorpusMarket } from './catalog-fixture.js';

export interface ListedMarket extends CorpusMarket {
  volume: number | null;
}

const FILES = {
  polymarket: 'markets/polymarket/gamma-markets.jsonl.gz',
  kalshi: 'markets/kalshi/markets-trimmed.jsonl.gz',
  manifold: 'markets/manifold/markets.jsonl.gz',
  predictit: 'markets/predictit/markets.jsonl.gz',
} as const;

const dataDir = (): string => loadConfig().sharedDataDir;

export function realListingsAvailable(): boolean {
  return Object.values(FILES).every((f) => existsSync(path.join(dataDir(), f)));
}

function readJsonLines(file: string): Record<string, unknown>[] {
  const text = gunzipSync(readFileSync(path.join(dataDir(), file))).toString('utf8');
  return text.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as Record<string, unknown>);
}

const num = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
};
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** Titles only (rules left empty): the judged set is about finding markets by what people type. */
export function loadRealListings(): ListedMarket[] {
  const out: ListedMarket[] = [];
  const seen = new Set<string>();
  const push = (m: ListedMarket) => {
    const key = `${m.exchange}:${m.market_id}`;
    if (!m.market_id || !m.title || seen.has(key)) return;
    seen.add(key);
    out.push(m);
  };
  for (const m of readJsonLines(FILES.polymarket)) {
    const closed = m.closed === true || m.closed === 'true' || m.closed === 'True';
    push({ exchange: 'polymarket', market_id: str(m.conditionId), title: str(m.question), rules: '', category: 'other', closed, volume: num(m.volumeNum ?? m.volume) });
  }
  for (const m of readJsonLines(FILES.kalshi)) {
    push({ exchange: 'kalshi', market_id: str(m.ticker), title: str(m.title), rules: '', category: 'other', closed: m.status !== 'active', volume: num(m.volume) });
  }
  for (const m of readJsonLines(FILES.manifold)) {
    push({ exchange: 'manifold', market_id: str(m.id), title: str(m.question), rules: '', category: 'other', closed: m.isResolved === true, volume: num(m.volume) });
  }
  for (const m of readJsonLines(FILES.predictit)) {
    push({ exchange: 'predictit', market_id: str(m.id), title: str(m.name), rules: '', category: 'other', closed: m.status !== 'Open', volume: null });
  }
  return out;
}
