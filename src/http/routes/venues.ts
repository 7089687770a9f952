// Per-venue reads (docs/api-contract.md §5) over HTTP. Each route is declared once (defineRoute: path,
// parameters, response, handler; the OpenAPI operation comes from the same declaration): it parses
// its path and query (400 naming the field), asks the market-data service
// (src/market-data/market-data-service.ts) and answers JSON. Cursors are encoded here: they are
// opaque to clients and bound to the list they came from. An operation the venue lacks, an unknown
// exchange code, market or event is a 404 (the mapping of the service's failures to statuses is
// src/http/market-data-errors.ts). Mounted at the root of the keyed /api/v1 router: a first path
// segment that is no venue code (and not /events) skips this router entirely.
import { Router } from 'express';
import { z } from 'zod';
import type { CatalogEvent, CatalogMarket, Page } from '../../catalog/catalog-repository.js';
import type { MarketDataService, TradePageKey } from '../../market-data/market-data-service.js';
import { isExchangeCode } from '../../venues/exchanges.js';
import type { MarketStatus } from '../../venues/records.js';
import { defineRoute, type RouteDefinition } from '../define-route.js';
import { badRequest } from '../errors.js';
import { marketDataErrors } from '../market-data-errors.js';
import { decodeCursor, encodeCursor } from './venues-cursor.js';
import {
  CandleList, CandlesQuery, CategoryMarketsQuery, CategoryPath, EventByIdQuery, EventIdPath, EventMarketsQuery, EventPath, EventsQuery,
  ExchangePath, list, MarketListQuery, MarketPath, OrderBookQuery, OrderBookSnapshots, PricePoints, PricesQuery, Rules, TopOfBook, TradeList,
  TradesQuery, VenueEvent, VenueEventsQuery, VenueMarket,
} from './venues-schemas.js';

function statusesOf(status: string[] | undefined): MarketStatus[] | undefined {
  if (!status || status.includes('all')) return undefined;
  return status as MarketStatus[];
}

function marketsPage(page: Page<CatalogMarket>, listKey: string) {
  return { markets: page.items, count: page.items.length, next_cursor: page.nextKey ? encodeCursor(listKey, page.nextKey) : null };
}

function eventsPage(page: Page<CatalogEvent>, listKey: string) {
  return { events: page.items, count: page.items.length, next_cursor: page.nextKey ? encodeCursor(listKey, page.nextKey) : null };
}

function checkRange(q: { start?: string; end?: string }): void {
  if (q.start && q.end && Date.parse(q.start) > Date.parse(q.end)) throw badRequest('start: must not be after end');
}

/** The part of a market list's cursor key that names its filters, so a cursor only continues its own list. */
const listFilters = (q: { status?: string[]; updated_since?: string }) => `${statusesOf(q.status)?.join(',') ?? '*'}|${q.updated_since ?? '*'}`;

const tags = ['Venues'];
const venueDown = { 502: 'The venue failed to answer', 503: 'The venue is unavailable (circuit open)', 504: 'The venue did not answer in time' };
const lacks = (name: string) => `Unknown exchange, unknown market, or the venue has no ${name} operation`;
const EVENTS_RULE =
  'Only venues that have the events operation are served (the same venues whose /api/v1/{exchange}/events answers); naming one that lacks it is a 404 naming the operation.';

// ---- cross-venue events (mounted before the venue-code check: "events" is no venue) --------------

const CROSS_VENUE_ROUTES: RouteDefinition<MarketDataService>[] = [
  defineRoute({
    method: 'get',
    path: '/events',
    tags,
    summary: 'Events across venues (catalog)',
    description: EVENTS_RULE,
    params: z.object({}),
    query: EventsQuery,
    response: list('events', VenueEvent),
    errors: { 404: 'A venue named in exchange has no events operation' },
    async handle(marketData, { query: q }) {
      const exchanges = marketData.eventVenues(q.exchange);
      const listKey = `events|${q.exchange?.join(',') ?? '*'}|${q.category?.join(',') ?? '*'}`;
      const page = await marketData.listEvents(exchanges, { categories: q.category, limit: q.limit, after: q.cursor ? decodeCursor(listKey, q.cursor, 2) : undefined });
      return eventsPage(page, listKey);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/events/:event_id',
    tags,
    summary: 'An event by id (first venue holding it, or the one named by exchange)',
    description: EVENTS_RULE,
    params: EventIdPath,
    query: EventByIdQuery,
    response: VenueEvent,
    errors: { 404: 'Unknown event, or the named venue has no events operation' },
    handle: (marketData, { params, query }) => marketData.findEvent(params.event_id, marketData.eventVenues(query.exchange ? [query.exchange] : undefined)),
  }),
];

// ---- everything else starts with a venue code ---------------------------------------------------

const PER_VENUE_ROUTES: RouteDefinition<MarketDataService>[] = [
  defineRoute({
    method: 'get',
    path: '/:exchange/markets',
    tags,
    summary: 'Markets of a venue (catalog)',
    params: ExchangePath,
    query: MarketListQuery,
    response: list('markets', VenueMarket),
    errors: { 404: 'Unknown exchange' },
    guard: (marketData, { exchange }) => marketData.venue(exchange),
    async handle(marketData, { params: { exchange }, query: q }) {
      const listKey = `markets|${exchange}|${listFilters(q)}|${q.category?.map((c) => c.toLowerCase()).join(',') ?? '*'}|${q.event_id ?? '*'}`;
      const page = await marketData.listMarkets(exchange, {
        statuses: statusesOf(q.status), categories: q.category, eventId: q.event_id, updatedSince: q.updated_since,
        limit: q.limit, after: q.cursor ? decodeCursor(listKey, q.cursor, 1) : undefined,
      });
      return marketsPage(page, listKey);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/:exchange/categories/:category/markets',
    tags,
    summary: 'Markets of a venue in one category (catalog)',
    params: CategoryPath,
    query: CategoryMarketsQuery,
    response: list('markets', VenueMarket),
    errors: { 404: 'Unknown exchange' },
    guard: (marketData, { exchange }) => marketData.venue(exchange),
    async handle(marketData, { params: { exchange, category }, query: q }) {
      const listKey = `category|${exchange}|${category.toLowerCase()}|${listFilters(q)}`;
      const page = await marketData.listMarkets(exchange, {
        statuses: statusesOf(q.status), categories: [category], updatedSince: q.updated_since,
        limit: q.limit, after: q.cursor ? decodeCursor(listKey, q.cursor, 1) : undefined,
      });
      return marketsPage(page, listKey);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/:exchange/events',
    tags,
    summary: 'Events of a venue (catalog)',
    params: ExchangePath,
    query: VenueEventsQuery,
    response: list('events', VenueEvent),
    errors: { 404: 'Unknown exchange, or the venue has no events operation' },
    guard: (marketData, { exchange }) => marketData.venueWith(exchange, 'events'),
    async handle(marketData, { params: { exchange }, query: q }) {
      const listKey = `events|${exchange}|${q.category?.join(',') ?? '*'}`;
      const page = await marketData.listEvents(marketData.eventVenues([exchange]), { categories: q.category, limit: q.limit, after: q.cursor ? decodeCursor(listKey, q.cursor, 2) : undefined });
      return eventsPage(page, listKey);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/:exchange/events/:event_id',
    tags,
    summary: 'One event of a venue',
    params: EventPath,
    response: VenueEvent,
    errors: { 404: 'Unknown exchange or event, or the venue has no events operation' },
    handle: (marketData, { params }) => marketData.getEvent(params.exchange, params.event_id),
  }),
  defineRoute({
    method: 'get',
    path: '/:exchange/events/:event_id/markets',
    tags,
    summary: 'Markets of an event (catalog)',
    params: EventPath,
    query: EventMarketsQuery,
    response: list('markets', VenueMarket),
    errors: { 404: 'Unknown exchange or event, or the venue has no events operation' },
    guard: (marketData, { exchange }) => marketData.venueWith(exchange, 'events'),
    async handle(marketData, { params: { exchange, event_id }, query: q }) {
      const listKey = `event|${exchange}|${event_id}|${listFilters(q)}`;
      const page = await marketData.eventMarkets(exchange, event_id, {
        statuses: statusesOf(q.status), updatedSince: q.updated_since, limit: q.limit, after: q.cursor ? decodeCursor(listKey, q.cursor, 1) : undefined,
      });
      return marketsPage(page, listKey);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/:exchange/:market_id/market',
    tags,
    summary: 'Market details (catalog, or the venue when not yet synced)',
    params: MarketPath,
    response: VenueMarket,
    errors: { 404: 'Unknown exchange or market', ...venueDown },
    handle: (marketData, { params }) => marketData.findMarket(params.exchange, params.market_id),
  }),
  defineRoute({
    method: 'get',
    path: '/:exchange/:market_id/rules',
    tags,
    summary: 'Resolution rules of a market',
    params: MarketPath,
    response: Rules,
    errors: { 404: 'Unknown exchange or market', ...venueDown },
    async handle(marketData, { params }) {
      const m = await marketData.findMarket(params.exchange, params.market_id);
      return { exchange: m.exchange, market_id: m.market_id, title: m.title, rules: m.rules, url: m.url, updated_at: m.updated_at };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/:exchange/:market_id/orderbook',
    tags,
    summary: 'Order book: the latest snapshot (live); with start/end, the recorded snapshots in that range',
    description:
      'Without start and end: the venue\'s current book (one snapshot, no cursor). With either: the snapshots the recorder stored in [start, end] ' +
      '(end defaults to now, start to a day before end), oldest first, paged by cursor: the venue\'s own snapshots, one after every reconnect ' +
      '(a resync), one at least every RECORDER_SNAPSHOT_INTERVAL_MS for streamed venues, and each polled book that changed for polled venues. ' +
      'Between two snapshots of a streamed venue the book changes by the deltas of /deltas (kalshi, polymarket). ' +
      'Markets the recorder does not track have no recorded snapshots (an empty page).',
    params: MarketPath,
    query: OrderBookQuery,
    response: OrderBookSnapshots,
    errors: { 404: lacks('orderbook'), ...venueDown },
    guard: (marketData, { exchange }) => marketData.venueWith(exchange, 'orderbook'),
    async handle(marketData, { params, query: q }) {
      checkRange(q);
      if (q.start || q.end) {
        const listKey = `orderbook|${params.exchange}|${params.market_id}|${q.start ?? ''}|${q.end ?? ''}`;
        const after = q.cursor ? decodeCursor(listKey, q.cursor, 2).map(Number) : undefined;
        if (after && !after.every(Number.isFinite)) throw badRequest('cursor: invalid cursor');
        const endMs = q.end ? Date.parse(q.end) : Date.now();
        const page = await marketData.orderBookHistory(params.exchange, params.market_id, {
          startMs: q.start ? Date.parse(q.start) : endMs - 86_400_000, endMs, limit: q.limit, after: after ? { ts: after[0], seq: after[1] } : undefined,
        });
        const level = ([price, size]: [number, number]) => ({ price, size });
        const snapshots = page.snapshots.map((s) => ({ bids: s.bids.map(level), asks: s.asks.map(level), timestamp: new Date(s.ts).toISOString() }));
        return { snapshots, count: snapshots.length, next_cursor: page.next ? encodeCursor(listKey, [String(page.next.ts), String(page.next.seq)]) : null };
      }
      const book = await marketData.orderBook(params.exchange, params.market_id);
      const snapshots = [{ bids: book.bids, asks: book.asks, timestamp: book.timestamp }];
      return { snapshots, count: 1, next_cursor: null };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/:exchange/:market_id/topofbook',
    tags,
    summary: 'Best bid and ask (live)',
    params: MarketPath,
    response: TopOfBook,
    errors: { 404: lacks('orderbook'), ...venueDown },
    handle: (marketData, { params }) => marketData.topOfBook(params.exchange, params.market_id),
  }),
  defineRoute({
    method: 'get',
    path: '/:exchange/:market_id/tradehistory',
    tags,
    summary: 'Trades, newest first (live)',
    params: MarketPath,
    query: TradesQuery,
    response: TradeList,
    errors: { 404: lacks('tradehistory'), ...venueDown },
    guard: (marketData, { exchange }) => marketData.venueWith(exchange, 'trades'),
    async handle(marketData, { params: { exchange, market_id }, query: q }) {
      checkRange(q);
      // The cursor carries the service's page key: the oldest instant served and the ids served at it.
      const listKey = `trades|${exchange}|${market_id}|${q.start ?? ''}`;
      let after: TradePageKey | undefined;
      if (q.cursor) {
        const [end, ids] = decodeCursor(listKey, q.cursor, 2);
        after = { end, seenAtEnd: ids ? ids.split('\n') : [] };
      }
      const page = await marketData.trades(exchange, market_id, { start: q.start, end: q.end, limit: q.limit, after });
      return {
        trades: page.trades.map((t) => ({ id: t.id, price: t.price, size: t.size, taker_side: t.taker_side, outcome: t.outcome, timestamp: t.timestamp })),
        count: page.trades.length,
        next_cursor: page.next ? encodeCursor(listKey, [page.next.end, page.next.seenAtEnd.join('\n')]) : null,
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/:exchange/:market_id/prices',
    tags,
    summary: 'YES price history, oldest first (live)',
    params: MarketPath,
    query: PricesQuery,
    response: PricePoints,
    errors: { 404: lacks('prices'), ...venueDown },
    guard: (marketData, { exchange }) => marketData.venueWith(exchange, 'prices'),
    async handle(marketData, { params, query: q }) {
      checkRange(q);
      const points = await marketData.prices(params.exchange, params.market_id, q);
      return { points, count: points.length };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/:exchange/:market_id/candles',
    tags,
    summary: 'OHLCV candles of traded YES prices (kalshi), oldest first, paged',
    description:
      'Timestamps are the START of each period (inclusive; the period ends at timestamp + interval, exclusive), for every interval. ' +
      'A period is served when its start is in [start, end]; end defaults to now, start to a span before end (1s: 1 hour, 1m: 1 day, 5m: 5 days, 10m: 10 days, 1h: 30 days, 1d: 365 days). ' +
      'Sources: the venue\'s own candle history for 1m, 1h and 1d (5m and 10m aggregated from its 1m candles), and the recorder\'s trades for periods after ' +
      'the venue\'s latest candle and for 1s. Empty periods: a period without trades has no candle (as in most market-data APIs\' aggregates); ' +
      'the price holds at the previous close. Pages: up to limit candles (default 1500, so a day of 1m candles is one page); next_cursor continues after the last one.',
    params: MarketPath,
    query: CandlesQuery,
    response: CandleList,
    errors: { 404: lacks('candles'), ...venueDown },
    guard: (marketData, { exchange }) => marketData.venueWith(exchange, 'candles'),
    async handle(marketData, { params, query: q }) {
      checkRange(q);
      const listKey = `candles|${params.exchange}|${params.market_id}|${q.interval}|${q.start ?? ''}|${q.end ?? ''}`;
      const afterMs = q.cursor ? Number(decodeCursor(listKey, q.cursor, 1)[0]) : undefined;
      if (afterMs !== undefined && !Number.isFinite(afterMs)) throw badRequest('cursor: invalid cursor');
      const page = await marketData.candles(params.exchange, params.market_id, { start: q.start, end: q.end, interval: q.interval, limit: q.limit, afterMs });
      return { candles: page.candles, count: page.candles.length, next_cursor: page.next === null ? null : encodeCursor(listKey, [String(page.next)]) };
    },
  }),
];

export function createVenuesRouter(marketData: MarketDataService): Router {
  const router = Router();
  for (const route of CROSS_VENUE_ROUTES) route.mount(router, marketData);
  router.use('/:exchange', (req, _res, next) => {
    if (!isExchangeCode(req.params.exchange)) return next('router');
    next();
  });
  for (const route of PER_VENUE_ROUTES) route.mount(router, marketData);
  router.use(marketDataErrors);
  return router;
}
