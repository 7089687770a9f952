/**
 * The cross-venue price of one question: each member market's quote, whether it is still usable, and
 * the best YES ask and best NO ask across the venues with the gap between them.
 *
 * Buying NO on a binary market is selling YES, so a venue's NO ask is 1 - its YES bid. `gap` is
 * 1 - best YES ask - best NO ask: above 0, buying YES on one venue and NO on another costs less than
 * the 1 the pair pays out (a locked profit before fees); below 0 the two books cross nowhere.
 *
 * A quote that is stale is never used for `best`: one held from a live stream subscription is current
 * whatever its age (the venue pushes every change of the book, a quiet market sends nothing), any
 * other quote (the catalog's, the recorder's, a poll's) is stale once older than its venue's
 * freshness bound. No I/O: the time is passed in.
 */

import { VENUES } from '../venues/index.js';

export interface MemberQuote {
  exchange: string;
  market_id: string;
  yes_bid: number | null;
  yes_ask: number | null;
  last_price: number | null;
  /** When the service last had this quote from the venue (ISO 8601). */
  as_of: string;
  /** Held from a live stream subscription of the venue (kept current by the venue's pushes). */
  live: boolean;
}

export interface BestSide {
  exchange: string;
  market_id: string;
  price: number;
}

export interface BestQuote {
  yes_ask: BestSide | null;
  no_ask: BestSide | null;
  /** 1 - yes_ask - no_ask when both exist, else null. */
  gap: number | null;
}

/**
 * How old a quote that is not held from a live stream may be before it is not used for `best`, ms:
 * the venue's `pricing.quoteFreshMs` (its descriptor), the one bound GET /api/v1/clusters uses too.
 */
export function freshnessBoundMs(exchange: string): number {
  return FRESHNESS_MS.get(exchange) ?? 0;
}
const FRESHNESS_MS = new Map<string, number>(VENUES.map((v) => [v.code, v.pricing.quoteFreshMs]));

export function isStale(q: Pick<MemberQuote, 'exchange' | 'as_of' | 'live'>, nowMs: number): boolean {
  if (q.live) return false;
  const at = Date.parse(q.as_of);
  return !Number.isFinite(at) || nowMs - at > freshnessBoundMs(q.exchange);
}

// `|| 0`: no -0 (it would print as 0 but compare unequal in a deep equality).
const round6 = (x: number): number => Math.round(x * 1e6) / 1e6 || 0;
const isPrice = (x: number | null): x is number => x !== null && Number.isFinite(x) && x > 0 && x < 1;

/**
 * The best YES ask and NO ask over the fresh quotes (ties: the first in the order given), and the gap.
 * When one venue holds both, the gap is minus its spread: never above 0, as it should be.
 */
export function bestOf(quotes: readonly MemberQuote[], nowMs: number): BestQuote {
  let yes: BestSide | null = null;
  let no: BestSide | null = null;
  for (const q of quotes) {
    if (isStale(q, nowMs)) continue;
    if (isPrice(q.yes_ask) && (yes === null || q.yes_ask < yes.price)) yes = { exchange: q.exchange, market_id: q.market_id, price: q.yes_ask };
    if (isPrice(q.yes_bid)) {
      const noAsk = round6(1 - q.yes_bid);
      if (no === null || noAsk < no.price) no = { exchange: q.exchange, market_id: q.market_id, price: noAsk };
    }
  }
  const gap = yes && no ? round6(1 - yes.price - no.price) : null;
  return { yes_ask: yes, no_ask: no, gap };
}

export function sameBest(a: BestQuote | null, b: BestQuote): boolean {
  const side = (x: BestSide | null, y: BestSide | null): boolean => (x === null ? y === null : y !== null && x.exchange === y.exchange && x.market_id === y.market_id && x.price === y.price);
  return a !== null && side(a.yes_ask, b.yes_ask) && side(a.no_ask, b.no_ask) && a.gap === b.gap;
}
