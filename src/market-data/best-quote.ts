/**
 * The cross-venue price of one question, computed in one place for every answer that carries it
 * (GET /api/v1/clusters through src/cross-venue, /ws/svc through src/ws/svc), so the listing and the
 * stream cannot disagree on `best` or `gap` for the same quotes: which member quotes may be used, the
 * best YES ask and best NO ask across the venues, the gap between them, and the gap after the venues'
 * taker fees.
 *
 * Buying NO on a binary market is selling YES, so a venue's NO ask is 1 - its YES bid. `gap` is
 * 1 - best YES ask - best NO ask: above 0, buying YES on one venue and NO on another costs less than
 * the 1 the pair pays out (a locked profit before fees); below 0 the two books cross nowhere.
 *
 * What a quote must be to count, and why:
 * - Fresh. One held from a live stream subscription is current whatever its age (the venue pushes every
 *   change of the book, a quiet market sends nothing); any other (the catalog's, the recorder's, a
 *   poll's or a live read's) is stale once older than its venue's freshness bound.
 * - Of an open market (the catalog's status): a closed, halted or resolved market takes no order, so its
 *   last book, however fresh, is no price anyone can trade at. A market the catalog no longer holds
 *   (status null) is not known to trade either.
 * - Strictly between 0 and 1: several venues report an empty side as 0 (no bid) or 1 (no ask)
 *   (Polymarket's bestBid 0 / bestAsk 1, the price bounds of others), and a book or stream may carry
 *   that placeholder through. A 0 bid would make a NO ask of 1 and a 1 ask a YES ask of 1: prices
 *   nobody offers, which would show as a `best` and a gap of about -1.
 *
 * Fees: each best leg carries its venue's taker fee for one contract at that price (the descriptor's
 * published model, src/venues/fees.ts), `gap_after_fees` subtracts both, and `fees_complete` is false
 * when a leg's venue publishes no model (counted as 0).
 *
 * No I/O: the time is passed in.
 */

import { feeKnown, takerFeePerContract, type TakerFeeModel } from '../venues/fees.js';
import { VENUES } from '../venues/index.js';

/** What the best is computed from: one member market's top of book and what says whether it counts. */
export interface PricedQuote {
  exchange: string;
  market_id: string;
  yes_bid: number | null;
  yes_ask: number | null;
  /** When the bid and ask were true (ISO 8601); null when nothing is held. */
  as_of: string | null;
  /** Held from a live stream subscription of the venue (kept current by the venue's pushes). */
  live: boolean;
  /** The catalog's status of the market; null when the catalog does not hold it. */
  status: string | null;
}

export interface BestLeg {
  exchange: string;
  market_id: string;
  price: number;
  /** The venue's taker fee for one contract at that price (src/venues/fees.ts). */
  fee: number;
}

export interface BestQuote {
  yes_ask: BestLeg | null;
  no_ask: BestLeg | null;
  /** 1 - yes_ask - no_ask when both exist, else null. */
  gap: number | null;
  /** `gap` minus both legs' fees, when both exist. */
  gap_after_fees: number | null;
  /** False when a venue of the best legs publishes no fee model (counted as 0). */
  fees_complete: boolean;
}

export const NO_BEST: BestQuote = { yes_ask: null, no_ask: null, gap: null, gap_after_fees: null, fees_complete: true };

const PRICING = new Map<string, { takerFee: TakerFeeModel; quoteFreshMs: number }>(VENUES.map((v) => [v.code, v.pricing]));

/**
 * How old a quote that is not held from a live stream may be before it is not used for `best`, ms:
 * the venue's `pricing.quoteFreshMs` (its descriptor). An unknown venue's quote is never fresh.
 */
export function freshnessBoundMs(exchange: string): number {
  return PRICING.get(exchange)?.quoteFreshMs ?? 0;
}

export function isStale(q: Pick<PricedQuote, 'exchange' | 'as_of' | 'live'>, nowMs: number): boolean {
  if (q.live) return false;
  const at = q.as_of === null ? NaN : Date.parse(q.as_of);
  return !Number.isFinite(at) || nowMs - at > freshnessBoundMs(q.exchange);
}

/** The taker fee of one contract at `price` on `exchange`, and whether the venue publishes its model. */
function feeOf(exchange: string, price: number): { fee: number; known: boolean } {
  const model = PRICING.get(exchange)?.takerFee;
  return model ? { fee: takerFeePerContract(model, price), known: feeKnown(model) } : { fee: 0, known: false };
}

// Eight decimals, as the fee models (src/venues/fees.ts): far below any venue's tick (Kalshi's cent,
// Polymarket's 0.001 or 0.0001; Manifold's free probabilities lose nothing a fee or a cent would
// show) and far above binary noise (1 - 0.55 - 0.43 = 0.019999999999999907 becomes 0.02). Six
// decimals would cut a fee like 0.0000875 per contract. `|| 0`: no -0 (it prints as 0 but compares
// unequal in a deep equality).
const round8 = (x: number): number => Math.round(x * 1e8) / 1e8 || 0;
const isPrice = (x: number | null): x is number => x !== null && Number.isFinite(x) && x > 0 && x < 1;

/**
 * The best YES ask (lowest) and best NO ask (lowest 1 - YES bid) over the quotes that count (fresh, of
 * open markets, priced strictly between 0 and 1); ties go to the quote listed first. When one venue
 * holds both sides the gap is minus its spread: never above 0, as it should be.
 */
export function bestOf(quotes: readonly PricedQuote[], nowMs: number): BestQuote {
  let yes: BestLeg | null = null;
  let no: BestLeg | null = null;
  for (const q of quotes) {
    if (q.status !== 'open' || isStale(q, nowMs)) continue;
    if (isPrice(q.yes_ask) && (yes === null || q.yes_ask < yes.price)) yes = leg(q, q.yes_ask);
    if (isPrice(q.yes_bid)) {
      const noAsk = round8(1 - q.yes_bid);
      if (no === null || noAsk < no.price) no = leg(q, noAsk);
    }
  }
  const feesComplete = [yes, no].every((l) => l === null || feeOf(l.exchange, l.price).known);
  if (!yes || !no) return { yes_ask: yes, no_ask: no, gap: null, gap_after_fees: null, fees_complete: feesComplete };
  const gap = round8(1 - yes.price - no.price);
  return { yes_ask: yes, no_ask: no, gap, gap_after_fees: round8(gap - yes.fee - no.fee), fees_complete: feesComplete };
}

function leg(q: PricedQuote, price: number): BestLeg {
  return { exchange: q.exchange, market_id: q.market_id, price, fee: feeOf(q.exchange, price).fee };
}

export function sameBest(a: BestQuote | null, b: BestQuote): boolean {
  const side = (x: BestLeg | null, y: BestLeg | null): boolean => (x === null ? y === null : y !== null && x.exchange === y.exchange && x.market_id === y.market_id && x.price === y.price && x.fee === y.fee);
  return a !== null && side(a.yes_ask, b.yes_ask) && side(a.no_ask, b.no_ask) && a.gap === b.gap && a.gap_after_fees === b.gap_after_fees && a.fees_complete === b.fees_complete;
}
