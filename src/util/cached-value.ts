// A value that is expensive to compute (a count over the catalog), read by every scrape: computed at
// most once per `minIntervalMs`, whatever the scrape rate, and again only when it may have changed
// (`invalidate()`, e.g. after a sync) or when it is older than `maxAgeMs`. Concurrent reads share one
// computation; a failed computation leaves the last good value in place.
export interface CachedValueOptions {
  /** Never recompute sooner than this after the last computation. */
  minIntervalMs: number;
  /** Recompute after this long even without an invalidation. */
  maxAgeMs: number;
  now?: () => number;
}

export class CachedValue<T> {
  private value: T | undefined;
  private computedAt = -Infinity;
  private stale = true;
  private inFlight?: Promise<T>;
  private readonly now: () => number;

  constructor(
    private readonly compute: () => Promise<T>,
    private readonly opts: CachedValueOptions,
  ) {
    this.now = opts.now ?? (() => performance.now());
  }

  /** Marks the value as possibly out of date (recomputed at the next read allowed by minIntervalMs). */
  invalidate(): void {
    this.stale = true;
  }

  async get(): Promise<T> {
    const age = this.now() - this.computedAt;
    const due = (this.stale || age >= this.opts.maxAgeMs) && age >= this.opts.minIntervalMs;
    if (this.value !== undefined && !due) return this.value;
    this.inFlight ??= this.compute()
      .then((value) => {
        this.value = value;
        this.computedAt = this.now();
        this.stale = false;
        return value;
      })
      .finally(() => {
        this.inFlight = undefined;
      });
    if (this.value === undefined) return this.inFlight;
    // a recomputation failing keeps serving the last value
    return this.inFlight.catch(() => this.value as T);
  }
}
