// The closed-loop load of the semantic benchmarks (latency.ts, during-backfill.ts): clients that
// each send their next search as soon as the last one answered, through the lean keep-alive client
// of bench/support/raw-http.ts, with each request's time in the query embedding and in the database
// read from its Server-Timing header.
import { loadFixtureQueries } from '../../scripts/eval/catalog-fixture.js';
import { loadOpinionPairQueries, loadPolymarketCorpus, realDataAvailable } from '../../scripts/eval/real-corpus.js';
import { headerValue, RawHttpClient } from '../support/raw-http.js';
import type { KeyedApp } from '../support/keyed-app.js';

export interface Sample { total: number; embed: number; db: number }
export type Body = Record<string, unknown>;

/** Natural-language queries: the hand-written set plus, with the real data, other venues' titles. */
export function benchmarkQueries(): string[] {
  return [...new Set([
    ...loadFixtureQueries().map((q) => q.query),
    ...(realDataAvailable() ? loadOpinionPairQueries(loadPolymarketCorpus()).map((q) => q.query) : []),
  ])];
}

/** A third plain, a third active_only, a third with an exchange filter and limit 50. */
export const withFilters = (q: string, n: number): Body => [
  { query: q },
  { query: q, active_only: true },
  { query: q, exchange: ['polymarket', 'kalshi'], limit: 50 },
][n % 3];

export async function closedLoop(app: KeyedApp, clients: number, durationS: number, nextBody: (n: number) => Body): Promise<{ samples: Sample[]; perSecond: number }> {
  const client = new RawHttpClient(app.base, { 'X-API-Key': app.apiKey });
  const samples: Sample[] = [];
  let next = 0;
  const deadline = performance.now() + durationS * 1000;
  const started = performance.now();
  try {
    await Promise.all(Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        const body = nextBody(next++);
        const t = performance.now();
        const res = await client.post('/api/v1/search/semantic', body);
        const total = performance.now() - t;
        if (res.status !== 200) throw new Error(`status ${res.status}`);
        const timing = headerValue(res, 'server-timing') ?? '';
        const embed = Number(/embed;dur=([\d.]+)/.exec(timing)?.[1]);
        const dbMs = Number(/db;dur=([\d.]+)/.exec(timing)?.[1]);
        samples.push({ total, embed, db: dbMs });
      }
    }));
  } finally {
    client.close();
  }
  return { samples, perSecond: samples.length / ((performance.now() - started) / 1000) };
}

export const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
};
export const fmt = (xs: number[]): string => `${pct(xs, 0.5).toFixed(1)} / ${pct(xs, 0.95).toFixed(1)} / ${pct(xs, 0.99).toFixed(1)}`;
export const fmt2 = (xs: number[]): string => `${pct(xs, 0.5).toFixed(1)} / ${pct(xs, 0.95).toFixed(1)}`;
