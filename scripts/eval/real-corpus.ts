// The real Polymarket listing in ../shared/data (never copied into the repository) as catalog rows,
// for the quality evaluation and the benchmarks. Absent data is reported, not an error.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { CorpusMarket } from './catalog-fixture.js';
import { loadConfig } from '../../src/config.js';

/** `SHARED_DATA_DIR` of the configuration (default ../shared/data), read when first needed. */
const sharedDataDir = (): string => loadConfig().sharedDataDir;
const GAMMA_MARKETS = 'markets/polymarket/gamma-markets.jsonl.gz';
const OPINION_PAIRS = 'pairs/opinion-polymarket.jsonl';

export function realDataAvailable(): boolean {
  return existsSync(path.join(sharedDataDir(), GAMMA_MARKETS));
}

function readJsonLines<T>(file: string): T[] {
  const raw = readFileSync(file);
  const text = file.endsWith('.gz') ? gunzipSync(raw).toString('utf8') : raw.toString('utf8');
  return text.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as T);
}

interface GammaMarket {
  conditionId?: string;
  question?: string;
  description?: string;
  category?: string;
  closed?: boolean | string;
}

/** Gamma `/markets` objects as catalog rows (market_id = conditionId, rules = description). */
export function loadPolymarketCorpus(): CorpusMarket[] {
  const seen = new Set<string>();
  const out: CorpusMarket[] = [];
  for (const m of readJsonLines<GammaMarket>(path.join(sharedDataDir(), GAMMA_MARKETS))) {
    if (!m.conditionId || !m.question || seen.has(m.conditionId)) continue;
    seen.add(m.conditionId);
    out.push({
      exchange: 'polymarket',
      market_id: m.conditionId,
      title: m.question,
      rules: m.description ?? '',
      category: (m.category || 'other').toLowerCase(),
      closed: m.closed === true || m.closed === 'True' || m.closed === 'true',
    });
  }
  return out;
}

/**
 * Cross-venue queries: an Opinion market's title, with the Polymarket market an arbitrage bot paired
 * it with as the relevant answer (the same question worded by another venue).
 */
export function loadOpinionPairQueries(corpus: CorpusMarket[]): { query: string; relevant: string[]; sameWording: boolean }[] {
  const byId = new Map(corpus.map((m) => [m.market_id, m]));
  const file = path.join(sharedDataDir(), OPINION_PAIRS);
  if (!existsSync(file)) return [];
  const queries = new Map<string, { query: string; relevant: string[]; sameWording: boolean }>();
  for (const pair of readJsonLines<{ opinion: { title: string }; polymarket: { condition_id: string } }>(file)) {
    const target = byId.get(pair.polymarket.condition_id);
    if (!target || !pair.opinion.title) continue;
    const key = pair.opinion.title;
    const entry = queries.get(key) ?? { query: key, relevant: [], sameWording: false };
    entry.relevant.push(`polymarket:${target.market_id}`);
    entry.sameWording ||= target.title.trim().toLowerCase() === key.trim().toLowerCase();
    queries.set(key, entry);
  }
  return [...queries.values()];
}
