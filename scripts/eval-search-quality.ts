// Search quality: runs natural-language queries with judged relevant markets through semantic
// search and through the project's keyword search (the PostgreSQL engine, same database), and
// prints recall@10 and nDCG@10 side by side, per kind of query.
//
//   npx tsx scripts/eval-search-quality.ts [--real [--no-index]] [--real-data-dir ./data/bench-semantic] [--json out.json]
//     [--no-judged] [--judged-only] [--no-semantic] [--no-elastic] [--judged-data-dir ./data/eval-judged]
//
// 1. Fixture corpus (test/fixtures/search-quality/): 68 hand-written markets, 58 queries
//    (paraphrases, synonyms such as BTC/bitcoin, questions sharing no word with the title, and a few
//    keyword controls), in a temporary embedded database.
// 2. With --real (needs ../shared/data): the 22k-market Polymarket listing, with Opinion market
//    titles as queries and the Polymarket market an arbitrage bot paired each with as the answer.
//    Uses (and fills, when needed) the benchmark data directory so its embeddings are reused.
// 3. Unless --no-judged (needs ../shared/data): the judged query set over the real listings of
//    Polymarket, Kalshi, Manifold and PredictIt (scripts/eval/judged-real.ts): keyword search on
//    PostgreSQL and on a local OpenSearch node, and semantic search (titles), side by side per split
//    and kind of query. Title embeddings are kept in --judged-data-dir for the next run.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { openDatabase } from '../src/db/database.js';
import { PostgresSearchEngine } from '../src/search/postgres/search-repository.js';
import type { MarketSearchDoc } from '../src/search/engine.js';
import { SemanticSearchService } from '../src/search/semantic/semantic-search.js';
import { MarketEmbeddingStore } from '../src/search/semantic/market-embedding-repository.js';
import { Embedder } from '../src/embeddings/embedder.js';
import { ensureModel } from '../src/embeddings/fetch-model.js';
import { PgEmbeddingCache } from '../src/embeddings/embedding-cache-repository.js';
import { EmbeddingIndexer } from '../src/indexers/embeddings-indexer.js';
import { loadFixtureCorpus, loadFixtureQueries, marketKey, type CorpusMarket } from './eval/catalog-fixture.js';
import { seedCatalogMarkets } from './lib/catalog-seed.js';
import { loadOpinionPairQueries, loadPolymarketCorpus, realDataAvailable } from './eval/real-corpus.js';
import { loadConfig } from '../src/config.js';
import { evaluateJudged, keywordSearcher, ndcgAtK, loadJudgedRealQueries, searchDocs, type Searcher } from './eval/judged-real.js';
import { loadRealListings, realListingsAvailable } from './eval/real-listings.js';
import type { SearchNode } from './lib/local-node.js';
import type { ElasticSearchEngine } from '../src/search/elastic/engine.js';
import { startEvalSearchNode } from './eval/eval-search-node.js';
import { arg, exitOnHelp } from './lib/cli-args.js';

exitOnHelp(import.meta.url);

const K = 10;

interface EvalQuery {
  kind: string;
  query: string;
  relevant: string[];
}

interface Scores {
  recall: number;
  ndcg: number;
}

/** recall@k: share of the relevant markets in the top k. */
export function recallAtK(ranked: string[], relevant: string[], k = K): number {
  const top = new Set(ranked.slice(0, k));
  return relevant.filter((r) => top.has(r)).length / relevant.length;
}

async function indexKeywordSearch(pool: pg.Pool, markets: CorpusMarket[]): Promise<PostgresSearchEngine> {
  const engine = new PostgresSearchEngine({ pool });
  await engine.ensureIndex();
  for (let i = 0; i < markets.length; i += 1000) {
    const docs: MarketSearchDoc[] = markets.slice(i, i + 1000).map((m) => ({
      exchange: m.exchange, market_id: m.market_id, title: m.title, subtitle: null, category: m.category, tags: [],
      status: m.closed ? 'closed' : 'open', closed: m.closed, yes_price: null, volume: null, volume_24h: null,
      close_time: null, svc_id: m.svc_id ?? null, cluster_id: null, cluster_exchanges: [m.exchange], change_seq: 1,
    }));
    await engine.upsert(docs);
  }
  return engine;
}

async function evaluate(label: string, pool: pg.Pool, embedder: Embedder, markets: CorpusMarket[], queries: EvalQuery[]) {
  const keyword = await indexKeywordSearch(pool, markets);
  const semantic = new SemanticSearchService(pool, embedder);
  const perQuery: { kind: string; query: string; semantic: Scores; keyword: Scores }[] = [];
  for (const q of queries) {
    const s = (await semantic.search({ query: q.query, limit: K })).results.map(marketKey);
    const k = (await keyword.searchMarkets({ q: q.query, status: 'all', sort: 'relevance', limit: K })).hits.map(marketKey);
    perQuery.push({
      kind: q.kind,
      query: q.query,
      semantic: { recall: recallAtK(s, q.relevant), ndcg: ndcgAtK(s, q.relevant) },
      keyword: { recall: recallAtK(k, q.relevant), ndcg: ndcgAtK(k, q.relevant) },
    });
  }
  const groups = new Map<string, typeof perQuery>();
  for (const row of perQuery) {
    for (const g of [row.kind, 'all', ...(row.kind !== 'keyword' && row.kind !== 'same-wording' ? ['paraphrase-like (all but keyword controls)'] : [])]) {
      groups.set(g, [...(groups.get(g) ?? []), row]);
    }
  }
  const mean = (rows: typeof perQuery, f: (r: (typeof perQuery)[number]) => number) => rows.reduce((s, r) => s + f(r), 0) / rows.length;
  const pct = (x: number) => (100 * x).toFixed(1);
  const lines = [
    `### ${label}`,
    '',
    `| queries | n | semantic recall@${K} | keyword recall@${K} | difference (points) | semantic nDCG@${K} | keyword nDCG@${K} |`,
    '|---|---|---|---|---|---|---|',
  ];
  const summary: Record<string, { n: number; semanticRecall: number; keywordRecall: number; semanticNdcg: number; keywordNdcg: number }> = {};
  for (const [group, rows] of groups) {
    const sr = mean(rows, (r) => r.semantic.recall);
    const kr = mean(rows, (r) => r.keyword.recall);
    const sn = mean(rows, (r) => r.semantic.ndcg);
    const kn = mean(rows, (r) => r.keyword.ndcg);
    summary[group] = { n: rows.length, semanticRecall: sr, keywordRecall: kr, semanticNdcg: sn, keywordNdcg: kn };
    lines.push(`| ${group} | ${rows.length} | ${pct(sr)} | ${pct(kr)} | ${(100 * (sr - kr)).toFixed(1)} | ${pct(sn)} | ${pct(kn)} |`);
  }
  const misses = perQuery.filter((r) => r.semantic.recall < 1).map((r) => `"${r.query}"`);
  lines.push('', `Semantic misses (not all relevant in the top ${K}): ${misses.length ? misses.join(', ') : 'none'}`);
  console.log(lines.join('\n') + '\n');
  return { label, summary, perQuery };
}

const { modelDir } = loadConfig();
// keyword-only runs (--judged-only --no-semantic) need no model
if (!process.argv.includes('--judged-only') || !process.argv.includes('--no-semantic')) {
  await ensureModel({ modelDir, log: (m) => console.error(m) });
}
const reports = [];

// 1. The fixture corpus, in a throwaway database.
if (!process.argv.includes('--judged-only')) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'eval-search-'));
  const db = await openDatabase({ dataDir });
  const embedder = await Embedder.start({ modelDir }, new PgEmbeddingCache(db.pool));
  try {
    const corpus = loadFixtureCorpus();
    await seedCatalogMarkets(db.pool, corpus);
    await new EmbeddingIndexer({ pool: db.pool, databaseKind: db.kind, embedder }).runOnce();
    reports.push(await evaluate(`Fixture corpus (${corpus.length} markets, hand-judged queries)`, db.pool, embedder, corpus, loadFixtureQueries()));
  } finally {
    await embedder.close();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// 2. The real listing, when asked for and present.
if (process.argv.includes('--real')) {
  if (!realDataAvailable()) {
    console.log('Real corpus skipped: ../shared/data is not present.');
  } else {
    const dataDir = path.resolve(arg('real-data-dir') ?? './data/bench-semantic');
    const db = await openDatabase({ dataDir });
    const embedder = await Embedder.start({ modelDir }, new PgEmbeddingCache(db.pool));
    try {
      const corpus = loadPolymarketCorpus();
      await seedCatalogMarkets(db.pool, corpus);
      // --no-index: evaluate with the embeddings already stored (e.g. titles done, rules still filling).
      if (!process.argv.includes('--no-index')) {
        console.error('embedding what is not embedded yet (reuses the benchmark data directory)...');
        await new EmbeddingIndexer({ pool: db.pool, databaseKind: db.kind, embedder, batchSize: 512 }).runOnce();
      }
      const stored = await new MarketEmbeddingStore(db.pool).counts();
      console.log(`Stored embeddings: ${stored.title} titles, ${stored.rules} rules.\n`);
      const queries = loadOpinionPairQueries(corpus).map((q) => ({
        kind: q.sameWording ? 'same-wording' : 'cross-venue rewording',
        query: q.query,
        relevant: q.relevant,
      }));
      reports.push(await evaluate(`Polymarket listing (${corpus.length} markets), Opinion titles as queries`, db.pool, embedder, corpus, queries));
    } finally {
      await embedder.close();
      await db.close();
    }
  }
}

// 3. The judged query set over the real listings.
if (!process.argv.includes('--no-judged')) {
  if (!realListingsAvailable()) {
    console.log('Judged real-listing set skipped: ../shared/data is not present.');
  } else {
    const markets = loadRealListings();
    const queries = loadJudgedRealQueries();
    const searchers: Record<string, Searcher> = {};
    const dataDir = path.resolve(arg('judged-data-dir') ?? './data/eval-judged');
    const db = await openDatabase({ dataDir });
    let embedder: Embedder | null = null;
    let node: SearchNode | null = null;
    let elastic: ElasticSearchEngine | null = null;
    try {
      const docs = searchDocs(markets);
      const pgEngine = new PostgresSearchEngine({ pool: db.pool });
      for (let i = 0; i < docs.length; i += 1000) await pgEngine.upsert(docs.slice(i, i + 1000));
      searchers.postgres = keywordSearcher(pgEngine);
      const started = process.argv.includes('--no-elastic') ? null : await startEvalSearchNode(docs, 'eval-judged');
      if (started) {
        ({ node, engine: elastic } = started);
        searchers.elastic = keywordSearcher(elastic);
      }
      if (!process.argv.includes('--no-semantic')) {
        embedder = await Embedder.start({ modelDir }, new PgEmbeddingCache(db.pool));
        await seedCatalogMarkets(db.pool, markets);
        console.error('embedding the titles not embedded yet (kept in the judged data directory)...');
        await new EmbeddingIndexer({ pool: db.pool, databaseKind: db.kind, embedder, batchSize: 512 }).runOnce();
        const semantic = new SemanticSearchService(db.pool, embedder);
        searchers.semantic = async (q) => (await semantic.search({ query: q, limit: K })).results.map(marketKey);
      }
      const { table, rows } = await evaluateJudged(queries, searchers);
      console.log(`### Judged queries over the real listings (${markets.length} markets, ${queries.length} queries)\n\n${table}\n`);
      reports.push({ label: 'judged real listings', table, perQuery: rows.map((r) => ({ split: r.q.split, kind: r.q.kind, query: r.q.query, eligible: r.eligible, ...r.by })) });
    } finally {
      await embedder?.close();
      await elastic?.close();
      await node?.stop();
      await db.close();
    }
  }
}

const jsonOut = arg('json');
if (jsonOut) writeFileSync(jsonOut, JSON.stringify(reports, null, 2));
