// Per-venue reads (CONTRACT.md §5) over HTTP: each handler parses its path and query (400 naming the
// field), asks the market-data service (src/market-data/market-data-service.ts) and answers JSON.
// Cursors are encoded here: they are opaque to clients and bound to the list they came from. An
// operation the venue lacks, an unknown exchange code, market or event is a 404 (the mapping of the
// service's failures to statuses is src/http/market-data-errors.ts). Mounted at the root of the
// keyed /api/v1 router: a first path segment that is no venue code (and not /events) skips this
// router entirely.
import { Router } from 'express';
import type { CatalogEvent, CatalogMarket, Page } from '../../catalog/catalog-reader.js';
import type { MarketDataService, TradePageKey } from '../../market-data/market-data-service.js';
import { isExchangeCode } from '../../venues/exchanges.js';
import type { MarketStatus } from '../../venues/records.js';
import { badRequest } from '../errors.js';
import { marketDataErrors } from '../market-data-errors.js';
import { parseWith } from '../validate.js';
import { decodeCursor, encodeCursor } from './venues-cursor.js';
import {
  CandlesQuery, CategoryMarketsQuery, CategoryPath, EventByIdQuery, EventIdPath, EventMarketsQuery, EventPath, EventsQuery, ExchangePath,
  MarketListQuery, MarketPath, PricesQuery, RangeQuery, TradesQuery, VenueEventsQuery,
} from './venues-schemas.js';

function statusesOf(status: string[] | undefined): MarketStatus[] | undefined {
  if (!status || status.includes('all')) return undefined;
  return status as MarketStatus[];
}

function marketsPage(page: Page<CatalogMarket>, list: string) {
  return { markets: page.items, count: page.items.length, next_cursor: page.nextKey ? encodeCursor(list, page.nextKey) : null };
}

function eventsPage(page: Page<CatalogEvent>, list: string) {
  return { events: page.items, count: page.items.length, next_cursor: page.nextKey ? encodeCursor(list, page.nextKey) : null };
}

function checkRange(q: { start?: string; end?: string }): void {
  if (q.start && q.end && Date.parse(q.start) > Date.parse(q.end)) throw badRequest('start: must not be after end');
}

/** The part of a market list's cursor key that names its filters, so a cursor only continues its own list. */
const listFilters = (q: { status?: string[]; updated_since?: string }) => `${statusesOf(q.status)?.join(',') ?? '*'}|${q.updated_since ?? '*'}`;

export function createVenuesRouter(marketData: MarketDataService): Router {
  const router = Router();

  // ---- cross-venue events (before the venue-code check: "events" is no venue) --------------------
  // The venues served are those offering the events operation, as for /{exchange}/events.

  router.get('/events', async (req, res) => {
    const q = parseWith(EventsQuery, req.query);
    const exchanges = marketData.eventVenues(q.exchange);
    const listKey = `events|${q.exchange?.join(',') ?? '*'}|${q.category?.join(',') ?? '*'}`;
    const page = await marketData.listEvents(exchanges, { categories: q.category, limit: q.limit, after: q.cursor ? decodeCursor(listKey, q.cursor, 2) : undefined });
    res.json(eventsPage(page, listKey));
  });

  router.get('/events/:event_id', async (req, res) => {
    const { event_id } = parseWith(EventIdPath, req.params);
    const q = parseWith(EventByIdQuery, req.query);
    res.json(await marketData.findEvent(event_id, marketData.eventVenues(q.exchange ? [q.exchange] : undefined)));
  });

  // ---- everything else starts with a venue code -------------------------------------------------

  router.use('/:exchange', (req, _res, next) => {
    if (!isExchangeCode(req.params.exchange)) return next('router');
    next();
  });

  router.get('/:exchange/markets', async (req, res) => {
    const { exchange } = parseWith(ExchangePath, req.params);
    const q = parseWith(MarketListQuery, req.query);
    const listKey = `markets|${exchange}|${listFilters(q)}|${q.category?.map((c) => c.toLowerCase()).join(',') ?? '*'}|${q.event_id ?? '*'}`;
    const page = await marketData.listMarkets(exchange, {
      statuses: statusesOf(q.status), categories: q.category, eventId: q.event_id, updatedSince: q.updated_since,
      limit: q.limit, after: q.cursor ? decodeCursor(listKey, q.cursor, 1) : undefined,
    });
    res.json(marketsPage(page, listKey));
  });

  router.get('/:exchange/categories/:category/markets', async (req, res) => {
    const { exchange, category } = parseWith(CategoryPath, req.params);
    const q = parseWith(CategoryMarketsQuery, req.query);
    const listKey = `category|${exchange}|${category.toLowerCase()}|${listFilters(q)}`;
    const page = await marketData.listMarkets(exchange, {
      statuses: statusesOf(q.status), categories: [category], updatedSince: q.updated_since,
      limit: q.limit, after: q.cursor ? decodeCursor(listKey, q.cursor, 1) : undefined,
    });
    res.json(marketsPage(page, listKey));
  });

  router.get('/:exchange/events', async (req, res) => {
    const { exchange } = parseWith(ExchangePath, req.params);
    const [venue] = marketData.eventVenues([exchange]);
    const q = parseWith(VenueEventsQuery, req.query);
    const listKey = `events|${exchange}|${q.category?.join(',') ?? '*'}`;
    const page = await marketData.listEvents([venue], { categories: q.category, limit: q.limit, after: q.cursor ? decodeCursor(listKey, q.cursor, 2) : undefined });
    res.json(eventsPage(page, listKey));
  });

  router.get('/:exchange/events/:event_id', async (req, res) => {
    const { exchange, event_id } = parseWith(EventPath, req.params);
    res.json(await marketData.getEvent(exchange, event_id));
  });

  router.get('/:exchange/events/:event_id/markets', async (req, res) => {
    const { exchange, event_id } = parseWith(EventPath, req.params);
    marketData.venueWith(exchange, 'events');
    const q = parseWith(EventMarketsQuery, req.query);
    const listKey = `event|${exchange}|${event_id}|${listFilters(q)}`;
    const page = await marketData.eventMarkets(exchange, event_id, {
      statuses: statusesOf(q.status), updatedSince: q.updated_since, limit: q.limit, after: q.cursor ? decodeCursor(listKey, q.cursor, 1) : undefined,
    });
    res.json(marketsPage(page, listKey));
  });

  router.get('/:exchange/:market_id/market', async (req, res) => {
    const { exchange, market_id } = parseWith(MarketPath, req.params);
    res.json(await marketData.findMarket(exchange, market_id));
  });

  router.get('/:exchange/:market_id/rules', async (req, res) => {
    const { exchange, market_id } = parseWith(MarketPath, req.params);
    const m = await marketData.findMarket(exchange, market_id);
    res.json({ exchange: m.exchange, market_id: m.market_id, title: m.title, rules: m.rules, url: m.url, updated_at: m.updated_at });
  });

  router.get('/:exchange/:market_id/orderbook', async (req, res) => {
    const { exchange, market_id } = parseWith(MarketPath, req.params);
    marketData.venueWith(exchange, 'orderbook');
    const q = parseWith(RangeQuery, req.query);
    checkRange(q);
    const book = await marketData.orderBook(exchange, market_id);
    // Only the live snapshot is held here; with a range, it is served when it falls inside.
    const t = Date.parse(book.timestamp);
    const inRange = (!q.start || t >= Date.parse(q.start)) && (!q.end || t <= Date.parse(q.end));
    const snapshots = inRange ? [{ bids: book.bids, asks: book.asks, timestamp: book.timestamp }] : [];
    res.json({ snapshots, count: snapshots.length, next_cursor: null });
  });

  router.get('/:exchange/:market_id/topofbook', async (req, res) => {
    const { exchange, market_id } = parseWith(MarketPath, req.params);
    res.json(await marketData.topOfBook(exchange, market_id));
  });

  router.get('/:exchange/:market_id/tradehistory', async (req, res) => {
    const { exchange, market_id } = parseWith(MarketPath, req.params);
    marketData.venueWith(exchange, 'trades');
    const q = parseWith(TradesQuery, req.query);
    checkRange(q);
    // The cursor carries the service's page key: the oldest instant served and the ids served at it.
    const listKey = `trades|${exchange}|${market_id}|${q.start ?? ''}`;
    let after: TradePageKey | undefined;
    if (q.cursor) {
      const [end, ids] = decodeCursor(listKey, q.cursor, 2);
      after = { end, seenAtEnd: ids ? ids.split('\n') : [] };
    }
    const page = await marketData.trades(exchange, market_id, { start: q.start, end: q.end, limit: q.limit, after });
    res.json({
      trades: page.trades.map((t) => ({ id: t.id, price: t.price, size: t.size, taker_side: t.taker_side, outcome: t.outcome, timestamp: t.timestamp })),
      count: page.trades.length,
      next_cursor: page.next ? encodeCursor(listKey, [page.next.end, page.next.seenAtEnd.join('\n')]) : null,
    });
  });

  router.get('/:exchange/:market_id/prices', async (req, res) => {
    const { exchange, market_id } = parseWith(MarketPath, req.params);
    marketData.venueWith(exchange, 'prices');
    const q = parseWith(PricesQuery, req.query);
    checkRange(q);
    const points = await marketData.prices(exchange, market_id, q);
    res.json({ points, count: points.length });
  });

  router.get('/:exchange/:market_id/candles', async (req, res) => {
    const { exchange, market_id } = parseWith(MarketPath, req.params);
    marketData.venueWith(exchange, 'candles');
    const q = parseWith(CandlesQuery, req.query);
    checkRange(q);
    const candles = await marketData.candles(exchange, market_id, q);
    res.json({ candles, count: candles.length });
  });

  router.use(marketDataErrors);
  return router;
}
