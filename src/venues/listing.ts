/**
 * The per-item loop every adapter's `listMarkets` runs over one page of raw listing items: normalise
 * each item, collect its markets and events, and turn an item that fails into a `skipped` entry
 * ({id, reason}) instead of failing the page, so a sync can report bad items and carry on.
 */
import type { MarketPage } from './adapter.js';
import type { Market, MarketEvent } from './records.js';

/** A page's records, i.e. a `MarketPage` without its paging fields (cursor, rawCount). */
export type NormalisedListing = Pick<MarketPage, 'markets' | 'events' | 'skipped'>;

/**
 * What a page's item normaliser writes into. Items push straight into the arrays, so whatever an
 * item added before it threw stays on the page (as it did when each adapter had its own loop).
 */
export interface ListingCollector extends NormalisedListing {
  /** Adds what one item normalised to: its markets, its event (group items) and its children that were skipped. */
  add(item: { markets: Market[]; event?: MarketEvent | null; skipped: MarketPage['skipped'] }): void;
  /** Adds the event under `key` unless one was added under that key before; `make` runs only for a new key. */
  addEventOnce(key: string, make: () => MarketEvent): void;
}

/**
 * Runs `normaliseOne` on each raw item in order. An item that throws becomes
 * `{ id: idOf(raw), reason: <error message> }` in `skipped`; items after it are still normalised.
 */
export function normaliseListingPage<R>(
  raws: readonly R[],
  normaliseOne: (raw: R, page: ListingCollector, index: number) => void,
  idOf: (raw: R) => string | null,
): NormalisedListing {
  const markets: Market[] = [];
  const events: MarketEvent[] = [];
  const skipped: MarketPage['skipped'] = [];
  const eventKeys = new Set<string>();
  const page: ListingCollector = {
    markets,
    events,
    skipped,
    add(item) {
      markets.push(...item.markets);
      if (item.event) events.push(item.event);
      skipped.push(...item.skipped);
    },
    addEventOnce(key, make) {
      if (eventKeys.has(key)) return;
      events.push(make());
      eventKeys.add(key);
    },
  };
  for (let index = 0; index < raws.length; index++) {
    const raw = raws[index];
    try {
      normaliseOne(raw, page, index);
    } catch (err) {
      skipped.push({ id: idOf(raw), reason: err instanceof Error ? err.message : String(err) });
    }
  }
  return { markets, events, skipped };
}
