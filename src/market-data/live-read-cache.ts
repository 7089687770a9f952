// The cache in front of live passthrough reads (books, trades, prices, candles) from the venue
// adapters: a short TTL and request coalescing, so concurrent requests for the same key share one
// venue call and an answer is reused for `ttlMs`. Failures are never cached, so a failed read is
// never answered later with stale data.

export class LiveReadCache {
  private readonly values = new Map<string, { at: number; value: unknown }>();
  private readonly inFlight = new Map<string, Promise<unknown>>();
  /** Venue calls actually made (for tests and metrics: coalesced and cached requests do not count). */
  loads = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 5_000,
  ) {}

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.values.get(key);
    if (hit && this.now() - hit.at < this.ttlMs) return Promise.resolve(hit.value as T);
    const pending = this.inFlight.get(key);
    if (pending) return pending as Promise<T>;
    this.loads += 1;
    const p = load()
      .then((value) => {
        if (this.ttlMs > 0) {
          this.prune();
          this.values.set(key, { at: this.now(), value });
        }
        return value;
      })
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, p);
    return p;
  }

  /** The answer held for `key` and when it was read (epoch ms), fresh or not; never loads. */
  peek<T>(key: string): { at: number; value: T } | undefined {
    const hit = this.values.get(key);
    return hit && { at: hit.at, value: hit.value as T };
  }

  private prune(): void {
    if (this.values.size < this.maxEntries) return;
    const now = this.now();
    for (const [k, v] of this.values) if (now - v.at >= this.ttlMs) this.values.delete(k);
    // Still full of fresh entries: drop the oldest half (Map keeps insertion order).
    if (this.values.size >= this.maxEntries) {
      let n = Math.floor(this.values.size / 2);
      for (const k of this.values.keys()) {
        if (n-- <= 0) break;
        this.values.delete(k);
      }
    }
  }
}
