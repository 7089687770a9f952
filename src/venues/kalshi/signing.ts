/**
 * Kalshi request signing (docs.kalshi.com "API keys" and "quick start: authenticated requests";
 * docs/venue-notes.md §1.2). Three headers: `KALSHI-ACCESS-KEY` (the key id), `KALSHI-ACCESS-TIMESTAMP`
 * (unix milliseconds) and `KALSHI-ACCESS-SIGNATURE`: base64 of RSA-PSS (SHA-256, MGF1-SHA-256, salt
 * length = digest length) over `timestamp + METHOD + path`, where the path starts at `/trade-api/v2`
 * and carries no query string. The body is not signed. RSA-PSS is randomised (a fresh salt each
 * time), so a signature is pinned by verifying it, and the signed string byte for byte.
 * The service signs with `signKalshiRequestAsync`: the same signature computed on libuv's thread
 * pool, so the ~0.3 ms of RSA arithmetic per request does not hold the one JS thread that serves
 * every other request.
 */
import { constants, createPrivateKey, createSign, sign, type KeyObject } from 'node:crypto';

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
  return headersOf(keyId, timestampMs, signer.sign({ key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_DIGEST }));
}

const headersOf = (keyId: string, timestampMs: number, signature: Buffer): KalshiAuthHeaders => ({
  'KALSHI-ACCESS-KEY': keyId,
  'KALSHI-ACCESS-TIMESTAMP': String(timestampMs),
  'KALSHI-ACCESS-SIGNATURE': signature.toString('base64'),
});

/** The same headers as `signKalshiRequest`, the RSA-PSS signature computed off the main thread (libuv's pool). */
export function signKalshiRequestAsync(keyId: string, privateKey: string | KeyObject, method: string, path: string, timestampMs: number): Promise<KalshiAuthHeaders> {
  const key = typeof privateKey === 'string' ? createPrivateKey(privateKey) : privateKey;
  const message = Buffer.from(kalshiSigningMessage(timestampMs, method, path));
  return new Promise((resolve, reject) => {
    sign('sha256', message, { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_DIGEST }, (err, signature) => (err ? reject(err) : resolve(headersOf(keyId, timestampMs, signature))));
  });
}
