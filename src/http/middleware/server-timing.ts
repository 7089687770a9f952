// SERVER_TIMING=true (a benchmark setting): every answer carries `Server-Timing` with where its time
// went (src/util/request-timings.ts: credentials, signing or verification, order writes, the venue
// call and what the venue itself reported...), plus `app`, the time from the request's arrival here
// to its answer's head. Off by default: production answers say nothing about the service's insides.
import type { RequestHandler } from 'express';
import { recordTiming, serverTimingHeader, withRequestTimings } from '../../util/request-timings.js';

export function serverTiming(): RequestHandler {
  return (_req, res, next) => {
    const t0 = performance.now();
    withRequestTimings((timings) => {
      const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => typeof res;
      res.writeHead = ((...args: unknown[]) => {
        recordTiming('app', performance.now() - t0);
        if (!res.headersSent) res.setHeader('Server-Timing', serverTimingHeader(timings));
        return writeHead(...args);
      }) as typeof res.writeHead;
      next();
    });
  };
}
