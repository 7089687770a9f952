// Cross-venue matching: the job that pairs markets into clusters with stable svc_ids (after each sync
// and on its schedule; the markets whose svc_id it changed are re-indexed for search right after),
// the cluster routes, and the job's last run in /health (whichever instance ran it).
import { CatalogReader } from '../catalog/catalog-repository.js';
import { CatalogWriter } from '../catalog/catalog-write-repository.js';
import { createClustersRouter } from '../http/routes/clusters.js';
import { ClusterReader } from '../matching/cluster-repository.js';
import { MatchStore } from '../matching/match-repository.js';
import { matchingJobHealth, recordRuns } from '../indexers/job-runs.js';
import { JobRunStore } from '../indexers/job-run-repository.js';
import { createMatchingJob, MATCHING_JOB } from '../indexers/matching-job.js';
import type { JobScheduler } from '../indexers/scheduler.js';
import { SEARCH_INDEX_JOB } from '../indexers/search-job.js';
import type { FeatureModule } from './feature-module.js';

export const matchingFeature: FeatureModule = {
  name: 'matching',
  async setup({ db, logger }) {
    const jobRuns = new JobRunStore(db.pool);
    let scheduler: JobScheduler | undefined;
    return {
      routes: (http) => [
        { path: '/', router: createClustersRouter({ clusters: new ClusterReader(db.pool, new MatchStore(db.pool)), catalog: new CatalogReader(db.pool), requireFeature: http.requireFeature }) },
      ],
      health: { matching: matchingJobHealth(jobRuns, MATCHING_JOB) },
      jobs(jobs) {
        scheduler = jobs;
        jobs.add(recordRuns(createMatchingJob({
          pool: db.pool, writer: new CatalogWriter(db.pool, { vacuumAfterWrites: db.kind === 'embedded' }), logger: logger.child({ component: 'matching' }),
          onAssigned: () => void jobs.trigger(SEARCH_INDEX_JOB),
        }), jobRuns, logger));
      },
      onCatalogChange(change) {
        if (change.changed + change.removed > 0) void scheduler?.trigger(MATCHING_JOB);
      },
    };
  },
};
