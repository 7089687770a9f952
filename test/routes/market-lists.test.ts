// The catalog-served market and event lists through the real HTTP frame, on a real embedded database
// seeded through the catalog writer: polling with `updated_since`, and the one rule that decides
// which venues' events are served (the venue's events capability, for the per-venue and the
// cross-venue routes alike), checked for all nine venues. Nothing here calls a venue: catalog reads
// never do, so the adapters point at their default URLs and are only asked for their capabilities.
import assert from 'node:assert/strict';
import { CatalogReader } from '../../src/catalog/catalog-repository.js';
import { CatalogWriter } from '../../src/catalog/catalog-write-repository.js';
import { createVenuesRouter } from '../../src/http/routes/venues.js';
import { MarketDataService } from '../../src/market-data/market-data-service.js';
import type { VenueAdapter } from '../../src/venues/adapter.js';
import { EXCHANGE_CODES, type ExchangeCode } from '../../src/venues/exchanges.js';
import { makeEvent, makeMarket } from '../../src/venues/records.js';
import { createAdapter, registeredExchanges } from '../../src/venues/registry.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { openTestDatabase, type TestDatabase } from '../helpers/database.js';

const T1 = '2026-01-01T00:00:00.000Z';
const T2 = '2026-01-02T00:00:00.000Z';
const T3 = '2026-01-03T00:00:00.000Z';

describe('market and event lists (catalog)', function () {
  this.timeout(60_000);
  let db: TestDatabase;
  let app: TestApp;
  const adapters: Partial<Record<ExchangeCode, VenueAdapter>> = {};
  const get = async (path: string) => app.request(path);

  before(async () => {
    db = await openTestDatabase();
    for (const code of registeredExchanges()) adapters[code] = createAdapter(code);
    const writer = new CatalogWriter(db.pool);
    // kalshi: three markets of one event and one category, refreshed on three different days
    await writer.writePage(
      'kalshi',
      {
        markets: [
          makeMarket({ exchange: 'kalshi', market_id: 'OLD', title: 'Old market?', status: 'open', category: 'Politics', event_id: 'EV', updated_at: T1, raw: {} }),
          makeMarket({ exchange: 'kalshi', market_id: 'MID', title: 'Middle market?', status: 'open', category: 'Politics', event_id: 'EV', updated_at: T2, raw: {} }),
          makeMarket({ exchange: 'kalshi', market_id: 'NEW', title: 'New market?', status: 'closed', category: 'Politics', event_id: 'EV', updated_at: T3, raw: {} }),
        ],
        events: [makeEvent({ exchange: 'kalshi', event_id: 'EV', title: 'The event', category: 'Politics', updated_at: T3, raw: {} })],
      },
      null,
    );
    // every venue: one event of its own, and one event id that only the venues without events hold
    for (const code of EXCHANGE_CODES) {
      const lacksEvents = adapters[code] && !adapters[code]!.capabilities.reads.events;
      await writer.writePage(
        code,
        {
          markets: [makeMarket({ exchange: code, market_id: `m-${code}`, title: `A ${code} market?`, status: 'open', event_id: `ev-${code}`, updated_at: T1, raw: {} })],
          events: [
            makeEvent({ exchange: code, event_id: `ev-${code}`, title: `A ${code} event`, updated_at: T1, raw: {} }),
            ...(lacksEvents ? [makeEvent({ exchange: code, event_id: 'only-where-events-are-not-served', title: 'Hidden', updated_at: T1, raw: {} })] : []),
          ],
        },
        null,
      );
    }
    const marketData = new MarketDataService({ catalog: new CatalogReader(db.pool), adapters, liveCacheTtlMs: 0 });
    app = await startTestApp({ db, keyedRouters: () => [{ path: '/', router: createVenuesRouter(marketData) }] });
  });
  after(async () => {
    await app?.close();
    await db?.destroy();
  });

  describe('updated_since', () => {
    const ids = (body: { markets: { market_id: string }[] }) => body.markets.map((m) => m.market_id).sort();

    it('lists only markets updated at or after the time, given as ISO or unix seconds', async () => {
      const all = await get('/api/v1/kalshi/markets');
      assert.deepEqual(ids(all.body), ['MID', 'NEW', 'OLD', 'm-kalshi']);
      const iso = await get(`/api/v1/kalshi/markets?updated_since=${encodeURIComponent(T2)}`);
      assert.equal(iso.status, 200, iso.text);
      assert.deepEqual(ids(iso.body), ['MID', 'NEW']);
      assert.ok(iso.body.markets.every((m: { updated_at: string }) => Date.parse(m.updated_at) >= Date.parse(T2)));
      const unix = await get(`/api/v1/kalshi/markets?updated_since=${Date.parse(T2) / 1000 + 1}`);
      assert.deepEqual(ids(unix.body), ['NEW']);
      const later = await get(`/api/v1/kalshi/markets?updated_since=${encodeURIComponent('2026-02-01T00:00:00Z')}`);
      assert.deepEqual(later.body, { markets: [], count: 0, next_cursor: null });
    });

    it('combines with the other filters and with paging; a cursor stays bound to its updated_since', async () => {
      const open = await get(`/api/v1/kalshi/markets?status=open&updated_since=${encodeURIComponent(T2)}`);
      assert.deepEqual(ids(open.body), ['MID']);
      const first = await get(`/api/v1/kalshi/markets?limit=1&updated_since=${encodeURIComponent(T2)}`);
      assert.deepEqual(ids(first.body), ['MID']);
      assert.equal(typeof first.body.next_cursor, 'string');
      const second = await get(`/api/v1/kalshi/markets?limit=1&updated_since=${encodeURIComponent(T2)}&cursor=${encodeURIComponent(first.body.next_cursor)}`);
      assert.deepEqual(ids(second.body), ['NEW']);
      assert.equal(second.body.next_cursor, null);
      const other = await get(`/api/v1/kalshi/markets?limit=1&cursor=${encodeURIComponent(first.body.next_cursor)}`);
      assert.equal(other.status, 400, 'a cursor of the updated_since list does not continue the full list');
    });

    it('is taken by the category and the event market lists', async () => {
      const category = await get(`/api/v1/kalshi/categories/politics/markets?updated_since=${encodeURIComponent(T2)}`);
      assert.equal(category.status, 200, category.text);
      assert.deepEqual(ids(category.body), ['MID', 'NEW']);
      const event = await get(`/api/v1/kalshi/events/EV/markets?updated_since=${encodeURIComponent(T3)}`);
      assert.equal(event.status, 200, event.text);
      assert.deepEqual(ids(event.body), ['NEW']);
    });

    it('refuses an invalid time with a 400 naming updated_since, on every list', async () => {
      for (const path of ['/api/v1/kalshi/markets', '/api/v1/kalshi/categories/politics/markets', '/api/v1/kalshi/events/EV/markets']) {
        for (const bad of ['yesterday', '2026-13-45', '', '1e400']) {
          const r = await get(`${path}?updated_since=${encodeURIComponent(bad)}`);
          assert.equal(r.status, 400, `${path} updated_since=${bad}: ${r.text}`);
          assert.match(r.body.error, /updated_since/);
        }
      }
    });

    it('is documented in the OpenAPI document of the three lists', async () => {
      const doc = (await app.request('/openapi.json', { plan: null })).body;
      for (const path of ['/api/v1/{exchange}/markets', '/api/v1/{exchange}/categories/{category}/markets', '/api/v1/{exchange}/events/{event_id}/markets']) {
        const param = doc.paths[path].get.parameters.find((p: { name: string; in: string }) => p.name === 'updated_since' && p.in === 'query');
        assert.ok(param, `${path} documents updated_since`);
        assert.match(param.description ?? param.schema?.description ?? '', /unix seconds/);
      }
    });
  });

  describe('events: the venue capability decides for the per-venue and the cross-venue routes', () => {
    it('has venues on both sides of the rule (so the rule is exercised)', () => {
      const withEvents = EXCHANGE_CODES.filter((c) => adapters[c]?.capabilities.reads.events);
      assert.ok(withEvents.length > 0 && withEvents.length < EXCHANGE_CODES.length, `venues with events: ${withEvents.join(', ')}`);
    });

    for (const code of EXCHANGE_CODES) {
      it(`${code}: /${code}/events and /events agree`, async function () {
        if (!adapters[code]) return this.skip();
        const served = adapters[code]!.capabilities.reads.events;
        const own = await get(`/api/v1/${code}/events`);
        const cross = await get(`/api/v1/events?exchange=${code}`);
        const byId = await get(`/api/v1/events/ev-${code}?exchange=${code}`);
        const ownById = await get(`/api/v1/${code}/events/ev-${code}`);
        const everything = await get('/api/v1/events?limit=1000');
        assert.equal(everything.status, 200, everything.text);
        const listed = everything.body.events.some((e: { exchange: string }) => e.exchange === code);
        if (served) {
          for (const r of [own, cross, byId, ownById]) assert.equal(r.status, 200, r.text);
          assert.deepEqual(cross.body.events, own.body.events);
          assert.ok(own.body.events.some((e: { event_id: string }) => e.event_id === `ev-${code}`));
          assert.equal(byId.body.exchange, code);
          assert.equal(listed, true, `/events lists ${code}'s events`);
        } else {
          for (const r of [own, cross, byId, ownById]) {
            assert.equal(r.status, 404, r.text);
            assert.match(r.body.error, new RegExp(`${code} has no events operation`));
          }
          assert.equal(listed, false, `/events lists none of ${code}'s events`);
        }
      });
    }

    it('filters events by category (case-insensitive, any of a list), across venues and per venue', async () => {
      const cross = await get('/api/v1/events?category=POLITICS,nosuchcategory');
      assert.equal(cross.status, 200, cross.text);
      assert.deepEqual(cross.body.events.map((e: { exchange: string; event_id: string }) => `${e.exchange}:${e.event_id}`), ['kalshi:EV']);
      assert.equal(cross.body.events[0].market_count, 3);
      const own = await get('/api/v1/kalshi/events?category=politics');
      assert.deepEqual(own.body.events.map((e: { event_id: string }) => e.event_id), ['EV']);
      const other = await get('/api/v1/events?category=other&limit=1000');
      assert.ok(other.body.count > 0);
      assert.ok(other.body.events.every((e: { category: string; event_id: string }) => e.category === 'other' && e.event_id !== 'EV'));
    });

    it('an event id held only by venues without events is unknown to /events/{id}', async () => {
      const r = await get('/api/v1/events/only-where-events-are-not-served');
      assert.equal(r.status, 404, r.text);
      assert.match(r.body.error, /unknown event/);
    });
  });
});
