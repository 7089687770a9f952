// The trading service's failures, by what the caller should do about them; the routes turn each kind
// into its HTTP status (src/http/routes/trading-errors.ts). Messages name the field or the venue and
// never carry a credential.
export type TradingErrorKind =
  /** 400: the request is wrong (a field, a missing credential set, a bad signature). */
  | 'invalid'
  /** 404: no such order (or another user's), or an operation the venue lacks. */
  | 'not_found'
  /** 409: the order is not in a state that allows it (cancel of a filled order). */
  | 'conflict'
  /** 422: the venue refused the order; it is stored as rejected. */
  | 'rejected'
  /** 502: the venue is down or failed. */
  | 'venue_unavailable'
  /** 504: the venue did not answer in time. */
  | 'venue_timeout'
  /** 503: a component of this service is missing (no order client for the venue in this process). */
  | 'unavailable';

export class TradingError extends Error {
  constructor(
    readonly kind: TradingErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'TradingError';
  }
}

export const invalid = (m: string) => new TradingError('invalid', m);
export const orderNotFound = (m: string) => new TradingError('not_found', m);
export const conflictError = (m: string) => new TradingError('conflict', m);
