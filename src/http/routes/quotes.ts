// Quotes in bulk (src/market-data/quotes.ts): GET /quotes?markets=kalshi:T1,opinion:123 (up to 100
// markets, any key) and GET /svc/{svc_id}/quotes (every member of a cluster; plans with the
// svc_lookup feature, like the other svc_id lookups). Mounted before the venue router.
import { Router } from 'express';
import { z } from 'zod';
import type { ClusterReader } from '../../matching/cluster-repository.js';
import type { QuoteKey, QuoteService } from '../../market-data/quotes.js';
import { EXCHANGE_CODES, isExchangeCode } from '../../venues/exchanges.js';
import { notFound } from '../errors.js';
import type { RequireFeature } from '../middleware/plan.js';
import { defineRoute, mountRoutes, type RouteDefinition } from '../define-route.js';
import { errorResponse, keyedErrors, openapi } from '../openapi.js';
import { SvcPath } from './clusters-schemas.js';

export const MAX_QUOTED_MARKETS = 100;

const MarketsParam = z
  .string()
  .transform((v, ctx): QuoteKey[] => {
    const items = v.split(',').map((s) => s.trim()).filter(Boolean);
    if (items.length === 0) ctx.addIssue({ code: 'custom', message: 'at least one exchange:market_id' });
    if (items.length > MAX_QUOTED_MARKETS) ctx.addIssue({ code: 'custom', message: `at most ${MAX_QUOTED_MARKETS} markets` });
    const keys: QuoteKey[] = [];
    for (const item of items) {
      const colon = item.indexOf(':');
      const exchange = colon > 0 ? item.slice(0, colon) : '';
      const marketId = colon > 0 ? item.slice(colon + 1) : '';
      if (!isExchangeCode(exchange) || marketId.length === 0 || marketId.length > 300) {
        ctx.addIssue({ code: 'custom', message: `"${item.slice(0, 80)}" is not exchange:market_id (exchange one of ${EXCHANGE_CODES.join(', ')})` });
        continue;
      }
      keys.push({ exchange, marketId });
    }
    return keys;
  })
  .openapi({ type: 'string', description: `Comma-separated exchange:market_id pairs, at most ${MAX_QUOTED_MARKETS}`, example: 'kalshi:KXFEDCHAIR-26-KW,opinion:1234' });

const QuotesQuery = z.object({ markets: MarketsParam });

const Num = z.number().nullable();
const QuoteSchema = z.object({
  exchange: z.string(),
  market_id: z.string(),
  price: Num.openapi({ description: 'YES price 0..1: the mid of the recorder\'s newer book, else the venue\'s YES price' }),
  bid: Num,
  ask: Num,
  last: Num.openapi({ description: 'Last trade price' }),
  volume: Num,
  updated_at: z.string().openapi({ format: 'date-time', description: 'When the freshest part of the quote was seen' }),
  source: z.enum(['recorded', 'catalog']).openapi({ description: 'recorded: the recorder had newer book or trade data than the last catalog sync' }),
  status: z.string().openapi({ description: "The catalog's status of the market (open, upcoming, closed, resolved, halted): only an open market's bid and ask can be traded" }),
});
const Missing = z.object({ exchange: z.string(), market_id: z.string() });
const QuotesResponse = openapi.register('Quotes', z.object({ quotes: z.array(QuoteSchema), count: z.number().int(), missing: z.array(Missing).openapi({ description: 'Markets asked for that the catalog does not hold' }) }));
const SvcQuotesResponse = openapi.register('SvcQuotes', z.object({ svc_id: z.string(), cluster_id: z.string(), merged_into: z.string().nullable(), quotes: z.array(QuoteSchema), count: z.number().int() }));

type Ctx = { quotes: QuoteService; clusters: ClusterReader; requireFeature: RequireFeature };

const routes: RouteDefinition<Ctx>[] = [
  defineRoute({
    method: 'get',
    path: '/quotes',
    tags: ['Quotes'],
    summary: `Quotes of up to ${MAX_QUOTED_MARKETS} markets in one request`,
    description: 'One quote per distinct market asked for, in the order asked; unknown markets are listed under missing (the request still succeeds).',
    query: QuotesQuery,
    responses: { 200: { description: 'OK', content: { 'application/json': { schema: QuotesResponse } } }, ...keyedErrors },
    handle: async (deps: Ctx, { query: { markets } }) => {
      const { quotes, missing } = await deps.quotes.quotes(markets);
      return { quotes, count: quotes.length, missing: missing.map((m) => ({ exchange: m.exchange, market_id: m.marketId })) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/svc/:svc_id/quotes',
    tags: ['Quotes'],
    summary: 'Quotes of every member market of a cluster',
    description: 'Plans with svc_id lookups (pro, max, admin). A svc_id that merged away answers with its survivor (merged_into).',
    params: SvcPath,
    responses: { 200: { description: 'OK', content: { 'application/json': { schema: SvcQuotesResponse } } }, ...keyedErrors, 403: errorResponse('The plan has no svc_id lookups'), 404: errorResponse('Unknown svc_id') },
    middleware: (deps: Ctx) => [deps.requireFeature('svc_lookup')],
    handle: async (deps: Ctx, { params: { svc_id } }) => {
      const c = await deps.clusters.bySvcId(svc_id);
      if (!c) throw notFound(`unknown svc_id: ${svc_id}`);
      const keys = c.members.filter((m) => isExchangeCode(m.exchange)).map((m) => ({ exchange: m.exchange as QuoteKey['exchange'], marketId: m.market_id }));
      const { quotes } = await deps.quotes.quotes(keys);
      return { svc_id: c.svc_id, cluster_id: c.cluster_id, merged_into: c.merged_into, quotes, count: quotes.length };
    },
  }),
];

export function createQuotesRouter(deps: Ctx): Router {
  return mountRoutes(Router(), deps, routes);
}
