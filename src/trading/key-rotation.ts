// Rotation of the credentials encryption key: every stored set re-encrypted under a new key, in one
// transaction. With the embedded default (the key file in the data directory) the new key is written
// to `credentials.key.next` first, so a rotation that stops half-way loses nothing (the service reads
// that file too) and can be run again; the new key replaces the old file only after the commit, and
// the old key is then deleted. With CREDENTIALS_KEY the operator supplies the new key and swaps the
// setting afterwards (README "Trading": rotating the credentials key).
import crypto from 'node:crypto';
import fs from 'node:fs';
import type pg from 'pg';
import { createKeyFile, CredentialCipher, KEY_BYTES, loadCredentialCipher, nextKeyFile, parseKey, type KeySource } from './credential-cipher.js';
import { reencryptAll } from './credential-repository.js';

export interface RotationResult {
  rewritten: number;
  skipped: number;
  newKeyId: string;
  /** Where the new key is (file mode), or null when the operator must set it (setting mode). */
  keyFile: string | null;
}

export async function rotateCredentialsKey(pool: pg.Pool, src: KeySource, newKeyText?: string): Promise<RotationResult> {
  const { cipher: current, source } = loadCredentialCipher(src);
  if (source === 'setting') {
    if (!newKeyText) throw new Error('CREDENTIALS_KEY is set: pass the new key with --new-key (32 bytes, base64 or hex)');
    const next = new CredentialCipher(parseKey(newKeyText, '--new-key'));
    const r = await reencryptAll(pool, current, next);
    return { ...r, newKeyId: next.currentKeyId, keyFile: null };
  }
  const nextFile = nextKeyFile(src.keyFile);
  // An interrupted rotation left its key: finish with that one (rows may already be under it).
  if (!fs.existsSync(nextFile)) {
    const key = newKeyText ? parseKey(newKeyText, '--new-key') : crypto.randomBytes(KEY_BYTES);
    createKeyFile(nextFile, key);
  }
  const nextKey = parseKey(fs.readFileSync(nextFile, 'utf8'), nextFile);
  const next = new CredentialCipher(nextKey);
  // Loaded again now that the .next file exists: it decrypts the rows a stopped rotation already rewrote.
  const { cipher: reader } = loadCredentialCipher(src);
  const r = await reencryptAll(pool, reader, next);
  fs.renameSync(nextFile, src.keyFile);
  fs.chmodSync(src.keyFile, 0o600);
  return { ...r, newKeyId: next.currentKeyId, keyFile: src.keyFile };
}
