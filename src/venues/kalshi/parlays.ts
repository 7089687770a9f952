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
 * Kalshi keeps recent trades in its live tier and moves older ones to its historical tier: trades
 * created before the cutoff (`GET /historical/cutoff`, `trades_created_ts`, about three months back)
 * are listed only by `GET /historical/trades`, and markets settled before theirs only by `GET
 * /historical/markets`. A range is scanned newest first: its part from the cutoff on in the live tier,
 * then its part before the cutoff in the historical one (no cutoff answered: all of it live).
 *
 * A scan position is (the tier, the venue cursor of the page being read, trades of that page already
 * passed), so a scan stopped in the middle of a page resumes exactly there: the venue page is always
 * read with the same size, so the same cursor gives the same page.
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
/** How long the historical cutoff is reused (it advances about daily). */
const CUTOFF_TTL_MS = 10 * 60_000;

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

export type Tier = 'live' | 'historical';

/**
 * Where a scan continues: the tier, the venue cursor of the page to read ('' = the first), how many of
 * its trades were passed, and the cutoff the scan began with (kept, so the tiers' ranges, and with them
 * the venue's cursors, stay the same while the venue's cutoff advances).
 */
export interface ScanPosition {
  tier: Tier;
  cutoffMs: number | null;
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
  /** The exchange-wide trade list of a range (seconds, inclusive), in one tier. */
  trades: (o: { tier: Tier; minTs: number; maxTs: number; cursor: string; pageSize: number }) => ({
    path: o.tier === 'live' ? '/markets/trades' : '/historical/trades',
    query: { limit: o.pageSize, cursor: o.cursor || undefined, min_ts: o.minTs, max_ts: o.maxTs },
  }),
  markets: (tier: Tier, tickers: readonly string[]) => ({ path: tier === 'live' ? '/markets' : '/historical/markets', query: { tickers, limit: Math.min(1000, Math.max(1, tickers.length)) } }),
  cutoff: () => ({ path: '/historical/cutoff' }),
};

export class KalshiParlayTrades {
  /** Ticker -> its combo record, or null for a market that is not a combo. */
  private readonly known = new Map<string, ComboMarket | null>();
  private cutoff: { ms: number | null; readAt: number } | null = null;

  /** `pageSize`: trades per venue page (Kalshi's maximum; smaller in tests, to cross pages with few trades). */
  constructor(
    private readonly http: VenueHttpClient,
    private readonly pageSize = KALSHI_TRADES_PAGE,
  ) {}

  /**
   * Combo trades with start <= timestamp <= end (ms), newest first, from `from` (absent: the start):
   * at most `limit`, reading at most `maxPages` venue pages (a sparse range stops early with a position
   * to continue from).
   */
  async scan(q: { startMs: number; endMs: number; from?: ScanPosition; limit: number; maxPages: number }): Promise<ScanResult> {
    const cutoff = q.from ? q.from.cutoffMs : await this.cutoffMs();
    // The part of the range in each tier: live from the cutoff on, historical before it.
    const bounds: Record<Tier, { from: number; to: number } | null> = {
      live: cutoff === null || q.endMs >= cutoff ? { from: Math.max(q.startMs, cutoff ?? q.startMs), to: q.endMs } : null,
      historical: cutoff !== null && q.startMs < cutoff ? { from: q.startMs, to: Math.min(q.endMs, cutoff - 1) } : null,
    };
    const first: Tier | null = bounds.live ? 'live' : bounds.historical ? 'historical' : null;
    const out: ParlayTrade[] = [];
    let pos: ScanPosition | null = q.from ? { ...q.from } : first ? { tier: first, cutoffMs: cutoff, venueCursor: '', skip: 0 } : null;
    let pagesRead = 0;
    while (pos && pagesRead < q.maxPages) {
      const b = bounds[pos.tier];
      if (!b) {
        pos = this.after(pos.tier, bounds, cutoff);
        continue;
      }
      const r = kalshiParlayRequests.trades({ tier: pos.tier, minTs: Math.floor(b.from / 1000), maxTs: Math.ceil(b.to / 1000), cursor: pos.venueCursor, pageSize: this.pageSize });
      const body = await this.http.getJson<{ trades?: KalshiTradeWire[]; cursor?: string }>('parlayTrades', r.path, r.query);
      pagesRead += 1;
      const raws = body.trades ?? [];
      await this.classify(raws.map((t) => t.ticker ?? t.market_ticker ?? '').filter(Boolean));
      for (let i = pos.skip; i < raws.length; i++) {
        const combo = this.known.get(raws[i].ticker ?? raws[i].market_ticker ?? '');
        if (!combo) continue;
        const trade = normaliseTrade(raws[i]);
        const t = Date.parse(trade.timestamp);
        // The venue's range is in whole seconds; the asked one (and the tier's edge) may not be.
        if (t < b.from || t > b.to) continue;
        out.push({ ...trade, event_id: combo.event_ticker, title: combo.title, mve_collection_ticker: combo.mve_collection_ticker, mve_selected_legs: combo.mve_selected_legs });
        if (out.length === q.limit) {
          const rest: ScanPosition | null = i + 1 < raws.length ? { ...pos, skip: i + 1 } : body.cursor ? { ...pos, venueCursor: body.cursor, skip: 0 } : this.after(pos.tier, bounds, cutoff);
          return { trades: out, next: rest, pagesRead };
        }
      }
      pos = body.cursor && raws.length > 0 ? { ...pos, venueCursor: body.cursor, skip: 0 } : this.after(pos.tier, bounds, cutoff);
    }
    return { trades: out, next: pos, pagesRead };
  }

  /** Where the scan goes once a tier is exhausted: from live on to the historical part, if the range has one. */
  private after(tier: Tier, bounds: Record<Tier, unknown>, cutoffMs: number | null): ScanPosition | null {
    return tier === 'live' && bounds.historical ? { tier: 'historical', cutoffMs, venueCursor: '', skip: 0 } : null;
  }

  /** Kalshi's trades cutoff (ms), reused for a while; null when the venue has no historical tier. */
  private async cutoffMs(): Promise<number | null> {
    const now = this.http.opts.now();
    if (this.cutoff && now - this.cutoff.readAt < CUTOFF_TTL_MS) return this.cutoff.ms;
    const r = kalshiParlayRequests.cutoff();
    const body = await this.http.getJsonOrNull<{ trades_created_ts?: string | number }>('parlayCutoff', r.path);
    this.cutoff = { ms: tradesCutoffMs(body), readAt: now };
    return this.cutoff.ms;
  }

  /**
   * Looks up the tickers not seen yet (one request per 100) and remembers which are combos: in the
   * live market list first, then, for those it does not know (settled before the cutoff), the
   * historical one.
   */
  private async classify(tickers: string[]): Promise<void> {
    let unknown = [...new Set(tickers)].filter((t) => !this.known.has(t));
    if (unknown.length === 0) return;
    if (this.known.size + unknown.length > MAX_REMEMBERED) this.known.clear();
    for (const tier of ['live', 'historical'] as const) {
      const chunks: string[][] = [];
      for (let i = 0; i < unknown.length; i += LOOKUP_CHUNK) chunks.push(unknown.slice(i, i + LOOKUP_CHUNK));
      await Promise.all(
        chunks.map(async (chunk) => {
          const r = kalshiParlayRequests.markets(tier, chunk);
          const body = await this.http.getJsonOrNull<{ markets?: MarketWire[] }>(tier === 'live' ? 'parlayMarkets' : 'parlayHistoricalMarkets', r.path, r.query);
          for (const m of body?.markets ?? []) this.known.set(m.ticker, comboOf(m));
        }),
      );
      unknown = unknown.filter((t) => !this.known.has(t));
      if (unknown.length === 0) return;
    }
    // A market neither list knows is taken as no combo (asked again after a restart).
    for (const t of unknown) this.known.set(t, null);
  }
}

/**
 * The trades cutoff of `GET /historical/cutoff` in ms: `trades_created_ts` is a date-time in the
 * published schema (get-historical-cutoff-timestamps, Aug 2026); unix seconds are read too. Null when
 * the venue names none.
 */
export function tradesCutoffMs(body: { trades_created_ts?: string | number } | null): number | null {
  const raw = body?.trades_created_ts;
  const ms = typeof raw === 'number' ? raw * 1000 : typeof raw === 'string' ? Date.parse(raw) : Number.NaN;
  return Number.isFinite(ms) ? ms : null;
}

/** A market of `GET /markets?tickers` or `/historical/markets` as a combo, or null when it is none. */
export function comboOf(m: MarketWire): ComboMarket | null {
  if (!m.mve_collection_ticker) return null;
  const legs = Array.isArray(m.mve_selected_legs) ? m.mve_selected_legs : [];
  return {
    event_ticker: m.event_ticker,
    title: m.title ?? null,
    mve_collection_ticker: m.mve_collection_ticker,
    mve_selected_legs: legs.map((l) => ({ event_ticker: String(l.event_ticker), market_ticker: String(l.market_ticker), side: String(l.side) })),
  };
}
