// Where the jobs run: the venue sync (one job per venue: incremental runs between full listings, as
// each descriptor's `sync` allows), the features' scheduled jobs on its scheduler, and what each
// feature does after a sync run and after a sync that changed the catalog.
import type { CatalogChangeEmitter } from '../catalog/changes.js';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import type { Clock } from '../util/clock.js';
import type { Logger } from 'pino';
import type { VenueRuntime } from '../venues/runtime.js';
import { startVenueSyncJobs, type VenueSyncJobs } from '../indexers/venue-sync-setup.js';
import type { FeatureParts } from './feature-module.js';

export interface VenueSyncContext {
  config: Config;
  db: Database;
  venues: VenueRuntime;
  clock: Clock;
  logger: Logger;
  changes: CatalogChangeEmitter;
}

export async function startVenueSync(ctx: VenueSyncContext, parts: readonly FeatureParts[]): Promise<VenueSyncJobs> {
  const { config, db, venues } = ctx;
  const { onStart, ...settings } = config.sync;
  const sync = await startVenueSyncJobs({
    ...settings,
    pool: db.pool, databaseKind: db.kind, clock: ctx.clock, logger: ctx.logger, changes: ctx.changes,
    adapters: venues.syncAdapters, sources: venues.catalogSources, requests: venues.syncRequests,
    onSyncResult: (result) => { for (const part of parts) part.onSyncResult?.(result); },
  });
  try {
    for (const part of parts) {
      part.jobs?.(sync.scheduler);
      if (part.onCatalogChange) ctx.changes.onCatalogChanged(part.onCatalogChange);
    }
  } catch (err) {
    await sync.stop();
    throw err;
  }
  // The first sync runs now, not only at the first cron tick; requests are served meanwhile.
  if (onStart) void sync.syncAllNow();
  return sync;
}
