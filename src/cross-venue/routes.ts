// The cross-venue routes, declared with defineRoute (schemas registered in the OpenAPI document):
// GET /api/v1/clusters (the matching catalog with live prices, gaps and fees) and
// GET /api/v1/svc/{svc_id}/prices (every member's price series on one grid). Both are svc lookups:
// plans with the svc_lookup feature, like /svc/{svc_id}/cluster and /quotes.
import { Router } from 'express';
import { z } from 'zod';
import { SvcPath } from '../http/routes/clusters-schemas.js';
import { categoryParam, exchangeCodes } from '../http/routes/search-filters.js';
import { badRequest, notFound } from '../http/errors.js';
import { defineRoute } from '../http/define-route.js';
import type { RequireFeature } from '../http/middleware/plan.js';
import { SVC_ID_PATTERN } from '../matching/ids.js';
import { ExchangeCodeSchema } from '../venues/exchanges.js';
import { CLUSTER_SORTS, ClusterQueryError, type ClusterListingService } from './cluster-listing-service.js';
import { MAX_GRID_POINTS, PRICE_INTERVALS, PriceSeriesError, type PriceInterval, type PriceSeriesService } from './price-series-service.js';

export const MAX_CLUSTER_PAGE = 100;

export interface CrossVenueRouteContext {
  listing: ClusterListingService;
  prices: PriceSeriesService;
}

const number = (min: number, max: number, what: string) =>
  z.string().trim().regex(/^-?\d+(\.\d+)?$/, `must be a number (${what})`).transform(Number).pipe(z.number().min(min).max(max)).openapi({ type: 'number', minimum: min, maximum: max, description: what });
const bool = (what: string) => z.enum(['true', 'false']).transform((v) => v === 'true').openapi({ type: 'boolean', description: what });

const ClustersQuery = z
  .object({
    svc_id: z.string().regex(SVC_ID_PATTERN, 'must be svc_ followed by 12 lower-case base32 characters').optional()
      .openapi({ description: 'Only this cluster (one cluster\'s quotes, best legs and gap, as a compare view reads them); a merged-away svc_id is not followed' }),
    q: z.string().trim().min(1).max(200).optional().openapi({ description: 'Words, every one of them (English stems) in the cluster\'s title or a member\'s title' }),
    category: categoryParam.optional(),
    exchange: z
      .union([z.string().max(200), z.array(z.string().max(200)).max(9)])
      .transform((v, ctx) => exchangeCodes(Array.isArray(v) ? v : [v], ctx))
      .optional()
      .openapi({
        description: 'Only clusters that list EVERY venue named: repeat the parameter (exchange=kalshi&exchange=polymarket) or separate codes with commas',
        oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string', enum: [...ExchangeCodeSchema.options] } }],
      }),
    min_venues: z.string().regex(/^\d+$/, 'must be a whole number').transform(Number).pipe(z.number().int().min(1).max(9)).optional()
      .openapi({ type: 'integer', minimum: 1, maximum: 9, default: 2, description: 'Clusters with at least this many member markets the catalog holds (open ones with active_only); default 2' }),
    active_only: bool('true: count only open members toward min_venues (a cluster needs that many open markets)').optional(),
    min_confidence: number(0, 1, 'the cluster\'s confidence (its weakest link) at least this').optional(),
    min_gap: number(-1, 1, 'gap at least this (e.g. 0.01: one cent per contract before fees); clusters without a gap are left out').optional(),
    sort: z.enum(CLUSTER_SORTS).optional().openapi({ description: 'gap (default, largest first), volume (summed over members), venues (member count), confidence, updated (freshest quote first); ties by svc_id' }),
    limit: z.string().regex(/^\d+$/, 'must be a whole number').transform(Number).pipe(z.number().int().min(1).max(MAX_CLUSTER_PAGE)).optional()
      .openapi({ type: 'integer', minimum: 1, maximum: MAX_CLUSTER_PAGE, default: 20 }),
    cursor: z.string().min(1).max(200).optional().openapi({ description: 'next_cursor of the previous page, with the same other parameters' }),
  })
  .strict();

const Leg = z.object({ exchange: z.string(), market_id: z.string(), price: z.number(), fee: z.number().openapi({ description: 'The venue\'s taker fee for one contract at this price (dollars)' }) }).nullable();
const Num = z.number().nullable();
const ClusterQuote = z.object({
  exchange: z.string(),
  market_id: z.string(),
  title: z.string(),
  url: z.string().nullable().openapi({ description: 'The market on its venue' }),
  status: z.string().nullable().openapi({ description: 'The catalog\'s status; null when the catalog no longer holds the market' }),
  yes_bid: Num,
  yes_ask: Num,
  last_price: Num,
  volume: Num,
  as_of: z.string().nullable().openapi({ format: 'date-time', description: 'When the bid and ask were true' }),
  age_seconds: z.number().int().nullable(),
  stale: z.boolean().openapi({ description: 'Older than the venue\'s freshness bound (a stream\'s book is current at any age), or no bid/ask held: never used for best' }),
  source: z.enum(['stream', 'live', 'recorded', 'catalog']).nullable().openapi({ description: 'Where the bid and ask came from: a stream book or a live read in memory, the recorder, or the catalog\'s last sync' }),
});
export const ClusterListItemSchema = z.object({
  svc_id: z.string(),
  title: z.string(),
  category: z.string(),
  close_time: z.string().nullable(),
  market_count: z.number().int(),
  exchanges: z.array(z.string()),
  confidence: z.number(),
  volume: z.number().openapi({ description: 'Summed volume of the members (each venue\'s own units)' }),
  quoted_at: z.string().nullable().openapi({ description: 'The freshest member quote' }),
  quotes: z.array(ClusterQuote),
  best: z.object({
    yes_ask: Leg.openapi({ description: 'The lowest YES ask over the fresh quotes of open members' }),
    no_ask: Leg.openapi({ description: 'The lowest NO ask (1 - YES bid) over the same quotes' }),
  }),
  gap: Num.openapi({ description: '1 - best YES ask - best NO ask; above 0, buying YES on one venue and NO on another costs less than the $1 one of them pays (before fees)' }),
  gap_after_fees: Num.openapi({ description: 'gap minus both legs\' taker fees per contract (each venue\'s published model; per-order rounding computed for a 100-contract order)' }),
  fees_complete: z.boolean().openapi({ description: 'false: a venue of the best legs publishes no fee model, counted as 0' }),
});
const ClusterList = z
  .object({
    items: z.array(ClusterListItemSchema),
    count: z.number().int(),
    total: z.number().int().openapi({ description: 'Clusters in the whole listing (as of its first page)' }),
    next_cursor: z.string().nullable(),
  })
  .openapi('ClusterList');

const list = defineRoute({
  method: 'get',
  path: '/clusters',
  tags: ['Cross-exchange matching'],
  summary: 'Browse the clusters of equivalent markets with their live prices, best YES/NO asks and the gap between venues',
  description:
    'Plans: pro, max, admin. Quotes come only from what the service holds (stream books and live reads in memory, the recorder, the catalog\'s last sync), never a venue call per cluster; ' +
    'each says its age, and one older than its venue\'s freshness bound is `stale` and never counts for `best`. ' +
    'Cursors are snapshots: the first page stores the order of the whole listing and next_cursor names it with an offset, so later pages continue that order ' +
    '(with current quotes) and no cluster is repeated or skipped while prices move; a cluster dissolved since is left out. A cursor lasts 10 minutes and only with the first page\'s filters and sort.',
  params: z.object({}),
  query: ClustersQuery,
  response: ClusterList,
  errors: { 403: 'The plan of the key has no svc lookups (pro, max, admin)' },
  handle: async (ctx: CrossVenueRouteContext, { query }) => {
    try {
      return await ctx.listing.list({
        svcId: query.svc_id, q: query.q, category: query.category, exchanges: query.exchange ?? [], minVenues: query.min_venues ?? 2, activeOnly: query.active_only ?? false,
        minConfidence: query.min_confidence, minGap: query.min_gap, sort: query.sort ?? 'gap', limit: query.limit ?? 20, cursor: query.cursor,
      });
    } catch (err) {
      if (err instanceof ClusterQueryError) throw badRequest(err.message);
      throw err;
    }
  },
});

const isoTime = (what: string) => z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'must be an ISO 8601 time').openapi({ format: 'date-time', description: what });
const PricesQuery = z
  .object({
    start: isoTime('Start of the range (default: a day of 1m, a week of 1h, 90 days of 1d before end)').optional(),
    end: isoTime('End of the range (default now)').optional(),
    interval: z.enum(Object.keys(PRICE_INTERVALS) as [PriceInterval, ...PriceInterval[]]).optional().openapi({ default: '1h', description: `The grid's step; at most ${MAX_GRID_POINTS} points` }),
  })
  .strict();
const ClusterPrices = z
  .object({
    svc_id: z.string(),
    merged_into: z.string().nullable(),
    interval: z.string(),
    timestamps: z.array(z.string()).openapi({ description: 'The grid: the start of each period, oldest first' }),
    series: z.array(z.object({
      exchange: z.string(),
      market_id: z.string(),
      source: z.enum(['recorded', 'venue', 'none']).openapi({ description: 'recorded: the recorder\'s trades; venue: the venue\'s price history; none: neither (note says why)' }),
      note: z.string().nullable(),
      prices: z.array(z.number().nullable()).openapi({ description: 'YES price at the end of each period, aligned with timestamps; carried forward; null before the first' }),
    })),
  })
  .openapi('ClusterPrices');

const prices = defineRoute({
  method: 'get',
  path: '/svc/:svc_id/prices',
  tags: ['Cross-exchange matching'],
  summary: 'Every member\'s price series on one time grid, for plotting the venues side by side',
  description: 'Plans: pro, max, admin. Recorded data where the recorder holds trades of the member in the range, the venue\'s price history otherwise. A merged-away svc_id answers with its survivor (merged_into).',
  params: SvcPath,
  query: PricesQuery,
  response: ClusterPrices,
  errors: { 403: 'The plan of the key has no svc lookups (pro, max, admin)', 404: 'Unknown or dissolved svc_id' },
  handle: async (ctx: CrossVenueRouteContext, { params, query }) => {
    try {
      const body = await ctx.prices.prices(params.svc_id, { start: query.start, end: query.end, interval: query.interval ?? '1h' });
      if (!body) throw notFound(`unknown svc_id: ${params.svc_id}`);
      return body;
    } catch (err) {
      if (err instanceof PriceSeriesError) throw badRequest(err.message);
      throw err;
    }
  },
});

export function createCrossVenueRouter(ctx: CrossVenueRouteContext, requireFeature: RequireFeature): Router {
  const router = Router();
  const gate = requireFeature('svc_lookup');
  router.get('/clusters', gate);
  router.get('/svc/:svc_id/prices', gate);
  list.mount(router, ctx);
  prices.mount(router, ctx);
  return router;
}
