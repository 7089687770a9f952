// The embedding backfill's lease: one indexer embeds at a time, and a lease left by a process that
// died never holds the backfill up. What makes a lease held depends on the database:
//
// - On a server, a PostgreSQL advisory lock on a session of its own, kept for the run (the scheduler's
//   AdvisoryLocks): the server frees it the moment its process dies, so the next runner takes over at
//   once, whatever the lease row still says.
// - On the embedded database only one process can be open (src/db/data-dir-lock.ts), so a lease row
//   written by anything other than an indexer of this process was left by a process that is gone, and
//   is taken over. Indexers of this one process still take turns by the row (its expiry included).
//
// In both cases the row `lease` of embedding_index_state says who holds the lease and until when
// (for /health), is renewed every batch, and fences the writes: each write transaction checks the row
// still names this owner (MarketEmbeddingStore.applyBatch), so a runner that lost its lock to another
// stops at its next write.
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { Database } from '../db/database.js';
import { MarketEmbeddingStore } from '../search/semantic/market-embedding-repository.js';
import { AdvisoryLocks } from '../db/advisory-locks.js';

/** The advisory lock's name among the scheduler's locks (AdvisoryLocks): no job is called this. */
export const EMBEDDING_BACKFILL_LOCK = 'embedding-backfill';

/** The owners of the embedded database's lease that are alive: the indexers of this process holding it. */
const embeddedHolders = new Set<string>();

export class EmbeddingBackfillLease {
  /** Who holds it, as /health shows it: host, process id and a random part (one process may run several). */
  readonly owner = `${os.hostname()}/pid ${process.pid}/${randomBytes(4).toString('hex')}`;
  private locks: AdvisoryLocks | null = null;
  private readonly store: MarketEmbeddingStore;

  constructor(
    private readonly pool: pg.Pool,
    private readonly databaseKind: Database['kind'],
    private readonly ttlSeconds: number,
  ) {
    this.store = new MarketEmbeddingStore(pool);
  }

  /** Takes the lease; false when another runner holds it (alive). */
  async take(): Promise<boolean> {
    if (this.databaseKind === 'embedded') {
      const taken = await this.store.takeOverLease(this.owner, this.ttlSeconds, [...embeddedHolders]);
      if (taken) embeddedHolders.add(this.owner);
      return taken;
    }
    const locks = await AdvisoryLocks.open(this.pool, true);
    try {
      if (!(await locks.tryLock(EMBEDDING_BACKFILL_LOCK))) {
        locks.close();
        return false;
      }
      // the lock is ours, so whoever the row names is gone or done
      await this.store.takeOverLease(this.owner, this.ttlSeconds);
    } catch (err) {
      await locks.unlock(EMBEDDING_BACKFILL_LOCK).catch(() => undefined);
      locks.close();
      throw err;
    }
    this.locks = locks;
    return true;
  }

  /** Moves the row's expiry on (every batch); false when another runner took the lease over. */
  renew(): Promise<boolean> {
    return this.store.acquireLease(this.owner, this.ttlSeconds);
  }

  async release(): Promise<void> {
    embeddedHolders.delete(this.owner);
    const locks = this.locks;
    this.locks = null;
    try {
      await this.store.releaseLease(this.owner);
    } finally {
      if (locks) {
        // a lock that went with its session is gone already; closing gives the session back
        await locks.unlock(EMBEDDING_BACKFILL_LOCK).catch(() => undefined);
        locks.close();
      }
    }
  }
}
