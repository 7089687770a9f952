// The search routes inside the real app (request ids, request logs, API-key check, rate limit,
// error frame: bench/support/keyed-app.ts) in their own process, as in production: the API's event
// loop is not the load generator's. The accounts live in a throw-away embedded database.
// Prints `listening <port> <api key>` when ready.
//   tsx bench/search/api-server.ts --elasticsearch-url <url> [--alias markets] [--cache]
import { Router } from 'express';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/db/database.js';
import { CatalogReader } from '../../src/catalog/catalog-repository.js';
import { createElasticClient } from '../../src/search/elastic/client.js';
import { ElasticSearchEngine } from '../../src/search/elastic/engine.js';
import { createSearchRouter } from '../../src/http/routes/search.js';
import { ResponseCache } from '../../src/search/response-cache.js';
import { startKeyedApp } from '../support/keyed-app.js';
import { arg } from '../../scripts/lib/cli-args.js';

const url = arg('elasticsearch-url');
if (!url) throw new Error('--elasticsearch-url is required');
const engine = new ElasticSearchEngine({ client: createElasticClient(url), alias: arg('alias') ?? 'markets' });
const cache = process.argv.includes('--cache') ? new ResponseCache({ maxEntries: 20_000, ttlMs: 60_000 }) : undefined;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-search-api-'));
const db = await openDatabase({ dataDir });
// /api/v1/bench/cache-stats: the harness reads the hit ratio between phases
const stats = Router().get('/cache-stats', (_req, res) => {
  res.json({ hits: cache?.hits ?? 0, misses: cache?.misses ?? 0, size: cache?.size ?? 0 });
});
const app = await startKeyedApp({
  db,
  routers: () => [
    // the catalog read of each answer's prices runs as in the service (on this database's empty catalog)
    { path: '/search', router: createSearchRouter({ engine, cache, catalog: new CatalogReader(db.pool) }) },
    { path: '/bench', router: stats },
  ],
});
console.log(`listening ${new URL(app.base).port} ${app.apiKey}`);

process.on('SIGTERM', () => {
  void (async () => {
    await app.close();
    await engine.close();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  })();
});
