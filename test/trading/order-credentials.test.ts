// An order's credential set and its freshness check folded into the order's first write: the set
// comes from the cache without reading its row, and the pending insert is written only if the stored
// row is still the one the set came from (src/trading/credential-repository.ts getForOrder,
// src/trading/order-repository.ts insertPendingWithCredentials). Two service instances on one real
// database (the embedded one, or the PostgreSQL server in the second pass) and the Kalshi simulator,
// which checks every RSA-PSS signature and keeps each API key's orders apart: a set another instance
// replaced between two orders is not used for the second, a deleted one places nothing, and while
// the set is unchanged an order reads no credential row.
import assert from 'node:assert/strict';
import { createPublicKey } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import type { RunningSimulator } from '../../src/sim/types.js';
import { loadCredentialCipher, type CredentialCipher } from '../../src/trading/credential-cipher.js';
import { CredentialStore } from '../../src/trading/credential-repository.js';
import { CredentialsService } from '../../src/trading/credentials-service.js';
import { OrderRepository, publicOrder, type NewOrder } from '../../src/trading/order-repository.js';
import { TradingService } from '../../src/trading/trading-service.js';
import { signKalshiRequest } from '../../src/venues/kalshi/signing.js';
import { startKalshiSimulator } from '../../src/venues/kalshi/sim/simulator.js';
import { createKalshiTradingClient } from '../../src/venues/kalshi/trading.js';
import { openTestDatabase, type TestDatabase } from '../helpers/database.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const PEM = fs.readFileSync(path.join(here, 'fixtures/kalshi-test-private.pem'), 'utf8');
const PUBLIC = fs.readFileSync(path.join(here, 'fixtures/kalshi-test-public.pem'), 'utf8');
const OTHER = fs.readFileSync(path.join(here, 'fixtures/other-private.pem'), 'utf8');
const OTHER_PUBLIC = createPublicKey(OTHER).export({ type: 'spki', format: 'pem' }).toString();

/** A pool that counts the credential row reads (the store's named statement) going through it. */
function countingPool(pool: pg.Pool): { pool: pg.Pool; rowReads: () => number } {
  let reads = 0;
  const proxy = new Proxy(pool, {
    get(target, prop, receiver) {
      if (prop !== 'query') return Reflect.get(target, prop, receiver) as unknown;
      return (...args: unknown[]) => {
        const first = args[0] as { name?: string } | string;
        if (typeof first === 'object' && first?.name === 'trading-credentials-get') reads++;
        return (target.query as (...a: unknown[]) => unknown)(...args);
      };
    },
  });
  return { pool: proxy, rowReads: () => reads };
}

describe('trading: an order checks its cached credential set in its first write', function () {
  this.timeout(60_000);
  let db: TestDatabase;
  let cipher: CredentialCipher;
  let sim: RunningSimulator;
  let ticker: string;

  before(async () => {
    db = await openTestDatabase();
    await db.pool.query("INSERT INTO users (id) VALUES ('u1'), ('u2'), ('u3')");
    cipher = loadCredentialCipher({ keyFile: path.join(db.dataDir, 'order-credentials-keys', 'credentials.key') }).cipher;
    sim = await startKalshiSimulator({ tickMs: 0 });
    for (const [key_id, public_key] of [['k1', PUBLIC], ['k2', OTHER_PUBLIC]]) {
      const res = await fetch(`${sim.server.baseUrl}/_sim/api_keys`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key_id, public_key }) });
      assert.equal(res.status, 201);
    }
    ticker = ((await (await fetch(`${sim.baseUrls.rest}/markets?status=open&limit=5`)).json()) as { markets: { ticker: string }[] }).markets[0].ticker;
  });
  after(async () => {
    await sim?.stop();
    await db?.destroy();
  });

  /** The client order ids the simulator holds for an API key (its account) in the market. */
  const venueOrders = async (keyId: string, pem: string): Promise<string[]> => {
    const p = `/portfolio/orders?ticker=${encodeURIComponent(ticker)}&limit=1000`;
    const headers = signKalshiRequest(keyId, pem, 'GET', `${new URL(sim.baseUrls.rest).pathname}${p}`, Date.now());
    const res = await fetch(`${sim.baseUrls.rest}${p}`, { headers: { ...headers } });
    assert.equal(res.status, 200);
    return ((await res.json()) as { orders: { client_order_id?: string }[] }).orders.map((o) => o.client_order_id ?? '');
  };

  it('uses the set another instance stored since the last order, places nothing once it deleted it, and reads no row while it is unchanged', async () => {
    const counted = countingPool(db.pool);
    const credentialsA = new CredentialsService(new CredentialStore(counted.pool, cipher));
    const credentialsB = new CredentialsService(new CredentialStore(db.pool, cipher)); // another instance
    const orders = new OrderRepository(db.pool);
    const a = new TradingService({ orders, credentials: credentialsA, clients: { kalshi: createKalshiTradingClient({ baseUrls: { rest: sim.baseUrls.rest }, timeoutMs: 5_000 }) } });
    const place = (clientOrderId: string) => a.placeOrder('u1', { exchange: 'kalshi', market_id: ticker, outcome: 'yes', side: 'buy', type: 'limit', price: 0.01, size: 1, client_order_id: clientOrderId });
    const venueId = async (clientOrderId: string) => (await orders.getByClientOrderId('u1', clientOrderId))!.venue_client_id;

    await credentialsB.register('u1', { exchange: 'kalshi', key_id: 'k1', private_key: PEM });
    const first = await place('first');
    assert.equal(first.order.status, 'open');
    assert.equal(counted.rowReads(), 1, 'the first order read and decrypted the row');
    // The answer is built from what was written plus what the database returned: the stored row, exactly.
    assert.deepEqual(first.order, publicOrder((await orders.get('u1', first.order.id))!));
    assert.equal((await place('second')).order.status, 'open');
    assert.equal(counted.rowReads(), 1, 'the second, with the row unchanged, read none: its insert checked it');
    assert.deepEqual((await venueOrders('k1', PEM)).sort(), [await venueId('first'), await venueId('second')].sort());

    // Instance B replaces the set: A's cached k1 set must not sign the next order.
    await credentialsB.register('u1', { exchange: 'kalshi', key_id: 'k2', private_key: OTHER });
    assert.equal((await place('third')).order.status, 'open');
    assert.equal(counted.rowReads(), 2, 'the insert refused the stale set; the row was read again');
    assert.deepEqual(await venueOrders('k2', OTHER), [await venueId('third')], 'placed with the replacement');
    assert.equal((await venueOrders('k1', PEM)).length, 2, 'nothing more under the replaced key');

    // Instance B deletes the set: A's next order is refused and nothing is written or sent.
    await credentialsB.remove('u1', 'kalshi');
    await assert.rejects(place('fourth'), (err: Error) => /no stored credentials for kalshi/.test(err.message));
    assert.equal(await orders.getByClientOrderId('u1', 'fourth'), null, 'no order row');
    assert.equal((await venueOrders('k2', OTHER)).length, 1, 'nothing sent');
    assert.equal((await venueOrders('k1', PEM)).length, 2, 'nothing sent');
  });

  it('writes the pending order only against the current row; a known client_order_id still answers with its order', async () => {
    const store = new CredentialStore(db.pool, cipher);
    const orders = new OrderRepository(db.pool);
    await new CredentialsService(store).register('u2', { exchange: 'kalshi', key_id: 'k1', private_key: PEM });
    const current = (await store.getForOrder('u2', 'kalshi'))!.row;
    const order = (clientOrderId: string | null): NewOrder => ({ userId: 'u2', exchange: 'kalshi', marketId: ticker, outcome: 'yes', venueOutcome: 'yes', side: 'buy', type: 'limit', price: 0.02, size: 1, timeInForce: 'gtc', expiresAt: null, clientOrderId, venueRequest: null });
    const count = async () => Number((await db.pool.query("SELECT count(*) AS n FROM trading_orders WHERE user_id = 'u2'")).rows[0].n);

    const written = await orders.insertPendingWithCredentials(order('x1'), current);
    assert.ok(written !== 'credentials-changed' && written.inserted && written.order.status === 'pending');
    assert.deepEqual(written.order, await orders.get('u2', written.order.id), 'the pending order as stored');
    const stale = [
      { ...current, keyId: 'another-key' },
      { ...current, iv: Buffer.alloc(current.iv.length) },
      { ...current, authTag: Buffer.alloc(current.authTag.length) },
    ];
    for (const row of stale) {
      assert.equal(await orders.insertPendingWithCredentials(order(null), row), 'credentials-changed');
      assert.equal(await orders.insertPendingWithCredentials(order('x2'), row), 'credentials-changed');
    }
    assert.equal(await count(), 1, 'nothing written against a changed row');
    const repeat = await orders.insertPendingWithCredentials(order('x1'), stale[0]);
    assert.ok(repeat !== 'credentials-changed' && !repeat.inserted && repeat.order.client_order_id === 'x1', 'a repeat answers with the order it names');
    await store.remove('u2', 'kalshi');
    assert.equal(await orders.insertPendingWithCredentials(order(null), current), 'credentials-changed', 'a deleted row: nothing written');
    assert.equal(await count(), 1);
  });

  it('answers concurrent repeats of one client_order_id with the one order, never a unique-violation error', async () => {
    // A repeat collides on two unique indexes (user + client_order_id, and exchange + the venue client
    // id derived from it); on a server, concurrent inserts reach them in either order. Rounds of
    // twenty at once make the race that once raised a unique violation on the second index likely.
    const store = new CredentialStore(db.pool, cipher);
    const orders = new OrderRepository(db.pool);
    await new CredentialsService(store).register('u3', { exchange: 'kalshi', key_id: 'k1', private_key: PEM });
    const current = (await store.getForOrder('u3', 'kalshi'))!.row;
    for (let round = 0; round < 15; round++) {
      const clientOrderId = `burst-${round}`;
      const order: NewOrder = { userId: 'u3', exchange: 'kalshi', marketId: ticker, outcome: 'yes', venueOutcome: 'yes', side: 'buy', type: 'limit', price: 0.02, size: 1, timeInForce: 'gtc', expiresAt: null, clientOrderId, venueRequest: null };
      const results = await Promise.all(Array.from({ length: 20 }, () => orders.insertPendingWithCredentials(order, current)));
      const written = results.filter((r) => r !== 'credentials-changed');
      assert.equal(written.length, 20, `round ${round}: every request answered with an order`);
      assert.equal(written.filter((r) => r.inserted).length, 1, `round ${round}: one inserted`);
      assert.equal(new Set(written.map((r) => r.order.id)).size, 1, `round ${round}: one order`);
    }
  });
});
