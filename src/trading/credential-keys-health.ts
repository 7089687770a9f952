// Whether this instance can decrypt every stored credential set. During a rotation of the
// credentials key (npm run rotate-credentials-key) the rows move to the new key; an instance that was
// not given it can no longer open them, and each order of those users fails. This says so, in the
// same words, to the caller of the order (503) and to /health (degraded), with the key ids (the
// fingerprints stored with the rows: they tell which key is meant without revealing it).
import type pg from 'pg';
import type { ComponentHealth } from '../health/component-health.js';
import { missingCredentialKeyMessage, type CredentialCipher } from './credential-cipher.js';
import { storedCredentialKeyIds } from './credential-repository.js';


/** /health's `credentials`: degraded while some stored set is under a key this instance lacks. */
export function credentialKeysHealth(pool: pg.Pool, cipher: CredentialCipher): () => Promise<ComponentHealth> {
  return async () => {
    const missing = (await storedCredentialKeyIds(pool)).filter((id) => !cipher.hasKey(id)).sort();
    if (missing.length === 0) return { status: 'ok', key_id: cipher.currentKeyId };
    return { status: 'degraded', key_id: cipher.currentKeyId, missing_key_ids: missing, error: missingCredentialKeyMessage(missing) };
  };
}
