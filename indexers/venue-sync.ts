// One sync of one venue into the catalog: follow the adapter's listing page by page, write each page
// (markets, outcomes, events and the resume cursor) in its own short transaction, and only after a
// listing that ran from its first page to its last, tombstone the markets it no longer returned.
// A venue that fails mid-listing leaves every committed page in place, tombstones nothing, records
// the error, and the next run resumes after the last committed page. No database client is held
// while the adapter talks to the venue (the embedded database has one connection).
import type pg from 'pg';
import type { Logger } from 'pino';
import { CatalogWriter, type SyncCursorState } from '../src/catalog/catalog-writer.js';
import type { CatalogChangeEmitter } from '../src/catalog/changes.js';
import { SyncStatusStore } from '../src/catalog/sync-status.js';
import type { Clock } from '../src/util/clock.js';
import type { VenueAdapter } from '../src/venues/adapter.js';
import type { ExchangeCode } from '../src/venues/exchanges.js';
import { VenueError } from '../src/venues/http-client.js';

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
    const resumeFrom = previous?.cursor ?? null;
    const resumed = resumeFrom !== null;
    await this.status.markRunning(exchange);

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
        const t = await this.writer.tombstoneMissing(exchange, seen);
        r.removed = t.removed;
        r.maxChangeSeq = Math.max(r.maxChangeSeq, t.maxChangeSeq);
      }
      catalogMarkets = await this.status.markSucceeded(exchange, new Date(clock.now()));
    } else {
      catalogMarkets = await this.status.markFailed(exchange, new Date(clock.now()), error ?? 'failed');
      logger?.warn({ err: failure, pagesCommitted: p.pages }, 'venue sync failed; committed pages kept, resumes from the last cursor');
    }

    const result: SyncResult = { ...p, ok: complete, resumed, ...r, catalogMarkets, durationMs: clock.now() - startedMs, error };
    if (p.changed > 0 || r.removed > 0) {
      this.opts.changes?.emitChanged({ exchange, changed: p.changed, removed: r.removed, maxChangeSeq: r.maxChangeSeq, complete });
    }
    logger?.info({ ok: complete, resumed, pages: p.pages, markets: p.markets, changed: p.changed, removed: r.removed, ms: result.durationMs }, 'venue sync finished');
    return result;
  }
}
