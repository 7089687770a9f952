// What each clause of the keyword/autocomplete queries costs: the same node, index and queries,
// one query-body variant at a time, engine only (no API), closed loop at 4 clients.
//
//   ELASTICSEARCH_URL=http://127.0.0.1:9201 npx tsx bench/search/profile-clauses.ts [--seconds 4]
//
// Without ELASTICSEARCH_URL the local node is started. The reference variant (plain
// search_as_you_type + bool_prefix, size 8: the engine floor's 948 q/s, docs/search.md) runs first and last, so drift
// (merges, other load on the machine) shows up in the table instead of in the comparison.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { toSearchDoc } from '../../src/search/documents.js';
import { createElasticClient } from '../../src/search/elastic/client.js';
import { ElasticSearchEngine } from '../../src/search/elastic/engine.js';
import { startSearchNode, type SearchNode } from '../../scripts/lib/local-node.js';
import { autocompleteBody, searchBody } from '../../src/search/elastic/queries.js';
import { normaliseQuery, type NormalisedQuery } from '../../src/search/query-text.js';
import { loadBenchCorpus } from './corpus.js';
import { formatRow, runLoad, TABLE_HEADER } from './harness.js';
import { autocompletePrefixes, keywordQueries } from './queries.js';
import { loadConfig } from '../../src/config.js';
import { arg } from '../../scripts/lib/cli-args.js';

type Json = Record<string, unknown>;

const SECONDS = arg('seconds', 4);
const SAYT = ['title.sayt', 'title.sayt._2gram', 'title.sayt._3gram'];

/** Remove the `should` clauses whose JSON mentions `needle` (e.g. 'fuzziness', 'match_phrase_prefix'). */
function without(body: Json, ...needles: string[]): Json {
  const copy = structuredClone(body) as Json;
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const o = node as Json;
    const bool = o.bool as { should?: unknown[] } | undefined;
    if (bool?.should) bool.should = bool.should.filter((c) => !needles.some((n) => JSON.stringify(c).includes(n)));
    for (const v of Object.values(o)) visit(v);
  };
  visit(copy);
  return copy;
}

/** The text query without the function_score wrapper (no popularity). */
function unwrapped(body: Json): Json {
  const q = body.query as { function_score?: { query: Json } };
  return { ...body, query: q.function_score ? q.function_score.query : q };
}

async function main(): Promise<void> {
  let node: SearchNode | null = null;
  let url = loadConfig().elasticsearchUrl;
  if (!url) {
    node = await startSearchNode();
    url = node.url;
  }
  const client = createElasticClient(url);
  const alias = `profile-${randomBytes(3).toString('hex')}-markets`;
  const engine = new ElasticSearchEngine({ client: createElasticClient(url), alias, dropOldIndexAfterMs: 0 });
  try {
    const { rows, source } = loadBenchCorpus(20_000);
    const titles = rows.map((r) => r.title);
    const rebuild = await engine.beginRebuild();
    const docs = rows.map((r, i) => toSearchDoc({ ...r, change_seq: i + 1, removed: false }));
    for (let i = 0; i < docs.length; i += 2000) await engine.upsert(docs.slice(i, i + 2000), rebuild.target);
    await rebuild.commit();
    console.log(`corpus: ${source}; ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(1)).join('/')}; ${SECONDS} s per variant, 4 clients`);

    const prefixes = autocompletePrefixes(titles, 5000).map(normaliseQuery);
    const keywords = keywordQueries(titles, 5000).map(normaliseQuery);
    const filterPath = ['hits.total', 'hits.hits._source', 'hits.hits._score', 'hits.hits.sort'];
    const run = async (label: string, pool: NormalisedQuery[], body: (nq: NormalisedQuery) => Json) => {
      const r = await runLoad({
        label,
        concurrency: 4,
        seconds: SECONDS,
        warmupSeconds: 1,
        request: (i) => client.search({ index: alias, filter_path: filterPath, ...body(pool[i % pool.length]) }),
      });
      console.log(formatRow(r));
    };

    const reference = (nq: NormalisedQuery): Json => ({
      query: { multi_match: { query: nq.match, type: 'bool_prefix', fields: SAYT } },
      size: 8,
      _source: ['exchange', 'market_id', 'title', 'svc_id', 'cluster_exchanges', 'group_key'],
    });
    const ac = (nq: NormalisedQuery) => autocompleteBody({ q: nq.full, limit: 8 }, nq) as Json;
    const kw = (nq: NormalisedQuery) => searchBody({ q: nq.full, status: 'all', sort: 'relevance', limit: 20 }, nq) as Json;

    const fuzzy = (body: Json, fuzziness: string, prefixLength: number, maxExpansions: number): Json =>
      JSON.parse(
        JSON.stringify(body)
          .replace(/"fuzziness":"AUTO[^"]*"/g, `"fuzziness":"${fuzziness}"`)
          .replace(/"prefix_length":1,"max_expansions":20/g, `"prefix_length":${prefixLength},"max_expansions":${maxExpansions}`),
      ) as Json;
    // the clauses as they were before this profile (fuzzy AUTO, match_phrase_prefix), for comparison
    const phrasePrefix = (nq: NormalisedQuery) => ({ constant_score: { filter: { match_phrase_prefix: { title: { query: nq.match, max_expansions: 20 } } }, boost: 10 } });
    const acBefore = (nq: NormalisedQuery): Json => {
      const body = fuzzy(without(ac(nq), '"fields":["title.sayt._2gram"]', '"fields":["title.sayt._3gram"]', '"fields":["title.sayt"]'), 'AUTO', 1, 20);
      ((body.query as Json).function_score as { query: { bool: { should: Json[] } } }).query.bool.should.push(phrasePrefix(nq));
      return body;
    };
    const variants: [string, NormalisedQuery[], (nq: NormalisedQuery) => Json][] = [
      ['reference: sayt bool_prefix, size 8', prefixes, reference],
      ['ac before: + fuzzy AUTO + match_phrase_prefix', prefixes, acBefore],
      ['ac: now (fuzzy AUTO:5,8, in-order on the shingles)', prefixes, ac],
      ['ac: now, no fuzzy', prefixes, (nq) => without(ac(nq), 'fuzziness')],
      ['ac: now, no function_score', prefixes, (nq) => unwrapped(ac(nq))],
      ['ac: as the engine runs it (dedupe, collapse when needed)', prefixes, ac],
      ['ac: now, 3x over-fetch (size 24, as before)', prefixes, (nq) => ({ ...ac(nq), size: 24 })],
      ['ac: now, track_total_hits false', prefixes, (nq) => ({ ...ac(nq), track_total_hits: false })],
      ['ac: now, score order only (no key tie-break)', prefixes, (nq) => ({ ...ac(nq), sort: undefined })],
      ['ac: now, score order only, track_total_hits false', prefixes, (nq) => ({ ...ac(nq), sort: undefined, track_total_hits: false })],
      ['ac: no function_score, track_total_hits false', prefixes, (nq) => ({ ...unwrapped(ac(nq)), track_total_hits: false })],
      ['kw before: fuzzy AUTO', keywords, (nq) => fuzzy(kw(nq), 'AUTO', 1, 20)],
      ['kw: fuzzy AUTO:5,8', keywords, kw],
      ['kw: no function_score, track_total_hits 1000', keywords, (nq) => ({ ...unwrapped(kw(nq)), track_total_hits: 1000 })],
      ['kw: no fuzzy', keywords, (nq) => without(kw(nq), 'fuzziness')],
    ];
    // how often a typo-free autocomplete would leave the list short (what a "fuzzy only as a
    // fallback" design would pay twice for): 27% of these prefixes, so fuzzy stays in the one query
    let short = 0;
    for (const nq of prefixes.slice(0, 500)) {
      const res = await client.search<{ group_key: string }>({ index: alias, ...without(ac(nq), 'fuzziness') });
      if (new Set(res.hits.hits.map((h) => h._source!.group_key)).size < 8) short++;
    }
    console.log(`typo-free autocomplete short of 8 suggestions: ${short} of 500 prefixes (${(short / 5).toFixed(1)}%)`);
    // warm the node (fresh index: merges, caches, JIT) before anything is measured
    await runLoad({ label: 'warm-up', concurrency: 4, seconds: 10, request: (i) => client.search({ index: alias, ...(i % 2 ? ac(prefixes[i % prefixes.length]) : kw(keywords[i % keywords.length])) }) });
    // two interleaved rounds: drift on a shared machine hits every variant alike
    for (let round = 1; round <= 2; round++) {
      console.log(`\nround ${round}, load ${os.loadavg().map((l) => l.toFixed(1)).join('/')}`);
      console.log(TABLE_HEADER);
      for (const [label, pool, body] of variants) {
        if (process.argv.includes('--ac-only') && !label.startsWith('ac') && !label.startsWith('reference')) continue;
        if (label.startsWith('ac: as the engine')) {
          const raw = autocompletePrefixes(titles, 5000);
          console.log(formatRow(await runLoad({ label, concurrency: 4, seconds: SECONDS, warmupSeconds: 1, request: (i) => engine.autocomplete({ q: raw[i % raw.length], limit: 8 }) })));
        } else await run(label, pool, body);
      }
    }
  } finally {
    for (const name of await engine.listIndices().catch(() => [])) await engine.dropIndex(name);
    await engine.close();
    await client.close();
    if (node) await node.stop();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
