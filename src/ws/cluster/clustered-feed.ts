/**
 * One venue's market data when several instances share a database (src/ws/cluster/fanout-cluster.ts):
 * the feed the gateway talks to on every instance, whatever its role.
 *
 * - On the leader it runs the one `VenueFeed` of the deployment (the upstream connection) for its own
 *   clients and for the other instances' interest: each market some follower wants has one extra
 *   subscriber in that feed, whose messages go out to every instance through the cluster.
 * - On a follower there is no upstream: the interest of its clients (markets, and the union of their
 *   message kinds) goes to the leader, and the leader's messages are handed to the clients as they
 *   come. They are the leader's exact texts, `seq` included, so clients of every instance see the
 *   same numbers. The latest prices and book of each market are kept for a new subscriber's snapshot;
 *   a client that subscribes before any arrived gets the next one.
 *
 * It keeps its clients' subscriptions itself in both roles, so when the role changes (a follower takes
 * over from a leader that stopped, or a leader loses its database session) every subscription is
 * replayed into the new role and the clients get a fresh snapshot. A new leader continues each
 * market's numbering from the latest `seq` any instance reported, so numbers never go back.
 *
 * Raw subscribers (the recorder: `Subscriber.raw`) want the upstream events themselves (books, deltas,
 * trades), heard through `observe`. On the leader they are the venue feed's own events; a follower
 * marks its interest in such a market `raw`, and the leader sends that market's events on, plus the
 * state of its upstream connection (connected, channels). A follower whose view of the leader breaks
 * (a new leader, missed messages, its database session lost) tells its observers the upstream is
 * `disconnected`, and `connected` once the leader's state arrives again, so the recorder marks the gap,
 * takes the book the leader sends again and fetches the trades of the interval, as on a reconnect.
 */
import type { Logger } from 'pino';
import type { StreamEvent, StreamMarketRef } from '../../venues/stream.js';
import type { MessageType } from '../protocol.js';
import type { FeedMessage, MarketFeed, SeqStart, Subscriber, UpstreamStatus, VenueFeed } from '../venue-feed.js';

export type Seqs = Partial<Record<MessageType, number>>;

/** What a clustered feed needs from the cluster. */
export interface ClusterPort {
  /** Leader: one message of a market that followers want, to every instance. */
  publishUpdate(exchange: string, marketId: string, message: FeedMessage): void;
  /** Follower: this instance's interest in a market (no types and not raw: none any more). */
  sendInterest(exchange: string, interest: Interest): void;
  /** Leader: an upstream event of a market some follower wants raw (or, with no market, of the connection), and/or the upstream's state. */
  publishRaw(exchange: string, marketId: string | null, payload: RawPayload): void;
}

export interface RawPayload {
  event?: StreamEvent;
  status?: UpstreamStatus;
}

export interface Interest {
  ref: StreamMarketRef;
  types: MessageType[];
  /** Some subscriber of the instance wants the market's upstream events (the recorder). */
  raw: boolean;
  /** The latest numbers this instance saw, so a new leader continues them. */
  seqs: Seqs;
}

/** Kinds with a latest message that a new subscriber gets at once (trades are events, not state). */
const SNAPSHOT_TYPES = ['prices', 'orderbook'] as const;
type SnapshotType = (typeof SNAPSHOT_TYPES)[number];

interface LocalMarket {
  ref: StreamMarketRef;
  subs: Map<Subscriber, ReadonlySet<MessageType>>;
  /** Follower: the latest message of each kind, for snapshots. */
  latest: Partial<Record<SnapshotType, FeedMessage>>;
  /** Follower: subscribers still owed a snapshot of that kind (none arrived since they subscribed). */
  awaiting: Record<SnapshotType, Set<Subscriber>>;
  /** The latest numbers seen here. */
  seqs: Seqs;
}

interface RemoteMarket {
  ref: StreamMarketRef;
  /** Instance id -> the kinds its clients want. */
  byInstance: Map<string, ReadonlySet<MessageType>>;
  /** Instances that want the market's upstream events. */
  rawBy: Set<string>;
  /** The subscriber standing for all followers in the leader's venue feed. */
  sub: Subscriber;
  seqHint: Seqs;
}

export function unionOfTypes(sets: Iterable<ReadonlySet<MessageType>>): MessageType[] {
  const all = new Set<MessageType>();
  for (const s of sets) for (const t of s) all.add(t);
  return [...all].sort();
}

export function maxSeqs(...all: (Seqs | undefined)[]): Seqs {
  const out: Seqs = {};
  for (const s of all) {
    if (!s) continue;
    for (const [k, v] of Object.entries(s) as [MessageType, number][]) if (typeof v === 'number' && v > (out[k] ?? -1)) out[k] = v;
  }
  return out;
}

export interface ClusteredFeedOptions {
  exchange: string;
  /** Builds the venue feed (leader only), numbering each market from `seqStart`. */
  createFeed(seqStart: SeqStart): VenueFeed;
  port: ClusterPort;
  logger: Logger;
}

export class ClusteredFeed implements MarketFeed {
  private feed: VenueFeed | null = null;
  private readonly local = new Map<string, LocalMarket>();
  private readonly remote = new Map<string, RemoteMarket>();
  private closed = false;
  /** Listeners of upstream events (the recorder). */
  private readonly observers = new Set<(e: StreamEvent) => void>();
  /** Leader: stops hearing the venue feed's events. */
  private unobserveFeed: (() => void) | null = null;
  /** Follower: the leader's upstream as last heard. */
  private status: UpstreamStatus = { connected: false, channels: null };
  /** Listeners told of a leader change (src/ws/svc: clusters then send a fresh snapshot). */
  private readonly resyncListeners = new Set<() => void>();

  constructor(private readonly opts: ClusteredFeedOptions) {}

  get exchange(): string {
    return this.opts.exchange;
  }

  get venueFeed(): VenueFeed | null {
    return this.feed;
  }

  add(sub: Subscriber, ref: StreamMarketRef, types: ReadonlySet<MessageType>): void {
    let lm = this.local.get(ref.marketId);
    const before = lm ? interestKey(lm) : null;
    if (!lm) {
      lm = { ref, subs: new Map(), latest: {}, awaiting: { prices: new Set(), orderbook: new Set() }, seqs: {} };
      this.local.set(ref.marketId, lm);
    }
    const had = lm.subs.get(sub);
    lm.subs.set(sub, types);
    if (this.feed) return this.feed.add(sub, ref, types);
    for (const t of SNAPSHOT_TYPES) {
      // A kind dropped is no longer owed; a kind held already needs no second snapshot.
      if (!types.has(t)) {
        lm.awaiting[t].delete(sub);
        continue;
      }
      if (had?.has(t)) continue;
      const latest = lm.latest[t];
      if (latest) sub.deliver({ ...latest, snapshot: true });
      else lm.awaiting[t].add(sub);
    }
    if (interestKey(lm) !== before) this.opts.port.sendInterest(this.exchange, this.interestOf(lm));
  }

  remove(sub: Subscriber, marketId: string): void {
    const lm = this.local.get(marketId);
    if (!lm) return;
    const before = interestKey(lm);
    if (!lm.subs.delete(sub)) return;
    for (const t of SNAPSHOT_TYPES) lm.awaiting[t].delete(sub);
    if (lm.subs.size === 0) this.local.delete(marketId);
    if (this.feed) return this.feed.remove(sub, marketId);
    if (interestKey(lm) !== before) this.opts.port.sendInterest(this.exchange, this.interestOf(lm));
  }

  onResync(listener: () => void): () => void {
    this.resyncListeners.add(listener);
    return () => this.resyncListeners.delete(listener);
  }

  private tellResync(): void {
    for (const l of this.resyncListeners) l();
  }

  observe(listener: (e: StreamEvent) => void): () => void {
    this.observers.add(listener);
    return () => this.observers.delete(listener);
  }

  upstreamStatus(): UpstreamStatus {
    return this.feed ? this.feed.upstreamStatus() : { ...this.status };
  }

  private emit(e: StreamEvent): void {
    for (const o of this.observers) o(e);
  }

  /** This instance's interest in every market its clients follow (a follower's full resend). */
  interests(): Interest[] {
    return [...this.local.values()].map((lm) => this.interestOf(lm));
  }

  get localMarkets(): number {
    return this.local.size;
  }

  // ---- follower ------------------------------------------------------------------------------

  /** A message of the leader's. */
  onUpdate(marketId: string, type: MessageType, seq: number, snapshot: boolean, text: string): void {
    const lm = this.local.get(marketId);
    if (!lm || this.feed) return;
    if (seq > (lm.seqs[type] ?? -1)) lm.seqs[type] = seq;
    const message: FeedMessage = { text: Buffer.from(text), type, seq, snapshot };
    if (type === 'trades') {
      for (const [sub, types] of lm.subs) if (types.has(type)) sub.deliver(message);
      return;
    }
    lm.latest[type] = message;
    const owed = lm.awaiting[type];
    if (snapshot) {
      // Re-sent for another instance's new subscriber: only those still owed one take it.
      for (const sub of owed) if (lm.subs.get(sub)?.has(type)) sub.deliver(message);
    } else {
      for (const [sub, types] of lm.subs) if (types.has(type)) sub.deliver(message);
    }
    owed.clear();
  }

  /** An upstream event or state of the leader's, for this instance's raw subscribers. */
  onRaw(marketId: string | null, payload: RawPayload): void {
    if (this.feed) return;
    if (payload.status) this.setStatus(payload.status);
    const e = payload.event;
    if (!e) return;
    if (e.kind === 'connected' || e.kind === 'disconnected') return this.setStatus({ connected: e.kind === 'connected', channels: payload.status?.channels ?? this.status.channels });
    const lm = marketId === null ? undefined : this.local.get(marketId);
    if (lm && [...lm.subs.keys()].some((s) => s.raw)) this.emit(e);
  }

  /** Follower: the leader's upstream state; a change is told to the observers as the upstream's own would be. */
  private setStatus(next: UpstreamStatus): void {
    const was = this.status.connected;
    this.status = { connected: next.connected, channels: next.channels ?? this.status.channels };
    if (was !== next.connected) this.emit({ kind: next.connected ? 'connected' : 'disconnected' });
  }

  /** Follower: messages may be lost from here on (database session down): the observers see a disconnect. */
  linkLost(): void {
    if (!this.feed) this.setStatus({ connected: false, channels: this.status.channels });
  }

  /**
   * The leader changed (or this instance missed messages): what is held may be stale, so every
   * subscriber is owed a fresh snapshot, which the leader sends on the interest resent next. The
   * observers see a disconnect until the leader's state arrives again.
   */
  expectFreshSnapshots(): void {
    this.linkLost();
    for (const lm of this.local.values()) {
      lm.latest = {};
      for (const t of SNAPSHOT_TYPES) {
        lm.awaiting[t].clear();
        for (const [sub, types] of lm.subs) if (types.has(t)) lm.awaiting[t].add(sub);
      }
    }
    this.tellResync();
  }

  // ---- leader ----------------------------------------------------------------------------------

  /** Another instance's interest in a market (no types: it has none any more). */
  setRemote(instance: string, interest: Interest): void {
    const feed = this.feed;
    if (!feed) return;
    const marketId = interest.ref.marketId;
    let rm = this.remote.get(marketId);
    if (interest.types.length === 0 && !interest.raw) {
      if (!rm || !rm.byInstance.delete(instance)) return;
      rm.rawBy.delete(instance);
    } else {
      if (!rm) {
        const rawBy = new Set<string>();
        rm = { ref: interest.ref, byInstance: new Map(), rawBy, sub: { deliver: (m) => this.opts.port.publishUpdate(this.exchange, marketId, m), get raw() { return rawBy.size > 0; } }, seqHint: {} };
        this.remote.set(marketId, rm);
      }
      rm.byInstance.set(instance, new Set(interest.types));
      if (interest.raw) rm.rawBy.add(instance);
      else rm.rawBy.delete(instance);
      rm.seqHint = maxSeqs(rm.seqHint, interest.seqs);
    }
    if (rm.byInstance.size === 0) {
      this.remote.delete(marketId);
      feed.remove(rm.sub, marketId);
      return;
    }
    // Adding again re-sends the latest prices and book (as snapshots) for the instance that asked
    // (to raw observers too: src/ws/venue-feed.ts resendBook), and tells it the upstream's state.
    feed.add(rm.sub, rm.ref, new Set(unionOfTypes(rm.byInstance.values())), true);
    if (interest.raw) this.opts.port.publishRaw(this.exchange, null, { status: feed.upstreamStatus() });
  }

  /** Leader: an event of the venue feed, to this instance's observers and to the followers that want it raw. */
  private onLeaderEvent(feed: VenueFeed, e: StreamEvent): void {
    this.emit(e);
    if (e.kind === 'ticker') return;
    if (e.kind === 'connected' || e.kind === 'disconnected') {
      if ([...this.remote.values()].some((rm) => rm.rawBy.size > 0)) this.opts.port.publishRaw(this.exchange, null, { event: e, status: { ...feed.upstreamStatus(), connected: e.kind === 'connected' } });
      return;
    }
    const marketId = e.kind === 'book' ? e.book.market_id : e.kind === 'delta' ? e.delta.market_id : e.trade.market_id;
    if (this.remote.get(marketId)?.rawBy.size) this.opts.port.publishRaw(this.exchange, marketId, { event: e });
  }

  /** Markets an instance has interest in, here. */
  remoteMarketsOf(instance: string): string[] {
    return [...this.remote].filter(([, rm]) => rm.byInstance.has(instance)).map(([id]) => id);
  }

  /** An instance is gone (stopped, or silent too long): its interest goes with it. */
  dropInstance(instance: string, keep: ReadonlySet<string> = new Set()): void {
    for (const id of this.remoteMarketsOf(instance)) {
      if (!keep.has(id)) this.setRemote(instance, { ref: this.remote.get(id)!.ref, types: [], raw: false, seqs: {} });
    }
  }

  // ---- role changes ----------------------------------------------------------------------------

  becomeLeader(): void {
    if (this.feed || this.closed) return;
    // What observers heard from the old leader stops here; the new upstream's own events follow.
    this.linkLost();
    const feed = this.opts.createFeed((id) => maxSeqs(this.local.get(id)?.seqs, this.remote.get(id)?.seqHint));
    this.feed = feed;
    this.unobserveFeed = feed.observe((e) => this.onLeaderEvent(feed, e));
    for (const lm of this.local.values()) {
      lm.latest = {};
      for (const t of SNAPSHOT_TYPES) lm.awaiting[t].clear();
      for (const [sub, types] of lm.subs) feed.add(sub, lm.ref, types);
    }
    this.tellResync();
  }

  becomeFollower(): void {
    const feed = this.feed;
    if (!feed) return;
    for (const [id, lm] of this.local) lm.seqs = maxSeqs(lm.seqs, feed.seqOf(id));
    this.unobserveFeed?.();
    this.unobserveFeed = null;
    const wasConnected = feed.upstreamStatus().connected;
    this.feed = null;
    this.remote.clear();
    // The observers heard this instance's upstream, which closes now: a disconnect until the new leader's state arrives.
    this.status = { connected: false, channels: this.status.channels };
    if (wasConnected) this.emit({ kind: 'disconnected' });
    void feed.close().catch((err: unknown) => this.opts.logger.warn({ err }, 'closing the venue feed after losing the fan-out lead failed'));
    this.expectFreshSnapshots();
  }

  health(): Record<string, unknown> {
    if (this.feed) return { role: 'leader', ...this.feed.health(), markets_for_other_instances: this.remote.size };
    return { role: 'follower', started: false, connected: false, markets: this.local.size };
  }

  async close(): Promise<void> {
    this.closed = true;
    const feed = this.feed;
    this.feed = null;
    await feed?.close();
  }

  private interestOf(lm: LocalMarket): Interest {
    return { ref: lm.ref, types: unionOfTypes(lm.subs.values()), raw: isRaw(lm), seqs: { ...lm.seqs } };
  }
}

const isRaw = (lm: LocalMarket): boolean => [...lm.subs.keys()].some((s) => s.raw);
/** What the leader is told of a market: the kinds wanted and whether raw (a change of either is sent). */
const interestKey = (lm: LocalMarket): string => `${unionOfTypes(lm.subs.values()).join()}|${isRaw(lm) ? 'raw' : ''}`;
