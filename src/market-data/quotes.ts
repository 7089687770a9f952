/**
 * Quotes in bulk: the current price, bid, ask, last trade and volume of many markets in one read, so
 * a client watching many markets does not spend its rate limit one market at a time. Each quote
 * takes the catalog's record (the venue's data as of the last sync) and, where the recorder holds a
 * newer top of book or trade of the market, those: `updated_at` says how fresh the quote is, and
 * `source` which of the two it came from.
 */
import type { CatalogReader } from '../catalog/catalog-repository.js';
import type { ExchangeCode } from '../venues/exchanges.js';
import type { MarketDataService } from './market-data-service.js';

export interface Quote {
  exchange: string;
  market_id: string;
  /** The YES price: the mid of a newer recorded book, else the venue's YES price (last trade where it has no book). */
  price: number | null;
  bid: number | null;
  ask: number | null;
  last: number | null;
  volume: number | null;
  updated_at: string;
  source: 'recorded' | 'catalog';
  /** The catalog's status of the market (open, closed, ...): only an open market's quote is tradable. */
  status: string;
}

export interface QuoteKey {
  exchange: ExchangeCode;
  marketId: string;
}

const r8 = (x: number): number => Math.round(x * 1e8) / 1e8;

export class QuoteService {
  constructor(
    private readonly catalog: CatalogReader,
    private readonly marketData: MarketDataService,
  ) {}

  /** Quotes of the markets asked for, in their order; markets the catalog does not hold are listed as missing. */
  async quotes(keys: readonly QuoteKey[]): Promise<{ quotes: Quote[]; missing: QuoteKey[] }> {
    const unique = [...new Map(keys.map((k) => [`${k.exchange}:${k.marketId}`, k])).values()];
    const markets = await Promise.all(unique.map((k) => this.catalog.getMarket(k.exchange, k.marketId)));
    const known = unique.filter((_, i) => markets[i] !== null);
    const { tops, trades } = await this.marketData.recordedQuotes(known.map((k) => ({ exchange: k.exchange, marketId: k.marketId })));
    const quotes: Quote[] = [];
    const missing: QuoteKey[] = [];
    unique.forEach((k, i) => {
      const m = markets[i];
      if (!m) return void missing.push(k);
      const key = `${k.exchange}:${k.marketId}`;
      const syncedAt = Date.parse(m.updated_at);
      const top = tops.get(key);
      const trade = trades.get(key);
      const newerTop = top && (top.ts > syncedAt || (m.yes_bid === null && m.yes_ask === null)) ? top : null;
      const newerTrade = trade && (trade.ts > syncedAt || m.last_price === null) ? trade : null;
      const bid = newerTop ? newerTop.best_bid : m.yes_bid;
      const ask = newerTop ? newerTop.best_ask : m.yes_ask;
      const last = newerTrade ? newerTrade.price : m.last_price;
      const price = newerTop && bid !== null && ask !== null ? r8((bid + ask) / 2) : newerTop || newerTrade ? (last ?? m.yes_price) : (m.yes_price ?? last);
      const times = [syncedAt, newerTop?.ts ?? 0, newerTrade?.ts ?? 0];
      quotes.push({
        exchange: k.exchange, market_id: k.marketId, price, bid, ask, last, volume: m.volume,
        updated_at: new Date(Math.max(...times)).toISOString(), source: newerTop || newerTrade ? 'recorded' : 'catalog', status: m.status,
      });
    });
    return { quotes, missing };
  }
}
