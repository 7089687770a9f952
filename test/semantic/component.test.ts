// The semantic-search component as the composition root uses it: the service starts and answers
// even when the model is missing (semantic search then reports why, in /health), and with the model
// it loads in the background, indexes the catalog and serves searches.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ModelMissingError } from '../../src/embeddings/model-files.js';
import { EmbeddingIndexer } from '../../src/indexers/embeddings-indexer.js';
import { createLogger } from '../../src/logger.js';
import { startSemanticComponent } from '../../src/search/semantic/semantic-component.js';
import { loadFixtureCorpus } from '../../scripts/eval/catalog-fixture.js';
import { seedCatalogMarkets } from '../../scripts/lib/catalog-seed.js';
import { openTestDatabase, type TestDatabase } from '../helpers/database.js';
import { ensureTestModel, TEST_MODEL_DIR } from '../embeddings/model-for-tests.js';

describe('semantic search component', function () {
  this.timeout(180_000);
  let db: TestDatabase;
  const logger = createLogger('silent');

  before(async () => {
    await ensureTestModel();
    db = await openTestDatabase();
    await seedCatalogMarkets(db.pool, loadFixtureCorpus());
  });
  after(async () => {
    await db?.destroy();
  });

  it('without a model: starts anyway, has no service, and health says what is missing', async () => {
    const emptyDir = mkdtempSync(path.join(os.tmpdir(), 'no-model-'));
    const component = startSemanticComponent({ modelDir: emptyDir, pool: db.pool, logger, createIndexer: (embedder) => new EmbeddingIndexer({ pool: db.pool, databaseKind: db.kind, embedder, logger }) });
    try {
      await assert.rejects(component.ready, ModelMissingError);
      assert.equal(component.getService(), undefined);
      const health = await component.health();
      assert.equal(health.status, 'down');
      assert.match(String(health.error), /fetch-model/);
      component.requestIndexing(); // harmless without a model
    } finally {
      await component.close();
      rmSync(emptyDir, { recursive: true, force: true });
    }
  });

  it('with the model: loads, indexes the catalog in the background, serves searches, reports progress', async () => {
    const component = startSemanticComponent({
      modelDir: TEST_MODEL_DIR, pool: db.pool, logger, workerPool: { workers: 1 },
      createIndexer: (embedder) => new EmbeddingIndexer({ pool: db.pool, databaseKind: db.kind, embedder, logger }),
    });
    try {
      await component.ready;
      const corpusSize = loadFixtureCorpus().length;
      for (let i = 0; i < 240; i++) {
        const health = await component.health();
        if (health.status === 'ok' && health.titles_pending === 0 && health.rules_pending === 0) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      const health = await component.health();
      assert.equal(health.status, 'ok');
      assert.equal(health.embedded_titles, corpusSize);
      assert.equal(health.embedded_rules, corpusSize);
      // the backlog, of the open markets too, its rate and when it ends (now: it has)
      assert.deepEqual([health.open_titles_pending, health.open_rules_pending, health.backlog_eta_s], [0, 0, 0]);
      assert.equal(typeof health.backlog_rate_per_s, 'number');
      const answer = await component.getService()!.search({ query: 'bird flu becomes a global outbreak', limit: 3 });
      assert.equal(answer.results[0].market_id, 'mf-h5n1-pandemic');
    } finally {
      await component.close();
    }
  });
});
