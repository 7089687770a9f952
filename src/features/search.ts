// Keyword search: the engine (Elasticsearch/OpenSearch when ELASTICSEARCH_URL is set, else PostgreSQL),
// its answer cache, /search and /categories, and the job that indexes the catalog.
import { CatalogReader } from '../catalog/catalog-repository.js';
import { CHANGE_CHANNELS } from '../db/notifications.js';
import { createCategoriesRouter } from '../http/routes/categories.js';
import { createSearchRouter } from '../http/routes/search.js';
import { VOLUME_ORDERED } from '../search/search-index-state-repository.js';
import { setupSearch } from '../search/setup.js';
import { createSearchIndexJob, SEARCH_INDEX_JOB } from '../indexers/search-job.js';
import type { JobScheduler } from '../indexers/scheduler.js';
import type { FeatureModule } from './feature-module.js';

export const searchFeature: FeatureModule = {
  name: 'search',
  async setup({ config, db, logger, notifications }) {
    // An engine that is down at start is not fatal: keyword search answers 503 until it is back.
    const search = await setupSearch({ elasticsearchUrl: config.elasticsearchUrl, layout: config.searchLayout, pool: db.pool, watchIntervalMs: config.searchCachePollMs, logger: logger.child({ component: 'search' }) });
    try {
      // A re-index by another instance on the same database drops this one's cached answers at once
      // (the database's triggers announce it; the index watcher remains as a safety net).
      const dropAll = () => search.cache.invalidate();
      const dropVolumeOrdered = () => search.cache.invalidate(VOLUME_ORDERED);
      await notifications.listen(CHANGE_CHANNELS.searchState, dropAll, dropAll);
      await notifications.listen(CHANGE_CHANNELS.searchVolumes, dropVolumeOrdered, dropVolumeOrdered);
    } catch (err) {
      await search.close();
      throw err;
    }
    let scheduler: JobScheduler | undefined;
    return {
      provides: { keywordSearch: search.backend },
      routes: () => [
        { path: '/search', router: createSearchRouter({ engine: search.backend, cache: search.cache, catalog: new CatalogReader(db.pool) }) },
        { path: '/', router: createCategoriesRouter(new CatalogReader(db.pool)) },
      ],
      health: { search: async () => ({ ...(await search.health()) }) },
      // The index follows the catalog: after every sync that changed markets, and on its own schedule as a safety net.
      jobs(jobs) {
        scheduler = jobs;
        jobs.add(createSearchIndexJob({ pool: db.pool, writer: search.backend, cache: search.cache, logger: logger.child({ component: 'search-indexer' }) }));
      },
      onCatalogChange(change) {
        if (change.changed + change.removed > 0) void scheduler?.trigger(SEARCH_INDEX_JOB);
      },
      close: () => search.close(),
    };
  },
};
