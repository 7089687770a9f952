// The sliding-window rate limit shared by every instance of the service on one PostgreSQL server
// (DATABASE_URL): each accepted request is a row of rate_limit_hits, and the check and the record
// happen in one call of rate_limit_take() under a per-key advisory lock (migration 060), so "60 per
// minute" stays 60 whichever instances the requests reach. One round trip per keyed request, whose
// cost does not grow with the key's traffic (each key's count is kept, migration 097;
// bench/db/rate-limit.ts measures it). The instances' clocks are the time base, as in the
// in-memory limiter: keep them in NTP sync.
import type pg from 'pg';
import type { Clock } from '../util/clock.js';
import type { RateDecision, RateLimiter } from './rate-limiter.js';

/** Every this many takes, one instance deletes the expired rows of keys that went quiet. */
const SWEEP_EVERY = 1_000;

export class DatabaseSlidingWindowLimiter implements RateLimiter {
  private takes = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly clock: Clock,
    private readonly windowMs = 60_000,
  ) {}

  async take(key: string, limit: number): Promise<RateDecision> {
    const now = this.clock.now();
    // rate_limit_take() drops a key's expired rows when the key comes back; these are the rest
    // (under each key's lock, so that its kept count stays exact)
    if (++this.takes % SWEEP_EVERY === 0) void this.pool.query('SELECT rate_limit_sweep($1)', [now]).catch(() => undefined);
    const r = await this.pool.query<{ allowed: boolean; counted: number; oldest_ms: number | null; frees_ms: number | null }>(
      'SELECT allowed, counted, oldest_ms, frees_ms FROM rate_limit_take($1, $2, $3, $4)',
      [key, limit, this.windowMs, now],
    );
    const row = r.rows[0];
    if (!row.allowed) {
      const freesAt = (row.frees_ms ?? now) + this.windowMs;
      return { allowed: false, limit, remaining: 0, resetAt: Math.ceil(freesAt / 1000), retryAfterS: Math.max(1, Math.ceil((freesAt - now) / 1000)) };
    }
    return { allowed: true, limit, remaining: Math.max(0, limit - row.counted), resetAt: Math.ceil(((row.oldest_ms ?? now) + this.windowMs) / 1000), retryAfterS: 0 };
  }
}
