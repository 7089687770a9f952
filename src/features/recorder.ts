// The market-data recorder: where the jobs run and RECORDER_ENABLED, one recorder at a time across job
// runners (the others stand by for its lease). It shares the stream gateway's upstream connection of
// each venue (with fan-out across instances, the leader's, through the clustered feed).
import { createMarketRecorder } from '../recorder/setup.js';
import { recorderFeed } from '../ws/recorder-feed.js';
import { AdvisoryRecorderLease } from '../indexers/recorder-lease.js';
import type { FeatureModule } from './feature-module.js';

export const recorderFeature: FeatureModule = {
  name: 'recorder',
  async setup({ config, db, logger, clock, venues, use }) {
    if (!(config.runJobs && config.recorder.enabled)) return { provides: { recorder: null } };
    const streams = use('streams');
    const log = logger.child({ component: 'recorder' });
    const lease = await AdvisoryRecorderLease.open(db.pool, db.kind === 'external', { retryMs: config.recorder.lockRetryMs, logger: log });
    let recorder;
    try {
      recorder = createMarketRecorder({
        config: config.recorder, pool: db.pool, adapters: venues.liveAdapters, logger: log, now: () => clock.now(), lease,
        feedOf: (code) => {
          const feed = streams.marketFeed(code);
          return feed ? recorderFeed(feed, logger.child({ component: 'recorder', exchange: code })) : undefined;
        },
      });
    } catch (err) {
      // The lease holds a session of the pool (on a server): give it back before the start fails.
      await lease.release();
      throw err;
    }
    const running = recorder;
    return {
      provides: { recorder: running },
      health: { recorder: () => running.health() },
      // In the background, like the first sync: requests are served meanwhile.
      start: () => void running.start().catch((err: unknown) => logger.error({ err }, 'recorder: start failed')),
      // Markets listed by a sync are picked up without waiting for the next refresh.
      onCatalogChange(change) {
        if (change.changed > 0) void running.refreshTracked().catch((err: unknown) => logger.warn({ err }, 'recorder: refresh after a sync failed'));
      },
      // First of all: it lets go of its upstream markets and writes what it buffered.
      close: () => running.close(),
    };
  },
};
