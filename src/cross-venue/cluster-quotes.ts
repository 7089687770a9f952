// Pure: one quote per member from what the service already holds (the catalog's stored prices of the
// last sync, the recorder's latest top of book and trade, a stream book or a live read still in
// memory), its age, and whether it is stale. Staleness, the best legs and the gap are
// src/market-data/best-quote.ts's, the one arithmetic /ws/svc uses too. No I/O and no clock of its own.
import { isStale } from '../market-data/best-quote.js';

/** A top of book some source holds for a market, with when it was true (epoch ms). */
export interface HeldTop {
  bid: number | null;
  ask: number | null;
  ts: number;
  source: QuoteSource;
}

export type QuoteSource = 'stream' | 'live' | 'recorded' | 'catalog';

/** What is held of one member, source by source. */
export interface MemberHoldings {
  exchange: string;
  market_id: string;
  title: string;
  url: string | null;
  /** The catalog's status; null when the catalog no longer holds the market. */
  status: string | null;
  catalog: { bid: number | null; ask: number | null; last: number | null; volume: number | null; ts: number | null };
  /** Newer tops from the recorder, a stream book, a live read (any order; absent ones left out). */
  tops: HeldTop[];
  /** The recorder's latest trade. */
  trade: { price: number; ts: number } | null;
}

export interface MemberQuote {
  exchange: string;
  market_id: string;
  title: string;
  url: string | null;
  status: string | null;
  yes_bid: number | null;
  yes_ask: number | null;
  last_price: number | null;
  volume: number | null;
  /** When the bid and ask were true (ISO), null when nothing is held. */
  as_of: string | null;
  age_seconds: number | null;
  /** Older than the venue's freshness bound and not a live stream's book (or nothing held): never used for `best`. */
  stale: boolean;
  source: QuoteSource | null;
}

/**
 * The member's quote: the book of the gateway's live stream subscription when it holds one (the
 * venue pushes every change, so that book is current whatever its age, as /ws/svc takes it), else the
 * newest book held.
 */
export function memberQuote(h: MemberHoldings, nowMs: number): MemberQuote {
  const held: HeldTop[] = [...h.tops];
  if (h.catalog.ts !== null && (h.catalog.bid !== null || h.catalog.ask !== null)) held.push({ bid: h.catalog.bid, ask: h.catalog.ask, ts: h.catalog.ts, source: 'catalog' });
  const books = held.filter((t) => t.bid !== null || t.ask !== null);
  const book = books.find((t) => t.source === 'stream') ?? books.sort((a, b) => b.ts - a.ts)[0] ?? null;
  const last = h.trade && (h.catalog.ts === null || h.trade.ts > h.catalog.ts || h.catalog.last === null) ? h.trade.price : h.catalog.last;
  // without any book, the catalog's own time still dates the last price and volume
  const ts = book?.ts ?? h.catalog.ts;
  const age = ts === null ? null : Math.max(0, nowMs - ts);
  const asOf = ts === null ? null : new Date(ts).toISOString();
  return {
    exchange: h.exchange, market_id: h.market_id, title: h.title, url: h.url, status: h.status,
    yes_bid: book?.bid ?? null, yes_ask: book?.ask ?? null, last_price: last, volume: h.catalog.volume,
    as_of: asOf,
    age_seconds: age === null ? null : Math.round(age / 1000),
    stale: book === null || isStale({ exchange: h.exchange, as_of: asOf, live: book.source === 'stream' }, nowMs),
    source: book?.source ?? (ts === null ? null : 'catalog'),
  };
}

/** The quote as the best-quote arithmetic reads it. */
export const pricedQuote = (q: MemberQuote) => ({ ...q, live: q.source === 'stream' });
