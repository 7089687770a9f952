/**
 * The stream gateway: WebSocket endpoints on the service's own HTTP server (`/ws/kalshi`,
 * `/ws/polymarket`, `/ws/limitless`, `/ws/predictfun`), attached to its `upgrade` event so it answers
 * before Express. No authentication (docs/interface-spec.md §5, item 7); a client gets messages only for the
 * markets it subscribed to.
 *
 * Per connection: subscribe / unsubscribe in the spec's shape (docs/interface-spec.md §6.2; src/ws/protocol.ts), an acknowledgement
 * `{"event": "subscribed"|"unsubscribed", ...}` or `{"error": "..."}` for each message (the connection
 * stays up), a limit on markets per connection, a server ping every `pingIntervalMs` (54 s) and a drop
 * when `pongTimeoutMs` (60 s) pass without a pong, frames over the venue's size limit closed by `ws`
 * with 1009, and a consumer whose send buffer grows past `maxBufferedBytes` dropped before it
 * exhausts memory. Time comes from `now()` and one sweep timer, so tests can run the keepalive fast.
 */
import http from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { WebSocketServer, WebSocket } from 'ws';
import type { StreamMarketRef } from '../venues/stream.js';
import { textFrame } from './frame.js';
import { parseClientMessage, type IdsField, type MessageType } from './protocol.js';
import type { FeedMessage, MarketFeed, Subscriber, VenueFeed } from './venue-feed.js';

export interface StreamRoute {
  exchange: string;
  /** `/ws/<code>` */
  path: string;
  idsField: IdsField;
  /** Largest message in either direction, bytes. */
  maxBytes: number;
  feed: MarketFeed;
  /** The market's upstream address, or null when the venue has no such market. */
  resolve(marketId: string): Promise<StreamMarketRef | null>;
  /** Whether clients name message kinds (`message_types`); /ws/svc's do not. Default true. */
  kinds?: boolean;
  /** What an id names, in errors ("unknown svc_id: ..."); default `market on <exchange>`. */
  noun?: string;
  /**
   * Checks the upgrade request before it is accepted (/ws/svc: the API key's plan); a refusal is
   * answered with its status and `{error}` and no WebSocket. Absent: anyone may connect.
   */
  authorize?(req: http.IncomingMessage): Promise<{ status: number; error: string } | null>;
}

export interface StreamLimits {
  maxSubscriptions: number;
  maxBufferedBytes: number;
  pingIntervalMs: number;
  pongTimeoutMs: number;
}

export interface StreamGatewayOptions {
  routes: StreamRoute[];
  limits: StreamLimits;
  logger: Logger;
  now?: () => number;
  /** The fan-out across instances, when on (src/ws/cluster): its state in /health, closed last. */
  fanout?: { health(): Record<string, unknown>; close(): Promise<void> };
}

class ClientConnection implements Subscriber {
  /** Market id -> its upstream address and the kinds this client asked for (the union of its subscribes). */
  readonly subs = new Map<string, { ref: StreamMarketRef; types: ReadonlySet<MessageType> }>();
  lastPongAt: number;
  lastPingAt: number;
  /** Subscribe messages being resolved, so two in flight cannot pass the limit together. */
  reserved = 0;
  /** Whether the socket is corked until the end of this tick (see StreamGateway.send). */
  corked = false;

  constructor(
    readonly ws: WebSocket,
    readonly route: StreamRoute,
    private readonly gateway: StreamGateway,
    now: number,
  ) {
    this.lastPongAt = now;
    this.lastPingAt = now;
  }

  deliver(message: FeedMessage): void {
    this.gateway.send(this, message);
  }
}

export class StreamGateway {
  private readonly byPath = new Map<string, { route: StreamRoute; wss: WebSocketServer }>();
  private readonly connections = new Set<ClientConnection>();
  private readonly log: Logger;
  private readonly now: () => number;
  private sweepTimer: NodeJS.Timeout | null = null;
  private corkedConnections: ClientConnection[] = [];
  private readonly counters = { accepted: 0, dropped_slow: 0, dropped_keepalive: 0, rejected_upgrades: 0 };

  constructor(private readonly opts: StreamGatewayOptions) {
    this.log = opts.logger.child({ component: 'ws' });
    this.now = opts.now ?? Date.now;
    for (const route of opts.routes) this.register(route);
  }

  /** A stream built after the gateway (/ws/svc, which needs the API keys of the app). */
  addRoute(route: StreamRoute): void {
    this.opts.routes.push(route);
    this.register(route);
  }

  private register(route: StreamRoute): void {
    // maxPayload: a larger client frame closes the connection with 1009 (message too big).
    const wss = new WebSocketServer({ noServer: true, maxPayload: route.maxBytes, perMessageDeflate: false, clientTracking: false });
    this.byPath.set(route.path, { route, wss });
  }

  /** A venue's market feed as the gateway uses it (with fan-out: the clustered feed, whatever this instance's role). */
  marketFeed(exchange: string): MarketFeed | undefined {
    return this.opts.routes.find((r) => r.exchange === exchange)?.feed;
  }

  /** A venue's feed with its market lookup, as a client's subscribe uses them (/ws/svc follows cluster members so). */
  venueStream(exchange: string): Pick<StreamRoute, 'feed' | 'resolve'> | undefined {
    return this.opts.routes.find((r) => r.exchange === exchange);
  }

  /** The feed holding a venue's upstream connection in this process (tests reach the upstream state through it). */
  feed(exchange: string): VenueFeed | undefined {
    return this.opts.routes.find((r) => r.exchange === exchange)?.feed.venueFeed ?? undefined;
  }

  /** Takes the server's WebSocket upgrades: the stream paths upgrade, every other path is a 404. */
  attach(server: http.Server): void {
    server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => this.onUpgrade(req, socket, head));
    const sweepMs = Math.max(10, Math.min(1_000, Math.floor(Math.min(this.opts.limits.pingIntervalMs, this.opts.limits.pongTimeoutMs) / 4)));
    this.sweepTimer = setInterval(() => this.sweep(), sweepMs);
    this.sweepTimer.unref();
  }

  /** Open connections, markets subscribed over them, and the drops and refusals since start. */
  counts(): { connections: number; subscriptions: number } & StreamGateway['counters'] {
    let subscriptions = 0;
    for (const c of this.connections) subscriptions += c.subs.size;
    return { connections: this.connections.size, subscriptions, ...this.counters };
  }

  health(): { status: 'ok'; connections: number; subscriptions: number } & Record<string, unknown> {
    return {
      status: 'ok',
      ...this.counts(),
      upstream: Object.fromEntries(this.opts.routes.map((r) => [r.exchange, r.feed.health()])),
      ...(this.opts.fanout ? { fanout: this.opts.fanout.health() } : {}),
    };
  }

  async close(): Promise<void> {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.sweepTimer = null;
    for (const c of this.connections) c.ws.terminate();
    this.connections.clear();
    await Promise.all(this.opts.routes.map((r) => r.feed.close()));
    await this.opts.fanout?.close();
  }

  private onUpgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer): void {
    const path = (req.url ?? '/').split('?')[0];
    const entry = this.byPath.get(path);
    if (!entry) return this.refuse(socket, 404, `no WebSocket endpoint at ${path.slice(0, 200)}; streams: ${[...this.byPath.keys()].join(', ')}`);
    const { route, wss } = entry;
    if (!route.authorize) return wss.handleUpgrade(req, socket, head, (ws) => this.onConnection(ws, route));
    route.authorize(req).then(
      (refusal) => {
        if (refusal) return this.refuse(socket, refusal.status, refusal.error);
        wss.handleUpgrade(req, socket, head, (ws) => this.onConnection(ws, route));
      },
      (err: unknown) => {
        this.log.error({ err, path }, 'stream upgrade check failed');
        this.refuse(socket, 500, 'internal error checking the request');
      },
    );
  }

  private refuse(socket: Duplex, status: number, error: string): void {
    this.counters.rejected_upgrades += 1;
    const body = JSON.stringify({ error });
    const reason = http.STATUS_CODES[status] ?? 'Error';
    socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  }

  private onConnection(ws: WebSocket, route: StreamRoute): void {
    const conn = new ClientConnection(ws, route, this, this.now());
    this.connections.add(conn);
    this.counters.accepted += 1;
    ws.on('pong', () => {
      conn.lastPongAt = this.now();
    });
    ws.on('message', (data, isBinary) => {
      const text = isBinary ? Buffer.from(data as Buffer).toString('utf8') : String(data);
      void this.onMessage(conn, text).catch((err: unknown) => {
        this.log.error({ err }, 'stream message handling failed');
        this.sendJson(conn, { error: 'internal error handling the message' });
      });
    });
    ws.on('error', (err) => this.log.debug({ err }, 'stream client socket error'));
    ws.on('close', () => this.drop(conn));
  }

  private drop(conn: ClientConnection): void {
    if (!this.connections.delete(conn)) return;
    for (const id of conn.subs.keys()) conn.route.feed.remove(conn, id);
    conn.subs.clear();
  }

  /**
   * Sends one message, dropping a consumer that does not read fast enough: a reply of its own (a
   * string, framed by `ws`), or a stream message (`FeedMessage`), framed once for all its subscribers
   * and written to each socket as is.
   */
  send(conn: ClientConnection, message: string | FeedMessage): void {
    const ws = conn.ws;
    if (ws.readyState !== WebSocket.OPEN) return;
    // One upstream read often fans out several messages to the same client (a book change, then
    // the ticker): the socket is corked until the end of the tick so they leave in one write, not one
    // system call each (`ws` corks around each frame too; the outer cork holds until we uncork).
    // The slow-consumer check runs at the tick's first send, on the backlog earlier ticks could not
    // flush: this tick's own corked messages are not a sign of a slow reader.
    if (!conn.corked) {
      if (ws.bufferedAmount > this.opts.limits.maxBufferedBytes) {
        this.counters.dropped_slow += 1;
        this.log.warn({ path: conn.route.path, buffered: ws.bufferedAmount }, 'slow stream consumer dropped');
        ws.terminate();
        this.drop(conn);
        return;
      }
      const socket = (ws as unknown as { _socket?: { cork(): void; uncork(): void } })._socket;
      if (socket) {
        socket.cork();
        conn.corked = true;
        if (this.corkedConnections.push(conn) === 1) setImmediate(() => this.uncorkAll());
      }
    }
    if (typeof message === 'string') return ws.send(message);
    // Written beside `ws`, which is safe: without permessage-deflate its sender writes each frame to
    // the socket synchronously and queues nothing, so frames cannot interleave, and `bufferedAmount`
    // (the slow-consumer check) counts these bytes too.
    const socket = (ws as unknown as { _socket?: { write(b: Buffer): boolean } })._socket;
    if (!socket) return ws.send(message.text, { binary: false });
    message.frame ??= textFrame(typeof message.text === 'string' ? Buffer.from(message.text) : message.text);
    socket.write(message.frame);
  }

  private uncorkAll(): void {
    const list = this.corkedConnections;
    this.corkedConnections = [];
    for (const conn of list) {
      conn.corked = false;
      (conn.ws as unknown as { _socket?: { uncork(): void } })._socket?.uncork();
    }
  }

  private sendJson(conn: ClientConnection, body: unknown): void {
    this.send(conn, JSON.stringify(body));
  }

  private async onMessage(conn: ClientConnection, text: string): Promise<void> {
    const { route } = conn;
    const cmd = parseClientMessage(text, route.idsField);
    if ('error' in cmd) return this.sendJson(conn, { error: cmd.error });

    if (cmd.action === 'unsubscribe') return this.unsubscribe(conn, cmd.ids, cmd.typesGiven ? cmd.messageTypes : null);

    const added = cmd.ids.filter((id) => !conn.subs.has(id));
    const limit = this.opts.limits.maxSubscriptions;
    if (conn.subs.size + conn.reserved + added.length > limit) {
      return this.sendJson(conn, { error: `too many subscriptions: at most ${limit} markets per connection (${conn.subs.size} subscribed, ${added.length} more asked)` });
    }
    conn.reserved += added.length;
    let refs: (StreamMarketRef | null)[];
    try {
      refs = await Promise.all(cmd.ids.map((id) => route.resolve(id)));
    } finally {
      conn.reserved -= added.length;
    }
    const unknown = cmd.ids.filter((_, i) => refs[i] === null);
    if (unknown.length) {
      const what = route.noun ? `${route.noun}${unknown.length > 1 ? 's' : ''}` : `market${unknown.length > 1 ? 's' : ''} on ${route.exchange}`;
      return this.sendJson(conn, { error: `unknown ${what}: ${unknown.slice(0, 20).join(', ')}` });
    }
    if (!this.connections.has(conn)) return;

    this.sendJson(conn, { event: 'subscribed', [route.idsField]: cmd.ids, ...(route.kinds === false ? {} : { message_types: cmd.messageTypes }) });
    // A subscribe adds to what the client follows (a second subscribe with `message_types: ["trades"]`
    // keeps prices and the book): the union is taken now, after the await, so two subscribes in
    // flight together both count whatever order they resolve in. The feed sends the snapshot of each
    // kind that is new to this client, right after the acknowledgement.
    cmd.ids.forEach((id, i) => {
      const types = new Set(conn.subs.get(id)?.types);
      for (const t of cmd.messageTypes) types.add(t);
      conn.subs.set(id, { ref: refs[i]!, types });
      route.feed.add(conn, refs[i]!, types);
    });
  }

  /**
   * Unsubscribe: without `message_types` the whole market; with them only those kinds (the market is
   * left when no kind remains).
   */
  private unsubscribe(conn: ClientConnection, ids: string[], types: MessageType[] | null): void {
    const { route } = conn;
    const removed = ids.filter((id) => conn.subs.has(id));
    if (removed.length === 0) return this.sendJson(conn, { error: `not subscribed to ${ids.slice(0, 10).join(', ')}` });
    for (const id of removed) {
      const sub = conn.subs.get(id)!;
      const left = new Set([...sub.types].filter((t) => types !== null && !types.includes(t)));
      if (left.size === 0) {
        conn.subs.delete(id);
        route.feed.remove(conn, id);
      } else {
        conn.subs.set(id, { ref: sub.ref, types: left });
        route.feed.add(conn, sub.ref, left);
      }
    }
    return this.sendJson(conn, { event: 'unsubscribed', [route.idsField]: removed, ...(types ? { message_types: types } : {}) });
  }

  /** Keepalive: ping on schedule, drop connections silent past the pong timeout. */
  private sweep(): void {
    const now = this.now();
    const { pingIntervalMs, pongTimeoutMs } = this.opts.limits;
    for (const conn of this.connections) {
      if (now - conn.lastPongAt >= pongTimeoutMs) {
        this.counters.dropped_keepalive += 1;
        this.log.info({ path: conn.route.path }, 'stream client dropped: no pong');
        conn.ws.terminate();
        this.drop(conn);
      } else if (now - conn.lastPingAt >= pingIntervalMs && conn.ws.readyState === WebSocket.OPEN) {
        conn.lastPingAt = now;
        conn.ws.ping();
      }
    }
  }
}
