// What every search answer adds to its results from the catalog, so that a result can be acted on
// without another call: the price, bid and ask of Yes, the volume, the close time, the cluster, the
// status and the venue's own category word. One read by primary key for the page's results (no
// venue call), of the markets not read in the last RESULT_FIELDS_MAX_AGE_MS; a result whose market
// left the catalog meanwhile keeps nulls.
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
 * How long a market's fields, once read, answer for it. Successive answers (an autocomplete per
 * keystroke, the same popular markets in many answers) mostly show markets read a moment ago, and a
 * read costs more than the rest of an autocomplete (bench/HISTORY.md, "Search answers' catalog read");
 * the fields are as of the venue's last sync, seconds to minutes apart, so two seconds more change
 * what an answer can show by little, and never more than this long.
 */
export const RESULT_FIELDS_MAX_AGE_MS = 2_000;
/** Markets whose fields are kept (the oldest read go first). */
const MAX_KEPT = 20_000;

interface KeptFields {
  /** null: not in the catalog when read */
  fields: ResultFields | null;
  /** when the read started (its answer is at least this fresh) */
  readAt: number;
}

/** Per catalog, the fields of the markets read lately, by `exchange:market_id`. */
const kept = new WeakMap<CatalogReader, Map<string, KeptFields>>();

function keptOf(catalog: CatalogReader): Map<string, KeptFields> {
  let map = kept.get(catalog);
  if (!map) {
    map = new Map();
    kept.set(catalog, map);
  }
  return map;
}

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

/** The fields of these markets: those read in the last RESULT_FIELDS_MAX_AGE_MS as read, the others read now. */
async function fieldsOf(catalog: CatalogReader, items: readonly MarketKey[]): Promise<Map<string, ResultFields | null>> {
  const now = Date.now();
  const copy = keptOf(catalog);
  const out = new Map<string, ResultFields | null>();
  const toRead: MarketKey[] = [];
  for (const item of items) {
    const key = `${item.exchange}:${item.market_id}`;
    const k = copy.get(key);
    if (k && now - k.readAt < RESULT_FIELDS_MAX_AGE_MS) out.set(key, k.fields);
    else toRead.push(item);
  }
  if (toRead.length === 0) return out;
  const read = await readerOf(catalog).submit(toRead);
  for (const item of toRead) {
    const key = `${item.exchange}:${item.market_id}`;
    const fields = read.get(key) ?? null;
    out.set(key, fields);
    // re-inserted at the end: the Map's order is the order of reads, the oldest first out
    copy.delete(key);
    copy.set(key, { fields, readAt: now });
  }
  for (const key of copy.keys()) {
    if (copy.size <= MAX_KEPT) break;
    copy.delete(key);
  }
  return out;
}

/** Each item with its market's catalog fields (the item's own svc_id when the catalog has none). */
export async function withResultFields<T extends { exchange: string; market_id: string; svc_id?: string | null; closed: boolean }>(
  catalog: CatalogReader | undefined,
  items: T[],
): Promise<(T & ResultFields)[]> {
  const fields = catalog && items.length > 0 ? await fieldsOf(catalog, items) : new Map<string, ResultFields | null>();
  return items.map((item) => {
    const f = fields.get(`${item.exchange}:${item.market_id}`);
    // without a catalog row the index's own values stand: its cluster and a status from its flag
    const own = f ?? { ...NONE, status: item.closed ? 'closed' : 'open', svc_id: item.svc_id ?? null };
    // Object.assign, not a second spread: spreading `own` into the copy of `item` took V8's slow
    // path, ~10 us an item (a page of 20 cost more than the rest of the request)
    return Object.assign({}, item, own, { svc_id: own.svc_id ?? item.svc_id ?? null });
  });
}
