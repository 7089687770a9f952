// Live passthrough reads (books, trades, prices, candles) from the venue adapters, behind a short
// TTL cache and request coalescing: concurrent requests for the same key share one venue call, and
// an answer is reused for `ttlMs`. Failures are never cached and never answered with stale data:
// they become 404 (the venue does not know the market), 502 (venue failed), 503 (circuit open) or
// 504 (venue too slow).
import { HttpError } from '../errors.js';
import { VenueError } from '../../venues/http-client.js';
import { RecordError } from '../../venues/records.js';

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

/** The HTTP answer for a failed venue call of `operation` on `marketId`. */
export function venueFailure(err: unknown, exchange: string, operation: string, marketId?: string): HttpError {
  if (err instanceof HttpError) return err;
  if (err instanceof VenueError) {
    const status = err.httpStatus;
    if (status === 404) return new HttpError(404, marketId ? `unknown ${exchange} market: ${marketId}` : `${exchange}: not found`);
    if (status === 504) return new HttpError(504, `${exchange} did not answer ${operation} in time`);
    if (status === 503) return new HttpError(503, `${exchange} is unavailable (${operation}); retry later`, err.retryAfterMs ? { 'Retry-After': String(Math.ceil(err.retryAfterMs / 1000)) } : {});
    return new HttpError(502, `${exchange} failed to answer ${operation}${err.status ? ` (HTTP ${err.status})` : ''}`);
  }
  if (err instanceof RecordError) return new HttpError(502, `${exchange} returned data that could not be read for ${operation}`);
  return new HttpError(502, `${exchange} ${operation} failed`);
}
