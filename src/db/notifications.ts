// Messages between the instances of the service that share one database (LISTEN/NOTIFY): a change
// made by one instance (a sync that rewrote markets, a cluster override) tells the others to drop
// what they cached.
//
// On a PostgreSQL server the listener is one dedicated connection (outside the pool, so that it is
// never lent to a query and never counted against it), re-established with backoff when it drops;
// since notifications sent while it was down are lost, each listener's `onMissed` is called after a
// reconnection, so that a cache can drop everything rather than serve what it may have missed.
// The embedded database is opened by one process only, so there the messages are delivered in
// process (asynchronously, as the server would) and nothing can be missed.
import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Database } from './database.js';

/** The channels the database's triggers announce changes on (the triggers are in src/db/migrations). */
export const CHANGE_CHANNELS = {
  /** the keyword index moved */
  searchState: 'pm_search_state',
  /** only volumes in the keyword index moved: only the answers ordered by volume depend on them */
  searchVolumes: 'pm_search_volumes',
  /** what semantic answers show changed (markets' titles, categories, closed, clusters, embeddings) */
  semanticInputs: 'pm_semantic_inputs',
  /** an API key was revoked, changed or deleted */
  apiKeys: 'pm_api_keys',
} as const;

/** PostgreSQL's limit on a NOTIFY payload, in bytes. */
export const MAX_PAYLOAD_BYTES = 7999;

export type NotificationHandler = (payload: string) => void;

export interface Notifications {
  /**
   * Calls `handler` with the payload of every notification on `channel` (from any instance, this one
   * included); `onMissed` after the listener reconnected (notifications may have been lost). Resolves
   * once listening, with a function that stops it.
   */
  listen(channel: string, handler: NotificationHandler, onMissed?: () => void): Promise<() => Promise<void>>;
  /** Sends `payload` (at most MAX_PAYLOAD_BYTES) to every instance listening on `channel`. */
  notify(channel: string, payload?: string): Promise<void>;
  close(): Promise<void>;
}

interface Subscription {
  handler: NotificationHandler;
  onMissed?: () => void;
}

const CHANNEL = /^[a-z_][a-z0-9_.:-]{0,62}$/;

function checkChannel(channel: string): void {
  if (!CHANNEL.test(channel)) throw new Error(`invalid notification channel name: ${channel}`);
}

function checkPayload(payload: string): void {
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) throw new Error(`notification payload over ${MAX_PAYLOAD_BYTES} bytes`);
}

/** The notifications of `db`: over the server's LISTEN/NOTIFY, or in process on the embedded database. */
export function openNotifications(db: Database, logger?: Logger): Notifications {
  return db.kind === 'external' && db.connectionString ? new ServerNotifications(db.pool, db.connectionString, logger) : new InProcessNotifications();
}

class InProcessNotifications implements Notifications {
  private readonly events = new EventEmitter().setMaxListeners(0);

  async listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>> {
    checkChannel(channel);
    const wrapped = (payload: string) => handler(payload);
    this.events.on(channel, wrapped);
    return async () => void this.events.off(channel, wrapped);
  }

  async notify(channel: string, payload = ''): Promise<void> {
    checkChannel(channel);
    checkPayload(payload);
    setImmediate(() => this.events.emit(channel, payload));
  }

  async close(): Promise<void> {
    this.events.removeAllListeners();
  }
}

const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 5_000;

class ServerNotifications implements Notifications {
  private readonly channels = new Map<string, Set<Subscription>>();
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private closed = false;
  private retryMs = RECONNECT_MIN_MS;
  private retryTimer: NodeJS.Timeout | undefined;
  private readonly logger?: Logger;

  constructor(
    private readonly pool: pg.Pool,
    private readonly connectionString: string,
    logger?: Logger,
  ) {
    this.logger = logger?.child({ component: 'notifications' });
  }

  async listen(channel: string, handler: NotificationHandler, onMissed?: () => void): Promise<() => Promise<void>> {
    checkChannel(channel);
    if (this.closed) throw new Error('notifications closed');
    const subscription: Subscription = { handler, onMissed };
    let subs = this.channels.get(channel);
    const first = !subs;
    if (!subs) this.channels.set(channel, (subs = new Set()));
    subs.add(subscription);
    const client = await this.connection();
    if (first) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    return async () => {
      const set = this.channels.get(channel);
      if (!set?.delete(subscription) || set.size) return;
      this.channels.delete(channel);
      await this.client?.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
    };
  }

  async notify(channel: string, payload = ''): Promise<void> {
    checkChannel(channel);
    checkPayload(payload);
    await this.pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    this.channels.clear();
    const client = this.client ?? (await this.connecting?.catch(() => null));
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private connection(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.connect().finally(() => (this.connecting = null));
    return this.connecting;
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.connectionString, application_name: 'predmarkets-notifications' });
    client.on('notification', (msg) => {
      for (const s of this.channels.get(msg.channel) ?? []) {
        try {
          s.handler(msg.payload ?? '');
        } catch (err) {
          this.logger?.error({ err, channel: msg.channel }, 'notification handler failed');
        }
      }
    });
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    await client.connect();
    this.client = client;
    return client;
  }

  /** The listening connection dropped: reconnect with backoff, listen again, tell every listener it may have missed messages. */
  private lost(client: pg.Client, err: Error): void {
    if (this.client !== client || this.closed) return;
    this.client = null;
    client.end().catch(() => undefined);
    this.logger?.warn({ err: err.message, retryMs: this.retryMs }, 'notification listener lost its connection; reconnecting');
    const retry = () => {
      this.retryTimer = undefined;
      if (this.closed) return;
      this.connection()
        .then(async (c) => {
          for (const channel of this.channels.keys()) await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
          this.retryMs = RECONNECT_MIN_MS;
          this.logger?.info('notification listener reconnected');
          for (const subs of this.channels.values()) for (const s of subs) s.onMissed?.();
        })
        .catch((e: unknown) => {
          this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS);
          this.logger?.warn({ err: (e as Error).message }, 'notification listener reconnection failed');
          if (this.client) this.lost(this.client, e as Error);
          else this.retryTimer = setTimeout(retry, this.retryMs);
        });
    };
    this.retryTimer = setTimeout(retry, this.retryMs);
  }
}
