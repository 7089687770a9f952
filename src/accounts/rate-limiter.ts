// A sliding-window rate limiter: a key may make `limit` requests in any window of `windowMs`.
// It keeps the times of the accepted requests per key; the check and the record happen in one
// synchronous step, so concurrent requests in this process can never overshoot the limit.
// Several API instances on one PostgreSQL server share their windows in the database instead
// (shared-rate-limit-repository.ts); both implement RateLimiter.
import type { Clock } from '../util/clock.js';

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Epoch seconds at which the oldest counted request leaves the window (a slot frees). */
  resetAt: number;
  /** Seconds to wait before a retry can succeed (0 when allowed). */
  retryAfterS: number;
}

/** A sliding-window limiter: takes one request of `key` if fewer than `limit` were accepted in the window. */
export interface RateLimiter {
  take(key: string, limit: number): RateDecision | Promise<RateDecision>;
}

/** The accepted request times of one key, oldest first; those before `head` have left the window. */
interface KeyWindow {
  times: number[];
  head: number;
}

export class SlidingWindowLimiter implements RateLimiter {
  private readonly windows = new Map<string, KeyWindow>();
  private sweepCounter = 0;

  constructor(
    private readonly clock: Clock,
    private readonly windowMs = 60_000,
  ) {}

  take(key: string, limit: number): RateDecision {
    const now = this.clock.now();
    const cutoff = now - this.windowMs;
    let w = this.windows.get(key);
    if (!w) {
      w = { times: [], head: 0 };
      this.windows.set(key, w);
    }
    // Expired times are skipped by moving `head`, and the array is compacted only once they are
    // half of it: amortised O(1) per request. (Removing them from the front on every request cost
    // O(window) each time, for keys allowed thousands of requests a minute.)
    while (w.head < w.times.length && w.times[w.head] <= cutoff) w.head++;
    if (w.head > 0 && w.head * 2 >= w.times.length) {
      w.times = w.times.slice(w.head);
      w.head = 0;
    }
    if (++this.sweepCounter % 10_000 === 0) this.sweep(cutoff);

    const counted = w.times.length - w.head;
    if (counted >= limit) {
      const freesAt = w.times[w.times.length - limit] + this.windowMs;
      return {
        allowed: false,
        limit,
        remaining: 0,
        resetAt: Math.ceil(freesAt / 1000),
        retryAfterS: Math.max(1, Math.ceil((freesAt - now) / 1000)),
      };
    }
    w.times.push(now);
    const oldest = w.times[w.head];
    return {
      allowed: true,
      limit,
      remaining: limit - counted - 1,
      resetAt: Math.ceil((oldest + this.windowMs) / 1000),
      retryAfterS: 0,
    };
  }

  /** Forget keys with no request in the window, so idle keys cost no memory. */
  private sweep(cutoff: number): void {
    for (const [key, w] of this.windows) if (w.times.length === w.head || w.times[w.times.length - 1] <= cutoff) this.windows.delete(key);
  }
}
