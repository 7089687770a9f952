/**
 * Which searches cost OpenSearch the most at scale, one at a time: on a catalog kept by
 * `bench/scale/run.ts --path server --keep DIR`, the search index is rebuilt on a fresh local node
 * and each of the benchmark's keyword queries and autocomplete prefixes is sent alone as the engine
 * sends it (src/search/elastic/queries.ts), with the node's own `took` and its match count; then
 * the took percentiles, and the slowest queries with their match counts. Before that, the mean took
 * of the same queries with one part of the body taken out (the exact total, the popularity
 * function_score, both, the fetch) says what each part costs.
 *
 *   npx tsx bench/scale/query-costs.ts --keep /tmp/x [--queries 400] [--slowest 15]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { arg, exitOnHelp } from '../../scripts/lib/cli-args.js';
import { startSearchNode } from '../../scripts/lib/local-node.js';
import { openDatabase } from '../../src/db/database.js';
import { rebuildSearchIndex } from '../../src/indexers/search-indexer.js';
import { createElasticClient } from '../../src/search/elastic/client.js';
import { ElasticSearchEngine } from '../../src/search/elastic/engine.js';
import { autocompleteBody, searchBody } from '../../src/search/elastic/queries.js';
import { normaliseQuery } from '../../src/search/query-text.js';
import { autocompletePrefixes, keywordQueries } from '../search/queries.js';
import { openKeptServerDatabase } from './kept-database.js';

exitOnHelp(import.meta.url);
const KEEP = arg('keep');
const QUERIES = arg('queries', 400);
const SLOWEST = arg('slowest', 15);
if (!KEEP) throw new Error('--keep DIR: the data directory of a run of bench/scale/run.ts --path server --keep DIR');

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-query-costs-'));
const kept = await openKeptServerDatabase(path.resolve(KEEP));
const db = await openDatabase({ dataDir: tmp, databaseUrl: kept.url });
const node = await startSearchNode({ timeoutMs: 300_000 });
try {
  const client = createElasticClient(node.url);
  const alias = `bench-costs-${process.pid}-markets`;
  const engine = new ElasticSearchEngine({ client, alias, dropOldIndexAfterMs: 0 });
  const build = await rebuildSearchIndex({ pool: db.pool, writer: engine });
  console.error(`index: ${build.bulk.written} documents in ${build.bulk.seconds.toFixed(0)} s`);
  const titles = (await db.pool.query<{ title: string }>('SELECT title FROM markets WHERE NOT removed ORDER BY random() LIMIT 5000')).rows.map((r) => r.title);
  const kinds = {
    autocomplete: autocompletePrefixes(titles, QUERIES).map((q) => ({ q, body: autocompleteBody({ q, limit: 8 }, normaliseQuery(q)) })),
    keyword: keywordQueries(titles, QUERIES).map((q) => ({ q, body: searchBody({ q, status: 'all', sort: 'relevance', limit: 20 }, normaliseQuery(q)) })),
  };
  // the same queries with one part taken out: how much of the node's time each part is
  const unwrap = (body: Record<string, unknown>): Record<string, unknown> => {
    const fs = (body.query as { function_score?: { query: unknown } }).function_score;
    return fs ? { ...body, query: fs.query } : body;
  };
  const variants: Record<string, (b: Record<string, unknown>) => Record<string, unknown>> = {
    'as sent': (b) => b,
    'no exact total (track_total_hits false)': (b) => ({ ...b, track_total_hits: false }),
    'no popularity function_score': unwrap,
    'neither': (b) => ({ ...unwrap(b), track_total_hits: false }),
    'no fetch (size 0)': (b) => ({ ...b, size: 0 }),
  };
  for (const [kind, list] of Object.entries(kinds)) {
    for (const { body } of list) await client.search({ index: alias, ...body });
    const parts: string[] = [];
    for (const [name, change] of Object.entries(variants)) {
      let took = 0;
      for (const { body } of list) took += (await client.search({ index: alias, ...change(body) })).took;
      parts.push(`${name} ${(took / list.length).toFixed(1)} ms`);
    }
    console.log(`${kind}: mean took by variant (${list.length} queries, one at a time): ${parts.join('; ')}`);
  }
  for (const [kind, list] of Object.entries(kinds)) {
    // warm the node on the same queries first (a fresh JVM compiles for a while)
    for (const { body } of list) await client.search({ index: alias, ...body });
    const measured: { q: string; took: number; matches: number }[] = [];
    for (const { q, body } of list) {
      const res = await client.search({ index: alias, ...body });
      const count = await client.count({ index: alias, query: body.query as never });
      measured.push({ q, took: res.took, matches: count.count });
    }
    const tooks = measured.map((m) => m.took).sort((a, b) => a - b);
    const at = (p: number): number => tooks[Math.min(tooks.length - 1, Math.ceil(p * tooks.length) - 1)];
    const byMatches = [...measured].sort((a, b) => b.matches - a.matches);
    const big = byMatches.slice(0, Math.ceil(measured.length / 10));
    const mean = (xs: { took: number }[]): string => (xs.reduce((s, m) => s + m.took, 0) / xs.length).toFixed(1);
    console.log(`\n## ${kind}: ${measured.length} queries, one at a time; took p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${tooks[tooks.length - 1]} ms; mean ${mean(measured)} ms, mean of the tenth with the most matches ${mean(big)} ms (>= ${big[big.length - 1].matches} matches)`);
    console.log('| query | took ms | matches |\n|---|---|---|');
    for (const m of [...measured].sort((a, b) => b.took - a.took).slice(0, SLOWEST)) console.log(`| ${m.q} | ${m.took} | ${m.matches} |`);
  }
} finally {
  await db.close();
  await node.stop();
  await kept.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
}
