// Several API instances on one PostgreSQL server (item 4 of the scale path): the rate limit of a key
// holds across instances, and a change made through one instance (a re-index, a revoked key, a
// market whose title changed) reaches the cached answers of the others within about a second.
import assert from 'node:assert/strict';
import { indexChangedMarkets } from '../../src/indexers/search-indexer.js';
import { seedCatalogMarkets } from '../../scripts/lib/catalog-seed.js';
import { openDatabase, type Database } from '../../src/db/database.js';
import { CHANGE_CHANNELS, openNotifications } from '../../src/db/notifications.js';
import { PostgresSearchEngine } from '../../src/search/postgres/search-repository.js';
import { createServerDatabase } from '../helpers/postgres-server.js';
import { issueKey, startTestService, type TestService } from '../helpers/service.js';
import os from 'node:os';

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 5_000): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== undefined) return { value, ms: Date.now() - started };
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('several instances on one PostgreSQL server', function () {
  this.timeout(120_000);
  let server: { url: string; drop(): Promise<void> };
  let a: TestService;
  let b: TestService;

  before(async () => {
    server = await createServerDatabase();
    a = await startTestService({ env: { DATABASE_URL: server.url, MODEL_SOURCE: 'off', MODEL_DIR: os.tmpdir() } });
    b = await startTestService({ env: { DATABASE_URL: server.url, MODEL_SOURCE: 'off', MODEL_DIR: os.tmpdir() } });
  });
  after(async () => {
    await a?.destroy();
    await b?.destroy();
    await server?.drop();
  });

  it('a key allowed 10 per minute gets exactly 10 answers across two instances, also when the requests race', async () => {
    const key = await issueKey(a, 'pro', 10);
    const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => (i % 2 ? a : b).request('/api/v1/key', { headers: { 'x-api-key': key } })));
    const ok = answers.filter((r) => r.status === 200).length;
    const limited = answers.filter((r) => r.status === 429);
    assert.equal(ok, 10, `statuses: ${answers.map((r) => r.status).join(',')}`);
    assert.equal(limited.length, 6);
    for (const r of limited) assert.ok(Number(r.headers.get('retry-after')) >= 1);
    // remaining counts down across instances
    const key2 = await issueKey(a, 'pro', 5);
    const r1 = await a.request('/api/v1/key', { headers: { 'x-api-key': key2 } });
    const r2 = await b.request('/api/v1/key', { headers: { 'x-api-key': key2 } });
    assert.deepEqual([r1.headers.get('x-ratelimit-remaining'), r2.headers.get('x-ratelimit-remaining')], ['4', '3']);
  });

  it('a key revoked through one instance is refused by the other within a second (its key cache dropped)', async () => {
    const key = await issueKey(a, 'pro', 1000);
    assert.equal((await b.request('/api/v1/key', { headers: { 'x-api-key': key } })).status, 200, 'b has the key cached');
    const id = (await a.db.pool.query<{ id: string }>('SELECT id FROM api_keys ORDER BY created_at DESC LIMIT 1')).rows[0].id;
    assert.ok(await a.keys.revoke(id));
    const { ms } = await waitFor('b refuses the revoked key', async () => ((await b.request('/api/v1/key', { headers: { 'x-api-key': key } })).status === 401 ? true : undefined));
    assert.ok(ms < 1_000, `b refused it after ${ms} ms (its cache alone keeps a key 5 s)`);
  });

  it('a re-index by another process shows in the cached keyword answers of both instances within a second', async () => {
    const writer = await openDatabase({ dataDir: os.tmpdir(), databaseUrl: server.url });
    try {
      await seedCatalogMarkets(writer.pool, [{ exchange: 'kalshi', market_id: 'ZEBRA-1', title: 'Will the zebra census pass 5000?' }]);
      const engine = new PostgresSearchEngine({ pool: writer.pool });
      await indexChangedMarkets({ pool: writer.pool, writer: engine });
      const key = await issueKey(a, 'pro', 1000);
      const search = (svc: TestService) => svc.request('/api/v1/search/markets?q=zebra', { headers: { 'x-api-key': key } });
      for (const svc of [a, b]) {
        const first = await search(svc);
        assert.equal(first.status, 200, first.text);
        assert.equal((first.body as { results: unknown[] }).results.length, 1);
      }
      await seedCatalogMarkets(writer.pool, [{ exchange: 'polymarket', market_id: 'zebra-2', title: 'Zebra census above 6000?' }]);
      await indexChangedMarkets({ pool: writer.pool, writer: engine });
      for (const svc of [a, b]) {
        const { ms } = await waitFor('the new market in the answer', async () => ((((await search(svc)).body as { results: unknown[] }).results.length === 2) ? true : undefined));
        assert.ok(ms < 1_000, `shown after ${ms} ms`);
      }
    } finally {
      await writer.close();
    }
  });

  it('the database announces what semantic answers show (a title), not a price-only change', async () => {
    const listener: Database = b.db;
    const n = openNotifications(listener);
    const heard: string[] = [];
    try {
      await n.listen(CHANGE_CHANNELS.semanticInputs, () => heard.push('semantic'));
      await seedCatalogMarkets(a.db.pool, [{ exchange: 'kalshi', market_id: 'OTTER-1', title: 'Otters in the Thames by 2027?', yes_price: 0.2 }]);
      await waitFor('announced a new market', async () => (heard.length ? true : undefined));
      heard.length = 0;
      await seedCatalogMarkets(a.db.pool, [{ exchange: 'kalshi', market_id: 'OTTER-1', title: 'Otters in the Thames by 2027?', yes_price: 0.3 }]);
      await new Promise((r) => setTimeout(r, 300));
      assert.deepEqual(heard, [], 'a new price is not announced');
      await seedCatalogMarkets(a.db.pool, [{ exchange: 'kalshi', market_id: 'OTTER-1', title: 'Otters in the Thames by 2028?', yes_price: 0.3 }]);
      await waitFor('announced a changed title', async () => (heard.length ? true : undefined), 1_000);
    } finally {
      await n.close();
    }
  });
});
