// The real listings of ../shared/data/markets (never copied into the repository) normalised by the
// venues' own adapters, as a sync of `npm run sim -- --corpus` would write them: titles, rules,
// categories, statuses and event ids as the service serves them. The corpus of the judged query set
// (test/fixtures/search/judged-queries.json). Keys are `<exchange>:<market_id>` as the catalog has them.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { loadConfig } from '../../src/config.js';
import type { Market } from '../../src/venues/records.js';
import * as polymarket from '../../src/venues/polymarket/normalise.js';
import * as kalshi from '../../src/venues/kalshi/normalise.js';
import * as predictit from '../../src/venues/predictit/normalise.js';
import * as manifold from '../../src/venues/manifold/normalise.js';

const FILES = {
  polymarket: 'markets/polymarket/gamma-markets.jsonl.gz',
  kalshi: 'markets/kalshi/markets.jsonl.gz',
  kalshiTrimmed: 'markets/kalshi/markets-trimmed.jsonl.gz',
  kalshiEvents: 'markets/kalshi/events.jsonl.gz',
  manifold: 'markets/manifold/markets.jsonl.gz',
  predictit: 'markets/predictit/markets.jsonl.gz',
} as const;

/** The capture date the listings are read as of (statuses of dated markets depend on it). */
const FETCHED_AT = '2026-03-01T00:00:00Z';

const dataDir = (): string => loadConfig().sharedDataDir;

export function judgedListingsAvailable(): boolean {
  return Object.values(FILES).every((f) => existsSync(path.join(dataDir(), f)));
}

function readJsonLines(file: string): Record<string, unknown>[] {
  const text = gunzipSync(readFileSync(path.join(dataDir(), file))).toString('utf8');
  return text.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** Every market of the listings the adapters accept, once per key; `refused` counts the others per venue. */
export function loadJudgedListings(): { markets: Market[]; refused: Record<string, number> } {
  const ctx = { fetchedAt: FETCHED_AT };
  const markets: Market[] = [];
  const seen = new Set<string>();
  const refused: Record<string, number> = {};
  const add = (venue: string, make: () => Market): void => {
    try {
      const m = make();
      const key = `${m.exchange}:${m.market_id}`;
      if (seen.has(key)) return;
      seen.add(key);
      markets.push(m);
    } catch {
      refused[venue] = (refused[venue] ?? 0) + 1;
    }
  };
  for (const raw of readJsonLines(FILES.polymarket)) add('polymarket', () => polymarket.normaliseMarket(raw as never, ctx));
  const kalshiEvents = new Map<string, { title?: string; category?: string; series_ticker?: string }>();
  for (const e of readJsonLines(FILES.kalshiEvents)) kalshiEvents.set(String(e.event_ticker), e as never);
  for (const file of [FILES.kalshi, FILES.kalshiTrimmed]) {
    for (const raw of readJsonLines(file)) add('kalshi', () => kalshi.normaliseMarket(raw as never, ctx, kalshiEvents.get(String(raw.event_ticker)) as never));
  }
  for (const raw of readJsonLines(FILES.predictit)) {
    const m = raw as { contracts: unknown[] };
    for (const c of m.contracts) add('predictit', () => predictit.normaliseContract(m as never, c as never, ctx));
  }
  for (const raw of readJsonLines(FILES.manifold)) add('manifold', () => manifold.normaliseMarket(raw as never, ctx));
  return { markets, refused };
}
