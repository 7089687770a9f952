// The cross-venue feature in one call: what it needs (the database, the market-data service, the
// recorder's tables, the stream gateway's books, the clock, the plan gate) in, its router out.
import type pg from 'pg';
import type { RequireFeature } from '../http/middleware/plan.js';
import type { MarketDataService } from '../market-data/market-data-service.js';
import { ClusterReader } from '../matching/cluster-repository.js';
import { MatchStore } from '../matching/match-repository.js';
import type { RecordedStore } from '../recorder/recorded-data-repository.js';
import { isExchangeCode, type ExchangeCode } from '../venues/exchanges.js';
import { topOfBook } from '../venues/records.js';
import type { StreamGateway } from '../ws/gateway.js';
import type { HeldTop } from './cluster-quotes.js';
import { ClusterListingRepository } from './cluster-listing-repository.js';
import { ClusterListingService, type HeldPrices } from './cluster-listing-service.js';
import { PriceSeriesService } from './price-series-service.js';
import { createCrossVenueRouter } from './routes.js';

/** How long a listing's cursors stay valid. */
export const LISTING_SNAPSHOT_TTL_MS = 10 * 60_000;

export interface CrossVenueDeps {
  pool: pg.Pool;
  marketData: MarketDataService;
  recorded: RecordedStore;
  /** The stream gateway, whose books of followed markets are the freshest quotes; absent in tests without one. */
  streams?: Pick<StreamGateway, 'feed'>;
  now: () => number;
  requireFeature: RequireFeature;
}

export function setupCrossVenue(deps: CrossVenueDeps) {
  const held: HeldPrices = {
    recorded: (keys) => deps.marketData.recordedQuotes(keys),
    inMemory: (exchange, marketId) => {
      const out: HeldTop[] = [];
      const stream = deps.streams?.feed(exchange)?.bookOf(marketId);
      if (stream) out.push({ bid: stream.bids[0]?.price ?? null, ask: stream.asks[0]?.price ?? null, ts: Date.parse(stream.timestamp), source: 'stream' });
      const live = isExchangeCode(exchange) ? deps.marketData.heldBook(exchange as ExchangeCode, marketId) : null;
      if (live) {
        const top = topOfBook(live.book);
        out.push({ bid: top.best_bid, ask: top.best_ask, ts: live.at, source: 'live' });
      }
      return out;
    },
  };
  const listing = new ClusterListingService({ repository: new ClusterListingRepository(deps.pool), held, now: deps.now, snapshotTtlMs: LISTING_SNAPSHOT_TTL_MS });
  const prices = new PriceSeriesService({ clusters: new ClusterReader(deps.pool, new MatchStore(deps.pool)), marketData: deps.marketData, recorded: deps.recorded, now: deps.now });
  return { router: createCrossVenueRouter({ listing, prices }, deps.requireFeature) };
}
