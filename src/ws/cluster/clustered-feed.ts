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
 */
import type { Logger } from 'pino';
import type { StreamMarketRef } from '../../venues/stream.js';
import type { MessageType } from '../protocol.js';
import type { FeedMessage, MarketFeed, SeqStart, Subscriber, VenueFeed } from '../venue-feed.js';

export type Seqs = Partial<Record<MessageType, number>>;

/** What a clustered feed needs from the cluster. */
export interface ClusterPort {
  /** Leader: one message of a market that followers want, to every instance. */
  publishUpdate(exchange: string, marketId: string, message: FeedMessage): void;
  /** Follower: this instance's interest in a market (no types: none any more). */
  sendInterest(exchange: string, interest: Interest): void;
}

export interface Interest {
  ref: StreamMarketRef;
  types: MessageType[];
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

  constructor(private readonly opts: ClusteredFeedOptions) {}

  get exchange(): string {
    return this.opts.exchange;
  }

  get venueFeed(): VenueFeed | null {
    return this.feed;
  }

  add(sub: Subscriber, ref: StreamMarketRef, types: ReadonlySet<MessageType>): void {
    let lm = this.local.get(ref.marketId);
    const before = lm ? unionOfTypes(lm.subs.values()).join() : null;
    if (!lm) {
      lm = { ref, subs: new Map(), latest: {}, awaiting: { prices: new Set(), orderbook: new Set() }, seqs: {} };
      this.local.set(ref.marketId, lm);
    }
    lm.subs.set(sub, types);
    if (this.feed) return this.feed.add(sub, ref, types);
    for (const t of SNAPSHOT_TYPES) {
      if (!types.has(t)) continue;
      const latest = lm.latest[t];
      if (latest) sub.deliver({ ...latest, snapshot: true });
      else lm.awaiting[t].add(sub);
    }
    if (unionOfTypes(lm.subs.values()).join() !== before) this.opts.port.sendInterest(this.exchange, this.interestOf(lm));
  }

  remove(sub: Subscriber, marketId: string): void {
    const lm = this.local.get(marketId);
    if (!lm) return;
    const before = unionOfTypes(lm.subs.values()).join();
    if (!lm.subs.delete(sub)) return;
    for (const t of SNAPSHOT_TYPES) lm.awaiting[t].delete(sub);
    if (lm.subs.size === 0) this.local.delete(marketId);
    if (this.feed) return this.feed.remove(sub, marketId);
    if (unionOfTypes(lm.subs.values()).join() !== before) this.opts.port.sendInterest(this.exchange, this.interestOf(lm));
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

  /**
   * The leader changed (or this instance missed messages): what is held may be stale, so every
   * subscriber is owed a fresh snapshot, which the leader sends on the interest resent next.
   */
  expectFreshSnapshots(): void {
    for (const lm of this.local.values()) {
      lm.latest = {};
      for (const t of SNAPSHOT_TYPES) {
        lm.awaiting[t].clear();
        for (const [sub, types] of lm.subs) if (types.has(t)) lm.awaiting[t].add(sub);
      }
    }
  }

  // ---- leader ----------------------------------------------------------------------------------

  /** Another instance's interest in a market (no types: it has none any more). */
  setRemote(instance: string, interest: Interest): void {
    const feed = this.feed;
    if (!feed) return;
    const marketId = interest.ref.marketId;
    let rm = this.remote.get(marketId);
    if (interest.types.length === 0) {
      if (!rm || !rm.byInstance.delete(instance)) return;
    } else {
      if (!rm) {
        rm = { ref: interest.ref, byInstance: new Map(), sub: { deliver: (m) => this.opts.port.publishUpdate(this.exchange, marketId, m) }, seqHint: {} };
        this.remote.set(marketId, rm);
      }
      rm.byInstance.set(instance, new Set(interest.types));
      rm.seqHint = maxSeqs(rm.seqHint, interest.seqs);
    }
    if (rm.byInstance.size === 0) {
      this.remote.delete(marketId);
      feed.remove(rm.sub, marketId);
      return;
    }
    // Adding again re-sends the latest prices and book (as snapshots) for the instance that asked.
    feed.add(rm.sub, rm.ref, new Set(unionOfTypes(rm.byInstance.values())));
  }

  /** Markets an instance has interest in, here. */
  remoteMarketsOf(instance: string): string[] {
    return [...this.remote].filter(([, rm]) => rm.byInstance.has(instance)).map(([id]) => id);
  }

  /** An instance is gone (stopped, or silent too long): its interest goes with it. */
  dropInstance(instance: string, keep: ReadonlySet<string> = new Set()): void {
    for (const id of this.remoteMarketsOf(instance)) {
      if (!keep.has(id)) this.setRemote(instance, { ref: this.remote.get(id)!.ref, types: [], seqs: {} });
    }
  }

  // ---- role changes ----------------------------------------------------------------------------

  becomeLeader(): void {
    if (this.feed || this.closed) return;
    const feed = this.opts.createFeed((id) => maxSeqs(this.local.get(id)?.seqs, this.remote.get(id)?.seqHint));
    this.feed = feed;
    for (const lm of this.local.values()) {
      lm.latest = {};
      for (const t of SNAPSHOT_TYPES) lm.awaiting[t].clear();
      for (const [sub, types] of lm.subs) feed.add(sub, lm.ref, types);
    }
  }

  becomeFollower(): void {
    const feed = this.feed;
    if (!feed) return;
    for (const [id, lm] of this.local) lm.seqs = maxSeqs(lm.seqs, feed.seqOf(id));
    this.feed = null;
    this.remote.clear();
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
    return { ref: lm.ref, types: unionOfTypes(lm.subs.values()), seqs: { ...lm.seqs } };
  }
}
