// Scheduled jobs (node-cron) with leadership by PostgreSQL advisory lock: with N instances of the
// service each job runs once per tick, on whichever instance takes its lock first; the others skip.
//
// Where the lock lives matters. The embedded database has a single pooled connection, and a job must
// never hold it across its HTTP calls: there, the lock is taken and released through the pool (the
// one session; only one process can open the embedded data directory anyway, and an in-process
// guard keeps a job from overlapping itself). With an external PostgreSQL, the locks live on one
// dedicated connection kept for the scheduler's lifetime, never used for data, so that unlock
// happens on the session that locked. If that connection drops, the server releases its locks:
// AdvisoryLocks notices (the connection's error/end events) and reopens a session on the next
// tryLock, and the scheduler takes the locks of the jobs running here again, or aborts a run whose
// lock another instance took meanwhile (test/db/scheduler-lock-session.test.ts).
import cron, { type ScheduledTask } from 'node-cron';
import type { Logger } from 'pino';
import { AdvisoryLocks } from '../db/advisory-locks.js';

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
  /** Per running job: aborts that run alone (its lock was lost and taken by another instance). */
  private readonly runAborts = new Map<string, AbortController>();
  private readonly abort = new AbortController();
  private stopped = false;

  private readonly logger?: Logger;

  constructor(
    private readonly locks: AdvisoryLocks,
    logger?: Logger,
  ) {
    this.logger = logger?.child({ component: 'scheduler' });
    locks.onLost((names, err) => void this.locksLost(names, err));
  }

  /**
   * The lock session dropped, and with it the locks of the jobs running here. Each such job takes
   * its lock again on a new session and goes on; if another instance took it meanwhile, this run is
   * aborted (its signal fires), so that the job never runs twice at once. The next tick of every
   * job opens a new session through tryLock.
   */
  private async locksLost(names: string[], err: Error): Promise<void> {
    this.logger?.warn({ jobs: names, err: err.message }, 'job lock session dropped; its locks were released by the server');
    for (const name of names) {
      const controller = this.runAborts.get(name);
      if (!controller || this.stopped) continue;
      let again = false;
      try {
        again = await this.locks.tryLock(name);
      } catch (e) {
        this.logger?.warn({ job: name, err: e }, 'job lock could not be taken again');
      }
      if (again && this.runAborts.get(name) !== controller) {
        // the run ended while the lock was being taken again: give it back
        await this.locks.unlock(name).catch(() => undefined);
      } else if (again) {
        this.logger?.info({ job: name }, 'job lock taken again on a new session; the run goes on');
      } else {
        this.logger?.error({ job: name }, 'job lock lost to another instance; aborting this run');
        controller.abort(new Error(`job lock of ${name} lost`));
      }
    }
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
      const own = new AbortController();
      this.runAborts.set(job.name, own);
      this.logger?.debug({ job: job.name }, 'job started');
      const result = await job
        .run(AbortSignal.any([this.abort.signal, own.signal]))
        .finally(() => {
          this.runAborts.delete(job.name);
          this.logger?.debug({ job: job.name, ms: Date.now() - started }, 'job finished');
        });
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
