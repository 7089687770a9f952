// What every search answer adds to its results from the catalog, so that a result can be acted on
// without another call: the price, bid and ask of Yes, the volume, the close time, the cluster, the
// status and the venue's own category word. One read by primary key for the page's results (no
// venue call); a result whose market left the catalog meanwhile keeps nulls.
import type { CatalogReader, SearchAnswerFields } from '../catalog/catalog-repository.js';
import { MicroBatcher } from '../util/micro-batcher.js';

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

type MarketKey = { exchange: string; market_id: string };

/**
 * The reads of answers that arrive together go as one statement: one read at a time per catalog,
 * and the answers that arrive while it runs share the next. A read's cost is mostly per statement,
 * not per row (on the embedded database each is a message to its one worker thread, and it cost
 * more CPU than the rest of a keyword request: bench/HISTORY.md, "Search answers' catalog read").
 */
const readers = new WeakMap<CatalogReader, MicroBatcher<MarketKey[], Map<string, ResultFields>>>();

function readerOf(catalog: CatalogReader): MicroBatcher<MarketKey[], Map<string, ResultFields>> {
  let reader = readers.get(catalog);
  if (!reader) {
    reader = new MicroBatcher(
      async (lists: MarketKey[][]) => {
        const keys = new Map<string, MarketKey>();
        for (const k of lists.flat()) keys.set(`${k.exchange}:${k.market_id}`, { exchange: k.exchange, market_id: k.market_id });
        const fields = await catalog.searchAnswerFields([...keys.values()]);
        return lists.map(() => fields);
      },
      // the read in flight is the wait: nothing is held back when the catalog is idle
      { maxBatch: 64, concurrency: 1, maxWaitMs: 0 },
    );
    readers.set(catalog, reader);
  }
  return reader;
}

/** Each item with its market's catalog fields (the item's own svc_id when the catalog has none). */
export async function withResultFields<T extends { exchange: string; market_id: string; svc_id?: string | null; closed: boolean }>(
  catalog: CatalogReader | undefined,
  items: T[],
): Promise<(T & ResultFields)[]> {
  const fields = catalog && items.length > 0 ? await readerOf(catalog).submit(items) : new Map<string, ResultFields>();
  return items.map((item) => {
    const f = fields.get(`${item.exchange}:${item.market_id}`);
    // without a catalog row the index's own values stand: its cluster and a status from its flag
    const own = f ?? { ...NONE, status: item.closed ? 'closed' : 'open', svc_id: item.svc_id ?? null };
    // Object.assign, not a second spread: spreading `own` into the copy of `item` took V8's slow
    // path, ~10 us an item (a page of 20 cost more than the rest of the request)
    return Object.assign({}, item, own, { svc_id: own.svc_id ?? item.svc_id ?? null });
  });
}
