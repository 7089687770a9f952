// The gate of every keyed route: X-API-Key must name a live key (401 otherwise), and the key's
// sliding-minute rate limit must have room (429 with Retry-After otherwise). The rate-limit headers
// go on every keyed response, successful or not.
import type { RequestHandler } from 'express';
import type { ApiKeyService } from '../../accounts/api-key-repository.js';
import type { RateLimiter } from '../../accounts/rate-limiter.js';
import { recordTiming } from '../../util/request-timings.js';
import { tooManyRequests, unauthorized } from '../errors.js';

export function requireApiKey(keys: ApiKeyService, limiter: RateLimiter): RequestHandler {
  return async (req, res, next) => {
    const presented = req.get('x-api-key');
    if (!presented) throw unauthorized('missing API key: send it in the X-API-Key header');
    let t0 = performance.now();
    const identity = await keys.authenticate(presented.trim());
    recordTiming('key', performance.now() - t0);
    if (!identity) throw unauthorized('invalid API key: unknown, revoked or expired');
    t0 = performance.now();
    const decision = await limiter.take(identity.keyId, identity.rateLimitPerMinute);
    recordTiming('rate-limit', performance.now() - t0);
    res.setHeader('X-RateLimit-Limit', String(decision.limit));
    res.setHeader('X-RateLimit-Remaining', String(decision.remaining));
    res.setHeader('X-RateLimit-Reset', String(decision.resetAt));
    if (!decision.allowed) {
      throw tooManyRequests(`rate limit of ${decision.limit} requests per minute exceeded; retry in ${decision.retryAfterS} s`, decision.retryAfterS);
    }
    req.auth = identity;
    next();
  };
}
