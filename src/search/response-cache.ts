// Hot-prefix response cache for keyword search and autocomplete. Search traffic is skewed (many
// users type the same few prefixes), so answers are kept for a short time and concurrent identical
// requests share one engine call. Any catalog change that reaches the index invalidates everything
// (invalidate(), called by the search indexer and by the index-state watcher), so a cached answer
// is never older than the index by more than the watcher's poll interval.
export interface ResponseCacheOptions {
  maxEntries?: number;
  ttlMs?: number;
}

interface Entry<T> {
  value: T;
  expires: number;
}

export class ResponseCache<T = unknown> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly inflight = new Map<string, Promise<T>>();
  private readonly maxEntries: number;
  private readonly ttlMs: number;
  private generation = 0;
  hits = 0;
  misses = 0;

  constructor(opts: ResponseCacheOptions = {}) {
    this.maxEntries = opts.maxEntries ?? 10_000;
    this.ttlMs = opts.ttlMs ?? 30_000;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The cached answer for `key`, or the one `load` produces (shared by concurrent callers). */
  async get(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const entry = this.entries.get(key);
    if (entry && entry.expires > now) {
      // refresh recency (Map keeps insertion order: delete + set = most recent)
      this.entries.delete(key);
      this.entries.set(key, entry);
      this.hits++;
      return entry.value;
    }
    if (entry) this.entries.delete(key);
    const pending = this.inflight.get(key);
    if (pending) {
      this.hits++;
      return pending;
    }
    this.misses++;
    const generation = this.generation;
    const promise = load().then(
      (value) => {
        this.inflight.delete(key);
        // an answer computed before an invalidation may be stale: serve it, do not keep it
        if (generation === this.generation) this.store(key, value);
        return value;
      },
      (err: unknown) => {
        this.inflight.delete(key);
        throw err;
      },
    );
    this.inflight.set(key, promise);
    return promise;
  }

  /** The cached answer if present and fresh (no loading, no coalescing): the cheapest hit path. */
  peek(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    this.hits++;
    return entry.value;
  }

  /** Store an answer computed elsewhere, unless the index changed since `generationAtStart`. */
  put(key: string, value: T, generationAtStart: number): void {
    if (generationAtStart === this.generation) this.store(key, value);
  }

  /** Bumped by every invalidate(); pass it to put() to drop answers computed before a change. */
  get currentGeneration(): number {
    return this.generation;
  }

  private store(key: string, value: T): void {
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  invalidate(): void {
    this.generation++;
    this.entries.clear();
    this.inflight.clear();
  }
}
