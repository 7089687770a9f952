// Public and internal cluster identifiers (docs/api-contract.md §3): `svc_` + 12 lower-case base32 characters
// (60 random bits), and `clu_` + 12 for the internal key. Random, never derived from the members, so
// that an id says nothing about which markets a cluster held first and survives every membership change.
import { randomBytes } from 'node:crypto';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
const ID_CHARS = 12;

function randomBase32(n: number): string {
  const bytes = randomBytes(n);
  let out = '';
  for (let i = 0; i < n; i++) out += BASE32[bytes[i] & 31];
  return out;
}

export const newSvcId = (): string => `svc_${randomBase32(ID_CHARS)}`;
export const newClusterId = (): string => `clu_${randomBase32(ID_CHARS)}`;

export const SVC_ID_PATTERN = /^svc_[a-z2-7]{12}$/;
export const CLUSTER_ID_PATTERN = /^clu_[a-z2-7]{12}$/;

/** The key of a market across venues, as the matcher's maps use it. */
export const marketKey = (m: { exchange: string; market_id: string }): string => `${m.exchange}:${m.market_id}`;

/** Splits "exchange:market_id" at the first colon (market ids may contain colons). */
export function parseMarketKey(key: string): { exchange: string; market_id: string } {
  const i = key.indexOf(':');
  return { exchange: key.slice(0, i), market_id: key.slice(i + 1) };
}
