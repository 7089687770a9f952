// Named PostgreSQL advisory locks, the leadership primitive of the scheduled jobs
// (indexers/scheduler.ts) and the recorder's and embedding indexer's leases. Where a lock lives
// matters: on the embedded database the locks are taken and released through the pool (its one
// session); on an external server they live on one dedicated connection kept for the holder's
// lifetime, never used for data, so that unlock happens on the session that locked. If that
// connection drops, the server releases its locks: AdvisoryLocks notices (the connection's
// error/end events), tells onLost listeners and reopens a session on the next tryLock.
import { createHash } from 'node:crypto';
import type pg from 'pg';

/** An arbitrary constant naming this service's job locks among advisory locks (two-int form). */
const JOB_LOCK_CLASS = 7_301_100;

/** Stable 32-bit lock id of a job name. */
export function jobLockId(name: string): number {
  return createHash('sha256').update(name).digest().readInt32BE(0);
}

type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

/** Called when the dedicated session dropped, with the names of the locks that vanished with it. */
export type LocksLostHandler = (names: string[], err: Error) => void;

export class AdvisoryLocks {
  private dedicated: pg.PoolClient | null = null;
  /** Locks this process holds (taken and not yet released or lost). */
  private readonly held = new Set<string>();
  private readonly lostHandlers: LocksLostHandler[] = [];
  private closed = false;

  private constructor(
    private readonly pool: pg.Pool,
    private readonly dedicatedSession: boolean,
  ) {}

  /** `dedicatedSession`: keep one connection for the locks (external databases); else lock through the pool. */
  static async open(pool: pg.Pool, dedicatedSession: boolean): Promise<AdvisoryLocks> {
    const locks = new AdvisoryLocks(pool, dedicatedSession);
    if (dedicatedSession) await locks.session();
    return locks;
  }

  /**
   * `handler` hears when the dedicated session dropped (terminated by an administrator, a server
   * restart, a network cut): the server released its locks then, so the jobs running under them are
   * no longer exclusive. The next tryLock opens a new session.
   */
  onLost(handler: LocksLostHandler): void {
    this.lostHandlers.push(handler);
  }

  /** The session the locks live on: the pool, or the dedicated connection (reopened if it dropped). */
  private async session(): Promise<Queryable> {
    if (!this.dedicatedSession) return this.pool;
    if (this.dedicated) return this.dedicated;
    if (this.closed) throw new Error('advisory locks closed');
    const client = await this.pool.connect();
    // A dropped connection emits 'error' (or only 'end'): without a listener the 'error' would be
    // thrown as an unhandled event and end the process.
    const dropped = (err?: Error) => this.sessionDropped(client, err ?? new Error('lock session ended'));
    client.on('error', dropped);
    client.on('end', () => dropped());
    this.dedicated = client;
    return client;
  }

  private sessionDropped(client: pg.PoolClient, err: Error): void {
    if (this.dedicated !== client) return; // already handled, or closed by us
    this.dedicated = null;
    client.release(err); // destroys it rather than returning it to the pool
    const lost = [...this.held];
    this.held.clear();
    if (this.closed) return;
    for (const handler of this.lostHandlers) handler(lost, err);
  }

  async tryLock(name: string): Promise<boolean> {
    const session = await this.session();
    const r = await session.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1::int, $2::int) AS ok', [JOB_LOCK_CLASS, jobLockId(name)]);
    if (r.rows[0].ok) this.held.add(name);
    return r.rows[0].ok;
  }

  /**
   * The server process id of the session the locks live on (dedicated session), or null when they are
   * taken through the pool (embedded database): with it, another connection can check in pg_locks
   * that a lock is still held (a writer's fence, indexers/recorder-lease.ts).
   */
  async sessionPid(): Promise<number | null> {
    if (!this.dedicatedSession) return null;
    const session = await this.session();
    return (await session.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
  }

  /** The two keys of a named lock as pg_locks shows them (classid, objid). */
  static lockKeys(name: string): { classid: number; objid: number } {
    return { classid: JOB_LOCK_CLASS, objid: jobLockId(name) };
  }

  /**
   * Whether the session with server process id `pid` still holds the lock `name`, asked on another
   * connection (`client`: e.g. a writer's own transaction, as a fence).
   */
  static async heldBySession(client: Pick<pg.PoolClient, 'query'>, name: string, pid: number): Promise<boolean> {
    const { classid, objid } = AdvisoryLocks.lockKeys(name);
    // pg_locks shows the two lock keys as oids (unsigned 32-bit).
    const r = await client.query<{ held: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted AND pid = $1
         AND classid::int8 = $2::int8 AND objid::int8 = ($3::int8 + 4294967296) % 4294967296 AND objsubid = 2) AS held`,
      [pid, classid, objid],
    );
    return r.rows[0].held;
  }

  /** Whether this process still holds `name` (false once its session dropped). */
  holds(name: string): boolean {
    return this.held.has(name);
  }

  async unlock(name: string): Promise<void> {
    // a lock lost with its session is gone already; unlocking on a new session would only warn
    if (!this.held.delete(name)) return;
    const session = this.dedicatedSession ? this.dedicated : this.pool;
    if (!session) return;
    await session.query('SELECT pg_advisory_unlock($1::int, $2::int)', [JOB_LOCK_CLASS, jobLockId(name)]);
  }

  close(): void {
    this.closed = true;
    const client = this.dedicated;
    this.dedicated = null;
    this.held.clear();
    client?.release();
  }
}
