/**
 * Polymarket's API-credential calls (docs/venue-notes.md §2.3): derive (or, the first time, create) the L2
 * credentials of a wallet with an L1 EIP-712 signature, and check stored ones by listing the
 * wallet's keys with them. The wallet key is only used to sign here, in memory.
 */
import type { Wallet } from 'ethers';
import { venueCall, VenueCallError, type Credentials } from '../trading.js';
import { l1Headers, l2Headers } from './signing.js';

export interface DerivedCredentials {
  api_key: string;
  secret: string;
  passphrase: string;
}

/** The credentials of `GET /auth/derive-api-key` or `POST /auth/api-key` (clob-client-v2 `ApiKeyRaw`), or null when incomplete. */
export function readApiCredentials(body: unknown): DerivedCredentials | null {
  const r = body as { apiKey?: string; secret?: string; passphrase?: string } | null;
  return r?.apiKey && r.secret && r.passphrase ? { api_key: r.apiKey, secret: r.secret, passphrase: r.passphrase } : null;
}

export async function deriveApiCredentials(clobBase: string, wallet: Wallet, opts: { timeoutMs: number; nowS: number; nonce?: number }): Promise<DerivedCredentials> {
  const base = clobBase.replace(/\/$/, '');
  const headers = { ...(await l1Headers(wallet, opts.nowS, opts.nonce ?? 0)) };
  const pick = readApiCredentials;
  // Derive first (the wallet may have a key already); create when it has none.
  try {
    const got = pick((await venueCall('polymarket', `${base}/auth/derive-api-key`, { method: 'GET', headers, timeoutMs: opts.timeoutMs })).body);
    if (got) return got;
  } catch (err) {
    if (!(err instanceof VenueCallError) || (err.failure !== 'rejected' && err.failure !== 'not_found')) throw err;
  }
  const created = pick((await venueCall('polymarket', `${base}/auth/api-key`, { method: 'POST', headers, timeoutMs: opts.timeoutMs })).body);
  if (!created) throw new VenueCallError('polymarket', 'unavailable', 'polymarket answered without credentials');
  return created;
}

/** True when the venue accepts the stored L2 credentials, false when it refuses them. */
export async function checkApiCredentials(clobBase: string, creds: Credentials, opts: { timeoutMs: number; nowS: number }): Promise<boolean> {
  const l2 = { api_key: String(creds.api_key), secret: String(creds.secret), passphrase: String(creds.passphrase), address: String(creds.address) };
  try {
    await venueCall('polymarket', `${clobBase.replace(/\/$/, '')}/auth/api-keys`, { method: 'GET', headers: l2Headers(l2, opts.nowS, 'GET', '/auth/api-keys'), timeoutMs: opts.timeoutMs });
    return true;
  } catch (err) {
    if (err instanceof VenueCallError && err.failure === 'unauthorized') return false;
    throw err;
  }
}
