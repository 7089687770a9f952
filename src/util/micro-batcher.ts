// One stage that serves many requests per call (semantic search's query embedding: one forward pass
// for many queries; its pgvector search: one statement for many query vectors; the catalog read of
// search answers' fields: one statement for many pages, src/search/result-fields.ts). Requests that
// arrive while the stage is busy wait for the call in flight and then go together; a request that
// finds the stage idle goes at once, unless `shouldWait` says more are on their way (other searches
// in progress), and then it waits at most `maxWaitMs` for them. So a lone query is never delayed,
// and under load the batches form by themselves: the longer a call takes, the more requests it
// gathers for the next.

export interface MicroBatcherOptions {
  /** Most items per call. */
  maxBatch: number;
  /** Calls in flight at once (1 for one model worker or one database connection). */
  concurrency: number;
  /** Longest wait of an item that found the stage idle (only when shouldWait() is true). */
  maxWaitMs: number;
  /** Whether an item that found the stage idle should wait for company (default: never). */
  shouldWait?: () => boolean;
}

interface Pending<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (err: unknown) => void;
}

export interface MicroBatcherStats {
  calls: number;
  items: number;
  /** The largest batch so far. */
  largest: number;
}

export class MicroBatcher<I, O> {
  readonly stats: MicroBatcherStats = { calls: 0, items: 0, largest: 0 };
  private readonly pending: Pending<I, O>[] = [];
  private running = 0;
  private timer: NodeJS.Timeout | undefined;

  /** `run` answers the items of one call, one output per item in the same order. */
  constructor(private readonly run: (items: I[]) => Promise<O[]>, private readonly options: MicroBatcherOptions) {}

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      if (this.running >= this.options.concurrency) return; // goes when a call finishes
      if (this.pending.length >= this.options.maxBatch || this.options.maxWaitMs <= 0 || !this.options.shouldWait?.()) {
        this.flush();
      } else {
        this.timer ??= setTimeout(() => this.flush(), this.options.maxWaitMs);
      }
    });
  }

  private flush(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    while (this.pending.length > 0 && this.running < this.options.concurrency) {
      const batch = this.pending.splice(0, this.options.maxBatch);
      this.running++;
      this.stats.calls++;
      this.stats.items += batch.length;
      this.stats.largest = Math.max(this.stats.largest, batch.length);
      this.run(batch.map((p) => p.item)).then(
        (outputs) => {
          if (outputs.length !== batch.length) throw new Error(`batch of ${batch.length} answered with ${outputs.length} results`);
          batch.forEach((p, i) => p.resolve(outputs[i]));
        },
      ).catch((err: unknown) => {
        for (const p of batch) p.reject(err);
      }).finally(() => {
        this.running--;
        // whatever arrived meanwhile has waited already: it goes now
        this.flush();
      });
    }
  }
}
