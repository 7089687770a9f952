// The real HTTP app (request ids, request logs, API-key check, rate limit, plan gates, error frame)
// around the routers a benchmark measures, on an embedded database, with one production key. The
// benchmarks measure what a client of the service gets, not a bare router.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Router } from 'express';
import pino from 'pino';
import type { Plan } from '../../src/accounts/plans.js';
import type { Database } from '../../src/db/database.js';
import type { HttpContext } from '../../src/http/app.js';
import { buildApp } from '../../src/http/build-app.js';
import { createLogger } from '../../src/logger.js';

export interface KeyedAppOptions {
  db: Database;
  routers: (ctx: HttpContext) => { path: string; router: Router }[];
  /** the key's plan (semantic search needs max) */
  plan?: Plan;
  /** request logs at `info`, as in production, written to /dev/null (default); or 'silent' */
  logLevel?: 'info' | 'silent';
}

export interface KeyedApp {
  /** e.g. http://127.0.0.1:41234 */
  base: string;
  apiKey: string;
  server: http.Server;
  close(): Promise<void>;
}

export async function startKeyedApp(opts: KeyedAppOptions): Promise<KeyedApp> {
  const logger = createLogger(opts.logLevel ?? 'info', pino.destination({ dest: '/dev/null', sync: false }));
  const { app, accounts, keys } = buildApp({
    db: opts.db,
    logger,
    settings: { version: 'bench', productionKeyRatePerMinute: 1e7 },
    keyedRouters: opts.routers,
  });
  const server = http.createServer(app);
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const user = await accounts.createAnonymousUser();
  // a limit no benchmark reaches: the limiter still counts every request, as it does in production
  const apiKey = (await keys.issue({ userId: user.id, kind: 'production', plan: opts.plan ?? 'pro', ratePerMinute: 1e9 })).api_key;
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    apiKey,
    server,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
