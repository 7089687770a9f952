// The service's Prometheus metrics (GET /metrics), all named predmarkets_*: one registry per running
// service (tests run several in one process). Two kinds of source:
// - events recorded as they happen: HTTP requests (latency per route, rate-limit rejections), venue
//   sync runs (duration, requests, errors per exchange and kind), database pool checkouts;
// - state read when Prometheus scrapes: WebSocket clients, the embedder's counters, the matching
//   job's last run (one row), the database pool's connections, and the catalog's markets by status
//   and newest change, whose grouped count over `markets` is cached (recomputed after a sync, at
//   most every CATALOG_MIN_INTERVAL_MS) so that no scrape scans the catalog.
// docs/operations.md lists every family and how to read it; docs/grafana-dashboard.json draws them.
import client from 'prom-client';
import type pg from 'pg';
import { CatalogReader, type VenueStatusCount } from '../catalog/catalog-repository.js';
import { CachedValue } from '../util/cached-value.js';
import { observePoolCheckouts } from './pool-waits.js';
import type { EmbeddingWork } from '../search/semantic/semantic-component.js';

export const METRICS_PREFIX = 'predmarkets_';

/** What a finished venue sync run reports (src/indexers/venue-sync.ts SyncResult satisfies it). */
export interface SyncRunReport {
  exchange: string;
  /** full: the whole listing; incremental: what changed since the last run. */
  kind: 'full' | 'incremental';
  ok: boolean;
  durationMs: number;
  /** Requests made to the venue (counted by the venue's runtime). */
  requests: number;
  pages: number;
  changed: number;
  removed: number;
}

export interface StreamCounts {
  connections: number;
  subscriptions: number;
  dropped_slow: number;
  dropped_keepalive: number;
  rejected_upgrades: number;
}

export interface MatchingRunSnapshot {
  startedAt: Date;
  durationMs: number;
  error: string | null;
  links: { identical: number; related: number } | null;
}

export interface MetricsSources {
  pool: pg.Pool;
  /** null until the model is loaded (no series then). */
  embeddings?: () => Promise<EmbeddingWork | null>;
  matching?: () => Promise<MatchingRunSnapshot | null>;
  streams?: () => StreamCounts;
  now?: () => number;
}

const CATALOG_MIN_INTERVAL_MS = 15_000;
const CATALOG_MAX_AGE_MS = 300_000;
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * One read of `source` shared by the families a scrape collects together (they run concurrently); a
 * failed read (the database down) gives null, so those families stay empty and the scrape answers.
 */
function oncePerScrape<T>(source: () => Promise<T | null>): () => Promise<T | null> {
  let pending: Promise<T | null> | undefined;
  return () => {
    pending ??= source().catch(() => null).finally(() => setImmediate(() => (pending = undefined)));
    return pending;
  };
}

export class ServiceMetrics {
  readonly registry = new client.Registry();
  private readonly catalog: CachedValue<VenueStatusCount[]>;
  private readonly stopPoolObserver: () => void;
  private readonly now: () => number;

  private readonly httpDuration: client.Histogram<'route' | 'method' | 'status'>;
  private readonly rateLimited: client.Counter<'limiter'>;
  private readonly syncDuration: client.Gauge<'exchange' | 'kind'>;
  private readonly syncRequests: client.Counter<'exchange' | 'kind'>;
  private readonly syncRuns: client.Counter<'exchange' | 'kind' | 'outcome'>;
  private readonly syncErrors: client.Counter<'exchange' | 'kind'>;
  private readonly syncChanged: client.Counter<'exchange' | 'kind'>;
  private readonly syncLastSuccess: client.Gauge<'exchange'>;

  constructor(private readonly sources: MetricsSources) {
    const registers = [this.registry];
    const now = (this.now = sources.now ?? Date.now);
    const catalog = new CatalogReader(sources.pool);
    this.catalog = new CachedValue(() => catalog.venueStatusCounts(), { minIntervalMs: CATALOG_MIN_INTERVAL_MS, maxAgeMs: CATALOG_MAX_AGE_MS });
    // A source that fails (the database down) leaves its families empty; the scrape still answers
    // with the rest, the process's own figures among them.
    const catalogRows = () => this.catalog.get().catch((): VenueStatusCount[] => []);
    client.collectDefaultMetrics({ register: this.registry, prefix: METRICS_PREFIX });

    this.httpDuration = new client.Histogram({
      name: `${METRICS_PREFIX}http_request_duration_seconds`, help: 'HTTP requests by route template, method and status: time to the last byte of the answer',
      labelNames: ['route', 'method', 'status'], buckets: LATENCY_BUCKETS, registers,
    });
    this.rateLimited = new client.Counter({
      name: `${METRICS_PREFIX}rate_limit_rejections_total`, help: 'Requests refused with 429 by a rate limit: limiter=key (an API key\'s requests per minute) or address (test keys per client address)',
      labelNames: ['limiter'], registers,
    });

    this.syncDuration = new client.Gauge({ name: `${METRICS_PREFIX}sync_last_duration_seconds`, help: 'How long the last venue sync run took', labelNames: ['exchange', 'kind'], registers });
    this.syncRequests = new client.Counter({ name: `${METRICS_PREFIX}sync_requests_total`, help: 'Requests venue syncs made to the venue', labelNames: ['exchange', 'kind'], registers });
    this.syncRuns = new client.Counter({ name: `${METRICS_PREFIX}sync_runs_total`, help: 'Venue sync runs by outcome (ok, failed)', labelNames: ['exchange', 'kind', 'outcome'], registers });
    this.syncErrors = new client.Counter({ name: `${METRICS_PREFIX}sync_errors_total`, help: 'Venue sync runs that failed (the listing stopped early; committed pages are kept)', labelNames: ['exchange', 'kind'], registers });
    this.syncChanged = new client.Counter({ name: `${METRICS_PREFIX}sync_markets_written_total`, help: 'Markets venue syncs inserted, changed or tombstoned', labelNames: ['exchange', 'kind'], registers });
    this.syncLastSuccess = new client.Gauge({ name: `${METRICS_PREFIX}sync_last_success_timestamp_seconds`, help: 'When the last successful sync of the venue finished (Unix seconds)', labelNames: ['exchange'], registers });

    new client.Gauge({
      name: `${METRICS_PREFIX}catalog_markets`, help: 'Markets in the catalog by venue and status (removed: tombstones of markets gone from the venue); recounted after syncs, at most every 15 s',
      labelNames: ['exchange', 'status'], registers,
      async collect() {
        this.reset();
        for (const row of await catalogRows()) this.set({ exchange: row.exchange, status: row.status }, row.markets);
      },
    });
    new client.Gauge({
      name: `${METRICS_PREFIX}sync_lag_seconds`, help: 'Age of the newest change seen from the venue: how long ago a sync last wrote one of its markets',
      labelNames: ['exchange'], registers,
      async collect() {
        this.reset();
        const newest = new Map<string, number>();
        for (const row of await catalogRows()) {
          if (row.newestChangeAt) newest.set(row.exchange, Math.max(newest.get(row.exchange) ?? 0, row.newestChangeAt.getTime()));
        }
        for (const [exchange, at] of newest) this.set({ exchange }, Math.max(0, (now() - at) / 1000));
      },
    });

    this.embeddingMetrics(registers);
    this.matchingMetrics(registers);
    this.streamMetrics(registers);
    this.stopPoolObserver = this.poolMetrics(registers);
  }

  /** Records a finished venue sync run. */
  recordSync(run: SyncRunReport): void {
    const labels = { exchange: run.exchange, kind: run.kind };
    this.syncDuration.set(labels, run.durationMs / 1000);
    this.syncRequests.inc(labels, run.requests);
    this.syncRuns.inc({ ...labels, outcome: run.ok ? 'ok' : 'failed' });
    this.syncChanged.inc(labels, run.changed + run.removed);
    if (run.ok) this.syncLastSuccess.set({ exchange: run.exchange }, this.now() / 1000);
    else this.syncErrors.inc(labels);
    if (run.changed + run.removed > 0) this.catalog.invalidate();
  }

  /** Records an answered HTTP request. */
  recordRequest(request: { route: string; method: string; status: number; seconds: number; limiter?: 'key' | 'address' }): void {
    this.httpDuration.observe({ route: request.route, method: request.method, status: String(request.status) }, request.seconds);
    if (request.status === 429 && request.limiter) this.rateLimited.inc({ limiter: request.limiter });
  }

  /** The metrics in Prometheus' text format. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  close(): void {
    this.stopPoolObserver();
    this.registry.clear();
  }

  private embeddingMetrics(registers: client.Registry[]): void {
    if (!this.sources.embeddings) return;
    const snapshot = oncePerScrape(this.sources.embeddings);
    new client.Gauge({
      name: `${METRICS_PREFIX}embedding_backlog_texts`, help: 'Market texts without a vector yet, by kind (title, rules) and market (open, closed)',
      labelNames: ['kind', 'market'], registers,
      async collect() {
        this.reset();
        const s = await snapshot();
        if (!s) return;
        const { missing } = s.backlog;
        for (const kind of ['title', 'rules'] as const) {
          this.set({ kind, market: 'open' }, missing.open[kind]);
          this.set({ kind, market: 'closed' }, missing[kind] - missing.open[kind]);
        }
      },
    });
    new client.Gauge({
      name: `${METRICS_PREFIX}embedding_backlog_rate`, help: 'Texts leaving the embedding backlog per second lately (embedded, or reused by content hash)',
      registers,
      async collect() {
        this.reset();
        const s = await snapshot();
        if (s) this.set(s.backlog.ratePerSecond);
      },
    });
    new client.Counter({
      name: `${METRICS_PREFIX}embedding_texts_total`, help: 'Market texts the backfill needed a vector for: source=model (run through the model) or reused (an identical text\'s vector, by content hash)',
      labelNames: ['source'], registers,
      async collect() {
        this.reset();
        const s = await snapshot();
        if (!s) return;
        this.inc({ source: 'model' }, s.modelTexts);
        this.inc({ source: 'reused' }, s.reusedTexts);
      },
    });
  }

  private matchingMetrics(registers: client.Registry[]): void {
    if (!this.sources.matching) return;
    const lastRun = oncePerScrape(this.sources.matching);
    new client.Gauge({
      name: `${METRICS_PREFIX}matching_last_duration_seconds`, help: 'How long the last cross-venue matching run took (whichever instance ran it)', registers,
      async collect() {
        this.reset();
        const run = await lastRun();
        if (run) this.set(run.durationMs / 1000);
      },
    });
    new client.Gauge({
      name: `${METRICS_PREFIX}matching_last_run_timestamp_seconds`, help: 'When the last matching run started (Unix seconds)', registers,
      async collect() {
        this.reset();
        const run = await lastRun();
        if (run) this.set(run.startedAt.getTime() / 1000);
      },
    });
    new client.Gauge({
      name: `${METRICS_PREFIX}matching_last_run_failed`, help: '1 when the last matching run failed, else 0', registers,
      async collect() {
        this.reset();
        const run = await lastRun();
        if (run) this.set(run.error ? 1 : 0);
      },
    });
    new client.Gauge({
      name: `${METRICS_PREFIX}matching_links`, help: 'Links the last successful matching run found, by relation (identical, related)', labelNames: ['relation'], registers,
      async collect() {
        this.reset();
        const run = await lastRun();
        if (!run?.links) return;
        this.set({ relation: 'identical' }, run.links.identical);
        this.set({ relation: 'related' }, run.links.related);
      },
    });
  }

  private streamMetrics(registers: client.Registry[]): void {
    const source = this.sources.streams;
    if (!source) return;
    new client.Gauge({ name: `${METRICS_PREFIX}ws_clients`, help: 'Open stream (WebSocket) connections', registers, collect() { this.set(source().connections); } });
    new client.Gauge({ name: `${METRICS_PREFIX}ws_subscriptions`, help: 'Markets subscribed, summed over the open connections', registers, collect() { this.set(source().subscriptions); } });
    new client.Counter({
      name: `${METRICS_PREFIX}ws_drops_total`, help: 'Stream clients dropped by the server: reason=slow (send buffer past WS_MAX_BUFFERED_BYTES) or keepalive (no pong)',
      labelNames: ['reason'], registers,
      collect() {
        const counts = source();
        this.reset();
        this.inc({ reason: 'slow' }, counts.dropped_slow);
        this.inc({ reason: 'keepalive' }, counts.dropped_keepalive);
      },
    });
    new client.Counter({
      name: `${METRICS_PREFIX}ws_rejected_upgrades_total`, help: 'WebSocket upgrades refused (unknown path, bad request)', registers,
      collect() {
        this.reset();
        this.inc(source().rejected_upgrades);
      },
    });
  }

  private poolMetrics(registers: client.Registry[]): () => void {
    const pool = this.sources.pool;
    new client.Gauge({
      name: `${METRICS_PREFIX}db_pool_connections`, help: 'Database pool connections by state (idle, busy)', labelNames: ['state'], registers,
      collect() {
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'busy' }, pool.totalCount - pool.idleCount);
      },
    });
    new client.Gauge({ name: `${METRICS_PREFIX}db_pool_waiting`, help: 'Checkouts waiting for a database connection now', registers, collect() { this.set(pool.waitingCount); } });
    const waits = new client.Counter({ name: `${METRICS_PREFIX}db_pool_waits_total`, help: 'Checkouts that found no idle connection and queued for one', registers });
    const checkout = new client.Histogram({
      name: `${METRICS_PREFIX}db_pool_checkout_seconds`, help: 'Time to get a database connection from the pool', buckets: [0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5], registers,
    });
    return observePoolCheckouts(pool, ({ seconds, waited }) => {
      checkout.observe(seconds);
      if (waited) waits.inc();
    });
  }
}
