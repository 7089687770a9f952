// A key rotation in progress: the stored credential sets are under a key this instance was not given
// (its CREDENTIALS_KEY is another one). An order that needs them is a 503 naming the key id and what
// to do, not a bare 500, and /health says `degraded` with the same words. Two real services on one
// database in turn (sim mode); runs on both databases (TEST_DATABASE=server for the server pass).
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { keyFingerprint } from '../../src/trading/credential-cipher.js';
import { freshDataDir, TEST_DATABASE } from '../helpers/database.js';
import { createServerDatabase } from '../helpers/postgres-server.js';
import { mintTestKey, startTestService, type TestService } from '../helpers/service.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const KALSHI_PEM = fs.readFileSync(path.join(here, 'fixtures/kalshi-test-private.pem'), 'utf8');
const KALSHI_KEY_ID = 'a952bcbe-ec3b-4b5b-b8f9-11dae589608c';

describe('trading: credentials under a key this instance lacks (rotation in progress)', function () {
  this.timeout(120_000);
  const oldKey = crypto.randomBytes(32);
  const newKey = crypto.randomBytes(32);
  let dir: { dataDir: string; remove(): void };
  let server: { url: string; drop(): Promise<void> } | undefined;
  let svc: TestService | undefined;
  let apiKey: string;

  const start = async (env: Record<string, string>) =>
    startTestService({ dataDir: dir.dataDir, env: { EXCHANGE_MODE: 'sim', ...(server ? { DATABASE_URL: server.url } : {}), ...env } });

  before(async () => {
    dir = await freshDataDir();
    if (TEST_DATABASE === 'server') server = await createServerDatabase();
    // the instance that stored the set has the old key
    svc = await start({ CREDENTIALS_KEY: oldKey.toString('base64') });
    apiKey = await mintTestKey(svc);
    const stored = await svc.request('/api/v1/users/_/credentials', { method: 'POST', headers: { 'x-api-key': apiKey }, body: { exchange: 'kalshi', key_id: KALSHI_KEY_ID, private_key: KALSHI_PEM } });
    assert.equal(stored.status, 201, stored.text);
    const health = await svc.request('/health');
    assert.equal(health.body.components.credentials.status, 'ok');
    assert.equal(health.body.components.credentials.key_id, keyFingerprint(oldKey));
    await svc.destroy();
    // this one was given only the new key
    svc = await start({ CREDENTIALS_KEY: newKey.toString('base64') });
  });
  after(async () => {
    await svc?.destroy();
    await server?.drop();
    dir?.remove();
  });

  it('an order needing the set is a 503 naming the key id and the rotation procedure', async () => {
    const sim = svc!.venues.simulators!.simulators.kalshi!;
    const markets = (await (await fetch(`${sim.baseUrls.rest}/markets?status=open&limit=5`)).json()) as { markets: { ticker: string }[] };
    const res = await svc!.request('/api/v1/orders', {
      method: 'POST',
      headers: { 'x-api-key': apiKey },
      body: { exchange: 'kalshi', market_id: markets.markets[0].ticker, outcome: 'yes', side: 'buy', type: 'limit', price: 0.5, size: 1 },
    });
    assert.equal(res.status, 503, res.text);
    const message = res.body.error as string;
    assert.ok(message.includes(keyFingerprint(oldKey)), message);
    assert.match(message, /npm run rotate-credentials-key/);
    assert.match(message, /CREDENTIALS_KEY/);
    assert.ok(!message.includes(oldKey.toString('base64')) && !message.includes(newKey.toString('base64')), 'no key in the answer');
  });

  it('/health is degraded, with the missing key id and the same advice', async () => {
    const res = await svc!.request('/health');
    assert.equal(res.status, 200);
    assert.equal(res.body.status, 'degraded');
    const credentials = res.body.components.credentials as { status: string; key_id: string; missing_key_ids: string[]; error: string };
    assert.equal(credentials.status, 'degraded');
    assert.equal(credentials.key_id, keyFingerprint(newKey));
    assert.deepEqual(credentials.missing_key_ids, [keyFingerprint(oldKey)]);
    assert.match(credentials.error, /npm run rotate-credentials-key/);
  });

  it('given the old key as a previous one, the instance is whole again', async () => {
    await svc!.destroy();
    svc = await start({ CREDENTIALS_KEY: newKey.toString('base64'), CREDENTIALS_PREVIOUS_KEYS: oldKey.toString('base64') });
    const res = await svc.request('/health');
    assert.equal(res.body.components.credentials.status, 'ok');
    assert.equal(res.body.status, 'ok', JSON.stringify(res.body.components));
  });
});
