/**
 * One instance's dedicated PostgreSQL session for the stream fan-out: it holds the leader's advisory
 * lock (session level, so PostgreSQL releases it when the session ends: a leader that stops or dies
 * frees it for another instance), LISTENs on the fan-out channels and sends NOTIFY. It is a plain
 * `pg.Client`, not a pool connection: a lock and LISTEN belong to one session.
 *
 * When the session is lost (server restart, network) the link says so (`onState(false)`: a leader is
 * no longer one) and reconnects with backoff; the caller decides what to re-establish.
 *
 * Why not src/db/notifications.ts (the caches' invalidation messages): it sends each payload as its
 * own pool query, so two payloads may commit on different sessions in either order, while a stream's
 * chunks and consecutive updates must arrive in order (their `seq`s); and the lead must be lost the
 * moment the session that holds the lock is, which one session for lock, LISTEN and NOTIFY gives.
 */
import pg from 'pg';
import type { Logger } from 'pino';
import { backoffDelay } from '../../venues/stream.js';

export interface PgLinkOptions {
  url: string;
  channels: readonly string[];
  logger: Logger;
  onNotification(channel: string, payload: string): void;
  /** The session came up (LISTEN done) or went down. */
  onState(up: boolean): void;
}

export class PgLink {
  private client: pg.Client | null = null;
  private attempt = 0;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private closed = false;
  private _up = false;
  /** Statements run one after another on the session (pg wants no overlapping queries on a client). */
  private tail: Promise<unknown> = Promise.resolve();

  constructor(private readonly opts: PgLinkOptions) {}

  get up(): boolean {
    return this._up;
  }

  /** Connects (resolves once up, or once the first attempt failed: it keeps trying in the background). */
  async start(): Promise<void> {
    await this.connect();
  }

  /** `pg_try_advisory_lock` on this session: true when this session holds the lock now. */
  async tryLock(key: bigint): Promise<boolean> {
    if (!this._up) return false;
    const r = await this.serial((c) => c.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS locked', [key.toString()]));
    return r.rows[0]?.locked === true;
  }

  /**
   * Sends the payloads on `channel` in one statement: one transaction, so every listener gets them
   * together and in this order.
   */
  async notify(channel: string, payloads: readonly string[]): Promise<void> {
    if (!this._up || payloads.length === 0) return;
    const calls = payloads.map((_, i) => `pg_notify($1, $${i + 2})`).join(', ');
    await this.serial((c) => c.query(`SELECT ${calls}`, [channel, ...payloads]));
  }

  private serial<T>(work: (c: pg.Client) => Promise<T>): Promise<T> {
    const next = this.tail.then(() => {
      const c = this.client;
      if (!c || !this._up) throw new Error('the stream fan-out database session is down');
      return work(c);
    });
    this.tail = next.catch(() => undefined);
    return next;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const c = this.client;
    this.client = null;
    this.setUp(false);
    await c?.end().catch(() => undefined);
  }

  private setUp(up: boolean): void {
    if (this._up === up) return;
    this._up = up;
    this.opts.onState(up);
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    // keepAlive: a server that vanishes without a FIN is noticed by TCP, not only at the next query.
    const client = new pg.Client({ connectionString: this.opts.url, keepAlive: true, application_name: 'svc-stream-fanout' });
    const lost = (err?: Error): void => {
      if (this.client !== client) return;
      this.client = null;
      if (err) this.opts.logger.warn({ err }, 'stream fan-out database session lost');
      this.setUp(false);
      client.end().catch(() => undefined);
      this.scheduleReconnect();
    };
    client.on('error', (err) => lost(err));
    client.on('end', () => lost());
    client.on('notification', (n) => {
      if (n.payload !== undefined) this.opts.onNotification(n.channel, n.payload);
    });
    this.client = client;
    try {
      await client.connect();
      for (const ch of this.opts.channels) await client.query(`LISTEN ${pg.escapeIdentifier(ch)}`);
    } catch (err) {
      if (this.client === client) lost(err as Error);
      return;
    }
    if (this.closed || this.client !== client) {
      await client.end().catch(() => undefined);
      return;
    }
    this.attempt = 0;
    this.setUp(true);
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer) return;
    const delay = backoffDelay(this.attempt++, 200, 10_000);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.connect();
    }, delay);
    this.reconnectTimer.unref();
  }
}
