// What the market-data service reports when it cannot answer. The HTTP edge maps these to statuses
// (src/http/market-data-errors.ts); nothing here knows about HTTP.

/** The exchange, market, event or operation does not exist (or the venue lacks the operation). */
export class MarketDataNotFoundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MarketDataNotFoundError';
  }
}

/** A live read from a venue failed; `cause` is the venue's error (VenueError, RecordError, ...). */
export class LiveReadError extends Error {
  constructor(
    readonly exchange: string,
    /** The public name of the operation, e.g. `orderbook`, `tradehistory`. */
    readonly operation: string,
    override readonly cause: unknown,
    readonly marketId?: string,
  ) {
    super(`${exchange} ${operation}${marketId ? ` of ${marketId}` : ''} failed: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'LiveReadError';
  }
}

/** The request cannot be answered as asked (e.g. a cursor the venue no longer takes); the message names the field. */
export class MarketDataBadRequestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MarketDataBadRequestError';
  }
}
