/**
 * /ws/svc's side of the stream gateway: clusters followed by svc_id, the quotes of their members, and
 * the messages to the clients that follow them (src/ws/svc/svc-messages.ts). It is the route's feed
 * (`MarketFeed`): the gateway parses subscribes, enforces the limits and keepalive, and hands each
 * (client, svc_id) here.
 *
 * Where a member's quote comes from:
 * - a venue with a stream of the service: the venue's feed of the gateway, subscribed like a client
 *   (books and prices). With several instances that feed is the fan-out's (src/ws/cluster), so one
 *   upstream connection serves every instance, and each instance's hub reads the leader's messages;
 * - every other venue (and a streamed member until its first message): the quotes the service holds
 *   (the catalog, newer recorded tops and trades: src/market-data/quotes.ts), read for all the
 *   clusters followed in one batch every `pollMs`. Never one venue call per cluster. The same read
 *   gives every member's catalog status (only open markets count for `best`).
 *
 * `seq` counts one cluster's messages on this instance: every client of a cluster sees every number
 * from its snapshot on. The members, merges and dissolutions of the clusters followed are read again
 * every `pollMs`; a merge tells the clients following the merged svc_id (`merged`) and moves them to
 * the survivor (its snapshot follows). When a venue's fan-out changes leader (messages may have been
 * lost), the clusters with a member there send a fresh snapshot.
 */
import type { Logger } from 'pino';
import { bestOf, NO_BEST, sameBest, type BestQuote } from '../../market-data/best-quote.js';
import type { Quote, QuoteKey } from '../../market-data/quotes.js';
import type { MemberKey, Membership } from '../../matching/cluster-membership-repository.js';
import type { ExchangeCode } from '../../venues/exchanges.js';
import type { StreamMarketRef } from '../../venues/stream.js';
import type { MessageType } from '../protocol.js';
import type { FeedMessage, MarketFeed, SvcMessageType, Subscriber, UpstreamStatus } from '../venue-feed.js';
import { bestMessage, dissolvedMessage, mergedMessage, quoteMessage, readVenueMessage, snapshotMessage, type MemberQuote } from './svc-messages.js';

export interface SvcHubOptions {
  /** Members and merges of svc_ids (src/matching/cluster-membership-repository.ts). */
  membership(svcIds: readonly string[]): Promise<Map<string, Membership>>;
  /** The quotes the service holds for these markets (catalog and recorder). */
  heldQuotes(keys: readonly QuoteKey[]): Promise<Quote[]>;
  /** A venue's stream feed and market lookup, when the venue has a stream of the service. */
  venueStream(exchange: string): { feed: MarketFeed; resolve(marketId: string): Promise<StreamMarketRef | null> } | undefined;
  pollMs: number;
  logger: Logger;
  now?: () => number;
}

interface Member {
  key: string;
  exchange: string;
  marketId: string;
  quote: MemberQuote;
  /** The top of book from the venue's stream, once one came (preferred over the prices message's bid/ask). */
  book: { yes_bid: number | null; yes_ask: number | null } | null;
  /** The stream subscription, for a streamed venue's member. */
  tap: Subscriber | null;
  /** Clusters (svc_ids) with this member. */
  clusters: Set<string>;
}

interface Cluster {
  svcId: string;
  memberKeys: string[];
  seq: number;
  best: BestQuote;
  /** Subscriber -> the svc_ids it asked for that lead here (one, or several after merges). */
  subs: Map<Subscriber, Set<string>>;
  /** Resolves once the members' held quotes are read (the first snapshot waits for it). */
  ready: Promise<void>;
  /**
   * Until `ready`: the quotes read meanwhile go into the first snapshot, not out as `quote` messages
   * (a subscriber waiting for its snapshot would get numbers before it).
   */
  loading: boolean;
}

const keyOf = (exchange: string, marketId: string): string => `${exchange}:${marketId}`;
const sameQuote = (a: MemberQuote, b: MemberQuote): boolean =>
  a.yes_bid === b.yes_bid && a.yes_ask === b.yes_ask && a.last_price === b.last_price && a.live === b.live && a.status === b.status;

export class SvcHub implements MarketFeed {
  readonly exchange = 'svc';
  readonly venueFeed = null;
  private readonly clusters = new Map<string, Cluster>();
  private readonly members = new Map<string, Member>();
  /** Per subscriber: svc_id asked for -> the svc_id of the cluster it follows now. */
  private readonly routes = new Map<Subscriber, Map<string, string>>();
  /** Lookups made by `resolve` for the `add` that follows. */
  private readonly resolved = new Map<string, Membership>();
  private readonly unresync: (() => void)[] = [];
  private readonly now: () => number;
  private timer: NodeJS.Timeout | null = null;
  private refreshing = false;
  private closed = false;
  private readonly counters = { messages: 0, merges: 0, dissolved: 0, resyncs: 0 };

  constructor(private readonly opts: SvcHubOptions, streamedVenues: readonly string[] = []) {
    this.now = opts.now ?? Date.now;
    for (const exchange of streamedVenues) {
      const off = opts.venueStream(exchange)?.feed.onResync?.(() => this.resync(exchange));
      if (off) this.unresync.push(off);
    }
    this.timer = setInterval(() => void this.refresh(), opts.pollMs);
    this.timer.unref();
  }

  /** The gateway's lookup of a svc_id: known (current or merged away) or null. */
  async resolve(svcId: string): Promise<StreamMarketRef | null> {
    if (this.clusters.has(svcId)) return { marketId: svcId, yesOutcomeId: null };
    const found = (await this.opts.membership([svcId])).get(svcId);
    if (!found) return null;
    this.resolved.set(svcId, found);
    return { marketId: svcId, yesOutcomeId: null };
  }

  add(sub: Subscriber, ref: StreamMarketRef, _types: ReadonlySet<MessageType>): void {
    const asked = ref.marketId;
    const known = this.resolved.get(asked);
    this.resolved.delete(asked);
    // Noted at once, so an unsubscribe (or the connection's end) before the lookups below finish is heard.
    let routes = this.routes.get(sub);
    if (!routes) this.routes.set(sub, (routes = new Map()));
    if (!routes.has(asked)) routes.set(asked, asked);
    void this.follow(sub, asked, known).catch((err: unknown) => this.opts.logger.error({ err, svc_id: asked }, 'following a cluster failed'));
  }

  remove(sub: Subscriber, asked: string): void {
    const routes = this.routes.get(sub);
    const target = routes?.get(asked);
    if (!routes || target === undefined) return;
    routes.delete(asked);
    if (routes.size === 0) this.routes.delete(sub);
    this.detach(sub, asked, target);
  }

  observe(): () => void {
    return () => undefined;
  }

  upstreamStatus(): UpstreamStatus {
    return { connected: true, channels: null };
  }

  health(): Record<string, unknown> {
    let streamed = 0;
    for (const m of this.members.values()) if (m.tap) streamed += 1;
    return { clusters: this.clusters.size, members: this.members.size, streamed_members: streamed, clients: this.routes.size, ...this.counters };
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    for (const off of this.unresync) off();
    for (const m of this.members.values()) this.untap(m);
    this.members.clear();
    this.clusters.clear();
    this.routes.clear();
  }

  // ---- following -----------------------------------------------------------------------------

  private async follow(sub: Subscriber, asked: string, known: Membership | undefined): Promise<void> {
    let target = asked;
    let membership = this.clusters.has(asked) ? undefined : (known ?? (await this.opts.membership([asked])).get(asked));
    if (membership && 'merged_into' in membership) {
      target = membership.merged_into;
      this.send(sub, mergedMessage(asked, target), 'merged', 0);
      membership = this.clusters.has(target) ? undefined : (await this.opts.membership([target])).get(target);
    }
    // Unsubscribed (or gone) meanwhile: nothing to follow.
    const routes = this.routes.get(sub);
    if (this.closed || !routes?.has(asked)) return;
    let cluster = this.clusters.get(target);
    if (!cluster) {
      if (!membership || !('members' in membership)) return this.send(sub, dissolvedMessage(target), 'dissolved', 0);
      cluster = this.createCluster(target, membership.members);
    }
    routes.set(asked, target);
    let via = cluster.subs.get(sub);
    const isNew = !via;
    if (!via) cluster.subs.set(sub, (via = new Set()));
    via.add(asked);
    await cluster.ready;
    if (isNew && this.clusters.get(target) === cluster && cluster.subs.has(sub)) this.sendSnapshot(cluster, [sub]);
  }

  private detach(sub: Subscriber, asked: string, target: string): void {
    const cluster = this.clusters.get(target);
    const via = cluster?.subs.get(sub);
    if (!cluster || !via) return;
    via.delete(asked);
    if (via.size > 0) return;
    cluster.subs.delete(sub);
    if (cluster.subs.size === 0) this.dropCluster(cluster);
  }

  private createCluster(svcId: string, memberKeys: readonly MemberKey[]): Cluster {
    const cluster: Cluster = { svcId, memberKeys: [], seq: 0, best: NO_BEST, subs: new Map(), ready: Promise.resolve(), loading: true };
    this.clusters.set(svcId, cluster);
    cluster.ready = this.setMembers(cluster, memberKeys).finally(() => {
      cluster.loading = false;
      // a stream's first book may have come in between
      cluster.best = bestOf(this.quotesOf(cluster), this.now());
    });
    return cluster;
  }

  /** Sets a cluster's members: new ones are tapped (streamed venues) and their held quotes read. */
  private async setMembers(cluster: Cluster, memberKeys: readonly MemberKey[]): Promise<void> {
    const next = memberKeys.map((m) => keyOf(m.exchange, m.market_id));
    for (const key of cluster.memberKeys) if (!next.includes(key)) this.leaveMember(key, cluster.svcId);
    const added: Member[] = [];
    for (const m of memberKeys) {
      const key = keyOf(m.exchange, m.market_id);
      let member = this.members.get(key);
      if (!member) {
        member = { key, exchange: m.exchange, marketId: m.market_id, quote: { exchange: m.exchange, market_id: m.market_id, yes_bid: null, yes_ask: null, last_price: null, as_of: new Date(0).toISOString(), live: false, status: null }, book: null, tap: null, clusters: new Set() };
        this.members.set(key, member);
        added.push(member);
      }
      member.clusters.add(cluster.svcId);
    }
    cluster.memberKeys = next;
    if (added.length) await this.readHeldQuotes(added);
    for (const member of added) void this.tap(member);
    cluster.best = bestOf(this.quotesOf(cluster), this.now());
  }

  private leaveMember(key: string, svcId: string): void {
    const member = this.members.get(key);
    if (!member) return;
    member.clusters.delete(svcId);
    if (member.clusters.size > 0) return;
    this.untap(member);
    this.members.delete(key);
  }

  private dropCluster(cluster: Cluster): void {
    this.clusters.delete(cluster.svcId);
    for (const key of cluster.memberKeys) this.leaveMember(key, cluster.svcId);
  }

  // ---- member quotes -------------------------------------------------------------------------

  private async tap(member: Member): Promise<void> {
    const stream = this.opts.venueStream(member.exchange);
    if (!stream) return;
    let ref: StreamMarketRef | null = null;
    try {
      ref = await stream.resolve(member.marketId);
    } catch (err) {
      this.opts.logger.warn({ err, exchange: member.exchange, market: member.marketId }, 'a cluster member could not be looked up for its stream');
    }
    if (!ref || this.members.get(member.key) !== member || member.tap) return;
    const tap: Subscriber = { deliver: (m: FeedMessage) => this.onVenueMessage(member, m) };
    member.tap = tap;
    stream.feed.add(tap, ref, new Set<MessageType>(['prices', 'orderbook']));
  }

  private untap(member: Member): void {
    if (!member.tap) return;
    this.opts.venueStream(member.exchange)?.feed.remove(member.tap, member.marketId);
    member.tap = null;
  }

  private onVenueMessage(member: Member, m: FeedMessage): void {
    if (this.members.get(member.key) !== member) return;
    const r = readVenueMessage(typeof m.text === 'string' ? m.text : m.text.toString('utf8'));
    if (!r) return;
    const q = member.quote;
    let next: MemberQuote;
    if (r.kind === 'book') {
      member.book = { yes_bid: r.yes_bid, yes_ask: r.yes_ask };
      next = { ...q, yes_bid: r.yes_bid, yes_ask: r.yes_ask, as_of: r.at, live: true };
    } else {
      const top = member.book ?? { yes_bid: r.yes_bid, yes_ask: r.yes_ask };
      next = { ...q, yes_bid: top.yes_bid, yes_ask: top.yes_ask, last_price: r.last_price ?? q.last_price, as_of: r.at > q.as_of || !q.live ? r.at : q.as_of, live: true };
    }
    this.setQuote(member, next);
  }

  /**
   * The held quotes (catalog, recorder) of members not held live from a stream, and the catalog's
   * status of every member (a market that closes stops counting for `best`, streamed or not).
   */
  private async readHeldQuotes(members: readonly Member[]): Promise<void> {
    if (members.length === 0) return;
    let quotes: Quote[];
    try {
      quotes = await this.opts.heldQuotes(members.map((m) => ({ exchange: m.exchange as ExchangeCode, marketId: m.marketId })));
    } catch (err) {
      this.opts.logger.warn({ err }, 'held quotes of cluster members could not be read');
      return;
    }
    const held = new Map(quotes.map((q) => [keyOf(q.exchange, q.market_id), q]));
    for (const asked of members) {
      const member = this.members.get(asked.key);
      if (member !== asked) continue;
      const q = held.get(member.key);
      // absent from the answer: the catalog no longer holds the market
      if (!q || member.quote.live) this.setQuote(member, { ...member.quote, status: q?.status ?? null });
      else this.setQuote(member, { exchange: q.exchange, market_id: q.market_id, yes_bid: q.bid, yes_ask: q.ask, last_price: q.last, as_of: q.updated_at, live: false, status: q.status });
    }
  }

  private setQuote(member: Member, next: MemberQuote): void {
    const before = member.quote;
    member.quote = next;
    if (sameQuote(before, next)) return;
    const now = this.now();
    for (const svcId of member.clusters) {
      const cluster = this.clusters.get(svcId);
      if (!cluster || cluster.subs.size === 0 || cluster.loading) continue;
      this.broadcast(cluster, quoteMessage(cluster.svcId, next, ++cluster.seq, now), 'quote');
      this.updateBest(cluster, now);
    }
  }

  private updateBest(cluster: Cluster, now: number): void {
    if (cluster.loading) return;
    const best = bestOf(this.quotesOf(cluster), now);
    if (sameBest(cluster.best, best)) return;
    cluster.best = best;
    if (cluster.subs.size > 0) this.broadcast(cluster, bestMessage(cluster.svcId, best, ++cluster.seq), 'best');
  }

  private quotesOf(cluster: Cluster): MemberQuote[] {
    const out: MemberQuote[] = [];
    for (const key of cluster.memberKeys) {
      const m = this.members.get(key);
      if (m) out.push(m.quote);
    }
    return out;
  }

  // ---- refresh: members, merges, held quotes, staleness ----------------------------------------

  /** One round: the clusters' members and merges, the held quotes, and bests whose quotes went stale. */
  async refresh(): Promise<void> {
    if (this.refreshing || this.closed || this.clusters.size === 0) return;
    this.refreshing = true;
    try {
      const now = await this.opts.membership([...this.clusters.keys()]);
      for (const cluster of [...this.clusters.values()]) {
        const m = now.get(cluster.svcId);
        if (!m) this.dissolve(cluster);
        else if ('merged_into' in m) await this.merge(cluster, m.merged_into);
        else if (m.members.map((x) => keyOf(x.exchange, x.market_id)).join() !== cluster.memberKeys.join()) {
          await this.setMembers(cluster, m.members);
          this.sendSnapshot(cluster, [...cluster.subs.keys()], true);
        }
      }
      await this.readHeldQuotes([...this.members.values()]);
      const t = this.now();
      for (const cluster of this.clusters.values()) this.updateBest(cluster, t);
    } catch (err) {
      this.opts.logger.warn({ err }, 'svc stream refresh failed');
    } finally {
      this.refreshing = false;
    }
  }

  private dissolve(cluster: Cluster): void {
    this.counters.dissolved += 1;
    const text = dissolvedMessage(cluster.svcId);
    for (const [sub, via] of cluster.subs) for (const asked of via) this.send(sub, asked === cluster.svcId ? text : dissolvedMessage(asked), 'dissolved', 0);
    this.dropCluster(cluster);
  }

  private async merge(cluster: Cluster, into: string): Promise<void> {
    this.counters.merges += 1;
    const subs = [...cluster.subs];
    this.dropCluster(cluster);
    for (const [sub, via] of subs) {
      // follow() tells the client of the merge and sends the survivor's snapshot.
      for (const asked of via) await this.follow(sub, asked, { svc_id: asked, merged_into: into });
    }
  }

  /** A venue's fan-out changed leader: what its members' streams said may be incomplete. */
  private resync(exchange: string): void {
    this.counters.resyncs += 1;
    const touched = new Set<string>();
    for (const m of this.members.values()) {
      if (m.exchange !== exchange) continue;
      m.quote = { ...m.quote, live: false };
      m.book = null;
      for (const svcId of m.clusters) touched.add(svcId);
    }
    for (const svcId of touched) {
      const cluster = this.clusters.get(svcId);
      if (!cluster) continue;
      cluster.best = bestOf(this.quotesOf(cluster), this.now());
      this.sendSnapshot(cluster, [...cluster.subs.keys()], true);
    }
  }

  // ---- sending -------------------------------------------------------------------------------

  /** A snapshot to `subs`: a new subscriber's repeats the latest `seq`, a change's (`numbered`) takes the next. */
  private sendSnapshot(cluster: Cluster, subs: readonly Subscriber[], numbered = false): void {
    if (subs.length === 0) return;
    const seq = numbered ? ++cluster.seq : cluster.seq;
    const message: FeedMessage = { text: Buffer.from(snapshotMessage(cluster.svcId, this.quotesOf(cluster), cluster.best, seq, this.now())), type: 'snapshot', seq, snapshot: !numbered };
    this.counters.messages += 1;
    for (const sub of subs) sub.deliver(message);
  }

  private broadcast(cluster: Cluster, text: string, type: SvcMessageType): void {
    const message: FeedMessage = { text: Buffer.from(text), type, seq: cluster.seq, snapshot: false };
    this.counters.messages += 1;
    for (const sub of cluster.subs.keys()) sub.deliver(message);
  }

  private send(sub: Subscriber, text: string, type: SvcMessageType, seq: number): void {
    sub.deliver({ text, type, seq, snapshot: false });
  }
}
