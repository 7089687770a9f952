// The search routes in their own process (as in production: the API's event loop is not the load
// generator's). Prints `listening <port>` when ready.
//   ELASTICSEARCH_URL=... SEARCH_ALIAS=... SEARCH_CACHE=1 tsx bench/search/api-server.ts
import express from 'express';
import type { AddressInfo } from 'node:net';
import { HttpError } from '../../src/http/errors.js';
import { createElasticClient } from '../../src/search/elastic/client.js';
import { ElasticSearchEngine } from '../../src/search/elastic/engine.js';
import { createSearchRouter } from '../../src/search/http/router.js';
import { ResponseCache } from '../../src/search/response-cache.js';

const url = process.env.ELASTICSEARCH_URL;
if (!url) throw new Error('ELASTICSEARCH_URL is required');
const engine = new ElasticSearchEngine({ client: createElasticClient(url), alias: process.env.SEARCH_ALIAS ?? 'markets' });
const cache = process.env.SEARCH_CACHE === '1' ? new ResponseCache({ maxEntries: 20_000, ttlMs: 60_000 }) : undefined;

const app = express();
app.disable('x-powered-by');
app.set('query parser', 'simple');
app.use('/api/v1/search', createSearchRouter({ engine, cache }));
app.get('/cache-stats', (_req, res) => {
  res.json({ hits: cache?.hits ?? 0, misses: cache?.misses ?? 0, size: cache?.size ?? 0 });
});
app.use(((err, _req, res, _next) => {
  res.status(err instanceof HttpError ? err.status : 500).json({ error: (err as Error).message });
}) as express.ErrorRequestHandler);
const server = app.listen(0, '127.0.0.1', () => {
  console.log(`listening ${(server.address() as AddressInfo).port}`);
});
server.keepAliveTimeout = 60_000;
process.on('SIGTERM', () => {
  server.close();
  void engine.close().then(() => process.exit(0));
});
