// Errors that become HTTP responses. Throw one from any handler; the error middleware answers
// `{ "error": message }` with its status. Anything else thrown is a 500 whose details stay in the log.
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Extra response headers, e.g. Retry-After. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const unprocessable = (message: string) => new HttpError(422, message);
export const tooManyRequests = (message: string, retryAfterS: number) =>
  new HttpError(429, message, { 'Retry-After': String(retryAfterS) });
export const notImplemented = (message: string) => new HttpError(501, message);
export const badGateway = (message: string) => new HttpError(502, message);
export const unavailable = (message: string) => new HttpError(503, message);
export const gatewayTimeout = (message: string) => new HttpError(504, message);
