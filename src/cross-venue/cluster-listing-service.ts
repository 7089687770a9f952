// GET /api/v1/clusters: the matching catalog browsed with live prices. One listing reads the matching
// clusters with their members' stored prices (one query), the recorder's latest tops and trades of
// those members (two queries), and the books this process holds in memory (stream books, live reads):
// never a venue call. Each member's quote is the newest of them; the cluster's best prices and gap
// come from src/market-data/best-quote.ts, the arithmetic /ws/svc uses for the same quotes.
//
// Cursors: the first page stores the whole listing's order (svc_ids) as a snapshot (migration 140) and
// the cursor names it with an offset. Later pages serve the next clusters of that order with their
// current quotes, so a gap or a volume that moves between two pages cannot repeat or skip a cluster
// (a cursor carrying the last sort key would: a cluster whose gap rose past it is skipped). The cost
// is one row per listing that has a second page, kept `snapshotTtlMs`.
import { createHash, randomBytes } from 'node:crypto';
import type { StoredTop, StoredTrade } from '../recorder/recorded-data-repository.js';
import { bestOf, type BestLeg } from '../market-data/best-quote.js';
import { memberQuote, pricedQuote, type HeldTop, type MemberQuote } from './cluster-quotes.js';
import type { ClusterListingRepository, ClusterRow } from './cluster-listing-repository.js';

export const CLUSTER_SORTS = ['gap', 'volume', 'venues', 'confidence', 'updated'] as const;
export type ClusterSort = (typeof CLUSTER_SORTS)[number];

export interface ClusterListQuery {
  /** Only this cluster. */
  svcId?: string;
  q?: string;
  category?: string;
  /** The cluster must list every one of these venues. */
  exchanges: readonly string[];
  minVenues: number;
  activeOnly: boolean;
  minConfidence?: number;
  minGap?: number;
  sort: ClusterSort;
  limit: number;
  cursor?: string;
}

/** The cluster's best legs and gap as the listing answers them (src/market-data/best-quote.ts). */
export interface ClusterPricing {
  best: { yes_ask: BestLeg | null; no_ask: BestLeg | null };
  gap: number | null;
  gap_after_fees: number | null;
  fees_complete: boolean;
}

export interface ClusterListItem extends ClusterPricing {
  svc_id: string;
  title: string;
  category: string;
  close_time: string | null;
  market_count: number;
  exchanges: string[];
  confidence: number;
  /** Summed volume of the members (the venues' own units). */
  volume: number;
  /** The freshest member quote (ISO), null when none is held. */
  quoted_at: string | null;
  quotes: MemberQuote[];
}

export interface ClusterListPage {
  items: ClusterListItem[];
  count: number;
  next_cursor: string | null;
  /** How many clusters the listing holds in all (the snapshot's length on later pages). */
  total: number;
}

/** What the service holds of market prices besides the catalog; every read is from memory or the database. */
export interface HeldPrices {
  /** The recorder's latest top of book and trade of each market (keys `exchange:market_id`). */
  recorded(keys: { exchange: string; marketId: string }[]): Promise<{ tops: Map<string, StoredTop>; trades: Map<string, StoredTrade> }>;
  /** Books in this process' memory (a stream's, a live read's), newest first. */
  inMemory(exchange: string, marketId: string): HeldTop[];
}

export interface ClusterListingDeps {
  repository: ClusterListingRepository;
  held: HeldPrices;
  now: () => number;
  snapshotTtlMs: number;
}

/** A cursor's content: the snapshot and where the next page starts in it. */
interface Cursor {
  s: string;
  o: number;
}

/** A request the caller must change: the message names the field. */
export class ClusterQueryError extends Error {}

export class ClusterListingService {
  constructor(private readonly deps: ClusterListingDeps) {}

  async list(query: ClusterListQuery): Promise<ClusterListPage> {
    const hash = queryHash(query);
    if (query.cursor !== undefined) return this.nextPage(query, hash, decodeCursor(query.cursor));
    const rows = await this.deps.repository.clusters({ category: query.category, minConfidence: query.minConfidence, q: query.q, svcIds: query.svcId ? [query.svcId] : undefined });
    const items = (await this.price(rows)).filter((item) => this.matches(item, query));
    items.sort(COMPARE[query.sort]);
    const page = items.slice(0, query.limit);
    let next: string | null = null;
    if (items.length > query.limit) {
      const id = randomBytes(12).toString('base64url');
      await this.deps.repository.saveSnapshot(id, hash, items.map((i) => i.svc_id), this.deps.snapshotTtlMs);
      next = encodeCursor({ s: id, o: query.limit });
    }
    return { items: page, count: page.length, next_cursor: next, total: items.length };
  }

  private async nextPage(query: ClusterListQuery, hash: string, cursor: Cursor): Promise<ClusterListPage> {
    const slice = await this.deps.repository.snapshotSlice(cursor.s, cursor.o, query.limit);
    if (!slice) throw new ClusterQueryError(`cursor: unknown or expired (a listing's cursors last ${Math.round(this.deps.snapshotTtlMs / 60_000)} minutes): ask for the first page again`);
    if (slice.queryHash !== hash) throw new ClusterQueryError('cursor: it was made for other filters or another sort; send the same ones as the first page');
    const rows = slice.svcIds.length ? await this.deps.repository.clusters({ svcIds: slice.svcIds }) : [];
    const bySvc = new Map((await this.price(rows)).map((i) => [i.svc_id, i]));
    // the snapshot's order; a cluster dissolved since is left out
    const items = slice.svcIds.map((id) => bySvc.get(id)).filter((i): i is ClusterListItem => i !== undefined);
    const end = cursor.o + query.limit;
    return { items, count: items.length, next_cursor: end < slice.total ? encodeCursor({ s: cursor.s, o: end }) : null, total: slice.total };
  }

  /** Quotes, best prices and gap of each cluster. */
  private async price(rows: ClusterRow[]): Promise<ClusterListItem[]> {
    const keys = rows.flatMap((c) => c.members.map((m) => ({ exchange: m.exchange, marketId: m.market_id })));
    const { tops, trades } = await this.deps.held.recorded(keys);
    const now = this.deps.now();
    return rows.map((c) => {
      const quotes = c.members.map((m) => {
        const key = `${m.exchange}:${m.market_id}`;
        const top = tops.get(key);
        const trade = trades.get(key);
        const held: HeldTop[] = [...this.deps.held.inMemory(m.exchange, m.market_id)];
        if (top) held.push({ bid: top.best_bid, ask: top.best_ask, ts: top.ts, source: 'recorded' });
        return memberQuote(
          { exchange: m.exchange, market_id: m.market_id, title: m.title, url: m.url, status: m.status,
            catalog: { bid: m.yes_bid, ask: m.yes_ask, last: m.last_price, volume: m.volume, ts: m.synced_at }, tops: held, trade: trade ? { price: trade.price, ts: trade.ts } : null },
          now,
        );
      });
      const { yes_ask, no_ask, gap, gap_after_fees, fees_complete } = bestOf(quotes.map(pricedQuote), now);
      const quotedAt = quotes.map((q) => q.as_of).filter((t): t is string => t !== null).sort().pop() ?? null;
      return {
        svc_id: c.svc_id, title: c.title, category: c.category, close_time: c.close_time,
        market_count: c.members.length, exchanges: [...new Set(c.members.map((m) => m.exchange))].sort(), confidence: c.confidence,
        volume: quotes.reduce((s, q) => s + (q.volume ?? 0), 0), quoted_at: quotedAt, quotes,
        best: { yes_ask, no_ask }, gap, gap_after_fees, fees_complete,
      };
    });
  }

  /** The filters that need quotes or member counts (the repository applied the others). */
  private matches(item: ClusterListItem, q: ClusterListQuery): boolean {
    const venues = q.activeOnly ? item.quotes.filter((m) => m.status === 'open').length : item.quotes.filter((m) => m.status !== null).length;
    if (venues < q.minVenues) return false;
    if (q.exchanges.some((e) => !item.exchanges.includes(e))) return false;
    if (q.minGap !== undefined && (item.gap === null || item.gap < q.minGap)) return false;
    return true;
  }
}

// Largest first; clusters without the key (no fresh gap, no quote) last; svc_id breaks ties, so one
// listing always has one order.
const desc = (get: (i: ClusterListItem) => number | null) => (a: ClusterListItem, b: ClusterListItem): number => {
  const x = get(a);
  const y = get(b);
  if (x !== y) {
    if (x === null) return 1;
    if (y === null) return -1;
    return y - x;
  }
  return a.svc_id < b.svc_id ? -1 : a.svc_id > b.svc_id ? 1 : 0;
};

const COMPARE: Record<ClusterSort, (a: ClusterListItem, b: ClusterListItem) => number> = {
  gap: desc((i) => i.gap),
  volume: desc((i) => i.volume),
  venues: desc((i) => i.market_count),
  confidence: desc((i) => i.confidence),
  updated: desc((i) => (i.quoted_at === null ? null : Date.parse(i.quoted_at))),
};

function queryHash(q: ClusterListQuery): string {
  const { cursor: _cursor, limit: _limit, ...filters } = q;
  const canonical = { ...filters, exchanges: [...filters.exchanges].sort() };
  return createHash('sha256').update(JSON.stringify(canonical, Object.keys(canonical).sort())).digest('base64url').slice(0, 22);
}

function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

function decodeCursor(text: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Partial<Cursor>;
    if (typeof c.s === 'string' && c.s.length > 0 && c.s.length <= 40 && Number.isInteger(c.o) && c.o! > 0 && c.o! <= 1_000_000) return { s: c.s, o: c.o! };
  } catch {
    // falls through to the error below
  }
  throw new ClusterQueryError('cursor: not a cursor of this listing (pass next_cursor back unchanged)');
}
