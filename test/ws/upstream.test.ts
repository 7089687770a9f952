// The upstream side's pure parts: Kalshi's signed WebSocket handshake headers (verified with the
// public key, as the venue does), the reconnect backoff's bounds, and the configuration of the
// service's own Kalshi key.
import assert from 'node:assert/strict';
import { constants, generateKeyPairSync, verify } from 'node:crypto';
import { ConfigError, loadConfig } from '../../src/config.js';
import { kalshiSignedHeaders } from '../../src/venues/kalshi/stream.js';
import { backoffDelay } from '../../src/venues/stream.js';

describe('stream upstream', () => {
  it('signs the Kalshi WebSocket handshake with RSA-PSS over timestamp + GET + path', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const h = kalshiSignedHeaders('key-1', pem, 'GET', '/trade-api/ws/v2', 1_795_000_000_000);
    assert.equal(h['KALSHI-ACCESS-KEY'], 'key-1');
    assert.equal(h['KALSHI-ACCESS-TIMESTAMP'], '1795000000000');
    const ok = verify('sha256', Buffer.from('1795000000000GET/trade-api/ws/v2'), { key: publicKey, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_DIGEST }, Buffer.from(h['KALSHI-ACCESS-SIGNATURE'], 'base64'));
    assert.equal(ok, true);
    const wrongPath = verify('sha256', Buffer.from('1795000000000GET/trade-api/v2'), { key: publicKey, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_DIGEST }, Buffer.from(h['KALSHI-ACCESS-SIGNATURE'], 'base64'));
    assert.equal(wrongPath, false);
  });

  it('backs off exponentially with full jitter, capped', () => {
    assert.equal(backoffDelay(0, 500, 30_000, () => 0.999), 499);
    assert.equal(backoffDelay(3, 500, 30_000, () => 0.5), 2_000);
    assert.equal(backoffDelay(20, 500, 30_000, () => 0.999), 29_970);
    assert.equal(backoffDelay(5, 500, 30_000, () => 0), 0);
  });

  it('reads the service\'s own Kalshi stream key (both parts or neither; \\n in the PEM read as newlines)', () => {
    const c = loadConfig({ KALSHI_WS_KEY_ID: 'kid', KALSHI_WS_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nabc\\n-----END PRIVATE KEY-----' });
    assert.deepEqual(c.streams.kalshiKey, { key_id: 'kid', private_key: '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----' });
    assert.equal(loadConfig({}).streams.kalshiKey, null);
    assert.throws(() => loadConfig({ KALSHI_WS_KEY_ID: 'kid' }), (err: unknown) => err instanceof ConfigError && /KALSHI_WS_PRIVATE_KEY/.test(err.message));
    assert.throws(() => loadConfig({ WS_PING_INTERVAL_MS: 'soon' }), ConfigError);
  });
});
