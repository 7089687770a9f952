// Credentials at rest: AES-256-GCM bound to the row's user and venue, and the key rotation that
// re-encrypts every set (src/trading/key-rotation.ts, `npm run rotate-credentials-key`), on a real
// embedded database.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { CredentialCipher, loadCredentialCipher } from '../../src/trading/credential-cipher.js';
import { CredentialStore } from '../../src/trading/credential-repository.js';
import { rotateCredentialsKey } from '../../src/trading/key-rotation.js';
import { credentialsKeyFile } from '../../src/trading/setup.js';
import { openTestDatabase, type TestDatabase } from '../helpers/database.js';

describe('trading: credentials encryption and key rotation', function () {
  this.timeout(60_000);
  let db: TestDatabase;
  before(async () => {
    db = await openTestDatabase();
    await db.pool.query("INSERT INTO users (id) VALUES ('u1'), ('u2')");
  });
  after(async () => {
    await db?.destroy();
  });

  it('creates the embedded key once, owner-only, and binds each ciphertext to its user and venue', async () => {
    const keyFile = credentialsKeyFile(path.join(db.dataDir, 'keys-a'));
    const first = loadCredentialCipher({ keyFile });
    assert.equal(first.created, true);
    assert.equal(fs.statSync(keyFile).mode & 0o777, 0o600);
    const again = loadCredentialCipher({ keyFile });
    assert.equal(again.created, false);
    assert.equal(again.cipher.currentKeyId, first.cipher.currentKeyId);

    const c = first.cipher;
    const sealed = c.seal('{"private_key":"x"}', 'trading-credentials:u1:kalshi');
    assert.equal(c.open(sealed, 'trading-credentials:u1:kalshi'), '{"private_key":"x"}');
    assert.throws(() => c.open(sealed, 'trading-credentials:u2:kalshi'), /failed authentication/);
    const flipped = { ...sealed, ciphertext: Buffer.from(sealed.ciphertext) };
    flipped.ciphertext[0] ^= 1;
    assert.throws(() => c.open(flipped, 'trading-credentials:u1:kalshi'), /failed authentication/);
    assert.throws(() => new CredentialCipher(crypto.randomBytes(32)).open(sealed, 'trading-credentials:u1:kalshi'), /not configured/);
    assert.throws(() => loadCredentialCipher({ key: 'short', keyFile }), /CREDENTIALS_KEY must be 32 bytes/);
  });

  it('re-encrypts every set under a new key file; the old key no longer reads them; a second run is harmless', async () => {
    const dir = path.join(db.dataDir, 'keys-b');
    const keyFile = credentialsKeyFile(dir);
    const old = loadCredentialCipher({ keyFile }).cipher;
    const store = new CredentialStore(db.pool, old);
    await store.put('u1', 'kalshi', { key_id: 'k', private_key: 'pem-1' });
    await store.put('u2', 'futuur', { public_key: 'p', private_key: 'secret-2' });

    const r = await rotateCredentialsKey(db.pool, { keyFile });
    assert.equal(r.rewritten, 2);
    assert.notEqual(r.newKeyId, old.currentKeyId);
    assert.ok(!fs.existsSync(`${keyFile}.next`));
    assert.equal(fs.statSync(keyFile).mode & 0o777, 0o600);
    const rows = await db.pool.query<{ key_id: string }>('SELECT DISTINCT key_id FROM trading_credentials');
    assert.deepEqual(rows.rows.map((x) => x.key_id), [r.newKeyId]);

    const fresh = new CredentialStore(db.pool, loadCredentialCipher({ keyFile }).cipher);
    assert.deepEqual(await fresh.get('u2', 'futuur'), { public_key: 'p', private_key: 'secret-2' });
    await assert.rejects(new CredentialStore(db.pool, old).get('u1', 'kalshi'), /encrypted with key [0-9a-f]{16}, which this instance does not have/);
    const second = await rotateCredentialsKey(db.pool, { keyFile });
    assert.equal(second.rewritten, 2);
  });

  it('with CREDENTIALS_KEY: needs the new key, then rows open with it', async () => {
    const oldKey = crypto.randomBytes(32).toString('base64');
    const newKey = crypto.randomBytes(32).toString('hex');
    await db.pool.query('DELETE FROM trading_credentials');
    const oldCipher = loadCredentialCipher({ key: oldKey, keyFile: '/nonexistent' }).cipher;
    await new CredentialStore(db.pool, oldCipher).put('u1', 'polymarket', { api_key: 'a', secret: 's' });
    await assert.rejects(rotateCredentialsKey(db.pool, { key: oldKey, keyFile: '/nonexistent' }), /--new-key/);
    const r = await rotateCredentialsKey(db.pool, { key: oldKey, keyFile: '/nonexistent' }, newKey);
    assert.equal(r.rewritten, 1);
    assert.equal(r.keyFile, null);
    const reader = loadCredentialCipher({ key: newKey, keyFile: '/nonexistent' }).cipher;
    assert.deepEqual(await new CredentialStore(db.pool, reader).get('u1', 'polymarket'), { api_key: 'a', secret: 's' });
  });
});
