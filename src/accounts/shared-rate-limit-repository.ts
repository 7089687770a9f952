// The sliding-window rate limit shared by every instance of the service on one PostgreSQL server
// (DATABASE_URL): each accepted request is a row of rate_limit_hits, and the check and the record
// happen in one call of rate_limit_take_many() under a per-key advisory lock,
// so "60 per minute" stays 60 whichever instances the requests reach. At most one round trip per
// keyed request (the requests of one key that arrive together share one), whose cost does not grow
// with the key's traffic (each key's count of rows is kept next to its rows, so a take never counts
// the window; bench/db/rate-limit-window.ts measures it). The instances' clocks are the time base, as
// in the in-memory limiter: keep them in NTP sync.
import type pg from 'pg';
import type { Clock } from '../util/clock.js';
import type { RateDecision, RateLimiter } from './rate-limiter.js';

// A lone take is a burst of one: rate_limit_take(), the single-take wrapper kept for instances of an
// older release during an upgrade, would only add a nested function call (~0.03 ms of backend CPU).
const TAKE_MANY = 'SELECT counted_before, taken, oldest_ms, frees_ms FROM rate_limit_take_many($1, $2, $3, $4, $5)';

/** Every this many takes, one instance deletes the expired rows of keys that went quiet. */
const SWEEP_EVERY = 1_000;

/** A take waiting for its key's call (the takes of one key that arrive together go in one call). */
interface WaitingTake {
  limit: number;
  resolve: (decision: RateDecision) => void;
  reject: (err: unknown) => void;
}

export class DatabaseSlidingWindowLimiter implements RateLimiter {
  private takes = 0;
  /** Per key, the takes that arrived while a call for the key was in flight. */
  private readonly waiting = new Map<string, WaitingTake[]>();
  /** Keys with a call in flight. */
  private readonly inFlight = new Set<string>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly clock: Clock,
    private readonly windowMs = 60_000,
  ) {}

  /**
   * Takes one request of `key`. A take that finds a call for its key in flight waits for it and
   * then goes with every other take that arrived meanwhile, in one call of rate_limit_take_many():
   * the key's lock would have queued them one by one anyway, and one call decides them exactly as
   * that queue would (in arrival order, at one clock reading), with one round trip.
   */
  take(key: string, limit: number): Promise<RateDecision> {
    return new Promise<RateDecision>((resolve, reject) => {
      const queue = this.waiting.get(key);
      if (queue) queue.push({ limit, resolve, reject });
      else this.waiting.set(key, [{ limit, resolve, reject }]);
      if (!this.inFlight.has(key)) void this.send(key);
    });
  }

  private async send(key: string): Promise<void> {
    const queue = this.waiting.get(key) ?? [];
    // one limit a call: takes with another limit (the key's plan changed meanwhile) go next
    const limit = queue[0].limit;
    const batch = queue.filter((t) => t.limit === limit);
    const rest = queue.filter((t) => t.limit !== limit);
    if (rest.length > 0) this.waiting.set(key, rest);
    else this.waiting.delete(key);
    this.inFlight.add(key);
    const now = this.clock.now();
    this.takes += batch.length;
    // rate_limit_take_many() drops a key's expired rows when the key comes back; these are the rest
    // (under each key's lock, so that its kept count stays exact)
    if (this.takes % SWEEP_EVERY < batch.length) void this.pool.query('SELECT rate_limit_sweep($1)', [now]).catch(() => undefined);
    try {
      // a named statement: each connection parses and plans it once, not at every keyed request
      const r = await this.pool.query<{ counted_before: number; taken: number; oldest_ms: number | null; frees_ms: number | null }>({
        name: 'rate-limit-take-many',
        text: TAKE_MANY,
        values: [key, limit, this.windowMs, now, batch.length],
      });
      const row = r.rows[0];
      const oldest = row.oldest_ms ?? now;
      const freesAt = (row.frees_ms ?? now) + this.windowMs;
      batch.forEach((t, i) => {
        if (i < row.taken) {
          const counted = row.counted_before + i + 1;
          t.resolve({ allowed: true, limit, remaining: Math.max(0, limit - counted), resetAt: Math.ceil((oldest + this.windowMs) / 1000), retryAfterS: 0 });
        } else {
          t.resolve({ allowed: false, limit, remaining: 0, resetAt: Math.ceil(freesAt / 1000), retryAfterS: Math.max(1, Math.ceil((freesAt - now) / 1000)) });
        }
      });
    } catch (err) {
      for (const t of batch) t.reject(err);
    } finally {
      this.inFlight.delete(key);
      if (this.waiting.has(key)) void this.send(key);
    }
  }
}
