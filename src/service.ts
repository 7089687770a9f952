// Builds the service from its configuration: the database, the venues, then each feature of FEATURES
// (src/features/index.ts) in order, the HTTP server with their routes and, where the jobs run, the venue
// sync with the features' jobs. One shutdown list, run in reverse order of start, stops it cleanly.
// main.ts calls this for `npm start`; tests call it to run the real server on a random port.
import type { Logger } from 'pino';
import type { AccountService } from './accounts/account-repository.js';
import type { ApiKeyService } from './accounts/api-key-repository.js';
import { CatalogChangeEmitter } from './catalog/changes.js';
import { SyncStatusStore } from './catalog/sync-status-repository.js';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/database.js';
import { openNotifications } from './db/notifications.js';
import { exchangesHealth } from './features/exchanges-health.js';
import { FEATURES, featureServices, type FeatureModule, type FeatureParts } from './features/index.js';
import { appSettingsOf, buildApp } from './http/build-app.js';
import { createHttpServer } from './http/server.js';
import type { TlsServer } from './http/tls.js';
import { createLogger } from './logger.js';
import type { MarketRecorder } from './recorder/recorder.js';
import type { TradingComponents } from './trading/setup.js';
import { systemClock, type Clock } from './util/clock.js';
import { startVenueRuntime, type VenueRuntime } from './venues/runtime.js';
import type { StreamGateway } from './ws/gateway.js';
import type { VenueSyncJobs } from './indexers/venue-sync-setup.js';
import { startVenueSync } from './features/venue-sync.js';

export interface RunningService {
  /** e.g. http://127.0.0.1:8080 */
  url: string;
  port: number;
  db: Database;
  accounts: AccountService;
  keys: ApiKeyService;
  logger: Logger;
  /** Venue adapters (and simulators in sim mode) of this process. */
  venues: VenueRuntime;
  /** Venue sync jobs, when this process runs jobs (config.runJobs). */
  venueSync: VenueSyncJobs | null;
  /** Subscribe with `catalogChanges.onCatalogChanged(fn)` to hear about every sync that changed markets. */
  catalogChanges: CatalogChangeEmitter;
  /** The stream gateway (/ws/...) on the same HTTP server. */
  streams: StreamGateway;
  /** HTTPS/WSS when TLS_CERT_FILE/TLS_KEY_FILE are set (main.ts reloads it on SIGHUP); null = plain HTTP. */
  tls: Pick<TlsServer, 'current' | 'reload'> | null;
  /** Orders, credentials and the venues' order clients. */
  trading: TradingComponents;
  /** The market-data recorder, when this process runs it (RUN_JOBS and RECORDER_ENABLED). */
  recorder: MarketRecorder | null;
  /** The port serving only /metrics (METRICS_PORT); null: none. */
  metricsPort: number | null;
  close(): Promise<void>;
}

export interface StartOptions {
  clock?: Clock;
  logger?: Logger;
  /** The features to run, in order (default: FEATURES). */
  features?: readonly FeatureModule[];
}

export async function startService(config: Config, opts: StartOptions = {}): Promise<RunningService> {
  const clock = opts.clock ?? systemClock;
  const logger = opts.logger ?? createLogger(config.logLevel);
  const shutdown: (() => Promise<unknown>)[] = [];
  const stopAll = async () => { while (shutdown.length) await shutdown.pop()!(); };
  const db = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, logger });
  shutdown.push(() => db.close());
  try {
    const venues = await startVenueRuntime({ mode: config.exchangeMode, venues: config.venues, liveTimeoutMs: config.liveReads.timeoutMs, logger });
    shutdown.push(() => venues.close());
    const notifications = openNotifications(db, logger);
    shutdown.push(() => notifications.close());
    const { provide, use } = featureServices();
    const parts: FeatureParts[] = [];
    for (const feature of opts.features ?? FEATURES) {
      const part = await feature.setup({ config, db, logger, clock, venues, notifications, use });
      if (part.close) shutdown.push(part.close);
      provide(part);
      parts.push(part);
    }
    const { app, accounts, keys } = buildApp({
      db, logger, clock, accounts: use('accounts'), keys: use('keys'), plans: use('plans'), settings: appSettingsOf(config),
      healthChecks: Object.assign({}, ...parts.map((p) => p.health)),
      exchangesHealth: exchangesHealth(new SyncStatusStore(db.pool)),
      keyedRouters: (http) => parts.flatMap((p) => p.routes?.(http) ?? []),
      metrics: parts.find((p) => p.metrics)?.metrics,
    });
    const web = await createHttpServer(app, config);
    for (const part of parts) part.attach?.(web.server);
    const { url, port } = await web.listen();
    // First to stop: no new requests, and those in flight finish before the features close.
    shutdown.push(() => web.stop(config.shutdownGraceMs));
    logger.info({ port, database: db.kind, tls: web.tls ? web.tls.current() : false }, 'service listening');
    const catalogChanges = new CatalogChangeEmitter((err) => logger.error({ err, component: 'catalog-changes' }, 'catalog change listener failed'));
    let venueSync: VenueSyncJobs | null = null;
    if (config.runJobs) {
      // The venue sync, the features' jobs, and what each does after a sync (./features/venue-sync.ts).
      const sync = (venueSync = await startVenueSync({ config, db, venues, clock, logger, changes: catalogChanges }, parts));
      shutdown.push(() => sync.stop());
    }
    for (const part of parts) part.start?.();
    let closing: Promise<void> | undefined;
    return {
      url, port, db, accounts, keys, logger, venues, venueSync, catalogChanges,
      streams: use('streams'), trading: use('trading'), recorder: use('recorder'), metricsPort: use('metricsPort'),
      tls: web.tls,
      close() {
        closing ??= stopAll().then(() => logger.info('service stopped'));
        return closing;
      },
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
