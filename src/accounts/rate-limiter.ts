// A sliding-window rate limiter: a key may make `limit` requests in any window of `windowMs`.
// It keeps the times of the accepted requests per key; the check and the record happen in one
// synchronous step, so concurrent requests in this process can never overshoot the limit.
// (Several API instances would share counters in the database or Redis; see README.)
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

export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();
  private sweepCounter = 0;

  constructor(
    private readonly clock: Clock,
    private readonly windowMs = 60_000,
  ) {}

  take(key: string, limit: number): RateDecision {
    const now = this.clock.now();
    const cutoff = now - this.windowMs;
    let times = this.hits.get(key);
    if (!times) {
      times = [];
      this.hits.set(key, times);
    }
    // times are in ascending order: drop the ones that left the window
    let expired = 0;
    while (expired < times.length && times[expired] <= cutoff) expired++;
    if (expired) times.splice(0, expired);
    if (++this.sweepCounter % 10_000 === 0) this.sweep(cutoff);

    if (times.length >= limit) {
      const freesAt = times[times.length - limit] + this.windowMs;
      return {
        allowed: false,
        limit,
        remaining: 0,
        resetAt: Math.ceil(freesAt / 1000),
        retryAfterS: Math.max(1, Math.ceil((freesAt - now) / 1000)),
      };
    }
    times.push(now);
    const oldest = times[0];
    return {
      allowed: true,
      limit,
      remaining: limit - times.length,
      resetAt: Math.ceil((oldest + this.windowMs) / 1000),
      retryAfterS: 0,
    };
  }

  /** Forget keys with no request in the window, so idle keys cost no memory. */
  private sweep(cutoff: number): void {
    for (const [key, times] of this.hits) if (times.length === 0 || times[times.length - 1] <= cutoff) this.hits.delete(key);
  }
}
