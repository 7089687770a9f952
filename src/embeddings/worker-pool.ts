// Runs the encoder in worker threads so that inference never blocks the HTTP event loop.
//
// Two queues: search queries go ahead of bulk (indexing) work, so that a backfill never makes a
// search wait behind a batch of long rules texts; queries that arrive while every worker is busy are
// coalesced into one batch when a worker frees up (one forward pass for many short texts is cheaper
// than many passes). Bulk texts are sorted by length and cut into batches of similar length, because
// a padded batch costs as much as its longest text times its size.
import os from 'node:os';
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../util/worker-thread.js';
import { EMBEDDING_DIMENSIONS, MAX_MODEL_TOKENS, embeddingModel, type EmbeddingModelName, type EmbeddingModelSpec } from './model-spec.js';
import { ModelCorruptError, ModelMissingError, verifyModelFolder } from './model-files.js';
import type { FromWorker, ToWorker, WorkerInit } from './worker-protocol.js';

export interface WorkerPoolOptions {
  modelDir: string;
  /** Which model to load from `modelDir` (default DEFAULT_EMBEDDING_MODEL). */
  model?: EmbeddingModelName;
  /**
   * Worker threads (default 1, using every core through ONNX Runtime's own threads). More than one
   * is possible but not the default: onnxruntime-node >= 1.21 can abort the process when sessions
   * run in several worker threads at once (microsoft/onnxruntime#24486); we saw one such abort in
   * the throughput benchmark with two workers.
   */
  workers?: number;
  /** ONNX intra-op threads per worker (default: cores / workers, at least 1). */
  threadsPerWorker?: number;
  /** Largest number of query texts coalesced into one forward pass. */
  maxQueryBatch?: number;
  /**
   * Padded tokens per bulk batch (batch size x longest text, estimated; default 256): a search query
   * waits behind at most the one bulk batch in flight, so this bounds what a backfill adds to a
   * search (bench/HISTORY.md, "Batching and background work"). Larger batches embed a backfill
   * a little faster.
   */
  bulkBatchTokens?: number;
  /** Most texts in one bulk batch. */
  maxBulkBatch?: number;
  /** Skip the checksum pass over the model files (tests that just verified them). */
  skipVerify?: boolean;
}

export const DEFAULT_BULK_BATCH_TOKENS = 256;

export type EmbedPriority = 'query' | 'bulk';

export interface EmbedOptions {
  /** Token cap per text (default and maximum 512). */
  maxTokens?: number;
  priority?: EmbedPriority;
}

interface EmbedJob {
  kind: 'embed';
  texts: string[];
  maxTokens: number;
  resolve: (vectors: Float32Array) => void;
  reject: (err: Error) => void;
}
interface CountJob {
  kind: 'count';
  texts: string[];
  resolve: (counts: number[]) => void;
  reject: (err: Error) => void;
}
type Job = EmbedJob | CountJob;

interface Slot {
  worker: Worker;
  /** Jobs merged into the request in flight on this worker (empty when idle). */
  inFlight: Job[];
  /** Which queue the request in flight came from. */
  fromQueue: EmbedPriority;
  requestId: number;
}

/** Forward passes run so far, per queue (tests check that queries jump ahead of bulk work). */
export interface WorkerPoolStats {
  queryPasses: number;
  queryTexts: number;
  bulkPasses: number;
  bulkTexts: number;
}

export class EmbeddingWorkerPool {
  readonly stats: WorkerPoolStats = { queryPasses: 0, queryTexts: 0, bulkPasses: 0, bulkTexts: 0 };
  private readonly slots: Slot[] = [];
  private readonly queryQueue: EmbedJob[] = [];
  private readonly bulkQueue: Job[] = [];
  private nextRequestId = 1;
  private closed = false;
  private readonly init: WorkerInit;
  /** The model the workers run (its prefixes and name are the embedder's business). */
  readonly model: EmbeddingModelSpec;
  private readonly maxQueryBatch: number;
  private readonly bulkBatchTokens: number;
  private readonly maxBulkBatch: number;
  /** Set when a worker died: new work fails fast with this instead of hanging. */
  private failure?: Error;

  private constructor(private readonly options: WorkerPoolOptions, private readonly workerCount: number) {
    const cores = os.availableParallelism();
    this.model = embeddingModel(options.model);
    this.init = {
      modelDir: options.modelDir,
      model: this.model.name,
      threads: options.threadsPerWorker ?? Math.max(1, Math.floor(cores / workerCount)),
    };
    this.maxQueryBatch = options.maxQueryBatch ?? 32;
    this.bulkBatchTokens = options.bulkBatchTokens ?? DEFAULT_BULK_BATCH_TOKENS;
    this.maxBulkBatch = options.maxBulkBatch ?? 64;
  }

  /** Verifies the model folder, starts the workers and waits until each has loaded the model. */
  static async start(options: WorkerPoolOptions): Promise<EmbeddingWorkerPool> {
    if (!options.skipVerify) await verifyModelFolder(options.modelDir, options.model);
    const count = options.workers ?? 1;
    const pool = new EmbeddingWorkerPool(options, count);
    try {
      await Promise.all(Array.from({ length: count }, () => pool.spawn()));
    } catch (err) {
      await pool.close();
      throw err;
    }
    return pool;
  }

  get size(): number {
    return this.slots.length;
  }

  /** Embeds texts (one 384-float normalised vector per text, in input order). */
  async embed(texts: string[], options: EmbedOptions = {}): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    const maxTokens = Math.min(options.maxTokens ?? MAX_MODEL_TOKENS, MAX_MODEL_TOKENS);
    if (options.priority === 'query') {
      const flat = await new Promise<Float32Array>((resolve, reject) => {
        this.enqueue({ kind: 'embed', texts, maxTokens, resolve, reject }, 'query');
      });
      return splitVectors(flat, texts.length);
    }
    const batches = planBulkBatches(texts, maxTokens, this.bulkBatchTokens, this.maxBulkBatch);
    const result = new Array<Float32Array>(texts.length);
    await Promise.all(batches.map(async (indices) => {
      const flat = await new Promise<Float32Array>((resolve, reject) => {
        this.enqueue({ kind: 'embed', texts: indices.map((i) => texts[i]), maxTokens, resolve, reject }, 'bulk');
      });
      splitVectors(flat, indices.length).forEach((vector, k) => { result[indices[k]] = vector; });
    }));
    return result;
  }

  /** Token counts as the model sees them (special tokens included, no truncation). */
  countTokens(texts: string[]): Promise<number[]> {
    return new Promise((resolve, reject) => this.enqueue({ kind: 'count', texts, resolve, reject }, 'bulk'));
  }

  /** Stops the workers; queued and in-flight work is rejected. */
  async close(): Promise<void> {
    this.closed = true;
    const closing = new Error('embedding worker pool closed');
    for (const job of [...this.queryQueue.splice(0), ...this.bulkQueue.splice(0)]) job.reject(closing);
    await Promise.all(this.slots.splice(0).map(async (slot) => {
      for (const job of slot.inFlight) job.reject(closing);
      await slot.worker.terminate();
    }));
  }

  private enqueue(job: Job, priority: EmbedPriority): void {
    if (this.closed) return job.reject(new Error('embedding worker pool closed'));
    if (this.failure) return job.reject(this.failure);
    if (priority === 'query' && job.kind === 'embed') this.queryQueue.push(job);
    else this.bulkQueue.push(job);
    this.dispatch();
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.inFlight.length > 0) continue;
      const fromQueue: EmbedPriority = this.queryQueue.length > 0 ? 'query' : 'bulk';
      const jobs = this.takeNext();
      if (jobs.length === 0) return;
      slot.inFlight = jobs;
      slot.fromQueue = fromQueue;
      slot.requestId = this.nextRequestId++;
      const texts = jobs.flatMap((j) => j.texts);
      const first = jobs[0];
      const message: ToWorker = first.kind === 'embed'
        ? { type: 'embed', id: slot.requestId, texts, maxTokens: first.maxTokens }
        : { type: 'count', id: slot.requestId, texts };
      slot.worker.postMessage(message);
    }
  }

  /** The next request: coalesced queries first, else one bulk job. */
  private takeNext(): Job[] {
    if (this.queryQueue.length > 0) {
      const taken: EmbedJob[] = [this.queryQueue.shift()!];
      let total = taken[0].texts.length;
      while (this.queryQueue.length > 0) {
        const next = this.queryQueue[0];
        if (next.maxTokens !== taken[0].maxTokens || total + next.texts.length > this.maxQueryBatch) break;
        taken.push(this.queryQueue.shift()!);
        total += next.texts.length;
      }
      return taken;
    }
    const job = this.bulkQueue.shift();
    return job ? [job] : [];
  }

  private spawn(): Promise<void> {
    // startWorker runs the .ts source through tsx (worker threads do not inherit its loader).
    const worker = startWorker(new URL('./embedding-worker.ts', import.meta.url), { workerData: this.init });
    const slot: Slot = { worker, inFlight: [], fromQueue: 'bulk', requestId: 0 };
    return new Promise<void>((resolve, reject) => {
      let ready = false;
      worker.on('message', (message: FromWorker) => {
        switch (message.type) {
          case 'ready':
            ready = true;
            this.slots.push(slot);
            resolve();
            this.dispatch();
            return;
          case 'load-failed': {
            const Err = message.name === 'ModelMissingError' ? ModelMissingError : ModelCorruptError;
            reject(new Err(message.message, { cause: workerError(message) }));
            return;
          }
          default:
            this.settle(slot, message);
        }
      });
      worker.on('error', (err) => {
        if (!ready) return reject(err);
        this.workerDied(slot, err);
      });
      worker.on('exit', (code) => {
        if (!ready) return reject(new Error(`embedding worker exited with code ${code} while loading`));
        if (!this.closed) this.workerDied(slot, new Error(`embedding worker exited with code ${code}`));
      });
    });
  }

  private settle(slot: Slot, message: FromWorker): void {
    if (!('id' in message) || message.id !== slot.requestId) return;
    const jobs = slot.inFlight;
    slot.inFlight = [];
    if (message.type === 'failed') {
      for (const job of jobs) job.reject(new Error(`embedding failed: ${message.message}`, { cause: workerError(message) }));
    } else if (message.type === 'embedded') {
      const texts = jobs.reduce((n, job) => n + job.texts.length, 0);
      if (slot.fromQueue === 'query') {
        this.stats.queryPasses++;
        this.stats.queryTexts += texts;
      } else {
        this.stats.bulkPasses++;
        this.stats.bulkTexts += texts;
      }
      let offset = 0;
      for (const job of jobs as EmbedJob[]) {
        const width = job.texts.length * EMBEDDING_DIMENSIONS;
        job.resolve(message.vectors.subarray(offset, offset + width));
        offset += width;
      }
    } else if (message.type === 'counted') {
      (jobs[0] as CountJob).resolve(message.counts);
    }
    this.dispatch();
  }

  private workerDied(slot: Slot, err: Error): void {
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    for (const job of slot.inFlight) job.reject(err);
    slot.inFlight = [];
    if (this.closed) return;
    // Replace the worker; while none is left, fail queued work rather than letting it hang.
    this.spawn().catch((spawnErr: Error) => {
      this.failure = spawnErr;
      if (this.slots.length === 0) {
        for (const job of [...this.queryQueue.splice(0), ...this.bulkQueue.splice(0)]) job.reject(spawnErr);
      }
    });
  }
}

/**
 * Bulk texts cut into forward passes (indices into `texts`): sorted by length so that each batch
 * pads little, and cut so that no batch exceeds `tokenBudget` padded tokens (batch size x its
 * longest text, estimated) nor `maxCount` texts; a single text longer than the budget goes alone.
 * The budget is what a search query may wait behind (it cannot interrupt a forward pass).
 */
export function planBulkBatches(texts: string[], maxTokens: number, tokenBudget: number, maxCount: number): number[][] {
  const order = texts.map((_, i) => i).sort((a, b) => texts[a].length - texts[b].length);
  const batches: number[][] = [];
  let batch: number[] = [];
  for (const index of order) {
    const tokens = estimatedPaddedTokens(texts[index], maxTokens);
    // Sorted ascending, so this text is the longest of the batch so far.
    if (batch.length > 0 && ((batch.length + 1) * tokens > tokenBudget || batch.length >= maxCount)) {
      batches.push(batch);
      batch = [];
    }
    batch.push(index);
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/** A text's estimated tokens as the model will see them (the cap included). */
export function estimatedPaddedTokens(text: string, maxTokens: number): number {
  return Math.min(maxTokens, estimateTokens(text));
}

/** A cheap upper-bound-ish token estimate (English averages ~4 characters per word piece). */
function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4) + 2;
}

function splitVectors(flat: Float32Array, count: number): Float32Array[] {
  return Array.from({ length: count }, (_, i) => flat.slice(i * EMBEDDING_DIMENSIONS, (i + 1) * EMBEDDING_DIMENSIONS));
}

/** The worker's error as an Error of this thread that carries the worker's stack (for logs, as a cause). */
function workerError(message: { message: string; stack?: string }): Error {
  const err = new Error(message.message);
  if (message.stack) err.stack = message.stack;
  return err;
}
