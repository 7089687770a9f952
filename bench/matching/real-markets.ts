// The real venue listings of ../shared/data (the files `npm run sim -- --corpus` serves) as unified
// market records, normalised by each venue's own adapter as a sync would: Polymarket's Gamma markets,
// Kalshi's markets, PredictIt's contracts and Manifold's markets. Never copied into the repository.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { loadConfig } from '../../src/config.js';
import type { Market } from '../../src/venues/records.js';
import * as kalshi from '../../src/venues/kalshi/normalise.js';
import * as manifold from '../../src/venues/manifold/normalise.js';
import * as polymarket from '../../src/venues/polymarket/normalise.js';
import * as predictit from '../../src/venues/predictit/normalise.js';

/** The listings' directory: `markets/` of the configuration's shared data directory (SHARED_DATA_DIR, default ../shared/data). */
export const REAL_MARKETS_DIR = path.join(loadConfig().sharedDataDir, 'markets');

export const realMarketsAvailable = (): boolean => existsSync(path.join(REAL_MARKETS_DIR, 'polymarket/gamma-markets.jsonl.gz'));

function lines(file: string): unknown[] {
  return zlib
    .gunzipSync(readFileSync(path.join(REAL_MARKETS_DIR, file)))
    .toString('utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as unknown);
}

/** Every market the adapters accept, and per venue how many records they refused. */
export function loadRealMarkets(): { markets: Market[]; refused: Record<string, number> } {
  const ctx = { fetchedAt: '2026-03-01T00:00:00Z' };
  const markets: Market[] = [];
  const refused: Record<string, number> = {};
  const add = (venue: string, make: () => Market | Market[]): void => {
    try {
      const m = make();
      markets.push(...(Array.isArray(m) ? m : [m]));
    } catch {
      refused[venue] = (refused[venue] ?? 0) + 1;
    }
  };
  for (const raw of lines('polymarket/gamma-markets.jsonl.gz')) add('polymarket', () => polymarket.normaliseMarket(raw as never, ctx));
  for (const raw of lines('kalshi/markets.jsonl.gz')) add('kalshi', () => kalshi.normaliseMarket(raw as never, ctx));
  for (const raw of lines('predictit/markets.jsonl.gz')) {
    const m = raw as { contracts: unknown[] };
    for (const c of m.contracts) add('predictit', () => predictit.normaliseContract(m as never, c as never, ctx));
  }
  for (const raw of lines('manifold/markets.jsonl.gz')) add('manifold', () => manifold.normaliseMarket(raw as never, ctx));
  // one record per (venue, id): the listings hold a few repeats across captures
  const seen = new Set<string>();
  return { markets: markets.filter((m) => !seen.has(`${m.exchange}:${m.market_id}`) && !!seen.add(`${m.exchange}:${m.market_id}`)), refused };
}
