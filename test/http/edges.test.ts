// Exact answers at the edges of the HTTP API, through the real service (sim venues, real database,
// real HTTP): 405 with Allow for a known path asked with the wrong method, 404 for typos and for
// operations a venue lacks (naming them), no operation listed as not built (the 501 fallback itself
// checked on a made-up entry), and the streams' paths among them.
import assert from 'node:assert/strict';
import type { Request, Response } from 'express';
import type { HttpError } from '../../src/http/errors.js';
import { NOT_BUILT, notBuiltFallback } from '../../src/http/routes/not-built.js';
import { issueKey, startTestService, type TestService } from '../helpers/service.js';
import { jsonOf, rawRequest } from './raw-request.js';

/** A concrete path of an OpenAPI-style template: `{exchange}` becomes `exchange`, other parameters `x1`. */
function concrete(template: string, exchange: string): string {
  return template.replace(/\{exchange\}/g, exchange).replace(/\{[^}]+\}/g, 'x1');
}

describe('HTTP edges: 405, 404 and the explicit 501 list', function () {
  this.timeout(60_000);
  let svc: TestService;
  let key: string;
  let doc: { paths: Record<string, Record<string, unknown>> };

  before(async () => {
    // Live mode with no jobs: these answers come before any venue is asked.
    svc = await startTestService();
    key = await issueKey(svc, 'admin', 100_000);
    doc = (await svc.request('/openapi.json')).body;
  });
  after(async () => svc?.destroy());

  const send = (method: string, path: string, withKey = true) => rawRequest(svc.url, method, path, withKey ? { 'x-api-key': key } : {});

  it('answers a known route asked with an unsupported method with 405 and Allow, never 501', async () => {
    for (const [method, path, allow] of [
      ['TRACE', '/api/v1/kalshi/markets', 'GET, HEAD, OPTIONS'],
      ['POST', '/api/v1/kalshi/markets', 'GET, HEAD, OPTIONS'],
      ['DELETE', '/api/v1/kalshi/KXTEST-1/orderbook', 'GET, HEAD, OPTIONS'],
      ['GET', '/api/v1/search/semantic', 'OPTIONS, POST'],
      ['PUT', '/api/v1/admin/keys', 'GET, HEAD, OPTIONS, POST'],
      ['GET', '/api/v1/test-key', 'OPTIONS, POST'],
      // operations not built yet are known paths too
      ['PUT', '/api/v1/orders', 'GET, HEAD, OPTIONS, POST'],
      ['POST', '/api/v1/orders/ord_1', 'DELETE, GET, HEAD, OPTIONS'],
    ] as const) {
      for (const withKey of [true, false]) {
        const res = await send(method, path, withKey);
        assert.equal(res.status, 405, `${method} ${path} (key: ${withKey}): ${res.body}`);
        assert.equal(res.headers.allow, allow, `${method} ${path}`);
        assert.deepEqual(Object.keys(jsonOf(res)), ['error']);
        assert.match(jsonOf(res).error, new RegExp(`^${method} is not allowed`));
      }
    }
    const options = await send('OPTIONS', '/api/v1/kalshi/markets');
    assert.equal(options.status, 204);
    assert.equal(options.headers.allow, 'GET, HEAD, OPTIONS');
  });

  it('derives Allow from the OpenAPI document: every documented path refuses an undocumented method with its documented ones', async () => {
    let checked = 0;
    for (const [template, item] of Object.entries(doc.paths)) {
      const documented = Object.keys(item).map((m) => m.toUpperCase());
      const expected = new Set([...documented, 'OPTIONS']);
      if (expected.has('GET')) expected.add('HEAD');
      const res = await send('PATCH', concrete(template, 'kalshi'));
      assert.equal(res.status, 405, `PATCH ${template}`);
      assert.equal(res.headers.allow, [...expected].sort().join(', '), template);
      checked++;
    }
    assert.ok(checked >= 25, `only ${checked} documented paths`);
  });

  it('answers typos and unknown paths under a venue with 404, not 501', async () => {
    for (const path of ['/api/v1/kalshi/KXTEST-1/orderbok', '/api/v1/kalshi/KXTEST-1/marketz', '/api/v1/polymarket/nope', '/api/v1/kalshi/a/b/c/d']) {
      const res = await send('GET', path);
      assert.equal(res.status, 404, `${path}: ${res.body}`);
      assert.match(jsonOf(res).error, /^no route for GET /);
    }
  });

  it('answers an operation the venue lacks with 404 naming it', async () => {
    for (const [path, message] of [
      ['/api/v1/polymarket/rfqs', 'polymarket has no rfqs operation'],
      ['/api/v1/polymarket/rfqs/rfq_1', 'polymarket has no rfqs operation'],
      ['/api/v1/limitless/some-market/rfqs', 'limitless has no rfqs operation'],
      ['/api/v1/polymarket/datasets/latest', 'polymarket has no datasets operation'],
      ['/api/v1/opinion/parlays/trades', 'opinion has no parlays operation'],
      ['/api/v1/manifold/abc/deltas', 'manifold has no deltas operation'],
      ['/api/v1/predictit/123/analytics', 'predictit has no analytics operation'],
      ['/api/v1/analytics/manifold/abc/bbo', 'manifold has no bbo operation'],
      ['/ws/opinion', 'opinion has no stream operation'],
    ] as const) {
      const res = await send('GET', path);
      assert.equal(res.status, 404, `${path}: ${res.body}`);
      assert.equal(jsonOf(res).error, message);
    }
    const kalshiDerive = await send('POST', '/api/v1/kalshi/derive-credentials');
    assert.equal(kalshiDerive.status, 404);
    assert.equal(jsonOf(kalshiDerive).error, 'kalshi has no derive-credentials operation');
  });

  it('lists no operation as not built: every operation of the interface is served (none answers 501)', () => {
    assert.deepEqual(NOT_BUILT, [], 'kalshi parlay trades was the last entry');
  });

  it('the not-built fallback answers 501 for a listed operation on its venues, 404 naming it elsewhere, and passes anything else on', () => {
    const fallback = notBuiltFallback([{ method: 'GET', path: '/api/v1/{exchange}/future/op', capability: 'recorded-data', operation: 'future', exchanges: ['kalshi'] }]);
    const run = (method: string, path: string): unknown => {
      let passed = false;
      try {
        fallback({ method, path } as Request, {} as Response, () => void (passed = true));
      } catch (err) {
        return err;
      }
      return passed ? 'next' : 'nothing';
    };
    assert.deepEqual([(run('GET', '/api/v1/kalshi/future/op') as HttpError).status, (run('HEAD', '/api/v1/kalshi/future/op') as HttpError).status], [501, 501]);
    const lacks = run('GET', '/api/v1/opinion/future/op') as HttpError;
    assert.deepEqual([lacks.status, lacks.message], [404, 'opinion has no future operation']);
    assert.equal(run('POST', '/api/v1/kalshi/future/op'), 'next');
    assert.equal(run('GET', '/api/v1/kalshi/other'), 'next');
  });

  it('answers a plain HTTP request at a stream path with 426 and how to upgrade (upgrades are the gateway\'s: test/ws)', async () => {
    for (const path of ['/ws/kalshi', '/ws/polymarket', '/ws/limitless', '/ws/predictfun', '/ws/svc']) {
      const res = await send('GET', path, false);
      assert.equal(res.status, 426, path);
      assert.equal(res.headers.upgrade, 'websocket');
      assert.match(jsonOf(res).error, /WebSocket stream: connect with an Upgrade: websocket request/);
    }
  });

  it('lists no operation as not built that the OpenAPI document already serves', () => {
    const documented = new Set(Object.entries(doc.paths).flatMap(([p, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`)));
    for (const op of NOT_BUILT) assert.ok(!documented.has(`${op.method} ${op.path}`), `${op.method} ${op.path} is built: delete its entry from not-built.ts`);
  });

  it('documents the direction of both search scores next to each other', () => {
    const components = (doc as unknown as { components: { schemas: Record<string, any> } }).components.schemas; // eslint-disable-line @typescript-eslint/no-explicit-any
    const keyword = components.KeywordSearchResponse.properties.results.items.properties.score.description as string;
    const semantic = components.SemanticSearchResult.properties.score.description as string;
    assert.match(keyword, /^Higher is more relevant/);
    assert.match(keyword, /semantic search, where lower is better/);
    assert.match(semantic, /^Lower is more relevant \(the opposite direction of keyword search, where higher is better\)/);
  });

  it('still asks for a key before answering 404 or 501 under /api/v1', async () => {
    for (const path of ['/api/v1/orders', '/api/v1/kalshi/x/orderbok', '/api/v1/polymarket/rfqs']) {
      const res = await send('GET', path, false);
      assert.equal(res.status, 401, path);
    }
  });
});
