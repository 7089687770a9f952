// A full reindex into a new versioned index with an atomic alias swap, while searches keep coming:
// not one may fail or come back empty, and changes made during the rebuild are not lost.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { generateCorpus } from '../../bench/search/corpus.js';
import { catalogCounts, rebuildSearchIndex } from '../../src/indexers/search-indexer.js';
import { createElasticClient } from '../../src/search/elastic/client.js';
import { ElasticSearchEngine } from '../../src/search/elastic/engine.js';
import { seedCatalogMarkets } from '../../scripts/lib/catalog-seed.js';
import { openTempDatabase, type TempDatabase } from './support/database.js';
import { searchNodeUrl } from './support/search-node.js';

describe('search reindex with an alias swap under concurrent searches', function () {
  this.timeout(180_000);
  let temp: TempDatabase;
  let engine: ElasticSearchEngine;

  before(async function () {
    const url = await searchNodeUrl(this);
    temp = await openTempDatabase();
    engine = new ElasticSearchEngine({
      client: createElasticClient(url),
      alias: `test-${randomBytes(4).toString('hex')}-markets`,
      dropOldIndexAfterMs: 500,
    });
    await seedCatalogMarkets(temp.db.pool, generateCorpus(4000));
  });
  after(async () => {
    if (engine) {
      for (const name of await engine.listIndices()) await engine.dropIndex(name);
      await engine.close();
    }
    await temp?.close();
  });

  it('swaps to a new index with zero failed or empty searches, keeping changes made meanwhile', async () => {
    const first = await rebuildSearchIndex({ pool: temp.db.pool, writer: engine });
    assert.equal(first.previous, null);
    assert.equal(await engine.liveIndex(), first.index);

    let stop = false;
    const outcomes = { ok: 0, failed: [] as string[], empty: 0 };
    const searcher = async (i: number) => {
      const queries = ['bitcoin', 'will the fed', 'lakers champ', 'tesla', 'elon musk launch'];
      while (!stop) {
        const q = queries[(outcomes.ok + i) % queries.length];
        try {
          const [page, suggestions] = await Promise.all([
            engine.searchMarkets({ q, status: 'all', sort: 'relevance', limit: 10 }),
            engine.autocomplete({ q, limit: 8 }),
          ]);
          if (page.hits.length === 0 || suggestions.length === 0) outcomes.empty++;
          else outcomes.ok++;
        } catch (err) {
          outcomes.failed.push(`${q}: ${(err as Error).message}`);
        }
      }
    };
    const searchers = [0, 1, 2, 3].map(searcher);

    // the catalog keeps changing while the new index is built
    const rebuild = rebuildSearchIndex({ pool: temp.db.pool, writer: engine, batchSize: 500 });
    await seedCatalogMarkets(temp.db.pool, [
      { ...generateCorpus(1)[0], market_id: 'gen-7', title: 'Platypus census exceeds expectations?' },
    ]);
    const second = await rebuild;
    await new Promise((r) => setTimeout(r, 300));
    stop = true;
    await Promise.all(searchers);

    assert.deepEqual(outcomes.failed, []);
    assert.equal(outcomes.empty, 0);
    assert.ok(outcomes.ok > 20, `only ${outcomes.ok} searches ran during the rebuild`);
    assert.equal(second.previous, first.index);
    assert.notEqual(second.index, first.index);
    assert.equal(await engine.liveIndex(), second.index);
    assert.deepEqual(await engine.listIndices(), [second.index], 'the old index is dropped after the grace period');
    const live = [...(await catalogCounts(temp.db.pool)).values()].reduce((a, b) => a + b, 0);
    await engine.refresh();
    assert.equal(await engine.count(), live);
    const found = await engine.searchMarkets({ q: 'platypus census', status: 'all', sort: 'relevance', limit: 5 });
    assert.equal(found.hits[0]?.market_id, 'gen-7');
    assert.ok(second.bulk.written >= 4000);
  });
});
