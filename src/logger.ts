// The service's logger. Redaction is a second line of defence: no code logs headers or bodies, but
// should a request or an error object ever be logged whole, its secrets are still censored.
// The convention, everywhere: each component logs through `logger.child({ component: '<name>' })`
// (plus its own keys, e.g. `exchange`), and an error is logged as the Error object under the key
// `err`: `log.error({ err }, 'what failed')`. pino's `err` serializer then keeps the type, the
// message, the stack, the cause and the error's own fields (e.g. a VenueError's kind and status);
// `err.message` or `String(err)` would drop all but the message.
import pino, { type Logger } from 'pino';

export const REDACTED_PATHS = [
  'req.headers["x-api-key"]',
  'req.headers.authorization',
  'headers["x-api-key"]',
  'headers.authorization',
  // at the top of a log line and one level down (pino's `*` does not match the top level)
  'password',
  'private_key',
  'secret',
  'api_key',
  'token',
  'passphrase',
  '*.password',
  '*.private_key',
  '*.secret',
  '*.api_key',
  '*.token',
  '*.passphrase',
];

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      base: { service: 'predmarkets' },
      // pino's default, spelled out: the one key that errors are logged under
      serializers: { err: pino.stdSerializers.err },
    },
    destination,
  );
}
