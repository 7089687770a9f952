// Hot-prefix response cache for keyword search and autocomplete. Search traffic is skewed (many
// users type the same few prefixes), so answers are kept for a short time and concurrent identical
// requests share one engine call. A change that reaches the index and that answers can see
// invalidates everything (invalidate(), called by the index-state watchers, src/search/setup.ts);
// an entry may belong to a group (e.g. answers ordered by volume) that invalidate(group) drops
// alone. A cached answer is never older than what it depends on by more than the poll interval.
export interface ResponseCacheOptions {
  maxEntries?: number;
  ttlMs?: number;
}

interface Entry<T> {
  value: T;
  expires: number;
  group?: string;
}

export class ResponseCache<T = unknown> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly inflight = new Map<string, { promise: Promise<T>; group?: string }>();
  /** invalidate(group) count per group: an answer loaded before its group was dropped is not kept. */
  private readonly groupGenerations = new Map<string, number>();
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
  async get(key: string, load: () => Promise<T>, group?: string): Promise<T> {
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
      return pending.promise;
    }
    this.misses++;
    const generation = this.generationFor(group);
    const promise = load().then(
      (value) => {
        if (this.inflight.get(key)?.promise === promise) this.inflight.delete(key);
        // an answer computed before an invalidation may be stale: serve it, do not keep it
        if (generation === this.generationFor(group)) this.store(key, value, group);
        return value;
      },
      (err: unknown) => {
        if (this.inflight.get(key)?.promise === promise) this.inflight.delete(key);
        throw err;
      },
    );
    this.inflight.set(key, { promise, group });
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

  /** Store an answer computed elsewhere, unless its group changed since `generationAtStart`. */
  put(key: string, value: T, generationAtStart: number, group?: string): void {
    if (generationAtStart === this.generationFor(group)) this.store(key, value, group);
  }

  /** Bumped by every invalidate(); pass it to put() to drop answers computed before a change. */
  get currentGeneration(): number {
    return this.generation;
  }

  /** The generation an answer of `group` is stored under (moves with invalidate() and invalidate(group)). */
  generationFor(group?: string): number {
    return group === undefined ? this.generation : this.generation + (this.groupGenerations.get(group) ?? 0) * 1e9;
  }

  private store(key: string, value: T, group?: string): void {
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs, group });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  /** Drops every answer, or only those of `group`. */
  invalidate(group?: string): void {
    if (group === undefined) {
      this.generation++;
      this.entries.clear();
      this.inflight.clear();
      return;
    }
    this.groupGenerations.set(group, (this.groupGenerations.get(group) ?? 0) + 1);
    for (const [key, entry] of this.entries) if (entry.group === group) this.entries.delete(key);
    for (const [key, pending] of this.inflight) if (pending.group === group) this.inflight.delete(key);
  }
}
