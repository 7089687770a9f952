// The recorder's lease: one job runner records at a time. It is a PostgreSQL advisory lock taken
// through the scheduler's AdvisoryLocks (src/indexers/scheduler.ts), so it lives where the job locks
// live: on a dedicated session with an external database (held as long as that session, freed by the
// server when the process dies), through the pool on the embedded one (one process per data directory).
//
// - A job runner that does not hold it tries again every `retryMs` (standby).
// - When the dedicated session drops, the server frees the lock: the holder tries to take it again at
//   once on a new session and records on; if another runner took it first, the recorder hears
//   `onLost` and stands down (src/recorder/recorder.ts).
// - The fence: each write checks, inside its own transaction on another connection, that pg_locks
//   still shows the lock granted to the lease's session; a write after the lock went is rolled back.
//   (Between that check and the commit the lock could still go, but the next recorder's first write
//   follows its own start by a whole snapshot-and-flush cycle, so the two never write together.)
import type pg from 'pg';
import type { Logger } from 'pino';
import type { RecorderLease } from '../recorder/recorder.js';
import { AdvisoryLocks } from '../db/advisory-locks.js';

export const RECORDER_LOCK = 'market-recorder';

export class AdvisoryRecorderLease implements RecorderLease {
  /** The server process id of the session holding the lock (null: through the pool, embedded). */
  private pid: number | null = null;
  private readonly lostListeners: (() => void)[] = [];
  private readonly log: Logger;

  private constructor(
    private readonly locks: AdvisoryLocks,
    private readonly opts: { retryMs: number; logger: Logger },
  ) {
    this.log = opts.logger;
    locks.onLost((names) => {
      if (names.includes(RECORDER_LOCK)) void this.sessionLost();
    });
  }

  /** `external`: a database server (the lock on a dedicated session), else the embedded database. */
  static async open(pool: pg.Pool, external: boolean, opts: { retryMs: number; logger: Logger }): Promise<AdvisoryRecorderLease> {
    return new AdvisoryRecorderLease(await AdvisoryLocks.open(pool, external), opts);
  }

  async acquire(signal: AbortSignal): Promise<boolean> {
    let announced = false;
    while (!signal.aborted) {
      try {
        if (await this.take()) return !signal.aborted;
        if (!announced) this.log.info('recorder: another job runner records; standing by for its lease');
        announced = true;
      } catch (err) {
        this.log.warn({ err }, 'recorder: the lease could not be asked for; trying again');
      }
      await new Promise<void>((resolve) => {
        const stop = (): void => {
          clearTimeout(t);
          signal.removeEventListener('abort', stop);
          resolve();
        };
        const t = setTimeout(stop, this.opts.retryMs);
        t.unref();
        signal.addEventListener('abort', stop, { once: true });
      });
    }
    return false;
  }

  fence = async (client: pg.PoolClient): Promise<boolean> => {
    if (!this.locks.holds(RECORDER_LOCK)) return false;
    if (this.pid === null) return true;
    return AdvisoryLocks.heldBySession(client, RECORDER_LOCK, this.pid);
  };

  onLost(listener: () => void): void {
    this.lostListeners.push(listener);
  }

  async release(): Promise<void> {
    await this.locks.unlock(RECORDER_LOCK).catch((err: unknown) => this.log.warn({ err }, 'recorder: releasing the lease failed (it goes with the session)'));
    this.locks.close();
  }

  private async take(): Promise<boolean> {
    if (!(await this.locks.tryLock(RECORDER_LOCK))) return false;
    this.pid = await this.locks.sessionPid();
    return true;
  }

  /** The lock's session dropped (the server freed the lock): take it again, or tell the recorder it went. */
  private async sessionLost(): Promise<void> {
    let again = false;
    try {
      again = await this.take();
    } catch (err) {
      this.log.warn({ err }, 'recorder: the lease could not be taken again after its session dropped');
    }
    if (again) {
      this.log.info('recorder: lease session dropped and the lease was taken again on a new session; recording goes on');
      return;
    }
    this.pid = null;
    for (const listener of this.lostListeners) listener();
  }
}
