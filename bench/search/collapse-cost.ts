// What grouping costs a keyword search on the PostgreSQL engine (embedded database): the same
// queries ungrouped and collapsed by event (the routes' default), over a generated corpus with
// ladders (events of 10 markets); per query the two alternated and their ratio.
// Run: `npx tsx bench/search/collapse-cost.ts [markets]`.
import { PostgresSearchEngine } from '../../src/search/postgres/search-repository.js';
import { toSearchDoc } from '../../src/search/documents.js';
import { openTestDatabase } from '../../test/helpers/database.js';
import { generateCorpus } from './corpus.js';

const n = Number(process.argv[2] ?? 25_000);
const db = await openTestDatabase();
const engine = new PostgresSearchEngine({ pool: db.pool });
const rows = generateCorpus(n);
const docs = rows.map((r, i) => ({ ...toSearchDoc({ ...r, change_seq: i + 1, removed: false }), event_id: `ev-${Math.floor(i / 10)}` }));
for (let i = 0; i < docs.length; i += 2000) await engine.upsert(docs.slice(i, i + 2000));
const queries = ['', 'election', 'will bitcoin', 'super bowl', 'rate cut by june'];
const time = async (collapse: 'event' | undefined): Promise<number[]> => {
  const out: number[] = [];
  for (let round = 0; round < 6; round++) {
    for (const q of queries) {
      const t = performance.now();
      await engine.searchMarkets({ q, status: 'all', sort: 'relevance', limit: 20, collapse });
      if (round > 0) out.push(performance.now() - t);
    }
  }
  return out.sort((a, b) => a - b);
};
for (const collapse of [undefined, 'event', undefined, 'event'] as const) {
  const t = await time(collapse);
  console.log(`${collapse ?? 'none'}: p50 ${t[Math.floor(t.length / 2)].toFixed(1)} ms, p95 ${t[Math.floor(t.length * 0.95)].toFixed(1)} ms (${t.length} searches, ${n} markets)`);
}
// per query: none and event alternated (the machine's load drifts), the median of 7 of each
const ratios: number[] = [];
for (const q of queries) {
  const t: Record<'none' | 'event', number[]> = { none: [], event: [] };
  for (let i = 0; i < 7; i++) {
    for (const collapse of [undefined, 'event'] as const) {
      const s = performance.now();
      await engine.searchMarkets({ q, status: 'all', sort: 'relevance', limit: 20, collapse });
      t[collapse ?? 'none'].push(performance.now() - s);
    }
  }
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[3];
  ratios.push(med(t.event) / med(t.none));
  const total = (await engine.searchMarkets({ q, status: 'all', sort: 'relevance', limit: 1 })).total;
  console.log(`"${q}" (${total} matches): none ${med(t.none).toFixed(1)} ms, event ${med(t.event).toFixed(1)} ms, event/none ${(med(t.event) / med(t.none)).toFixed(2)}x`);
}
console.log(`event/none per query: median ${[...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)].toFixed(2)}x, max ${Math.max(...ratios).toFixed(2)}x`);
await db.destroy();
