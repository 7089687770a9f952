// Catalog reads through the real service in sim mode (in-process venue simulators, real database
// filled by the venue sync, real HTTP): compressed answers, conditional GETs, and the agreement of
// events and categories with the markets that point at them, for every venue.
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { CatalogWriter } from '../../src/catalog/catalog-writer.js';
import { makeMarket, type MarketStatus } from '../../src/venues/records.js';
import type { ExchangeCode } from '../../src/venues/exchanges.js';
import { issueKey, startTestService, type TestService } from '../helpers/service.js';
import { jsonOf, rawRequest } from './raw-request.js';

describe('catalog reads at the edges (sim venues)', function () {
  this.timeout(180_000);
  let svc: TestService;
  let key: string;

  before(async () => {
    svc = await startTestService({ env: { EXCHANGE_MODE: 'sim', RUN_JOBS: 'true', SYNC_ON_START: 'false', SYNC_SCHEDULE: '0 0 1 1 *' } });
    key = await issueKey(svc, 'admin', 100_000);
    const results = await svc.venueSync!.syncAllNow();
    for (const r of results) assert.equal(r.ok, true, `${r.exchange} sync: ${r.error}`);
  });
  after(async () => svc?.destroy());

  const get = (path: string, headers: Record<string, string> = {}) => rawRequest(svc.url, 'GET', path, { 'x-api-key': key, ...headers });

  describe('compression', () => {
    it('compresses with br or gzip as the client accepts, and not at all when it accepts neither', async () => {
      const path = '/api/v1/kalshi/markets?limit=50';
      const plain = await get(path);
      assert.equal(plain.status, 200);
      assert.equal(plain.headers['content-encoding'], undefined);
      const expected = jsonOf(plain);
      assert.ok(plain.body.length > 5000, 'a body large enough to be worth compressing');

      const gz = await get(path, { 'accept-encoding': 'gzip' });
      assert.equal(gz.headers['content-encoding'], 'gzip');
      assert.match(String(gz.headers.vary), /accept-encoding/i);
      assert.ok(gz.body.length < plain.body.length / 2, `gzip ${gz.body.length} vs ${plain.body.length}`);
      assert.deepEqual(JSON.parse(zlib.gunzipSync(gz.body).toString('utf8')), expected);

      const br = await get(path, { 'accept-encoding': 'gzip, deflate, br' });
      assert.equal(br.headers['content-encoding'], 'br');
      assert.deepEqual(JSON.parse(zlib.brotliDecompressSync(br.body).toString('utf8')), expected);

      const identity = await get(path, { 'accept-encoding': 'identity' });
      assert.equal(identity.headers['content-encoding'], undefined);
      assert.deepEqual(jsonOf(identity), expected);
    });

    it('leaves small answers (errors) uncompressed', async () => {
      const res = await get('/api/v1/kalshi/NO-SUCH-MARKET/market', { 'accept-encoding': 'br, gzip' });
      assert.equal(res.status, 404);
      assert.equal(res.headers['content-encoding'], undefined);
      assert.ok(jsonOf(res).error);
    });
  });

  describe('conditional GET (ETag / If-None-Match)', () => {
    it('answers a repeated conditional GET of catalog reads with 304 and no body', async () => {
      const m = (await svc.db.pool.query("SELECT market_id, event_id, category FROM markets WHERE exchange = 'kalshi' AND NOT removed AND event_id IS NOT NULL ORDER BY market_id LIMIT 1")).rows[0];
      for (const path of [
        `/api/v1/kalshi/${m.market_id}/market`,
        '/api/v1/kalshi/markets',
        `/api/v1/kalshi/categories/${m.category}/markets`,
        '/api/v1/kalshi/events',
        `/api/v1/kalshi/events/${m.event_id}`,
        `/api/v1/kalshi/events/${m.event_id}/markets`,
        '/api/v1/events?exchange=kalshi',
        `/api/v1/events/${m.event_id}`,
      ]) {
        const first = await get(path, { 'accept-encoding': 'gzip' });
        assert.equal(first.status, 200, path);
        const etag = first.headers.etag;
        assert.ok(etag, `${path}: ETag`);
        const again = await get(path, { 'if-none-match': etag, 'accept-encoding': 'gzip' });
        assert.equal(again.status, 304, path);
        assert.equal(again.body.length, 0);
        assert.equal(again.headers.etag, etag);
        const other = await get(path, { 'if-none-match': 'W/"not-this-one"' });
        assert.equal(other.status, 200, `${path}: a stale tag gets the body`);
      }
    });

    it('answers 200 with a new ETag once the market changed', async () => {
      const row = (await svc.db.pool.query("SELECT market_id FROM markets WHERE exchange = 'kalshi' AND NOT removed AND status = 'open' ORDER BY market_id LIMIT 1")).rows[0];
      const path = `/api/v1/kalshi/${row.market_id}/market`;
      const first = await get(path);
      const before = jsonOf(first);
      const etag = first.headers.etag!;
      assert.equal((await get(path, { 'if-none-match': etag })).status, 304);
      const listPath = '/api/v1/kalshi/markets?limit=1000';
      const listTag = (await get(listPath)).headers.etag!;
      assert.equal((await get(listPath, { 'if-none-match': listTag })).status, 304);

      const { svc_id: _s, cluster_id: _c, closed: _closed, ...fields } = before;
      const changed = makeMarket({ ...fields, exchange: 'kalshi' as ExchangeCode, status: before.status as MarketStatus, title: `${before.title} (amended)`, raw: { amended: true } });
      await new CatalogWriter(svc.db.pool).writePage('kalshi', { markets: [changed], events: [] }, null);

      const after = await get(path, { 'if-none-match': etag });
      assert.equal(after.status, 200);
      assert.notEqual(after.headers.etag, etag);
      assert.equal(jsonOf(after).title, `${before.title} (amended)`);
      const list = await get(listPath, { 'if-none-match': listTag });
      assert.equal(list.status, 200, 'the list holding the market changed too');
      assert.ok(jsonOf(list).markets.some((m: { title: string }) => m.title === `${before.title} (amended)`));
    });
  });
});
