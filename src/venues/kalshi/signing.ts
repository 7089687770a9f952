/**
 * Kalshi request signing (docs.kalshi.com "API keys" and "quick start: authenticated requests";
 * EXCHANGES.md §2.2). Three headers: `KALSHI-ACCESS-KEY` (the key id), `KALSHI-ACCESS-TIMESTAMP`
 * (unix milliseconds) and `KALSHI-ACCESS-SIGNATURE`: base64 of RSA-PSS (SHA-256, MGF1-SHA-256, salt
 * length = digest length) over `timestamp + METHOD + path`, where the path starts at `/trade-api/v2`
 * and carries no query string. The body is not signed. RSA-PSS is randomised (a fresh salt each
 * time), so a signature is pinned by verifying it, and the signed string byte for byte.
 */
import { constants, createPrivateKey, createSign, type KeyObject } from 'node:crypto';

export interface KalshiAuthHeaders {
  'KALSHI-ACCESS-KEY': string;
  'KALSHI-ACCESS-TIMESTAMP': string;
  'KALSHI-ACCESS-SIGNATURE': string;
}

/** The exact string that is signed: the query string, if any, is cut off. */
export function kalshiSigningMessage(timestampMs: number, method: string, path: string): string {
  return `${timestampMs}${method.toUpperCase()}${path.split('?')[0]}`;
}

export function signKalshiRequest(keyId: string, privateKey: string | KeyObject, method: string, path: string, timestampMs: number): KalshiAuthHeaders {
  const key = typeof privateKey === 'string' ? createPrivateKey(privateKey) : privateKey;
  const signer = createSign('RSA-SHA256');
  signer.update(kalshiSigningMessage(timestampMs, method, path));
  const signature = signer.sign({ key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_DIGEST }).toString('base64');
  return { 'KALSHI-ACCESS-KEY': keyId, 'KALSHI-ACCESS-TIMESTAMP': String(timestampMs), 'KALSHI-ACCESS-SIGNATURE': signature };
}
