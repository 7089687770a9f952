// The service's logger. Redaction is a second line of defence: no code logs headers or bodies, but
// should a request or an error object ever be logged whole, its secrets are still censored.
import pino, { type Logger } from 'pino';

export const REDACTED_PATHS = [
  'req.headers["x-api-key"]',
  'req.headers.authorization',
  'headers["x-api-key"]',
  'headers.authorization',
  '*.password',
  '*.private_key',
  '*.secret',
  '*.api_key',
  '*.token',
  '*.passphrase',
];

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino({ level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' }, base: { service: 'predmarkets' } }, destination);
}
