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
//
// Two kinds of run. A `full` run lists every market, open and closed, and is the only kind that
// tombstones. Between full runs (due every `fullIntervalMs`), an `incremental` run asks the venue only
// for what changed, as its descriptor's `sync.incremental` says it can: the markets changed since
// the previous successful run began (less `overlapMs`, for the venue's clock and for changes made
// while that run listed), or its open markets; then the markets the catalog holds as open that an
// open-only listing no longer returned (closed or settled since) are read one by one, up to
// `maxRefetch`. New markets thus reach the catalog within one short run.
import type pg from 'pg';
import type { Logger } from 'pino';
import { CatalogReader } from '../catalog/catalog-repository.js';
import { CatalogWriter, type SyncCursorState } from '../catalog/catalog-write-repository.js';
import type { CatalogChangeEmitter } from '../catalog/changes.js';
import { SyncStatusStore, type SyncRefusal, type SyncRunStats, type VenueSyncStatus } from '../catalog/sync-status-repository.js';
import type { Clock } from '../util/clock.js';
import type { ListMarketsOptions, MarketPage, VenueAdapter } from '../venues/adapter.js';
import type { IncrementalSync } from '../venues/descriptor.js';
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
  /** How the venue lists what changed (its descriptor's `sync.incremental`); unset: every run is full. */
  incremental?: IncrementalSync;
  /** How long after a full listing began the next run is full again (default a day). */
  fullIntervalMs?: number;
  /** How far before the previous run's start an incremental run asks for changes (default 2 min). */
  overlapMs?: number;
  /** Open markets an open-only run reads one by one when its listing no longer returns them (default 500). */
  maxRefetch?: number;
  /** Counts the requests the sync adapter makes (src/venues/request-counter.ts), for the run's stats. */
  requests?: { readonly count: number };
}

export const DEFAULT_MAX_REMOVAL_SHARE = 0.1;
export const DEFAULT_FULL_INTERVAL_MS = 24 * 3_600_000;
const DEFAULT_OVERLAP_MS = 120_000;
const DEFAULT_MAX_REFETCH = 500;

export type SyncKind = SyncRunStats['kind'];

export interface RunOptions {
  signal?: AbortSignal;
  onProgress?: (p: SyncProgress) => void;
  /** Forces the kind of run (a full one is run anyway when an incremental one cannot be). */
  kind?: SyncKind;
}

export interface SyncProgress {
  exchange: ExchangeCode;
  pages: number;
  /** Markets received (normalised) so far in this run. */
  markets: number;
  changed: number;
  skipped: number;
}

export interface SyncResult extends SyncProgress {
  kind: SyncKind;
  ok: boolean;
  /** Requests made to the venue (0 when no counter was given). */
  requests: number;
  /** Open markets an open-only run read one by one because its listing no longer returned them. */
  refetched: number;
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
  private readonly catalog: CatalogReader;
  private readonly status: SyncStatusStore;

  constructor(private readonly opts: VenueSyncOptions) {
    this.exchange = opts.adapter.exchange;
    this.writer = new CatalogWriter(opts.pool, { vacuumAfterWrites: opts.vacuumAfterWrites });
    this.catalog = new CatalogReader(opts.pool);
    this.status = new SyncStatusStore(opts.pool);
  }

  private inFlight?: Promise<SyncResult>;

  /** Whether a run is in progress in this process. */
  get running(): boolean {
    return this.inFlight !== undefined;
  }

  /**
   * Runs one sync; a call while one is in progress joins it instead of starting a second. `kind`
   * forces a full or incremental run; unset, the run is incremental unless a full one is due.
   */
  run(runOpts: RunOptions = {}): Promise<SyncResult> {
    this.inFlight ??= this.runOnce(runOpts).finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  /**
   * Full when the venue cannot list changes, or none was ever completed, or one was interrupted
   * (its resume cursor is pending), or one is due; else what was asked, or incremental.
   */
  private chooseKind(asked: SyncKind | undefined, previous: VenueSyncStatus | null, nowMs: number): SyncKind {
    if (!this.opts.incremental || !previous?.last_full_at || !previous.changes_since || previous.cursor) return 'full';
    if (asked) return asked;
    const interval = this.opts.fullIntervalMs ?? DEFAULT_FULL_INTERVAL_MS;
    return nowMs - Date.parse(previous.last_full_at) >= interval ? 'full' : 'incremental';
  }

  /** What an incremental run asks the venue for. */
  private incrementalListing(previous: VenueSyncStatus): Pick<ListMarketsOptions, 'status' | 'updatedSince'> {
    if (this.opts.incremental === 'updated_since') {
      const since = Date.parse(previous.changes_since!) - (this.opts.overlapMs ?? DEFAULT_OVERLAP_MS);
      return { status: 'all', updatedSince: new Date(since).toISOString() };
    }
    return { status: this.opts.incremental === 'open_only' ? 'open' : 'all' };
  }

  private async runOnce(runOpts: RunOptions): Promise<SyncResult> {
    const { adapter, clock } = this.opts;
    const exchange = this.exchange;
    const logger = this.opts.logger?.child({ component: 'venue-sync', exchange });
    const startedMs = clock.now();
    const requestsBefore = this.opts.requests?.count ?? 0;
    const previous = await this.status.get(exchange);
    const kind = this.chooseKind(runOpts.kind, previous, startedMs);
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
        return { exchange, kind, pages: 0, markets: 0, changed: 0, skipped: 0, ok: false, resumed: false, requests: 0, refetched: 0, unchanged: 0, removed: 0, eventsChanged: 0, catalogMarkets, durationMs: clock.now() - startedMs, error: refused.reason, refused };
      }
    }
    const resumeFrom = kind === 'full' ? (previous?.cursor ?? null) : null;
    const resumed = resumeFrom !== null;
    await this.status.markRunning(exchange);
    if (source !== null && previous?.source !== source) await this.status.setSource(exchange, source);
    let refused: SyncRefusal | null = null;

    const p: SyncProgress = { exchange, pages: 0, markets: 0, changed: 0, skipped: 0 };
    const r = { unchanged: 0, removed: 0, eventsChanged: 0, maxChangeSeq: 0, refetched: 0 };
    const seen = new Set<string>();
    const startedAt = resumeFrom?.started_at ?? new Date(startedMs).toISOString();
    let pagesBefore = resumeFrom?.pages ?? 0;
    let error: string | null = null;
    let failure: unknown;
    let complete = false;
    const listing: ListMarketsOptions = kind === 'full' ? { cursor: resumeFrom?.cursor ?? null, status: 'all' } : this.incrementalListing(previous!);
    const write = async (page: Pick<MarketPage, 'markets' | 'events'>, next: SyncCursorState | null): Promise<void> => {
      const w = await this.writer.writePage(exchange, page, next);
      for (const m of page.markets) seen.add(m.market_id);
      p.changed += w.changed;
      r.unchanged += w.unchanged;
      r.eventsChanged += w.eventsChanged;
      r.maxChangeSeq = Math.max(r.maxChangeSeq, w.maxChangeSeq);
    };

    try {
      for await (const page of adapter.listMarkets({ ...listing, pageSize: this.opts.pageSize, signal: runOpts.signal })) {
        // Only a full listing is resumed: an interrupted short run starts again from the same point.
        const next: SyncCursorState | null = kind === 'incremental' || page.cursor === null ? null : { cursor: page.cursor, started_at: startedAt, pages: ++pagesBefore };
        await write(page, next);
        p.pages += 1;
        p.markets += page.markets.length;
        p.skipped += page.skipped.length;
        if (page.skipped.length) logger?.debug({ skipped: page.skipped.slice(0, 5) }, 'venue items skipped by the normaliser');
        runOpts.onProgress?.({ ...p });
      }
      if (kind === 'incremental' && listing.status === 'open') r.refetched = await this.refetchDropped(seen, write, runOpts.signal);
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
      // Only a full listing seen whole in this run proves that a market is gone: a resumed run has
      // not seen the pages before its cursor, an incremental one sees only what changed.
      const tombstones = kind === 'full' && !resumed;
      if (tombstones) {
        const maxShare = this.opts.allowRemovals ? 1 : (this.opts.maxRemovalShare ?? DEFAULT_MAX_REMOVAL_SHARE);
        const t = await this.writer.tombstoneMissing(exchange, seen, maxShare);
        r.removed = t.removed;
        r.maxChangeSeq = Math.max(r.maxChangeSeq, t.maxChangeSeq);
        if (t.refused) {
          const { wouldRemove, catalogMarkets: total } = t.refused;
          refused = refusal(`the listing lacks ${wouldRemove} of the ${total} live ${exchange} markets, more than the ${Math.round(maxShare * 1000) / 10}% a sync may remove; nothing was removed. Run it with --allow-removals if they are really gone`, wouldRemove, total);
          logger?.warn({ refused }, 'venue sync removed nothing: the listing lacks too much of the catalog');
        }
        // A complete listing states the latest word on removals: a refusal, or none any more.
        await this.status.setRefusal(exchange, refused);
      }
      catalogMarkets = await this.status.markSucceeded(exchange, new Date(clock.now()));
    } else {
      catalogMarkets = await this.status.markFailed(exchange, new Date(clock.now()), error ?? 'failed');
      logger?.warn({ err: failure, kind, pagesCommitted: p.pages }, kind === 'full' ? 'venue sync failed; committed pages kept, resumes from the last cursor' : 'incremental venue sync failed; committed pages kept, the next run asks again from the same point');
    }

    const requests = (this.opts.requests?.count ?? 0) - requestsBefore;
    const durationMs = clock.now() - startedMs;
    const result: SyncResult = { ...p, kind, ok: complete, resumed, ...r, requests, catalogMarkets, durationMs, error, refused };
    // The next short run asks for changes since this run's listing began (a resumed full listing
    // began when its first part did).
    await this.status.recordRun(exchange, { kind, ok: complete, started_at: new Date(startedMs).toISOString(), duration_ms: durationMs, requests, pages: p.pages, markets: p.markets, rows_written: p.changed, removed: r.removed }, startedAt);
    if (p.changed > 0 || r.removed > 0) {
      this.opts.changes?.emitChanged({ exchange, changed: p.changed, removed: r.removed, maxChangeSeq: r.maxChangeSeq, complete });
    }
    logger?.info({ kind, ok: complete, resumed, pages: p.pages, markets: p.markets, changed: p.changed, removed: r.removed, refetched: r.refetched, requests, ms: durationMs }, 'venue sync finished');
    return result;
  }

  /**
   * The markets the catalog holds as open that an open-only listing did not return have closed,
   * settled or gone since: each is read by id and written as the venue states it now (one the
   * venue no longer knows is left to the next full listing, which alone removes).
   */
  private async refetchDropped(listed: Set<string>, write: (page: Pick<MarketPage, 'markets' | 'events'>, next: null) => Promise<void>, signal?: AbortSignal): Promise<number> {
    const dropped = (await this.catalog.openMarketIds(this.exchange)).filter((id) => !listed.has(id));
    const max = this.opts.maxRefetch ?? DEFAULT_MAX_REFETCH;
    if (dropped.length > max) this.opts.logger?.info({ exchange: this.exchange, dropped: dropped.length, max }, 'more open markets left the open listing than a short run reads: the rest wait for the next full listing');
    let refetched = 0;
    for (const id of dropped.slice(0, max)) {
      if (signal?.aborted) break;
      const market = await this.opts.adapter.getMarket(id);
      refetched += 1;
      if (market) await write({ markets: [market], events: [] }, null);
    }
    return refetched;
  }
}
