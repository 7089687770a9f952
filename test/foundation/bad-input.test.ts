// Malformed bodies sent to every route group get 400 and change nothing in the database.
import assert from 'node:assert/strict';
import { issueKey, mintTestKey, startTestService, type TestService } from '../helpers/service.js';

async function counts(svc: TestService): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of ['users', 'sessions', 'api_keys', 'markets']) {
    out[table] = Number((await svc.db.pool.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
  }
  return out;
}

describe('bad input: 400 and nothing changed, on every route group', function () {
  let svc: TestService;
  let admin: string;
  let free: string;
  before(async () => {
    svc = await startTestService();
    admin = await issueKey(svc, 'admin');
    free = await mintTestKey(svc);
  });
  after(async () => svc?.destroy());

  const groups = [
    '/api/v1/auth/signup',
    '/api/v1/auth/login',
    '/api/v1/test-key',
    '/api/v1/admin/keys',
    '/api/v1/search/semantic',
    '/api/v1/orders',
    '/api/v1/users/_/credentials',
    '/api/v1/polymarket/derive-credentials',
  ];
  const malformed = ['{', '{"email":', '[1,2', 'nul', '{"a":1}}', '\u0000'];

  for (const path of groups) {
    it(`POST ${path}: malformed JSON is a 400 that changes nothing`, async () => {
      const before = await counts(svc);
      for (const raw of malformed) {
        const res = await svc.request(path, { method: 'POST', rawBody: raw, headers: { 'x-api-key': admin } });
        assert.equal(res.status, 400, `${path} ${JSON.stringify(raw)}`);
        assert.equal(typeof res.body.error, 'string');
      }
      assert.deepEqual(await counts(svc), before);
    });
  }

  it('schema-invalid bodies of the built routes are 400s naming the field, and change nothing', async () => {
    const before = await counts(svc);
    const cases: [string, unknown, RegExp, Record<string, string>?][] = [
      ['/api/v1/auth/signup', { email: 'a@b.co', password: 123 }, /^password:/],
      ['/api/v1/auth/signup', ['not', 'an', 'object'], /^body:/],
      ['/api/v1/auth/login', { email: 'a@b.co' }, /^password: is required/],
      ['/api/v1/test-key', { label: 7 }, /^label:/],
      ['/api/v1/test-key', { plan: 'admin' }, /^plan: unknown body field$/],
      ['/api/v1/admin/keys', { plan: 'platinum' }, /^plan:/, { 'x-api-key': admin }],
      ['/api/v1/admin/keys', { plan: 'pro', email: 'a@b.co', user_id: 'usr_x' }, /either email or user_id/, { 'x-api-key': admin }],
      ['/api/v1/admin/keys', { plan: 'pro', user_id: 'usr_nobody' }, /^user_id: no user/, { 'x-api-key': admin }],
    ];
    for (const [path, body, message, headers] of cases) {
      const res = await svc.request(path, { body, headers });
      assert.equal(res.status, 400, `${path} ${JSON.stringify(body)}: ${res.text}`);
      assert.match(res.body.error, message);
    }
    assert.deepEqual(await counts(svc), before);
  });

  it('a free key sending a valid admin body is refused (403) and changes nothing', async () => {
    const before = await counts(svc);
    const res = await svc.request('/api/v1/admin/keys', { body: { plan: 'admin' }, headers: { 'x-api-key': free } });
    assert.equal(res.status, 403);
    assert.deepEqual(await counts(svc), before);
  });
});
