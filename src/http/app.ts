// The Express application: middleware, the route groups, and the error handling that turns every
// failure into `{ "error": message }`. Routers of the feature areas (search, venues, trading...) are
// built by the composition root and handed in, so this file knows no feature's internals.
import express, { type ErrorRequestHandler, type Express, type RequestHandler, type Router } from 'express';
import type { Logger } from 'pino';
import type { AccountService } from '../accounts/account-repository.js';
import type { ApiKeyService } from '../accounts/api-key-repository.js';
import type { PlanTable } from '../accounts/plans.js';
import type { RateLimiter } from '../accounts/rate-limiter.js';
import type { Database } from '../db/database.js';
import type { Clock } from '../util/clock.js';
import { mountRoutes } from './define-route.js';
import { HttpError, notFound } from './errors.js';
import { requireApiKey } from './middleware/api-key.js';
import { compression } from './middleware/compression.js';
import { cors } from './middleware/cors.js';
import { methodNotAllowed, operationsOf, type KnownOperation } from './middleware/method-not-allowed.js';
import { planGate, type RequireFeature } from './middleware/plan.js';
import { requestContext } from './middleware/request-context.js';
import { serverTiming } from './middleware/server-timing.js';
import { buildOpenApiDocument } from './openapi.js';
import { createAdminRouter } from './routes/admin.js';
import { createAuthRouter } from './routes/auth.js';
import { createDocsRouter } from './routes/docs.js';
import { createHealthRouter, type ExchangesCheck, type HealthCheck } from './routes/health.js';
import { createTestKeyRouter } from './routes/keys.js';
import { notBuiltFallback, notBuiltRoutes } from './routes/not-built.js';
import { openApiDocumentRoute } from './routes/openapi-document.js';
import { createStreamPathsRouter } from './routes/stream-paths.js';
import { createWebRouter } from './routes/web.js';
import { createWhoamiRouter } from './routes/whoami.js';
import { mountMostSpecificFirst, type RouterMount } from './route-order.js';
import './types.js';


export interface AppSettings {
  version: string;
  maxBodyBytes: number;
  trustProxyHops: number;
  testKeyTtlSeconds: number;
  testKeyRatePerMinute: number;
  testKeysPerAddressPerHour: number;
  productionKeyRatePerMinute: number;
  /** Browser origins allowed to call the API (CORS_ORIGINS); empty: none. */
  corsOrigins: string[];
  /** SERVER_TIMING: answer with a Server-Timing header of the request's phases (benchmarks); off by default. */
  serverTiming?: boolean;
}

export interface AppDeps {
  settings: AppSettings;
  logger: Logger;
  clock: Clock;
  db: Database;
  accounts: AccountService;
  keys: ApiKeyService;
  /** Per-key sliding-minute limiter of keyed routes. */
  keyLimiter: RateLimiter;
  /** Per-address limiter of the unauthenticated test-key route (hour window). */
  addressLimiter: RateLimiter;
  plans: PlanTable;
  startedAt: number;
  /** Components reported by /health besides the database. */
  healthChecks?: Record<string, HealthCheck>;
  /** The venues' sync state for /health. */
  exchangesHealth?: ExchangesCheck;
  /** Feature routers mounted under /api/v1 behind the API-key check, e.g. { path: '/search', router }, in any order (most specific first: route-order.ts). */
  keyedRouters?: (ctx: HttpContext) => RouterMount[];
  /** GET /metrics and the request timings it reports (src/metrics/setup.ts); absent: no /metrics. */
  metrics?: { public: boolean; mount(router: Router, keyCheck: RequestHandler[]): void; observe(operations: readonly KnownOperation[]): RequestHandler };
}

/** What feature routers need from the frame. */
export interface HttpContext {
  requireFeature: RequireFeature;
  logger: Logger;
  clock: Clock;
}

export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.settings.trustProxyHops);
  app.set('query parser', 'simple');

  // First of all, so every phase below (the key check included) lands in the request's timings.
  if (deps.settings.serverTiming) app.use(serverTiming());
  app.use(requestContext(deps.logger));
  // First after the request id: a CORS preflight from an allowed origin is answered before the 405 check.
  app.use(cors(deps.settings.corsOrigins));
  // br or gzip, as the client's Accept-Encoding prefers, for bodies above 1 KB (the package's
  // threshold); there are no streamed (SSE) responses that compression would hold back.
  // (middleware/compression.ts: a request that accepts no encoding skips the package's hooks)
  app.use(compression());
  // Catalog reads (markets, lists, events, categories) are JSON sent with res.json: Express tags them
  // with a weak ETag of the body and answers a matching If-None-Match with 304 and no body. Said
  // here because clients poll on it (README "Conditional requests").
  app.set('etag', 'weak');

  const openApiDocument = buildOpenApiDocument(deps.settings.version);
  // Every request from here on is timed for /metrics, 405s and 401s included.
  if (deps.metrics) app.use(deps.metrics.observe(operationsOf(openApiDocument)));
  // Before the body parser and the key check: a wrong method is a 405 whatever the body or the key.
  app.use(methodNotAllowed([...operationsOf(openApiDocument), ...notBuiltRoutes()]));

  app.use(express.json({ limit: deps.settings.maxBodyBytes, type: ['application/json', 'application/*+json'] }));
  // A body in anything but JSON is refused rather than silently ignored.
  app.use((req, _res, next) => {
    const length = Number(req.get('content-length') ?? 0);
    if ((length > 0 || req.get('transfer-encoding')) && !req.is(['application/json', 'application/*+json'])) {
      throw new HttpError(415, 'request bodies must be JSON (Content-Type: application/json)');
    }
    next();
  });

  app.use(mountRoutes(express.Router(), openApiDocument, [openApiDocumentRoute]));
  // The search page (/) and the API reference (/docs): no key, like the document they are built on.
  app.use(createWebRouter());
  app.use(createDocsRouter());
  app.use('/health', createHealthRouter({ db: deps.db, version: deps.settings.version, startedAt: deps.startedAt, now: () => deps.clock.now(), checks: deps.healthChecks ?? {}, exchanges: deps.exchangesHealth }));

  const requireFeature = planGate(deps.plans);
  const ctx: HttpContext = { requireFeature, logger: deps.logger, clock: deps.clock };
  if (deps.metrics) {
    const metricsRouter = express.Router();
    deps.metrics.mount(metricsRouter, deps.metrics.public ? [] : [requireApiKey(deps.keys, deps.keyLimiter), requireFeature('admin')]);
    app.use(metricsRouter);
  }

  // Unauthenticated routes of the spec (docs/interface-spec.md §5, item 3).
  app.use('/api/v1/auth', createAuthRouter(deps.accounts));
  app.use(
    '/api/v1/test-key',
    createTestKeyRouter(deps.accounts, deps.keys, deps.addressLimiter, {
      ttlSeconds: deps.settings.testKeyTtlSeconds,
      ratePerMinute: deps.settings.testKeyRatePerMinute,
      perAddressPerHour: deps.settings.testKeysPerAddressPerHour,
    }),
  );

  // Everything else under /api/v1 needs a key and counts against its rate limit.
  const keyed = express.Router();
  keyed.use(requireApiKey(deps.keys, deps.keyLimiter));
  keyed.use('/key', createWhoamiRouter());
  keyed.use('/admin', createAdminRouter(deps.accounts, deps.keys, requireFeature, deps.settings.productionKeyRatePerMinute));
  // Most specific first, whatever order they are given in (route-order.ts).
  mountMostSpecificFirst(keyed, deps.keyedRouters?.(ctx) ?? []);
  app.use('/api/v1', keyed);

  // Streams take no key: a plain HTTP request at a stream path is told to upgrade (the upgrades
  // themselves never reach Express: the gateway takes them from the server's 'upgrade' event).
  app.use(createStreamPathsRouter());

  // What no router answered: an operation not built yet (501), one the venue lacks (404 naming it),
  // or no operation at all (404).
  app.use(notBuiltFallback());

  app.use((req) => {
    throw notFound(`no route for ${req.method} ${req.path}`);
  });
  app.use(errorHandler(deps.logger.child({ component: 'http' })));
  return app;
}

interface BodyParserError extends Error {
  type?: string;
  status?: number;
}

function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (err instanceof HttpError) {
      for (const [name, value] of Object.entries(err.headers)) res.setHeader(name, value);
      res.status(err.status).json({ error: err.message });
      return;
    }
    const bodyError = err as BodyParserError;
    if (bodyError?.type === 'entity.parse.failed') {
      res.status(400).json({ error: 'malformed JSON body' });
      return;
    }
    if (bodyError?.type === 'entity.too.large') {
      res.status(413).json({ error: 'request body too large' });
      return;
    }
    if (typeof bodyError?.status === 'number' && bodyError.status >= 400 && bodyError.status < 500) {
      res.status(bodyError.status).json({ error: bodyError.message || 'bad request' });
      return;
    }
    logger.error({ err, reqId: req.requestId }, 'unhandled error');
    res.status(500).json({ error: `internal server error (request ${req.requestId})` });
  };
}
