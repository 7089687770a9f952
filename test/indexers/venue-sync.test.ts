// The venue sync against every registered venue's simulator and the real embedded database, with
// injected faults: a venue going down mid-listing, a 429 storm with Retry-After. The catalog must
// stay consistent: whole pages only, nothing tombstoned by a failed run, resumable from the last
// committed page, change_seq bumped only on change, and a re-sync that changes nothing.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { createLogger } from '../../src/logger.js';
import { CatalogChangeEmitter, type CatalogChange } from '../../src/catalog/changes.js';
import { CatalogWriter } from '../../src/catalog/catalog-write-repository.js';
import type { RunningSimulator } from '../../src/sim/types.js';
import { systemClock } from '../../src/util/clock.js';
import type { VenueAdapter } from '../../src/venues/adapter.js';
import type { ExchangeCode } from '../../src/venues/exchanges.js';
import { makeMarket } from '../../src/venues/records.js';
import { createAdapter, registeredExchanges } from '../../src/venues/registry.js';
import { simulatedExchanges, simulatorFor } from '../../src/venues/simulators.js';
import { VenueSync } from '../../src/indexers/venue-sync.js';
import { openTestDatabase, type TestDatabase } from '../helpers/database.js';
import { startTestService, type TestService } from '../helpers/service.js';

const FAST_HTTP = { retries: 2, backoffBaseMs: 5, backoffMaxMs: 20, timeoutMs: 5_000, maxRetryAfterMs: 5_000, rateLimit: { perSecond: 1_000, burst: 1_000 }, breaker: { failureThreshold: 1_000, cooldownMs: 1_000 } };
const PAGE = 10;

async function liveIds(db: Pick<TestDatabase, 'pool'>, code: ExchangeCode): Promise<string[]> {
  return (await db.pool.query('SELECT market_id FROM markets WHERE exchange = $1 AND NOT removed ORDER BY market_id', [code])).rows.map((r) => r.market_id);
}

async function seqs(db: TestDatabase, code: ExchangeCode): Promise<Map<string, number>> {
  return new Map((await db.pool.query('SELECT market_id, change_seq FROM markets WHERE exchange = $1', [code])).rows.map((r) => [r.market_id, r.change_seq]));
}

/** A market the venue does not list, written as an earlier sync would have: only a complete listing may tombstone it. */
async function plantGhost(db: TestDatabase, code: ExchangeCode): Promise<void> {
  const ghost = makeMarket({ exchange: code, market_id: 'ghost-market', title: 'Ghost', status: 'open', updated_at: new Date().toISOString(), raw: {} });
  await new CatalogWriter(db.pool).writePage(code, { markets: [ghost], events: [] }, null);
}

const ghostRemoved = async (db: TestDatabase, code: ExchangeCode): Promise<boolean> =>
  (await db.pool.query("SELECT removed FROM markets WHERE exchange = $1 AND market_id = 'ghost-market'", [code])).rows[0].removed;

const simulated = registeredExchanges().filter((c) => simulatedExchanges().includes(c));

describe('venue sync with faults', function () {
  this.timeout(120_000);
  if (simulated.length === 0) it('has venues to sync', () => assert.fail('no registered venue has a simulator'));

  for (const code of simulated) {
    describe(code, () => {
      let sim: RunningSimulator;
      let adapter: VenueAdapter;
      let db: TestDatabase;
      let expected: string[];
      /** Venue requests the listing made after its first page (0: it is fetched whole, then split). */
      let requestsAfterFirstPage = 0;

      before(async () => {
        sim = await (await simulatorFor(code))({ tickMs: 0, seed: 11 });
        adapter = createAdapter(code, { baseUrls: sim.baseUrls, http: FAST_HTTP });
        const ids = new Set<string>();
        let atFirstPage: number | null = null;
        for await (const page of adapter.listMarkets({ pageSize: PAGE, status: 'all' })) {
          atFirstPage ??= sim.server.requests.length;
          for (const m of page.markets) ids.add(m.market_id);
        }
        requestsAfterFirstPage = sim.server.requests.length - (atFirstPage ?? 0);
        expected = [...ids].sort();
      });
      after(async () => {
        await adapter?.close?.();
        await sim?.stop();
      });
      beforeEach(async () => {
        sim.server.clearFaults();
        db = await openTestDatabase();
      });
      afterEach(async () => {
        sim.server.clearFaults();
        await db?.destroy();
      });

      it('a full sync under a 429 with Retry-After waits it out, stores every market, and a re-sync changes nothing', async () => {
        const changes: CatalogChange[] = [];
        const emitter = new CatalogChangeEmitter();
        emitter.onCatalogChanged((c) => void changes.push(c));
        const sync = new VenueSync({ pool: db.pool, adapter, clock: systemClock, pageSize: PAGE, changes: emitter });
        await plantGhost(db, code);
        sim.server.rateLimit(1, 1);
        const r1 = await sync.run();
        assert.equal(r1.ok, true, r1.error ?? '');
        assert.ok(r1.durationMs >= 950, `the 429's Retry-After: 1 was waited out (took ${r1.durationMs} ms)`);
        assert.deepEqual(await liveIds(db, code), expected);
        assert.equal(await ghostRemoved(db, code), true, 'a complete listing tombstones what it no longer lists');
        assert.equal(r1.removed, 1);
        const status = (await db.pool.query('SELECT status, markets, cursor, last_error, last_sync_at FROM venue_sync_status WHERE exchange = $1', [code])).rows[0];
        assert.deepEqual([status.status, status.markets, status.cursor, status.last_error], ['ok', expected.length, null, null]);
        assert.ok(status.last_sync_at instanceof Date);
        await new Promise((r) => setImmediate(r));
        assert.equal(changes.length, 1);
        assert.equal(changes[0].changed, expected.length);

        const before = await seqs(db, code);
        const r2 = await sync.run();
        assert.deepEqual([r2.ok, r2.changed, r2.unchanged, r2.removed], [true, 0, expected.length, 0], 'idempotent re-sync');
        assert.deepEqual(await seqs(db, code), before, 'no change_seq moved');
        await new Promise((r) => setImmediate(r));
        assert.equal(changes.length, 1, 'nothing changed: no notification');

        // A market whose stored content differs (as after a venue edit) is the only one rewritten.
        const victim = expected[Math.floor(expected.length / 2)];
        await db.pool.query("UPDATE markets SET content_hash = 'stale' WHERE exchange = $1 AND market_id = $2", [code, victim]);
        const r3 = await sync.run();
        assert.equal(r3.changed, 1);
        const after = await seqs(db, code);
        const maxBefore = Math.max(...before.values());
        for (const [id, seq] of after) {
          if (id === victim) assert.ok(seq > maxBefore, 'the changed market took a new change_seq');
          else assert.equal(seq, before.get(id), `${id} kept its change_seq`);
        }
      });

      it('venue down mid-listing: committed pages stay whole, nothing is tombstoned, the next run resumes', async function () {
        if (requestsAfterFirstPage === 0) this.skip(); // the listing is one venue request: it has no middle to fail in
        await plantGhost(db, code);
        const sync = new VenueSync({ pool: db.pool, adapter, clock: systemClock, pageSize: PAGE });
        let pagesSeen = 0;
        const failed = await sync.run({
          onProgress: () => {
            pagesSeen += 1;
            if (pagesSeen === 1) sim.server.fail(10_000, 503);
          },
        });
        assert.equal(failed.ok, false);
        assert.match(failed.error ?? '', /503/);
        assert.equal(failed.pages, 1);
        const stored = (await liveIds(db, code)).filter((id) => id !== 'ghost-market');
        assert.equal(stored.length, failed.markets, 'exactly the committed page is stored');
        assert.ok(stored.every((id) => expected.includes(id)));
        assert.equal(await ghostRemoved(db, code), false, 'a failed sync tombstones nothing');
        const status = (await db.pool.query('SELECT status, last_error, cursor FROM venue_sync_status WHERE exchange = $1', [code])).rows[0];
        assert.equal(status.status, 'failed');
        assert.match(status.last_error, /503/);
        assert.equal(status.cursor.pages, 1, 'the cursor after the committed page is kept');

        // A 429 storm longer than the retries also fails, and keeps the cursor where it was.
        sim.server.clearFaults().rateLimit(10_000, 0);
        const storm = await sync.run();
        assert.equal(storm.ok, false);
        assert.match(storm.error ?? '', /429/);
        assert.equal(storm.resumed, true);
        assert.equal((await db.pool.query('SELECT cursor FROM venue_sync_status WHERE exchange = $1', [code])).rows[0].cursor.pages, 1);

        sim.server.clearFaults();
        const resumed = await sync.run();
        assert.equal(resumed.ok, true, resumed.error ?? '');
        assert.equal(resumed.resumed, true);
        assert.equal(resumed.markets, expected.length - stored.length, 'the resumed run starts after the committed page');
        assert.deepEqual((await liveIds(db, code)).filter((id) => id !== 'ghost-market'), expected);
        assert.equal(await ghostRemoved(db, code), false, 'a resumed run has not seen the whole listing: no tombstones');
        assert.equal((await db.pool.query('SELECT cursor FROM venue_sync_status WHERE exchange = $1', [code])).rows[0].cursor, null);

        const full = await sync.run();
        assert.deepEqual([full.ok, full.resumed, full.changed, full.removed], [true, false, 0, 1]);
        assert.equal(await ghostRemoved(db, code), true);
      });
    });
  }
});

describe('venue sync: removals are guarded (a share of the catalog, a catalog of another source)', function () {
  this.timeout(120_000);
  const code: ExchangeCode = 'kalshi';
  const REAL = 'live rest=https://api.elections.kalshi.com/trade-api/v2';
  let svc: TestService;
  let adapter: VenueAdapter;
  let listed: string[];
  const status = async () => (await svc.db.pool.query('SELECT status, source, sync_refused FROM venue_sync_status WHERE exchange = $1', [code])).rows[0];
  const logs: string[] = [];
  const logger = createLogger('debug', new Writable({ write: (chunk, _enc, cb) => { logs.push(String(chunk)); cb(); } }));
  const sync = (over: Partial<ConstructorParameters<typeof VenueSync>[0]> = {}) => new VenueSync({ pool: svc.db.pool, adapter, clock: systemClock, logger, pageSize: 100, source: 'simulator', ...over }).run();
  /** Markets the simulator does not list, written as a sync of `source` would have: `n` of them. */
  const plantGhosts = async (n: number): Promise<string[]> => {
    const ids = Array.from({ length: n }, (_, i) => `ghost-${i}`);
    const now = new Date().toISOString();
    await new CatalogWriter(svc.db.pool).writePage(code, { markets: ids.map((id) => makeMarket({ exchange: code, market_id: id, title: `Ghost ${id}`, status: 'open', updated_at: now, raw: {} })), events: [] }, null);
    return ids;
  };
  const removedCount = async (ids: string[]): Promise<number> =>
    (await svc.db.pool.query('SELECT count(*)::int AS n FROM markets WHERE exchange = $1 AND removed AND market_id = ANY($2)', [code, ids])).rows[0].n;

  before(async () => {
    svc = await startTestService({ env: { EXCHANGE_MODE: 'sim' } });
    adapter = svc.venues.syncAdapters[code]!;
  });
  after(async () => svc?.destroy());
  beforeEach(async () => {
    await svc.db.pool.query('DELETE FROM markets WHERE exchange = $1', [code]);
    await svc.db.pool.query('DELETE FROM venue_sync_status WHERE exchange = $1', [code]);
  });

  it('a listing lacking more than the share keeps its pages, removes nothing, and says so in the result, the status and /health; --allow-removals removes them', async () => {
    const first = await sync();
    assert.equal(first.ok, true);
    assert.equal(first.refused ?? null, null);
    listed = await liveIds(svc.db, code);
    // More than 10% of the catalog gone at once: the real listings under a simulator's, say.
    const ghosts = await plantGhosts(Math.ceil(listed.length / 5));
    const victim = listed[0];
    await svc.db.pool.query("UPDATE markets SET content_hash = 'stale' WHERE exchange = $1 AND market_id = $2", [code, victim]);
    const r = await sync();
    assert.equal(r.ok, true);
    assert.equal(r.removed, 0);
    assert.notEqual((await svc.db.pool.query('SELECT content_hash FROM markets WHERE exchange = $1 AND market_id = $2', [code, victim])).rows[0].content_hash, 'stale', 'the listing\'s own pages still apply');
    assert.equal(await removedCount(ghosts), 0, 'nothing tombstoned');
    assert.equal(r.refused?.would_remove, ghosts.length);
    assert.equal(r.refused?.catalog_markets, listed.length + ghosts.length);
    assert.match(r.refused!.reason, new RegExp(`lacks ${ghosts.length} of the ${listed.length + ghosts.length} live kalshi markets, more than the 10% .*--allow-removals`));
    const st = await status();
    assert.equal(st.status, 'ok');
    assert.equal(st.sync_refused.would_remove, ghosts.length);
    const health = await svc.request('/health');
    assert.equal(health.body.status, 'degraded');
    assert.deepEqual(Object.keys(health.body.components.exchanges.kalshi.sync_refused).sort(), ['at', 'catalog_markets', 'reason', 'source', 'would_remove']);
    assert.equal(health.body.components.exchanges.kalshi.sync_refused.would_remove, ghosts.length);
    assert.equal(health.body.components.exchanges.polymarket.sync_refused, null);
    assert.ok(logs.some((l) => l.includes('venue sync removed nothing')), 'the refusal is logged');

    // A larger share setting lets it through (and clears the refusal).
    const wider = await sync({ maxRemovalShare: 0.5 });
    assert.deepEqual([wider.ok, wider.removed, wider.refused], [true, ghosts.length, null]);
    assert.equal((await status()).sync_refused, null);
    assert.equal((await svc.request('/health')).body.components.exchanges.kalshi.sync_refused, null);

    // And so does an explicit allowRemovals, at any share.
    const more = await plantGhosts(listed.length);
    const allowed = await sync({ allowRemovals: true });
    assert.deepEqual([allowed.ok, allowed.removed, allowed.refused], [true, more.length, null]);
  });

  it('a catalog filled from another source is not synced at all: nothing written, nothing removed, until --allow-removals, which records the new source', async () => {
    const real = await sync({ source: REAL });
    assert.equal(real.ok, true);
    assert.equal((await status()).source, REAL);
    listed = await liveIds(svc.db, code);
    const ghosts = await plantGhosts(1);
    const victim = listed[0];
    await svc.db.pool.query("UPDATE markets SET content_hash = 'stale' WHERE exchange = $1 AND market_id = $2", [code, victim]);
    const seqBefore = (await svc.db.pool.query('SELECT max(change_seq) AS m FROM markets')).rows[0].m;

    const r = await sync({ source: 'simulator' });
    assert.deepEqual([r.ok, r.pages, r.changed, r.removed], [false, 0, 0, 0]);
    assert.equal(r.refused?.would_remove, null);
    assert.match(r.refused!.reason, /the kalshi catalog was filled from live rest=https:\/\/api\.elections\.kalshi\.com\/trade-api\/v2; this sync lists simulator\. Run it with --allow-removals/);
    assert.equal((await svc.db.pool.query('SELECT max(change_seq) AS m FROM markets')).rows[0].m, seqBefore, 'nothing written');
    assert.equal(await removedCount(ghosts), 0);
    const st = await status();
    assert.deepEqual([st.status, st.source, st.sync_refused.source], ['failed', REAL, 'simulator']);
    assert.ok(logs.some((l) => l.includes('venue sync refused: the catalog comes from another source')), 'the refusal is logged');
    const health = await svc.request('/health');
    assert.equal(health.body.components.exchanges.kalshi.sync_refused.catalog_markets, listed.length + 1);

    const allowed = await sync({ source: 'simulator', allowRemovals: true });
    assert.deepEqual([allowed.ok, allowed.changed >= 1, allowed.removed, allowed.refused], [true, true, 1, null]);
    assert.deepEqual([(await status()).source, (await status()).sync_refused], ['simulator', null]);
    // The same source again syncs as usual.
    assert.deepEqual([(await sync()).ok, (await status()).sync_refused], [true, null]);
  });

  it('the service\'s runtime names its sources: simulator in sim mode, live and the REST base URLs otherwise', async () => {
    assert.equal(svc.venues.catalogSources.kalshi, 'simulator');
    const { startVenueRuntime } = await import('../../src/venues/runtime.js');
    const live = await startVenueRuntime({ mode: 'live', liveTimeoutMs: 1_000, only: ['kalshi', 'polymarket'], venues: { kalshi: { baseUrls: { rest: 'http://127.0.0.1:9/v2/' } } } });
    try {
      assert.equal(live.catalogSources.kalshi, 'live rest=http://127.0.0.1:9/v2');
      assert.match(live.catalogSources.polymarket!, /^live (\w+=https:\/\/\S+ ?)+$/);
      assert.ok(!/wss?:/.test(live.catalogSources.polymarket!));
    } finally {
      await live.close();
    }
  });
});
