import assert from 'node:assert/strict';
import { startTestService, type TestService } from '../helpers/service.js';

describe('accounts: signup, login, me, logout', function () {
  let svc: TestService;
  before(async () => {
    svc = await startTestService();
  });
  after(async () => svc?.destroy());

  it('signs up, rejects a duplicate email (any case) with 409, and never returns the password', async () => {
    const res = await svc.request('/api/v1/auth/signup', { body: { email: 'Ada@Example.com', password: 'correct horse battery' } });
    assert.equal(res.status, 201);
    assert.equal(res.body.user.email, 'ada@example.com');
    assert.match(res.body.user.id, /^usr_/);
    assert.ok(!res.text.includes('correct horse'));
    const dup = await svc.request('/api/v1/auth/signup', { body: { email: 'ADA@example.com', password: 'another password' } });
    assert.equal(dup.status, 409);
    assert.match(dup.body.error, /already exists/);
  });

  it('rejects short passwords and bad emails with 400 naming the field', async () => {
    const short = await svc.request('/api/v1/auth/signup', { body: { email: 'b@example.com', password: 'short' } });
    assert.equal(short.status, 400);
    assert.match(short.body.error, /^password: .*10 characters/);
    const bad = await svc.request('/api/v1/auth/signup', { body: { email: 'not-an-email', password: 'long enough password' } });
    assert.equal(bad.status, 400);
    assert.match(bad.body.error, /^email:/);
    const missing = await svc.request('/api/v1/auth/signup', { body: {} });
    assert.equal(missing.status, 400);
    assert.match(missing.body.error, /email: is required/);
  });

  it('logs in, answers me with the session user, and logs out', async () => {
    await svc.request('/api/v1/auth/signup', { body: { email: 'grace@example.com', password: 'hopper hopper 1906' } });
    const login = await svc.request('/api/v1/auth/login', { body: { email: 'grace@example.com', password: 'hopper hopper 1906' } });
    assert.equal(login.status, 200);
    assert.match(login.body.token, /^pms_/);
    assert.ok(Date.parse(login.body.expires_at) > Date.now());
    const auth = { authorization: `Bearer ${login.body.token}` };
    const me = await svc.request('/api/v1/auth/me', { headers: auth });
    assert.equal(me.status, 200);
    assert.equal(me.body.user.email, 'grace@example.com');
    const out = await svc.request('/api/v1/auth/logout', { method: 'POST', headers: auth });
    assert.equal(out.status, 200);
    assert.equal((await svc.request('/api/v1/auth/me', { headers: auth })).status, 401);
    assert.equal((await svc.request('/api/v1/auth/logout', { method: 'POST', headers: auth })).status, 401);
  });

  it('gives the same 401 for a wrong password and an unknown email', async () => {
    await svc.request('/api/v1/auth/signup', { body: { email: 'linus@example.com', password: 'penguins everywhere' } });
    const wrong = await svc.request('/api/v1/auth/login', { body: { email: 'linus@example.com', password: 'penguins nowhere!' } });
    const unknown = await svc.request('/api/v1/auth/login', { body: { email: 'nobody@example.com', password: 'penguins everywhere' } });
    assert.equal(wrong.status, 401);
    assert.equal(unknown.status, 401);
    assert.deepEqual(wrong.body, unknown.body);
  });

  it('answers me without or with a malformed token with 401', async () => {
    assert.equal((await svc.request('/api/v1/auth/me')).status, 401);
    assert.equal((await svc.request('/api/v1/auth/me', { headers: { authorization: 'Basic abc' } })).status, 401);
    assert.equal((await svc.request('/api/v1/auth/me', { headers: { authorization: 'Bearer pms_nope' } })).status, 401);
  });

  it('stores only a slow hash of the password and a hash of the session token', async () => {
    await svc.request('/api/v1/auth/signup', { body: { email: 'kdf@example.com', password: 'stored how exactly?' } });
    const login = await svc.request('/api/v1/auth/login', { body: { email: 'kdf@example.com', password: 'stored how exactly?' } });
    const user = (await svc.db.pool.query('SELECT password_hash FROM users WHERE email = $1', ['kdf@example.com'])).rows[0];
    assert.match(user.password_hash, /^scrypt\$32768\$8\$1\$/);
    assert.ok(!user.password_hash.includes('stored how exactly?'));
    const sessions = (await svc.db.pool.query('SELECT token_hash FROM sessions')).rows.map((r) => r.token_hash as string);
    assert.ok(sessions.length > 0);
    assert.ok(sessions.every((h) => /^[0-9a-f]{64}$/.test(h) && h !== login.body.token));
  });
});
