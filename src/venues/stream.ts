/**
 * A venue's upstream market-data stream, as the service's stream gateway (src/ws) sees it: a client
 * that is told which markets to follow and reports what happens to them as normalised records. Each
 * streaming venue implements one in its own folder (`src/venues/<code>/stream.ts`) on top of
 * `UpstreamSocket` below, which owns what every venue's socket needs: connect, liveness (WebSocket
 * ping frames), reconnect with exponential backoff and full jitter, and resubscribing everything
 * wanted after a reconnect.
 *
 * Books: a client reports a full book (`book`) whenever it gets one (on subscribe, after a reconnect,
 * after a sequence gap, or on every update for venues that only send full books) and level changes
 * (`delta`) in between. The consumer keeps the books; a delta for a market whose book it has not got
 * is dropped (the venue sends a snapshot first).
 */
import { WebSocket } from 'ws';
import type { Logger } from 'pino';
import type { VenueAdapter } from './adapter.js';
import type { BookDelta, OrderBook, Ticker, Trade } from './records.js';

export type StreamEvent =
  | { kind: 'book'; book: OrderBook }
  | { kind: 'delta'; delta: BookDelta }
  | { kind: 'trade'; trade: Trade }
  | { kind: 'ticker'; ticker: Ticker }
  /** The upstream connection is (re)established; books will be re-sent before deltas resume. */
  | { kind: 'connected' }
  /** The upstream connection is lost: books held may be stale until the next `book`. */
  | { kind: 'disconnected' };

/** Which of the stream message kinds (docs/interface-spec.md §6) the venue's upstream socket delivers itself (others are polled). */
export interface UpstreamChannels {
  orderbook: boolean;
  trades: boolean;
  prices: boolean;
}

/** How a market is addressed upstream, resolved once from the catalog or the venue. */
export interface StreamMarketRef {
  /** The market id of the catalog (Kalshi ticker, Polymarket condition id, Limitless slug, predict.fun id). */
  marketId: string;
  /** The YES outcome's venue id, where the venue streams by outcome (Polymarket token id). */
  yesOutcomeId: string | null;
}

export interface MarketStreamClient {
  readonly exchange: string;
  readonly channels: UpstreamChannels;
  /** Follow these markets (idempotent); the client sends a book of each as soon as it has one. */
  subscribe(markets: StreamMarketRef[]): void;
  /** Stop following these markets. */
  unsubscribe(marketIds: string[]): void;
  /** Markets currently followed upstream (for tests and /health). */
  readonly markets: ReadonlySet<string>;
  readonly connected: boolean;
  /** How many times the socket was (re)opened. */
  readonly connects: number;
  close(): Promise<void>;
}

export interface StreamClientOptions {
  /** The venue's WebSocket URL (from the descriptor's `ws` base URL or its override / the simulator). */
  url: string;
  onEvent: (e: StreamEvent) => void;
  logger: Logger;
  /** The venue's adapter (for the Kalshi ticker's REST fallback and ids); optional. */
  adapter?: VenueAdapter;
  /** The service's own market-data credentials of the venue (Kalshi: `key_id`, `private_key`). */
  keys?: Record<string, string>;
  /** Reconnect backoff (ms): base and cap of the exponential schedule; each wait is uniform in [0, cap]. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** WebSocket ping interval (ms); the socket is dropped when no pong arrives before the next ping. */
  livenessMs?: number;
}

export type StreamClientFactory = (opts: StreamClientOptions) => MarketStreamClient;

/** Full-jitter exponential backoff: a uniform wait in [0, min(max, base * 2^attempt)]. */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number, random: () => number = Math.random): number {
  const cap = Math.min(maxMs, baseMs * 2 ** Math.min(attempt, 30));
  return Math.floor(random() * cap);
}

/**
 * One venue WebSocket that stays up while it is wanted. Subclasses say how to build the URL and
 * headers, how to subscribe and unsubscribe in the venue's protocol, and how to read its messages.
 */
export abstract class UpstreamSocket implements MarketStreamClient {
  abstract readonly exchange: string;
  abstract readonly channels: UpstreamChannels;
  protected readonly wanted = new Map<string, StreamMarketRef>();
  protected ws: WebSocket | null = null;
  protected readonly log: Logger;
  private attempt = 0;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private livenessTimer: NodeJS.Timeout | null = null;
  private awaitingPong = false;
  private closed = false;
  private _connects = 0;

  constructor(protected readonly opts: StreamClientOptions) {
    this.log = opts.logger;
  }

  get markets(): ReadonlySet<string> {
    return new Set(this.wanted.keys());
  }

  get connected(): boolean {
    return this.ws?.readyState === WebSocket.OPEN && this.ready;
  }

  get connects(): number {
    return this._connects;
  }

  /** Set by subclasses once the venue's own handshake (if any) is done. */
  protected ready = false;

  subscribe(markets: StreamMarketRef[]): void {
    const fresh = markets.filter((m) => !this.wanted.has(m.marketId));
    for (const m of fresh) this.wanted.set(m.marketId, m);
    if (fresh.length === 0) return;
    if (!this.ws && !this.reconnectTimer) this.connect();
    else if (this.connected) this.sendSubscribe(fresh);
    // Otherwise the open handler subscribes everything wanted.
  }

  unsubscribe(marketIds: string[]): void {
    const gone = marketIds.map((id) => this.wanted.get(id)).filter((m): m is StreamMarketRef => m !== undefined);
    for (const m of gone) this.wanted.delete(m.marketId);
    if (gone.length && this.connected) this.sendUnsubscribe(gone);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.stopLiveness();
    const ws = this.ws;
    this.ws = null;
    if (ws && ws.readyState !== WebSocket.CLOSED) {
      await new Promise<void>((resolve) => {
        ws.once('close', () => resolve());
        ws.terminate();
      });
    }
  }

  /** The URL to connect to (subclasses add query parameters). */
  protected connectUrl(): string {
    return this.opts.url;
  }

  /** Headers of the upgrade request (Kalshi signs it). */
  protected connectHeaders(): Record<string, string> {
    return {};
  }

  /** Called when the socket is open; subclasses do their handshake, then call `markReady()`. */
  protected onOpen(): void {
    this.markReady();
  }

  /** The venue handshake is done: subscribe everything wanted. */
  protected markReady(): void {
    this.ready = true;
    this.attempt = 0;
    this.opts.onEvent({ kind: 'connected' });
    if (this.wanted.size) this.sendSubscribe([...this.wanted.values()]);
  }

  protected abstract sendSubscribe(markets: StreamMarketRef[]): void;
  protected abstract sendUnsubscribe(markets: StreamMarketRef[]): void;
  protected abstract onText(text: string): void;

  protected send(payload: string | object): void {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(typeof payload === 'string' ? payload : JSON.stringify(payload));
  }

  protected emit(e: StreamEvent): void {
    this.opts.onEvent(e);
  }

  /** Drops the socket and reconnects (a subclass that detects a broken stream calls this). */
  protected restart(reason: string): void {
    this.log.warn({ reason }, 'restarting upstream stream');
    this.ws?.terminate();
  }

  private connect(): void {
    if (this.closed) return;
    this.ready = false;
    let ws: WebSocket;
    try {
      ws = new WebSocket(this.connectUrl(), { headers: this.connectHeaders(), handshakeTimeout: 10_000 });
    } catch (err) {
      this.log.error({ err }, 'upstream stream could not be opened');
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    ws.on('open', () => {
      this._connects += 1;
      this.log.info({ markets: this.wanted.size }, 'upstream stream open');
      this.startLiveness(ws);
      this.onOpen();
    });
    ws.on('message', (data) => {
      this.awaitingPong = false;
      try {
        this.onText(String(data));
      } catch (err) {
        this.log.error({ err }, 'upstream message could not be handled');
      }
    });
    ws.on('pong', () => {
      this.awaitingPong = false;
    });
    ws.on('error', (err) => this.log.warn({ err }, 'upstream stream error'));
    ws.on('close', (code) => {
      this.stopLiveness();
      const wasReady = this.ready;
      this.ready = false;
      if (this.ws === ws) this.ws = null;
      if (wasReady) this.emit({ kind: 'disconnected' });
      if (this.closed) return;
      this.log.warn({ code }, 'upstream stream closed');
      this.scheduleReconnect();
    });
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer) return;
    const delay = backoffDelay(this.attempt++, this.opts.backoffBaseMs ?? 500, this.opts.backoffMaxMs ?? 30_000);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      // Nobody wants anything any more: stay down until the next subscribe.
      if (this.wanted.size === 0) return;
      this.connect();
    }, delay);
    this.reconnectTimer.unref();
  }

  private startLiveness(ws: WebSocket): void {
    this.awaitingPong = false;
    this.livenessTimer = setInterval(() => {
      if (this.awaitingPong) {
        this.log.warn('upstream stream missed a pong; reconnecting');
        ws.terminate();
        return;
      }
      this.awaitingPong = true;
      ws.ping();
      this.heartbeat();
    }, this.opts.livenessMs ?? 10_000);
    this.livenessTimer.unref();
  }

  /** The venue's own application-level heartbeat, sent with every liveness ping (Polymarket: `PING`). */
  protected heartbeat(): void {}

  private stopLiveness(): void {
    if (this.livenessTimer) clearInterval(this.livenessTimer);
    this.livenessTimer = null;
  }
}
