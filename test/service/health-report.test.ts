// What /health says beyond the database: each venue's markets counted while its first sync runs, the
// last run of the matching job (when, how long, the links it found, its error) and of the order sync
// (when, its error), whichever instance ran them. The real service in sim mode; runs on both databases
// (TEST_DATABASE=server for the server pass).
import assert from 'node:assert/strict';
import { JobRunStore } from '../../src/indexers/job-run-repository.js';
import { matchingJobHealth, orderSyncHealth, recordRuns } from '../../src/indexers/job-runs.js';
import type { JobDefinition } from '../../src/indexers/scheduler.js';
import { VenueSync } from '../../src/indexers/venue-sync.js';
import { systemClock } from '../../src/util/clock.js';
import { openTestDatabase, type TestDatabase } from '../helpers/database.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { waitFor } from '../helpers/wait.js';

describe('/health: a venue\'s markets during its first sync', function () {
  this.timeout(120_000);
  let svc: TestService;

  before(async () => {
    svc = await startTestService({ env: { EXCHANGE_MODE: 'sim' } });
  });
  after(() => svc?.destroy());

  it('counts the markets committed so far while the first sync runs', async () => {
    const sim = svc.venues.simulators!.simulators.polymarket!;
    // small slow pages: the sync takes seconds, its pages committed one by one
    sim.server.slow(100);
    const sync = new VenueSync({ pool: svc.db.pool, adapter: svc.venues.syncAdapters.polymarket!, clock: systemClock, pageSize: 5 });
    const running = sync.run();
    const seen: { status: string; markets: number }[] = [];
    let done = false;
    void running.finally(() => (done = true));
    while (!done) {
      const venue = (await svc.request('/health')).body.components.exchanges.polymarket as { status: string; markets: number };
      seen.push({ status: venue.status, markets: venue.markets });
      await new Promise((r) => setTimeout(r, 50));
    }
    const result = await running;
    assert.equal(result.ok, true, result.error ?? '');
    const during = seen.filter((s) => s.status === 'running');
    assert.ok(during.length >= 3, `the sync was seen running (${JSON.stringify(seen)})`);
    assert.ok(during.some((s) => s.markets > 0 && s.markets < result.catalogMarkets), `markets counted as they arrive: ${JSON.stringify(during.map((s) => s.markets))}`);
    const after = (await svc.request('/health')).body.components.exchanges.polymarket as { status: string; markets: number };
    assert.deepEqual(after, { ...after, status: 'ok', markets: result.catalogMarkets });
  });
});

describe('/health: the matching job and the order sync, as the service runs them', function () {
  this.timeout(180_000);
  let svc: TestService;

  before(async () => {
    svc = await startTestService({ env: { EXCHANGE_MODE: 'sim', RUN_JOBS: 'true' } });
  });
  after(() => svc?.destroy());

  it('reports the last matching run (when, how long, links) and the last order sync', async () => {
    const health = await waitFor(
      'a matching run after the first sync',
      async () => {
        const h = (await svc.request('/health')).body;
        return h.components.matching?.last_run_at && h.components.order_sync?.last_run_at ? h : undefined;
      },
      120_000,
    );
    const matching = health.components.matching;
    assert.equal(matching.status, 'ok', JSON.stringify(matching));
    assert.equal(matching.error, null);
    assert.ok(Date.parse(matching.last_run_at) > Date.now() - 180_000);
    assert.ok(Number.isInteger(matching.duration_ms) && matching.duration_ms >= 0);
    assert.ok(Number.isInteger(matching.links.identical) && Number.isInteger(matching.links.related), JSON.stringify(matching));
    const { rows } = await svc.db.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM job_runs WHERE name = 'matching'");
    assert.equal(rows[0].n, 1);
    const orderSync = health.components.order_sync;
    assert.equal(orderSync.status, 'ok', JSON.stringify(orderSync));
    assert.equal(orderSync.error, null);
    assert.equal(orderSync.failed, 0);
  });
});

describe('/health job entries: failures', function () {
  let db: TestDatabase;
  let store: JobRunStore;

  before(async () => {
    db = await openTestDatabase();
    store = new JobRunStore(db.pool);
  });
  after(() => db?.destroy());

  it('a failed matching run is degraded with its error; the last success\'s links and time are kept', async () => {
    let fail = false;
    const job = recordRuns<JobDefinition>({
      name: 'matching-under-test',
      schedule: null,
      async run() {
        if (fail) throw new Error('candidates: the embedding table is gone');
        return { mode: 'full', identityLinks: 4, relatedLinks: 2, clusters: 3, marketsAssigned: 7 };
      },
    }, store);
    const check = matchingJobHealth(store, job.name);
    assert.deepEqual(await check(), { status: 'starting', last_run_at: null });
    await job.run(new AbortController().signal);
    const ok = await check();
    assert.equal(ok.status, 'ok');
    assert.deepEqual(ok.links, { identical: 4, related: 2 });
    fail = true;
    await assert.rejects(job.run(new AbortController().signal), /embedding table is gone/);
    const failed = await check();
    assert.equal(failed.status, 'degraded');
    assert.equal(failed.error, 'candidates: the embedding table is gone');
    assert.deepEqual(failed.links, { identical: 4, related: 2 });
    assert.equal(failed.last_ok_at, ok.last_run_at);
  });

  it('an order sync that could not bring some orders up to date is degraded, naming the last failure', async () => {
    const job = recordRuns<JobDefinition>({ name: 'order-sync-under-test', schedule: null, run: async () => ({ synced: 3, failed: 2, lastError: 'kalshi: the venue did not answer in time' }) }, store);
    await job.run(new AbortController().signal);
    const health = await orderSyncHealth(store, job.name)();
    assert.equal(health.status, 'degraded');
    assert.equal(health.failed, 2);
    assert.match(health.error as string, /2 orders could not be synced; the last: kalshi: the venue did not answer in time/);
  });
});
