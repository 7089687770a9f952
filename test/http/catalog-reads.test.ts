// Catalog reads through the real service in sim mode (in-process venue simulators, real database
// filled by the venue sync, real HTTP): compressed answers, conditional GETs, and the agreement of
// events and categories with the markets that point at them, for every venue.
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { CatalogWriter } from '../../src/catalog/catalog-write-repository.js';
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
      // no Accept-Encoding skips the compression hooks (src/http/middleware/compression.ts) but still says the answer varies by it
      assert.match(String(plain.headers.vary), /accept-encoding/i);
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

  describe('events and categories agree with the markets that point at them', () => {
    interface M { market_id: string; event_id: string | null; category: string }
    const json = async (path: string) => {
      const res = await get(path);
      return { status: res.status, body: jsonOf(res) };
    };
    const allPages = async (path: string, key: string): Promise<M[]> => {
      const items: M[] = [];
      let cursor: string | null = null;
      do {
        const page = await json(`${path}${path.includes('?') ? '&' : '?'}limit=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        assert.equal(page.status, 200, `${path}: ${JSON.stringify(page.body)}`);
        items.push(...page.body[key]);
        cursor = page.body.next_cursor;
      } while (cursor);
      return items;
    };

    it('walks every market of every venue through its event and its category', async () => {
      assert.equal(svc.venues.exchanges.length, 9);
      for (const ex of svc.venues.exchanges) {
        const markets = await allPages(`/api/v1/${ex}/markets`, 'markets');
        assert.ok(markets.length > 0, `${ex}: markets`);
        const venueEvents = await json(`/api/v1/${ex}/events`);
        const hasEvents = venueEvents.status === 200;
        if (!hasEvents) assert.equal(venueEvents.body.error, `${ex} has no events operation`);

        const byEvent = new Map<string, M[]>();
        for (const m of markets) if (m.event_id) byEvent.set(m.event_id, [...(byEvent.get(m.event_id) ?? []), m]);
        for (const [eventId, members] of byEvent) {
          const id = encodeURIComponent(eventId);
          const own = await json(`/api/v1/${ex}/events/${id}`);
          if (!hasEvents) {
            assert.equal(own.status, 404, `${ex} event ${eventId}`);
            assert.equal(own.body.error, `${ex} has no events operation`);
            continue;
          }
          assert.equal(own.status, 200, `${ex}: market ${members[0].market_id} points at event ${eventId}, which is ${own.status} ${JSON.stringify(own.body)}`);
          assert.equal(own.body.exchange, ex);
          assert.equal(own.body.event_id, eventId);
          assert.ok((['open', 'upcoming', 'closed', 'resolved', 'halted'] as unknown[]).includes(own.body.status), `${ex} event ${eventId}: status ${own.body.status}`);
          assert.equal(own.body.market_count, members.length, `${ex} event ${eventId}: market_count`);
          const cross = await json(`/api/v1/events/${id}?exchange=${ex}`);
          assert.equal(cross.status, 200, `/events/${eventId}?exchange=${ex}`);
          assert.deepEqual(cross.body, own.body);
          const listed = new Set((await allPages(`/api/v1/${ex}/events/${id}/markets`, 'markets')).map((m) => m.market_id));
          for (const m of members) assert.ok(listed.has(m.market_id), `${ex}: ${m.market_id} in the markets of event ${eventId}`);
        }

        const eventIds = new Set(byEvent.keys());
        const byCategory = new Map<string, M[]>();
        for (const m of markets) byCategory.set(m.category, [...(byCategory.get(m.category) ?? []), m]);
        for (const [category, members] of byCategory) {
          assert.ok(!eventIds.has(category) || category === 'other', `${ex}: category ${category} is an event id, not a topic`);
          const listed = new Set((await allPages(`/api/v1/${ex}/categories/${encodeURIComponent(category)}/markets`, 'markets')).map((m) => m.market_id));
          assert.equal(listed.size, members.length, `${ex} category ${category}`);
          for (const m of members) assert.ok(listed.has(m.market_id), `${ex}: ${m.market_id} under category ${category}`);
        }
      }
    });

    it('gives predict.fun topics as categories, and its markets\' events in the events list', async () => {
      const markets = await allPages('/api/v1/predictfun/markets', 'markets');
      const categories = new Set(markets.map((m) => m.category));
      assert.ok(categories.size <= 8, `topics, not slugs: ${[...categories].join(', ')}`);
      for (const c of categories) assert.match(c, /^[a-z]+$/);
      const events = new Set((await allPages('/api/v1/predictfun/events', 'events') as unknown as { event_id: string }[]).map((e) => e.event_id));
      for (const m of markets) assert.ok(m.event_id && events.has(m.event_id), `${m.market_id}: event ${m.event_id} listed`);
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
