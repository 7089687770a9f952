// A real HTTP server for the semantic route: the project's app factory with its real API-key and
// plan middleware, a real embedded database holding the fixture corpus, and the real model.
import type { Plan } from '../../src/accounts/plans.js';
import { Embedder } from '../../src/embeddings/embedder.js';
import { CatalogReader } from '../../src/catalog/catalog-repository.js';
import { PgEmbeddingCache } from '../../src/embeddings/embedding-cache-repository.js';
import { EmbeddingIndexer } from '../../src/indexers/embeddings-indexer.js';
import { createSemanticRouter } from '../../src/http/routes/semantic-search.js';
import { startSemanticResultCache, type SemanticResultCacheOptions } from '../../src/search/semantic/result-cache.js';
import { SemanticSearchService } from '../../src/search/semantic/semantic-search.js';
import { loadFixtureCorpus } from '../../scripts/eval/catalog-fixture.js';
import { seedCatalogMarkets } from '../../scripts/lib/catalog-seed.js';
import { startTestApp } from '../helpers/app.js';
import { openTestDatabase, type TestDatabase } from '../helpers/database.js';
import { ensureTestModel, TEST_MODEL_DIR } from '../embeddings/model-for-tests.js';

export interface SemanticHarness {
  db: TestDatabase;
  embedder: Embedder;
  indexer: EmbeddingIndexer;
  service: SemanticSearchService;
  /** With `resultCache`: drops the answers as a change announced by another instance does (src/service.ts). */
  invalidateAnswers?: () => void;
  url: string;
  keyFor(plan: Plan): Promise<string>;
  post(body: unknown, key?: string): Promise<{ status: number; body: any; headers: Headers }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  close(): Promise<void>;
}

export interface SemanticHarnessOptions {
  /** Mount the route with the recent-answers cache (off by default: each test sees a real search). */
  resultCache?: SemanticResultCacheOptions;
}

export async function startSemanticHarness(opts: SemanticHarnessOptions = {}): Promise<SemanticHarness> {
  await ensureTestModel();
  const db = await openTestDatabase();
  const embedder = await Embedder.start({ modelDir: TEST_MODEL_DIR, workers: 1 }, new PgEmbeddingCache(db.pool), { queryCacheSize: 0 });
  await seedCatalogMarkets(db.pool, loadFixtureCorpus());
  const indexer = new EmbeddingIndexer({ pool: db.pool, databaseKind: db.kind, embedder });
  await indexer.runOnce();
  const service = new SemanticSearchService(db.pool, embedder);
  const results = opts.resultCache ? startSemanticResultCache(db.pool, opts.resultCache, () => service.forgetCatalogCopies()) : undefined;
  const app = await startTestApp({
    db,
    settings: { version: 'test', productionKeyRatePerMinute: 100_000 },
    keyedRouters: (ctx) => [{ path: '/search', router: createSemanticRouter({ requireFeature: ctx.requireFeature, getService: () => service, cache: results?.cache, catalog: new CatalogReader(db.pool) }) }],
  });
  const url = app.url;
  return {
    db, embedder, indexer, service, url,
    invalidateAnswers: results?.invalidate,
    keyFor: (plan) => app.keyFor(plan),
    async post(body, key) {
      const res = await fetch(`${url}/api/v1/search/semantic`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(key ? { 'x-api-key': key } : {}) },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
    },
    async close() {
      results?.stop();
      await app.close();
      await indexer.stop();
      await embedder.close();
      await db.destroy();
    },
  };
}
