// The service in sim mode with its catalog matched, for tests of what reads clusters: the nine venue
// simulators synced once, every text embedded by the real model, then the matching job and the search
// indexer run as the scheduler runs them. No start-up sync and no cron tick afterwards (the schedule
// is once a year), so the catalog holds still while the test reads it.
import assert from 'node:assert/strict';
import { MATCHING_JOB } from '../../src/indexers/matching-job.js';
import { SEARCH_INDEX_JOB } from '../../src/indexers/search-job.js';
import { MarketEmbeddingStore } from '../../src/search/semantic/market-embedding-repository.js';
import { ensureTestModel, TEST_MODEL_DIR } from '../embeddings/model-for-tests.js';
import { startTestService, type TestService } from './service.js';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startMatchedSimService(env: Record<string, string> = {}): Promise<TestService> {
  await ensureTestModel();
  const svc = await startTestService({
    env: { EXCHANGE_MODE: 'sim', RUN_JOBS: 'true', SYNC_ON_START: 'false', SYNC_SCHEDULE: '0 0 1 1 *', MODEL_DIR: TEST_MODEL_DIR, ...env },
  });
  try {
    const synced = await svc.venueSync!.syncAllNow();
    for (const r of synced) assert.equal(r.ok, true, `${r.exchange} sync: ${r.error}`);
    // The embedding indexer runs in the background after the sync; wait until every text is embedded.
    const embeddings = new MarketEmbeddingStore(svc.db.pool);
    for (let i = 0; ; i++) {
      const pending = await embeddings.pending();
      const counts = await embeddings.counts();
      if (pending.title === 0 && pending.rules === 0 && counts.title > 0) break;
      assert.ok(i < 600, `embeddings still pending: ${JSON.stringify(pending)}`);
      await pause(500);
    }
    const scheduler = svc.venueSync!.scheduler;
    for (;;) {
      const run = await scheduler.trigger(MATCHING_JOB);
      if (run.ran) {
        assert.ok(!(run.result instanceof Error), String(run.result));
        break;
      }
      await pause(200);
    }
    // the matching run triggered the search indexer itself: wait for it, then run it once more
    while (!(await scheduler.trigger(SEARCH_INDEX_JOB)).ran) await pause(200);
    return svc;
  } catch (err) {
    await svc.destroy();
    throw err;
  }
}
