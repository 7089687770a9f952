// Incremental venue sync against the simulators (which answer the venues' own change filters) and the
// real embedded database: after one full listing, a short run asks only for what changed (Kalshi's
// min_updated_ts) or for the open markets (Polymarket's closed=false), brings a newly listed market
// to search in that one run, removes nothing, and costs the venue a fraction of a full listing.
import assert from 'node:assert/strict';
import { indexChangedMarkets } from '../../src/indexers/search-indexer.js';
import { VenueSync } from '../../src/indexers/venue-sync.js';
import { startVenueSyncJobs } from '../../src/indexers/venue-sync-setup.js';
import { CatalogWriter } from '../../src/catalog/catalog-write-repository.js';
import { SyncStatusStore } from '../../src/catalog/sync-status-repository.js';
import { PostgresSearchEngine } from '../../src/search/postgres/search-repository.js';
import type { RunningSimulator } from '../../src/sim/types.js';
import { systemClock } from '../../src/util/clock.js';
import type { VenueAdapter } from '../../src/venues/adapter.js';
import { startKalshiSimulator } from '../../src/venues/kalshi/sim/simulator.js';
import { startPolymarketSimulator } from '../../src/venues/polymarket/sim/simulator.js';
import { makeMarket } from '../../src/venues/records.js';
import { createAdapter } from '../../src/venues/registry.js';
import { RequestCounter } from '../../src/venues/request-counter.js';
import { VENUES } from '../../src/venues/index.js';
import { openTestDatabase, type TestDatabase } from '../helpers/database.js';

const query = (r: { search: string }): URLSearchParams => new URLSearchParams(r.search);

const FAST_HTTP = { retries: 1, backoffBaseMs: 5, backoffMaxMs: 20, timeoutMs: 5_000, rateLimit: { perSecond: 1_000, burst: 1_000 } };
const PAGE = 20;

const removed = async (db: TestDatabase, exchange: string, id: string): Promise<boolean> =>
  (await db.pool.query('SELECT removed FROM markets WHERE exchange = $1 AND market_id = $2', [exchange, id])).rows[0].removed;

describe('incremental venue sync', function () {
  this.timeout(120_000);
  let db: TestDatabase;
  beforeEach(async () => {
    db = await openTestDatabase();
  });
  afterEach(async () => {
    await db?.destroy();
  });

  describe('a venue that filters on change time (kalshi, min_updated_ts)', () => {
    let sim: RunningSimulator & { listMarket(ticker: string, title: string): unknown };
    let adapter: VenueAdapter;
    let counter: RequestCounter;
    before(async () => {
      sim = await startKalshiSimulator({ tickMs: 0, seed: 5 });
      counter = new RequestCounter();
      adapter = createAdapter('kalshi', { baseUrls: sim.baseUrls, http: { ...FAST_HTTP, fetch: counter.wrap() } });
    });
    after(async () => {
      await adapter?.close?.();
      await sim?.stop();
    });

    it('after a full listing, a short run lists only what changed, brings a new market to search, and removes nothing', async () => {
      const sync = new VenueSync({ pool: db.pool, adapter, clock: systemClock, pageSize: PAGE, incremental: 'updated_since', overlapMs: 0, requests: counter });
      const full = await sync.run();
      assert.deepEqual([full.kind, full.ok], ['full', true], full.error ?? '');
      assert.ok(full.requests >= 2, `the full listing made ${full.requests} requests`);
      // The venue's clock ticks in seconds: let the next changes fall after the full listing's start.
      await new Promise((r) => setTimeout(r, 1_100));

      const moved = (await db.pool.query<{ market_id: string }>("SELECT market_id FROM markets WHERE exchange = 'kalshi' AND NOT closed ORDER BY market_id LIMIT 2")).rows.map((r) => r.market_id);
      for (const id of moved) sim.activity.stepMarket(id);
      sim.listMarket('KXNEWLISTING-26DEC31-T1', 'Will the brand-new zeppelin line open before 2027?');
      // A market the catalog holds but the venue no longer lists: only a full listing may remove it.
      await new CatalogWriter(db.pool).writePage('kalshi', { markets: [makeMarket({ exchange: 'kalshi', market_id: 'GHOST-1', title: 'Ghost', status: 'open', updated_at: new Date().toISOString(), raw: {} })], events: [] }, null);

      const since = sim.server.requests.length;
      const short = await sync.run();
      assert.deepEqual([short.kind, short.ok, short.removed], ['incremental', true, 0], short.error ?? '');
      const listings = sim.server.requests.slice(since).filter((r) => r.path.endsWith('/markets'));
      assert.ok(listings.length > 0 && listings.every((r) => query(r).get('min_updated_ts') !== null && query(r).get('status') === null), 'every listing request asked for changes since the last run');
      assert.ok(short.markets >= moved.length + 1 && short.markets <= moved.length + 1, `the venue returned the ${moved.length} moved markets and the new one, not ${short.markets}`);
      assert.ok(short.requests * 4 <= full.requests, `a short run costs a fraction of a full one (${short.requests} vs ${full.requests} requests)`);
      assert.equal(await removed(db, 'kalshi', 'GHOST-1'), false, 'an incremental run tombstones nothing');

      const engine = new PostgresSearchEngine({ pool: db.pool });
      await indexChangedMarkets({ pool: db.pool, writer: engine });
      const hits = (await engine.searchMarkets({ q: 'zeppelin line', status: 'all', sort: 'relevance', limit: 5 })).hits;
      assert.deepEqual(hits.map((h) => h.market_id), ['KXNEWLISTING-26DEC31-T1'], 'the new market is searchable after one short run');

      const status = await new SyncStatusStore(db.pool).get('kalshi');
      assert.deepEqual([status?.last_run?.kind, status?.last_run?.requests, status?.last_run?.rows_written], ['incremental', short.requests, short.changed]);
      // A full listing (forced here, due daily by default) is the one that removes.
      const next = await sync.run({ kind: 'full' });
      assert.deepEqual([next.kind, next.removed], ['full', 1]);
      assert.equal(await removed(db, 'kalshi', 'GHOST-1'), true);
    });

    it('the scheduled jobs take each venue\'s mode from its descriptor, and SYNC_FULL_INTERVAL_MINUTES=0 makes every run full', async () => {
      for (const [fullIntervalMs, second] of [[undefined, 'incremental'], [0, 'full']] as const) {
        const jobs = await startVenueSyncJobs({ pool: db.pool, databaseKind: 'embedded', adapters: { kalshi: adapter }, clock: systemClock, schedule: '0 0 1 1 *', pageSize: PAGE, fullIntervalMs, requests: { kalshi: counter } });
        try {
          const kinds = [(await jobs.syncAllNow())[0]?.kind, (await jobs.syncAllNow())[0]?.kind];
          assert.deepEqual(kinds, ['full', second], `full interval ${fullIntervalMs ?? 'default'}`);
        } finally {
          await jobs.stop();
        }
      }
    });

    it('runs a full listing when one is due, and when no full listing was ever completed', async () => {
      const sync = new VenueSync({ pool: db.pool, adapter, clock: systemClock, pageSize: PAGE, incremental: 'updated_since', fullIntervalMs: 60_000 });
      assert.equal((await sync.run({ kind: 'incremental' })).kind, 'full', 'nothing to be incremental from');
      assert.equal((await sync.run()).kind, 'incremental');
      const due = new VenueSync({ pool: db.pool, adapter, clock: { now: () => Date.now() + 61_000 }, pageSize: PAGE, incremental: 'updated_since', fullIntervalMs: 60_000 });
      assert.equal((await due.run()).kind, 'full', 'a day (here a minute) after the last full listing');
      const never = new VenueSync({ pool: db.pool, adapter, clock: systemClock, pageSize: PAGE });
      assert.equal((await never.run()).kind, 'full', 'a venue without an incremental mode always lists everything');
    });
  });

  describe('a venue that orders on change time (polymarket, order=updatedAt, as its descriptor says)', () => {
    let sim: RunningSimulator;
    let adapter: VenueAdapter;
    let counter: RequestCounter;
    before(async () => {
      sim = await startPolymarketSimulator({ tickMs: 0, seed: 5 });
      counter = new RequestCounter();
      adapter = createAdapter('polymarket', { baseUrls: sim.baseUrls, http: { ...FAST_HTTP, fetch: counter.wrap() } });
    });
    after(async () => {
      await adapter?.close?.();
      await sim?.stop();
    });

    it('a short run reads only the markets changed since the last one, open and closed, in a few requests', async () => {
      const incremental = VENUES.find((v) => v.code === 'polymarket')!.sync.incremental;
      assert.equal(incremental, 'updated_since');
      const sync = new VenueSync({ pool: db.pool, adapter, clock: systemClock, pageSize: PAGE, incremental, overlapMs: 0, requests: counter });
      const full = await sync.run();
      assert.deepEqual([full.kind, full.ok], ['full', true], full.error ?? '');
      await new Promise((r) => setTimeout(r, 5));
      const pick = async (closed: boolean, n: number): Promise<string[]> =>
        (await db.pool.query<{ market_id: string }>("SELECT market_id FROM markets WHERE exchange = 'polymarket' AND closed = $1 ORDER BY market_id LIMIT $2", [closed, n])).rows.map((r) => r.market_id);
      const moved = [...(await pick(false, 2)), ...(await pick(true, 1))];
      for (const id of moved) sim.activity.stepMarket(id);

      const since = sim.server.requests.length;
      const short = await sync.run();
      assert.deepEqual([short.kind, short.ok, short.removed, short.refetched], ['incremental', true, 0, 0], short.error ?? '');
      const listings = sim.server.requests.slice(since).filter((r) => r.path.endsWith('/markets/keyset'));
      assert.deepEqual(listings.map((r) => [query(r).get('closed'), query(r).get('order'), query(r).get('ascending')]), [['false', 'updatedAt', 'false'], ['true', 'updatedAt', 'false']]);
      assert.equal(short.markets, moved.length, `the venue returned the ${moved.length} changed markets, not ${short.markets}`);
      assert.equal(short.requests, 2, `one page of each status, whatever the catalog's size (the full listing: ${full.requests})`);
    });
  });

  describe('a venue that lists its open markets (polymarket, closed=false)', () => {
    let sim: RunningSimulator;
    let adapter: VenueAdapter;
    before(async () => {
      sim = await startPolymarketSimulator({ tickMs: 0, seed: 5 });
      adapter = createAdapter('polymarket', { baseUrls: sim.baseUrls, http: FAST_HTTP });
    });
    after(async () => {
      await adapter?.close?.();
      await sim?.stop();
    });

    it('asks for open markets only, and reads back by id an open market that left the open listing', async () => {
      const sync = new VenueSync({ pool: db.pool, adapter, clock: systemClock, pageSize: PAGE, incremental: 'open_only' });
      const full = await sync.run();
      assert.equal(full.kind, 'full');
      // As the catalog would hold a market that has closed on the venue since the last listing.
      const closed = (await db.pool.query<{ market_id: string }>("SELECT market_id FROM markets WHERE exchange = 'polymarket' AND closed LIMIT 1")).rows[0].market_id;
      await db.pool.query("UPDATE markets SET closed = false, status = 'open', content_hash = 'stale' WHERE exchange = 'polymarket' AND market_id = $1", [closed]);

      const since = sim.server.requests.length;
      const short = await sync.run();
      assert.deepEqual([short.kind, short.ok, short.refetched], ['incremental', true, 1], short.error ?? '');
      const listings = sim.server.requests.slice(since).filter((r) => r.path.endsWith('/markets/keyset') && !query(r).has('condition_ids'));
      assert.ok(listings.length > 0 && listings.every((r) => query(r).get('closed') === 'false'));
      assert.ok(short.markets < full.markets, `only the open markets were listed (${short.markets} of ${full.markets})`);
      const row = (await db.pool.query('SELECT closed FROM markets WHERE exchange = $1 AND market_id = $2', ['polymarket', closed])).rows[0];
      assert.equal(row.closed, true, 'the market read back by id is stored as the venue states it: closed');
    });
  });
});
