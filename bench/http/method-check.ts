// What the 405 check (middleware/method-not-allowed.ts) costs per request: it runs before every
// route, matching the request path against every documented operation's template. Times the lookup
// alone for a few paths, in-process, after a warm-up.
//   npx tsx bench/http/method-check.ts
import '../../src/service.js'; // registers every route's OpenAPI paths, as at start
import { buildOpenApiDocument } from '../../src/http/openapi.js';
import { allowedMethodsOf, operationsOf } from '../../src/http/middleware/method-not-allowed.js';
import { notBuiltRoutes } from '../../src/http/routes/not-built.js';

const operations = [...operationsOf(buildOpenApiDocument('bench')), ...notBuiltRoutes()];
const allowedFor = allowedMethodsOf(operations);
const CALLS = 100_000;
console.log(`${operations.length} known operations; ${CALLS} lookups per path`);
console.log('| path | µs per lookup | allowed |');
console.log('|---|---:|---|');
for (const path of ['/api/v1/search/autocomplete', '/api/v1/kalshi/KXFED-26DEC-T4.25/orderbook', '/api/v1/nope/x/y/z', '/health']) {
  for (let i = 0; i < CALLS / 5; i++) allowedFor(path);
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < CALLS; i++) allowedFor(path);
  const us = Number(process.hrtime.bigint() - t0) / CALLS / 1000;
  console.log(`| \`${path}\` | ${us.toFixed(2)} | ${allowedFor(path)?.join(', ') ?? '(unknown path)'} |`);
}
