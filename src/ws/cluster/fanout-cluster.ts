/**
 * Stream fan-out across instances (several API instances on one PostgreSQL, DATABASE_URL): one
 * upstream connection per venue for the whole deployment.
 *
 * - Leader: the instance holding a session-level advisory lock (`pg_try_advisory_lock`) on its
 *   dedicated database session (src/ws/cluster/pg-link-repository.ts). It alone runs the venue feeds. Every
 *   other instance tries the lock each heartbeat, so when the leader stops or dies (PostgreSQL ends
 *   its session and frees the lock) one of them takes over within a heartbeat or so.
 * - Followers send their clients' interest to the leader on the `svc_stream_interest` channel:
 *   `I` (a market, the kinds wanted, the latest numbers seen; no kinds = no interest), `F`...`E` around
 *   a full resend, and `H` heartbeats with the number of markets wanted (a mismatch on the leader means
 *   records were lost: it asks for a full resend with `R`, and the follower's clients get fresh
 *   snapshots). A follower silent for five heartbeats is
 *   forgotten, with its interest.
 * - The leader sends on `svc_stream_feed`: `L` (itself and its term, every heartbeat: a follower that
 *   sees a new leader or a new term of the same one resends its interest and its clients get fresh
 *   snapshots), `U` (one stream message of a
 *   market some follower wants: its exact text, kind, seq, and whether it is a snapshot re-sent) and
 *   `V` (for followers whose recorder follows a market, `I` with `r`: one upstream event of it as JSON,
 *   or of the connection, and/or the upstream's state).
 *
 * Records are batched per event-loop turn and packed into NOTIFY payloads under the 8000-byte limit,
 * larger messages cut into chunks (src/ws/cluster/wire.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { MessageType } from '../protocol.js';
import { MESSAGE_TYPES } from '../protocol.js';
import type { FeedMessage, SeqStart, VenueFeed } from '../venue-feed.js';
import type { StreamEvent, UpstreamChannels } from '../../venues/stream.js';
import { ClusteredFeed, type ClusterPort, type Interest, type RawPayload, type Seqs } from './clustered-feed.js';
import { PgLink } from './pg-link-repository.js';
import { encodeRecord, packRecords, RecordReader, type WireRecord } from './wire.js';

export const FEED_CHANNEL = 'svc_stream_feed';
export const INTEREST_CHANNEL = 'svc_stream_interest';
/** The advisory lock key of the stream leader ("svc-streams" in ASCII, truncated to 8 bytes). */
export const LEADER_LOCK_KEY = 0x7376632d73747265n;
/** Heartbeats a follower may miss before the leader forgets it. */
const FOLLOWER_SILENCE_HEARTBEATS = 5;
/**
 * NOTIFY statements waiting on the session beyond which records are dropped rather than queued
 * without bound (a database that cannot keep up): followers' clients see the gap in `seq`.
 */
const MAX_PENDING_NOTIFIES = 500;

export interface FanoutClusterOptions {
  databaseUrl: string;
  /** Lock attempts, leader announcements and follower heartbeats, ms. */
  heartbeatMs: number;
  logger: Logger;
}

const isMessageType = (t: unknown): t is MessageType => typeof t === 'string' && (MESSAGE_TYPES as readonly string[]).includes(t);

export class FanoutCluster implements ClusterPort {
  readonly instanceId = randomUUID();
  private readonly link: PgLink;
  private readonly log: Logger;
  private readonly feeds = new Map<string, ClusteredFeed>();
  private leader = false;
  /** Follower: the leader whose messages we follow (null: none seen since we connected). */
  private leaderId: string | null = null;
  /**
   * The term of the lead: new each time an instance takes the lead, so a follower can tell a leader
   * that lost its session and took the lead again (its feeds and its followers' interest started
   * over, messages were lost meanwhile) from the same lead going on. Follower: the term last seen.
   */
  private leaderTerm: string | null = null;
  /** Follower: messages may have been missed (the session dropped), so the next leader seen means fresh snapshots. */
  private stale = false;
  /**
   * Follower: full resends of its interest so far. Heartbeats carry it and the leader's `R` echoes it,
   * so an `R` answering a heartbeat sent before a resend (which the leader had not read yet) is ignored.
   */
  private resends = 0;
  /** Leader: followers by id -> last heard (ms), and the markets confirmed during a full resend. */
  private readonly followers = new Map<string, number>();
  private readonly resending = new Map<string, Map<string, Set<string>>>();
  private readonly readers = { [FEED_CHANNEL]: new RecordReader(), [INTEREST_CHANNEL]: new RecordReader() };
  private readonly outbox: Record<string, string[]> = { [FEED_CHANNEL]: [], [INTEREST_CHANNEL]: [] };
  private flushScheduled = false;
  private chunkSeq = 0;
  private timer: NodeJS.Timeout | null = null;
  private ticking = false;
  /** When the last heartbeat ran (ms): a late one means this process stalled. */
  private lastTick = 0;
  private closed = false;
  private pendingNotifies = 0;
  private readonly counters = { takeovers: 0, records_sent: 0, records_received: 0, records_dropped: 0, send_failures: 0, leaders_seen: 0, resends_asked: 0, followers_forgotten: 0 };

  constructor(private readonly opts: FanoutClusterOptions) {
    this.log = opts.logger.child({ component: 'ws-fanout', instance: this.instanceId });
    this.link = new PgLink({
      url: opts.databaseUrl,
      channels: [FEED_CHANNEL, INTEREST_CHANNEL],
      logger: this.log,
      onNotification: (channel, payload) => this.onNotification(channel, payload),
      onState: (up) => this.onLinkState(up),
    });
  }

  get isLeader(): boolean {
    return this.leader;
  }

  /** The feed of one venue on this instance; `createFeed` builds its venue feed when this instance leads. */
  feed(exchange: string, createFeed: (seqStart: SeqStart) => VenueFeed): ClusteredFeed {
    const feed = new ClusteredFeed({ exchange, createFeed, port: this, logger: this.log.child({ exchange }) });
    this.feeds.set(exchange, feed);
    return feed;
  }

  /** Connects and takes the lead if nobody holds it, before the first client can subscribe. */
  async start(): Promise<void> {
    await this.link.start();
    await this.tick();
    this.timer = setInterval(() => void this.tick(), this.opts.heartbeatMs);
    this.timer.unref();
  }

  health(): Record<string, unknown> {
    return { role: this.leader ? 'leader' : 'follower', instance: this.instanceId, leader: this.leader ? this.instanceId : this.leaderId, database_session: this.link.up, followers: this.followers.size, ...this.counters };
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.flush();
    await Promise.all([...this.feeds.values()].map((f) => f.close()));
    // Ending the session frees the lock at once: another instance takes over at its next heartbeat.
    await this.link.close();
  }

  // ---- ClusterPort -----------------------------------------------------------------------------

  publishUpdate(exchange: string, marketId: string, m: FeedMessage): void {
    const text = typeof m.text === 'string' ? m.text : m.text.toString('utf8');
    this.queue(FEED_CHANNEL, encodeRecord({ k: 'U', x: exchange, m: marketId, t: m.type, s: m.seq, n: m.snapshot ? 1 : 0 }, text));
  }

  sendInterest(exchange: string, interest: Interest): void {
    if (this.leader) return;
    this.queue(INTEREST_CHANNEL, this.interestRecord(exchange, interest));
  }

  publishRaw(exchange: string, marketId: string | null, payload: RawPayload): void {
    this.queue(FEED_CHANNEL, encodeRecord({ k: 'V', x: exchange, m: marketId, ...(payload.status ? { st: payload.status } : {}) }, payload.event ? JSON.stringify(payload.event) : ''));
  }

  // ---- election and heartbeats -------------------------------------------------------------------

  private async tick(): Promise<void> {
    if (this.ticking || this.closed) return;
    this.ticking = true;
    try {
      if (!this.link.up) return;
      if (!this.leader) {
        if (await this.link.tryLock(LEADER_LOCK_KEY)) this.becomeLeader();
        else this.queue(INTEREST_CHANNEL, encodeRecord({ k: 'H', from: this.instanceId, n: this.interestCount(), e: this.resends }));
      }
      if (this.leader) {
        this.queue(FEED_CHANNEL, encodeRecord({ k: 'L', id: this.instanceId, term: this.leaderTerm }));
        // After a stall of this process (a late heartbeat), the followers' heartbeats may be waiting
        // unread on the session: judge silence only on a heartbeat that came on time.
        const now = Date.now();
        const onTime = now - this.lastTick < 2 * this.opts.heartbeatMs;
        this.lastTick = now;
        const silentSince = now - FOLLOWER_SILENCE_HEARTBEATS * this.opts.heartbeatMs;
        if (onTime) for (const [id, at] of this.followers) if (at < silentSince) this.forget(id, 'silent');
      }
    } catch (err) {
      this.log.warn({ err }, 'stream fan-out heartbeat failed');
    } finally {
      this.ticking = false;
    }
  }

  private becomeLeader(): void {
    if (this.closed) return;
    this.leader = true;
    this.leaderId = this.instanceId;
    this.leaderTerm = randomUUID();
    this.counters.takeovers += 1;
    this.log.info('this instance now leads the stream fan-out: it opens the venue connections');
    for (const f of this.feeds.values()) f.becomeLeader();
  }

  private onLinkState(up: boolean): void {
    if (up) {
      this.log.info('stream fan-out database session up');
      void this.tick();
      return;
    }
    // Without the session there is no lock (PostgreSQL freed it) and no messages: another instance
    // may lead already, so this one stops its upstreams now.
    this.leaderId = null;
    this.leaderTerm = null;
    this.stale = true;
    this.followers.clear();
    this.resending.clear();
    if (this.leader) {
      this.leader = false;
      this.log.warn('stream fan-out lead lost with the database session');
      for (const f of this.feeds.values()) f.becomeFollower();
    } else {
      // The leader's messages are lost until the session is back: raw observers (the recorder) see a disconnect.
      for (const f of this.feeds.values()) f.linkLost();
    }
  }

  // ---- sending ---------------------------------------------------------------------------------

  private queue(channel: string, record: string): void {
    this.outbox[channel].push(record);
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => this.flush());
    }
  }

  private flush(): void {
    this.flushScheduled = false;
    for (const channel of [INTEREST_CHANNEL, FEED_CHANNEL]) {
      const records = this.outbox[channel];
      if (records.length === 0) continue;
      this.outbox[channel] = [];
      if (!this.link.up) continue;
      if (this.pendingNotifies >= MAX_PENDING_NOTIFIES) {
        this.counters.records_dropped += records.length;
        continue;
      }
      this.counters.records_sent += records.length;
      const payloads = packRecords(records, () => `${this.instanceId}:${++this.chunkSeq}`);
      this.pendingNotifies += 1;
      this.link
        .notify(channel, payloads)
        .catch((err: unknown) => {
          this.counters.send_failures += 1;
          this.log.warn({ err, channel }, 'stream fan-out notify failed');
        })
        .finally(() => (this.pendingNotifies -= 1));
    }
  }

  private interestRecord(exchange: string, i: Interest): string {
    return encodeRecord({ k: 'I', from: this.instanceId, x: exchange, m: i.ref.marketId, y: i.ref.yesOutcomeId, t: i.types, ...(i.raw ? { r: 1 } : {}), q: i.seqs });
  }

  private interestCount(): number {
    let n = 0;
    for (const f of this.feeds.values()) n += f.localMarkets;
    return n;
  }

  private resendInterest(): void {
    this.resends += 1;
    this.queue(INTEREST_CHANNEL, encodeRecord({ k: 'F', from: this.instanceId }));
    for (const [exchange, f] of this.feeds) for (const i of f.interests()) this.queue(INTEREST_CHANNEL, this.interestRecord(exchange, i));
    this.queue(INTEREST_CHANNEL, encodeRecord({ k: 'E', from: this.instanceId }));
  }

  // ---- receiving -------------------------------------------------------------------------------

  private onNotification(channel: string, payload: string): void {
    const reader = this.readers[channel as keyof typeof this.readers];
    if (!reader) return;
    // The leader's own feed messages come back to it: nothing to do with them.
    if (channel === FEED_CHANNEL && this.leader && !payload.includes('"k":"L"')) return;
    for (const rec of reader.read(payload)) {
      this.counters.records_received += 1;
      try {
        if (channel === FEED_CHANNEL) this.onFeedRecord(rec);
        else if (this.leader) this.onInterestRecord(rec);
      } catch (err) {
        this.log.warn({ err, kind: rec.head.k }, 'stream fan-out record could not be handled');
      }
    }
  }

  private onFeedRecord({ head, body }: WireRecord): void {
    if (head.k === 'L') {
      const id = String(head.id);
      const term = String(head.term);
      if (id === this.instanceId || this.leader) return;
      if (term === this.leaderTerm) return;
      // A new leader, or the same one leading again after it lost its session: either way it holds
      // none of our interest and our clients may have missed messages.
      const missedSome = this.leaderTerm !== null || this.stale;
      this.log.info({ leader: id, term }, 'stream fan-out leader seen: sending this instance\'s interest');
      this.leaderId = id;
      this.leaderTerm = term;
      this.stale = false;
      this.counters.leaders_seen += 1;
      if (missedSome) for (const f of this.feeds.values()) f.expectFreshSnapshots();
      this.resendInterest();
    } else if (head.k === 'U') {
      if (this.leader || !isMessageType(head.t)) return;
      this.feeds.get(String(head.x))?.onUpdate(String(head.m), head.t, Number(head.s), head.n === 1, body);
    } else if (head.k === 'V') {
      if (this.leader) return;
      const st = head.st as { connected?: unknown; channels?: unknown } | undefined;
      const status = st && typeof st === 'object' ? { connected: st.connected === true, channels: (st.channels ?? null) as UpstreamChannels | null } : undefined;
      const event = body ? (JSON.parse(body) as StreamEvent) : undefined;
      this.feeds.get(String(head.x))?.onRaw(typeof head.m === 'string' ? head.m : null, { event, status });
    } else if (head.k === 'R') {
      // Only from the leader we follow: an R arriving before its first announcement (a heartbeat it
      // answered at once) is covered by the resend that announcement brings.
      if (head.to !== this.instanceId || this.leader || head.e !== this.resends || head.term !== this.leaderTerm) return;
      // The leader does not hold all our interest (it forgot us, or records were lost): messages for
      // our clients were lost too, so they are owed fresh snapshots, sent on the interest resent now.
      this.log.info('stream fan-out leader asked for a full resend: fresh snapshots owed');
      this.counters.resends_asked += 1;
      for (const f of this.feeds.values()) f.expectFreshSnapshots();
      this.resendInterest();
    }
  }

  private onInterestRecord({ head }: WireRecord): void {
    const from = String(head.from);
    if (from === this.instanceId) return;
    this.followers.set(from, Date.now());
    if (head.k === 'I') {
      const feed = this.feeds.get(String(head.x));
      if (!feed) return;
      const types = (Array.isArray(head.t) ? head.t : []).filter(isMessageType);
      const marketId = String(head.m);
      feed.setRemote(from, { ref: { marketId, yesOutcomeId: typeof head.y === 'string' ? head.y : null }, types, raw: head.r === 1, seqs: (head.q ?? {}) as Seqs });
      this.resending.get(from)?.get(String(head.x))?.add(marketId);
    } else if (head.k === 'F') {
      this.resending.set(from, new Map([...this.feeds.keys()].map((x) => [x, new Set<string>()])));
    } else if (head.k === 'E') {
      // What the follower did not list in its full resend, it no longer wants.
      const confirmed = this.resending.get(from);
      this.resending.delete(from);
      if (confirmed) for (const [x, f] of this.feeds) f.dropInstance(from, confirmed.get(x));
    } else if (head.k === 'H') {
      let held = 0;
      for (const f of this.feeds.values()) held += f.remoteMarketsOf(from).length;
      if (held !== Number(head.n) && !this.resending.has(from)) this.queue(FEED_CHANNEL, encodeRecord({ k: 'R', to: from, e: head.e, term: this.leaderTerm }));
    }
  }

  private forget(id: string, why: string): void {
    this.followers.delete(id);
    this.resending.delete(id);
    this.counters.followers_forgotten += 1;
    this.log.info({ follower: id, why }, 'stream fan-out follower forgotten with its interest');
    for (const f of this.feeds.values()) f.dropInstance(id);
  }
}
