// The catalog's size against what the embedded database serves well: /health `catalog` degrades past
// EMBEDDED_CATALOG_CEILING (with a warning to set DATABASE_URL), and the log says so when a complete
// sync grows the catalog past it, not only on a /health poll.
import { SyncStatusStore } from '../catalog/sync-status-repository.js';
import { EmbeddedCatalogCeiling } from '../health/embedded-ceiling.js';
import type { FeatureModule } from './feature-module.js';

export const catalogFeature: FeatureModule = {
  name: 'catalog',
  async setup({ config, db, logger }) {
    const ceiling = new EmbeddedCatalogCeiling({ liveMarkets: () => new SyncStatusStore(db.pool).totalLiveMarkets(), databaseKind: db.kind, ceiling: config.embeddedCatalogCeiling, logger });
    return {
      health: { catalog: () => ceiling.check() },
      onCatalogChange(change) {
        if (change.changed + change.removed > 0 && change.complete) void ceiling.check().catch(() => undefined);
      },
    };
  },
};
