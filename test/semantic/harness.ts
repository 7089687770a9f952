// A real HTTP server for the semantic route: the project's app factory with its real API-key and
// plan middleware, a real embedded database holding the fixture corpus, and the real model.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AccountService } from '../../src/accounts/accounts.js';
import { ApiKeyService } from '../../src/accounts/api-keys.js';
import { buildPlanTable, type Plan } from '../../src/accounts/plans.js';
import { SlidingWindowLimiter } from '../../src/accounts/rate-limiter.js';
import { createApp } from '../../src/http/app.js';
import { createLogger } from '../../src/logger.js';
import { systemClock } from '../../src/util/clock.js';
import { Embedder } from '../../embeddings/embedder.js';
import { PgEmbeddingCache } from '../../embeddings/pg-embedding-cache.js';
import { EmbeddingIndexer } from '../../indexers/embeddings-indexer.js';
import { createSemanticRouter } from '../../src/http/routes/semantic-search.js';
import { startSemanticResultCache, type SemanticResultCacheOptions } from '../../src/search/semantic/result-cache.js';
import { SemanticSearchService } from '../../src/search/semantic/semantic-search.js';
import { loadFixtureCorpus, upsertCatalogMarkets } from '../../scripts/eval/catalog-fixture.js';
import { openTestDatabase, type TestDatabase } from '../helpers/database.js';
import { ensureTestModel, TEST_MODEL_DIR } from '../embeddings/model-for-tests.js';

export interface SemanticHarness {
  db: TestDatabase;
  embedder: Embedder;
  indexer: EmbeddingIndexer;
  service: SemanticSearchService;
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
  await upsertCatalogMarkets(db.pool, loadFixtureCorpus());
  const indexer = new EmbeddingIndexer({ pool: db.pool, embedder });
  await indexer.runOnce();
  const service = new SemanticSearchService(db.pool, embedder);
  const results = opts.resultCache ? startSemanticResultCache(db.pool, opts.resultCache) : undefined;
  const clock = systemClock;
  const accounts = new AccountService(db.pool, clock, 3600_000);
  const keys = new ApiKeyService(db.pool, clock);
  const app = createApp({
    settings: {
      version: 'test', maxBodyBytes: 256 * 1024, trustProxyHops: 0, testKeyTtlSeconds: 600,
      testKeyRatePerMinute: 60, testKeysPerAddressPerHour: 20, productionKeyRatePerMinute: 100_000,
    },
    logger: createLogger('silent'),
    clock,
    db,
    accounts,
    keys,
    keyLimiter: new SlidingWindowLimiter(clock, 60_000),
    addressLimiter: new SlidingWindowLimiter(clock, 3600_000),
    plans: buildPlanTable(),
    startedAt: clock.now(),
    keyedRouters: (ctx) => [{ path: '/search', router: createSemanticRouter({ requireFeature: ctx.requireFeature, getService: () => service, cache: results?.cache }) }],
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const keyCache = new Map<Plan, string>();
  return {
    db, embedder, indexer, service, url,
    async keyFor(plan) {
      if (!keyCache.has(plan)) {
        const user = await accounts.createAnonymousUser();
        keyCache.set(plan, (await keys.issue({ userId: user.id, kind: 'production', plan, ratePerMinute: 100_000 })).api_key);
      }
      return keyCache.get(plan)!;
    },
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
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await indexer.stop();
      await embedder.close();
      await db.destroy();
    },
  };
}
