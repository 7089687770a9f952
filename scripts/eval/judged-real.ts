// The judged query set over the real listings (test/fixtures/search-quality/judged-real.json):
// queries written the ways people search (question, keywords, a name only, misspelled), each with
// its relevant markets and a one-line reason, split dev / held-out. Runs every query through keyword
// search on PostgreSQL and on Elasticsearch/OpenSearch and through semantic search, and reports
// recall@10, nDCG@10 and the zero-result rate per split and kind, side by side.
import { readFileSync } from 'node:fs';
import type { MarketSearchDoc, SearchEngine } from '../../src/search/engine.js';
import { contentTerms, wordTokens } from '../../src/search/query-text.js';

export const K = 10;

export interface JudgedRealQuery {
  split: 'dev' | 'held-out';
  kind: 'question' | 'keywords' | 'name' | 'misspelled';
  query: string;
  reason: string;
  relevant: string[];
  titles: string[];
}

export function loadJudgedRealQueries(): JudgedRealQuery[] {
  const url = new URL('../../test/fixtures/search-quality/judged-real.json', import.meta.url);
  return (JSON.parse(readFileSync(url, 'utf8')) as { queries: JudgedRealQuery[] }).queries;
}

/** recall@k over at most k relevant markets: a name with 25 markets can still score 1 in a top 10. */
export function cappedRecallAtK(ranked: string[], relevant: string[], k = K): number {
  const top = new Set(ranked.slice(0, k));
  return relevant.filter((r) => top.has(r)).length / Math.min(relevant.length, k);
}

/** nDCG@k with binary gains. */
export function ndcgAtK(ranked: string[], relevant: string[], k = K): number {
  const rel = new Set(relevant);
  let dcg = 0;
  ranked.slice(0, k).forEach((key, i) => {
    if (rel.has(key)) dcg += 1 / Math.log2(i + 2);
  });
  let ideal = 0;
  for (let i = 0; i < Math.min(k, relevant.length); i++) ideal += 1 / Math.log2(i + 2);
  return ideal === 0 ? 0 : dcg / ideal;
}

/** The target's population: a content word of the query is a word of some relevant title. */
export function hasContentWordInRelevantTitle(q: JudgedRealQuery): boolean {
  const titleWords = new Set(q.titles.flatMap(wordTokens));
  return contentTerms(wordTokens(q.query)).some((t) => titleWords.has(t));
}

export type Searcher = (query: string) => Promise<string[]>;

export function keywordSearcher(engine: SearchEngine): Searcher {
  return async (q) =>
    (await engine.searchMarkets({ q, status: 'all', sort: 'relevance', limit: K })).hits.map((h) => `${h.exchange}:${h.market_id}`);
}

export function searchDocs(markets: { exchange: string; market_id: string; title: string; closed: boolean; volume: number | null }[]): MarketSearchDoc[] {
  return markets.map((m) => ({
    exchange: m.exchange, market_id: m.market_id, title: m.title, subtitle: null, category: 'other', tags: [],
    status: m.closed ? 'closed' : 'open', closed: m.closed, yes_price: null, volume: m.volume, volume_24h: null,
    close_time: null, svc_id: null, cluster_id: null, cluster_exchanges: [m.exchange], change_seq: 1,
  }));
}

interface Row {
  q: JudgedRealQuery;
  eligible: boolean;
  by: Record<string, { recall: number; ndcg: number; empty: boolean }>;
}

/** Runs every query through every searcher; returns the markdown table and the per-query rows. */
export async function evaluateJudged(queries: JudgedRealQuery[], searchers: Record<string, Searcher>): Promise<{ table: string; rows: Row[] }> {
  const names = Object.keys(searchers);
  const rows: Row[] = [];
  const ms: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  for (const q of queries) {
    const by: Row['by'] = {};
    for (const name of names) {
      const started = performance.now();
      const ranked = await searchers[name](q.query);
      ms[name].push(performance.now() - started);
      by[name] = { recall: cappedRecallAtK(ranked, q.relevant), ndcg: ndcgAtK(ranked, q.relevant), empty: ranked.length === 0 };
    }
    rows.push({ q, eligible: hasContentWordInRelevantTitle(q), by });
  }
  const groups = new Map<string, Row[]>();
  for (const r of rows) {
    for (const g of [`${r.q.split} / all`, `${r.q.split} / ${r.q.kind}`, 'all / all']) groups.set(g, [...(groups.get(g) ?? []), r]);
  }
  const pct = (x: number) => (100 * x).toFixed(1);
  const mean = (rs: Row[], f: (r: Row) => number) => (rs.length ? rs.reduce((s, r) => s + f(r), 0) / rs.length : 0);
  const head = [
    'split / kind', 'n',
    ...names.map((n) => `${n} R@${K}`), ...names.map((n) => `${n} nDCG@${K}`),
    'eligible', ...names.map((n) => `${n} zero`),
  ];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  for (const [g, rs] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    const eligible = rs.filter((r) => r.eligible);
    lines.push(`| ${[
      g, rs.length,
      ...names.map((n) => pct(mean(rs, (r) => r.by[n].recall))),
      ...names.map((n) => pct(mean(rs, (r) => r.by[n].ndcg))),
      eligible.length,
      ...names.map((n) => `${eligible.filter((r) => r.by[n].empty).length} (${pct(mean(eligible, (r) => (r.by[n].empty ? 1 : 0)))}%)`),
    ].join(' | ')} |`);
  }
  // one query at a time, in this process: a rough cost of each path, not a benchmark
  const quantile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? 0;
  lines.push('', `Latency per query, sequential (ms): ${names.map((n) => `${n} p50 ${quantile(ms[n], 0.5).toFixed(1)} / p95 ${quantile(ms[n], 0.95).toFixed(1)}`).join('; ')}`);
  for (const n of names) {
    const zero = rows.filter((r) => r.eligible && r.by[n].empty).map((r) => `"${r.q.query}"`);
    lines.push('', `${n}: eligible queries with no result: ${zero.length ? zero.join(', ') : 'none'}`);
  }
  return { table: lines.join('\n'), rows };
}
