/**
 * Limitless' market socket (Socket.IO v4 over a plain WebSocket: Engine.IO text packets, namespace
 * `/markets`) as a market stream client. `subscribe_market_prices {marketSlugs}` replaces the socket's
 * whole subscription, so every change sends the full wanted set. The venue pushes a full
 * `orderbookUpdate` on every change (no deltas, no sequence): each one is reported as a book. Prices
 * and trades have no channel here for CLOB markets: the gateway polls them.
 * Keepalive: Engine.IO ping `2` is answered with pong `3`.
 */
import { UpstreamSocket, type StreamClientOptions, type StreamMarketRef, type UpstreamChannels } from '../stream.js';
import { checkWire } from '../wire.js';
import { normaliseOrderbook, type LimitlessOrderbookWire } from './normalise.js';
import { LimitlessOrderbookUpdateSchema } from './wire.js';

const NS = '/markets';

export class LimitlessStreamClient extends UpstreamSocket {
  readonly exchange = 'limitless';
  readonly channels: UpstreamChannels = { orderbook: true, trades: false, prices: false };
  private ackId = 1;

  protected override connectUrl(): string {
    const url = new URL(this.opts.url);
    url.pathname = url.pathname.replace(/\/?$/, '/socket.io/').replace(/\/socket\.io\/socket\.io\/$/, '/socket.io/');
    url.searchParams.set('EIO', '4');
    url.searchParams.set('transport', 'websocket');
    return url.toString();
  }

  /** The socket is ready once the namespace is connected (`40/markets,{sid}`), not at the TCP open. */
  protected override onOpen(): void {}

  private sendWanted(): void {
    this.send(`42${NS},${this.ackId++}${JSON.stringify(['subscribe_market_prices', { marketSlugs: [...this.wanted.keys()] }])}`);
  }

  protected sendSubscribe(_markets: StreamMarketRef[]): void {
    this.sendWanted();
  }

  protected sendUnsubscribe(_markets: StreamMarketRef[]): void {
    this.sendWanted();
  }

  protected onText(text: string): void {
    if (text === '2') return void this.send('3');
    if (text.startsWith('0')) return void this.send(`40${NS},`);
    if (text.startsWith(`40${NS}`)) return void this.markReady();
    if (text.startsWith(`44${NS}`)) return void this.log.warn({ packet: text.slice(0, 200) }, 'limitless namespace error');
    const m = /^42\/markets,(\d*)(.*)$/s.exec(text);
    if (!m) return;
    const [event, body] = JSON.parse(m[2]) as [string, unknown];
    if (event !== 'orderbookUpdate') {
      if (event === 'exception') this.log.warn({ body }, 'limitless stream exception');
      return;
    }
    checkWire(LimitlessOrderbookUpdateSchema, body, { exchange: 'limitless', endpoint: 'ws orderbookUpdate' });
    const u = body as { marketSlug?: string; orderbook?: LimitlessOrderbookWire; timestamp?: string };
    if (!u.marketSlug || !u.orderbook || !this.wanted.has(u.marketSlug)) return;
    const at = u.timestamp && !Number.isNaN(Date.parse(u.timestamp)) ? new Date(u.timestamp).toISOString() : new Date().toISOString();
    this.emit({ kind: 'book', book: normaliseOrderbook(u.marketSlug, u.orderbook, { fetchedAt: at }) });
  }
}

export function createLimitlessStreamClient(opts: StreamClientOptions): LimitlessStreamClient {
  return new LimitlessStreamClient(opts);
}
