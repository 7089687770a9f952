/**
 * Futuur request signing (docs/venue-notes.md §6.2): headers `Key` (public key), `Timestamp` (unix
 * seconds) and `HMAC` = hex HMAC-SHA512, keyed with the private key, over the URL-encoded string of
 * every request parameter plus `Key` and `Timestamp`, sorted by name with a case-sensitive code-point
 * sort (uppercase first: `Key` and `Timestamp` sort before lower-case names; `localeCompare` would not).
 * GET signs its query parameters, POST its body parameters.
 */
import { createHmac } from 'node:crypto';

export interface FutuurCredentials {
  publicKey: string;
  privateKey: string;
}

export type FutuurParams = Record<string, string | number | boolean | null | undefined>;

/** The exact string that is signed. */
export function futuurSigningString(params: FutuurParams, publicKey: string, timestamp: number): string {
  const all: [string, string][] = Object.entries(params)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => [k, String(v)]);
  all.push(['Key', publicKey], ['Timestamp', String(timestamp)]);
  all.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return new URLSearchParams(all).toString();
}

export function signFutuurRequest(params: FutuurParams, creds: FutuurCredentials, timestamp: number): { Key: string; Timestamp: string; HMAC: string } {
  const hmac = createHmac('sha512', creds.privateKey).update(futuurSigningString(params, creds.publicKey, timestamp)).digest('hex');
  return { Key: creds.publicKey, Timestamp: String(timestamp), HMAC: hmac };
}
