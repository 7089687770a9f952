/**
 * Kalshi's market-data WebSocket (trade-api/ws/v2) as a market stream client: one subscribe command
 * per market for the `orderbook_delta`, `ticker` and `trade` channels, so a market can be dropped by
 * unsubscribing its own sids (the venue unsubscribes by sid). `orderbook_delta` is sequenced per sid:
 * the snapshot starts it, every delta must be the next number, and a gap drops that market's book
 * subscription and takes it again, which makes the venue send a fresh snapshot.
 *
 * Live Kalshi wants the connection signed like a REST call (RSA-PSS over timestamp + GET + path) with
 * the service's own key (KALSHI_WS_KEY_ID / KALSHI_WS_PRIVATE_KEY), never a user's trading key.
 */
import { constants, createSign } from 'node:crypto';
import { UpstreamSocket, type StreamClientOptions, type StreamMarketRef, type UpstreamChannels } from '../stream.js';
import { checkWire } from '../wire.js';
import { KALSHI_WS_MESSAGES } from './wire.js';
import { normaliseWsDelta, normaliseWsSnapshot, normaliseWsTicker, normaliseWsTrade, type KalshiWsDelta, type KalshiWsEnvelope, type KalshiWsSnapshot, type KalshiWsTicker, type KalshiTradeWire } from './normalise.js';

type Channel = 'orderbook_delta' | 'ticker' | 'trade';
const CHANNELS: Channel[] = ['orderbook_delta', 'ticker', 'trade'];

/**
 * The book subscriptions ask for yes-leg pricing of the NO side explicitly (`use_yes_price: true`):
 * Kalshi will flip the flag's default to true and later remove it (asyncapi.yaml, Aug 2026), so asking
 * for it now means neither step changes what the levels mean (see `KalshiNoSidePricing`).
 */
const BOOK_PRICING = 'yes_leg' as const;

/** The three headers of a signed Kalshi request (docs: "API keys"); `path` is the URL path without query. */
export function kalshiSignedHeaders(keyId: string, privateKeyPem: string, method: string, path: string, nowMs: number): Record<string, string> {
  const timestamp = String(nowMs);
  const signer = createSign('RSA-SHA256');
  signer.update(`${timestamp}${method}${path}`);
  const signature = signer.sign({ key: privateKeyPem, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_DIGEST }).toString('base64');
  return { 'KALSHI-ACCESS-KEY': keyId, 'KALSHI-ACCESS-TIMESTAMP': timestamp, 'KALSHI-ACCESS-SIGNATURE': signature };
}

interface SidState {
  ticker: string;
  channel: Channel;
  /** Last sequence number seen (orderbook_delta only); null until the snapshot. */
  seq: number | null;
}

export class KalshiStreamClient extends UpstreamSocket {
  readonly exchange = 'kalshi';
  readonly channels: UpstreamChannels = { orderbook: true, trades: true, prices: true };
  private nextId = 1;
  /** Command id -> what it subscribed (the ack carries the sid). */
  private readonly pending = new Map<number, { ticker: string; channel: Channel }>();
  private readonly sids = new Map<number, SidState>();
  /** Gap-recovery re-subscriptions in flight, so a burst of out-of-order deltas resubscribes once. */
  private readonly resnapshotting = new Set<string>();

  protected override connectHeaders(): Record<string, string> {
    const keyId = this.opts.keys?.key_id;
    const pem = this.opts.keys?.private_key;
    if (!keyId || !pem) return {};
    return kalshiSignedHeaders(keyId, pem, 'GET', new URL(this.opts.url).pathname, Date.now());
  }

  protected override onOpen(): void {
    this.pending.clear();
    this.sids.clear();
    this.resnapshotting.clear();
    this.markReady();
  }

  protected sendSubscribe(markets: StreamMarketRef[]): void {
    for (const m of markets) for (const ch of CHANNELS) this.subscribeChannel(m.marketId, ch);
  }

  private subscribeChannel(ticker: string, channel: Channel): void {
    const id = this.nextId++;
    this.pending.set(id, { ticker, channel });
    const params = channel === 'orderbook_delta' ? { channels: [channel], market_tickers: [ticker], use_yes_price: BOOK_PRICING === 'yes_leg' } : { channels: [channel], market_tickers: [ticker] };
    this.send({ id, cmd: 'subscribe', params });
  }

  protected sendUnsubscribe(markets: StreamMarketRef[]): void {
    const gone = new Set(markets.map((m) => m.marketId));
    const sids = [...this.sids.entries()].filter(([, s]) => gone.has(s.ticker)).map(([sid]) => sid);
    for (const sid of sids) this.sids.delete(sid);
    if (sids.length) this.send({ id: this.nextId++, cmd: 'unsubscribe', params: { sids } });
  }

  protected onText(text: string): void {
    const m = JSON.parse(text) as { id?: number; type?: string; sid?: number; seq?: number; msg?: Record<string, unknown> };
    const receivedAt = new Date().toISOString();
    // A message unlike Kalshi's published one is noted for /health and still read as far as it goes.
    const schema = m.type ? KALSHI_WS_MESSAGES[m.type] : undefined;
    if (schema) checkWire(schema, m, { exchange: 'kalshi', endpoint: `ws ${m.type}` });
    switch (m.type) {
      case 'subscribed': {
        const p = m.id !== undefined ? this.pending.get(m.id) : undefined;
        const sid = (m.msg as { sid?: number } | undefined)?.sid;
        if (!p || sid === undefined) return;
        this.pending.delete(m.id!);
        // Unsubscribed while the ack was on its way: drop it now.
        if (!this.wanted.has(p.ticker)) return void this.send({ id: this.nextId++, cmd: 'unsubscribe', params: { sids: [sid] } });
        this.sids.set(sid, { ticker: p.ticker, channel: p.channel, seq: null });
        if (p.channel === 'orderbook_delta') this.resnapshotting.delete(p.ticker);
        return;
      }
      case 'orderbook_snapshot': {
        const s = this.sids.get(m.sid ?? -1);
        if (!s) return;
        s.seq = m.seq ?? null;
        this.emit({ kind: 'book', book: normaliseWsSnapshot(m as unknown as KalshiWsEnvelope<KalshiWsSnapshot>, receivedAt, BOOK_PRICING) });
        return;
      }
      case 'orderbook_delta': {
        const s = this.sids.get(m.sid ?? -1);
        if (!s) return;
        if (s.seq === null || m.seq === undefined || m.seq !== s.seq + 1) return this.resnapshot(m.sid!, s, m.seq);
        s.seq = m.seq;
        this.emit({ kind: 'delta', delta: normaliseWsDelta(m as unknown as KalshiWsEnvelope<KalshiWsDelta>, receivedAt, BOOK_PRICING) });
        return;
      }
      case 'ticker':
        if (this.sids.has(m.sid ?? -1)) this.emit({ kind: 'ticker', ticker: normaliseWsTicker(m as unknown as KalshiWsEnvelope<KalshiWsTicker>) });
        return;
      case 'trade':
        if (this.sids.has(m.sid ?? -1)) this.emit({ kind: 'trade', trade: normaliseWsTrade(m as unknown as KalshiWsEnvelope<KalshiTradeWire>) });
        return;
      case 'error':
        this.log.warn({ id: m.id, error: m.msg }, 'kalshi stream command refused');
        return;
      default:
        return;
    }
  }

  /** A sequence gap: drop the market's book subscription and take it again for a fresh snapshot. */
  private resnapshot(sid: number, s: SidState, got: number | undefined): void {
    this.sids.delete(sid);
    if (this.resnapshotting.has(s.ticker)) return;
    this.resnapshotting.add(s.ticker);
    this.log.warn({ ticker: s.ticker, expected: (s.seq ?? 0) + 1, got }, 'kalshi book sequence gap; resubscribing for a snapshot');
    this.send({ id: this.nextId++, cmd: 'unsubscribe', params: { sids: [sid] } });
    this.subscribeChannel(s.ticker, 'orderbook_delta');
  }

  /** Test hook: forget one market's book sequence position so the next delta looks like a gap. */
  forceSequenceGap(ticker: string): boolean {
    for (const s of this.sids.values()) {
      if (s.ticker === ticker && s.channel === 'orderbook_delta' && s.seq !== null) {
        s.seq -= 1;
        return true;
      }
    }
    return false;
  }
}

export function createKalshiStreamClient(opts: StreamClientOptions): KalshiStreamClient {
  return new KalshiStreamClient(opts);
}
