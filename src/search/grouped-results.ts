// What a search result grouped by cluster (`group=cluster`) lists besides the market that stands for
// the cluster: every venue's market of the question with its catalog quote, and the best prices across
// them. The best legs are src/market-data/best-quote.ts's `bestOf`, the one arithmetic the cluster
// listing and /ws/svc use: a catalog quote counts while it is within its venue's freshness bound and
// its market is open. One catalog read per page (no venue call).
import type { CatalogReader, GroupMemberQuote } from '../catalog/catalog-repository.js';
import { bestOf, NO_BEST, type BestQuote } from '../market-data/best-quote.js';

/** One venue's market of a cluster, as a grouped result lists it. */
export type ClusterVenue = Omit<GroupMemberQuote, 'svc_id'>;

export interface ClusterGroupFields {
  /** the cluster's markets (the result's own alone when unclustered), by exchange then market id */
  venues: ClusterVenue[];
  best: BestQuote;
}

/**
 * Each item with its cluster's venues and best prices. `exchanges` (the search's exchange filter, when
 * given) limits the venues listed and priced to those asked for.
 */
export async function withClusterVenues<T extends { exchange: string; market_id: string; svc_id?: string | null }>(
  catalog: CatalogReader | undefined,
  items: T[],
  exchanges: readonly string[] | undefined,
  nowMs: number,
): Promise<(T & ClusterGroupFields)[]> {
  const svcIds = [...new Set(items.flatMap((i) => (i.svc_id ? [i.svc_id] : [])))];
  const alone = items.filter((i) => !i.svc_id);
  const rows = catalog ? await catalog.groupMemberQuotes(svcIds, alone) : [];
  const wanted = exchanges?.length ? new Set(exchanges) : null;
  const byGroup = new Map<string, ClusterVenue[]>();
  for (const { svc_id, ...venue } of rows) {
    if (wanted && !wanted.has(venue.exchange)) continue;
    const key = svc_id ?? `${venue.exchange}:${venue.market_id}`;
    byGroup.set(key, [...(byGroup.get(key) ?? []), venue]);
  }
  return items.map((item) => {
    const venues = (byGroup.get(item.svc_id ?? `${item.exchange}:${item.market_id}`) ?? []).sort(
      (a, b) => a.exchange.localeCompare(b.exchange) || a.market_id.localeCompare(b.market_id),
    );
    const quotes = venues.map((v) => ({ ...v, as_of: v.updated_at, live: false }));
    return { ...item, venues, best: venues.length ? bestOf(quotes, nowMs) : NO_BEST };
  });
}

/**
 * Ranked items collapsed to the first of each group (`keyOf`), each with how many later items of its
 * group it stands for: the in-memory form of the engines' collapse, for semantic search's ranking.
 */
export function collapseRanked<T>(ranked: readonly T[], keyOf: (item: T) => string): { item: T; collapsed: number }[] {
  const kept = new Map<string, { item: T; collapsed: number }>();
  for (const item of ranked) {
    const key = keyOf(item);
    const group = kept.get(key);
    if (group) group.collapsed++;
    else kept.set(key, { item, collapsed: 0 });
  }
  return [...kept.values()];
}
