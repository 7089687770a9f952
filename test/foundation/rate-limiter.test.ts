// The sliding-window limiter on its own, with a manual clock: exact counts at the window's edge,
// across the compaction of expired times, and per key.
import assert from 'node:assert/strict';
import { SlidingWindowLimiter } from '../../src/accounts/rate-limiter.js';
import { ManualClock } from '../../src/util/clock.js';

describe('SlidingWindowLimiter', () => {
  it('allows `limit` requests in any window, and frees a slot when the oldest leaves it', () => {
    const clock = new ManualClock(1_000_000);
    const limiter = new SlidingWindowLimiter(clock, 60_000);
    for (let i = 0; i < 3; i++) {
      const d = limiter.take('k', 3);
      assert.equal(d.allowed, true);
      assert.equal(d.remaining, 2 - i);
      clock.advance(10_000);
    }
    const refused = limiter.take('k', 3);
    assert.equal(refused.allowed, false);
    // the first request (t=1,000,000) leaves the window at t=1,060,000; now is 1,030,000
    assert.equal(refused.retryAfterS, 30);
    assert.equal(refused.resetAt, 1_060);
    clock.advance(29_999);
    assert.equal(limiter.take('k', 3).allowed, false);
    clock.advance(1);
    const freed = limiter.take('k', 3);
    assert.equal(freed.allowed, true);
    assert.equal(freed.remaining, 0);
    // another key has its own window
    assert.equal(limiter.take('other', 3).remaining, 2);
  });

  it('stays exact over many windows of a busy key (expired times are compacted away)', () => {
    const clock = new ManualClock(0);
    const limiter = new SlidingWindowLimiter(clock, 1_000);
    const limit = 500;
    // 7 requests per ms: the limit is reached 72 ms into each second-long window
    let allowed = 0;
    for (let ms = 0; ms < 10_000; ms++) {
      for (let i = 0; i < 7; i++) if (limiter.take('busy', limit).allowed) allowed++;
      clock.advance(1);
    }
    // accepted times repeat each window: ceil(500 / 7) ms of acceptances, then nothing for the rest
    // of the second, so exactly `limit` per second-long window
    assert.equal(allowed, 10 * limit);
    // now = 10,000: the 7 times of t = 9,000 have just left the window, the other 493 are counted
    const d = limiter.take('busy', limit);
    assert.equal(d.allowed, true);
    assert.equal(d.remaining, limit - 493 - 1);
  });
});
