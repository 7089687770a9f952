// Per-venue reads (CONTRACT.md §5): market details and lists, events, from the catalog; books,
// trades, prices and candles live from the venue adapter behind a short cache with one in-flight
// call per key. An operation the venue lacks (its adapter's capability map) is a 404 that names it;
// an unknown exchange code or market is a 404. Mounted at the root of the keyed /api/v1 router: a
// first path segment that is no venue code (and not /events) skips this router entirely.
import { Router } from 'express';
import type { CatalogMarket, CatalogReader, Page } from '../../catalog/catalog-reader.js';
import type { ReadCapability, VenueAdapter } from '../../venues/adapter.js';
import { EXCHANGE_CODES, isExchangeCode, type ExchangeCode } from '../../venues/exchanges.js';
import { topOfBook, type MarketStatus, type Trade } from '../../venues/records.js';
import { badRequest, notFound } from '../errors.js';
import { parseWith } from '../validate.js';
import { decodeCursor, encodeCursor } from './venues-cursor.js';
import { LiveReadCache, venueFailure } from './venues-live.js';
import {
  CandlesQuery, CategoryMarketsQuery, CategoryPath, EventByIdQuery, EventIdPath, EventMarketsQuery, EventPath, EventsQuery, ExchangePath,
  MarketListQuery, MarketPath, PricesQuery, RangeQuery, TradesQuery, VenueEventsQuery,
} from './venues-schemas.js';

export interface VenuesRouterDeps {
  catalog: CatalogReader;
  /** Adapters for live reads, by venue (only registered venues). */
  adapters: Partial<Record<ExchangeCode, VenueAdapter>>;
  /** How long a live answer is reused (ms). */
  liveCacheTtlMs: number;
  now?: () => number;
}

/** The public name of each capability in 404 messages ("manifold has no orderbook operation"). */
const OPERATION_NAMES: Record<ReadCapability, string> = {
  market: 'market', markets: 'markets', events: 'events', orderbook: 'orderbook', trades: 'tradehistory', prices: 'prices', candles: 'candles',
};

function statusesOf(status: string[] | undefined): MarketStatus[] | undefined {
  if (!status || status.includes('all')) return undefined;
  return status as MarketStatus[];
}

function marketsPage(page: Page<CatalogMarket>, list: string) {
  return { markets: page.items, count: page.items.length, next_cursor: page.nextKey ? encodeCursor(list, page.nextKey) : null };
}

function checkRange(q: { start?: string; end?: string }): void {
  if (q.start && q.end && Date.parse(q.start) > Date.parse(q.end)) throw badRequest('start: must not be after end');
}

export function createVenuesRouter(deps: VenuesRouterDeps): Router {
  const router = Router();
  const live = new LiveReadCache(deps.liveCacheTtlMs, deps.now);

  const adapterOf = (exchange: ExchangeCode): VenueAdapter => {
    const a = deps.adapters[exchange];
    if (!a) throw notFound(`exchange ${exchange} is not available (no adapter registered)`);
    return a;
  };
  const requireOp = (exchange: ExchangeCode, cap: ReadCapability): VenueAdapter => {
    const a = adapterOf(exchange);
    if (!a.capabilities.reads[cap]) throw notFound(`${exchange} has no ${OPERATION_NAMES[cap]} operation`);
    return a;
  };

  /** The market from the catalog, else from the venue (not synced yet); 404 when neither knows it. */
  const findMarket = async (exchange: ExchangeCode, marketId: string): Promise<CatalogMarket> => {
    const stored = await deps.catalog.getMarket(exchange, marketId);
    if (stored) return stored;
    const adapter = adapterOf(exchange);
    const fetched = await live.get(`${exchange}|market|${marketId}`, () => adapter.getMarket(marketId)).catch((err: unknown) => {
      throw venueFailure(err, exchange, 'market', marketId);
    });
    if (!fetched) throw notFound(`unknown ${exchange} market: ${marketId}`);
    const { raw: _raw, ...fields } = fetched;
    return { ...fields, svc_id: null, cluster_id: null };
  };

  /** A live read for a known market, cached and coalesced per key; venue failures mapped to 4xx/5xx. */
  const liveRead = async <T>(exchange: ExchangeCode, marketId: string, operation: string, key: string, load: () => Promise<T>): Promise<T> => {
    await findMarket(exchange, marketId);
    return live.get(`${exchange}|${operation}|${marketId}|${key}`, load).catch((err: unknown) => {
      throw venueFailure(err, exchange, operation, marketId);
    });
  };

  // ---- cross-venue events (before the venue-code check: "events" is no venue) --------------------

  router.get('/events', async (req, res) => {
    const q = parseWith(EventsQuery, req.query);
    const listKey = `events|${q.exchange?.join(',') ?? '*'}|${q.category?.join(',') ?? '*'}`;
    const page = await deps.catalog.listEvents({
      exchanges: q.exchange ?? [...EXCHANGE_CODES],
      categories: q.category?.map((c) => c.toLowerCase()),
      limit: q.limit,
      after: q.cursor ? decodeCursor(listKey, q.cursor, 2) : undefined,
    });
    res.json({ events: page.items, count: page.items.length, next_cursor: page.nextKey ? encodeCursor(listKey, page.nextKey) : null });
  });

  router.get('/events/:event_id', async (req, res) => {
    const { event_id } = parseWith(EventIdPath, req.params);
    const q = parseWith(EventByIdQuery, req.query);
    const event = await deps.catalog.findEvent(event_id, q.exchange ? [q.exchange] : EXCHANGE_CODES);
    if (!event) throw notFound(`unknown event: ${event_id}${q.exchange ? ` on ${q.exchange}` : ''}`);
    res.json(event);
  });

  // ---- everything else starts with a venue code -------------------------------------------------

  router.use('/:exchange', (req, _res, next) => {
    if (!isExchangeCode(req.params.exchange)) return next('router');
    next();
  });

  router.get('/:exchange/markets', async (req, res) => {
    const { exchange } = parseWith(ExchangePath, req.params);
    adapterOf(exchange);
    const q = parseWith(MarketListQuery, req.query);
    const categories = q.category?.map((c) => c.toLowerCase());
    const statuses = statusesOf(q.status);
    const listKey = `markets|${exchange}|${statuses?.join(',') ?? '*'}|${categories?.join(',') ?? '*'}|${q.event_id ?? '*'}`;
    const page = await deps.catalog.listMarkets({ exchange, statuses, categories, eventId: q.event_id, limit: q.limit, after: q.cursor ? decodeCursor(listKey, q.cursor, 1) : undefined });
    res.json(marketsPage(page, listKey));
  });

  router.get('/:exchange/categories/:category/markets', async (req, res) => {
    const { exchange, category } = parseWith(CategoryPath, req.params);
    adapterOf(exchange);
    const q = parseWith(CategoryMarketsQuery, req.query);
    const statuses = statusesOf(q.status);
    const listKey = `category|${exchange}|${category.toLowerCase()}|${statuses?.join(',') ?? '*'}`;
    const page = await deps.catalog.listMarkets({ exchange, statuses, categories: [category.toLowerCase()], limit: q.limit, after: q.cursor ? decodeCursor(listKey, q.cursor, 1) : undefined });
    res.json(marketsPage(page, listKey));
  });

  router.get('/:exchange/events', async (req, res) => {
    const { exchange } = parseWith(ExchangePath, req.params);
    requireOp(exchange, 'events');
    const q = parseWith(VenueEventsQuery, req.query);
    const listKey = `events|${exchange}|${q.category?.join(',') ?? '*'}`;
    const page = await deps.catalog.listEvents({ exchanges: [exchange], categories: q.category?.map((c) => c.toLowerCase()), limit: q.limit, after: q.cursor ? decodeCursor(listKey, q.cursor, 2) : undefined });
    res.json({ events: page.items, count: page.items.length, next_cursor: page.nextKey ? encodeCursor(listKey, page.nextKey) : null });
  });

  router.get('/:exchange/events/:event_id', async (req, res) => {
    const { exchange, event_id } = parseWith(EventPath, req.params);
    requireOp(exchange, 'events');
    const event = await deps.catalog.getEvent(exchange, event_id);
    if (!event) throw notFound(`unknown ${exchange} event: ${event_id}`);
    res.json(event);
  });

  router.get('/:exchange/events/:event_id/markets', async (req, res) => {
    const { exchange, event_id } = parseWith(EventPath, req.params);
    requireOp(exchange, 'events');
    const q = parseWith(EventMarketsQuery, req.query);
    const statuses = statusesOf(q.status);
    const listKey = `event|${exchange}|${event_id}|${statuses?.join(',') ?? '*'}`;
    const page = await deps.catalog.listMarkets({ exchange, statuses, eventId: event_id, limit: q.limit, after: q.cursor ? decodeCursor(listKey, q.cursor, 1) : undefined });
    // An event is known if the catalog holds it or any market names it.
    if (page.items.length === 0 && !q.cursor && !(await deps.catalog.getEvent(exchange, event_id))) throw notFound(`unknown ${exchange} event: ${event_id}`);
    res.json(marketsPage(page, listKey));
  });

  router.get('/:exchange/:market_id/market', async (req, res) => {
    const { exchange, market_id } = parseWith(MarketPath, req.params);
    res.json(await findMarket(exchange, market_id));
  });

  router.get('/:exchange/:market_id/rules', async (req, res) => {
    const { exchange, market_id } = parseWith(MarketPath, req.params);
    const m = await findMarket(exchange, market_id);
    res.json({ exchange: m.exchange, market_id: m.market_id, title: m.title, rules: m.rules, url: m.url, updated_at: m.updated_at });
  });

  router.get('/:exchange/:market_id/orderbook', async (req, res) => {
    const { exchange, market_id } = parseWith(MarketPath, req.params);
    const adapter = requireOp(exchange, 'orderbook');
    const q = parseWith(RangeQuery, req.query);
    checkRange(q);
    const book = await liveRead(exchange, market_id, 'orderbook', '', () => adapter.getOrderBook!(market_id));
    // Only the live snapshot is held here; with a range, it is served when it falls inside.
    const t = Date.parse(book.timestamp);
    const inRange = (!q.start || t >= Date.parse(q.start)) && (!q.end || t <= Date.parse(q.end));
    const snapshots = inRange ? [{ bids: book.bids, asks: book.asks, timestamp: book.timestamp }] : [];
    res.json({ snapshots, count: snapshots.length, next_cursor: null });
  });

  router.get('/:exchange/:market_id/topofbook', async (req, res) => {
    const { exchange, market_id } = parseWith(MarketPath, req.params);
    const adapter = requireOp(exchange, 'orderbook');
    const book = await liveRead(exchange, market_id, 'orderbook', '', () => adapter.getOrderBook!(market_id));
    res.json(topOfBook(book));
  });

  router.get('/:exchange/:market_id/tradehistory', async (req, res) => {
    const { exchange, market_id } = parseWith(MarketPath, req.params);
    const adapter = requireOp(exchange, 'trades');
    const q = parseWith(TradesQuery, req.query);
    checkRange(q);
    // The cursor is the timestamp of the oldest trade served plus the ids served at that instant:
    // the next page asks the venue for trades up to that instant and drops those already seen.
    const listKey = `trades|${exchange}|${market_id}|${q.start ?? ''}`;
    let end = q.end;
    let seenAtEnd: string[] = [];
    if (q.cursor) {
      const [before, ids] = decodeCursor(listKey, q.cursor, 2);
      end = before;
      seenAtEnd = ids ? ids.split('\n') : [];
    }
    const want = q.limit + seenAtEnd.length;
    const fetched = await liveRead(exchange, market_id, 'tradehistory', `${q.start ?? ''}|${end ?? ''}|${want}`, () => adapter.getTrades!(market_id, { start: q.start, end, limit: want }));
    const skip = new Set(seenAtEnd);
    const trades: Trade[] = fetched.filter((t) => !skip.has(t.id)).slice(0, q.limit);
    let next_cursor: string | null = null;
    if (trades.length === q.limit && fetched.length >= want) {
      const oldest = trades[trades.length - 1].timestamp;
      const atOldest = trades.filter((t) => t.timestamp === oldest).map((t) => t.id);
      const carried = oldest === end ? seenAtEnd : [];
      next_cursor = encodeCursor(listKey, [oldest, [...carried, ...atOldest].join('\n')]);
    }
    res.json({
      trades: trades.map((t) => ({ id: t.id, price: t.price, size: t.size, taker_side: t.taker_side, outcome: t.outcome, timestamp: t.timestamp })),
      count: trades.length,
      next_cursor,
    });
  });

  router.get('/:exchange/:market_id/prices', async (req, res) => {
    const { exchange, market_id } = parseWith(MarketPath, req.params);
    const adapter = requireOp(exchange, 'prices');
    const q = parseWith(PricesQuery, req.query);
    checkRange(q);
    const points = await liveRead(exchange, market_id, 'prices', `${q.start ?? ''}|${q.end ?? ''}|${q.interval}`, () => adapter.getPriceHistory!(market_id, { start: q.start, end: q.end, interval: q.interval }));
    res.json({ points, count: points.length });
  });

  router.get('/:exchange/:market_id/candles', async (req, res) => {
    const { exchange, market_id } = parseWith(MarketPath, req.params);
    const adapter = requireOp(exchange, 'candles');
    const q = parseWith(CandlesQuery, req.query);
    checkRange(q);
    const candles = await liveRead(exchange, market_id, 'candles', `${q.start ?? ''}|${q.end ?? ''}|${q.interval}`, () => adapter.getCandles!(market_id, { start: q.start, end: q.end, interval: q.interval }));
    res.json({ candles, count: candles.length });
  });

  return router;
}

