// Trading end to end: the real service (embedded database, HTTP) in sim mode, so orders go through
// the venue simulators, which check the RSA-PSS and HMAC signatures the way Kalshi and Futuur do.
// Credentials, placing, listing, cancelling, idempotency, venue rejections and outages, restarts in
// the middle of an order, per-user isolation, positions and balances; and, last, that no credential
// value appears in any log line these tests made the service write.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Wallet } from 'ethers';
import type { RunningSimulator } from '../../src/sim/types.js';
import { polymarketOrderDomain, POLYMARKET_ORDER_TYPES } from '../../src/venues/polymarket/signing.js';
import { CTF_ORDER_V1_TYPES } from '../../src/venues/ctf-order.js';
import { limitlessDomain } from '../../src/venues/limitless/signing.js';
import { opinionDomain } from '../../src/venues/opinion/signing.js';
import { OPINION_SIM_EXCHANGE } from '../../src/venues/opinion/sim/simulator-orders.js';
import { predictfunDomain, predictfunExchange } from '../../src/venues/predictfun/signing.js';
import { PREDICTFUN_SIM_API_KEY } from '../../src/venues/predictfun/sim/simulator.js';
import { FUTUUR_SIM_CREDENTIALS } from '../../src/venues/futuur/sim/simulator.js';
import { TradingService } from '../../src/trading/trading-service.js';
import { startTestService, mintTestKey, type TestService } from '../helpers/service.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const KALSHI_PEM = fs.readFileSync(path.join(here, 'fixtures/kalshi-test-private.pem'), 'utf8');
const KALSHI_PUBLIC = fs.readFileSync(path.join(here, 'fixtures/kalshi-test-public.pem'), 'utf8');
const OTHER_PEM = fs.readFileSync(path.join(here, 'fixtures/other-private.pem'), 'utf8');
const KALSHI_KEY_ID = 'a952bcbe-ec3b-4b5b-b8f9-11dae589608c';
const POLY_SECRET = Buffer.from('polymarket-test-secret-0123456789').toString('base64');
const POLY_PASSPHRASE = 'passphrase-that-must-never-be-logged';
const WALLET_KEY = `0x${'5a'.repeat(32)}`;

/** Every value a test stored that must never be seen again. */
const SECRETS = [
  ...KALSHI_PEM.split('\n').filter((l) => l.length > 40),
  FUTUUR_SIM_CREDENTIALS.privateKey,
  POLY_SECRET,
  POLY_PASSPHRASE,
  WALLET_KEY.slice(2),
];

describe('trading: credentials and orders through the simulators', function () {
  this.timeout(60_000);
  let svc: TestService;
  let kalshiSim: RunningSimulator;
  let futuurSim: RunningSimulator;
  let keyA: string;
  let keyB: string;
  let ticker: string;
  let futuurMarket: string;
  const responses: string[] = [];

  const call = async (key: string, p: string, init: { method?: string; body?: unknown } = {}) => {
    const res = await svc.request(p, { ...init, headers: { 'x-api-key': key } });
    responses.push(res.text);
    return res;
  };

  before(async () => {
    svc = await startTestService({ env: { EXCHANGE_MODE: 'sim', RUN_JOBS: 'false', TRADING_TIMEOUT_MS: '1500', TEST_KEY_RATE_PER_MINUTE: '100000', TEST_KEYS_PER_ADDRESS_PER_HOUR: '1000' } });
    kalshiSim = svc.venues.simulators!.simulators.kalshi!;
    futuurSim = svc.venues.simulators!.simulators.futuur!;
    keyA = await mintTestKey(svc);
    keyB = await mintTestKey(svc);
    // The venue learns the user's public key when the user uploads it (simulator control route).
    const reg = await fetch(`${kalshiSim.server.baseUrl}/_sim/api_keys`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key_id: KALSHI_KEY_ID, public_key: KALSHI_PUBLIC }) });
    assert.equal(reg.status, 201);
    const markets = (await (await fetch(`${kalshiSim.baseUrls.rest}/markets?status=open&limit=50`)).json()) as { markets: { ticker: string }[] };
    ticker = markets.markets[0].ticker;
    const events = (await (await fetch(`${futuurSim.baseUrls.rest}/events/?limit=50`)).json()) as { results: { status: string; markets: { id: number; status: string }[] }[] };
    futuurMarket = String(events.results.find((e) => e.status === 'open' && e.markets.some((m) => m.status === 'active'))!.markets.find((m) => m.status === 'active')!.id);
  });

  after(async () => {
    await svc?.destroy();
  });

  describe('credentials', () => {
    it('refuses malformed sets with a 400 naming the field, and stores nothing', async () => {
      const cases: [Record<string, unknown>, RegExp][] = [
        [{ exchange: 'kalshi', key_id: KALSHI_KEY_ID, private_key: '-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----' }, /private_key: .*RSA private key/],
        [{ exchange: 'kalshi', key_id: KALSHI_KEY_ID }, /private_key: is required/],
        [{ exchange: 'polymarket', api_key: 'k', secret: 'not base64!', passphrase: 'p', address: `0x${'1'.repeat(40)}` }, /secret: must be base64/],
        [{ exchange: 'polymarket', api_key: 'k', secret: POLY_SECRET, passphrase: 'p', address: '0x1234' }, /address: must be a 0x-prefixed/],
        [{ exchange: 'manifold', api_key: 'k' }, /exchange: manifold has no trading/],
        [{ key_id: 'x' }, /exchange: is required/],
      ];
      for (const [body, message] of cases) {
        const res = await call(keyA, '/api/v1/users/_/credentials', { method: 'POST', body });
        assert.equal(res.status, 400, res.text);
        assert.match(res.body.error as string, message);
      }
      const list = await call(keyA, '/api/v1/users/_/credentials');
      assert.deepEqual(list.body.credentials, []);
    });

    it('stores one set per venue, encrypted, lists without values, replaces, and deletes', async () => {
      const first = await call(keyA, '/api/v1/users/_/credentials', { method: 'POST', body: { exchange: 'kalshi', key_id: KALSHI_KEY_ID, private_key: OTHER_PEM } });
      assert.equal(first.status, 201, first.text);
      assert.deepEqual(Object.keys(first.body).sort(), ['connected', 'created_at', 'exchange', 'updated_at']);
      // Posting again replaces the set ({userID} is ignored: the user is the key's).
      const again = await call(keyA, '/api/v1/users/somebody-else/credentials', { method: 'POST', body: { exchange: 'kalshi', key_id: KALSHI_KEY_ID, private_key: KALSHI_PEM } });
      assert.equal(again.status, 200, again.text);
      const poly = await call(keyA, '/api/v1/users/_/credentials', { method: 'POST', body: { exchange: 'polymarket', api_key: 'pk', secret: POLY_SECRET, passphrase: POLY_PASSPHRASE, address: `0x${'ab'.repeat(20)}` } });
      assert.equal(poly.status, 201, poly.text);
      const fut = await call(keyA, '/api/v1/users/_/credentials', { method: 'POST', body: { exchange: 'futuur', public_key: FUTUUR_SIM_CREDENTIALS.publicKey, private_key: FUTUUR_SIM_CREDENTIALS.privateKey } });
      assert.equal(fut.status, 201, fut.text);

      const list = await call(keyA, '/api/v1/users/_/credentials');
      assert.equal(list.status, 200);
      assert.deepEqual((list.body.credentials as { exchange: string }[]).map((c) => c.exchange), ['futuur', 'kalshi', 'polymarket']);
      assert.equal(list.body.count, 3);
      // Another user sees none of them.
      assert.deepEqual((await call(keyB, '/api/v1/users/_/credentials')).body.credentials, []);

      // At rest: ciphertext only, and the stored set is the replacement.
      const rows = await svc.db.pool.query<{ ciphertext: Buffer; key_id: string }>("SELECT ciphertext, key_id FROM trading_credentials WHERE exchange = 'kalshi'");
      assert.equal(rows.rows.length, 1);
      assert.ok(!rows.rows[0].ciphertext.toString('latin1').includes('PRIVATE KEY'));
      assert.equal(fs.statSync(path.join(svc.dataDir, 'credentials.key')).mode & 0o777, 0o600);

      const del = await call(keyA, '/api/v1/users/_/credentials/polymarket', { method: 'DELETE' });
      assert.equal(del.status, 204);
      assert.equal((await call(keyA, '/api/v1/users/_/credentials/polymarket', { method: 'DELETE' })).status, 404);
      // Put back for the tests below.
      assert.equal((await call(keyA, '/api/v1/users/_/credentials', { method: 'POST', body: { exchange: 'polymarket', api_key: 'pk', secret: POLY_SECRET, passphrase: POLY_PASSPHRASE, address: `0x${'ab'.repeat(20)}` } })).status, 201);
    });
  });

  describe('kalshi orders (RSA-PSS, signed here)', () => {
    const order = (over: Record<string, unknown> = {}) => ({ exchange: 'kalshi', market_id: ticker, outcome: 'yes', side: 'buy', type: 'limit', price: 0.99, size: 1, ...over });

    it('fills a marketable order against the book, with fills in unified units', async () => {
      const posts = kalshiSim.server.requests.filter((r) => r.method === 'POST').length;
      const res = await call(keyA, '/api/v1/orders', { method: 'POST', body: order() });
      assert.equal(res.status, 201, res.text);
      assert.match(res.body.id as string, /^ord_[0-9a-f]{24}$/);
      assert.equal(res.body.status, 'filled');
      assert.equal(res.body.filled_size, 1);
      const avg = res.body.avg_fill_price as number;
      assert.ok(avg > 0 && avg <= 0.99, `avg ${avg}`);
      const fills = res.body.fills as { price: number; size: number }[];
      assert.ok(fills.length >= 1);
      assert.equal(fills.reduce((n, f) => n + f.size, 0), 1);
      assert.ok(res.body.exchange_order_id);
      // The venue got exactly one signed create.
      const sent = kalshiSim.server.requests.filter((r) => r.method === 'POST').slice(posts);
      assert.equal(sent.length, 1);
      assert.equal(sent[0].headers['kalshi-access-key'], KALSHI_KEY_ID);
      assert.match(String(sent[0].headers['kalshi-access-timestamp']), /^\d{13}$/);
    });

    it('rests, lists, cancels; a second cancel (and a cancel of a filled order) is a 409', async () => {
      const res = await call(keyA, '/api/v1/orders', { method: 'POST', body: order({ price: 0.01, outcome: 'yes' }) });
      assert.equal(res.status, 201, res.text);
      assert.equal(res.body.status, 'open');
      const id = res.body.id as string;
      const got = await call(keyA, `/api/v1/orders/${id}`);
      assert.equal(got.body.status, 'open');
      const open = await call(keyA, '/api/v1/orders?exchange=kalshi&status=open');
      assert.ok((open.body.orders as { id: string }[]).some((o) => o.id === id));
      const cancel = await call(keyA, `/api/v1/orders/${id}`, { method: 'DELETE' });
      assert.equal(cancel.status, 200, cancel.text);
      assert.equal(cancel.body.status, 'cancelled');
      assert.equal((await call(keyA, `/api/v1/orders/${id}`, { method: 'DELETE' })).status, 409);

      const filled = await call(keyA, '/api/v1/orders', { method: 'POST', body: order() });
      assert.equal(filled.body.status, 'filled');
      const again = await call(keyA, `/api/v1/orders/${filled.body.id as string}`, { method: 'DELETE' });
      assert.equal(again.status, 409);
      assert.match(again.body.error as string, /filled/);
    });

    it('keeps users apart: another user\'s order is a 404', async () => {
      const res = await call(keyA, '/api/v1/orders', { method: 'POST', body: order({ price: 0.01 }) });
      const id = res.body.id as string;
      assert.equal((await call(keyB, `/api/v1/orders/${id}`)).status, 404);
      assert.equal((await call(keyB, `/api/v1/orders/${id}`, { method: 'DELETE' })).status, 404);
      assert.ok(!((await call(keyB, '/api/v1/orders')).body.orders as { id: string }[]).some((o) => o.id === id));
      // user B has no kalshi credentials: a 400 naming the missing set
      const b = await call(keyB, '/api/v1/orders', { method: 'POST', body: order() });
      assert.equal(b.status, 400);
      assert.match(b.body.error as string, /no stored credentials for kalshi/);
    });

    it('creates one order for ten concurrent requests with one client_order_id', async () => {
      const posts = kalshiSim.server.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/portfolio/events/orders')).length;
      const body = order({ price: 0.02, client_order_id: 'burst-1' });
      const all = await Promise.all(Array.from({ length: 10 }, () => call(keyA, '/api/v1/orders', { method: 'POST', body })));
      const statuses = all.map((r) => r.status).sort();
      assert.deepEqual(statuses, [200, 200, 200, 200, 200, 200, 200, 200, 200, 201], all.map((r) => r.text).join('\n'));
      assert.equal(new Set(all.map((r) => r.body.id)).size, 1);
      assert.equal(kalshiSim.server.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/portfolio/events/orders')).length - posts, 1);
      const rows = await svc.db.pool.query("SELECT count(*)::int AS n FROM trading_orders WHERE client_order_id = 'burst-1'");
      assert.equal(rows.rows[0].n, 1);
      // The same client_order_id later: the first order, nothing sent.
      const later = await call(keyA, '/api/v1/orders', { method: 'POST', body });
      assert.equal(later.status, 200);
      assert.equal(later.body.id, all[0].body.id);
    });

    it('answers a repeated client_order_id with a different body by a 409 naming the fields, sends nothing, and still returns the first order for the same body', async () => {
      const portfolioPosts = () => kalshiSim.server.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/portfolio/orders')).length;
      const body = order({ price: 0.02, size: 2, client_order_id: 'same-key-1' });
      const first = await call(keyA, '/api/v1/orders', { method: 'POST', body });
      assert.equal(first.status, 201, first.text);
      const posts = portfolioPosts();
      const other = await call(keyA, '/api/v1/orders', { method: 'POST', body: { ...body, price: 0.03, size: 3 } });
      assert.equal(other.status, 409, other.text);
      assert.match(other.body.error as string, /client_order_id same-key-1 was used for order ord_\w+ with a different price, size;/);
      assert.ok(!/expires_at|side|outcome/.test(other.body.error as string), other.body.error as string);
      const side = await call(keyA, '/api/v1/orders', { method: 'POST', body: { ...body, side: 'sell', time_in_force: 'ioc' } });
      assert.equal(side.status, 409);
      assert.match(side.body.error as string, /different side, time_in_force;/);
      // The same body (fields in another order, the defaults spelled out) is the first order.
      const { price, ...rest } = body;
      const again = await call(keyA, '/api/v1/orders', { method: 'POST', body: { time_in_force: 'gtc', ...rest, price } });
      assert.equal(again.status, 200, again.text);
      assert.equal(again.body.id, first.body.id);
      assert.equal(portfolioPosts(), posts, 'nothing more sent to the venue');
      const rows = await svc.db.pool.query("SELECT count(*)::int AS n, min(price) AS price FROM trading_orders WHERE client_order_id = 'same-key-1'");
      assert.deepEqual(rows.rows[0], { n: 1, price: 0.02 });
    });

    it('decides concurrent bodies under one client_order_id: one order placed, the differing bodies 409', async () => {
      const bodies = [0.02, 0.03, 0.02, 0.03, 0.02, 0.03].map((price) => order({ price, client_order_id: 'race-key-1' }));
      const all = await Promise.all(bodies.map((body) => call(keyA, '/api/v1/orders', { method: 'POST', body })));
      const placed = all.find((r) => r.status === 201)!;
      assert.ok(placed, all.map((r) => r.text).join('\n'));
      all.forEach((r, i) => {
        if (r === placed) return;
        if (bodies[i].price === placed.body.price) assert.equal(r.status, 200, r.text);
        else assert.deepEqual([r.status, /different price;/.test(r.body.error as string)], [409, true], r.text);
      });
      assert.equal(all.filter((r) => r.status === 201).length, 1);
    });

    it('stores a venue rejection as rejected (422 with the venue\'s reason)', async () => {
      const res = await call(keyA, '/api/v1/orders', { method: 'POST', body: order({ price: 0.5, size: 1_000_000, client_order_id: 'too-big' }) });
      assert.equal(res.status, 422, res.text);
      assert.match(res.body.error as string, /insufficient_balance/);
      const rejected = await call(keyA, '/api/v1/orders?status=rejected');
      const o = (rejected.body.orders as { client_order_id: string; status: string; reject_reason: string }[]).find((x) => x.client_order_id === 'too-big')!;
      assert.equal(o.status, 'rejected');
      assert.match(o.reject_reason, /insufficient_balance/);
    });

    it('answers 502 when the venue fails, and leaves the order rejected (the venue has none)', async () => {
      kalshiSim.server.fail(1, 503, '/trade-api/v2/portfolio/events/orders');
      const res = await call(keyA, '/api/v1/orders', { method: 'POST', body: order({ price: 0.03, client_order_id: 'venue-down' }) });
      assert.equal(res.status, 502, res.text);
      const row = await svc.db.pool.query("SELECT status FROM trading_orders WHERE client_order_id = 'venue-down'");
      assert.equal(row.rows[0].status, 'rejected');
    });

    it('answers 504 on a timeout, keeps the order pending, and reconciles it with the venue later', async () => {
      // The venue takes longer than TRADING_TIMEOUT_MS but does create the order.
      kalshiSim.server.slow(2500, 1, '/trade-api/v2/portfolio/events/orders');
      const res = await call(keyA, '/api/v1/orders', { method: 'POST', body: order({ price: 0.04, client_order_id: 'slow-1' }) });
      assert.equal(res.status, 504, res.text);
      const id = /ord_[0-9a-f]{24}/.exec(res.body.error as string)![0];
      assert.equal((await svc.db.pool.query('SELECT status FROM trading_orders WHERE id = $1', [id])).rows[0].status, 'pending');
      await new Promise((r) => setTimeout(r, 2500));
      // A read reconciles it by client id: the venue has it, resting.
      const got = await call(keyA, `/api/v1/orders/${id}`);
      assert.equal(got.body.status, 'open', got.text);
      assert.ok(got.body.exchange_order_id);
    });

    it('after a restart in the middle of placing, reconciles pending orders: found ones take the venue\'s state, lost ones become rejected, none is sent twice', async () => {
      const t = svc.trading;
      const userId = (await svc.keys.authenticate(keyA))!.userId;
      // Crash after the venue accepted: the row is pending, the venue has the order.
      // (the rows written as the service writes them: the pending insert against the stored credentials)
      const set = (await t.credentials.getForOrder(userId, 'kalshi'))!;
      const sent = await t.orders.insertPendingWithCredentials({ userId, exchange: 'kalshi', marketId: ticker, outcome: 'yes', venueOutcome: 'yes', side: 'buy', type: 'limit', price: 0.05, size: 2, timeInForce: 'gtc', expiresAt: null, clientOrderId: 'crash-after-send', venueRequest: null }, set.row);
      assert.ok(sent !== 'credentials-changed' && sent.inserted);
      await t.clients.kalshi!.place(set.value, { marketId: ticker, outcome: 'yes', side: 'buy', type: 'limit', price: 0.05, size: 2, timeInForce: 'gtc', expiresAt: null, clientId: sent.order.venue_client_id });
      // Crash before sending: pending, the venue never heard of it.
      const lost = await t.orders.insertPendingWithCredentials({ userId, exchange: 'kalshi', marketId: ticker, outcome: 'yes', venueOutcome: 'yes', side: 'buy', type: 'limit', price: 0.06, size: 1, timeInForce: 'gtc', expiresAt: null, clientOrderId: 'crash-before-send', venueRequest: null }, set.row);
      assert.ok(lost !== 'credentials-changed' && lost.inserted);
      const creates = kalshiSim.server.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/portfolio/events/orders')).length;

      // A new process: the same stores and clients, what the sync job runs at start.
      const restarted = new TradingService({ orders: t.orders, credentials: t.credentials, clients: t.clients, pendingGraceMs: 0 });
      const result = await restarted.syncLiveOrders(100);
      assert.ok(result.synced >= 2, JSON.stringify(result));
      const a = (await t.orders.get(userId, sent.order.id))!;
      assert.equal(a.status, 'open');
      assert.ok(a.exchange_order_id);
      const b = (await t.orders.get(userId, lost.order.id))!;
      assert.equal(b.status, 'rejected');
      assert.match(b.reject_reason!, /no record/);
      assert.equal(kalshiSim.server.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/portfolio/events/orders')).length, creates, 'nothing re-sent');
    });

    it('refuses bad orders with a 400 naming the field, before anything is stored', async () => {
      const before = (await svc.db.pool.query('SELECT count(*)::int AS n FROM trading_orders')).rows[0].n;
      const cases: [Record<string, unknown>, RegExp][] = [
        [order({ price: undefined }), /price: is required/],
        [order({ outcome: 'maybe' }), /outcome: must be yes or no/],
        [order({ size: 1.5 }), /size: kalshi trades whole contracts/],
        [order({ price: 1.2 }), /price/],
        [order({ signed_order: { signature: '0x' } }), /signed_order: kalshi orders are signed by the service/],
        [order({ exchange: 'manifold' }), /exchange: manifold has no trading/],
        [order({ exchange: 'nowhere' }), /exchange: unknown exchange/],
        [order({ time_in_force: 'gtd' }), /expires_at: is required/],
        [order({ client_order_id: 'has spaces' }), /client_order_id/],
        [order({ extra: 1 }), /^extra: unknown body field$/],
      ];
      for (const [body, message] of cases) {
        const res = await call(keyA, '/api/v1/orders', { method: 'POST', body });
        assert.equal(res.status, 400, `${JSON.stringify(body)} -> ${res.status} ${res.text}`);
        assert.match(res.body.error as string, message);
      }
      assert.equal((await svc.db.pool.query('SELECT count(*)::int AS n FROM trading_orders')).rows[0].n, before);
      assert.equal((await call(keyA, '/api/v1/orders?cursor=garbage')).status, 400);
      assert.equal((await call(keyA, '/api/v1/orders?status=nope')).status, 400);
      assert.equal((await call(keyA, '/api/v1/orders/ord_000000000000000000000000')).status, 404);
    });

    it('pages the listing with a cursor, newest first', async () => {
      const all: string[] = [];
      let cursor: string | null = null;
      do {
        const res = await call(keyA, `/api/v1/orders?exchange=kalshi&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        assert.equal(res.status, 200);
        assert.ok((res.body.count as number) <= 2);
        all.push(...(res.body.orders as { id: string }[]).map((o) => o.id));
        cursor = res.body.next_cursor as string | null;
      } while (cursor);
      const direct = await svc.db.pool.query("SELECT id FROM trading_orders WHERE exchange = 'kalshi' AND user_id = (SELECT user_id FROM trading_credentials WHERE exchange = 'kalshi' LIMIT 1) ORDER BY created_at DESC, id DESC");
      assert.deepEqual(all, direct.rows.map((r: { id: string }) => r.id));
      assert.ok(all.length >= 5);
    });

    it('serves positions and balances from the venue with the stored credentials', async () => {
      const pos = await call(keyA, '/api/v1/positions?exchange=kalshi');
      assert.equal(pos.status, 200, pos.text);
      const mine = (pos.body.positions as { market_id: string; outcome: string; size: number }[]).find((p) => p.market_id === ticker);
      assert.ok(mine && mine.size >= 2 && mine.outcome === 'yes', pos.text);
      const bal = await call(keyA, '/api/v1/balances?exchange=kalshi');
      assert.equal(bal.status, 200, bal.text);
      const usd = (bal.body.balances as { currency: string; available: number }[])[0];
      assert.equal(usd.currency, 'USD');
      assert.ok(usd.available < 10_000 && usd.available > 9_000, bal.text);
      assert.equal((await call(keyA, '/api/v1/positions?exchange=manifold')).status, 400);
      assert.equal((await call(keyA, '/api/v1/balances')).status, 400);
      assert.equal((await call(keyB, '/api/v1/balances?exchange=kalshi')).status, 400);
    });
  });

  describe('futuur orders (HMAC-SHA512, signed here)', () => {
    const order = (over: Record<string, unknown> = {}) => ({ exchange: 'futuur', market_id: futuurMarket, outcome: 'long', side: 'buy', type: 'limit', price: 0.99, size: 1, ...over });

    it('fills, rests and cancels, with the venue checking every signature', async () => {
      const filled = await call(keyA, '/api/v1/orders', { method: 'POST', body: order() });
      assert.equal(filled.status, 201, filled.text);
      assert.equal(filled.body.status, 'filled');
      assert.ok((filled.body.avg_fill_price as number) > 0 && (filled.body.avg_fill_price as number) <= 0.99);
      const resting = await call(keyA, '/api/v1/orders', { method: 'POST', body: order({ price: 0.01, outcome: 'short', size: 3 }) });
      assert.equal(resting.status, 201, resting.text);
      assert.equal(resting.body.status, 'open');
      const cancelled = await call(keyA, `/api/v1/orders/${resting.body.id as string}`, { method: 'DELETE' });
      assert.equal(cancelled.status, 200, cancelled.text);
      assert.equal(cancelled.body.status, 'cancelled');
      const sent = futuurSim.server.requests.filter((r) => r.path.includes('/orders'));
      assert.ok(sent.every((r) => r.headers.key === FUTUUR_SIM_CREDENTIALS.publicKey && /^[0-9a-f]{128}$/.test(String(r.headers.hmac))));
      const bal = await call(keyA, '/api/v1/balances?exchange=futuur');
      assert.equal(bal.status, 200, bal.text);
      const pos = await call(keyA, '/api/v1/positions?exchange=futuur');
      assert.ok((pos.body.positions as { market_id: string }[]).some((p) => p.market_id === futuurMarket), pos.text);
    });

    it('refuses futuur time-in-force it does not have', async () => {
      const res = await call(keyA, '/api/v1/orders', { method: 'POST', body: order({ time_in_force: 'ioc' }) });
      assert.equal(res.status, 400);
      assert.match(res.body.error as string, /time_in_force/);
    });
  });

  describe('polymarket (EIP-712, signed by the caller)', () => {
    const wallet = new Wallet(WALLET_KEY);
    let token: string;
    let negRisk: boolean;
    const ZERO32 = `0x${'0'.repeat(64)}`;
    const signedOrder = async (over: Record<string, unknown> = {}, by: Wallet = wallet) => {
      const order = { salt: String(Date.now()), maker: wallet.address, signer: wallet.address, tokenId: token, makerAmount: '990000', takerAmount: '1000000', side: 0, signatureType: 0, timestamp: String(Date.now()), metadata: ZERO32, builder: ZERO32, ...over };
      return { ...order, negRisk, signature: await by.signTypedData(polymarketOrderDomain(negRisk), POLYMARKET_ORDER_TYPES, order) };
    };

    before(async () => {
      const sim = svc.venues.simulators!.simulators.polymarket!;
      const list = (await (await fetch(`${sim.baseUrls.gamma}/markets?limit=50&closed=false`)).json()) as { clobTokenIds?: string; negRisk?: boolean; acceptingOrders?: boolean; enableOrderBook?: boolean; closed?: boolean }[];
      const m = list.find((x) => x.clobTokenIds && x.acceptingOrders !== false && x.enableOrderBook !== false && !x.closed)!;
      token = (JSON.parse(m.clobTokenIds!) as string[])[0];
      negRisk = !!m.negRisk;
    });

    it('derives and stores L2 credentials from the wallet key (L1, used once), verifies them, and computes the Safe', async () => {
      const bad = await call(keyA, '/api/v1/polymarket/derive-credentials', { method: 'POST', body: { private_key: '0x1234' } });
      assert.equal(bad.status, 400);
      assert.match(bad.body.error as string, /private_key/);
      const res = await call(keyA, '/api/v1/polymarket/derive-credentials', { method: 'POST', body: { private_key: WALLET_KEY } });
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(Object.keys(res.body).sort(), ['address', 'api_key', 'connected', 'exchange']);
      assert.equal(res.body.address, wallet.address);
      const rows = await svc.db.pool.query("SELECT count(*)::int AS n FROM trading_credentials WHERE exchange = 'polymarket'");
      assert.equal(rows.rows[0].n, 1, 'the derived set replaced the earlier one');
      const check = await call(keyA, '/api/v1/polymarket/verify-credentials', { method: 'POST' });
      assert.equal(check.status, 200, check.text);
      assert.equal(check.body.valid, true);
      assert.equal(check.body.address, wallet.address);
      assert.equal((await call(keyB, '/api/v1/polymarket/verify-credentials', { method: 'POST' })).status, 400);
      const safe = await call(keyA, '/api/v1/polymarket/safe-address', { method: 'POST', body: { address: '0x2Bc8acFDFaD41ec4aD399dCAC0E09e237bB7bBa8' } });
      assert.deepEqual(safe.body, { address: '0x2Bc8acFDFaD41ec4aD399dCAC0E09e237bB7bBa8', safe_address: '0x1Ca9521aC17f434A1fCe224c7584a0B62882cFAf' });
      assert.equal((await call(keyA, '/api/v1/polymarket/safe-address', { method: 'POST', body: { address: 'nope' } })).status, 400);
      const other = await call(keyA, '/api/v1/kalshi/safe-address', { method: 'POST', body: { address: wallet.address } });
      assert.equal(other.status, 404);
      assert.match(other.body.error as string, /kalshi has no safe-address operation/);
    });

    it('verifies the signed order before sending: a good one is placed, a tampered or foreign one is a 400 and never reaches the venue', async () => {
      const sim = svc.venues.simulators!.simulators.polymarket!;
      const posts = () => sim.server.requests.filter((r) => r.method === 'POST' && r.path === '/clob/order').length;
      const before = posts();
      const good = await signedOrder();
      const res = await call(keyA, '/api/v1/orders', { method: 'POST', body: { exchange: 'polymarket', market_id: 'any', outcome: token, side: 'buy', type: 'limit', price: 0.99, size: 1, signed_order: good } });
      assert.equal(res.status, 201, res.text);
      assert.ok(['filled', 'open', 'partially_filled'].includes(res.body.status as string), res.text);
      assert.match(res.body.exchange_order_id as string, /^0x[0-9a-f]{64}$/);
      assert.equal(posts(), before + 1);

      const tampered = { ...(await signedOrder()), makerAmount: '500000' };
      const foreign = await signedOrder({}, new Wallet(`0x${'6b'.repeat(32)}`));
      const mismatch = await signedOrder();
      const cases: [Record<string, unknown>, RegExp][] = [
        [{ signed_order: tampered, price: 0.5 }, /signed_order: the signature recovers to/],
        [{ signed_order: foreign }, /signed_order: the signature recovers to/],
        [{ signed_order: mismatch, price: 0.5 }, /signed_order: implies price 0.99/],
        [{ signed_order: mismatch, outcome: '42' }, /signed_order: trades token/],
        [{ signed_order: undefined }, /signed_order: is required for polymarket/],
      ];
      for (const [over, message] of cases) {
        const r = await call(keyA, '/api/v1/orders', { method: 'POST', body: { exchange: 'polymarket', market_id: 'any', outcome: token, side: 'buy', type: 'limit', price: 0.99, size: 1, ...over } });
        assert.equal(r.status, 400, r.text);
        assert.match(r.body.error as string, message);
      }
      assert.equal(posts(), before + 1, 'nothing refused was sent');

      // A client_order_id stands for its signed order too: the same one (stored as jsonb, keys in
      // another order) is the first order; another signature of the same terms is a 409.
      const keyed = { exchange: 'polymarket', market_id: 'any', outcome: token, side: 'buy', type: 'limit', price: 0.99, size: 1, client_order_id: 'signed-key-1' };
      const firstSigned = await signedOrder();
      const placed = await call(keyA, '/api/v1/orders', { method: 'POST', body: { ...keyed, signed_order: firstSigned } });
      assert.equal(placed.status, 201, placed.text);
      const reordered = Object.fromEntries(Object.entries(firstSigned).reverse());
      const same = await call(keyA, '/api/v1/orders', { method: 'POST', body: { ...keyed, signed_order: reordered } });
      assert.deepEqual([same.status, same.body.id], [200, placed.body.id], same.text);
      const resigned = await call(keyA, '/api/v1/orders', { method: 'POST', body: { ...keyed, signed_order: await signedOrder({ salt: String(Number(firstSigned.salt) + 1) }) } });
      assert.equal(resigned.status, 409, resigned.text);
      assert.match(resigned.body.error as string, /with a different signed_order;/);
      assert.equal(posts(), before + 2, 'the repeats sent nothing');
      const bal = await call(keyA, '/api/v1/balances?exchange=polymarket');
      assert.equal(bal.status, 200, bal.text);
      // The order made by the EOA (signature type 0) is held by it: the Data API lists it by that wallet.
      const pos = await call(keyA, '/api/v1/positions?exchange=polymarket');
      assert.equal(pos.status, 200, pos.text);
      assert.ok((pos.body.positions as { venue_outcome: string }[]).some((p) => p.venue_outcome === token), pos.text);
    });
  });

  describe('limitless (EIP-712 under the market\'s own exchange)', () => {
    const wallet = new Wallet(WALLET_KEY);
    let slug: string;
    let exchange: string;
    let yesToken: string;
    const signed = async (makerAmount: string, over: Record<string, unknown> = {}) => {
      const order = { salt: String(Date.now()), maker: wallet.address, signer: wallet.address, taker: '0x0000000000000000000000000000000000000000', tokenId: yesToken, makerAmount, takerAmount: '1000000', expiration: '0', nonce: '0', feeRateBps: '0', side: 0, signatureType: 0, ...over };
      return { ...order, verifyingContract: exchange, signature: await wallet.signTypedData(limitlessDomain(exchange), CTF_ORDER_V1_TYPES, order) };
    };
    before(async () => {
      const sim = svc.venues.simulators!.simulators.limitless!;
      const list = (await (await fetch(`${sim.baseUrls.rest}/markets/active?tradeType=clob&limit=25`)).json()) as { data: { slug: string; venue?: { exchange?: string }; tokens?: { yes: string } }[] };
      const m = list.data.find((x) => x.venue?.exchange && x.tokens)!;
      slug = m.slug;
      exchange = m.venue!.exchange!;
      yesToken = String(m.tokens!.yes);
      await fetch(`${sim.server.baseUrl}/_sim/api_keys`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ api_key: 'lmts-test-key', address: wallet.address }) });
      assert.equal((await call(keyA, '/api/v1/users/_/credentials', { method: 'POST', body: { exchange: 'limitless', api_key: 'lmts-test-key' } })).status, 201);
    });

    it('places a verified order, rests and cancels another; a tampered one never reaches the venue', async () => {
      const sim = svc.venues.simulators!.simulators.limitless!;
      const posts = () => sim.server.requests.filter((r) => r.method === 'POST' && r.path === '/orders').length;
      const before = posts();
      const body = (signed_order: unknown, price: number) => ({ exchange: 'limitless', market_id: slug, outcome: yesToken, side: 'buy', type: 'limit', price, size: 1, signed_order });
      const filled = await call(keyA, '/api/v1/orders', { method: 'POST', body: body(await signed('990000'), 0.99) });
      assert.equal(filled.status, 201, filled.text);
      assert.equal(filled.body.status, 'filled', filled.text);
      const resting = await call(keyA, '/api/v1/orders', { method: 'POST', body: body(await signed('10000'), 0.01) });
      assert.equal(resting.status, 201, resting.text);
      assert.equal(resting.body.status, 'open', resting.text);
      const cancelled = await call(keyA, `/api/v1/orders/${resting.body.id as string}`, { method: 'DELETE' });
      assert.equal(cancelled.status, 200, cancelled.text);
      assert.equal(cancelled.body.status, 'cancelled');
      const tampered = { ...(await signed('10000')), makerAmount: '20000' };
      const bad = await call(keyA, '/api/v1/orders', { method: 'POST', body: body(tampered, 0.02) });
      assert.equal(bad.status, 400, bad.text);
      assert.match(bad.body.error as string, /recovers to/);
      const wrongContract = { ...(await signed('10000')), verifyingContract: '0x0000000000000000000000000000000000000001' };
      assert.match((await call(keyA, '/api/v1/orders', { method: 'POST', body: body(wrongContract, 0.01) })).body.error as string, /not this market's exchange/);
      assert.equal((await call(keyA, '/api/v1/orders', { method: 'POST', body: { ...body(await signed('10000'), 0.01), market_id: 'no-such-market' } })).status, 400);
      assert.equal(posts(), before + 2, 'only the two valid orders were sent');
    });
  });

  describe('opinion (EIP-712, Gnosis Safe orders)', () => {
    const wallet = new Wallet(WALLET_KEY);
    const safe = '0x00000000000000000000000000000000000051fe';
    let market: string;
    let yesToken: string;
    const signed = async (makerAmount: bigint) => {
      const order = { salt: String(Date.now()), maker: safe, signer: wallet.address, taker: '0x0000000000000000000000000000000000000000', tokenId: yesToken, makerAmount: String(makerAmount), takerAmount: String(10n ** 18n), expiration: '0', nonce: '0', feeRateBps: '0', side: 0, signatureType: 2 };
      return { ...order, signature: await wallet.signTypedData(opinionDomain(OPINION_SIM_EXCHANGE), CTF_ORDER_V1_TYPES, order) };
    };
    before(async () => {
      const sim = svc.venues.simulators!.simulators.opinion!;
      const list = (await (await fetch(`${sim.baseUrls.rest}/market?limit=20&status=activated`)).json()) as { result: { list: { marketId: number; yesTokenId?: string; status: number }[] } };
      const m = list.result.list.find((x) => x.yesTokenId && x.status === 2)!;
      market = String(m.marketId);
      yesToken = m.yesTokenId!;
      await fetch(`${sim.server.baseUrl}/_sim/api_keys`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ api_key: 'opinion-test-key', signer: wallet.address, multi_sig_addr: safe }) });
      assert.equal((await call(keyA, '/api/v1/users/_/credentials', { method: 'POST', body: { exchange: 'opinion', api_key: 'opinion-test-key', multi_sig_addr: safe } })).status, 201);
    });

    it('places a Safe order signed by its owner, rests and cancels another', async () => {
      const body = (signed_order: unknown, price: number) => ({ exchange: 'opinion', market_id: market, outcome: yesToken, side: 'buy', type: 'limit', price, size: 1, signed_order });
      const filled = await call(keyA, '/api/v1/orders', { method: 'POST', body: body(await signed(99n * 10n ** 16n), 0.99) });
      assert.equal(filled.status, 201, filled.text);
      assert.equal(filled.body.status, 'filled', filled.text);
      const resting = await call(keyA, '/api/v1/orders', { method: 'POST', body: body(await signed(10n ** 16n), 0.01) });
      assert.equal(resting.body.status, 'open', resting.text);
      const cancelled = await call(keyA, `/api/v1/orders/${resting.body.id as string}`, { method: 'DELETE' });
      assert.equal(cancelled.body.status, 'cancelled', cancelled.text);
      const foreign = { ...(await signed(10n ** 16n)), maker: '0x000000000000000000000000000000000000dead' };
      assert.equal((await call(keyA, '/api/v1/orders', { method: 'POST', body: body(foreign, 0.01) })).status, 400);
    });
  });

  describe('predictfun (EIP-712 on BNB Chain)', () => {
    const wallet = new Wallet(WALLET_KEY);
    it('places an EOA order verified under the market\'s exchange, rests and cancels another', async () => {
      const sim = svc.venues.simulators!.simulators.predictfun!;
      const list = (await (await fetch(`${sim.baseUrls.rest}/markets?first=20`)).json()) as { data: { id: number; isNegRisk?: boolean; isYieldBearing?: boolean; tradingStatus?: string; status?: string; outcomes: { indexSet: number; onChainId: string }[] }[] };
      const m = list.data.find((x) => x.outcomes?.length && (x.tradingStatus ?? 'OPEN') === 'OPEN' && (x.status ?? 'REGISTERED') !== 'RESOLVED')!;
      const token = m.outcomes.find((o) => o.indexSet === 1)!.onChainId;
      const domain = predictfunDomain(predictfunExchange({ negRisk: !!m.isNegRisk, yieldBearing: !!m.isYieldBearing }));
      assert.equal((await call(keyA, '/api/v1/users/_/credentials', { method: 'POST', body: { exchange: 'predictfun', api_key: PREDICTFUN_SIM_API_KEY } })).status, 201);
      const signed = async (makerAmount: bigint) => {
        const order = { salt: String(Date.now()), maker: wallet.address, signer: wallet.address, taker: '0x0000000000000000000000000000000000000000', tokenId: token, makerAmount: String(makerAmount), takerAmount: String(10n ** 18n), expiration: '0', nonce: '0', feeRateBps: '0', side: 0, signatureType: 0 };
        return { ...order, signature: await wallet.signTypedData(domain, CTF_ORDER_V1_TYPES, order) };
      };
      const body = (signed_order: unknown, price: number) => ({ exchange: 'predictfun', market_id: String(m.id), outcome: token, side: 'buy', type: 'limit', price, size: 1, signed_order });
      const resting = await call(keyA, '/api/v1/orders', { method: 'POST', body: body(await signed(10n ** 16n), 0.01) });
      assert.equal(resting.status, 201, resting.text);
      assert.equal(resting.body.status, 'open', resting.text);
      const cancelled = await call(keyA, `/api/v1/orders/${resting.body.id as string}`, { method: 'DELETE' });
      assert.equal(cancelled.body.status, 'cancelled', cancelled.text);
      const foreign = await (async () => ({ ...(await signed(10n ** 16n)), makerAmount: String(2n * 10n ** 16n) }))();
      assert.equal((await call(keyA, '/api/v1/orders', { method: 'POST', body: body(foreign, 0.02) })).status, 400);
    });
  });

  describe('afterwards', () => {
    it('never shows a credential value in a response or a log line', () => {
    assert.ok(svc.logs.length > 20, 'the service logged');
    for (const secret of SECRETS) {
      for (const line of svc.logs) assert.ok(!line.includes(secret), `a log line holds a credential: ${line.slice(0, 200)}`);
      for (const body of responses) assert.ok(!body.includes(secret), 'a response holds a credential');
    }
    });
  });
});
