// Gives every request an id (echoed as X-Request-Id) and logs one line per response. Only the
// method, the path, the status and the timing are logged: never headers, bodies or query strings,
// which may carry keys, tokens or passwords.
import crypto from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';

const SANE_ID = /^[A-Za-z0-9._-]{1,128}$/;

export function requestContext(parent: Logger): RequestHandler {
  const logger = parent.child({ component: 'http' });
  return (req, res, next) => {
    const incoming = req.get('x-request-id');
    req.requestId = incoming && SANE_ID.test(incoming) ? incoming : crypto.randomUUID();
    res.setHeader('X-Request-Id', req.requestId);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const failed = res.statusCode >= 500 && res.statusCode !== 501;
      // the line of a request that did not fail is built only when debug lines are written
      if (!failed && !logger.isLevelEnabled('debug')) return;
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const line = { reqId: req.requestId, method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 };
      if (failed) logger.error(line, 'request failed');
      else logger.debug(line, 'request');
    });
    next();
  };
}
