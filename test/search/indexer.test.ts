// Incremental indexing from the catalog table (rows written with SQL), against both engines.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { catalogCounts, indexChangedMarkets } from '../../src/indexers/search-indexer.js';
import { readIndexState } from '../../src/search/search-index-state-repository.js';
import type { CatalogMarketRow } from '../../src/search/documents.js';
import { createElasticClient } from '../../src/search/elastic/client.js';
import { ElasticSearchEngine } from '../../src/search/elastic/engine.js';
import type { SearchEngine, SearchIndexWriter } from '../../src/search/engine.js';
import { PostgresSearchEngine } from '../../src/search/postgres/search-repository.js';
import { removeCatalogMarkets, seedCatalogMarkets } from '../../scripts/lib/catalog-seed.js';
import { openTempDatabase, type TempDatabase } from './support/database.js';
import { searchNodeUrl } from './support/search-node.js';

function row(exchange: string, market_id: string, title: string, o: Partial<CatalogMarketRow> = {}): CatalogMarketRow {
  return {
    exchange, market_id, title, subtitle: null, category: 'politics', tags: [], status: 'open', closed: false,
    yes_price: 0.4, volume: 100, volume_24h: 1, close_time: '2026-11-03T00:00:00Z', svc_id: null, cluster_id: null, ...o,
  };
}

type Backend = SearchEngine & SearchIndexWriter;

function indexerSuite(name: string, makeBackend: (ctx: Mocha.Context, temp: TempDatabase) => Promise<{ backend: Backend; cleanup(): Promise<void> }>) {
  describe(`search indexer: ${name}`, function () {
    this.timeout(60_000);
    let temp: TempDatabase;
    let backend: Backend;
    let cleanup: () => Promise<void> = async () => {};
    const run = async () => {
      const r = await indexChangedMarkets({ pool: temp.db.pool, writer: backend, batchSize: 3 });
      await backend.refresh();
      return r;
    };
    const titles = async (q: string) => (await backend.searchMarkets({ q, status: 'all', sort: 'relevance', limit: 50 })).hits.map((h) => h.title);

    before(async function () {
      temp = await openTempDatabase();
      const made = await makeBackend(this, temp);
      backend = made.backend;
      cleanup = made.cleanup;
    });
    after(async () => {
      await cleanup();
      await temp?.close();
    });

    it('indexes the catalog in batches, then only what changed', async () => {
      await seedCatalogMarkets(temp.db.pool, [
        row('kalshi', 'SENATE-1', 'Democrats keep the Senate?'),
        row('polymarket', '0xsen', 'Will Democrats control the Senate after the midterms?'),
        row('manifold', 'gov-1', 'Governor of Ohio re-elected?'),
        row('predictit', '801', 'House majority flips?'),
        row('kalshi', 'HOUSE-1', 'Republicans keep the House?'),
      ]);
      const first = await run();
      assert.equal(first.written, 5);
      assert.equal(first.fromSeq, 0);
      assert.equal(await backend.count(), 5);
      assert.equal(await readIndexState(temp.db.pool, first.index), first.toSeq);

      const again = await run();
      assert.equal(again.written, 0, 'nothing changed, nothing written');

      await seedCatalogMarkets(temp.db.pool, [row('manifold', 'gov-1', 'Governor of Ohio wins a second term?')]);
      const changed = await run();
      assert.equal(changed.written, 1);
      assert.deepEqual(await titles('second term'), ['Governor of Ohio wins a second term?']);
      assert.deepEqual(await titles('re-elected'), []);
    });

    it('deletes tombstoned markets', async () => {
      await removeCatalogMarkets(temp.db.pool, [{ exchange: 'predictit', market_id: '801' }]);
      const r = await run();
      assert.equal(r.deleted, 1);
      // the removed market is gone; a widened search may still offer others with one of its words
      const after = await titles('house majority flips');
      assert.ok(!after.includes('House majority flips?'), JSON.stringify(after));
      assert.ok(after.every((t) => /house/i.test(t)), JSON.stringify(after));
      const live = [...(await catalogCounts(temp.db.pool)).values()].reduce((a, b) => a + b, 0);
      assert.equal(await backend.count(), live);
    });

    it('keeps exchanges[] of a cluster right as markets join and leave it', async () => {
      await seedCatalogMarkets(temp.db.pool, [
        row('kalshi', 'SENATE-1', 'Democrats keep the Senate?', { svc_id: 'svc_senate000000', cluster_id: 'cl-s' }),
        row('polymarket', '0xsen', 'Will Democrats control the Senate after the midterms?', { svc_id: 'svc_senate000000', cluster_id: 'cl-s' }),
      ]);
      await run();
      let s = await backend.autocomplete({ q: 'democrats', limit: 8 });
      assert.equal(s.length, 1, JSON.stringify(s));
      assert.deepEqual(s[0].exchanges, ['kalshi', 'polymarket']);

      // a third venue joins: only its row changed, yet every member now lists three venues
      await seedCatalogMarkets(temp.db.pool, [row('manifold', 'sen-m', 'Democrats win the Senate in 2026?', { svc_id: 'svc_senate000000', cluster_id: 'cl-s' })]);
      await run();
      s = await backend.autocomplete({ q: 'democrats', limit: 8 });
      assert.equal(s.length, 1);
      assert.deepEqual(s[0].exchanges, ['kalshi', 'manifold', 'polymarket']);

      // kalshi leaves the cluster: the remaining members drop it
      await seedCatalogMarkets(temp.db.pool, [row('kalshi', 'SENATE-1', 'Democrats keep the Senate?')]);
      await run();
      s = await backend.autocomplete({ q: 'democrats', limit: 8 });
      assert.equal(s.length, 2);
      const cluster = s.find((x) => x.svc_id === 'svc_senate000000')!;
      assert.deepEqual(cluster.exchanges, ['manifold', 'polymarket']);
      assert.deepEqual(s.find((x) => x.svc_id === null)!.exchanges, ['kalshi']);
    });
  });
}

indexerSuite('PostgreSQL', async (_ctx, temp) => ({
  backend: new PostgresSearchEngine({ pool: temp.db.pool }),
  cleanup: async () => {},
}));

indexerSuite('Elasticsearch (OpenSearch node)', async (ctx) => {
  const url = await searchNodeUrl(ctx);
  const engine = new ElasticSearchEngine({ client: createElasticClient(url), alias: `test-${randomBytes(4).toString('hex')}-markets` });
  return {
    backend: engine,
    cleanup: async () => {
      for (const name of await engine.listIndices()) await engine.dropIndex(name);
      await engine.close();
    },
  };
});
