// The operator's metrics as one feature: what it needs in (the pool, the components it reads at
// scrape time, its settings) and what it gives out (the app's request observer and /metrics
// handler, the sync-run recorder, the separate port, close).
import type { RequestHandler, Router } from 'express';
import type { Logger } from 'pino';
import type { KnownOperation } from '../http/middleware/method-not-allowed.js';
import { observeRequests } from './http-observer.js';
import { listenMetricsPort, metricsRoute } from './metrics-route.js';
import { ServiceMetrics, type MetricsSources, type SyncRunReport } from './service-metrics.js';

export interface MetricsSettings {
  /** GET /metrics on the API port without a key (METRICS_PUBLIC). */
  public: boolean;
  /** A separate port serving /metrics without a key (METRICS_PORT); null: none. */
  port: number | null;
  host: string;
}

/** What the HTTP app mounts (src/http/app.ts AppDeps.metrics). */
export interface AppMetrics {
  public: boolean;
  /** Mounts GET /metrics on `router` behind `keyCheck` (the API key of plan admin; empty when public). */
  mount(router: Router, keyCheck: RequestHandler[]): void;
  observe(operations: readonly KnownOperation[]): RequestHandler;
}

export interface MetricsFeature {
  http: AppMetrics;
  recordSync(run: SyncRunReport): void;
  /** Opens the separate port when one is set; resolves with the port it listens on (null: none). */
  listen(): Promise<number | null>;
  close(): Promise<void>;
}

export function setupMetrics(opts: { settings: MetricsSettings; sources: MetricsSources; logger: Logger }): MetricsFeature {
  const metrics = new ServiceMetrics(opts.sources);
  let server: { port: number; close(): Promise<void> } | undefined;
  return {
    http: { public: opts.settings.public, mount: (router, keyCheck) => metricsRoute.mount(router, { metrics, keyCheck }), observe: (operations) => observeRequests(metrics, operations) },
    recordSync: (run) => metrics.recordSync(run),
    async listen() {
      if (opts.settings.port === null) return null;
      server = await listenMetricsPort(metrics, opts.settings.port, opts.settings.host);
      opts.logger.info({ port: server.port }, 'metrics listening');
      return server.port;
    },
    async close() {
      await server?.close();
      metrics.close();
    },
  };
}
