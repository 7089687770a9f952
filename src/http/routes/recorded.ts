// Recorded market data over HTTP (docs/api-contract.md §5): raw book deltas (kalshi, polymarket), the best
// bid/ask series and order-book analytics (venues with an order book), per venue and again under
// /api/v1/analytics/{exchange}/{market_id}/... . Series are oldest first and paged by an opaque cursor
// holding the last (timestamp, sequence) served. Mounted before the venue router.
import { Router } from 'express';
import type { RecordedDataService, SeriesQuery as ServiceSeriesQuery } from '../../market-data/recorded-data-service.js';
import { isExchangeCode } from '../../venues/exchanges.js';
import { defineRoute, type RouteDefinition } from '../define-route.js';
import { badRequest } from '../errors.js';
import { marketDataErrors } from '../market-data-errors.js';
import { Analytics, BboSeries, DeltaList, SeriesQuery } from './recorded-schemas.js';
import { decodeCursor, encodeCursor } from './venues-cursor.js';
import { MarketPath } from './venues-schemas.js';

const tags = ['Recorded market data'];
const RANGE = 'start and end: ISO 8601 or unix seconds; end defaults to now, start to a day before end. Only markets the recorder tracks (RECORDER_MARKETS) have recorded rows; others answer an empty page.';

type Q = { start?: string; end?: string; limit: number; cursor?: string };

function seriesQuery(listKey: string, q: Q): ServiceSeriesQuery {
  if (q.start && q.end && Date.parse(q.start) > Date.parse(q.end)) throw badRequest('start: must not be after end');
  let after;
  if (q.cursor) {
    const [ts, seq] = decodeCursor(listKey, q.cursor, 2).map(Number);
    if (!Number.isFinite(ts) || !Number.isFinite(seq)) throw badRequest('cursor: invalid cursor');
    after = { ts, seq };
  }
  return { start: q.start, end: q.end, limit: q.limit, after };
}

const nextCursor = (listKey: string, next: { ts: number; seq: number } | null): string | null => (next ? encodeCursor(listKey, [String(next.ts), String(next.seq)]) : null);
const iso = (ms: number): string => new Date(ms).toISOString();
const r8 = (x: number): number => Math.round(x * 1e8) / 1e8;

function bboRoute(path: string): RouteDefinition<RecordedDataService> {
  return defineRoute({
    method: 'get',
    path,
    tags,
    summary: 'Best bid/ask series (recorded): one point per change of the top of book',
    description: `Each point is the top of book from that instant until the next point. ${RANGE}`,
    params: MarketPath,
    query: SeriesQuery,
    response: BboSeries,
    errors: { 404: 'Unknown exchange or market, or the venue has no order book (no bbo operation)' },
    guard: (svc, { exchange }) => svc.withBooks(exchange, 'bbo'),
    async handle(svc, { params, query }) {
      const listKey = `bbo|${params.exchange}|${params.market_id}|${query.start ?? ''}|${query.end ?? ''}`;
      const page = await svc.bbo(params.exchange, params.market_id, seriesQuery(listKey, query));
      const bbo = page.items.map((t) => ({
        timestamp: iso(t.ts), best_bid: t.best_bid, best_ask: t.best_ask, bid_size: t.bid_size, ask_size: t.ask_size,
        mid: t.best_bid !== null && t.best_ask !== null ? r8((t.best_bid + t.best_ask) / 2) : null,
        spread: t.best_bid !== null && t.best_ask !== null ? r8(t.best_ask - t.best_bid) : null,
      }));
      return { bbo, count: bbo.length, next_cursor: nextCursor(listKey, page.next) };
    },
  });
}

function analyticsRoute(path: string): RouteDefinition<RecordedDataService> {
  return defineRoute({
    method: 'get',
    path,
    tags,
    summary: 'Order-book analytics of the current book: spread, mid, microprice, depth within 1/5/10 cents, imbalance',
    params: MarketPath,
    response: Analytics,
    errors: { 404: 'Unknown exchange or market, or the venue has no order book (no analytics operation)', 502: 'The venue failed to answer', 503: 'The venue is unavailable', 504: 'The venue did not answer in time' },
    guard: (svc, { exchange }) => svc.withBooks(exchange, 'analytics'),
    async handle(svc, { params }) {
      return { exchange: params.exchange, market_id: params.market_id, ...(await svc.analytics(params.exchange, params.market_id)) };
    },
  });
}

const ANALYTICS_GROUP: RouteDefinition<RecordedDataService>[] = [analyticsRoute('/analytics/:exchange/:market_id/analytics'), bboRoute('/analytics/:exchange/:market_id/bbo')];

const PER_VENUE: RouteDefinition<RecordedDataService>[] = [
  defineRoute({
    method: 'get',
    path: '/:exchange/:market_id/deltas',
    tags,
    summary: 'Raw order-book deltas (recorded; kalshi, polymarket)',
    description:
      'Level changes in the order the recorder applied them (by seq). To rebuild the book at any instant: take the latest snapshot of /orderbook?start&end ' +
      'before it and apply the deltas with a higher seq. After an upstream reconnect the venue\'s fresh snapshot (a resync) replaces the book; deltas are not ' +
      `recorded between the drop and that snapshot (the interval is a gap, shown in /health). ${RANGE}`,
    params: MarketPath,
    query: SeriesQuery,
    response: DeltaList,
    errors: { 404: 'Unknown exchange or market, or the venue has no deltas operation' },
    guard: (svc, { exchange }) => svc.withDeltas(exchange),
    async handle(svc, { params, query }) {
      const listKey = `deltas|${params.exchange}|${params.market_id}|${query.start ?? ''}|${query.end ?? ''}`;
      const page = await svc.deltas(params.exchange, params.market_id, seriesQuery(listKey, query));
      const deltas = page.items.map((d) => ({ seq: d.seq, side: d.side, price: d.price, size: d.size, size_delta: d.size_delta, timestamp: iso(d.ts) }));
      return { deltas, count: deltas.length, next_cursor: nextCursor(listKey, page.next) };
    },
  }),
  bboRoute('/:exchange/:market_id/bbo'),
  analyticsRoute('/:exchange/:market_id/analytics'),
];

export function createRecordedRouter(svc: RecordedDataService): Router {
  const router = Router();
  // /analytics/<not a venue>/... is no operation: on to the 404.
  router.use('/analytics/:exchange', (req, _res, next) => (isExchangeCode(req.params.exchange) ? next() : next('router')));
  for (const route of ANALYTICS_GROUP) route.mount(router, svc);
  router.use('/:exchange', (req, _res, next) => (isExchangeCode(req.params.exchange) ? next() : next('router')));
  for (const route of PER_VENUE) route.mount(router, svc);
  router.use(marketDataErrors);
  return router;
}
