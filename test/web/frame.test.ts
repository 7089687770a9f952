// The search page's and the reference's place in the HTTP frame, without a browser: CORS from the
// configured origins (none by default), the page and its assets at / (and a clear 404 when it is not
// built), /docs with Scalar's bundle served locally, the generated examples of the OpenAPI document,
// and the CORS_ORIGINS setting's validation.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ensureWebPageBuilt } from '../../scripts/build-web.js';
import { loadConfig } from '../../src/config.js';
import { buildOpenApiDocument } from '../../src/http/openapi.js';
import { exampleOf } from '../../src/http/openapi-examples.js';
import { builtPageDir, createWebRouter } from '../../src/http/routes/web.js';
import { scalarBundlePath } from '../../src/http/routes/docs.js';
import { rawRequest } from '../http/raw-request.js';
import zlib from 'node:zlib';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { openTestDatabase, type TestDatabase } from '../helpers/database.js';
import express from 'express';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const PARTNER = 'https://widgets.partner.example';

describe('search page, API reference and CORS in the HTTP frame', function () {
  this.timeout(60_000);
  let db: TestDatabase;
  let open: TestApp;
  let closed: TestApp;

  before(async () => {
    await ensureWebPageBuilt();
    db = await openTestDatabase();
    open = await startTestApp({ db, settings: { corsOrigins: [PARTNER] } });
    closed = await startTestApp({ db });
  });
  after(async () => {
    await open?.close();
    await closed?.close();
    await db?.destroy();
  });

  const fetchFrom = (app: TestApp, p: string, init: RequestInit = {}) => fetch(app.url + p, init);

  it('lets an allowed origin read keyed answers, with the rate-limit headers exposed', async () => {
    const key = await open.keyFor('free');
    const res = await fetchFrom(open, '/api/v1/key', { headers: { origin: PARTNER, 'x-api-key': key } });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('access-control-allow-origin'), PARTNER);
    assert.match(res.headers.get('access-control-expose-headers') ?? '', /X-RateLimit-Remaining/);
    assert.match(res.headers.get('vary') ?? '', /Origin/);
  });

  it('answers an allowed preflight with 204 and the headers a widget sends, before the key check', async () => {
    const res = await fetchFrom(open, '/api/v1/search/semantic', {
      method: 'OPTIONS',
      headers: { origin: PARTNER, 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-api-key, content-type' },
    });
    assert.equal(res.status, 204);
    assert.equal(res.headers.get('access-control-allow-origin'), PARTNER);
    assert.match(res.headers.get('access-control-allow-headers') ?? '', /X-API-Key/);
    assert.match(res.headers.get('access-control-allow-methods') ?? '', /POST/);
  });

  it('gives no CORS header to another origin, nor to any origin by default', async () => {
    const key = await open.keyFor('free');
    const other = await fetchFrom(open, '/api/v1/key', { headers: { origin: 'https://evil.example', 'x-api-key': key } });
    assert.equal(other.status, 200);
    assert.equal(other.headers.get('access-control-allow-origin'), null);
    const preflight = await fetchFrom(open, '/api/v1/key', { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' } });
    assert.equal(preflight.headers.get('access-control-allow-origin'), null);
    const byDefault = await fetchFrom(closed, '/api/v1/key', { headers: { origin: PARTNER, 'x-api-key': await closed.keyFor('free') } });
    assert.equal(byDefault.headers.get('access-control-allow-origin'), null);
  });

  it('serves the built page at / and its assets, compressed', async () => {
    const page = await fetchFrom(closed, '/', { headers: { 'accept-encoding': 'gzip' } });
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /text\/html/);
    const html = await page.text();
    assert.match(html, /<input id="q"[^>]*role="combobox"/);
    assert.match(html, /src="\/assets\/app\.js"/);
    const js = await fetchFrom(closed, '/assets/app.js', { headers: { 'accept-encoding': 'gzip' } });
    assert.equal(js.status, 200);
    assert.match(js.headers.get('content-type') ?? '', /javascript/);
    assert.equal(js.headers.get('content-encoding'), 'gzip');
    assert.equal(await js.text(), readFileSync(path.join(builtPageDir()!, 'app.js'), 'utf8'));
    assert.equal((await fetchFrom(closed, '/assets/missing.js')).status, 404);
    assert.equal((await fetchFrom(closed, '/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status, 405);
  });

  it('keeps the page\'s own JavaScript and CSS under 100 KB compressed', () => {
    const sizes = JSON.parse(readFileSync(path.join(builtPageDir()!, 'build.json'), 'utf8')).sizes as { file: string; gzip: number; brotli: number }[];
    const own = sizes.filter((s) => s.file === 'app.js' || s.file === 'app.css');
    assert.equal(own.length, 2);
    const gzip = own.reduce((a, s) => a + s.gzip, 0);
    assert.ok(gzip < 100 * 1024, `${gzip} B gzipped`);
    console.log(`      page JS+CSS: ${own.map((s) => `${s.file} gzip ${s.gzip} B, brotli ${s.brotli} B`).join('; ')}; total gzip ${gzip} B`);
  });

  it('says the page is not built, with a 404, when there is no build', async () => {
    const app = express().use(createWebRouter(null));
    const server = http.createServer(app);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      assert.equal(res.status, 404);
      assert.match(await res.text(), /npm run build/);
    } finally {
      server.close();
    }
  });

  it('serves /docs with Scalar\'s bundle from this service, no CDN and no hosted extras', async () => {
    const res = await fetchFrom(closed, '/docs');
    assert.equal(res.status, 200);
    const html = await res.text();
    assert.match(html, /<script src="\/docs\/scalar\.js">/);
    assert.doesNotMatch(html, /cdn\.jsdelivr|https?:\/\/(?!localhost)[a-z0-9.-]+\.(com|net|io)\//);
    assert.match(html, /"url": "\/openapi\.json"/);
    assert.match(html, /"withDefaultFonts": false/);
    const bundle = await fetchFrom(closed, '/docs/scalar.js');
    assert.equal(bundle.status, 200);
    assert.match(bundle.headers.get('content-type') ?? '', /javascript/);
    assert.match((await bundle.text()).slice(0, 2000), /scalar|Scalar/);
  });

  it('sends the 4.3 MB bundle compressed once ahead (brotli, gzip or plain by Accept-Encoding) with an ETag', async () => {
    const plain = readFileSync(scalarBundlePath());
    const br = await rawRequest(closed.url, 'GET', '/docs/scalar.js', { 'accept-encoding': 'gzip, deflate, br' });
    assert.equal(br.status, 200);
    assert.equal(br.headers['content-encoding'], 'br');
    assert.match(String(br.headers.vary), /Accept-Encoding/);
    assert.ok(br.body.length < plain.length / 3, `brotli ${br.body.length} of ${plain.length} bytes`);
    assert.ok(zlib.brotliDecompressSync(br.body).equals(plain));

    const gz = await rawRequest(closed.url, 'GET', '/docs/scalar.js', { 'accept-encoding': 'gzip' });
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.ok(zlib.gunzipSync(gz.body).equals(plain));

    const identity = await rawRequest(closed.url, 'GET', '/docs/scalar.js', { 'accept-encoding': 'identity' });
    assert.equal(identity.headers['content-encoding'], undefined);
    assert.ok(identity.body.equals(plain));

    // One ETag for the three forms (the same resource); a revalidation costs no body.
    const etag = String(br.headers.etag);
    assert.equal(gz.headers.etag, etag);
    const again = await rawRequest(closed.url, 'GET', '/docs/scalar.js', { 'accept-encoding': 'br', 'if-none-match': etag });
    assert.equal(again.status, 304);
    assert.equal(again.body.length, 0);
  });

  it('gives every operation of the document an example of its body and answer', () => {
    const doc = buildOpenApiDocument('test') as unknown as { paths: Record<string, Record<string, any>>; tags: { name: string }[] };
    let examples = 0;
    for (const [p, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        for (const [status, r] of Object.entries(op.responses as Record<string, any>)) {
          const json = r.content?.['application/json'];
          if (/^2/.test(status) && json) {
            assert.notEqual(json.example, undefined, `${method} ${p} ${status}`);
            examples++;
          }
        }
        const body = op.requestBody?.content?.['application/json'];
        // One example, or named ones (a body per venue): each named example carries a value.
        if (body) assert.ok(body.example !== undefined || (Object.keys(body.examples ?? {}).length > 0 && Object.values(body.examples).every((e: any) => e.value !== undefined)), `${method} ${p} body`);
      }
    }
    assert.ok(examples > 10);
  });

  it('builds examples from the schema: given examples first, then enums, names, types', () => {
    const doc = { components: { schemas: { Price: { type: 'number', minimum: 0, maximum: 1 } } } };
    assert.deepEqual(
      exampleOf(doc, {
        type: 'object',
        properties: {
          exchange: { type: 'string' },
          status: { type: 'string', enum: ['open', 'closed'] },
          query: { type: 'string', example: 'given' },
          yes_price: { anyOf: [{ type: 'null' }, { $ref: '#/components/schemas/Price' }] },
          close_time: { type: ['string', 'null'], format: 'date-time' },
          limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
          tags: { type: 'array', items: { type: 'string' } },
        },
      }),
      { exchange: 'kalshi', status: 'open', query: 'given', yes_price: 0.42, close_time: '2026-12-10T19:00:00Z', limit: 20, tags: ['tag'] },
    );
  });

  it('reads CORS_ORIGINS as a list of origins, none by default, and refuses anything else', () => {
    assert.deepEqual(loadConfig({}).corsOrigins, []);
    assert.deepEqual(loadConfig({ CORS_ORIGINS: ' https://a.example, http://localhost:3000 ' }).corsOrigins, ['https://a.example', 'http://localhost:3000']);
    assert.deepEqual(loadConfig({ CORS_ORIGINS: '*' }).corsOrigins, ['*']);
    assert.throws(() => loadConfig({ CORS_ORIGINS: 'https://a.example/path' }), /CORS_ORIGINS/);
    assert.throws(() => loadConfig({ CORS_ORIGINS: 'a.example' }), /CORS_ORIGINS/);
  });
});
