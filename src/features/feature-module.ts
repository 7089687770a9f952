// What a feature is to the service: a module whose `setup(ctx)` builds the feature from the shared
// context and hands back its parts (routes, jobs, health checks, what it does after a catalog change,
// how it closes). `startService` sets the features up in the order of their list
// (src/features/index.ts), as it does the venues of VENUES, and closes them in reverse. Adding a
// feature is one module here and one entry in that list; its settings are a fragment in its own
// folder (src/<feature>/settings.ts).
import type http from 'node:http';
import type { Logger } from 'pino';
import type { AccountService } from '../accounts/account-repository.js';
import type { ApiKeyService } from '../accounts/api-key-repository.js';
import type { PlanTable } from '../accounts/plans.js';
import type { CatalogChangeListener } from '../catalog/changes.js';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import type { Notifications } from '../db/notifications.js';
import type { HealthCheck } from '../health/component-health.js';
import type { HttpContext } from '../http/app.js';
import type { RouterMount } from '../http/route-order.js';
import type { MarketDataService } from '../market-data/market-data-service.js';
import type { AppMetrics } from '../metrics/setup.js';
import type { RecordedStore } from '../recorder/recorded-data-repository.js';
import type { MarketRecorder } from '../recorder/recorder.js';
import type { SearchEngine } from '../search/engine.js';
import type { SemanticComponent } from '../search/semantic/semantic-component.js';
import type { TradingComponents } from '../trading/setup.js';
import type { Clock } from '../util/clock.js';
import type { VenueRuntime } from '../venues/runtime.js';
import type { StreamGateway } from '../ws/gateway.js';
import type { JobScheduler } from '../indexers/scheduler.js';
import type { SyncResult } from '../indexers/venue-sync.js';

/** What one feature hands to the features after it in the list (and the service to its caller), by name. */
export interface FeatureServices {
  accounts: AccountService;
  keys: ApiKeyService;
  plans: PlanTable;
  /** The keyword engine (semantic search fuses its candidates). */
  keywordSearch: SearchEngine;
  marketData: MarketDataService;
  recordedStore: RecordedStore;
  streams: StreamGateway;
  trading: TradingComponents;
  recorder: MarketRecorder | null;
  semantic: SemanticComponent;
  /** The port serving only /metrics (METRICS_PORT); null: none. */
  metricsPort: number | null;
}

/** What every feature is built from. */
export interface FeatureContext {
  config: Config;
  db: Database;
  logger: Logger;
  clock: Clock;
  /** The venue adapters (and simulators in sim mode) of this process. */
  venues: VenueRuntime;
  /** Changes announced by other instances on the same database (LISTEN/NOTIFY). */
  notifications: Notifications;
  /** A service a feature earlier in the list provides; throws naming it when none has. */
  use<K extends keyof FeatureServices>(name: K): FeatureServices[K];
}

/** A feature's parts; each is optional. */
export interface FeatureParts {
  /** Services for the features after it and for `RunningService`. */
  provides?: Partial<FeatureServices>;
  /** Keyed routers under /api/v1, in any order (the assembly mounts the most specific first). */
  routes?: (http: HttpContext) => RouterMount[];
  /** Components reported by /health, by name. */
  health?: Record<string, HealthCheck>;
  /** Where the jobs run (RUN_JOBS): registers the feature's scheduled jobs. */
  jobs?: (scheduler: JobScheduler) => void;
  /** Where the jobs run: after each venue sync that changed the catalog. */
  onCatalogChange?: CatalogChangeListener;
  /** Where the jobs run: after each venue's sync run, whatever it changed. */
  onSyncResult?: (result: SyncResult) => void;
  /** GET /metrics and the request timings it reports (one feature: metrics). */
  metrics?: AppMetrics;
  /** Before the server listens: e.g. take WebSocket upgrades. */
  attach?: (server: http.Server) => void;
  /** Once the server listens (background work that must not delay the start). */
  start?: () => void;
  close?: () => Promise<void>;
}

export interface FeatureModule {
  readonly name: string;
  setup(ctx: FeatureContext): Promise<FeatureParts>;
}

/** The services the features provide, as they are set up: `provide` adds a feature's, `use` reads one. */
export function featureServices(): { provide(part: FeatureParts): void; use: FeatureContext['use'] } {
  const provided: Partial<FeatureServices> = {};
  return {
    provide: (part) => void Object.assign(provided, part.provides),
    use(name) {
      if (!(name in provided)) throw new Error(`no feature before this one in the list provides ${name}`);
      return provided[name] as FeatureServices[typeof name];
    },
  };
}
