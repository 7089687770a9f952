// Market data: the per-venue reads (catalog or live, with a short cache), the recorded series, past
// books and analytics, quotes across venues, the datasets (a venue's own reads, such as Kalshi's RFQs,
// are its extension's: ./venues/).
import path from 'node:path';
import { CatalogReader } from '../catalog/catalog-repository.js';
import { createQuotesRouter } from '../http/routes/quotes.js';
import { createDatasetsRouter } from '../http/routes/recorded-datasets.js';
import { createRecordedRouter } from '../http/routes/recorded.js';
import { createVenuesRouter } from '../http/routes/venues.js';
import { DatasetService } from '../market-data/datasets.js';
import { MarketDataService } from '../market-data/market-data-service.js';
import { QuoteService } from '../market-data/quotes.js';
import { RecordedDataService } from '../market-data/recorded-data-service.js';
import { ClusterReader } from '../matching/cluster-repository.js';
import { MatchStore } from '../matching/match-repository.js';
import { PartitionManager } from '../recorder/partition-repository.js';
import { RecordedStore } from '../recorder/recorded-data-repository.js';
import type { FeatureModule } from './feature-module.js';

export const marketDataFeature: FeatureModule = {
  name: 'market-data',
  async setup({ config, db, clock, venues }) {
    const now = () => clock.now();
    const catalog = new CatalogReader(db.pool);
    // The recorded tables are read by every instance (the recorder writes them where the jobs run).
    const recordedStore = new RecordedStore(db.pool, new PartitionManager(db.pool, { retentionDays: config.recorder.retentionDays, aheadDays: config.recorder.partitionsAheadDays }));
    const marketData = new MarketDataService({ catalog, adapters: venues.liveAdapters, liveCacheTtlMs: config.liveReads.cacheTtlMs, liveTimeoutMs: config.liveReads.timeoutMs, now, recorded: recordedStore });
    const clusters = new ClusterReader(db.pool, new MatchStore(db.pool));
    return {
      provides: { marketData, recordedStore },
      routes: (http) => [
        { path: '/', router: createRecordedRouter(new RecordedDataService(marketData, recordedStore, now)) },
        { path: '/', router: createDatasetsRouter(new DatasetService({ catalog, store: recordedStore, dir: path.join(config.dataDir, 'datasets'), retentionDays: config.recorder.retentionDays, now })) },
        { path: '/', router: createQuotesRouter({ quotes: new QuoteService(catalog, marketData), clusters, requireFeature: http.requireFeature }) },
        { path: '/', router: createVenuesRouter(marketData) },
      ],
    };
  },
};
