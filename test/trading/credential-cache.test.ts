// The cache of recently decrypted credential sets (src/trading/credential-cache.ts) and the parsed
// Kalshi keys kept per set (src/venues/kalshi/trading.ts), on a real embedded database: a set is
// reused while its row is unchanged, and never after another instance replaced, deleted or
// re-encrypted it; on the embedded database (exclusive) the row read is skipped, and the store's own
// changes drop the entry; entries expire and the cache is bounded.
import assert from 'node:assert/strict';
import crypto, { createPublicKey } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CredentialCache } from '../../src/trading/credential-cache.js';
import { CredentialCipher, loadCredentialCipher } from '../../src/trading/credential-cipher.js';
import { CredentialStore, reencryptAll } from '../../src/trading/credential-repository.js';
import { kalshiPrivateKey } from '../../src/venues/kalshi/trading.js';
import { openTestDatabase, type TestDatabase } from '../helpers/database.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const PEM = fs.readFileSync(path.join(here, 'fixtures/kalshi-test-private.pem'), 'utf8');
const PUBLIC = fs.readFileSync(path.join(here, 'fixtures/kalshi-test-public.pem'), 'utf8');
const OTHER = fs.readFileSync(path.join(here, 'fixtures/other-private.pem'), 'utf8');

describe('trading: cached credential sets and parsed keys', function () {
  this.timeout(60_000);
  let db: TestDatabase;
  let cipher: CredentialCipher;
  before(async () => {
    db = await openTestDatabase();
    await db.pool.query("INSERT INTO users (id) VALUES ('c1'), ('c2')");
    cipher = loadCredentialCipher({ keyFile: path.join(db.dataDir, 'cache-keys', 'credentials.key') }).cipher;
  });
  after(async () => {
    await db?.destroy();
  });
  beforeEach(async () => {
    await db.pool.query('DELETE FROM trading_credentials');
  });

  it('on a server: reuses the decryption while the row is unchanged, never after another instance replaced, re-encrypted or deleted it', async () => {
    const store = new CredentialStore(db.pool, cipher);
    const other = new CredentialStore(db.pool, cipher); // another instance on the same database
    await other.put('c1', 'kalshi', { key_id: 'k1', private_key: PEM });
    const a = await store.get('c1', 'kalshi');
    assert.equal((await store.get('c1', 'kalshi')), a, 'the same frozen object while the row is unchanged');
    assert.ok(Object.isFrozen(a));
    assert.throws(() => ((a as Record<string, unknown>).key_id = 'x'));

    await other.put('c1', 'kalshi', { key_id: 'k2', private_key: OTHER });
    const b = await store.get('c1', 'kalshi');
    assert.deepEqual(b, { key_id: 'k2', private_key: OTHER }, 'the replacement, not the cached set');

    const next = new CredentialCipher(crypto.randomBytes(32));
    await reencryptAll(db.pool, cipher, next);
    await assert.rejects(store.get('c1', 'kalshi'), /encrypted with key [0-9a-f]{16}, which this instance does not have/, 'a re-encrypted row is decrypted again (and this store lacks the new key)');
    const rotated = new CredentialStore(db.pool, next);
    assert.deepEqual(await rotated.get('c1', 'kalshi'), { key_id: 'k2', private_key: OTHER });

    await new CredentialStore(db.pool, next).remove('c1', 'kalshi');
    assert.equal(await rotated.get('c1', 'kalshi'), null, 'deleted elsewhere: gone here at once');
  });

  it('on the embedded database (exclusive): skips the row read, but its own replace and delete take effect at once; entries expire', async () => {
    let now = 1_000_000;
    const store = new CredentialStore(db.pool, cipher, true, new CredentialCache(100, 60_000, () => now));
    await store.put('c2', 'kalshi', { key_id: 'k1', private_key: PEM });
    const a = await store.get('c2', 'kalshi');
    // the row is gone behind the store's back (nothing but this process writes an embedded database):
    await db.pool.query('DELETE FROM trading_credentials');
    assert.equal(await store.get('c2', 'kalshi'), a, 'served from the cache without reading the row');
    now += 60_001;
    assert.equal(await store.get('c2', 'kalshi'), null, 'expired: read again, and the row is gone');

    await store.put('c2', 'kalshi', { key_id: 'k1', private_key: PEM });
    assert.equal((await store.get('c2', 'kalshi'))?.key_id, 'k1');
    await store.put('c2', 'kalshi', { key_id: 'k3', private_key: OTHER });
    assert.equal((await store.get('c2', 'kalshi'))?.key_id, 'k3', 'its own replacement is seen at once');
    await store.remove('c2', 'kalshi');
    assert.equal(await store.get('c2', 'kalshi'), null, 'its own delete is seen at once');
  });

  it('keeps at most its bound, least recently used out first', () => {
    const cache = new CredentialCache(2);
    const id = (n: number) => ({ keyId: 'k', iv: Buffer.from([n]), authTag: Buffer.from([n]) });
    cache.put('u1', 'kalshi', id(1), { n: 1 });
    cache.put('u2', 'kalshi', id(2), { n: 2 });
    assert.ok(cache.get('u1', 'kalshi', id(1)));
    cache.put('u3', 'kalshi', id(3), { n: 3 });
    assert.equal(cache.size, 2);
    assert.equal(cache.get('u2', 'kalshi', id(2)), null, 'u2 was the least recently used');
    assert.ok(cache.get('u1', 'kalshi', id(1)));
    assert.equal(cache.get('u1', 'kalshi', id(9)), null, 'another row: not this entry');
  });

  it('parses a Kalshi key once per set, and a changed set gets its own key', () => {
    const set = Object.freeze({ key_id: 'k', private_key: PEM });
    const key = kalshiPrivateKey(set);
    assert.equal(kalshiPrivateKey(set), key, 'parsed once');
    assert.equal(createPublicKey(key).export({ type: 'spki', format: 'pem' }).toString(), createPublicKey(PUBLIC).export({ type: 'spki', format: 'pem' }).toString());
    const replaced = { key_id: 'k', private_key: OTHER };
    assert.notEqual(kalshiPrivateKey(replaced), key);
    assert.equal(createPublicKey(kalshiPrivateKey(replaced)).export({ type: 'spki', format: 'pem' }).toString(), createPublicKey(OTHER).export({ type: 'spki', format: 'pem' }).toString());
    // a mutable set whose PEM changes in place gets the new key too
    const mutable: Record<string, unknown> = { key_id: 'k', private_key: PEM };
    const first = kalshiPrivateKey(mutable);
    mutable.private_key = OTHER;
    assert.notEqual(kalshiPrivateKey(mutable), first);
  });
});
