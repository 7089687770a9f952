// Pure: one quote per member from what the service already holds (the catalog's stored prices of the
// last sync, the recorder's latest top of book and trade, a stream book or a live read still in
// memory), whichever book is newest; its age and staleness against the venue's freshness bound; and
// the cluster's best YES ask and best NO ask over the fresh quotes of open markets, with the gap
// between them before and after the venues' taker fees. No I/O and no clock of its own.
import { feeKnown, takerFeePerContract, type TakerFeeModel } from '../venues/fees.js';

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
  /** Older than the venue's freshness bound (or nothing held): never used for `best`. */
  stale: boolean;
  source: QuoteSource | null;
}

export interface BestLeg {
  exchange: string;
  market_id: string;
  price: number;
  /** The venue's taker fee for one contract at that price (src/venues/fees.ts). */
  fee: number;
}

export interface ClusterPricing {
  best: { yes_ask: BestLeg | null; no_ask: BestLeg | null };
  /** 1 - best YES ask - best NO ask (above 0: both sides bought on two venues pay more than they cost). */
  gap: number | null;
  gap_after_fees: number | null;
  /** False when a venue of the best legs publishes no fee model (counted as 0). */
  fees_complete: boolean;
}

export interface VenuePricing {
  takerFee: TakerFeeModel;
  quoteFreshMs: number;
}

const r8 = (x: number): number => Math.round(x * 1e8) / 1e8;

export function memberQuote(h: MemberHoldings, freshMs: number, nowMs: number): MemberQuote {
  const held: HeldTop[] = [...h.tops];
  if (h.catalog.ts !== null && (h.catalog.bid !== null || h.catalog.ask !== null)) held.push({ bid: h.catalog.bid, ask: h.catalog.ask, ts: h.catalog.ts, source: 'catalog' });
  const book = held.filter((t) => t.bid !== null || t.ask !== null).sort((a, b) => b.ts - a.ts)[0] ?? null;
  const last = h.trade && (h.catalog.ts === null || h.trade.ts > h.catalog.ts || h.catalog.last === null) ? h.trade.price : h.catalog.last;
  // without any book, the catalog's own time still dates the last price and volume
  const ts = book?.ts ?? h.catalog.ts;
  const age = ts === null ? null : Math.max(0, nowMs - ts);
  return {
    exchange: h.exchange, market_id: h.market_id, title: h.title, url: h.url, status: h.status,
    yes_bid: book?.bid ?? null, yes_ask: book?.ask ?? null, last_price: last, volume: h.catalog.volume,
    as_of: ts === null ? null : new Date(ts).toISOString(),
    age_seconds: age === null ? null : Math.round(age / 1000),
    stale: book === null || age === null || age > freshMs,
    source: book?.source ?? (ts === null ? null : 'catalog'),
  };
}

/**
 * The best YES ask (lowest) and best NO ask (lowest 1 - YES bid: buying NO is selling YES at the
 * bid) over the fresh quotes of open markets; ties go to the venue listed first. Fees per leg from
 * each venue's model; a venue without one is counted as 0 and `fees_complete` says so.
 */
export function clusterPricing(quotes: readonly MemberQuote[], pricingOf: (exchange: string) => VenuePricing | undefined): ClusterPricing {
  let yes: BestLeg | null = null;
  let no: BestLeg | null = null;
  let complete = true;
  const fee = (exchange: string, price: number): number => {
    const model = pricingOf(exchange)?.takerFee;
    return model ? takerFeePerContract(model, price) : 0;
  };
  for (const q of quotes) {
    if (q.stale || q.status !== 'open') continue;
    if (q.yes_ask !== null && (yes === null || q.yes_ask < yes.price)) yes = { exchange: q.exchange, market_id: q.market_id, price: q.yes_ask, fee: fee(q.exchange, q.yes_ask) };
    if (q.yes_bid !== null) {
      const noAsk = r8(1 - q.yes_bid);
      if (no === null || noAsk < no.price) no = { exchange: q.exchange, market_id: q.market_id, price: noAsk, fee: fee(q.exchange, noAsk) };
    }
  }
  for (const leg of [yes, no]) {
    const model = leg ? pricingOf(leg.exchange)?.takerFee : undefined;
    if (leg && (!model || !feeKnown(model))) complete = false;
  }
  const gap = yes && no ? r8(1 - yes.price - no.price) : null;
  return {
    best: { yes_ask: yes, no_ask: no },
    gap,
    gap_after_fees: yes && no && gap !== null ? r8(gap - yes.fee - no.fee) : null,
    fees_complete: complete,
  };
}
