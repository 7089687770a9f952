// Keeps market_embeddings in step with the catalog: follows markets.change_seq from its stored
// cursors, embeds only titles and rules whose text hash changed (and, through the text-hash cache,
// only texts never embedded before: a rules template repeated across a series runs through the
// model once), refreshes the filter columns of the rest, and drops removed markets. Four passes with
// a cursor each, in the order of PASSES: the open markets' titles, their rules, then every market's
// titles and rules; each batch is taken from the first pass that has work, so the open markets are
// searchable within minutes of a sync even while the closed markets' long tail is still being
// embedded. Embedding happens outside any transaction; each batch is then written in short
// transactions with the cursor, so a crash loses at most the batch in progress and the database's
// single embedded connection is never held for long. The service keeps answering meanwhile:
// markets not yet embedded are simply not among the semantic results.
import type pg from 'pg';
import type { Logger } from 'pino';
import type { MarketTextRow } from '../catalog/catalog-repository.js';
import type { Embedder } from '../embeddings/embedder.js';
import type { Database } from '../db/database.js';
import { vacuumAfterWrites, type MaintenanceAfterWrites, type VacuumAfterWritesOptions } from '../db/maintenance-after-writes.js';
import {
  MarketEmbeddingStore, type EmbeddingUpsert, type IndexPass, type TextKind,
} from '../search/semantic/market-embedding-repository.js';
import { EmbeddingBackfillLease } from './embedding-lease.js';

export interface EmbeddingIndexerOptions {
  pool: pg.Pool;
  /** Which database the pool reaches: it decides what holds the lease (src/indexers/embedding-lease.ts). */
  databaseKind: Database['kind'];
  embedder: Embedder;
  logger?: Logger;
  /** Markets per batch (one transaction each). */
  batchSize?: number;
  /** How long the lease row says the lease is held; renewed every batch. */
  leaseSeconds?: number;
  /**
   * VACUUM market_embeddings after enough writes (src/db/maintenance-after-writes.ts). For the embedded
   * database, which never autovacuums; leave off with an external PostgreSQL. An object sets the
   * thresholds (default: 1,000 rows and half the table).
   */
  vacuumAfterWrites?: boolean | VacuumAfterWritesOptions;
  /** New vectors per write transaction (MarketEmbeddingStore.applyBatch; default 16). */
  writeChunkRows?: number;
}

/**
 * The order of the work: the open markets' titles (what search shows first), their rules, then every
 * market's titles and rules (the closed markets' make the long tail: at a venue's full size about
 * nine markets in ten). The passes over every market find the open markets already done.
 */
const PASSES: readonly IndexPass[] = [
  { kind: 'title', openOnly: true },
  { kind: 'rules', openOnly: true },
  { kind: 'title', openOnly: false },
  { kind: 'rules', openOnly: false },
];
const passName = (pass: IndexPass) => `${pass.kind}${pass.openOnly ? ':open' : ''}`;

export interface IndexProgress {
  /** The kind of text of the batch just done. */
  phase: TextKind;
  /** Whether that batch was of the open markets' pass (which runs ahead of the pass over every market). */
  open: boolean;
  /** Market rows looked at so far by the passes over every market (a market counts once per kind). */
  processed: number;
  /** Market rows to look at in both passes when the run started (grows while syncs go on). */
  total: number;
  /** Texts run through the model in this run. */
  embedded: number;
}

export interface IndexRunResult {
  /** False when another instance holds the lease (nothing was done). */
  ran: boolean;
  /** Markets looked at (the larger of the two passes). */
  markets: number;
  embedded: number;
  /** Removed (tombstoned) markets whose vectors were dropped. */
  removed: number;
}

export class EmbeddingIndexer {
  readonly store: MarketEmbeddingStore;
  private readonly embedder: Embedder;
  private readonly logger?: Logger;
  private readonly batchSize: number;
  private readonly lease: EmbeddingBackfillLease;
  private running?: Promise<IndexRunResult>;
  private rerunRequested = false;
  private timer?: NodeJS.Timeout;
  private stopped = false;
  private readonly vacuum?: MaintenanceAfterWrites;
  private readonly writeChunkRows?: number;

  constructor(options: EmbeddingIndexerOptions) {
    this.store = new MarketEmbeddingStore(options.pool);
    this.embedder = options.embedder;
    this.logger = options.logger?.child({ component: 'embedding-indexer' });
    this.batchSize = options.batchSize ?? 128;
    this.lease = new EmbeddingBackfillLease(options.pool, options.databaseKind, options.leaseSeconds ?? 300);
    this.writeChunkRows = options.writeChunkRows;
    if (options.vacuumAfterWrites) {
      this.vacuum = vacuumAfterWrites(options.pool, 'market_embeddings', options.vacuumAfterWrites === true ? {} : options.vacuumAfterWrites);
    }
  }

  /**
   * Indexes everything changed since the cursor, batch by batch, until caught up.
   * Concurrent calls share one run.
   */
  runOnce(onProgress?: (progress: IndexProgress) => void): Promise<IndexRunResult> {
    this.running ??= this.run(onProgress).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /**
   * Asks for a run soon (call after each venue sync). Calls during a run make one more run after
   * it, so no change is left behind and bursts of syncs cost one run.
   */
  requestRun(): void {
    if (this.stopped) return;
    if (this.running) {
      this.rerunRequested = true;
      return;
    }
    void this.runOnce().then(
      (result) => this.afterRun(result),
      (err: Error) => {
        this.logger?.error({ err }, 'embedding indexer run failed');
        this.afterRun();
      },
    );
  }

  /** Also runs every `intervalMs`, as a safety net for changes nobody announced. */
  start(intervalMs = 60_000): void {
    this.stopped = false;
    this.timer = setInterval(() => this.requestRun(), intervalMs);
    this.timer.unref();
    this.requestRun();
  }

  /** Stops scheduling and waits for the run in progress (its current batch) to finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  private afterRun(result?: IndexRunResult): void {
    if (result && result.markets > 0) {
      this.logger?.info({ markets: result.markets, embedded: result.embedded, removed: result.removed }, 'embeddings indexed');
    }
    if (this.rerunRequested && !this.stopped) {
      this.rerunRequested = false;
      this.requestRun();
    }
  }

  private async run(onProgress?: (progress: IndexProgress) => void): Promise<IndexRunResult> {
    if (!(await this.lease.take())) {
      this.logger?.debug('embedding run skipped: another instance holds the lease');
      return { ran: false, markets: 0, embedded: 0, removed: 0 };
    }
    // which process held the lease when (between these two lines; test/db/embedding-runners.test.ts)
    this.logger?.debug({ job: 'embeddings' }, 'embedding run started');
    const result: IndexRunResult = { ran: true, markets: 0, embedded: 0, removed: 0 };
    const progress: IndexProgress = { phase: 'title', open: true, processed: 0, total: 0, embedded: 0 };
    try {
      const pending = await this.store.pending();
      progress.total = pending.title + pending.rules;
      onProgress?.({ ...progress });
      const cursors = new Map<string, number>();
      for (const pass of PASSES) cursors.set(passName(pass), await this.store.cursor(pass.kind, pass.openOnly));
      const looked = { title: 0, rules: 0 };
      // One batch at a time, always of the first pass in PASSES with work: open markets changed by a
      // sync that lands during a long backfill of the closed ones go ahead of the rest of it.
      while (!this.stopped) {
        let batch: { pass: IndexPass; rows: MarketTextRow[] } | undefined;
        for (const pass of PASSES) {
          // the pass over every market covers the open ones too: the open pass starts where it is
          const after = pass.openOnly ? Math.max(cursors.get(passName(pass))!, cursors.get(passName({ ...pass, openOnly: false }))!) : cursors.get(passName(pass))!;
          const rows = await this.store.changedMarkets(after, this.batchSize, pass.openOnly);
          if (rows.length > 0) {
            batch = { pass, rows };
            break;
          }
        }
        if (!batch) break;
        const { pass, rows } = batch;
        const { embedded, removed } = await this.indexBatch(pass, rows);
        cursors.set(passName(pass), rows[rows.length - 1].change_seq);
        if (!pass.openOnly) looked[pass.kind] += rows.length;
        result.embedded += embedded;
        if (pass.kind === 'title') result.removed += removed;
        progress.phase = pass.kind;
        progress.open = pass.openOnly;
        if (!pass.openOnly) progress.processed += rows.length;
        progress.embedded = result.embedded;
        progress.total = Math.max(progress.total, progress.processed);
        onProgress?.({ ...progress });
        await this.lease.renew();
      }
      result.markets = Math.max(looked.title, looked.rules);
    } finally {
      this.logger?.debug({ job: 'embeddings' }, 'embedding run finished');
      await this.lease.release().catch((err: Error) => this.logger?.warn({ err }, 'embedding lease release failed'));
    }
    return result;
  }

  private async indexBatch(pass: IndexPass, rows: MarketTextRow[]): Promise<{ embedded: number; removed: number }> {
    const { kind } = pass;
    const live = rows.filter((r) => !r.removed);
    const stored = new Map(
      (await this.store.storedRefs(live)).filter((ref) => ref.kind === kind).map((ref) => [`${ref.exchange}\u0000${ref.market_id}`, ref.text_hash]),
    );
    const deletions: { exchange: string; market_id: string; kind: TextKind }[] = rows
      .filter((r) => r.removed)
      .map((r) => ({ exchange: r.exchange, market_id: r.market_id, kind }));
    const upserts: EmbeddingUpsert[] = [];
    const toEmbed: { upsert: EmbeddingUpsert; text: string }[] = [];

    for (const row of live) {
      const text = kind === 'title' ? row.title : row.rules;
      if (!text || !text.trim()) {
        // No rules (or, defensively, no title): nothing to find it by; drop a stale vector.
        deletions.push({ exchange: row.exchange, market_id: row.market_id, kind });
        continue;
      }
      const textHash = this.embedder.hashDocument(text, kind);
      const upsert: EmbeddingUpsert = {
        exchange: row.exchange, market_id: row.market_id, kind, textHash,
        // Lower case: the category filter is case-insensitive.
        category: row.category.toLowerCase(), closed: row.closed, changeSeq: row.change_seq,
      };
      upserts.push(upsert);
      if (stored.get(`${row.exchange}\u0000${row.market_id}`) !== textHash) toEmbed.push({ upsert, text });
    }

    const computedBefore = this.embedder.stats.computed;
    if (toEmbed.length > 0) {
      const vectors = await this.embedder.embedDocuments(toEmbed.map((i) => i.text), kind);
      toEmbed.forEach((item, i) => {
        item.upsert.vector = vectors[i].vector;
      });
    }
    const { rowsWritten } = await this.store.applyBatch({ owner: this.lease.owner, kind, openOnly: pass.openOnly, upserts, deletions, cursor: rows[rows.length - 1].change_seq }, this.writeChunkRows);
    if (this.vacuum) {
      // the batch is committed: a failed VACUUM is logged, never a failed batch
      const vacuumed = await this.vacuum.afterWrite(rowsWritten).catch((err: Error) => {
        this.logger?.warn({ table: 'market_embeddings', err }, 'vacuum after writes failed');
        return false;
      });
      if (vacuumed) this.logger?.info({ table: 'market_embeddings' }, 'vacuumed after writes');
    }
    return { embedded: this.embedder.stats.computed - computedBefore, removed: rows.length - live.length };
  }
}
