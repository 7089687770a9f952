// The one way to assemble the HTTP application: the accounts, keys, limiters and plan table that
// createApp needs, built from a database, a logger and (optionally) the settings of the
// configuration. The composition root (src/service.ts), the tests' harnesses and the benchmarks all
// go through here, so they run the same frame (request ids, API keys, rate limits, plan gates,
// error handling) and differ only in the routers they mount.
import type { Express } from 'express';
import type { Logger } from 'pino';
import { AccountService } from '../accounts/account-repository.js';
import { ApiKeyService } from '../accounts/api-key-repository.js';
import { buildPlanTable, type PlanTable } from '../accounts/plans.js';
import { SlidingWindowLimiter, type RateLimiter } from '../accounts/rate-limiter.js';
import type { Config } from '../config.js';
import { DatabaseSlidingWindowLimiter } from '../accounts/shared-rate-limit-repository.js';
import type { Database } from '../db/database.js';
import { systemClock, type Clock } from '../util/clock.js';
import { VERSION } from '../version.js';
import { createApp, type AppDeps, type AppSettings } from './app.js';

/** The configuration's defaults (src/config.ts), for harnesses that do not load a configuration. */
export const DEFAULT_APP_SETTINGS: AppSettings = {
  version: VERSION,
  maxBodyBytes: 256 * 1024,
  trustProxyHops: 0,
  testKeyTtlSeconds: 600,
  testKeyRatePerMinute: 60,
  testKeysPerAddressPerHour: 20,
  productionKeyRatePerMinute: 300,
  corsOrigins: [],
};

/** The frame's settings from the configuration. */
export function appSettingsOf(config: Config): AppSettings {
  return {
    version: VERSION,
    maxBodyBytes: config.maxBodyBytes,
    trustProxyHops: config.trustProxyHops,
    testKeyTtlSeconds: config.testKeyTtlSeconds,
    testKeyRatePerMinute: config.testKeyRatePerMinute,
    testKeysPerAddressPerHour: config.testKeysPerAddressPerHour,
    productionKeyRatePerMinute: config.productionKeyRatePerMinute,
    corsOrigins: config.corsOrigins,
    serverTiming: config.serverTiming,
  };
}

export interface BuildAppOptions {
  db: Database;
  logger: Logger;
  clock?: Clock;
  /** Overrides of DEFAULT_APP_SETTINGS. */
  settings?: Partial<AppSettings>;
  /** The plan-to-feature table (default: buildPlanTable()). */
  plans?: PlanTable;
  /** Session lifetime of the account service (default 1 hour). */
  sessionTtlMs?: number;
  healthChecks?: AppDeps['healthChecks'];
  exchangesHealth?: AppDeps['exchangesHealth'];
  keyedRouters?: AppDeps['keyedRouters'];
  /** The accounts and keys to serve (default: new ones over the database). */
  accounts?: AccountService;
  keys?: ApiKeyService;
  metrics?: AppDeps['metrics'];
}

export interface BuiltApp {
  app: Express;
  accounts: AccountService;
  keys: ApiKeyService;
}

/**
 * On a PostgreSQL server several instances may share the keys: their windows live in the database,
 * so a limit holds across instances. The embedded database has one process: in memory is exact there.
 */
function rateLimiter(db: Database, clock: Clock, windowMs: number): RateLimiter {
  return db.kind === 'external' ? new DatabaseSlidingWindowLimiter(db.pool, clock, windowMs) : new SlidingWindowLimiter(clock, windowMs);
}

export function buildApp(opts: BuildAppOptions): BuiltApp {
  const clock = opts.clock ?? systemClock;
  const accounts = opts.accounts ?? new AccountService(opts.db.pool, clock, opts.sessionTtlMs ?? 3600_000);
  const keys = opts.keys ?? new ApiKeyService(opts.db.pool, clock);
  const app = createApp({
    settings: { ...DEFAULT_APP_SETTINGS, ...opts.settings },
    logger: opts.logger,
    clock,
    db: opts.db,
    accounts,
    keys,
    keyLimiter: rateLimiter(opts.db, clock, 60_000),
    addressLimiter: rateLimiter(opts.db, clock, 3600_000),
    plans: opts.plans ?? buildPlanTable(),
    startedAt: clock.now(),
    healthChecks: opts.healthChecks,
    exchangesHealth: opts.exchangesHealth,
    keyedRouters: opts.keyedRouters,
    metrics: opts.metrics,
  });
  return { app, accounts, keys };
}
