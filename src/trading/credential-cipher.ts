// Encryption at rest of the users' venue credentials: AES-256-GCM (authenticated: a flipped bit or a
// row moved to another user fails to decrypt), a fresh 96-bit IV per write, and (user, venue) as
// associated data. Keys are 32 random bytes; each is known by a fingerprint (`key_id`, the first 16
// hex digits of its SHA-256) that is stored with every row, so a key rotation can tell which rows it
// has re-encrypted and a wrong key is named, not mistaken for corrupt data. Nothing here logs.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const KEY_BYTES = 32;
const IV_BYTES = 12;

export interface Sealed {
  keyId: string;
  iv: Buffer;
  ciphertext: Buffer;
  authTag: Buffer;
}

export class CredentialKeyError extends Error {}

/** What an operator must do when stored sets use keys this instance lacks. */
export function missingCredentialKeyMessage(keyIds: readonly string[]): string {
  const keys = keyIds.length === 1 ? `key ${keyIds[0]}` : `keys ${keyIds.join(', ')}`;
  return (
    `stored credentials are encrypted with ${keys}, which this instance does not have: a rotation of the ` +
    'credentials key is in progress or unfinished. Give this instance the key (CREDENTIALS_KEY, or ' +
    'CREDENTIALS_PREVIOUS_KEYS while the rotation runs) and restart it; the rotation itself is ' +
    '`npm run rotate-credentials-key` (docs/trading.md, "Rotating the credentials key")'
  );
}

/** A stored set was encrypted with a key this instance does not have: a key rotation in progress or unfinished. */
export class MissingCredentialKeyError extends CredentialKeyError {
  constructor(readonly keyId: string) {
    super(`credentials were encrypted with key ${keyId}, which is not configured`);
  }
}

export function keyFingerprint(key: Buffer): string {
  return crypto.createHash('sha256').update(key).digest('hex').slice(0, 16);
}

/** A key given as base64 (44 characters) or hex (64); anything else is refused, naming the setting. */
export function parseKey(text: string, setting: string): Buffer {
  const t = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
  if (key.length !== KEY_BYTES || (!/^[0-9a-fA-F]{64}$/.test(t) && key.toString('base64') !== t)) {
    throw new CredentialKeyError(`${setting} must be 32 bytes, base64 or hex encoded`);
  }
  return key;
}

/** A keyring: one key encrypts, every key decrypts the rows it wrote (previous keys during a rotation). */
export class CredentialCipher {
  private readonly keys = new Map<string, Buffer>();
  readonly currentKeyId: string;

  constructor(
    private readonly current: Buffer,
    previous: readonly Buffer[] = [],
  ) {
    if (current.length !== KEY_BYTES) throw new CredentialKeyError('the credentials key must be 32 bytes');
    this.currentKeyId = keyFingerprint(current);
    for (const k of [current, ...previous]) this.keys.set(keyFingerprint(k), k);
  }

  hasKey(keyId: string): boolean {
    return this.keys.has(keyId);
  }

  seal(plaintext: string, associated: string): Sealed {
    const iv = crypto.randomBytes(IV_BYTES);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.current, iv);
    cipher.setAAD(Buffer.from(associated, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return { keyId: this.currentKeyId, iv, ciphertext, authTag: cipher.getAuthTag() };
  }

  open(sealed: Sealed, associated: string): string {
    const key = this.keys.get(sealed.keyId);
    if (!key) throw new MissingCredentialKeyError(sealed.keyId);
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, sealed.iv);
    decipher.setAAD(Buffer.from(associated, 'utf8'));
    decipher.setAuthTag(sealed.authTag);
    try {
      return Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]).toString('utf8');
    } catch {
      throw new CredentialKeyError('stored credentials failed authentication (tampered, or moved to another user)');
    }
  }
}

export interface KeySource {
  /** The key from the configuration (CREDENTIALS_KEY), if set. */
  key?: string;
  /** Keys that still decrypt (CREDENTIALS_PREVIOUS_KEYS), e.g. during a rotation. */
  previousKeys?: readonly string[];
  /** Where the embedded default keeps its key (DATA_DIR/credentials.key). */
  keyFile: string;
}

/** The file a rotation writes the new key to before it re-encrypts; still read at start, should it stop half-way. */
export const nextKeyFile = (keyFile: string): string => `${keyFile}.next`;

/**
 * Writes `key` to `file` unless the file exists; true when this call created it. The key is written
 * whole to a file of its own, then linked into place. The link fails when another process created
 * the file meanwhile: a key is never overwritten (that would orphan the rows under it). And no
 * process ever sees the file before the key is in it: with an exclusive create and then a write, a
 * process starting at the same moment could read it empty and fail to start, and a stop between
 * the two left an empty file for good (test/trading/key-file-race.test.ts).
 */
export function createKeyFile(file: string, key: Buffer): boolean {
  const draft = `${file}.${process.pid}.${crypto.randomBytes(6).toString('hex')}.tmp`;
  fs.writeFileSync(draft, key.toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(draft, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return false;
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

/**
 * The keyring of the configuration. Without CREDENTIALS_KEY the key lives in a file in the data
 * directory, created on first use with owner-only permissions (`created` says so, so the caller can
 * log it once; the key itself is never logged).
 */
export function loadCredentialCipher(src: KeySource): { cipher: CredentialCipher; created: boolean; source: 'setting' | 'file' } {
  const previous = (src.previousKeys ?? []).map((k, i) => parseKey(k, `CREDENTIALS_PREVIOUS_KEYS[${i}]`));
  if (src.key) return { cipher: new CredentialCipher(parseKey(src.key, 'CREDENTIALS_KEY'), previous), created: false, source: 'setting' };
  let created = false;
  if (!fs.existsSync(src.keyFile)) {
    fs.mkdirSync(path.dirname(src.keyFile), { recursive: true });
    created = createKeyFile(src.keyFile, crypto.randomBytes(KEY_BYTES));
  }
  const current = parseKey(fs.readFileSync(src.keyFile, 'utf8'), src.keyFile);
  const next = nextKeyFile(src.keyFile);
  if (fs.existsSync(next)) previous.push(parseKey(fs.readFileSync(next, 'utf8'), next));
  return { cipher: new CredentialCipher(current, previous), created, source: 'file' };
}
