// Trading: encrypted credentials, orders through the venues (the order clients point where the
// adapters do: the simulators in sim mode), the order sync job (Polymarket's onboarding is its
// extension's: ./venues/).
import { createTradingRouter } from '../http/routes/trading.js';
import { createCredentialsRouter } from '../http/routes/trading-credentials.js';
import { credentialKeysHealth } from '../trading/credential-keys-health.js';
import { setupTrading } from '../trading/setup.js';
import { orderSyncHealth, recordRuns } from '../indexers/job-runs.js';
import { JobRunStore } from '../indexers/job-run-repository.js';
import { createOrderSyncJob, ORDER_SYNC_JOB } from '../indexers/order-sync-job.js';
import type { FeatureModule } from './feature-module.js';

export const tradingFeature: FeatureModule = {
  name: 'trading',
  async setup({ config, db, logger, venues, use }) {
    const marketData = use('marketData');
    const trading = await setupTrading({
      pool: db.pool,
      exclusiveDatabase: db.kind === 'embedded',
      settings: { ...config.trading, dataDir: config.dataDir },
      baseUrls: venues.simBaseUrls ?? Object.fromEntries(Object.entries(config.venues).map(([code, v]) => [code, v.baseUrls])),
      logger,
      // yes / no on the token venues: the market's outcomes (catalog, else the venue).
      outcomesOf: (code, marketId) => marketData.findMarket(code, marketId).then((m) => m.outcomes, () => null),
    });
    const jobRuns = new JobRunStore(db.pool);
    return {
      provides: { trading },
      routes: () => [
        { path: '/', router: createTradingRouter(trading.trading) },
        { path: '/', router: createCredentialsRouter(trading.credentials) },
      ],
      // the sync job's last run, whichever instance ran it
      health: { credentials: credentialKeysHealth(db.pool, trading.cipher), order_sync: orderSyncHealth(jobRuns, ORDER_SYNC_JOB) },
      // Orders not final yet follow their venues; the first run right away reconciles any order a restart interrupted.
      jobs(jobs) {
        jobs.add(recordRuns(createOrderSyncJob({ trading: trading.trading, schedule: config.trading.syncSchedule, logger }), jobRuns, logger));
        void jobs.trigger(ORDER_SYNC_JOB);
      },
    };
  },
};
