/**
 * Kalshi's combo ("parlay", multivariate) markets and their trades, read from the venue.
 *
 * A combo market belongs to a multivariate event collection (`mve_collection_ticker`, e.g.
 * `KXMVECROSSCATEGORY-R`) and names the legs it combines (`mve_selected_legs[{event_ticker,
 * market_ticker, side}]`). Kalshi's trade list (`GET /markets/trades?ticker&min_ts&max_ts&cursor&limit`)
 * has no filter for combos and its items do not say whether their market is one, so the combo trades
 * of a time range are found by reading the exchange-wide trade list of that range, newest first, and
 * keeping the trades whose market is a combo. Whether a market is one comes from its market record
 * (`GET /markets?tickers=...`, which lists combos unless `mve_filter=exclude`), looked up once per
 * ticker and remembered: a market's collection and legs never change.
 *
 * A scan position is (the venue cursor of the page being read, trades of that page already passed),
 * so a scan stopped in the middle of a page resumes exactly there: the venue page is always read
 * with the same size, so the same cursor gives the same page.
 */
import type { VenueHttpClient } from '../http-client.js';
import type { Trade } from '../records.js';
import { normaliseTrade, type KalshiMarketWire, type KalshiTradeWire } from './normalise.js';

/** Trades per venue page (Kalshi's maximum). */
export const KALSHI_TRADES_PAGE = 1000;
/** Tickers per market lookup. */
const LOOKUP_CHUNK = 100;
/** Markets remembered (combo or not) before the memory starts over. */
const MAX_REMEMBERED = 200_000;

export interface ParlayLeg {
  event_ticker: string;
  market_ticker: string;
  side: string;
}

export interface ComboMarket {
  event_ticker: string;
  title: string | null;
  mve_collection_ticker: string;
  mve_selected_legs: ParlayLeg[];
}

export interface ParlayTrade extends Trade {
  event_id: string;
  title: string | null;
  mve_collection_ticker: string;
  mve_selected_legs: ParlayLeg[];
}

/** Where a scan continues: the venue cursor of the page to read ('' = the first) and how many of its trades were passed. */
export interface ScanPosition {
  venueCursor: string;
  skip: number;
}

export interface ScanResult {
  trades: ParlayTrade[];
  /** Null when the venue's list of the range is exhausted. */
  next: ScanPosition | null;
  /** Venue trade pages read. */
  pagesRead: number;
}

type MarketWire = KalshiMarketWire & { mve_selected_legs?: ParlayLeg[] | null };

export const kalshiParlayRequests = {
  /** The exchange-wide trade list of a range (seconds, inclusive). */
  trades: (o: { minTs: number; maxTs: number; cursor: string; pageSize: number }) => ({
    path: '/markets/trades',
    query: { limit: o.pageSize, cursor: o.cursor || undefined, min_ts: o.minTs, max_ts: o.maxTs },
  }),
  markets: (tickers: readonly string[]) => ({ path: '/markets', query: { tickers, limit: Math.min(1000, Math.max(1, tickers.length)) } }),
};

export class KalshiParlayTrades {
  /** Ticker -> its combo record, or null for a market that is not a combo. */
  private readonly known = new Map<string, ComboMarket | null>();

  /** `pageSize`: trades per venue page (Kalshi's maximum; smaller in tests, to cross pages with few trades). */
  constructor(
    private readonly http: VenueHttpClient,
    private readonly pageSize = KALSHI_TRADES_PAGE,
  ) {}

  /**
   * Combo trades with start <= timestamp <= end (ms), newest first, from `from`: at most `limit`, reading
   * at most `maxPages` venue pages (a sparse range stops early with a position to continue from).
   */
  async scan(q: { startMs: number; endMs: number; from: ScanPosition; limit: number; maxPages: number }): Promise<ScanResult> {
    const out: ParlayTrade[] = [];
    let pos: ScanPosition = { ...q.from };
    for (let pagesRead = 0; pagesRead < q.maxPages; ) {
      const r = kalshiParlayRequests.trades({ minTs: Math.floor(q.startMs / 1000), maxTs: Math.ceil(q.endMs / 1000), cursor: pos.venueCursor, pageSize: this.pageSize });
      const body = await this.http.getJson<{ trades?: KalshiTradeWire[]; cursor?: string }>('parlayTrades', r.path, r.query);
      pagesRead += 1;
      const raws = body.trades ?? [];
      await this.classify(raws.map((t) => t.ticker ?? t.market_ticker ?? '').filter(Boolean));
      for (let i = pos.skip; i < raws.length; i++) {
        const combo = this.known.get(raws[i].ticker ?? raws[i].market_ticker ?? '');
        if (!combo) continue;
        const trade = normaliseTrade(raws[i]);
        const t = Date.parse(trade.timestamp);
        // The venue's range is in whole seconds; the asked one may not be.
        if (t < q.startMs || t > q.endMs) continue;
        out.push({ ...trade, event_id: combo.event_ticker, title: combo.title, mve_collection_ticker: combo.mve_collection_ticker, mve_selected_legs: combo.mve_selected_legs });
        if (out.length === q.limit) {
          const rest = i + 1 < raws.length ? { venueCursor: pos.venueCursor, skip: i + 1 } : body.cursor ? { venueCursor: body.cursor, skip: 0 } : null;
          return { trades: out, next: rest, pagesRead };
        }
      }
      if (!body.cursor || raws.length === 0) return { trades: out, next: null, pagesRead };
      pos = { venueCursor: body.cursor, skip: 0 };
    }
    return { trades: out, next: pos, pagesRead: q.maxPages };
  }

  /** Looks up the tickers not seen yet (one request per 100) and remembers which are combos. */
  private async classify(tickers: string[]): Promise<void> {
    const unknown = [...new Set(tickers)].filter((t) => !this.known.has(t));
    if (unknown.length === 0) return;
    if (this.known.size + unknown.length > MAX_REMEMBERED) this.known.clear();
    const chunks: string[][] = [];
    for (let i = 0; i < unknown.length; i += LOOKUP_CHUNK) chunks.push(unknown.slice(i, i + LOOKUP_CHUNK));
    await Promise.all(
      chunks.map(async (chunk) => {
        const r = kalshiParlayRequests.markets(chunk);
        const body = await this.http.getJson<{ markets?: MarketWire[] }>('parlayMarkets', r.path, r.query);
        for (const m of body.markets ?? []) this.known.set(m.ticker, comboOf(m));
        // A ticker the listing does not return (archived) is taken as no combo; it is asked again after a restart.
        for (const t of chunk) if (!this.known.has(t)) this.known.set(t, null);
      }),
    );
  }
}

function comboOf(m: MarketWire): ComboMarket | null {
  if (!m.mve_collection_ticker) return null;
  const legs = Array.isArray(m.mve_selected_legs) ? m.mve_selected_legs : [];
  return {
    event_ticker: m.event_ticker,
    title: m.title ?? null,
    mve_collection_ticker: m.mve_collection_ticker,
    mve_selected_legs: legs.map((l) => ({ event_ticker: String(l.event_ticker), market_ticker: String(l.market_ticker), side: String(l.side) })),
  };
}
