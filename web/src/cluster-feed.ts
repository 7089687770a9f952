// The compare view's updates of one cluster: its listing item (GET /api/v1/clusters?svc_id=..: titles,
// links, volumes, quotes, best legs, gaps) read once, then kept current by a /ws/svc subscription:
// the snapshot, then `quote` and `best` messages applied to it, `merged` followed to the survivor.
// The stream's best, gap, gap after fees and fees_complete are the listing's own (one arithmetic on
// the server), so applying them keeps the item as a fresh read would be.
//
// The key goes as `?api_key=` (a browser cannot set headers on a WebSocket), from the page's key store
// like every other call. A dropped stream reconnects with backoff and subscribes again (a fresh
// snapshot). Only when the socket cannot open at all (a proxy without WebSockets, a refused key or
// plan) does the view poll the listing, and it says so; the polls then report a refused key or a
// missing plan as every other read of the page does.
import { api, enc, keyStore, type ClusterItem, type ClusterList, type Schemas } from './api.js';

/** How often the listing is polled when the stream cannot open (ms). */
export const POLL_MS = 5_000;
const BACKOFF_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000];

type Snapshot = Schemas['SvcStreamSnapshot'];
type QuoteMsg = Schemas['SvcStreamQuote'];
type BestFields = Schemas['SvcStreamBestFields'];
type StreamMessage =
  | Snapshot
  | QuoteMsg
  | Schemas['SvcStreamBest']
  | Schemas['SvcStreamMerged']
  | Schemas['SvcStreamDissolved']
  | Schemas['SvcStreamAck']
  | { error: string };

export type FeedState =
  | { kind: 'connecting' }
  | { kind: 'live' }
  | { kind: 'reconnecting'; inMs: number }
  | { kind: 'polling' }
  /** The stream answered the subscription with an error (e.g. an unknown svc_id). */
  | { kind: 'refused'; message: string };

export interface ClusterFeedView {
  /** The cluster as it is now; null when it does not exist (dissolved, unknown). */
  item(c: ClusterItem | null): void;
  error(err: unknown): void;
  state(s: FeedState): void;
  /** The cluster merged into another, which the view follows from now on. */
  merged(from: string, into: string): void;
}

const readItem = async (svcId: string): Promise<ClusterItem | null> =>
  (await api<ClusterList>(`/api/v1/clusters?svc_id=${enc(svcId)}&min_venues=1`)).items[0] ?? null;

const ageSeconds = (asOf: string | null): number | null => (asOf === null ? null : Math.max(0, Math.round((Date.now() - Date.parse(asOf)) / 1000)));

function applyQuote(c: ClusterItem, q: Omit<QuoteMsg, 'type' | 'svc_id' | 'seq'>): boolean {
  const member = c.quotes.find((m) => m.exchange === q.exchange && m.market_id === q.market_id);
  if (!member) return false;
  Object.assign(member, { status: q.status, yes_bid: q.yes_bid, yes_ask: q.yes_ask, last_price: q.last_price, as_of: q.as_of, age_seconds: ageSeconds(q.as_of), stale: q.stale });
  return true;
}

function applyBest(c: ClusterItem, b: BestFields): void {
  c.best = { yes_ask: b.yes_ask, no_ask: b.no_ask };
  c.gap = b.gap;
  c.gap_after_fees = b.gap_after_fees;
  c.fees_complete = b.fees_complete;
}

/** Follows the cluster; returns the function that stops it. */
export function followCluster(svcId: string, view: ClusterFeedView): () => void {
  let stopped = false;
  let current = svcId;
  let item: ClusterItem | null = null;
  let socket: WebSocket | null = null;
  let everOpen = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Messages are applied one after the other: a snapshot may first read the listing (a new member's title).
  let queue: Promise<void> = Promise.resolve();

  const show = () => {
    if (!stopped) view.item(item);
  };

  const onMessage = async (m: StreamMessage): Promise<void> => {
    if ('error' in m) return view.state({ kind: 'refused', message: m.error });
    if ('event' in m) return void (m.event === 'subscribed' && view.state({ kind: 'live' }));
    switch (m.type) {
      case 'snapshot': {
        // Another cluster (a merge's survivor) or a member the item lacks: the listing has their titles.
        if (!item || item.svc_id !== m.svc_id || m.quotes.some((q) => !item!.quotes.some((x) => x.exchange === q.exchange && x.market_id === q.market_id))) {
          item = await readItem(m.svc_id);
        }
        if (!item) return show();
        const members = new Set(m.quotes.map((q) => `${q.exchange}:${q.market_id}`));
        item.quotes = item.quotes.filter((x) => members.has(`${x.exchange}:${x.market_id}`));
        for (const q of m.quotes) applyQuote(item, q);
        applyBest(item, m.best);
        return show();
      }
      case 'quote':
        if (item && item.svc_id === m.svc_id && applyQuote(item, m)) show();
        return;
      case 'best':
        if (item && item.svc_id === m.svc_id) {
          applyBest(item, m);
          show();
        }
        return;
      case 'merged':
        current = m.merged_into;
        return view.merged(m.svc_id, m.merged_into);
      case 'dissolved':
        item = null;
        return show();
    }
  };

  const poll = async (): Promise<void> => {
    try {
      item = await readItem(current);
      show();
    } catch (err) {
      if (!stopped) view.error(err);
    }
    if (!stopped) timer = setTimeout(() => void poll(), POLL_MS);
  };

  const connect = (): void => {
    const key = keyStore.get();
    const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws/svc${key ? `?api_key=${enc(key)}` : ''}`);
    socket = ws;
    view.state({ kind: 'connecting' });
    ws.addEventListener('open', () => {
      everOpen = true;
      attempt = 0;
      ws.send(JSON.stringify({ action: 'subscribe', svc_ids: [current] }));
    });
    ws.addEventListener('message', (e) => {
      const m = JSON.parse(String(e.data)) as StreamMessage;
      queue = queue.then(() => onMessage(m)).catch((err: unknown) => {
        if (!stopped) view.error(err);
      });
    });
    ws.addEventListener('close', () => {
      if (stopped || socket !== ws) return;
      socket = null;
      if (!everOpen) {
        view.state({ kind: 'polling' });
        void poll();
        return;
      }
      const inMs = BACKOFF_MS[Math.min(attempt++, BACKOFF_MS.length - 1)];
      view.state({ kind: 'reconnecting', inMs });
      timer = setTimeout(connect, inMs);
    });
  };

  // The listing first (the members' titles and links), then the stream keeps it current.
  void (async () => {
    try {
      item = await readItem(current);
      show();
    } catch (err) {
      if (!stopped) view.error(err);
    }
    if (!stopped) connect();
  })();

  return () => {
    stopped = true;
    clearTimeout(timer);
    socket?.close();
    socket = null;
  };
}
