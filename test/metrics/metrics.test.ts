// GET /metrics on the real service in sim mode: a scrape before and after real activity (the nine
// simulators synced, keyword and semantic searches, a stream client subscribed and another dropped
// for not answering pings, a key over its rate limit, the matching job, the embedding backfill with
// the real model) shows each family with its labels, and the values moved. Then who may read it: an
// admin key (401 without a key, 403 for another plan), anyone with METRICS_PUBLIC=true, and the
// separate METRICS_PORT without a key.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { MATCHING_JOB } from '../../src/indexers/matching-job.js';
import { loadConfig } from '../../src/config.js';
import { MarketEmbeddingStore } from '../../src/search/semantic/market-embedding-repository.js';
import { ensureTestModel, TEST_MODEL_DIR } from '../embeddings/model-for-tests.js';
import { issueKey, mintTestKey, startTestService, type TestService } from '../helpers/service.js';
import { TestStreamClient } from '../ws/client.js';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus' text format, sample lines only. */
function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    assert.ok(m, `not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, k, v] of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[k] = v;
    samples.push({ name: m[1], labels, value: Number(m[3]) });
  }
  return samples;
}

/** The value of the one sample of `name` whose labels include `labels`; undefined when none. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  assert.ok(found.length <= 1, `${name} ${JSON.stringify(labels)} matches ${found.length} series`);
  return found[0]?.value;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await pause(250);
  }
}

describe('GET /metrics', function () {
  this.timeout(600_000);

  describe('after activity on the simulators', () => {
    let svc: TestService;
    let admin: string;
    const clients: TestStreamClient[] = [];
    const scrape = async (): Promise<Sample[]> => {
      const res = await svc.request('/metrics', { headers: { 'x-api-key': admin } });
      assert.equal(res.status, 200, res.text);
      assert.match(res.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
      return parseMetrics(res.text);
    };

    before(async () => {
      await ensureTestModel();
      svc = await startTestService({
        env: {
          EXCHANGE_MODE: 'sim', RUN_JOBS: 'true', SYNC_ON_START: 'false', SYNC_SCHEDULE: '0 0 1 1 *', MODEL_DIR: TEST_MODEL_DIR,
          WS_PING_INTERVAL_MS: '250', WS_PONG_TIMEOUT_MS: '2000', METRICS_PORT: '0',
        },
      });
      admin = await issueKey(svc, 'admin', 100_000);
    });
    after(async () => {
      for (const c of clients) c.close();
      await svc?.destroy();
    });

    it('shows every family, labelled, and the values follow syncs, searches, streams, limits, matching and the backfill', async () => {
      const before = await scrape();
      assert.equal(valueOf(before, 'predmarkets_sync_requests_total', { exchange: 'kalshi', kind: 'full' }), undefined, 'no sync has run yet');

      const synced = await svc.venueSync!.syncAllNow();
      assert.equal(synced.length, 9);
      for (const r of synced) assert.equal(r.ok, true, `${r.exchange}: ${r.error}`);

      // keyword search twice, semantic search once (once the model is loaded), a key over its limit
      const max = await issueKey(svc, 'max', 100_000);
      for (const q of ['election', 'bitcoin']) assert.equal((await svc.request(`/api/v1/search/markets?q=${q}`, { headers: { 'x-api-key': max } })).status, 200);
      await until('semantic search', async () => (await svc.request('/api/v1/search/semantic', { method: 'POST', body: { query: 'who wins the election' }, headers: { 'x-api-key': max } })).status === 200);
      const limited = await issueKey(svc, 'free', 1);
      assert.equal((await svc.request('/api/v1/key', { headers: { 'x-api-key': limited } })).status, 200);
      assert.equal((await svc.request('/api/v1/key', { headers: { 'x-api-key': limited } })).status, 429);

      // the matching job, and the embedding backfill of everything the sync listed
      await until('a matching run', async () => {
        const run = await svc.venueSync!.scheduler.trigger(MATCHING_JOB);
        return run.ran && !(run.result instanceof Error);
      });
      // the backlog is counted at most every few seconds: it shows texts waiting, then none
      let sawBacklog = 0;
      const afterBackfill = await until('the backfill to finish', async () => {
        const s = await scrape();
        const backlog = s.filter((x) => x.name === 'predmarkets_embedding_backlog_texts');
        const waiting = backlog.reduce((sum, x) => sum + x.value, 0);
        sawBacklog = Math.max(sawBacklog, waiting);
        const pending = await new MarketEmbeddingStore(svc.db.pool).missingVectors();
        return backlog.length === 4 && waiting === 0 && pending.title + pending.rules === 0 && sawBacklog > 0 ? s : undefined;
      }, 300_000);
      // one stream client subscribed to two markets, one dropped for not answering pings
      const { rows } = await svc.db.pool.query<{ market_id: string }>("SELECT market_id FROM markets WHERE exchange = 'kalshi' AND NOT closed ORDER BY market_id LIMIT 2");
      const wsUrl = svc.url.replace(/^http/, 'ws');
      const subscriber = await TestStreamClient.open(`${wsUrl}/ws/kalshi`);
      clients.push(subscriber);
      subscriber.send({ action: 'subscribe', kalshi_ids: rows.map((r) => r.market_id) });
      await subscriber.next((m) => m.event === 'subscribed');
      const mute = await TestStreamClient.open(`${wsUrl}/ws/kalshi`, { autoPong: false });
      clients.push(mute);
      await mute.closed;

      // the catalog's counts are recounted after a sync, at most every 15 s
      const after = await until('the catalog counts', async () => {
        const s = await scrape();
        return valueOf(s, 'predmarkets_catalog_markets', { exchange: 'kalshi', status: 'open' }) ? s : undefined;
      }, 30_000);
      for (const exchange of ['kalshi', 'polymarket']) {
        assert.ok(valueOf(after, 'predmarkets_sync_last_duration_seconds', { exchange, kind: 'full' })! > 0, `${exchange} duration`);
        assert.ok(valueOf(after, 'predmarkets_sync_requests_total', { exchange, kind: 'full' })! >= 1, `${exchange} requests`);
        assert.equal(valueOf(after, 'predmarkets_sync_runs_total', { exchange, kind: 'full', outcome: 'ok' }), 1);
        assert.ok(valueOf(after, 'predmarkets_catalog_markets', { exchange, status: 'open' })! > 0, `${exchange} open markets`);
        const lag = valueOf(after, 'predmarkets_sync_lag_seconds', { exchange })!;
        assert.ok(lag >= 0 && lag < 600, `${exchange} lag ${lag}`);
      }
      const { rows: counted } = await svc.db.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM markets WHERE exchange = 'kalshi' AND status = 'open' AND NOT removed");
      assert.equal(valueOf(after, 'predmarkets_catalog_markets', { exchange: 'kalshi', status: 'open' }), counted[0].n);

      const searches = valueOf(after, 'predmarkets_http_request_duration_seconds_count', { route: '/api/v1/search/markets', method: 'GET', status: '200' });
      assert.equal(searches, 2);
      assert.ok(valueOf(after, 'predmarkets_http_request_duration_seconds_count', { route: '/api/v1/search/semantic', method: 'POST', status: '200' })! >= 1);
      assert.equal(valueOf(after, 'predmarkets_http_request_duration_seconds_bucket', { route: '/api/v1/search/markets', method: 'GET', status: '200', le: '+Inf' }), 2);
      assert.equal(valueOf(after, 'predmarkets_rate_limit_rejections_total', { limiter: 'key' }), 1);

      assert.equal(valueOf(after, 'predmarkets_ws_clients'), 1);
      assert.equal(valueOf(after, 'predmarkets_ws_subscriptions'), 2);
      assert.equal(valueOf(after, 'predmarkets_ws_drops_total', { reason: 'keepalive' }), 1);
      assert.equal(valueOf(after, 'predmarkets_ws_drops_total', { reason: 'slow' }), 0);

      assert.ok(valueOf(after, 'predmarkets_matching_last_duration_seconds')! > 0);
      assert.equal(valueOf(after, 'predmarkets_matching_last_run_failed'), 0);
      assert.ok(valueOf(after, 'predmarkets_matching_links', { relation: 'identical' })! >= 0);

      assert.ok(valueOf(afterBackfill, 'predmarkets_embedding_texts_total', { source: 'model' })! > 0, 'the model ran');
      assert.ok(valueOf(afterBackfill, 'predmarkets_embedding_backlog_rate')! >= 0);
      for (const kind of ['title', 'rules']) {
        for (const market of ['open', 'closed']) assert.equal(valueOf(afterBackfill, 'predmarkets_embedding_backlog_texts', { kind, market }), 0);
      }

      const checkouts = (s: Sample[]) => valueOf(s, 'predmarkets_db_pool_checkout_seconds_count')!;
      assert.ok(checkouts(after) > checkouts(before), 'database checkouts were timed');
      // whether a checkout waited depends on what else ran at that moment: the series are there
      assert.ok(valueOf(after, 'predmarkets_db_pool_waits_total')! >= 0);
      assert.ok(Number.isInteger(valueOf(after, 'predmarkets_db_pool_waiting')));
      assert.ok(valueOf(after, 'predmarkets_db_pool_connections', { state: 'idle' })! + valueOf(after, 'predmarkets_db_pool_connections', { state: 'busy' })! >= 1);
      assert.ok(valueOf(after, 'predmarkets_process_resident_memory_bytes')! > 0);
    });

    it('docs/grafana-dashboard.json draws every family the service has, and only those', async () => {
      const res = await svc.request('/metrics', { headers: { 'x-api-key': admin } });
      const families = new Set([...res.text.matchAll(/^# TYPE (predmarkets_\w+) /gm)].map((m) => m[1]));
      const dashboard = JSON.parse(readFileSync(new URL('../../docs/grafana-dashboard.json', import.meta.url), 'utf8')) as { panels: { targets?: { expr: string }[] }[] };
      const drawn = new Set(dashboard.panels.flatMap((p) => p.targets ?? []).flatMap((t) => [...t.expr.matchAll(/predmarkets_\w+/g)].map((m) => m[0].replace(/_(bucket|count|sum)$/, ''))));
      for (const name of drawn) assert.ok(families.has(name), `the dashboard draws ${name}, which the service does not have`);
      const own = [...families].filter((f) => !/^predmarkets_(process|nodejs)_/.test(f));
      for (const name of own) assert.ok(drawn.has(name), `no panel draws ${name}`);
    });

    it('answers an admin key only: 401 without a key or with an unknown one, 403 for another plan', async () => {
      const none = await svc.request('/metrics');
      assert.equal(none.status, 401);
      assert.match(none.body.error, /missing API key/);
      assert.equal((await svc.request('/metrics', { headers: { 'x-api-key': 'pk_unknown_key_0000000000' } })).status, 401);
      const free = await svc.request('/metrics', { headers: { 'x-api-key': await mintTestKey(svc) } });
      assert.equal(free.status, 403);
      assert.match(free.body.error, /needs one of: admin/);
      assert.equal((await svc.request('/metrics', { method: 'POST', headers: { 'x-api-key': admin } })).status, 405);
    });

    it('serves the same metrics on METRICS_PORT without a key, and nothing else there', async () => {
      assert.ok(svc.metricsPort && svc.metricsPort !== svc.port);
      const base = `http://127.0.0.1:${svc.metricsPort}`;
      const res = await fetch(`${base}/metrics`);
      assert.equal(res.status, 200);
      const samples = parseMetrics(await res.text());
      assert.ok(valueOf(samples, 'predmarkets_sync_requests_total', { exchange: 'kalshi', kind: 'full' })! >= 1);
      assert.equal((await fetch(`${base}/health`)).status, 404);
      assert.equal((await fetch(`${base}/metrics`, { method: 'POST' })).status, 405);
    });
  });

  describe('settings', () => {
    it('METRICS_PUBLIC=true: no key needed on the API port; no separate port unless METRICS_PORT', async () => {
      const svc = await startTestService({ env: { METRICS_PUBLIC: 'true' } });
      try {
        const res = await svc.request('/metrics');
        assert.equal(res.status, 200);
        assert.ok(parseMetrics(res.text).some((s) => s.name === 'predmarkets_db_pool_waiting'));
        assert.equal(svc.metricsPort, null);
      } finally {
        await svc.destroy();
      }
    });

    it('refuses a METRICS_PORT that is not a port, and a METRICS_PUBLIC that is not a boolean', () => {
      assert.throws(() => loadConfig({ METRICS_PORT: '70000' }), /METRICS_PORT/);
      assert.throws(() => loadConfig({ METRICS_PUBLIC: 'maybe' }), /METRICS_PUBLIC/);
      assert.deepEqual(loadConfig({}).metrics, { public: false, port: null });
    });
  });
});
