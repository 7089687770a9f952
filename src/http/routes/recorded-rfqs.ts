// Kalshi RFQs (src/market-data/rfqs.ts): by id, by market, by UTC day. Member reads: the service signs
// them with its own Kalshi key (503 naming the settings when it has none). Other venues: 404 naming
// the operation. Mounted before the venue router.
import { Router, type ErrorRequestHandler } from 'express';
import { z } from 'zod';
import type { RfqService } from '../../market-data/rfqs.js';
import { isExchangeCode, type ExchangeCode } from '../../venues/exchanges.js';
import { RfqKeyMissingError } from '../../venues/kalshi/rfqs.js';
import { defineRoute, type RouteDefinition } from '../define-route.js';
import { HttpError, notFound } from '../errors.js';
import { marketDataErrors } from '../market-data-errors.js';
import { openapi } from '../openapi.js';
import { decodeCursor, encodeCursor } from './venues-cursor.js';
import { ExchangeParam } from './venues-schemas.js';

const tags = ['Recorded market data'];
const KEY_NOTE = 'A member read: the service signs it with its own Kalshi API key (KALSHI_WS_KEY_ID, KALSHI_WS_PRIVATE_KEY); without one it answers 503. The simulators accept their test key.';
const venueDown = { 502: 'The venue failed to answer', 503: 'No Kalshi API key configured, or the venue is unavailable', 504: 'The venue did not answer in time' };

const RfqSchema = openapi.register(
  'Rfq',
  z.object({
    id: z.string(),
    market_id: z.string(),
    contracts: z.number().nullable(),
    target_cost: z.number().nullable().openapi({ description: 'USD, when the RFQ asked for a cost instead of a size' }),
    status: z.string().openapi({ description: 'open or closed (the venue\'s word)' }),
    rest_remainder: z.boolean().nullable(),
    mve_collection_ticker: z.string().nullable().openapi({ description: 'For a combo (parlay) market: its collection' }),
    mve_selected_legs: z.array(z.object({ event_ticker: z.string(), market_ticker: z.string(), side: z.string() })).nullable(),
    created_at: z.string().openapi({ format: 'date-time' }),
    updated_at: z.string().nullable().openapi({ format: 'date-time' }),
  }),
);
const RfqList = z.object({ rfqs: z.array(RfqSchema), count: z.number().int(), next_cursor: z.string().nullable() });
const Limit = z.coerce.number().int().min(1).max(100).default(100).openapi({ description: 'Page size, 1..100 (default 100)' });
const Cursor = z.string().min(1).optional().openapi({ description: 'Opaque cursor from next_cursor of the previous page' });
const DateParam = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'must be a calendar date');

const kalshiOnly = (exchange: ExchangeCode): void => {
  if (exchange !== 'kalshi') throw notFound(`${exchange} has no rfqs operation`);
};

function page(listKey: string, r: { rfqs: unknown[]; cursor: string | null }) {
  return { rfqs: r.rfqs, count: r.rfqs.length, next_cursor: r.cursor ? encodeCursor(listKey, [r.cursor]) : null };
}

const ROUTES: RouteDefinition<RfqService>[] = [
  defineRoute({
    method: 'get',
    path: '/:exchange/rfqs/:rfq_id',
    tags, summary: 'An RFQ by id (kalshi)', description: KEY_NOTE,
    params: z.object({ exchange: ExchangeParam, rfq_id: z.string().min(1).max(100) }),
    response: RfqSchema,
    errors: { 404: 'Unknown RFQ, or the venue has no rfqs operation', ...venueDown },
    guard: (_svc, { exchange }) => kalshiOnly(exchange),
    handle: (svc, { params }) => svc.rfq(params.rfq_id),
  }),
  defineRoute({
    method: 'get',
    path: '/:exchange/rfqs',
    tags, summary: 'RFQs created on a UTC day (kalshi), newest first', description: KEY_NOTE,
    params: z.object({ exchange: ExchangeParam }),
    query: z.object({ date: DateParam, limit: Limit, cursor: Cursor }),
    response: RfqList,
    errors: { 404: 'The venue has no rfqs operation', ...venueDown },
    guard: (_svc, { exchange }) => kalshiOnly(exchange),
    async handle(svc, { query: q }) {
      const listKey = `rfqs|date|${q.date}`;
      return page(listKey, await svc.byDate(q.date, { limit: q.limit, cursor: q.cursor ? decodeCursor(listKey, q.cursor, 1)[0] : undefined }));
    },
  }),
  defineRoute({
    method: 'get',
    path: '/:exchange/:market_id/rfqs',
    tags, summary: 'RFQs of a market (kalshi), newest first', description: KEY_NOTE,
    params: z.object({ exchange: ExchangeParam, market_id: z.string().min(1).max(300) }),
    query: z.object({ limit: Limit, cursor: Cursor }),
    response: RfqList,
    errors: { 404: 'Unknown market, or the venue has no rfqs operation', ...venueDown },
    guard: (_svc, { exchange }) => kalshiOnly(exchange),
    async handle(svc, { params, query: q }) {
      const listKey = `rfqs|market|${params.market_id}`;
      return page(listKey, await svc.byMarket(params.market_id, { limit: q.limit, cursor: q.cursor ? decodeCursor(listKey, q.cursor, 1)[0] : undefined }));
    },
  }),
];

const keyMissing: ErrorRequestHandler = (err: unknown, _req, _res, next) => next(err instanceof RfqKeyMissingError ? new HttpError(503, err.message) : err);

export function createRfqRouter(svc: RfqService): Router {
  const router = Router();
  router.use('/:exchange', (req, _res, next) => (isExchangeCode(req.params.exchange) ? next() : next('router')));
  for (const route of ROUTES) route.mount(router, svc);
  router.use(keyMissing);
  router.use(marketDataErrors);
  return router;
}
