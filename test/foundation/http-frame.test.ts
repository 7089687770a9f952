import assert from 'node:assert/strict';
import { issueKey, mintTestKey, startTestService, type TestService } from '../helpers/service.js';

describe('HTTP frame: errors, request ids, limits, OpenAPI, logs', function () {
  let svc: TestService;
  let key: string;
  before(async () => {
    svc = await startTestService({ env: { MAX_BODY_BYTES: '2048' } });
    key = await mintTestKey(svc);
  });
  after(async () => svc?.destroy());

  it('answers unknown routes with 404 and the error body', async () => {
    for (const path of ['/nope', '/api/v2/anything', '/api/v1/notavenue/x/market']) {
      const res = await svc.request(path, { headers: { 'x-api-key': key } });
      assert.equal(res.status, 404, path);
      assert.deepEqual(Object.keys(res.body), ['error']);
    }
  });

  it('answers no operation with 501: the last one built (kalshi parlay trades) answers from its own route', async () => {
    const headers = { 'x-api-key': key };
    // Its own validation, before any venue is asked: a range that ends before it starts.
    const res = await svc.request('/api/v1/kalshi/parlays/trades?start=2026-01-02&end=2026-01-01', { headers });
    assert.equal(res.status, 400);
    assert.deepEqual(res.body, { error: 'start: must not be after end' });
  });

  it('gives every response an X-Request-Id, echoing a sane incoming one', async () => {
    const fresh = await svc.request('/health');
    assert.match(fresh.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
    const echoed = await svc.request('/health', { headers: { 'x-request-id': 'client-req-42' } });
    assert.equal(echoed.headers.get('x-request-id'), 'client-req-42');
    const replaced = await svc.request('/nope', { headers: { 'x-request-id': 'bad id with spaces' } });
    assert.notEqual(replaced.headers.get('x-request-id'), 'bad id with spaces');
  });

  it('answers malformed JSON with 400, oversized bodies with 413, non-JSON bodies with 415', async () => {
    const malformed = await svc.request('/api/v1/auth/signup', { rawBody: '{"email": "x@y.z", ' });
    assert.equal(malformed.status, 400);
    assert.equal(malformed.body.error, 'malformed JSON body');
    const big = await svc.request('/api/v1/auth/signup', { body: { email: 'x@y.zz', password: 'p'.repeat(5000) } });
    assert.equal(big.status, 413);
    assert.ok(big.body.error);
    const form = await svc.request('/api/v1/auth/signup', { rawBody: 'email=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    assert.equal(form.status, 415);
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const res = await svc.request('/openapi.json');
    assert.equal(res.status, 200);
    assert.equal(res.body.openapi, '3.1.0');
    for (const path of ['/api/v1/test-key', '/api/v1/auth/signup', '/api/v1/auth/login', '/api/v1/auth/me', '/api/v1/auth/logout', '/api/v1/admin/keys', '/health']) {
      assert.ok(res.body.paths[path], `missing ${path}`);
    }
    const signup = res.body.paths['/api/v1/auth/signup'].post.requestBody.content['application/json'].schema;
    assert.deepEqual(signup.required.sort(), ['email', 'password']);
    assert.equal(signup.properties.password.minLength, 10);
  });

  it('never writes keys, session tokens or passwords into its logs', async () => {
    const password = 'very-secret-password-123';
    await svc.request('/api/v1/auth/signup', { body: { email: 'logs@example.com', password } });
    const login = await svc.request('/api/v1/auth/login', { body: { email: 'logs@example.com', password } });
    const token = login.body.token as string;
    const admin = await issueKey(svc, 'admin');
    const issued = await svc.request('/api/v1/admin/keys', { headers: { 'x-api-key': admin }, body: { plan: 'max' } });
    await svc.request('/api/v1/auth/me', { headers: { authorization: `Bearer ${token}` } });
    await svc.request('/api/v1/orders', { headers: { 'x-api-key': key } });
    await svc.request('/api/v1/key?api_key=' + key, { headers: { 'x-api-key': key } });
    await svc.request('/api/v1/auth/login', { body: { email: 'logs@example.com', password: password + 'x' } });
    const all = svc.logs.join('');
    assert.ok(svc.logs.length > 5, 'expected request log lines');
    for (const secret of [password, token, key, admin, issued.body.api_key]) assert.ok(!all.includes(secret), 'a secret reached the logs');
  });
});

describe('HTTP frame: internal errors', function () {
  it('answers 500 without leaking the error, and logs it with the request id', async () => {
    const svc = await startTestService();
    try {
      const key = await issueKey(svc, 'admin');
      // Break the database under a route: the error text must stay out of the response.
      await svc.db.pool.query('ALTER TABLE api_keys RENAME COLUMN label TO label_gone');
      const res = await svc.request('/api/v1/admin/keys', { headers: { 'x-api-key': key }, body: { plan: 'pro', label: 'x' } });
      assert.equal(res.status, 500);
      assert.match(res.body.error, /^internal server error \(request [0-9a-f-]{36}\)$/);
      assert.ok(!res.text.includes('label'));
      assert.ok(svc.logs.some((l) => l.includes(res.headers.get('x-request-id')!) && l.includes('unhandled error')));
      // The error is logged under `err`, with its stack (logging convention), by the http component.
      const line = JSON.parse(svc.logs.find((l) => l.includes('unhandled error'))!);
      assert.equal(line.component, 'http');
      assert.match(line.err.stack, /label/);
    } finally {
      await svc.destroy();
    }
  });
});
