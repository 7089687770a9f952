// The per-venue read routes through the real service (EXCHANGE_MODE=sim: in-process simulators, real
// embedded database, catalog filled by the venue sync), table-driven over the spec's known paths (docs/interface-spec.md §4.6).
// What the spec lists for each venue, and an id shaped like the venue's but absent, come from the
// venue descriptors' `testHints` (src/venues/<code>/index.ts): nothing here names a venue.
import assert from 'node:assert/strict';
import { VENUES } from '../../src/venues/index.js';
import type { RouteRead } from '../../src/venues/descriptor.js';
import { EXCHANGE_CODES, type ExchangeCode } from '../../src/venues/exchanges.js';
import { issueKey, startTestService, type TestService } from '../helpers/service.js';

const hintsOf = (code: ExchangeCode) => VENUES.find((v) => v.code === code)!.testHints;
/** The spec's known paths, plus the by-name operations of x1..x4 (docs/interface-spec.md §4.6-4.7). */
const SPEC_READS = Object.fromEntries(EXCHANGE_CODES.map((c) => [c, hintsOf(c).specReads])) as Record<ExchangeCode, readonly RouteRead[]>;
/** What the spec says a venue does NOT have (docs/interface-spec.md §4.6). */
const SPEC_LACKS = Object.fromEntries(EXCHANGE_CODES.map((c) => [c, hintsOf(c).specLacks])) as Record<ExchangeCode, readonly RouteRead[]>;

const MARKET_FIELDS = [
  'exchange', 'market_id', 'event_id', 'title', 'subtitle', 'category', 'tags', 'status', 'closed', 'outcomes', 'yes_price', 'yes_bid', 'yes_ask',
  'last_price', 'volume', 'volume_24h', 'liquidity', 'open_interest', 'open_time', 'close_time', 'resolution_time', 'result', 'rules', 'url', 'neg_risk',
  'svc_id', 'cluster_id', 'updated_at',
];

const unknownId = (code: ExchangeCode): string => hintsOf(code).unknownMarketId;

describe('per-venue read routes', function () {
  this.timeout(180_000);
  let svc: TestService;
  let key: string;
  const get = (path: string) => svc.request(path, { headers: { 'x-api-key': key } });
  const sample: Partial<Record<ExchangeCode, { market_id: string; event_id: string | null; category: string }>> = {};

  before(async () => {
    svc = await startTestService({
      // The live-read timeout bounds a whole read (retries, a catalog-miss lookup, the calls of a paged
      // read): at Opinion's 5 requests a second a read of three calls after the listings spent the burst
      // takes ~0.6 s. Still below the 1.5 s the slow-venue case below must answer 504 within.
      env: { EXCHANGE_MODE: 'sim', RUN_JOBS: 'true', SYNC_ON_START: 'false', SYNC_SCHEDULE: '0 0 1 1 *', LIVE_READ_TIMEOUT_MS: '1200', LIVE_CACHE_TTL_MS: '2000' },
    });
    key = await issueKey(svc, 'max', 100_000);
    const results = await svc.venueSync!.syncAllNow();
    for (const r of results) assert.equal(r.ok, true, `${r.exchange} sync: ${r.error}`);
    for (const code of svc.venues.exchanges) {
      const m = (await svc.db.pool.query("SELECT market_id, event_id, category FROM markets WHERE exchange = $1 AND NOT removed AND status = 'open' ORDER BY market_id LIMIT 1", [code])).rows[0];
      if (m) sample[code] = m;
    }
  });
  after(async () => svc?.destroy());

  it('answers 404 for an unknown exchange code, and leaves other route groups alone', async () => {
    const r = await get('/api/v1/nosuchvenue/markets');
    assert.equal(r.status, 404);
    assert.ok(r.body.error);
    const health = await svc.request('/health');
    assert.equal(health.status, 200);
    for (const code of svc.venues.exchanges) assert.equal(health.body.components.exchanges[code].status, 'ok', `${code} sync status in /health`);
  });

  it('registers every route in the OpenAPI document', async () => {
    const doc = (await svc.request('/openapi.json')).body;
    for (const p of ['/api/v1/{exchange}/markets', '/api/v1/{exchange}/{market_id}/market', '/api/v1/{exchange}/{market_id}/orderbook', '/api/v1/{exchange}/{market_id}/topofbook',
      '/api/v1/{exchange}/{market_id}/tradehistory', '/api/v1/{exchange}/{market_id}/prices', '/api/v1/{exchange}/{market_id}/candles', '/api/v1/{exchange}/{market_id}/rules',
      '/api/v1/{exchange}/categories/{category}/markets', '/api/v1/{exchange}/events', '/api/v1/{exchange}/events/{event_id}', '/api/v1/{exchange}/events/{event_id}/markets',
      '/api/v1/events', '/api/v1/events/{event_id}']) {
      assert.ok(doc.paths[p]?.get, `${p} documented`);
    }
  });

  for (const code of EXCHANGE_CODES) {
    describe(code, () => {
      beforeEach(function () {
        if (!sample[code]) assert.fail(`${code}: the sync stored no open market`);
      });

      it('lists markets with §3 records, pages with cursors, filters, and refuses bad parameters', async () => {
        const all = await get(`/api/v1/${code}/markets?limit=1000`);
        assert.equal(all.status, 200, all.text);
        assert.equal(all.body.count, all.body.markets.length);
        assert.equal(all.body.next_cursor, null);
        const stored = (await svc.db.pool.query('SELECT count(*)::int AS n FROM markets WHERE exchange = $1 AND NOT removed', [code])).rows[0].n;
        assert.equal(all.body.count, stored);
        for (const m of all.body.markets) {
          assert.deepEqual(Object.keys(m).sort(), [...MARKET_FIELDS].sort());
          assert.equal(m.exchange, code);
          assert.equal(m.closed, !['open', 'upcoming'].includes(m.status));
          for (const p of [m.yes_price, m.yes_bid, m.yes_ask, m.last_price]) assert.ok(p === null || (p >= 0 && p <= 1));
        }
        const ids: string[] = [];
        let cursor: string | null = null;
        do {
          const page = await get(`/api/v1/${code}/markets?limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
          assert.equal(page.status, 200, page.text);
          assert.ok(page.body.count <= 7);
          ids.push(...page.body.markets.map((m: { market_id: string }) => m.market_id));
          cursor = page.body.next_cursor;
        } while (cursor);
        assert.deepEqual(ids, all.body.markets.map((m: { market_id: string }) => m.market_id), 'cursor walk = full list');

        const open = await get(`/api/v1/${code}/markets?status=open&category=${encodeURIComponent(sample[code]!.category)},nosuchcategory`);
        assert.equal(open.status, 200);
        assert.ok(open.body.count > 0);
        assert.ok(open.body.markets.every((m: { status: string; category: string }) => m.status === 'open' && m.category.toLowerCase() === sample[code]!.category.toLowerCase()));
        const byCategory = await get(`/api/v1/${code}/categories/${encodeURIComponent(sample[code]!.category)}/markets?limit=1000`);
        assert.equal(byCategory.status, 200);
        assert.ok(byCategory.body.markets.some((m: { market_id: string }) => m.market_id === sample[code]!.market_id));

        for (const bad of ['limit=0', 'limit=1001', 'limit=abc', 'status=bogus', 'cursor=not-a-cursor']) {
          const r = await get(`/api/v1/${code}/markets?${bad}`);
          assert.equal(r.status, 400, `${bad}: ${r.text}`);
          assert.match(r.body.error, new RegExp(bad.split('=')[0]));
        }
        const foreign = await get(`/api/v1/${code}/markets?status=open&limit=1`);
        if (foreign.body.next_cursor) assert.equal((await get(`/api/v1/${code}/markets?cursor=${encodeURIComponent(foreign.body.next_cursor)}`)).status, 400, 'a cursor of another list is refused');
      });

      it('serves market details and rules from the catalog; an unknown market is a 404', async () => {
        const id = sample[code]!.market_id;
        const r = await get(`/api/v1/${code}/${encodeURIComponent(id)}/market`);
        assert.equal(r.status, 200, r.text);
        assert.deepEqual(Object.keys(r.body).sort(), [...MARKET_FIELDS].sort());
        assert.equal(r.body.market_id, id);
        // The matcher runs after each sync, so a market may already be in a cluster: the record says
        // what the catalog holds, null until then.
        const stored = (await svc.db.pool.query('SELECT svc_id, cluster_id FROM markets WHERE exchange = $1 AND market_id = $2', [code, id])).rows[0];
        assert.equal(r.body.svc_id, stored.svc_id);
        assert.equal(r.body.cluster_id, stored.cluster_id);
        assert.ok(!Number.isNaN(Date.parse(r.body.updated_at)));
        const rules = await get(`/api/v1/${code}/${encodeURIComponent(id)}/rules`);
        assert.equal(rules.status, 200);
        assert.equal(rules.body.rules, r.body.rules);
        const unknown = await get(`/api/v1/${code}/${encodeURIComponent(unknownId(code))}/market`);
        assert.equal(unknown.status, 404, unknown.text);
        assert.match(unknown.body.error, /unknown/);
      });

      it('serves the live operations the spec lists for it, and 404s naming the ones it lacks', async () => {
        const id = encodeURIComponent(sample[code]!.market_id);
        const ops = SPEC_READS[code];
        const caps = svc.venues.liveAdapters[code]!.capabilities.reads;
        for (const op of ops.filter((o) => o !== 'market' && o !== 'markets' && o !== 'events')) {
          const cap = op === 'topofbook' ? 'orderbook' : op === 'tradehistory' ? 'trades' : op;
          assert.equal(caps[cap as keyof typeof caps], true, `the spec lists ${op} for ${code}, its adapter lacks it`);
          const qs = op === 'candles' ? '?interval=1h' : op === 'prices' ? '?interval=1h' : '';
          const r = await get(`/api/v1/${code}/${id}/${op}${qs}`);
          assert.equal(r.status, 200, `${op}: ${r.text}`);
          if (op === 'orderbook') {
            assert.equal(r.body.count, 1);
            const s = r.body.snapshots[0];
            assert.ok(Array.isArray(s.bids) && Array.isArray(s.asks) && !Number.isNaN(Date.parse(s.timestamp)));
            for (const l of [...s.bids, ...s.asks]) assert.ok(l.price >= 0 && l.price <= 1 && l.size >= 0);
          }
          if (op === 'topofbook') assert.deepEqual(Object.keys(r.body).sort(), ['ask_size', 'best_ask', 'best_bid', 'bid_size', 'mid', 'spread', 'timestamp']);
          if (op === 'tradehistory') {
            assert.equal(r.body.count, r.body.trades.length);
            for (const t of r.body.trades) assert.deepEqual(Object.keys(t).sort(), ['id', 'outcome', 'price', 'size', 'taker_side', 'timestamp']);
          }
          if (op === 'prices') for (const p of r.body.points) assert.ok(p.price >= 0 && p.price <= 1 && !Number.isNaN(Date.parse(p.timestamp)));
          if (op === 'candles') for (const c of r.body.candles) assert.ok(c.low <= c.high);
          const unknown = await get(`/api/v1/${code}/${encodeURIComponent(unknownId(code))}/${op}${qs}`);
          assert.equal(unknown.status, 404, `${op} of an unknown market: ${unknown.text}`);
        }
        for (const op of SPEC_LACKS[code] ?? []) {
          const r = await get(`/api/v1/${code}/${id}/${op}${op === 'candles' ? '?interval=1h' : ''}`);
          assert.equal(r.status, 404, `${op}: ${r.text}`);
          assert.match(r.body.error, new RegExp(`${code} has no ${op === 'topofbook' ? 'orderbook' : op} operation`));
        }
        for (const cap of ['orderbook', 'trades', 'prices', 'candles'] as const) {
          if (caps[cap]) continue;
          const path = cap === 'trades' ? 'tradehistory' : cap;
          const r = await get(`/api/v1/${code}/${id}/${path}${cap === 'candles' ? '?interval=1h' : ''}`);
          assert.equal(r.status, 404);
          assert.match(r.body.error, new RegExp(`${code} has no ${path} operation`));
        }
      });

      it('validates time ranges: ISO or unix seconds, garbage and inverted ranges are 400', async () => {
        const op = SPEC_READS[code].includes('tradehistory') ? 'tradehistory' : 'prices';
        const id = encodeURIComponent(sample[code]!.market_id);
        const now = Math.floor(Date.now() / 1000);
        assert.equal((await get(`/api/v1/${code}/${id}/${op}?start=${now - 86_400 * 7}&end=${now}`)).status, 200);
        assert.equal((await get(`/api/v1/${code}/${id}/${op}?start=${new Date((now - 86_400 * 7) * 1000).toISOString()}`)).status, 200);
        const garbage = await get(`/api/v1/${code}/${id}/${op}?start=yesterday`);
        assert.equal(garbage.status, 400);
        assert.match(garbage.body.error, /start/);
        assert.equal((await get(`/api/v1/${code}/${id}/${op}?start=${now}&end=${now - 10}`)).status, 400);
        if (op === 'prices' || SPEC_READS[code].includes('prices')) assert.equal((await get(`/api/v1/${code}/${id}/prices?interval=7m`)).status, 400);
      });

      it('events: by venue, by id, their markets; cross-venue lookups', async function () {
        const caps = svc.venues.liveAdapters[code]!.capabilities.reads;
        if (!caps.events) {
          const r = await get(`/api/v1/${code}/events`);
          assert.equal(r.status, 404);
          assert.match(r.body.error, new RegExp(`${code} has no events operation`));
          return;
        }
        const list = await get(`/api/v1/${code}/events?limit=5`);
        assert.equal(list.status, 200, list.text);
        if (list.body.count === 0) return this.skip();
        const ev = list.body.events[0];
        assert.equal(ev.exchange, code);
        const one = await get(`/api/v1/${code}/events/${encodeURIComponent(ev.event_id)}`);
        assert.equal(one.status, 200);
        assert.equal(one.body.event_id, ev.event_id);
        const markets = await get(`/api/v1/${code}/events/${encodeURIComponent(ev.event_id)}/markets`);
        assert.equal(markets.status, 200);
        assert.equal(markets.body.count, ev.market_count);
        assert.ok(markets.body.markets.every((m: { event_id: string }) => m.event_id === ev.event_id));
        const cross = await get(`/api/v1/events/${encodeURIComponent(ev.event_id)}?exchange=${code}`);
        assert.equal(cross.status, 200);
        assert.equal(cross.body.exchange, code);
        assert.equal((await get(`/api/v1/${code}/events/no-such-event-xyz`)).status, 404);
        assert.equal((await get(`/api/v1/${code}/events/no-such-event-xyz/markets`)).status, 404);
        const all = await get(`/api/v1/events?exchange=${code}&limit=1000`);
        assert.equal(all.status, 200);
        assert.ok(all.body.events.every((e: { exchange: string }) => e.exchange === code));
      });
    });
  }

  it('cross-venue events list pages with a cursor and refuses unknown exchanges', async () => {
    const seen = new Set<string>();
    let cursor: string | null = null;
    let pages = 0;
    do {
      const r = await get(`/api/v1/events?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      assert.equal(r.status, 200, r.text);
      for (const e of r.body.events) {
        const k = `${e.exchange}:${e.event_id}`;
        assert.ok(!seen.has(k), `no repeats (${k})`);
        seen.add(k);
      }
      cursor = r.body.next_cursor;
      pages += 1;
    } while (cursor && pages < 100);
    // Only venues with the events operation are served (the same rule as /{exchange}/events).
    const served = svc.venues.exchanges.filter((c) => svc.venues.liveAdapters[c]?.capabilities.reads.events);
    const total = (await svc.db.pool.query('SELECT count(*)::int AS n FROM events WHERE exchange = ANY($1::text[])', [served])).rows[0].n;
    assert.equal(seen.size, total);
    assert.equal((await get('/api/v1/events?exchange=nosuch')).status, 400);
    assert.equal((await get('/api/v1/events/definitely-not-an-event')).status, 404);
  });

  it('live reads: concurrent requests share one venue call; venue failure is 502, a slow venue 504, never stale data', async function () {
    const code = (['kalshi', 'polymarket'] as const).find((c) => sample[c]);
    if (!code) return this.skip();
    const sim = svc.venues.simulators!.simulators[code]!;
    const ids = (await svc.db.pool.query("SELECT market_id FROM markets WHERE exchange = $1 AND NOT removed AND status = 'open' ORDER BY market_id DESC LIMIT 3", [code])).rows.map((r) => r.market_id as string);
    const bookPath = (id: string) => `/api/v1/${code}/${encodeURIComponent(id)}/orderbook`;

    const before = sim.server.requests.length;
    const answers = await Promise.all(Array.from({ length: 6 }, () => get(bookPath(ids[0]))));
    assert.ok(answers.every((a) => a.status === 200));
    const venueCalls = sim.server.requests.slice(before).length;
    assert.ok(venueCalls >= 1 && venueCalls <= 2, `6 concurrent requests made ${venueCalls} venue calls (one book, maybe one lookup)`);

    sim.server.fail(20, 500);
    const failed = await get(bookPath(ids[1]));
    assert.equal(failed.status, 502, failed.text);
    assert.match(failed.body.error, new RegExp(code));
    sim.server.clearFaults();

    sim.server.slow(1_500);
    const slow = await get(bookPath(ids[2]));
    sim.server.clearFaults();
    assert.equal(slow.status, 504, slow.text);
    // The slow call is still at the venue for another 0.3 s, holding a slot of the venue's budget; on a
    // loaded machine the next read could spend its whole timeout behind it. Let it end first.
    await new Promise((resolve) => setTimeout(resolve, 400));
    // The failed and slow reads cached nothing: the next request asks the venue again and answers.
    assert.equal((await get(bookPath(ids[2]))).status, 200);
  });
});
