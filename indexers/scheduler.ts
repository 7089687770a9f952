// Scheduled jobs (node-cron) with leadership by PostgreSQL advisory lock: with N instances of the
// service each job runs once per tick, on whichever instance takes its lock first; the others skip.
//
// Where the lock lives matters. The embedded database has a single pooled connection, and a job must
// never hold it across its HTTP calls: there, the lock is taken and released through the pool (the
// one session; only one process can open the embedded data directory anyway, and an in-process
// guard keeps a job from overlapping itself). With an external PostgreSQL, the locks live on one
// dedicated connection kept for the scheduler's lifetime, never used for data, so that unlock
// happens on the session that locked.
import { createHash } from 'node:crypto';
import cron, { type ScheduledTask } from 'node-cron';
import type pg from 'pg';
import type { Logger } from 'pino';

/** An arbitrary constant naming this service's job locks among advisory locks (two-int form). */
const JOB_LOCK_CLASS = 7_301_100;

/** Stable 32-bit lock id of a job name. */
export function jobLockId(name: string): number {
  return createHash('sha256').update(name).digest().readInt32BE(0);
}

type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

export class AdvisoryLocks {
  private session: Queryable;
  private dedicated: pg.PoolClient | null = null;

  private constructor(private readonly pool: pg.Pool) {
    this.session = pool;
  }

  /** `dedicatedSession`: keep one connection for the locks (external databases); else lock through the pool. */
  static async open(pool: pg.Pool, dedicatedSession: boolean): Promise<AdvisoryLocks> {
    const locks = new AdvisoryLocks(pool);
    if (dedicatedSession) {
      locks.dedicated = await pool.connect();
      locks.session = locks.dedicated;
    }
    return locks;
  }

  async tryLock(name: string): Promise<boolean> {
    const r = await this.session.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1::int, $2::int) AS ok', [JOB_LOCK_CLASS, jobLockId(name)]);
    return r.rows[0].ok;
  }

  async unlock(name: string): Promise<void> {
    await this.session.query('SELECT pg_advisory_unlock($1::int, $2::int)', [JOB_LOCK_CLASS, jobLockId(name)]);
  }

  close(): void {
    this.dedicated?.release();
    this.dedicated = null;
    this.session = this.pool;
  }
}

export interface JobDefinition {
  name: string;
  /** A cron expression (5 or 6 fields), or null to run only when triggered. */
  schedule: string | null;
  run(signal: AbortSignal): Promise<unknown>;
}

export type JobOutcome = { ran: true; result: unknown } | { ran: false; reason: 'locked' | 'running' | 'stopped' };

export class JobScheduler {
  private readonly jobs = new Map<string, JobDefinition>();
  private readonly tasks: ScheduledTask[] = [];
  private readonly active = new Map<string, Promise<JobOutcome>>();
  private readonly abort = new AbortController();
  private stopped = false;

  private readonly logger?: Logger;

  constructor(
    private readonly locks: AdvisoryLocks,
    logger?: Logger,
  ) {
    this.logger = logger?.child({ component: 'scheduler' });
  }

  /** Throws on an invalid cron expression (configuration errors surface at start, not at the tick). */
  add(job: JobDefinition): void {
    if (job.schedule !== null && !cron.validate(job.schedule)) throw new Error(`invalid cron schedule for ${job.name}: "${job.schedule}"`);
    this.jobs.set(job.name, job);
    if (job.schedule !== null) {
      const task = cron.schedule(job.schedule, () => void this.trigger(job.name), { name: job.name, noOverlap: true });
      this.tasks.push(task);
    }
  }

  get jobNames(): string[] {
    return [...this.jobs.keys()];
  }

  /**
   * Runs a job now if this instance can lead it: not already running here, and its advisory lock is
   * free. Failures are logged and reported in the outcome, never thrown into the timer.
   */
  trigger(name: string): Promise<JobOutcome> {
    const job = this.jobs.get(name);
    if (!job) return Promise.reject(new Error(`no job named ${name}`));
    if (this.stopped) return Promise.resolve({ ran: false, reason: 'stopped' });
    if (this.active.has(name)) return Promise.resolve({ ran: false, reason: 'running' });
    const run = this.lead(job).finally(() => this.active.delete(name));
    this.active.set(name, run);
    return run;
  }

  private async lead(job: JobDefinition): Promise<JobOutcome> {
    let locked = false;
    try {
      locked = await this.locks.tryLock(job.name);
      if (!locked) {
        this.logger?.debug({ job: job.name }, 'job skipped: another instance holds its lock');
        return { ran: false, reason: 'locked' };
      }
      // which instance led which run, and when (between the lock and the unlock)
      const started = Date.now();
      this.logger?.debug({ job: job.name }, 'job started');
      const result = await job.run(this.abort.signal).finally(() => this.logger?.debug({ job: job.name, ms: Date.now() - started }, 'job finished'));
      return { ran: true, result };
    } catch (err) {
      this.logger?.error({ job: job.name, err }, 'job failed');
      return { ran: true, result: err };
    } finally {
      if (locked) await this.locks.unlock(job.name).catch((err: unknown) => this.logger?.warn({ job: job.name, err }, 'job unlock failed'));
    }
  }

  /** Stops the timers, aborts running jobs and waits for them to wind down. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    for (const t of this.tasks) await t.destroy();
    this.abort.abort(new Error('scheduler stopping'));
    await Promise.allSettled([...this.active.values()]);
    this.locks.close();
  }
}
