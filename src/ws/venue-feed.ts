/**
 * One venue's side of the gateway: a single upstream connection (started when the first client
 * subscribes), following exactly the markets at least one client wants (reference counted: a market
 * is unsubscribed upstream when its last client leaves), the books and latest prices of those
 * markets, and the fan-out of each update to the clients that asked for its kind. Each update is
 * serialised once and the same text goes to every subscriber.
 *
 * What the venue's socket does not carry is polled for the markets followed, every `pollMs`, through
 * the venue's adapter: prices (`getMarket`) on Limitless, Polymarket and predict.fun, trades
 * (`getTrades`, only while someone asked for trades) on Limitless and predict.fun. Every market's
 * prices are also read once when it is first followed, so a subscribe is answered with them at once.
 */
import type { Logger } from 'pino';
import type { VenueAdapter } from '../venues/adapter.js';
import type { Market, OrderBook, Ticker, Trade } from '../venues/records.js';
import type { MarketStreamClient, StreamEvent, StreamMarketRef, UpstreamChannels } from '../venues/stream.js';
import { LiveBook } from './live-book.js';
import { orderbookMessage, pricesMessage, tradeMessage, type MessageContext, type StreamStyle } from './messages.js';
import type { MessageType } from './protocol.js';

/** The messages of /ws/svc (src/ws/svc/svc-messages.ts). */
export type SvcMessageType = 'snapshot' | 'quote' | 'best' | 'merged' | 'dissolved';

/** One server message as the feed hands it out (the same object goes to every subscriber). */
export interface FeedMessage {
  /** The text frame: a string, or its UTF-8 bytes when the same message goes to many clients. */
  text: string | Buffer;
  /** The kind: a venue stream's, or /ws/svc's (src/ws/svc), which only its gateway route sends. */
  type: MessageType | SvcMessageType;
  /** The message's `seq` (per market and kind). */
  seq: number;
  /** True when it is the latest message re-sent as a new subscriber's snapshot, not a new update. */
  snapshot: boolean;
  /** The message as a WebSocket frame, made by the gateway at its first send and reused for the rest. */
  frame?: Buffer;
}

/** A client connection as the feed sees it (or, on a fan-out leader, the other instances' interest). */
export interface Subscriber {
  deliver(message: FeedMessage): void;
  /**
   * Wants the market's upstream events themselves (the recorder, src/ws/recorder-feed.ts), heard
   * through `observe`: when it joins a market whose book is held already (no upstream snapshot comes),
   * that book is handed to the observers as a `book` event.
   */
  readonly raw?: boolean;
}

/** The venue's upstream connection as an observer sees it (on a fan-out follower: the leader's). */
export interface UpstreamStatus {
  connected: boolean;
  /** What the socket carries (null before the connection exists). */
  channels: UpstreamChannels | null;
}

/**
 * What the gateway asks of a venue's market data: a `VenueFeed` in this process, or with several
 * instances on one database the instance-spanning feed of src/ws/cluster (one upstream per venue).
 */
export interface MarketFeed {
  readonly exchange: string;
  /** Adds (or changes the kinds of) one subscriber's interest in a market, and sends it the snapshot of each kind new to it. */
  add(sub: Subscriber, ref: StreamMarketRef, types: ReadonlySet<MessageType>): void;
  remove(sub: Subscriber, marketId: string): void;
  health(): Record<string, unknown>;
  close(): Promise<void>;
  /** The feed holding this process' upstream connection, or null (a fan-out follower has none). */
  readonly venueFeed: VenueFeed | null;
  /**
   * Hears the upstream events (books, deltas, trades, connection changes) of the markets a `raw`
   * subscriber of this process follows (and possibly of others); returns the unsubscribe.
   */
  observe(listener: (e: StreamEvent) => void): () => void;
  upstreamStatus(): UpstreamStatus;
  /**
   * Hears when what the feed sent may have been incomplete and fresh snapshots follow (a fan-out
   * leader change: src/ws/cluster); returns the unsubscribe. Absent: the feed never resyncs so.
   */
  onResync?(listener: () => void): () => void;
}

/** The latest `seq` of each kind of a market, to continue from (a new fan-out leader's numbering). */
export type SeqStart = (marketId: string) => Partial<Record<MessageType, number>> | undefined;

interface MarketState {
  ref: StreamMarketRef;
  ctx: MessageContext;
  subs: Map<Subscriber, ReadonlySet<MessageType>>;
  book: LiveBook | null;
  ticker: Ticker | null;
  seq: Record<MessageType, number>;
  /** The latest message of each kind that a new subscriber gets as its snapshot. */
  bookText: string | null;
  pricesText: string | null;
  /** Trade ids already seen by the trade poll (null until its first read). */
  seenTrades: Set<string> | null;
  /**
   * When the feed began following this market (epoch ms): the first trade read sends the trades from
   * then on and only marks older ones seen, so a trade made between the subscribe and that read
   * (a poll interval, longer under load) is not lost.
   */
  followedSince: number;
}

export interface VenueFeedOptions {
  exchange: string;
  style: StreamStyle;
  maxBytes: number;
  /** Builds the upstream client (called once, on the first subscribe). */
  createClient: (onEvent: (e: StreamEvent) => void) => MarketStreamClient;
  adapter: VenueAdapter | undefined;
  pollMs: number;
  logger: Logger;
  /** Where a market's numbering starts (default 0): a fan-out takeover continues the old leader's. */
  seqStart?: SeqStart;
}

export function tickerFromMarket(m: Market): Ticker {
  return { exchange: m.exchange, market_id: m.market_id, price: m.last_price ?? m.yes_price, yes_bid: m.yes_bid, yes_ask: m.yes_ask, volume: m.volume, open_interest: m.open_interest, last_update: m.updated_at };
}

const samePrices = (a: Ticker | null, b: Ticker): boolean =>
  a !== null && a.price === b.price && a.yes_bid === b.yes_bid && a.yes_ask === b.yes_ask && a.volume === b.volume && a.open_interest === b.open_interest;

export class VenueFeed implements MarketFeed {
  private client: MarketStreamClient | null = null;
  private readonly markets = new Map<string, MarketState>();
  private pollTimer: NodeJS.Timeout | null = null;
  private polling = false;
  private closed = false;
  /** Books re-sent whole because the upstream reconnected or reported a gap. */
  resnapshots = 0;
  /** Listeners that hear every upstream event before the feed handles it (the recorder). */
  private readonly observers = new Set<(e: StreamEvent) => void>();

  constructor(private readonly opts: VenueFeedOptions) {}

  get exchange(): string {
    return this.opts.exchange;
  }

  get venueFeed(): VenueFeed {
    return this;
  }

  /** The upstream client, once started (tests use it to force faults). */
  get upstream(): MarketStreamClient | null {
    return this.client;
  }

  /** Markets followed (with at least one subscriber). */
  get followed(): string[] {
    return [...this.markets.keys()];
  }

  /** The gateway's current book of a market (best first), or null when it has none. */
  bookOf(marketId: string): ReturnType<LiveBook['levels']> | null {
    return this.markets.get(marketId)?.book?.levels() ?? null;
  }

  /** The latest `seq` of each kind of a followed market. */
  seqOf(marketId: string): Record<MessageType, number> | undefined {
    const st = this.markets.get(marketId);
    return st ? { ...st.seq } : undefined;
  }

  /**
   * Adds (or changes the kinds of) one subscriber's interest in a market, and sends it the snapshot
   * of each kind new to it; `resend` sends the snapshot of every kind it wants (a fan-out leader's
   * subscriber standing for other instances, one of which has just asked).
   */
  add(sub: Subscriber, ref: StreamMarketRef, types: ReadonlySet<MessageType>, resend = false): void {
    let st = this.markets.get(ref.marketId);
    const fresh = !st;
    if (!st) {
      st = {
        ref,
        ctx: { exchange: this.opts.exchange, marketId: ref.marketId, style: this.opts.style, maxBytes: this.opts.maxBytes },
        subs: new Map(),
        book: null,
        ticker: null,
        seq: { prices: 0, orderbook: 0, trades: 0, ...this.opts.seqStart?.(ref.marketId) },
        bookText: null,
        pricesText: null,
        seenTrades: null,
        followedSince: Date.now(),
      };
      this.markets.set(ref.marketId, st);
    }
    // The snapshot covers only the kinds new to this subscriber: it holds the others already.
    const had = st.subs.get(sub);
    const isNew = (t: MessageType): boolean => types.has(t) && (resend || !had?.has(t));
    st.subs.set(sub, types);
    if (sub.raw && st.book && (resend || !had)) this.resendBook(st);
    if (isNew('prices') && st.pricesText) sub.deliver({ text: st.pricesText, type: 'prices', seq: st.seq.prices, snapshot: true });
    if (isNew('orderbook') && st.bookText) sub.deliver({ text: st.bookText, type: 'orderbook', seq: st.seq.orderbook, snapshot: true });
    if (fresh) {
      this.ensureStarted().subscribe([ref]);
      void this.loadPrices(st);
    }
  }

  remove(sub: Subscriber, marketId: string): void {
    const st = this.markets.get(marketId);
    if (!st || !st.subs.delete(sub)) return;
    if (st.subs.size > 0) return;
    this.markets.delete(marketId);
    this.client?.unsubscribe([marketId]);
  }

  /** Hears every upstream event of the venue, of every market followed (the recorder); returns the unsubscribe. */
  observe(listener: (e: StreamEvent) => void): () => void {
    this.observers.add(listener);
    return () => this.observers.delete(listener);
  }

  upstreamStatus(): UpstreamStatus {
    return { connected: this.client?.connected ?? false, channels: this.client?.channels ?? null };
  }

  /** The book held, to the observers, as the snapshot a raw subscriber joining late did not get from upstream. */
  private resendBook(st: MarketState): void {
    const view = st.book!.levels();
    const e: StreamEvent = { kind: 'book', book: { exchange: this.opts.exchange as OrderBook['exchange'], market_id: st.ref.marketId, outcome_id: view.outcomeId ?? st.ref.yesOutcomeId, bids: view.bids, asks: view.asks, timestamp: view.timestamp } };
    for (const o of this.observers) o(e);
  }

  health(): Record<string, unknown> {
    return {
      started: this.client !== null,
      connected: this.client?.connected ?? false,
      connects: this.client?.connects ?? 0,
      markets: this.markets.size,
      resnapshots: this.resnapshots,
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.pollTimer = null;
    await this.client?.close();
  }

  private ensureStarted(): MarketStreamClient {
    if (this.client) return this.client;
    const client = this.opts.createClient((e) => this.onUpstream(e));
    this.client = client;
    if ((!client.channels.prices || !client.channels.trades) && this.opts.adapter) {
      this.pollTimer = setInterval(() => void this.poll(), this.opts.pollMs);
      this.pollTimer.unref();
    }
    return client;
  }

  private broadcast(st: MarketState, type: MessageType, text: string): void {
    // Encoded once for all subscribers (ws would otherwise encode the string again for each).
    const message: FeedMessage = { text: Buffer.from(text), type, seq: st.seq[type], snapshot: false };
    for (const [sub, types] of st.subs) if (types.has(type)) sub.deliver(message);
  }

  private publishBook(st: MarketState): void {
    if (!st.book) return;
    const view = st.book.levels();
    const text = orderbookMessage(st.ctx, { ...view, outcomeId: view.outcomeId ?? st.ref.yesOutcomeId }, ++st.seq.orderbook);
    if (text === null) {
      this.opts.logger.warn({ market: st.ref.marketId }, 'book does not fit the message size limit even at its top level; not sent');
      return;
    }
    st.bookText = text;
    this.broadcast(st, 'orderbook', text);
  }

  private publishPrices(st: MarketState, t: Ticker): void {
    if (samePrices(st.ticker, t)) return;
    st.ticker = t;
    st.pricesText = pricesMessage(st.ctx, t, ++st.seq.prices);
    this.broadcast(st, 'prices', st.pricesText);
  }

  private publishTrade(st: MarketState, t: Trade): void {
    this.broadcast(st, 'trades', tradeMessage(st.ctx, t, ++st.seq.trades, st.ref.yesOutcomeId));
  }

  private onUpstream(e: StreamEvent): void {
    for (const o of this.observers) o(e);
    switch (e.kind) {
      case 'book': {
        const st = this.markets.get(e.book.market_id);
        if (!st) return;
        if (st.book) st.book.reset(e.book);
        else {
          if (st.bookText !== null) this.resnapshots += 1;
          st.book = new LiveBook(e.book);
        }
        return this.publishBook(st);
      }
      case 'delta': {
        const st = this.markets.get(e.delta.market_id);
        // No book yet (or since a disconnect): the snapshot that follows carries this change.
        if (!st?.book) return;
        if (st.book.apply(e.delta)) this.publishBook(st);
        return;
      }
      case 'trade': {
        const st = this.markets.get(e.trade.market_id);
        if (st) this.publishTrade(st, e.trade);
        return;
      }
      case 'ticker': {
        const st = this.markets.get(e.ticker.market_id);
        if (st) this.publishPrices(st, e.ticker);
        return;
      }
      case 'disconnected':
        // Books are stale until the venue's fresh snapshot after the reconnect; deltas meanwhile are dropped.
        for (const st of this.markets.values()) st.book = null;
        return;
      case 'connected':
        return;
    }
  }

  private async loadPrices(st: MarketState): Promise<void> {
    if (!this.opts.adapter) return;
    try {
      const m = await this.opts.adapter.getMarket(st.ref.marketId);
      if (m && this.markets.get(st.ref.marketId) === st && !st.ticker) this.publishPrices(st, tickerFromMarket(m));
    } catch (err) {
      this.opts.logger.warn({ err, market: st.ref.marketId }, 'initial prices could not be read');
    }
  }

  /** One round of the REST polls for what the venue's socket does not carry. */
  private async poll(): Promise<void> {
    if (this.polling || this.closed || !this.client || !this.opts.adapter) return;
    this.polling = true;
    const adapter = this.opts.adapter;
    const { prices, trades } = this.client.channels;
    try {
      for (const st of [...this.markets.values()]) {
        if (this.closed) return;
        const wants = (type: MessageType): boolean => [...st.subs.values()].some((t) => t.has(type));
        try {
          if (!prices && wants('prices')) {
            const m = await adapter.getMarket(st.ref.marketId);
            if (m && this.markets.get(st.ref.marketId) === st) this.publishPrices(st, tickerFromMarket(m));
          }
          if (!trades && adapter.getTrades && wants('trades')) {
            const list = await adapter.getTrades(st.ref.marketId, { limit: 50 });
            if (this.markets.get(st.ref.marketId) !== st) continue;
            const firstRead = st.seenTrades === null;
            const seen = (st.seenTrades ??= new Set());
            const fresh = list.filter((t) => !seen.has(t.id)).reverse();
            for (const t of fresh) {
              seen.add(t.id);
              if (!firstRead || Date.parse(t.timestamp) >= st.followedSince) this.publishTrade(st, t);
            }
            // Keep the seen set bounded: ids older than the venue's last page cannot come back.
            if (seen.size > 500) st.seenTrades = new Set(list.map((t) => t.id));
          }
        } catch (err) {
          this.opts.logger.warn({ err, market: st.ref.marketId }, 'stream poll failed');
        }
      }
    } finally {
      this.polling = false;
    }
  }
}
