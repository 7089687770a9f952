// Cross-venue price comparison of one cluster, from what the API serves today (the cluster record and
// GET /api/v1/svc/{svc_id}/quotes): per member the YES bid and ask, the NO ask they imply, and the best
// YES ask and best NO ask across venues with the gap between them. Pure: no I/O, no clock of its own.

/** A member of the cluster as the cluster record lists it. */
export interface ClusterMember {
  exchange: string;
  market_id: string;
  title: string;
  url: string | null;
}

/** A member's quote as GET /api/v1/svc/{svc_id}/quotes answers it (prices 0..1 of YES). */
export interface MemberQuote {
  exchange: string;
  market_id: string;
  bid: number | null;
  ask: number | null;
  last: number | null;
  volume: number | null;
  updated_at: string;
  source: string;
}

export interface BestPrice {
  exchange: string;
  market_id: string;
  price: number;
}

export interface PriceComparison {
  members: {
    exchange: string;
    market_id: string;
    title: string;
    url: string | null;
    yes_bid: number | null;
    yes_ask: number | null;
    /** 1 - yes_bid: buying NO costs what selling YES at the bid gives up. */
    no_ask: number | null;
    last_price: number | null;
    volume: number | null;
    quote_updated_at: string | null;
    quote_age_seconds: number | null;
    quote_source: string | null;
  }[];
  best_yes_ask: BestPrice | null;
  best_no_ask: BestPrice | null;
  /** 1 - best_yes_ask - best_no_ask; null unless both bests exist. */
  gap_before_fees: number | null;
}

// Prices are decimal fractions: rounding keeps 1 - 0.55 - 0.43 from printing as 0.019999999999999907.
const r8 = (x: number): number => Math.round(x * 1e8) / 1e8;

function lowest(candidates: (BestPrice | null)[]): BestPrice | null {
  let best: BestPrice | null = null;
  for (const c of candidates) if (c && (best === null || c.price < best.price)) best = c;
  return best;
}

export function comparePrices(members: readonly ClusterMember[], quotes: readonly MemberQuote[], now: Date): PriceComparison {
  const quoteOf = new Map(quotes.map((q) => [`${q.exchange}:${q.market_id}`, q]));
  const rows = members.map((m) => {
    const q = quoteOf.get(`${m.exchange}:${m.market_id}`);
    const noAsk = q?.bid == null ? null : r8(1 - q.bid);
    return {
      exchange: m.exchange,
      market_id: m.market_id,
      title: m.title,
      url: m.url,
      yes_bid: q?.bid ?? null,
      yes_ask: q?.ask ?? null,
      no_ask: noAsk,
      last_price: q?.last ?? null,
      volume: q?.volume ?? null,
      quote_updated_at: q?.updated_at ?? null,
      quote_age_seconds: q ? Math.max(0, Math.round((now.getTime() - Date.parse(q.updated_at)) / 1000)) : null,
      quote_source: q?.source ?? null,
    };
  });
  const best_yes_ask = lowest(rows.map((r) => (r.yes_ask === null ? null : { exchange: r.exchange, market_id: r.market_id, price: r.yes_ask })));
  const best_no_ask = lowest(rows.map((r) => (r.no_ask === null ? null : { exchange: r.exchange, market_id: r.market_id, price: r.no_ask })));
  const gap_before_fees = best_yes_ask && best_no_ask ? r8(1 - best_yes_ask.price - best_no_ask.price) : null;
  return { members: rows, best_yes_ask, best_no_ask, gap_before_fees };
}
