/**
 * /ws/svc's messages, and the reading of the venue streams' messages they are made from.
 *
 * Server messages (each with the cluster's `seq`, except `merged` and `dissolved`, which end a svc_id):
 * - `snapshot`: every member's quote and the best, on subscribe (repeating the latest `seq`), after a
 *   change of the cluster's members and after a fan-out leader change (both numbered as changes);
 * - `quote`: one member's quote changed;
 * - `best`: the cross-venue best YES ask, best NO ask, gap or gap after fees changed, computed by
 *   src/market-data/best-quote.ts, as GET /api/v1/clusters computes them;
 * - `merged`: the svc_id's cluster merged into `merged_into`, whose snapshot follows;
 * - `dissolved`: the svc_id's cluster no longer exists.
 */
import { isStale, type BestQuote, type PricedQuote } from '../../market-data/best-quote.js';

/** A member's quote as the stream holds it: what the best is computed from, and the last trade. */
export interface MemberQuote extends PricedQuote {
  last_price: number | null;
  /** When the service last had this quote from the venue (ISO 8601). */
  as_of: string;
}

export function quoteFields(q: MemberQuote, nowMs: number) {
  return { exchange: q.exchange, market_id: q.market_id, status: q.status, yes_bid: q.yes_bid, yes_ask: q.yes_ask, last_price: q.last_price, as_of: q.as_of, stale: isStale(q, nowMs) };
}

export const snapshotMessage = (svcId: string, quotes: readonly MemberQuote[], best: BestQuote, seq: number, nowMs: number): string =>
  JSON.stringify({ type: 'snapshot', svc_id: svcId, quotes: quotes.map((q) => quoteFields(q, nowMs)), best, seq });

export const quoteMessage = (svcId: string, q: MemberQuote, seq: number, nowMs: number): string => JSON.stringify({ type: 'quote', svc_id: svcId, ...quoteFields(q, nowMs), seq });

export const bestMessage = (svcId: string, b: BestQuote, seq: number): string =>
  JSON.stringify({ type: 'best', svc_id: svcId, yes_ask: b.yes_ask, no_ask: b.no_ask, gap: b.gap, gap_after_fees: b.gap_after_fees, fees_complete: b.fees_complete, seq });

export const mergedMessage = (svcId: string, mergedInto: string): string => JSON.stringify({ type: 'merged', svc_id: svcId, merged_into: mergedInto });

export const dissolvedMessage = (svcId: string): string => JSON.stringify({ type: 'dissolved', svc_id: svcId });

/** What a venue stream message says of a market's top of book or prices (src/ws/messages.ts shapes). */
export type VenueReading =
  | { kind: 'book'; yes_bid: number | null; yes_ask: number | null; at: string }
  | { kind: 'prices'; yes_bid: number | null; yes_ask: number | null; last_price: number | null; at: string };

const num = (x: unknown): number | null => (typeof x === 'number' && Number.isFinite(x) ? x : null);
const at = (x: unknown): string => (typeof x === 'string' ? x : new Date().toISOString());

/**
 * Reads a venue stream message: Kalshi's bare objects (a book as sizes on the 1..99-cent grid, index =
 * cents - 1) or the `{type, data}` envelopes (books as prices best first). Null for anything else.
 */
export function readVenueMessage(text: string): VenueReading | null {
  let m: Record<string, unknown>;
  try {
    m = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (typeof m !== 'object' || m === null) return null;
  if (typeof m.type === 'string' && typeof m.data === 'object' && m.data !== null) {
    const d = m.data as Record<string, unknown>;
    if (m.type === 'orderbook') {
      const bids = Array.isArray(d.bid_side) ? d.bid_side : [];
      const asks = Array.isArray(d.ask_side) ? d.ask_side : [];
      return { kind: 'book', yes_bid: num(bids[0]), yes_ask: num(asks[0]), at: at(d.last_update) };
    }
    if (m.type === 'prices') return { kind: 'prices', yes_bid: num(d.yes_bid), yes_ask: num(d.yes_ask), last_price: num(d.price), at: at(d.last_update) };
    return null;
  }
  if (typeof m.kalshi_id !== 'string') return null;
  if (Array.isArray(m.bid_side) && Array.isArray(m.ask_side)) {
    const bidSizes = m.bid_side as number[];
    const askSizes = m.ask_side as number[];
    let bid: number | null = null;
    for (let i = bidSizes.length - 1; i >= 0; i--) if (bidSizes[i] > 0) { bid = (i + 1) / 100; break; }
    let ask: number | null = null;
    for (let i = 0; i < askSizes.length; i++) if (askSizes[i] > 0) { ask = (i + 1) / 100; break; }
    return { kind: 'book', yes_bid: bid, yes_ask: ask, at: at(m.last_update) };
  }
  if ('price' in m) return { kind: 'prices', yes_bid: num(m.yes_bid), yes_ask: num(m.yes_ask), last_price: num(m.price), at: at(m.last_update) };
  return null;
}
