// The embedding backfill's backlog as /health and /metrics report it: how many live markets' titles
// and rules have no vector yet (all of them, and the open markets'), how fast texts leave the backlog
// lately, and so when it should be done. The count is a pass over the catalog (an anti-join with
// market_embeddings), so it is cached: computed at most every `minIntervalMs` and kept up to
// `maxAgeMs`, however often it is asked for. The rate comes from the embedder's own counters (state
// already held), sampled whenever the backlog is read.
import { CachedValue } from '../../util/cached-value.js';
import type { MarketEmbeddingStore, MissingVectors } from './market-embedding-store.js';

export interface EmbeddingBacklogSnapshot {
  missing: MissingVectors;
  /** Texts leaving the backlog per second lately (run through the model or reused by content hash); 0 when none did. */
  ratePerSecond: number;
  /** Seconds until the backlog is empty at that rate; null when it does not move. */
  etaSeconds: number | null;
}

export interface EmbeddingBacklogOptions {
  minIntervalMs?: number;
  maxAgeMs?: number;
  /** The rate is measured over about this long (default one minute). */
  rateWindowMs?: number;
  now?: () => number;
}

export class EmbeddingBacklog {
  private readonly missing: CachedValue<MissingVectors>;
  private readonly samples: { at: number; done: number }[] = [];
  private readonly now: () => number;
  private readonly windowMs: number;

  /** `textsDone`: document texts the embedder has been asked for so far (its computed + reused counters). */
  constructor(store: MarketEmbeddingStore, private readonly textsDone: () => number, opts: EmbeddingBacklogOptions = {}) {
    this.now = opts.now ?? Date.now;
    this.windowMs = opts.rateWindowMs ?? 60_000;
    this.missing = new CachedValue(() => store.missingVectors(), { minIntervalMs: opts.minIntervalMs ?? 5_000, maxAgeMs: opts.maxAgeMs ?? 15_000, now: this.now });
  }

  /** The catalog changed: count again at the next read (no sooner than minIntervalMs after the last count). */
  invalidate(): void {
    this.missing.invalidate();
  }

  async snapshot(): Promise<EmbeddingBacklogSnapshot> {
    const missing = await this.missing.get();
    const ratePerSecond = this.sampleRate();
    const left = missing.title + missing.rules;
    return { missing, ratePerSecond, etaSeconds: left === 0 ? 0 : ratePerSecond > 0 ? Math.round(left / ratePerSecond) : null };
  }

  /** Texts per second between now and the oldest sample within the window (else the latest before it). */
  private sampleRate(): number {
    const at = this.now();
    const done = this.textsDone();
    while (this.samples.length > 1 && (at - this.samples[1].at >= this.windowMs || this.samples.length > 1000)) this.samples.shift();
    const from = this.samples[0];
    this.samples.push({ at, done });
    if (!from || at <= from.at) return 0;
    return Math.round(((done - from.done) / ((at - from.at) / 1000)) * 10) / 10;
  }
}
