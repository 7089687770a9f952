// One sync of one venue into the catalog: follow the adapter's listing page by page, write each page
// (markets, outcomes, events and the resume cursor) in its own short transaction, and only after a
// listing that ran from its first page to its last, tombstone the markets it no longer returned.
// A venue that fails mid-listing leaves every committed page in place, tombstones nothing, records
// the error, and the next run resumes after the last committed page. No database client is held
// while the adapter talks to the venue (the embedded database has one connection).
//
// Removals are guarded, since a complete listing proves a market gone only when it comes from the
// same place as the catalog: a sync whose source (simulator, or the live base URLs) differs from the
// one recorded for the venue is refused before it writes anything, and a listing that would
// tombstone more than `maxRemovalShare` of the venue's live markets keeps its pages (what it listed
// is current) and removes nothing. Either refusal is logged, recorded for /health (`sync_refused`),
// and overridden only by `allowRemovals` (`npm run sync -- --allow-removals`), which then records the
// new source.
import type pg from 'pg';
import type { Logger } from 'pino';
import { CatalogWriter, type SyncCursorState } from '../catalog/catalog-writer.js';
import type { CatalogChangeEmitter } from '../catalog/changes.js';
import { SyncStatusStore, type SyncRefusal } from '../catalog/sync-status.js';
import type { Clock } from '../util/clock.js';
import type { VenueAdapter } from '../venues/adapter.js';
import type { ExchangeCode } from '../venues/exchanges.js';
import { VenueError } from '../venues/http-client.js';

export interface VenueSyncOptions {
  pool: pg.Pool;
  adapter: VenueAdapter;
  clock: Clock;
  logger?: Logger;
  changes?: CatalogChangeEmitter;
  /** Markets per page asked of the venue (clamped by the adapter to the venue's maximum). */
  pageSize?: number;
  /** VACUUM the catalog tables after enough writes (the embedded database never autovacuums). */
  vacuumAfterWrites?: boolean;
  /** Where the listing comes from (src/venues/runtime.ts `catalogSources`); unset: not checked nor recorded. */
  source?: string;
  /** The largest share (0..1) of the venue's live markets one sync may tombstone (default 0.1). */
  maxRemovalShare?: number;
  /** Removes whatever a complete listing did not return, from any source, at any share. */
  allowRemovals?: boolean;
}

export const DEFAULT_MAX_REMOVAL_SHARE = 0.1;

export interface SyncProgress {
  exchange: ExchangeCode;
  pages: number;
  /** Markets received (normalised) so far in this run. */
  markets: number;
  changed: number;
  skipped: number;
}

export interface SyncResult extends SyncProgress {
  ok: boolean;
  /** Whether this run resumed an interrupted listing (then it does not tombstone). */
  resumed: boolean;
  unchanged: number;
  removed: number;
  eventsChanged: number;
  /** Live markets of the venue in the catalog after the run. */
  catalogMarkets: number;
  durationMs: number;
  error: string | null;
  /** Set when removals were refused (the whole sync, for a catalog of another source). */
  refused: SyncRefusal | null;
}

export class VenueSync {
  readonly exchange: ExchangeCode;
  private readonly writer: CatalogWriter;
  private readonly status: SyncStatusStore;

  constructor(private readonly opts: VenueSyncOptions) {
    this.exchange = opts.adapter.exchange;
    this.writer = new CatalogWriter(opts.pool, { vacuumAfterWrites: opts.vacuumAfterWrites });
    this.status = new SyncStatusStore(opts.pool);
  }

  private inFlight?: Promise<SyncResult>;

  /** Whether a run is in progress in this process. */
  get running(): boolean {
    return this.inFlight !== undefined;
  }

  /** Runs one sync; a call while one is in progress joins it instead of starting a second. */
  run(runOpts: { signal?: AbortSignal; onProgress?: (p: SyncProgress) => void } = {}): Promise<SyncResult> {
    this.inFlight ??= this.runOnce(runOpts).finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  private async runOnce(runOpts: { signal?: AbortSignal; onProgress?: (p: SyncProgress) => void }): Promise<SyncResult> {
    const { adapter, clock } = this.opts;
    const exchange = this.exchange;
    const logger = this.opts.logger?.child({ component: 'venue-sync', exchange });
    const startedMs = clock.now();
    const previous = await this.status.get(exchange);
    const source = this.opts.source ?? null;
    const refusal = (reason: string, wouldRemove: number | null, catalogMarkets: number): SyncRefusal => ({ reason, would_remove: wouldRemove, catalog_markets: catalogMarkets, source, at: new Date(clock.now()).toISOString() });

    // A catalog filled from elsewhere: this listing cannot tell which of its markets are gone, and
    // its own markets do not belong beside them. Nothing is written.
    if (source !== null && previous?.source && previous.source !== source && !this.opts.allowRemovals) {
      const inCatalog = await this.status.liveMarkets(exchange);
      if (inCatalog > 0) {
        const refused = refusal(`the ${exchange} catalog was filled from ${previous.source}; this sync lists ${source}. Run it with --allow-removals to replace the catalog with this source's listing`, null, inCatalog);
        logger?.warn({ refused }, 'venue sync refused: the catalog comes from another source');
        await this.status.setRefusal(exchange, refused);
        const catalogMarkets = await this.status.markFailed(exchange, new Date(clock.now()), refused.reason);
        return { exchange, pages: 0, markets: 0, changed: 0, skipped: 0, ok: false, resumed: false, unchanged: 0, removed: 0, eventsChanged: 0, catalogMarkets, durationMs: clock.now() - startedMs, error: refused.reason, refused };
      }
    }
    const resumeFrom = previous?.cursor ?? null;
    const resumed = resumeFrom !== null;
    await this.status.markRunning(exchange);
    if (source !== null && previous?.source !== source) await this.status.setSource(exchange, source);
    let refused: SyncRefusal | null = null;

    const p: SyncProgress = { exchange, pages: 0, markets: 0, changed: 0, skipped: 0 };
    const r = { unchanged: 0, removed: 0, eventsChanged: 0, maxChangeSeq: 0 };
    const seen = new Set<string>();
    const startedAt = resumeFrom?.started_at ?? new Date(startedMs).toISOString();
    let pagesBefore = resumeFrom?.pages ?? 0;
    let error: string | null = null;
    let failure: unknown;
    let complete = false;

    try {
      for await (const page of adapter.listMarkets({ cursor: resumeFrom?.cursor ?? null, pageSize: this.opts.pageSize, status: 'all', signal: runOpts.signal })) {
        const next: SyncCursorState | null = page.cursor === null ? null : { cursor: page.cursor, started_at: startedAt, pages: ++pagesBefore };
        const w = await this.writer.writePage(exchange, page, next);
        for (const m of page.markets) seen.add(m.market_id);
        p.pages += 1;
        p.markets += page.markets.length;
        p.changed += w.changed;
        p.skipped += page.skipped.length;
        r.unchanged += w.unchanged;
        r.eventsChanged += w.eventsChanged;
        r.maxChangeSeq = Math.max(r.maxChangeSeq, w.maxChangeSeq);
        if (page.skipped.length) logger?.debug({ skipped: page.skipped.slice(0, 5) }, 'venue items skipped by the normaliser');
        runOpts.onProgress?.({ ...p });
      }
      complete = true;
    } catch (err) {
      failure = err;
      // the sync status keeps the message; the log keeps the error itself (stack, VenueError fields)
      error = err instanceof Error ? err.message : String(err);
      // A resume cursor the venue refuses (expired, unknown) would fail every later run: start over.
      if (resumed && p.pages === 0 && err instanceof VenueError && err.kind === 'http' && [400, 404, 410, 422].includes(err.status ?? 0)) {
        await this.status.clearCursor(exchange);
      }
    }

    let catalogMarkets: number;
    if (complete) {
      // Only a listing seen whole in this run proves that a market is gone: a resumed run has not
      // seen the pages before its cursor, so it leaves tombstoning to the next full run.
      if (!resumed) {
        const maxShare = this.opts.allowRemovals ? 1 : (this.opts.maxRemovalShare ?? DEFAULT_MAX_REMOVAL_SHARE);
        const t = await this.writer.tombstoneMissing(exchange, seen, maxShare);
        r.removed = t.removed;
        r.maxChangeSeq = Math.max(r.maxChangeSeq, t.maxChangeSeq);
        if (t.refused) {
          const { wouldRemove, catalogMarkets: total } = t.refused;
          refused = refusal(`the listing lacks ${wouldRemove} of the ${total} live ${exchange} markets, more than the ${Math.round(maxShare * 1000) / 10}% a sync may remove; nothing was removed. Run it with --allow-removals if they are really gone`, wouldRemove, total);
          logger?.warn({ refused }, 'venue sync removed nothing: the listing lacks too much of the catalog');
        }
      }
      // A complete run states the latest word on removals: a refusal, or none any more.
      if (!resumed) await this.status.setRefusal(exchange, refused);
      catalogMarkets = await this.status.markSucceeded(exchange, new Date(clock.now()));
    } else {
      catalogMarkets = await this.status.markFailed(exchange, new Date(clock.now()), error ?? 'failed');
      logger?.warn({ err: failure, pagesCommitted: p.pages }, 'venue sync failed; committed pages kept, resumes from the last cursor');
    }

    const result: SyncResult = { ...p, ok: complete, resumed, ...r, catalogMarkets, durationMs: clock.now() - startedMs, error, refused };
    if (p.changed > 0 || r.removed > 0) {
      this.opts.changes?.emitChanged({ exchange, changed: p.changed, removed: r.removed, maxChangeSeq: r.maxChangeSeq, complete });
    }
    logger?.info({ ok: complete, resumed, pages: p.pages, markets: p.markets, changed: p.changed, removed: r.removed, ms: result.durationMs }, 'venue sync finished');
    return result;
  }
}
