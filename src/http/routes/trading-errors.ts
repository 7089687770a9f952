// The trading service's failures as HTTP statuses (docs/api-contract.md §2: 422 for a venue's rejection,
// 502/504 for a venue that is down or slow).
import { BadCursorError } from '../../trading/order-repository.js';
import { TradingError, type TradingErrorKind } from '../../trading/errors.js';
import { HttpError } from '../errors.js';

const STATUS: Record<TradingErrorKind, number> = {
  invalid: 400,
  not_found: 404,
  conflict: 409,
  rejected: 422,
  venue_unavailable: 502,
  unavailable: 503,
  venue_timeout: 504,
};

/** Runs a handler body, turning trading failures into HttpErrors (anything else stays a 500). */
export async function tradingErrors<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof TradingError) throw new HttpError(STATUS[err.kind], err.message);
    if (err instanceof BadCursorError) throw new HttpError(400, err.message);
    throw err;
  }
}
