// The HTTP edge of the market-data service: its typed failures become statuses here (docs/api-contract.md §2),
// and nowhere below. A venue that does not know the market is a 404; a venue that failed is a 502,
// one whose circuit is open a 503 (with Retry-After when known), one too slow a 504; data that could
// not be read is a 502. Live passthrough failures are never answered with stale data.
import type { ErrorRequestHandler } from 'express';
import { LiveReadError, MarketDataBadRequestError, MarketDataNotFoundError } from '../market-data/errors.js';
import { VenueError, type VenueErrorKind } from '../venues/http-client.js';
import { RecordError } from '../venues/records.js';
import { HttpError } from './errors.js';

/** The status a failed venue call answers with, by the kind of failure. */
export function venueErrorStatus(err: VenueError): 404 | 502 | 503 | 504 {
  if (err.notFound) return 404;
  const byKind: Partial<Record<VenueErrorKind, 503 | 504>> = { timeout: 504, circuit_open: 503 };
  return byKind[err.kind] ?? 502;
}

/** The HTTP answer for a failed live read. */
export function liveReadFailure(failure: LiveReadError): HttpError {
  const { exchange, operation, marketId, cause } = failure;
  if (cause instanceof HttpError) return cause;
  if (cause instanceof VenueError) {
    const status = venueErrorStatus(cause);
    if (status === 404) return new HttpError(404, marketId ? `unknown ${exchange} market: ${marketId}` : `${exchange}: not found`);
    if (status === 504) return new HttpError(504, `${exchange} did not answer ${operation} in time`);
    if (status === 503) return new HttpError(503, `${exchange} is unavailable (${operation}); retry later`, cause.retryAfterMs ? { 'Retry-After': String(Math.ceil(cause.retryAfterMs / 1000)) } : {});
    return new HttpError(502, `${exchange} failed to answer ${operation}${cause.status ? ` (HTTP ${cause.status})` : ''}`);
  }
  if (cause instanceof RecordError) return new HttpError(502, `${exchange} returned data that could not be read for ${operation}`);
  return new HttpError(502, `${exchange} ${operation} failed`);
}

/** Error middleware of the market-data routes: typed failures to HttpErrors, anything else passed on (a 500). */
export const marketDataErrors: ErrorRequestHandler = (err: unknown, _req, _res, next) => {
  if (err instanceof MarketDataNotFoundError) return next(new HttpError(404, err.message));
  if (err instanceof MarketDataBadRequestError) return next(new HttpError(400, err.message));
  if (err instanceof LiveReadError) return next(liveReadFailure(err));
  next(err);
};
