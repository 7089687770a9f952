// What every search answer adds to its results from the catalog, so that a result can be acted on
// without another call: the price, bid and ask of Yes, the volume, the close time, the cluster, the
// status and the venue's own category word. One read by primary key for the page's results (no
// venue call); a result whose market left the catalog meanwhile keeps nulls.
import type { CatalogReader, SearchAnswerFields } from '../catalog/catalog-repository.js';

export type ResultFields = SearchAnswerFields;

const NONE: ResultFields = {
  status: 'closed',
  yes_price: null,
  yes_bid: null,
  yes_ask: null,
  volume: null,
  close_time: null,
  svc_id: null,
  venue_category: null,
};

/** Each item with its market's catalog fields (the item's own svc_id when the catalog has none). */
export async function withResultFields<T extends { exchange: string; market_id: string; svc_id?: string | null; closed: boolean }>(
  catalog: CatalogReader | undefined,
  items: T[],
): Promise<(T & ResultFields)[]> {
  const fields = catalog ? await catalog.searchAnswerFields(items) : new Map<string, ResultFields>();
  return items.map((item) => {
    const f = fields.get(`${item.exchange}:${item.market_id}`);
    // without a catalog row the index's own values stand: its cluster and a status from its flag
    const own = f ?? { ...NONE, status: item.closed ? 'closed' : 'open', svc_id: item.svc_id ?? null };
    return { ...item, ...own, svc_id: own.svc_id ?? item.svc_id ?? null };
  });
}
