/**
 * Polymarket's CLOB market channel (`/ws/market`) as a market stream client. The channel is keyed by
 * outcome token: the service follows each market's YES token (its books and prices are YES prices).
 * The first message after a subscribe is the token's full `book`; `price_change` then sets levels to
 * their new size; `last_trade_price` is a trade. The channel has no ticker (prices are polled by the
 * gateway) and no sequence numbers: after a reconnect the subscribe dumps fresh books again.
 * Keepalive: the venue wants a text `PING` about every 10 s.
 */
import { UpstreamSocket, type StreamClientOptions, type StreamMarketRef, type UpstreamChannels } from '../stream.js';
import { checkWire } from '../wire.js';
import { WsMarketMessageSchema } from './wire.js';
import { normaliseWsBook, normaliseWsLastTrade, normaliseWsPriceChange, type PolymarketWsBook, type PolymarketWsLastTrade, type PolymarketWsPriceChange } from './normalise.js';

export class PolymarketStreamClient extends UpstreamSocket {
  readonly exchange = 'polymarket';
  readonly channels: UpstreamChannels = { orderbook: true, trades: true, prices: false };

  /** YES token id -> condition id (market id) of the markets followed. */
  private yesTokens(): Map<string, string> {
    const out = new Map<string, string>();
    for (const m of this.wanted.values()) if (m.yesOutcomeId) out.set(m.yesOutcomeId, m.marketId);
    return out;
  }

  /** Whether this socket has sent its opening `{type: "market"}` subscription. */
  private opened = false;

  protected override onOpen(): void {
    this.opened = false;
    this.markReady();
  }

  protected override heartbeat(): void {
    this.send('PING');
  }

  protected sendSubscribe(markets: StreamMarketRef[]): void {
    const ids = markets.map((m) => m.yesOutcomeId).filter((t): t is string => !!t);
    if (!ids.length) return;
    // The channel's first message names it (`type: "market"`); later changes are operations on it.
    if (!this.opened) this.send({ assets_ids: ids, type: 'market', initial_dump: true });
    else this.send({ assets_ids: ids, operation: 'subscribe' });
    this.opened = true;
  }

  protected sendUnsubscribe(markets: StreamMarketRef[]): void {
    const ids = markets.map((m) => m.yesOutcomeId).filter((t): t is string => !!t);
    if (ids.length) this.send({ assets_ids: ids, operation: 'unsubscribe' });
  }

  protected onText(text: string): void {
    if (text === 'PONG' || text === 'INVALID OPERATION') return;
    const parsed = JSON.parse(text) as unknown;
    const items = Array.isArray(parsed) ? parsed : [parsed];
    const tokens = this.yesTokens();
    for (const raw of items as { event_type?: string; asset_id?: string; market?: string }[]) {
      checkWire(WsMarketMessageSchema, raw, { exchange: 'polymarket', endpoint: `ws ${String(raw?.event_type ?? '(no event_type)')}` });
      if (raw.event_type === 'book') {
        if (raw.asset_id && tokens.has(raw.asset_id)) this.emit({ kind: 'book', book: normaliseWsBook(raw as PolymarketWsBook) });
      } else if (raw.event_type === 'price_change') {
        for (const delta of normaliseWsPriceChange(raw as PolymarketWsPriceChange)) {
          if (delta.outcome_id && tokens.has(delta.outcome_id)) this.emit({ kind: 'delta', delta });
        }
      } else if (raw.event_type === 'last_trade_price') {
        if (raw.asset_id && tokens.has(raw.asset_id)) this.emit({ kind: 'trade', trade: normaliseWsLastTrade(raw as PolymarketWsLastTrade) });
      }
    }
  }
}

export function createPolymarketStreamClient(opts: StreamClientOptions): PolymarketStreamClient {
  return new PolymarketStreamClient(opts);
}
