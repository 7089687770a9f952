// The judged search set (test/fixtures/search/judged-queries.json): queries written the way
// outsiders ask (paraphrase, synonym, rules-only, question, name, misspelled), each with its relevant
// markets and the reason they are relevant, split tune / report. Scores ranked lists: recall@10 over
// at most ten relevant markets, per split and kind, and whether open markets came first.
import { readFileSync } from 'node:fs';

export const K = 10;
export const KINDS = ['paraphrase', 'synonym', 'rules-only', 'question', 'name', 'misspelled'] as const;
export type Split = 'tune' | 'report';

export interface JudgedSearchQuery {
  id: string;
  split: Split;
  kind: (typeof KINDS)[number];
  query: string;
  /** The market the query was written from (one of `relevant`). */
  source: string;
  reason: string;
  /** The pattern the listing was scanned with (case-insensitive, over title and subtitle). */
  rule: string;
  relevant: string[];
}

export function loadJudgedSearchQueries(split?: Split): JudgedSearchQuery[] {
  const url = new URL('../../test/fixtures/search/judged-queries.json', import.meta.url);
  const all = (JSON.parse(readFileSync(url, 'utf8')) as { queries: JudgedSearchQuery[] }).queries;
  return split ? all.filter((q) => q.split === split) : all;
}

/** recall@k over at most k relevant markets: a question with 40 relevant markets can still score 1. */
export function cappedRecallAtK(ranked: string[], relevant: string[], k = K): number {
  const top = new Set(ranked.slice(0, k));
  return relevant.filter((r) => top.has(r)).length / Math.min(relevant.length, k);
}

/**
 * The open-first rule on one ranked list, for a query whose relevant markets include an open one:
 * no closed or resolved relevant market ranks above the best-placed open relevant one in the top k
 * (and one does appear there when a closed relevant one does). True when it holds or does not apply.
 */
export function openFirstHolds(ranked: string[], relevant: string[], isOpen: (key: string) => boolean, k = K): boolean {
  const rel = new Set(relevant);
  if (!relevant.some(isOpen)) return true;
  for (const key of ranked.slice(0, k)) {
    if (!rel.has(key)) continue;
    return isOpen(key);
  }
  return true;
}

export type Ranker = (query: string) => Promise<string[]>;

export interface QueryResult {
  q: JudgedSearchQuery;
  by: Record<string, { recall: number; openFirst: boolean; top: string[] }>;
}

export async function runJudged(queries: JudgedSearchQuery[], rankers: Record<string, Ranker>, isOpen: (key: string) => boolean): Promise<QueryResult[]> {
  const out: QueryResult[] = [];
  for (const q of queries) {
    const by: QueryResult['by'] = {};
    for (const [name, rank] of Object.entries(rankers)) {
      const ranked = await rank(q.query);
      by[name] = { recall: cappedRecallAtK(ranked, q.relevant), openFirst: openFirstHolds(ranked, q.relevant, isOpen), top: ranked.slice(0, K) };
    }
    out.push({ q, by });
  }
  return out;
}

/** The markdown table: recall@10 per kind (rows) and method (columns), then open-first counts. */
export function judgedTable(rows: QueryResult[], names: string[]): string {
  const pct = (x: number) => (100 * x).toFixed(1);
  const mean = (rs: QueryResult[], n: string) => (rs.length ? rs.reduce((s, r) => s + r.by[n].recall, 0) / rs.length : 0);
  const lines = [`| kind | n | ${names.map((n) => `${n} R@${K}`).join(' | ')} |`, `|---|---|${names.map(() => '---').join('|')}|`];
  for (const kind of [...KINDS, 'all'] as const) {
    const rs = kind === 'all' ? rows : rows.filter((r) => r.q.kind === kind);
    if (!rs.length) continue;
    lines.push(`| ${kind} | ${rs.length} | ${names.map((n) => pct(mean(rs, n))).join(' | ')} |`);
  }
  const applicable = rows.filter((r) => r.q.relevant.length > 0);
  lines.push('', `Open-first holds (queries whose relevant markets include an open one count; the others hold trivially): ${names
    .map((n) => `${n} ${applicable.filter((r) => r.by[n].openFirst).length}/${applicable.length}`)
    .join(', ')}`);
  return lines.join('\n');
}
