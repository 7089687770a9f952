// Route groups of the interface whose operations are not built in this version answer 501 with the
// error body, never invented data. Each group is replaced by its real router as it lands (the real
// routers are mounted first, so these only catch what is still missing).
import { Router } from 'express';
import { isExchangeCode } from '../../venues/exchanges.js';
import { notImplemented } from '../errors.js';

/** Path prefixes under /api/v1 of operations that exist in the interface but are not served yet. */
export const NOT_BUILT_GROUPS = ['/analytics', '/orders', '/users'] as const;

export function createNotBuiltRouter(groups: readonly string[]): Router {
  const router = Router();
  for (const group of groups) {
    router.all([group, `${group}/*rest`], (req) => {
      throw notImplemented(`${req.method} ${req.baseUrl}${req.path} is not available in this version of the service yet`);
    });
  }
  // Per-venue operations (/api/v1/{exchange}/...): a known venue code is a 501 until its reads land;
  // anything else falls through to the 404 of unknown routes.
  router.all('/:exchange/*rest', (req, _res, next) => {
    if (!isExchangeCode(req.params.exchange)) return next();
    throw notImplemented(`${req.method} ${req.baseUrl}${req.path} is not available in this version of the service yet`);
  });
  return router;
}
