// Operator metrics: GET /metrics in Prometheus format on the API port (and on METRICS_PORT when set),
// the request timings, the venue syncs' runs, and what the embedding, matching and stream features
// report; last in the list, as it reads those features.
import { setupMetrics } from '../metrics/setup.js';
import { matchingRunOf } from '../metrics/matching-source.js';
import { JobRunStore } from '../indexers/job-run-repository.js';
import type { FeatureModule } from './feature-module.js';

export const metricsFeature: FeatureModule = {
  name: 'metrics',
  async setup({ config, db, logger, use }) {
    const semantic = use('semantic');
    const streams = use('streams');
    const metrics = setupMetrics({
      settings: { ...config.metrics, host: config.host },
      logger,
      sources: { pool: db.pool, embeddings: () => semantic.embeddingWork(), matching: matchingRunOf(new JobRunStore(db.pool)), streams: () => streams.counts() },
    });
    try {
      const metricsPort = await metrics.listen();
      return {
        provides: { metricsPort },
        metrics: metrics.http,
        onSyncResult: (result) => metrics.recordSync(result),
        close: () => metrics.close(),
      };
    } catch (err) {
      await metrics.close();
      throw err;
    }
  },
};
