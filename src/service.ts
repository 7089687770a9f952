// Builds the service from its configuration: database, accounts, HTTP app, and (as the feature
// areas land) venues, indexers, search and streams; starts it, and stops it cleanly.
// main.ts calls this for `npm start`; tests call it to run the real server on a random port.
import type { AddressInfo } from 'node:net';
import http from 'node:http';
import path from 'node:path';
import type { Logger } from 'pino';
import type { AccountService } from './accounts/account-repository.js';
import type { ApiKeyService } from './accounts/api-key-repository.js';
import { buildPlanTable } from './accounts/plans.js';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/database.js';
import { EmbeddedCatalogCeiling } from './health/embedded-ceiling.js';
import { CHANGE_CHANNELS, openNotifications, type Notifications } from './db/notifications.js';
import { buildApp } from './http/build-app.js';
import type { ExchangesCheck } from './http/routes/health.js';
import { createLogger } from './logger.js';
import { systemClock, type Clock } from './util/clock.js';
import { EXCHANGE_CODES } from './venues/exchanges.js';
import { VERSION } from './version.js';
import { CatalogChangeEmitter } from './catalog/changes.js';
import { CatalogReader } from './catalog/catalog-repository.js';
import { SyncStatusStore } from './catalog/sync-status-repository.js';
import { createVenuesRouter } from './http/routes/venues.js';
import { MarketDataService } from './market-data/market-data-service.js';
import { startVenueSyncJobs, type VenueSyncJobs } from '../indexers/venue-sync-setup.js';
import { startVenueRuntime, type VenueRuntime } from './venues/runtime.js';
import { createSearchIndexJob, SEARCH_INDEX_JOB } from '../indexers/search-job.js';
import { createMatchingJob, MATCHING_JOB } from '../indexers/matching-job.js';
import { CatalogWriter } from './catalog/catalog-write-repository.js';
import { ClusterReader } from './matching/cluster-repository.js';
import { MatchStore } from './matching/match-repository.js';
import { createClustersRouter } from './http/routes/clusters.js';
import { setupSearch, type SearchComponents } from './search/setup.js';
import { VOLUME_ORDERED } from './search/search-index-state-repository.js';
import { startSemanticComponent, type SemanticComponent } from './search/semantic/semantic-component.js';
import { keywordEngineCandidates } from './search/semantic/keyword-candidates.js';
import { EmbeddingIndexer } from '../indexers/embeddings-indexer.js';
import { createSearchRouter } from './http/routes/search.js';
import { createCategoriesRouter } from './http/routes/categories.js';
import { createSemanticRouter } from './http/routes/semantic-search.js';
import type { StreamGateway } from './ws/gateway.js';
import { createStreamGateway } from './ws/setup.js';
import { addSvcStream } from './ws/svc/setup.js';
import { createTlsServer, type TlsServer } from './http/tls.js';
import { setupTrading, type TradingComponents } from './trading/setup.js';
import { createTradingRouter } from './http/routes/trading.js';
import { createCredentialsRouter } from './http/routes/trading-credentials.js';
import { createOnboardingRouter } from './http/routes/trading-onboarding.js';
import { createOrderSyncJob, ORDER_SYNC_JOB } from '../indexers/order-sync-job.js';
import { JobRunStore } from '../indexers/job-run-repository.js';
import { matchingJobHealth, orderSyncHealth, recordRuns } from '../indexers/job-runs.js';
import type { MarketRecorder } from './recorder/recorder.js';
import { createMarketRecorder } from './recorder/setup.js';
import { PartitionManager } from './recorder/partition-repository.js';
import { RecordedStore } from './recorder/recorded-data-repository.js';
import { RecordedDataService } from './market-data/recorded-data-service.js';
import { createRecordedRouter } from './http/routes/recorded.js';
import { QuoteService } from './market-data/quotes.js';
import { createQuotesRouter } from './http/routes/quotes.js';
import { DatasetService } from './market-data/datasets.js';
import { createDatasetsRouter } from './http/routes/recorded-datasets.js';
import { KalshiRfqClient, lazySimTestKey } from './venues/kalshi/rfqs.js';
import { RfqService } from './market-data/rfqs.js';
import { kalshi } from './venues/kalshi/index.js';
import { createRfqRouter } from './http/routes/recorded-rfqs.js';
import { recorderFeed } from './ws/recorder-feed.js';
import { KalshiAdapter } from './venues/kalshi/client.js';
import { KalshiParlayTrades } from './venues/kalshi/parlays.js';
import { ParlayTradeService } from './market-data/parlays.js';
import { createParlayRouter } from './http/routes/kalshi-parlays.js';
import { AdvisoryRecorderLease } from '../indexers/recorder-lease.js';
import { credentialKeysHealth } from './trading/credential-keys-health.js';
import { setupCrossVenue } from './cross-venue/setup.js';
import { setupMetrics, type MetricsFeature } from './metrics/setup.js';
import { matchingRunOf } from './metrics/matching-source.js';

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
}

/** /health's view of the venues: every code of the exchange table, with its sync state when it has one. */
function exchangesHealth(statuses: SyncStatusStore): ExchangesCheck {
  return async () => {
    const byCode = new Map((await statuses.list()).map((r) => [r.exchange, r]));
    return Object.fromEntries(
      EXCHANGE_CODES.map((code) => {
        const r = byCode.get(code);
        return [code, { status: r?.status ?? 'never', last_sync_at: r?.last_sync_at ?? null, markets: r?.markets ?? 0, sync_refused: r?.sync_refused ?? null, last_full_at: r?.last_full_at ?? null, last_run: r?.last_run ?? null }];
      }),
    );
  };
}

export async function startService(config: Config, opts: StartOptions = {}): Promise<RunningService> {
  const clock = opts.clock ?? systemClock;
  const logger = opts.logger ?? createLogger(config.logLevel);
  const db = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, logger });
  const catalogCeiling = new EmbeddedCatalogCeiling({ liveMarkets: () => new SyncStatusStore(db.pool).totalLiveMarkets(), databaseKind: db.kind, ceiling: config.embeddedCatalogCeiling, logger });
  let venues: VenueRuntime | undefined;
  let venueSync: VenueSyncJobs | null = null;
  let search: SearchComponents | undefined;
  let semantic: SemanticComponent | undefined;
  let streams: StreamGateway | undefined;
  let notifications: Notifications | undefined;
  let recorder: MarketRecorder | null = null;
  let metrics: MetricsFeature | undefined;
  try {
    const catalogChanges = new CatalogChangeEmitter((err) => logger.error({ err, component: 'catalog-changes' }, 'catalog change listener failed'));
    venues = await startVenueRuntime({ mode: config.exchangeMode, venues: config.venues, liveTimeoutMs: config.liveReads.timeoutMs, logger });
    const liveAdapters = venues.liveAdapters;
    // Keyword search: Elasticsearch when ELASTICSEARCH_URL is set, else PostgreSQL. An engine that is
    // down at start is not fatal: keyword search answers 503 until it is back.
    search = await setupSearch({ elasticsearchUrl: config.elasticsearchUrl, layout: config.searchLayout, pool: db.pool, watchIntervalMs: config.searchCachePollMs, logger: logger.child({ component: 'search' }) });
    // Semantic search fetches its model when missing (so a fresh `npm start` needs no other command)
    // and loads it in the background; it answers 503, saying why, until the model is ready.
    // The embedding indexer runs where the jobs run; it starts once the model is loaded.
    const vacuumEmbeddings = db.kind === 'embedded';
    semantic = startSemanticComponent({
      modelDir: config.modelDir,
      pool: db.pool,
      logger,
      createIndexer: config.runJobs
        ? (embedder) => new EmbeddingIndexer({ pool: db.pool, databaseKind: db.kind, embedder, logger: logger.child({ component: 'embedding-indexer' }), vacuumAfterWrites: vacuumEmbeddings })
        : undefined,
      modelFetch: config.modelFetch ?? undefined,
      keywordCandidates: keywordEngineCandidates(search.backend),
    });
    // Trading: order clients point where the adapters do (the simulators in sim mode).
    const trading = await setupTrading({
      pool: db.pool,
      exclusiveDatabase: db.kind === 'embedded',
      settings: { ...config.trading, dataDir: config.dataDir },
      baseUrls: venues.simBaseUrls ?? Object.fromEntries(Object.entries(config.venues).map(([code, v]) => [code, v.baseUrls])),
      logger,
      // yes / no on the token venues: the market's outcomes (catalog, else the venue); marketData is built below, before any request.
      outcomesOf: (code, marketId) => marketData.findMarket(code, marketId).then((m) => m.outcomes, () => null),
    });
    // The recorded tables are read by every instance (the recorder writes them where the jobs run).
    const recordedStore = new RecordedStore(db.pool, new PartitionManager(db.pool, { retentionDays: config.recorder.retentionDays, aheadDays: config.recorder.partitionsAheadDays }));
    const marketData = new MarketDataService({ catalog: new CatalogReader(db.pool), adapters: liveAdapters, liveCacheTtlMs: config.liveReads.cacheTtlMs, liveTimeoutMs: config.liveReads.timeoutMs, now: () => clock.now(), recorded: recordedStore });
    const recordedData = new RecordedDataService(marketData, recordedStore, () => clock.now());
    // Kalshi's member reads (RFQs) are signed with the service's own key; the simulator takes its test key.
    const kalshiSim = venues.simBaseUrls?.kalshi;
    const rfqs = new RfqService(
      new KalshiRfqClient({
        restUrl: kalshiSim ? kalshiSim.rest : (config.venues.kalshi?.baseUrls.rest ?? kalshi.baseUrls.rest),
        key: kalshiSim ? lazySimTestKey() : config.streams.kalshiKey,
        timeoutMs: config.liveReads.timeoutMs,
      }),
      marketData,
    );
    // Kalshi parlay trades: read from the venue through the Kalshi adapter's HTTP client (its rate limit and retries).
    const parlays = new ParlayTradeService(liveAdapters.kalshi instanceof KalshiAdapter ? new KalshiParlayTrades(liveAdapters.kalshi.http) : null, () => clock.now());
    const searchRouter = createSearchRouter({ engine: search.backend, cache: search.cache, catalog: new CatalogReader(db.pool) });
    streams = await createStreamGateway({ config, venues, pool: db.pool, logger, now: () => clock.now() });
    const streamGateway = streams;
    // The recorder runs where the jobs run; it shares the gateway's upstream connection of each venue
    // (with fan-out across instances, the leader's, through the clustered feed).
    if (config.runJobs && config.recorder.enabled) {
      // One recorder at a time across job runners: the others stand by for its lease.
      const lease = await AdvisoryRecorderLease.open(db.pool, db.kind === 'external', { retryMs: config.recorder.lockRetryMs, logger: logger.child({ component: 'recorder' }) });
      try {
        recorder = createMarketRecorder({
          config: config.recorder, pool: db.pool, adapters: liveAdapters, logger: logger.child({ component: 'recorder' }), now: () => clock.now(), lease,
          feedOf: (code) => {
            const feed = streamGateway.marketFeed(code);
            return feed ? recorderFeed(feed, logger.child({ component: 'recorder', exchange: code })) : undefined;
          },
        });
      } catch (err) {
        // The lease holds a session of the pool (on a server): give it back before the start fails.
        await lease.release();
        throw err;
      }
    }
    const marketRecorder = recorder;
    const jobRuns = new JobRunStore(db.pool);
    const searchComponents = search;
    const semanticComponent = semantic;
    const operatorMetrics = (metrics = setupMetrics({
      settings: { ...config.metrics, host: config.host }, logger,
      sources: { pool: db.pool, embeddings: () => semanticComponent.embeddingWork(), matching: matchingRunOf(jobRuns), streams: () => streamGateway.counts() },
    }));
    const { app, accounts, keys } = buildApp({
      db,
      logger,
      clock,
      settings: {
        version: VERSION,
        maxBodyBytes: config.maxBodyBytes,
        trustProxyHops: config.trustProxyHops,
        testKeyTtlSeconds: config.testKeyTtlSeconds,
        testKeyRatePerMinute: config.testKeyRatePerMinute,
        testKeysPerAddressPerHour: config.testKeysPerAddressPerHour,
        productionKeyRatePerMinute: config.productionKeyRatePerMinute,
        corsOrigins: config.corsOrigins,
        serverTiming: config.serverTiming,
      },
      plans: buildPlanTable(config.planFeatureOverrides),
      sessionTtlMs: config.sessionTtlHours * 3600_000,
      healthChecks: { search: async () => ({ ...(await searchComponents.health()) }), embeddings: () => semanticComponent.health(), streams: async () => streamGateway.health(),
        ...(marketRecorder ? { recorder: () => marketRecorder.health() } : {}),
        credentials: credentialKeysHealth(db.pool, trading.cipher),
        // the jobs' last runs, whichever instance ran them
        matching: matchingJobHealth(jobRuns, MATCHING_JOB), order_sync: orderSyncHealth(jobRuns, ORDER_SYNC_JOB),
        catalog: () => catalogCeiling.check() },
      exchangesHealth: exchangesHealth(new SyncStatusStore(db.pool)),
      metrics: operatorMetrics.http,
      keyedRouters: (ctx) => [
        // before the venue router at '/', which would otherwise take /search/markets as /{exchange}/markets
        { path: '/search', router: searchRouter },
        { path: '/', router: createCategoriesRouter(new CatalogReader(db.pool)) },
        { path: '/search', router: createSemanticRouter({ requireFeature: ctx.requireFeature, getService: () => semanticComponent.getService(), cache: semanticComponent.resultCache, unavailableReason: () => semanticComponent.unavailableReason(), catalog: new CatalogReader(db.pool) }) },
        // before the venue router, which would otherwise take /orders/{id} or /polymarket/safe-address
        { path: '/', router: createTradingRouter(trading.trading) },
        { path: '/', router: createCredentialsRouter(trading.credentials) },
        { path: '/', router: createOnboardingRouter(trading.onboarding) },
        // before the venue router, which would otherwise answer /{exchange}/{market_id}/cluster
        { path: '/', router: createClustersRouter({ clusters: new ClusterReader(db.pool, new MatchStore(db.pool)), catalog: new CatalogReader(db.pool), requireFeature: ctx.requireFeature }) },
        // before the venue router: /analytics/... and the recorded series; quotes of many markets
        { path: '/', router: createRecordedRouter(recordedData) },
        { path: '/', router: createRfqRouter(rfqs) },
        { path: '/', router: createParlayRouter(parlays) },
        { path: '/', router: createDatasetsRouter(new DatasetService({ catalog: new CatalogReader(db.pool), store: recordedStore, dir: path.join(config.dataDir, 'datasets'), retentionDays: config.recorder.retentionDays, now: () => clock.now() })) },
        // before the venue router, which would otherwise take /clusters as /{exchange}
        { path: '/', router: setupCrossVenue({ pool: db.pool, marketData, recorded: recordedStore, streams: streamGateway, now: () => clock.now(), requireFeature: ctx.requireFeature }).router },
        { path: '/', router: createQuotesRouter({ quotes: new QuoteService(new CatalogReader(db.pool), marketData), clusters: new ClusterReader(db.pool, new MatchStore(db.pool)), requireFeature: ctx.requireFeature }) },
        { path: '/', router: createVenuesRouter(marketData) },
      ],
    });

    // /ws/svc: the cross-venue cluster stream on the gateway, keyed like the svc lookups.
    addSvcStream({ gateway: streamGateway, pool: db.pool, marketData, keys, plans: buildPlanTable(config.planFeatureOverrides), pollMs: config.streams.pollMs, logger, now: () => clock.now() });

    // Several instances on one server: a change made by one (a re-index, a sync, a revoked key)
    // drops the others' cached answers at once (the database's triggers announce it; the pollers remain
    // as a safety net).
    notifications = openNotifications(db, logger);
    const dropSearch = () => searchComponents.cache.invalidate();
    const dropVolumeOrdered = () => searchComponents.cache.invalidate(VOLUME_ORDERED);
    const dropSemantic = () => semanticComponent.invalidateAnswers();
    const dropKeys = () => keys.forgetCached();
    await notifications.listen(CHANGE_CHANNELS.searchState, dropSearch, dropSearch);
    await notifications.listen(CHANGE_CHANNELS.searchVolumes, dropVolumeOrdered, dropVolumeOrdered);
    await notifications.listen(CHANGE_CHANNELS.semanticInputs, dropSemantic, dropSemantic);
    await notifications.listen(CHANGE_CHANNELS.apiKeys, dropKeys, dropKeys);

    // HTTPS (and WSS) when a certificate is configured, else plain HTTP (TLS ended by a proxy, or none)
    // A client gets HTTP_REQUEST_TIMEOUT_MS to send a request and HTTP_HEADERS_TIMEOUT_MS for its
    // headers (408 after), so a body that never arrives cannot hold a connection for Node's default
    // five minutes. Node checks these limits on a timer of its own: a tenth of the shorter limit keeps
    // the answer close to the setting.
    const { requestMs, headersMs } = config.httpTimeouts;
    const serverOptions: http.ServerOptions = { requestTimeout: requestMs, headersTimeout: headersMs, connectionsCheckingInterval: Math.min(5_000, Math.max(100, Math.floor(headersMs / 10))) };
    const tlsServer = config.tls ? await createTlsServer(app, config.tls, serverOptions) : null;
    const server = tlsServer?.server ?? http.createServer(serverOptions, app);
    server.keepAliveTimeout = 65_000;
    // WebSocket upgrades of /ws/... are answered here, before Express sees the request.
    streamGateway.attach(server);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => resolve());
    });
    const port = (server.address() as AddressInfo).port;
    const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
    logger.info({ port, database: db.kind, tls: tlsServer ? tlsServer.current() : false }, 'service listening');
    const metricsPort = await operatorMetrics.listen();

    if (config.runJobs) {
      venueSync = await startVenueSyncJobs({
        pool: db.pool, databaseKind: db.kind, adapters: venues.syncAdapters, clock, logger, changes: catalogChanges,
        schedule: config.sync.schedule, schedules: config.sync.schedules, pageSize: config.sync.pageSize,
        sources: venues.catalogSources, maxRemovalShare: config.sync.maxRemovalShare, fullIntervalMs: config.sync.fullIntervalMs, requests: venues.syncRequests,
        onSyncResult: (result) => operatorMetrics.recordSync(result),
      });
      // The first sync runs now, not only at the first cron tick; requests are served meanwhile.
      // Search and embedding indexes follow the catalog: after every sync that changed markets
      // (and on the search job's own schedule as a safety net).
      const jobs = venueSync;
      jobs.scheduler.add(createSearchIndexJob({ pool: db.pool, writer: search.backend, cache: search.cache, logger: logger.child({ component: 'search-indexer' }) }));
      // Cross-venue matching after each sync (and on its schedule, which follows the embedding
      // passes); the markets whose svc_id it changed are re-indexed for search right after.
      jobs.scheduler.add(recordRuns(createMatchingJob({
        pool: db.pool, writer: new CatalogWriter(db.pool, { vacuumAfterWrites: db.kind === 'embedded' }), logger: logger.child({ component: 'matching' }),
        onAssigned: () => void jobs.scheduler.trigger(SEARCH_INDEX_JOB),
      }), jobRuns, logger));
      catalogChanges.onCatalogChanged((change) => {
        if (change.changed + change.removed === 0) return;
        // the log's word on the embedded ceiling comes when the catalog grows, not only on a /health poll
        if (change.complete) void catalogCeiling.check().catch(() => undefined);
        void jobs.scheduler.trigger(SEARCH_INDEX_JOB);
        void jobs.scheduler.trigger(MATCHING_JOB);
        semanticComponent.requestIndexing();
      });
      // Orders not final yet follow their venues; the first run right away reconciles any order a
      // restart interrupted.
      jobs.scheduler.add(recordRuns(createOrderSyncJob({ trading: trading.trading, schedule: config.trading.syncSchedule, logger }), jobRuns, logger));
      void jobs.scheduler.trigger(ORDER_SYNC_JOB);
      if (config.sync.onStart) void venueSync.syncAllNow();
    }
    if (marketRecorder) {
      // In the background, like the first sync: requests are served meanwhile.
      void marketRecorder.start().catch((err: unknown) => logger.error({ err }, 'recorder: start failed'));
      // Markets listed by a sync are picked up without waiting for the next refresh.
      catalogChanges.onCatalogChanged((change) => {
        if (change.changed > 0) void marketRecorder.refreshTracked().catch((err: unknown) => logger.warn({ err }, 'recorder: refresh after a sync failed'));
      });
    }

    let closing: Promise<void> | undefined;
    return {
      url: `${tlsServer ? 'https' : 'http'}://${host}:${port}`,
      port,
      db,
      accounts,
      keys,
      logger,
      venues,
      venueSync,
      catalogChanges,
      streams: streamGateway,
      tls: tlsServer && { current: () => tlsServer.current(), reload: () => tlsServer.reload() },
      trading,
      recorder: marketRecorder,
      metricsPort,
      close() {
        closing ??= (async () => {
          // The recorder first: it lets go of its upstream markets and writes what it buffered.
          await marketRecorder?.close();
          // Stream clients first: an open WebSocket would hold server.close() until the grace ends.
          await streamGateway.close();
          // Stop taking connections, let in-flight requests finish, then close idle keep-alive sockets.
          const closed = new Promise<void>((resolve) => server.close(() => resolve()));
          server.closeIdleConnections();
          const grace = setTimeout(() => server.closeAllConnections(), config.shutdownGraceMs);
          await closed;
          clearTimeout(grace);
          await operatorMetrics.close();
          await venueSync?.stop();
          await notifications?.close();
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
    await recorder?.close();
    await streams?.close();
    await metrics?.close();
    await venueSync?.stop();
    await notifications?.close();
    await venues?.close();
    await semantic?.close();
    await search?.close();
    await db.close();
    throw err;
  }
}
