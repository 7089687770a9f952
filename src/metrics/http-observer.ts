// Times every HTTP request into the metrics, labelled with the documented route it matched (the
// OpenAPI template, e.g. `/api/v1/search/markets` or `/api/v1/{exchange}/markets`), so the series stay
// one per route whatever ids the paths carry; a path no operation has is `other`. A 429 is a
// rate-limit rejection: of the per-address limiter on the test-key route, of the key's limiter
// elsewhere.
import type { RequestHandler } from 'express';
import type { KnownOperation } from '../http/middleware/method-not-allowed.js';
import { compilePathTemplate, splitPath, type PathMatcher } from '../http/path-template.js';
import type { ServiceMetrics } from './service-metrics.js';

const TEST_KEY_ROUTE = '/api/v1/test-key';

/** The route template a path belongs to (the most literal of the templates that match), else null. */
export function routeResolver(operations: readonly KnownOperation[]): (path: string) => string | null {
  const byLength = new Map<number, { template: string; match: PathMatcher }[]>();
  const seen = new Set<string>();
  for (const o of operations) {
    if (seen.has(o.path)) continue;
    seen.add(o.path);
    const match = compilePathTemplate(o.path, o.enums);
    byLength.set(match.segmentCount, [...(byLength.get(match.segmentCount) ?? []), { template: o.path, match }]);
  }
  return (path) => {
    const segs = splitPath(path);
    let best: { template: string; literal: number } | null = null;
    for (const c of byLength.get(segs.length) ?? []) {
      if ((best && c.match.literalCount <= best.literal) || !c.match.segments(segs)) continue;
      best = { template: c.template, literal: c.match.literalCount };
    }
    return best?.template ?? null;
  };
}

export function observeRequests(metrics: ServiceMetrics, operations: readonly KnownOperation[]): RequestHandler {
  const routeOf = routeResolver(operations);
  return (req, res, next) => {
    const started = performance.now();
    // read now: routers mounted below rewrite req.url (and so req.path) while they run
    const path = req.path;
    res.once('finish', () => {
      const route = routeOf(path) ?? 'other';
      metrics.recordRequest({
        route, method: req.method, status: res.statusCode, seconds: (performance.now() - started) / 1000,
        limiter: route === TEST_KEY_ROUTE ? 'address' : 'key',
      });
    });
    next();
  };
}
