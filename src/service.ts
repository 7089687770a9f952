// Builds the service from its configuration: database, accounts, HTTP app, and (as the feature
// areas land) venues, indexers, search and streams; starts it, and stops it cleanly.
// main.ts calls this for `npm start`; tests call it to run the real server on a random port.
import type { AddressInfo } from 'node:net';
import http from 'node:http';
import type { Logger } from 'pino';
import { AccountService } from './accounts/accounts.js';
import { ApiKeyService } from './accounts/api-keys.js';
import { buildPlanTable } from './accounts/plans.js';
import { SlidingWindowLimiter } from './accounts/rate-limiter.js';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/database.js';
import { createApp } from './http/app.js';
import type { ExchangesCheck } from './http/routes/health.js';
import { createLogger } from './logger.js';
import { systemClock, type Clock } from './util/clock.js';
import { EXCHANGE_CODES } from './venues/exchanges.js';
import { VERSION } from './version.js';
import { CatalogChangeEmitter } from './catalog/changes.js';
import { CatalogReader } from './catalog/catalog-reader.js';
import { SyncStatusStore } from './catalog/sync-status.js';
import { createVenuesRouter } from './http/routes/venues.js';
import { startVenueRuntime, startVenueSyncJobs, type VenueRuntime, type VenueSyncJobs } from '../indexers/venue-sync-setup.js';
import { createSearchIndexJob, SEARCH_INDEX_JOB } from '../indexers/search-job.js';
import { createMatchingJob, MATCHING_JOB } from '../indexers/matching-job.js';
import { CatalogWriter } from './catalog/catalog-writer.js';
import { ClusterReader } from './matching/cluster-reader.js';
import { MatchStore } from './matching/match-store.js';
import { createClustersRouter } from './http/routes/clusters.js';
import { setupSearch, type SearchComponents } from './search/setup.js';
import { startSemanticComponent, type SemanticComponent } from './search/semantic/semantic-component.js';

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
  close(): Promise<void>;
}

export interface StartOptions {
  clock?: Clock;
  logger?: Logger;
}

/** /health's view of the venues: every code of the exchange table, with its sync state when it has one. */
function exchangesHealth(statuses: SyncStatusStore): ExchangesCheck {
  return async () => {
    const byCode = new Map((await statuses.list()).map((r) => [r.exchange, r]));
    return Object.fromEntries(
      EXCHANGE_CODES.map((code) => {
        const r = byCode.get(code);
        return [code, { status: r?.status ?? 'never', last_sync_at: r?.last_sync_at ?? null, markets: r?.markets ?? 0 }];
      }),
    );
  };
}

export async function startService(config: Config, opts: StartOptions = {}): Promise<RunningService> {
  const clock = opts.clock ?? systemClock;
  const logger = opts.logger ?? createLogger(config.logLevel);
  const db = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, logger });
  let venues: VenueRuntime | undefined;
  let venueSync: VenueSyncJobs | null = null;
  let search: SearchComponents | undefined;
  let semantic: SemanticComponent | undefined;
  try {
    const catalogChanges = new CatalogChangeEmitter((err) => logger.error({ err: err instanceof Error ? err.message : String(err) }, 'catalog change listener failed'));
    venues = await startVenueRuntime({ mode: config.exchangeMode, venueUrlEnv: config.venueUrlEnv, liveTimeoutMs: config.liveReads.timeoutMs, logger });
    const liveAdapters = venues.liveAdapters;
    const accounts = new AccountService(db.pool, clock, config.sessionTtlHours * 3600_000);
    const keys = new ApiKeyService(db.pool, clock);
    // Keyword search: Elasticsearch when ELASTICSEARCH_URL is set, else PostgreSQL. An engine that is
    // down at start is not fatal: keyword search answers 503 until it is back.
    search = await setupSearch({ elasticsearchUrl: config.elasticsearchUrl, pool: db.pool, logger });
    // Semantic search loads its model in the background; it answers 503 until the model is ready.
    semantic = startSemanticComponent({
      modelDir: config.modelDir, pool: db.pool, logger, runIndexer: config.runJobs, vacuumAfterWrites: db.kind === 'embedded',
    });
    const searchRouter = search.router;
    const searchComponents = search;
    const semanticComponent = semantic;
    const app = createApp({
      settings: {
        version: VERSION,
        maxBodyBytes: config.maxBodyBytes,
        trustProxyHops: config.trustProxyHops,
        testKeyTtlSeconds: config.testKeyTtlSeconds,
        testKeyRatePerMinute: config.testKeyRatePerMinute,
        testKeysPerAddressPerHour: config.testKeysPerAddressPerHour,
        productionKeyRatePerMinute: config.productionKeyRatePerMinute,
      },
      logger,
      clock,
      db,
      accounts,
      keys,
      keyLimiter: new SlidingWindowLimiter(clock, 60_000),
      addressLimiter: new SlidingWindowLimiter(clock, 3600_000),
      plans: buildPlanTable(config.planFeatureOverrides),
      startedAt: clock.now(),
      healthChecks: { search: async () => ({ ...(await searchComponents.health()) }), embeddings: () => semanticComponent.health() },
      exchangesHealth: exchangesHealth(new SyncStatusStore(db.pool)),
      keyedRouters: (ctx) => [
        // before the venue router at '/', which would otherwise take /search/markets as /{exchange}/markets
        { path: '/search', router: searchRouter },
        { path: '/search', router: semanticComponent.router(ctx.requireFeature) },
        // before the venue router, which would otherwise answer /{exchange}/{market_id}/cluster
        { path: '/', router: createClustersRouter({ clusters: new ClusterReader(db.pool, new MatchStore(db.pool)), catalog: new CatalogReader(db.pool), requireFeature: ctx.requireFeature }) },
        { path: '/', router: createVenuesRouter({ catalog: new CatalogReader(db.pool), adapters: liveAdapters, liveCacheTtlMs: config.liveReads.cacheTtlMs, now: () => clock.now() }) },
      ],
    });

    const server = http.createServer(app);
    server.keepAliveTimeout = 65_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => resolve());
    });
    const port = (server.address() as AddressInfo).port;
    const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
    logger.info({ port, database: db.kind }, 'service listening');

    if (config.runJobs) {
      venueSync = await startVenueSyncJobs({
        pool: db.pool, databaseKind: db.kind, adapters: venues.syncAdapters, clock, logger, changes: catalogChanges,
        schedule: config.sync.schedule, schedules: config.sync.schedules, pageSize: config.sync.pageSize,
      });
      // The first sync runs now, not only at the first cron tick; requests are served meanwhile.
      // Search and embedding indexes follow the catalog: after every sync that changed markets
      // (and on the search job's own schedule as a safety net).
      const jobs = venueSync;
      jobs.scheduler.add(createSearchIndexJob({ pool: db.pool, writer: search.backend, cache: search.cache, logger }));
      // Cross-venue matching after each sync (and on its schedule, which follows the embedding
      // passes); the markets whose svc_id it changed are re-indexed for search right after.
      jobs.scheduler.add(createMatchingJob({
        pool: db.pool, writer: new CatalogWriter(db.pool, { vacuumAfterWrites: db.kind === 'embedded' }), logger,
        onAssigned: () => void jobs.scheduler.trigger(SEARCH_INDEX_JOB),
      }));
      catalogChanges.onCatalogChanged((change) => {
        if (change.changed + change.removed === 0) return;
        void jobs.scheduler.trigger(SEARCH_INDEX_JOB);
        void jobs.scheduler.trigger(MATCHING_JOB);
        semanticComponent.requestIndexing();
      });
      if (config.sync.onStart) void venueSync.syncAllNow();
    }

    let closing: Promise<void> | undefined;
    return {
      url: `http://${host}:${port}`,
      port,
      db,
      accounts,
      keys,
      logger,
      venues,
      venueSync,
      catalogChanges,
      close() {
        closing ??= (async () => {
          // Stop taking connections, let in-flight requests finish, then close idle keep-alive sockets.
          const closed = new Promise<void>((resolve) => server.close(() => resolve()));
          server.closeIdleConnections();
          const grace = setTimeout(() => server.closeAllConnections(), config.shutdownGraceMs);
          await closed;
          clearTimeout(grace);
          await venueSync?.stop();
          await venues?.close();
          await semantic?.close();
          await search?.close();
          await db.close();
          logger.info('service stopped');
        })();
        return closing;
      },
    };
  } catch (err) {
    await venueSync?.stop();
    await venues?.close();
    await semantic?.close();
    await search?.close();
    await db.close();
    throw err;
  }
}
