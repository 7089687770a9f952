import assert from 'node:assert/strict';
import { ManualClock } from '../../src/util/clock.js';
import { issueKey, mintTestKey, startTestService, type TestService } from '../helpers/service.js';

describe('API keys: test keys, production keys, 401/403/429', function () {
  let svc: TestService;
  const clock = new ManualClock(Date.parse('2026-11-01T12:00:00Z'));
  before(async () => {
    svc = await startTestService({ clock, env: { TEST_KEYS_PER_ADDRESS_PER_HOUR: '1000' } });
  });
  after(async () => svc?.destroy());

  it('mints a test key: 201, plan free, 60/min, expires in 10 minutes, usable at once', async () => {
    const res = await svc.request('/api/v1/test-key', { method: 'POST' });
    assert.equal(res.status, 201);
    assert.match(res.body.api_key, /^pm_test_[A-Za-z0-9_-]{43}$/);
    assert.equal(res.body.plan, 'free');
    assert.equal(res.body.rate_limit_per_minute, 60);
    assert.equal(Date.parse(res.body.expires_at) - clock.now(), 10 * 60_000);
    const me = await svc.request('/api/v1/key', { headers: { 'x-api-key': res.body.api_key } });
    assert.equal(me.status, 200);
    assert.equal(me.body.plan, 'free');
    assert.equal(me.body.kind, 'test');
  });

  it('expires a test key after 10 minutes (401)', async () => {
    const local = new ManualClock(clock.now());
    const s = await startTestService({ clock: local });
    try {
      const key = await mintTestKey(s);
      local.advance(9 * 60_000 + 59_000);
      assert.equal((await s.request('/api/v1/key', { headers: { 'x-api-key': key } })).status, 200);
      local.advance(1_000);
      const res = await s.request('/api/v1/key', { headers: { 'x-api-key': key } });
      assert.equal(res.status, 401);
      assert.match(res.body.error, /invalid API key/);
    } finally {
      await s.destroy();
    }
  });

  it('gives the test key to the session user when a session token is sent, and 401 for a bad one', async () => {
    await svc.request('/api/v1/auth/signup', { body: { email: 'owner@example.com', password: 'owner password 1' } });
    const login = await svc.request('/api/v1/auth/login', { body: { email: 'owner@example.com', password: 'owner password 1' } });
    const key = await mintTestKey(svc, { authorization: `Bearer ${login.body.token}` });
    const me = await svc.request('/api/v1/key', { headers: { 'x-api-key': key } });
    assert.equal(me.body.user_id, login.body.user.id);
    const users = Number((await svc.db.pool.query('SELECT count(*) AS n FROM users')).rows[0].n);
    const bad = await svc.request('/api/v1/test-key', { method: 'POST', headers: { authorization: 'Bearer pms_forged' } });
    assert.equal(bad.status, 401);
    assert.equal(Number((await svc.db.pool.query('SELECT count(*) AS n FROM users')).rows[0].n), users);
  });

  it('answers 401 with the error body for a missing, unknown or revoked key', async () => {
    const missing = await svc.request('/api/v1/key');
    assert.equal(missing.status, 401);
    assert.match(missing.body.error, /missing API key/);
    const unknown = await svc.request('/api/v1/key', { headers: { 'x-api-key': 'pm_live_doesnotexist' } });
    assert.equal(unknown.status, 401);
    assert.deepEqual(Object.keys(unknown.body), ['error']);

    const admin = await issueKey(svc, 'admin');
    const issued = await svc.request('/api/v1/admin/keys', { headers: { 'x-api-key': admin }, body: { plan: 'pro', email: 'client@example.com' } });
    assert.equal(issued.status, 201);
    assert.equal(issued.body.rate_limit_per_minute, 300);
    assert.equal(issued.body.expires_at, null);
    assert.equal((await svc.request('/api/v1/key', { headers: { 'x-api-key': issued.body.api_key } })).body.plan, 'pro');
    const revoked = await svc.request(`/api/v1/admin/keys/${issued.body.id}`, { method: 'DELETE', headers: { 'x-api-key': admin } });
    assert.equal(revoked.status, 200);
    assert.equal((await svc.request('/api/v1/key', { headers: { 'x-api-key': issued.body.api_key } })).status, 401);
    const again = await svc.request(`/api/v1/admin/keys/${issued.body.id}`, { method: 'DELETE', headers: { 'x-api-key': admin } });
    assert.equal(again.status, 404);
  });

  it('answers 403 when the plan lacks the feature (admin routes for a pro key)', async () => {
    const pro = await issueKey(svc, 'pro');
    const res = await svc.request('/api/v1/admin/keys', { headers: { 'x-api-key': pro }, body: { plan: 'admin' } });
    assert.equal(res.status, 403);
    assert.match(res.body.error, /plan \(pro\)/);
    assert.equal(res.headers.get('x-ratelimit-limit'), '300');
  });

  it('never lists key values, only prefixes', async () => {
    const admin = await issueKey(svc, 'admin');
    const res = await svc.request('/api/v1/admin/keys?limit=2', { headers: { 'x-api-key': admin } });
    assert.equal(res.status, 200);
    assert.equal(res.body.count, 2);
    assert.ok(res.body.next_cursor);
    assert.ok(!res.text.includes(admin));
    assert.ok(res.body.keys.every((k: { key_prefix: string }) => k.key_prefix.length === 12));
    const bad = await svc.request('/api/v1/admin/keys?cursor=garbage', { headers: { 'x-api-key': admin } });
    assert.equal(bad.status, 400);
    assert.match(bad.body.error, /^cursor:/);
  });

  it('counts every request in a sliding minute and answers 429 with Retry-After past the limit', async () => {
    const key = await mintTestKey(svc);
    const headers = { 'x-api-key': key };
    let last;
    for (let i = 1; i <= 60; i++) {
      last = await svc.request('/api/v1/key', { headers });
      assert.equal(last.status, 200);
      assert.equal(last.headers.get('x-ratelimit-remaining'), String(60 - i));
    }
    assert.equal(last!.headers.get('x-ratelimit-limit'), '60');
    assert.equal(Number(last!.headers.get('x-ratelimit-reset')), Math.ceil((clock.now() + 60_000) / 1000));
    const limited = await svc.request('/api/v1/key', { headers });
    assert.equal(limited.status, 429);
    assert.match(limited.body.error, /rate limit/);
    assert.equal(limited.headers.get('retry-after'), '60');
    assert.equal(limited.headers.get('x-ratelimit-remaining'), '0');
    clock.advance(30_000);
    assert.equal((await svc.request('/api/v1/key', { headers })).status, 429);
    assert.equal((await svc.request('/api/v1/key', { headers })).headers.get('retry-after'), '30');
    clock.advance(30_001);
    assert.equal((await svc.request('/api/v1/key', { headers })).status, 200);
  });

  it('holds the limit exactly under 100 concurrent requests of a 60/min key', async () => {
    const key = await mintTestKey(svc);
    const results = await Promise.all(Array.from({ length: 100 }, () => svc.request('/api/v1/key', { headers: { 'x-api-key': key } })));
    const counts = results.reduce<Record<number, number>>((acc, r) => ((acc[r.status] = (acc[r.status] ?? 0) + 1), acc), {});
    assert.deepEqual(counts, { 200: 60, 429: 40 });
  });

  it('limits test-key minting per client address', async () => {
    const s = await startTestService({ env: { TEST_KEYS_PER_ADDRESS_PER_HOUR: '3' } });
    try {
      for (let i = 0; i < 3; i++) assert.equal((await s.request('/api/v1/test-key', { method: 'POST' })).status, 201);
      const res = await s.request('/api/v1/test-key', { method: 'POST' });
      assert.equal(res.status, 429);
      assert.ok(Number(res.headers.get('retry-after')) > 0);
      assert.equal(Number((await s.db.pool.query('SELECT count(*) AS n FROM api_keys')).rows[0].n), 3);
    } finally {
      await s.destroy();
    }
  });
});
