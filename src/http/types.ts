// What the middleware attaches to a request.
import type { KeyIdentity } from '../accounts/api-key-repository.js';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Set on every request: the caller's X-Request-Id when sane, else a new one. */
      requestId: string;
      /** Set by the API-key middleware on keyed routes. */
      auth?: KeyIdentity;
    }
  }
}

export {};
