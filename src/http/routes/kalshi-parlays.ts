// Kalshi parlay (combo, multivariate) trades over HTTP (docs/api-contract.md §5: /kalshi/parlays/trades?start&end):
// the trades of combo markets in a time range, newest first, paged by an opaque cursor that holds the
// range and where the venue scan stopped (src/market-data/parlays.ts). Other venues: 404 naming the
// operation. Mounted before the venue router.
import { Router } from 'express';
import { z } from 'zod';
import type { ParlayTradeService } from '../../market-data/parlays.js';
import type { ScanPosition } from '../../venues/kalshi/parlays.js';
import { isExchangeCode, type ExchangeCode } from '../../venues/exchanges.js';
import { defineRoute, type RouteDefinition } from '../define-route.js';
import { badRequest, notFound } from '../errors.js';
import { marketDataErrors } from '../market-data-errors.js';
import { openapi } from '../openapi.js';
import { decodeCursor, encodeCursor } from './venues-cursor.js';
import { ExchangePath, RangeQuery } from './venues-schemas.js';

const tags = ['Recorded market data'];
const DAY_MS = 86_400_000;

const Leg = z.object({
  event_ticker: z.string(),
  market_ticker: z.string(),
  side: z.string().openapi({ description: 'The side of the leg\'s market the combo takes: yes or no' }),
});

const ParlayTradeSchema = openapi.register(
  'ParlayTrade',
  z.object({
    id: z.string().openapi({ description: 'The venue\'s trade id' }),
    market_id: z.string().openapi({ description: 'The combo market\'s ticker' }),
    event_id: z.string().openapi({ description: 'The combo market\'s event ticker' }),
    title: z.string().nullable().openapi({ description: 'The combo\'s title (its legs in words)' }),
    mve_collection_ticker: z.string().openapi({ description: 'The multivariate event collection the combo belongs to, e.g. KXMVECROSSCATEGORY-R' }),
    mve_selected_legs: z.array(Leg).openapi({ description: 'The legs the combo combines' }),
    price: z.number().min(0).max(1).openapi({ description: 'Probability of YES of the combo (0..1), the venue\'s yes price' }),
    size: z.number().openapi({ description: 'Contracts' }),
    taker_side: z.enum(['buy', 'sell']).nullable().openapi({ description: 'Whether the taker bought or sold YES' }),
    outcome: z.string().nullable().openapi({ description: 'Always yes: the price is YES\'s' }),
    timestamp: z.string().openapi({ format: 'date-time' }),
  }),
);

const ParlayTradeList = openapi.register(
  'ParlayTradeList',
  z.object({ trades: z.array(ParlayTradeSchema), count: z.number().int(), next_cursor: z.string().nullable() }),
);

const ParlayQuery = RangeQuery.extend({
  limit: z.coerce.number().int().min(1).max(1000).default(100).openapi({ description: 'Trades per page, 1..1000 (default 100)' }),
  cursor: z.string().min(1).optional().openapi({ description: 'Opaque cursor from next_cursor of the previous page (with the same start and end, or none)' }),
});

const DESCRIPTION =
  'Trades of Kalshi\'s combo markets (parlays: markets of a multivariate event collection, which combine legs of other markets) with start <= timestamp <= end, ' +
  'newest first. Each trade carries its combo market, the collection and the legs; price is the probability of YES of the combo (0..1), size in contracts.\n\n' +
  'start and end: ISO 8601 or unix seconds; end defaults to now, start to a day before end.\n\n' +
  'Source: the venue\'s trade history, read live: its live tier, and for the part of the range before Kalshi\'s historical cutoff (about three months back) its historical tier, ' +
  'so any range is answered. The recorder does not hold these trades: the catalog (and so the recorder\'s selection) leaves combo markets out, ' +
  'as Kalshi lists tens of thousands of them, nearly all without a trade. Kalshi\'s trade list has no filter for combos, so the service reads the exchange-wide ' +
  'trade list of the range and keeps the combo trades (which markets are combos is looked up once per market and remembered). One request reads at most ' +
  '10,000 venue trades: on a range with few combo trades a page can hold fewer than limit trades (even none) while next_cursor is not null. ' +
  'Follow next_cursor until it is null to get every trade of the range.';

const kalshiOnly = (exchange: ExchangeCode): void => {
  if (exchange !== 'kalshi') throw notFound(`${exchange} has no parlays operation`);
};

const ROUTES: RouteDefinition<ParlayTradeService>[] = [
  defineRoute({
    method: 'get',
    path: '/:exchange/parlays/trades',
    tags,
    summary: 'Parlay (combo) trades of a time range (kalshi), newest first',
    description: DESCRIPTION,
    params: ExchangePath,
    query: ParlayQuery,
    response: ParlayTradeList,
    errors: { 404: 'The venue has no parlays operation', 502: 'The venue failed to answer', 503: 'The venue is unavailable', 504: 'The venue did not answer in time' },
    guard: (_svc, { exchange }) => kalshiOnly(exchange),
    async handle(svc, { query: q }) {
      // The cursor belongs to the list asked (the range as given) and holds the range as resolved, so
      // a default end (now) does not move between pages.
      const listKey = `parlays|${q.start ?? ''}|${q.end ?? ''}`;
      let startMs: number;
      let endMs: number;
      let from: ScanPosition | undefined;
      if (q.cursor) {
        const [s, e, tier, cutoff, venueCursor, skip] = decodeCursor(listKey, q.cursor, 6);
        [startMs, endMs] = [Number(s), Number(e)];
        const n = Number(skip);
        const cutoffMs = cutoff === '' ? null : Number(cutoff);
        if (!Number.isFinite(startMs) || !Number.isFinite(endMs) || (tier !== 'live' && tier !== 'historical') || (cutoffMs !== null && !Number.isFinite(cutoffMs)) || !Number.isInteger(n) || n < 0 || n > 1000) {
          throw badRequest('cursor: invalid cursor');
        }
        from = { tier, cutoffMs, venueCursor, skip: n };
      } else {
        endMs = q.end ? Date.parse(q.end) : svc.now();
        startMs = q.start ? Date.parse(q.start) : endMs - DAY_MS;
        if (startMs > endMs) throw badRequest(q.end ? 'start: must not be after end' : 'start: must not be in the future (end defaults to now)');
      }
      const page = await svc.trades({ startMs, endMs, limit: q.limit, from });
      return {
        trades: page.trades.map((t) => ({
          id: t.id, market_id: t.market_id, event_id: t.event_id, title: t.title, mve_collection_ticker: t.mve_collection_ticker, mve_selected_legs: t.mve_selected_legs,
          price: t.price, size: t.size, taker_side: t.taker_side, outcome: t.outcome, timestamp: t.timestamp,
        })),
        count: page.trades.length,
        next_cursor: page.next ? encodeCursor(listKey, [String(startMs), String(endMs), page.next.tier, page.next.cutoffMs === null ? '' : String(page.next.cutoffMs), page.next.venueCursor, String(page.next.skip)]) : null,
      };
    },
  }),
];

export function createParlayRouter(svc: ParlayTradeService): Router {
  const router = Router();
  router.use('/:exchange', (req, _res, next) => (isExchangeCode(req.params.exchange) ? next() : next('router')));
  for (const route of ROUTES) route.mount(router, svc);
  router.use(marketDataErrors);
  return router;
}
