// Feeds the search index from the catalog.
//
// Incremental (after each venue sync, or on a schedule): markets with change_seq greater than the
// last one this index absorbed, in change_seq order; tombstoned markets are deleted. The position
// is saved per physical index after each batch is written, so a crash (kill -9) replays at most one
// batch, and writes are idempotent (the engines refuse older change_seqs).
//
// Full rebuild (scripts/reindex.ts): a new physical index is filled from the whole catalog, caught
// up with the changes made meanwhile, and swapped in atomically.
//
// The catalog is read through its change feed (CatalogReader); this module's own SQL is only its
// position per index (search_index_state).
import type pg from 'pg';
import { CatalogReader } from '../catalog/catalog-repository.js';
import { forgetAnswerInputs, markAnswerChanges, readIndexState, recordAnswerInputs, writeIndexState } from '../search/search-index-state-repository.js';
import { toSearchDoc } from '../search/documents.js';
import { docKey, type MarketSearchDoc, type SearchIndexWriter } from '../search/engine.js';

export interface IndexProgress {
  /** rows handled so far in this run */
  done: number;
  /** rows expected in this run (a snapshot; rows may keep arriving) */
  total: number;
}

export interface IndexRunResult {
  index: string;
  written: number;
  deleted: number;
  stale: number;
  failed: { key: string; reason: string }[];
  fromSeq: number;
  toSeq: number;
}

export async function catalogHighWater(pool: pg.Pool): Promise<number> {
  return new CatalogReader(pool).highWater();
}

/** Live (not removed) markets per exchange in the catalog. */
export async function catalogCounts(pool: pg.Pool): Promise<Map<string, number>> {
  return new CatalogReader(pool).countsByExchange();
}

export interface IncrementalOptions {
  pool: pg.Pool;
  writer: SearchIndexWriter;
  /** physical index to write (default: the live one) */
  target?: string;
  batchSize?: number;
  onProgress?: (p: IndexProgress) => void;
}

/** Index everything that changed since this index's saved position. */
export async function indexChangedMarkets(opts: IncrementalOptions): Promise<IndexRunResult> {
  const { pool, writer } = opts;
  const catalog = new CatalogReader(pool);
  const batchSize = opts.batchSize ?? 1000;
  const index = opts.target ?? (await writer.ensureIndex());
  const fromSeq = await readIndexState(pool, index);
  const progress: IndexProgress = { done: 0, total: await catalog.countChangesSince(fromSeq) };
  const result: IndexRunResult = { index, written: 0, deleted: 0, stale: 0, failed: [], fromSeq, toSeq: fromSeq };
  opts.onProgress?.(progress);

  for (;;) {
    const rows = await catalog.changesSince(result.toSeq, batchSize);
    if (rows.length === 0) break;
    const live = rows.filter((r) => !r.removed);
    const gone = rows.filter((r) => r.removed);

    // a market that joins or leaves a cluster changes `exchanges[]` of every other member:
    // re-index the members of the clusters it is in now and of the ones it was in before
    const before = await writer.indexedClusterIds(rows, index);
    const svcIds = new Set<string>();
    for (const r of live) if (r.svc_id) svcIds.add(r.svc_id);
    for (const svc of before.values()) if (svc) svcIds.add(svc);
    const clusters = await catalog.clusterExchanges([...svcIds]);
    const docs = new Map<string, MarketSearchDoc>();
    for (const m of await catalog.clusterMembers([...svcIds])) docs.set(docKey(m), toSearchDoc(m, m.svc_id ? clusters.get(m.svc_id) : undefined));
    for (const r of live) docs.set(docKey(r), toSearchDoc(r, r.svc_id ? clusters.get(r.svc_id) : undefined));

    const written = await writer.upsert([...docs.values()], index);
    const deleted = await writer.remove(gone.map((g) => ({ exchange: g.exchange, market_id: g.market_id, change_seq: Number(g.change_seq) })), index);
    // what of it answers can see (the keyword answer cache drops on that, not on every price)
    const answerChanges = await recordAnswerInputs(pool, index, [...docs.values()], gone);
    result.written += written.written;
    result.stale += written.stale;
    result.failed.push(...written.failed);
    result.deleted += deleted;

    // only after the writes: a crash before this line replays the batch
    result.toSeq = Number(rows[rows.length - 1].change_seq);
    await markAnswerChanges(pool, index, result.toSeq, answerChanges);
    await writeIndexState(pool, index, result.toSeq);
    progress.done += rows.length;
    opts.onProgress?.(progress);
    if (rows.length < batchSize) break;
  }
  return result;
}

export interface RebuildOptions {
  pool: pg.Pool;
  writer: SearchIndexWriter;
  batchSize?: number;
  onProgress?: (p: IndexProgress, phase: 'bulk' | 'catch-up') => void;
}

export interface RebuildResult {
  index: string;
  previous: string | null;
  bulk: { written: number; failed: number; seconds: number; perSecond: number };
  catchUp: IndexRunResult;
  afterSwap: IndexRunResult;
}

/** Build a new physical index from the whole catalog and switch searches to it atomically. */
export async function rebuildSearchIndex(opts: RebuildOptions): Promise<RebuildResult> {
  const { pool, writer } = opts;
  const catalog = new CatalogReader(pool);
  const batchSize = opts.batchSize ?? 2000;
  const rebuild = await writer.beginRebuild();
  try {
    const highWater = await catalog.highWater();
    const progress: IndexProgress = { done: 0, total: await catalog.countLiveUpTo(highWater) };
    opts.onProgress?.(progress, 'bulk');
    const started = process.hrtime.bigint();
    let written = 0;
    let failed = 0;
    let lastKey: [number, string, string] = [-1, '', ''];
    // the next batch is read from the catalog while the previous one is being indexed
    let inFlight: Promise<void> | null = null;
    await forgetAnswerInputs(pool, rebuild.target);
    const write = (docs: MarketSearchDoc[], rowsInBatch: number) =>
      Promise.all([writer.upsert(docs, rebuild.target), recordAnswerInputs(pool, rebuild.target, docs, [])]).then(([out]) => {
        written += out.written + out.stale;
        failed += out.failed.length;
        progress.done += rowsInBatch;
        opts.onProgress?.(progress, 'bulk');
      });
    for (;;) {
      // keyset over (change_seq, exchange, market_id): stable under concurrent catalog writes
      const rows = await catalog.liveMarketsUpTo(highWater, lastKey, batchSize);
      if (inFlight) await inFlight;
      inFlight = null;
      if (rows.length === 0) break;
      const docs = rows.map((r) => toSearchDoc(r, r.cluster_exchanges ?? undefined));
      inFlight = write(docs, rows.length);
      // awaited before the next write; this only keeps a failure from counting as unhandled meanwhile
      inFlight.catch(() => undefined);
      const last = rows[rows.length - 1];
      lastKey = [last.change_seq, last.exchange, last.market_id];
      if (rows.length < batchSize) break;
    }
    if (inFlight) await inFlight;
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    await writeIndexState(pool, rebuild.target, highWater);
    // changes made while the bulk load ran
    const catchUp = await indexChangedMarkets({
      pool,
      writer,
      target: rebuild.target,
      onProgress: (p) => opts.onProgress?.(p, 'catch-up'),
    });
    const { previous } = await rebuild.commit();
    if (previous && previous !== rebuild.target) await forgetAnswerInputs(pool, previous);
    // changes that reached the old index between the catch-up and the swap
    const afterSwap = await indexChangedMarkets({ pool, writer, target: rebuild.target });
    return {
      index: rebuild.target,
      previous,
      bulk: { written, failed, seconds, perSecond: seconds > 0 ? written / seconds : 0 },
      catchUp,
      afterSwap,
    };
  } catch (err) {
    await rebuild.abort();
    throw err;
  }
}
