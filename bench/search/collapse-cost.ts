// What grouping costs a keyword search on the PostgreSQL engine (embedded database): the same
// queries ungrouped and collapsed by event (the route's default), over a generated corpus with
// ladders (events of 10 markets). Run: `npx tsx bench/search/collapse-cost.ts [markets]`.
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
// per query: the median of 5 of each
for (const q of queries) {
  const med = async (collapse: 'event' | undefined) => {
    const t: number[] = [];
    for (let i = 0; i < 5; i++) {
      const s = performance.now();
      await engine.searchMarkets({ q, status: 'all', sort: 'relevance', limit: 20, collapse });
      t.push(performance.now() - s);
    }
    return t.sort((a, b) => a - b)[2].toFixed(1);
  };
  const total = (await engine.searchMarkets({ q, status: 'all', sort: 'relevance', limit: 1 })).total;
  console.log(`"${q}" (${total} matches): none ${await med(undefined)} ms, event ${await med('event')} ms`);
}
await db.destroy();
