// Every setting of the service, read from the environment once and validated with zod: the only
// module that reads `process.env` (entry points call `loadConfig()`). The defaults run everything
// embedded (PGlite under ./data, PostgreSQL search, local model), so `npm start` works on a fresh
// machine with no configuration at all. The per-venue variables (base-URL overrides, the venues' own
// market-data keys, sync schedules) are declared by the venue descriptors, not listed here.
import path from 'node:path';
import { z } from 'zod';
import { DatabaseUrlError, normalizeDatabaseUrl } from './db/connection-string.js';
import { boolFromEnv, intFromEnv, optionalText, optionalUrl, scheduleOrOff, type SettingsFragment } from './util/env-values.js';
import { DEFAULT_EMBEDDED_CATALOG_CEILING } from './health/embedded-ceiling.js';
import { urlEnvKey } from './venues/descriptor.js';
import type { ExchangeCode } from './venues/exchanges.js';
import { VENUES } from './venues/index.js';
import { accountsSettings } from './accounts/settings.js';
import { searchSettings } from './search/settings.js';
import { semanticSettings } from './search/semantic/settings.js';
import { marketDataSettings } from './market-data/settings.js';
import { recorderSettings } from './recorder/settings.js';
import { tradingSettings } from './trading/settings.js';
import { streamsSettings } from './ws/settings.js';
import { metricsSettings } from './metrics/settings.js';

export type { PlanFeatureOverrides } from './accounts/settings.js';

/**
 * The features' settings, each declared in its feature's folder (`settings.ts`): one entry here per
 * feature that has settings. Their variables join the service's own below, and each one's part of
 * `Config` is what its `read` returns.
 */
const FEATURE_SETTINGS = [accountsSettings, searchSettings, semanticSettings, marketDataSettings, recorderSettings, tradingSettings, streamsSettings, metricsSettings] as const;

/**
 * DATABASE_URL: any form the PostgreSQL driver and libpq read (URI with a host or a socket directory,
 * keyword/value), normalized to a postgresql:// URI. The value is never quoted in an error (it may
 * hold a password).
 */
const databaseUrl = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v.trim() === '') return undefined;
    try {
      return normalizeDatabaseUrl(v);
    } catch (err) {
      if (!(err instanceof DatabaseUrlError)) throw err;
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: err.message });
      return z.NEVER;
    }
  });

/** `https://example.com:8443`: a URL that is exactly its origin (no path, query or trailing slash). */
function isOrigin(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === text;
  } catch {
    return false;
  }
}

/**
 * The service's own environment variables (the HTTP server, the database, the venue sync, the jobs),
 * with their defaults; the features' are in their fragments. Each one's `.describe()` is its
 * documentation: `npm run docs:settings` writes docs/settings.md from these schemas, and a test fails
 * when that file is stale, so a new setting is documented by describing it here.
 */
const ServiceEnvSchema = z.object({
  PORT: intFromEnv(0, 65535).default(8080).describe('HTTP port (0 picks a free one).'),
  HOST: z.string().default('0.0.0.0').describe('Address to listen on.'),
  DATA_DIR: z.string().default('./data').describe('Where the embedded PostgreSQL keeps its files (`DATA_DIR/pg`), and the credentials key file and the Kalshi datasets; one process per directory.'),
  EMBEDDED_CATALOG_CEILING: intFromEnv(1_000, 100_000_000)
    .default(DEFAULT_EMBEDDED_CATALOG_CEILING)
    .describe('Live markets the embedded database serves within its memory and semantic-search targets (docs/operations.md, "Scale"; keyword search needs OpenSearch at any size); past it /health shows `catalog` degraded with a warning to set DATABASE_URL, and the log says so. Nothing is refused or lost beyond it. Ignored with DATABASE_URL.'),
  DATABASE_URL: databaseUrl.describe('An external PostgreSQL >= 15 with pgvector >= 0.8, pg_trgm and unaccent, instead of the embedded one. Any form libpq reads: `postgresql://user:pw@host:5432/db`, a socket directory `postgresql://postgres@/postgres?host=/path/to/socket-dir` (or `%2F`-encoded as the host), or `host=... dbname=... user=...`; one host only. Never quoted in an error (it may hold a password).'),
  EXCHANGE_MODE: z.enum(['live', 'sim']).default('live').describe('`live`: the venues\' real APIs; `sim`: the built-in venue simulators.'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info').describe('Log level.'),
  HTTP_REQUEST_TIMEOUT_MS: intFromEnv(1_000, 3_600_000)
    .default(30_000)
    .describe('How long a client may take to send a whole request (headers and body), in ms; a slower one gets 408 and its connection is closed, so a body that never arrives cannot hold a connection'),
  HTTP_HEADERS_TIMEOUT_MS: intFromEnv(1_000, 3_600_000)
    .default(15_000)
    .describe('How long a client may take to send a request\'s headers, in ms (at most HTTP_REQUEST_TIMEOUT_MS); a slower one gets 408'),
  MAX_BODY_BYTES: intFromEnv(1024, 50 * 1024 * 1024).default(256 * 1024).describe('Largest JSON body accepted, in bytes (413 above).'),
  TRUST_PROXY_HOPS: intFromEnv(0, 10).default(0).describe('Proxies in front of the service whose `X-Forwarded-For` is trusted (the client address of the test-key limit); 0 = none.'),
  RUN_JOBS: boolFromEnv.default(true).describe('Run the scheduled jobs (venue sync, search indexing, embeddings, matching, recorder) in this process; `false` for API-only instances.'),
  SHUTDOWN_GRACE_MS: intFromEnv(0, 120_000).default(10_000).describe('How long in-flight requests may finish after SIGTERM, in ms.'),
  SYNC_SCHEDULE: z.string().trim().min(1).default('*/5 * * * *').describe('Cron schedule of the venue catalog sync (per venue: `VENUE_<CODE>_SYNC_SCHEDULE`).'),
  SYNC_ON_START: boolFromEnv.default(true).describe('Sync every venue once at start, not only at the first cron tick.'),
  SYNC_MAX_REMOVAL_SHARE: z.coerce
    .number()
    .min(0)
    .max(1)
    .default(0.1)
    .describe('The largest share (0..1) of a venue\'s live markets one sync may tombstone; a listing that lacks more removes nothing, and /health shows the refusal (exchanges.<code>.sync_refused) until a sync goes through or `npm run sync -- --allow-removals` overrides it'),
  SYNC_FULL_INTERVAL_MINUTES: intFromEnv(0, 7 * 24 * 60)
    .default(24 * 60)
    .describe('How often a venue sync lists every market (the only run that removes markets), in minutes after the previous full listing began; the runs of `SYNC_SCHEDULE` in between ask each venue only for what changed, or for its open markets, as its API allows (docs/operations.md). 0 = every run is a full listing.'),
  SYNC_PAGE_SIZE: intFromEnv(1, 10_000).default(500).describe('Markets asked of a venue per listing page (each adapter clamps it to the venue\'s maximum).'),
  TLS_CERT_FILE: optionalText.describe('PEM certificate chain: the service serves HTTPS and WSS itself, and re-reads it on SIGHUP; set with `TLS_KEY_FILE` or not at all (docs/operations.md, "TLS").'),
  TLS_KEY_FILE: optionalText.describe('PEM key of `TLS_CERT_FILE`; both or neither.'),
  CONFORMANCE_CREDENTIALS_FILE: optionalText.describe('`npm run conformance -- --live`: a JSON file of trading credentials by venue code (the fields `/api/v1/credentials` stores, e.g. `{"polymarket": {"api_key", "secret", "passphrase", "address"}}`) for the authenticated checks (signed reads that change nothing); without it they are skipped.'),
  CORS_ORIGINS: z
    .string()
    .optional()
    .transform((v) => (v ?? '').split(',').map((o) => o.trim()).filter(Boolean))
    .refine((list) => list.every((o) => o === '*' || isOrigin(o)), { message: 'must be a comma-separated list of origins like https://example.com (scheme, host, optional port; no path) or *' })
    .describe('Origins (`https://host[:port]`, comma-separated, or `*`) whose web pages may call the API from a browser (widgets); none by default, so only the service\'s own page (same origin) can.'),
  SERVER_TIMING: boolFromEnv.default(false).describe('Benchmarks: every answer carries `Server-Timing` with where its time went (key check, rate limit, credentials read and decryption, signing or EIP-712 verification, the order writes, the venue call and what the venue reported of its own handling, `app` in all); leave off in production.'),
  SHARED_DATA_DIR: z.string().default('../shared/data').describe('Real venue listings for the search evaluation and the benchmarks (read-only, never copied in).'),
});

type Fragment = (typeof FEATURE_SETTINGS)[number];
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
/** What every fragment's `read` gives, together. */
type FeatureConfig = UnionToIntersection<ReturnType<Fragment['read']>>;

/** The service's variables and every feature's, as one schema. */
const EnvSchema = z.object({
  ...ServiceEnvSchema.shape,
  ...accountsSettings.env.shape,
  ...searchSettings.env.shape,
  ...semanticSettings.env.shape,
  ...marketDataSettings.env.shape,
  ...recorderSettings.env.shape,
  ...tradingSettings.env.shape,
  ...streamsSettings.env.shape,
  ...metricsSettings.env.shape,
});

/** Each fragment's own variables, picked out of the validated environment, through its `read`. */
function readFeatures(e: z.output<typeof EnvSchema>, problem: (variable: string, message: string) => void): FeatureConfig {
  const parts = FEATURE_SETTINGS.map((f: SettingsFragment) => {
    const own = Object.fromEntries(Object.keys(f.env.shape).map((k) => [k, (e as Record<string, unknown>)[k]]));
    return f.read(own as never, problem, e);
  });
  return Object.assign({}, ...parts) as FeatureConfig;
}

/** The per-venue variable that overrides the default sync schedule. */
export const syncScheduleEnvKey = (code: string): string => `VENUE_${code.toUpperCase()}_SYNC_SCHEDULE`;

/**
 * The per-venue variables, from the descriptors: `<CODE>_<KEY>_URL` for each base URL, each
 * market-data key's variable, and `VENUE_<CODE>_SYNC_SCHEDULE`.
 */
function venueEnvSchema() {
  const shape: Record<string, z.ZodType<string | undefined, string | undefined>> = {};
  for (const v of VENUES) {
    for (const [key, url] of Object.entries<string>(v.baseUrls)) {
      shape[urlEnvKey(v.code, key)] = optionalUrl.describe(`${v.name}: base URL of its \`${key}\` API instead of \`${url}\` (e.g. a simulator, \`npm run sim\`); an invalid URL stops the start.`);
    }
    for (const [field, variable] of Object.entries(v.marketDataKeys)) {
      shape[variable] = optionalText.describe(`${v.name}: the venue's own \`${field}\` for market-data reads (never a user's trading key); reads are authenticated with it when set.`);
    }
    shape[syncScheduleEnvKey(v.code)] = optionalText.describe(`${v.name}: cron schedule of its catalog sync instead of \`SYNC_SCHEDULE\`; \`off\` disables its scheduled sync.`);
  }
  return z.object(shape);
}

/**
 * The schemas of every environment setting, for the settings reference (`npm run docs:settings`):
 * the service's own, each feature's, and the per-venue ones the descriptors declare. Reading them
 * starts nothing.
 */
export function settingsSchemas(): { service: typeof ServiceEnvSchema; features: { title: string; schema: z.ZodObject }[]; perVenue: ReturnType<typeof venueEnvSchema> } {
  return { service: ServiceEnvSchema, features: FEATURE_SETTINGS.map((f) => ({ title: f.title, schema: f.env as z.ZodObject })), perVenue: venueEnvSchema() };
}

export interface VenueSettings {
  /** Base-URL overrides by key (from `<CODE>_<KEY>_URL`); the adapter's defaults fill the rest. */
  baseUrls: Record<string, string>;
  /** The venue's own market-data keys by field (e.g. `api_key`), where set. Secrets: never logged. */
  keys: Record<string, string>;
}

/** The environment, as given, into the service's settings. */
const ConfigSchema = z
  .object({ env: EnvSchema, venueEnv: venueEnvSchema() })
  .transform(({ env: e, venueEnv }, ctx) => {
    const problem = (variable: string, message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, path: [variable], message });
    if (e.HTTP_HEADERS_TIMEOUT_MS > e.HTTP_REQUEST_TIMEOUT_MS) problem('HTTP_HEADERS_TIMEOUT_MS', `must be at most HTTP_REQUEST_TIMEOUT_MS (${e.HTTP_REQUEST_TIMEOUT_MS})`);
    if (!!e.TLS_CERT_FILE !== !!e.TLS_KEY_FILE) problem(e.TLS_CERT_FILE ? 'TLS_KEY_FILE' : 'TLS_CERT_FILE', 'TLS_CERT_FILE and TLS_KEY_FILE are set together or not at all');
    const features = readFeatures(e, problem);
    const schedules: Record<string, string | null> = {};
    const venues = {} as Record<ExchangeCode, VenueSettings>;
    for (const v of VENUES) {
      const own = venueEnv[syncScheduleEnvKey(v.code)];
      if (own) schedules[v.code] = scheduleOrOff(own);
      const baseUrls: Record<string, string> = {};
      for (const key of Object.keys(v.baseUrls)) {
        const url = venueEnv[urlEnvKey(v.code, key)];
        if (url) baseUrls[key] = url;
      }
      const keys: Record<string, string> = {};
      for (const [field, variable] of Object.entries(v.marketDataKeys)) {
        const value = venueEnv[variable];
        if (value) keys[field] = value;
      }
      venues[v.code] = { baseUrls, keys };
    }
    return {
      ...features,
      port: e.PORT,
      host: e.HOST,
      dataDir: path.resolve(e.DATA_DIR),
      databaseUrl: e.DATABASE_URL,
      embeddedCatalogCeiling: e.EMBEDDED_CATALOG_CEILING,
      /** HTTPS/WSS served by the service itself: the PEM files, re-read on SIGHUP; null = plain HTTP */
      tls: e.TLS_CERT_FILE && e.TLS_KEY_FILE ? { certFile: path.resolve(e.TLS_CERT_FILE), keyFile: path.resolve(e.TLS_KEY_FILE) } : null,
      exchangeMode: e.EXCHANGE_MODE,
      logLevel: e.LOG_LEVEL,
      maxBodyBytes: e.MAX_BODY_BYTES,
      /** Time limits on receiving one request: the whole of it, and its headers (408 past either). */
      httpTimeouts: { requestMs: e.HTTP_REQUEST_TIMEOUT_MS, headersMs: e.HTTP_HEADERS_TIMEOUT_MS },
      trustProxyHops: e.TRUST_PROXY_HOPS,
      /** Browser origins allowed to call the API (CORS); empty = none. */
      corsOrigins: e.CORS_ORIGINS,
      /** Server-Timing headers of the request's phases (benchmarks). */
      serverTiming: e.SERVER_TIMING,
      runJobs: e.RUN_JOBS,
      shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
      /** Venue sync: default cron schedule, per-venue overrides (null = no scheduled sync), start-up run, page size. */
      sync: { schedule: e.SYNC_SCHEDULE, schedules, onStart: e.SYNC_ON_START, pageSize: e.SYNC_PAGE_SIZE, maxRemovalShare: e.SYNC_MAX_REMOVAL_SHARE, fullIntervalMs: e.SYNC_FULL_INTERVAL_MINUTES * 60_000 },
      /** Per venue: base-URL overrides and the venue's own market-data keys (from the descriptors' variables). */
      venues,
      conformanceCredentialsFile: e.CONFORMANCE_CREDENTIALS_FILE ? path.resolve(e.CONFORMANCE_CREDENTIALS_FILE) : null,
      sharedDataDir: path.resolve(e.SHARED_DATA_DIR),
    };
  });

/** Every setting of the service (derived from the schema above, so the two cannot drift). */
export type Config = z.output<typeof ConfigSchema>;

export class ConfigError extends Error {}

/**
 * Reads and validates the configuration. `defaults` are used for variables the environment does not
 * set (a script's own defaults, e.g. a quieter LOG_LEVEL); the environment wins over them.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, defaults: Record<string, string> = {}): Config {
  const given = { ...defaults, ...env };
  const parsed = ConfigSchema.safeParse({ env: given, venueEnv: given });
  if (!parsed.success) {
    // Paths are [group, VARIABLE]: name the variable alone.
    const problems = [...new Set(parsed.error.issues.map((i) => `${String(i.path[i.path.length - 1] ?? '')}: ${i.message}`))].join('; ');
    throw new ConfigError(`invalid configuration: ${problems}`);
  }
  return parsed.data;
}

/**
 * The environment a child process of a script or benchmark inherits, with `overrides` on top (e.g. a
 * service started under test with its own DATA_DIR and PORT). Forwarded as is, not read as settings.
 */
export function environmentForChild(overrides: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, ...overrides };
}
