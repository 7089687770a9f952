/**
 * predict.fun's WebSocket (`/ws`, JSON-RPC style) as a market stream client: `subscribe` /
 * `unsubscribe` of `predictOrderbook/{marketId}` topics, replies `{type: "R"}`, pushes
 * `{type: "M", topic, data}`. Every push of a book topic is the full book (reported as a book).
 * The venue sends `heartbeat` pushes that must be echoed or it drops the socket. Prices and trades have
 * no topic here: the gateway polls them. The service's API key, when configured, goes in `apiKey`.
 */
import { checkWire } from '../wire.js';
import { PredictWsBookMessageSchema } from './wire.js';
import { UpstreamSocket, type StreamClientOptions, type StreamMarketRef, type UpstreamChannels } from '../stream.js';
import { normaliseOrderbook, type PredictOrderbookWire } from './normalise.js';

const TOPIC = /^predictOrderbook\/(\d+)$/;

export class PredictfunStreamClient extends UpstreamSocket {
  readonly exchange = 'predictfun';
  readonly channels: UpstreamChannels = { orderbook: true, trades: false, prices: false };
  private requestId = 1;

  protected override connectUrl(): string {
    const key = this.opts.keys?.api_key;
    if (!key) return this.opts.url;
    const url = new URL(this.opts.url);
    url.searchParams.set('apiKey', key);
    return url.toString();
  }

  protected sendSubscribe(markets: StreamMarketRef[]): void {
    this.send({ requestId: this.requestId++, method: 'subscribe', params: markets.map((m) => `predictOrderbook/${m.marketId}`) });
  }

  protected sendUnsubscribe(markets: StreamMarketRef[]): void {
    this.send({ requestId: this.requestId++, method: 'unsubscribe', params: markets.map((m) => `predictOrderbook/${m.marketId}`) });
  }

  protected onText(text: string): void {
    const m = JSON.parse(text) as { type?: string; topic?: string; data?: unknown; success?: boolean; error?: unknown };
    if (m.type === 'R') {
      if (m.success === false) this.log.warn({ error: m.error }, 'predictfun stream request refused');
      return;
    }
    if (m.type !== 'M' || !m.topic) return;
    if (m.topic === 'heartbeat') return void this.send({ method: 'heartbeat', data: m.data });
    const t = TOPIC.exec(m.topic);
    if (!t || !this.wanted.has(t[1])) return;
    checkWire(PredictWsBookMessageSchema, m, { exchange: 'predictfun', endpoint: 'ws predictOrderbook' });
    this.emit({ kind: 'book', book: normaliseOrderbook(t[1], m.data as PredictOrderbookWire) });
  }
}

export function createPredictfunStreamClient(opts: StreamClientOptions): PredictfunStreamClient {
  return new PredictfunStreamClient(opts);
}
