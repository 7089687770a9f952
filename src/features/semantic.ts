// Semantic search: the local embedding model (fetched when missing, loaded in the background: the
// route answers 503, saying why, until it is ready), /search/semantic, and the embedding indexer
// where the jobs run (it starts once the model is loaded).
import { CatalogReader } from '../catalog/catalog-repository.js';
import { CHANGE_CHANNELS } from '../db/notifications.js';
import { createSemanticRouter } from '../http/routes/semantic-search.js';
import { startSemanticComponent } from '../search/semantic/semantic-component.js';
import { keywordEngineCandidates } from '../search/semantic/keyword-candidates.js';
import { EmbeddingIndexer } from '../indexers/embeddings-indexer.js';
import type { FeatureModule } from './feature-module.js';

export const semanticFeature: FeatureModule = {
  name: 'semantic',
  async setup({ config, db, logger, notifications, use }) {
    const semantic = startSemanticComponent({
      modelDir: config.modelDir,
      pool: db.pool,
      logger,
      createIndexer: config.runJobs
        ? (embedder) => new EmbeddingIndexer({ pool: db.pool, databaseKind: db.kind, embedder, logger: logger.child({ component: 'embedding-indexer' }), vacuumAfterWrites: db.kind === 'embedded' })
        : undefined,
      modelFetch: config.modelFetch ?? undefined,
      keywordCandidates: keywordEngineCandidates(use('keywordSearch')),
    });
    try {
      // Another instance's change to what the answers are built from drops this one's cached answers.
      const drop = () => semantic.invalidateAnswers();
      await notifications.listen(CHANGE_CHANNELS.semanticInputs, drop, drop);
    } catch (err) {
      await semantic.close();
      throw err;
    }
    return {
      provides: { semantic },
      routes: (http) => [
        { path: '/search', router: createSemanticRouter({ requireFeature: http.requireFeature, getService: () => semantic.getService(), cache: semantic.resultCache, unavailableReason: () => semantic.unavailableReason(), catalog: new CatalogReader(db.pool) }) },
      ],
      health: { embeddings: () => semantic.health() },
      onCatalogChange(change) {
        if (change.changed + change.removed > 0) semantic.requestIndexing();
      },
      close: () => semantic.close(),
    };
  },
};
