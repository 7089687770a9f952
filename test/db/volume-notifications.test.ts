// Volume-only moves of the keyword index reach the other instances by notification:
// two API instances on one server whose pollers are set an hour apart (SEARCH_CACHE_POLL_MS), so
// only the database's NOTIFY can drop their caches within the test. A volume changed by another
// process and indexed drops each instance's volume-ordered answers (sort=volume) and keeps the
// relevance-ranked ones, which a listing change drops. Whether a relevance answer was recomputed
// shows by a title written into the index table behind the indexer's back (no marker moves): a
// recomputed answer shows it, a cached one does not.
import assert from 'node:assert/strict';
import os from 'node:os';
import { indexChangedMarkets } from '../../src/indexers/search-indexer.js';
import { seedCatalogMarkets } from '../../scripts/lib/catalog-seed.js';
import { openDatabase, type Database } from '../../src/db/database.js';
import { PostgresSearchEngine } from '../../src/search/postgres/search-repository.js';
import { createServerDatabase } from '../helpers/postgres-server.js';
import { issueKey, startTestService, type TestService } from '../helpers/service.js';

interface Hit { market_id: string; title: string }

describe('volume-only index moves announced to other instances (server)', function () {
  this.timeout(120_000);
  let server: { url: string; drop(): Promise<void> };
  let a: TestService;
  let b: TestService;
  let writer: Database;
  let engine: PostgresSearchEngine;
  let key: string;
  const env = () => ({ DATABASE_URL: server.url, MODEL_SOURCE: 'off', MODEL_DIR: os.tmpdir(), SEARCH_CACHE_POLL_MS: '3600000' });
  const markets = (volumes: [number, number], title2 = 'Will the heron count rise in 2027?') => [
    { exchange: 'kalshi', market_id: 'HERON-1', title: 'Will the heron count rise in 2026?', volume: volumes[0] },
    { exchange: 'kalshi', market_id: 'HERON-2', title: title2, volume: volumes[1] },
  ];
  const search = async (svc: TestService, sort: 'volume' | 'relevance'): Promise<Hit[]> => {
    const r = await svc.request(`/api/v1/search/markets?q=heron&sort=${sort}`, { headers: { 'x-api-key': key } });
    assert.equal(r.status, 200, r.text);
    return (r.body as { results: Hit[] }).results;
  };
  const titleOf = (hits: Hit[], id: string) => hits.find((h) => h.market_id === id)?.title;

  before(async () => {
    server = await createServerDatabase();
    a = await startTestService({ env: env() });
    b = await startTestService({ env: env() });
    writer = await openDatabase({ dataDir: os.tmpdir(), databaseUrl: server.url });
    engine = new PostgresSearchEngine({ pool: writer.pool });
    await seedCatalogMarkets(writer.pool, markets([100, 50]));
    await indexChangedMarkets({ pool: writer.pool, writer: engine });
    key = await issueKey(a, 'pro', 100_000);
  });
  after(async () => {
    await writer?.close();
    await a?.destroy();
    await b?.destroy();
    await server?.drop();
  });

  it('drops the volume-ordered answers of both instances within a second, and keeps the relevance-ranked ones', async () => {
    for (const svc of [a, b]) {
      assert.deepEqual((await search(svc, 'volume')).map((h) => h.market_id), ['HERON-1', 'HERON-2']);
      assert.equal(titleOf(await search(svc, 'relevance'), 'HERON-2'), 'Will the heron count rise in 2027?');
    }
    await seedCatalogMarkets(writer.pool, markets([100, 900]));
    await indexChangedMarkets({ pool: writer.pool, writer: engine });
    const started = Date.now();
    for (const svc of [a, b]) {
      for (;;) {
        const order = (await search(svc, 'volume')).map((h) => h.market_id);
        if (order[0] === 'HERON-2') break;
        assert.ok(Date.now() - started < 1_000, `the volume-ordered answer still ${order.join(',')} after ${Date.now() - started} ms (the poller is an hour away)`);
        await new Promise((r) => setTimeout(r, 20));
      }
    }
    // relevance answers were not dropped: a recomputed one would show the title written behind the indexer's back
    await writer.pool.query("UPDATE market_search SET title = 'Heron probe' WHERE market_id = 'HERON-2'");
    assert.equal(titleOf(await search(a, 'volume'), 'HERON-2'), 'Will the heron count rise in 2027?', 'the volume-ordered answer is cached again');
    for (const svc of [a, b]) assert.equal(titleOf(await search(svc, 'relevance'), 'HERON-2'), 'Will the heron count rise in 2027?', 'a relevance answer dropped by a volume-only change');

    // a listing change (a title) drops every keyword answer, by the answers notification
    await seedCatalogMarkets(writer.pool, markets([100, 900], 'Will the heron count rise in 2028?'));
    await indexChangedMarkets({ pool: writer.pool, writer: engine });
    const again = Date.now();
    for (const svc of [a, b]) {
      while (titleOf(await search(svc, 'relevance'), 'HERON-2') !== 'Will the heron count rise in 2028?') {
        assert.ok(Date.now() - again < 1_000, 'relevance answer not dropped after a title change');
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  });
});
