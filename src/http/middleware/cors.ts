// CORS for other sites' widgets (an autocomplete box on a partner's page calling this API from the
// browser). Only the origins listed in the configuration (CORS_ORIGINS) are allowed; none by default,
// so a browser on any other page cannot read the API's answers. Same-origin pages (the search page at
// `/`) need none of this. Runs first, before the 405 check, so that a preflight (OPTIONS with
// Access-Control-Request-Method) from an allowed origin is answered here with 204 whatever the path.
import type { RequestHandler } from 'express';

/** What a widget sends besides simple headers: the API key, JSON bodies, a session token. */
const ALLOWED_HEADERS = 'X-API-Key, Content-Type, Authorization';
/** What a widget may read besides the simple response headers: the rate-limit state and the request id. */
const EXPOSED_HEADERS = 'X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After, X-Request-Id';
const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';
/** Seconds a browser may cache a preflight answer. */
const PREFLIGHT_MAX_AGE_S = 600;

/** `origins`: exact origins (scheme://host[:port]), or `*` for any origin. */
export function cors(origins: readonly string[]): RequestHandler {
  const any = origins.includes('*');
  const allowed = new Set(origins);
  return (req, res, next) => {
    const origin = req.get('origin');
    if (origins.length === 0 || origin === undefined) return next();
    // The answer differs by Origin: caches must key on it even when this origin is refused.
    res.vary('Origin');
    if (!any && !allowed.has(origin)) return next();
    res.setHeader('Access-Control-Allow-Origin', any ? '*' : origin);
    if (req.method === 'OPTIONS' && req.get('access-control-request-method')) {
      res.setHeader('Access-Control-Allow-Methods', ALLOWED_METHODS);
      res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS);
      res.setHeader('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE_S));
      res.status(204).end();
      return;
    }
    res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    next();
  };
}
