// POST /api/v1/search/semantic (docs/interface-spec.md §4.3). Mounted under /api/v1/search behind the
// API-key middleware; the plan gate answers 403 below Max before the body is looked at.
import { Router } from 'express';
import { z } from 'zod';
import { MAX_QUERY_CHARS } from '../../search/query-text.js';
import type { ResponseCache } from '../../search/response-cache.js';
import { semanticCacheKey, type SemanticAnswer } from '../../search/semantic/result-cache.js';
import { CLOSED_PENALTY, DEFAULT_LIMIT, MAX_DEPTH, MAX_LIMIT, type SemanticSearchRequest, type SemanticSearchService } from '../../search/semantic/semantic-search.js';
import { ExchangeCodeSchema } from '../../venues/exchanges.js';
import { badRequest, unavailable } from '../errors.js';
import type { RequireFeature } from '../middleware/plan.js';
import { defineRoute, mountRoutes } from '../define-route.js';
import { errorResponse, keyedErrors, openapi } from '../openapi.js';
import { createHash } from 'node:crypto';
import type { CatalogReader } from '../../catalog/catalog-repository.js';
import { withResultFields } from '../../search/result-fields.js';
import { groupFieldsShape, resultFieldsShape } from './search.js';
import { withClusterVenues } from '../../search/grouped-results.js';
import { categoryParam, collapseFor, eventOf, eventParam, exchangeBodyField, groupParam, statusFilter, statusParam } from './search-filters.js';

export const SemanticSearchRequestSchema = z
  .object({
    query: z.string().trim().min(1, 'must not be empty').max(MAX_QUERY_CHARS).openapi({
      description: 'Natural-language query',
      example: 'will bitcoin be worth more than 100k at the end of the year',
    }),
    exchange: exchangeBodyField.optional(),
    active_only: z.boolean().optional().openapi({ description: 'Only markets that are not closed (the same as status "open"); default false' }),
    status: statusParam.optional(),
    category: categoryParam.optional(),
    limit: z.number().int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT).openapi({ description: `Results wanted, 1..${MAX_LIMIT}` }),
    cursor: z.string().max(500).optional().openapi({ description: `next_cursor of the previous page (same request otherwise); pages reach the ${MAX_DEPTH} best results (as grouped)` }),
    group: groupParam.optional(),
    event: eventParam.optional(),
  })
  .strict()
  .openapi('SemanticSearchRequest');

const SemanticResultItemSchema = openapi.register(
  'SemanticSearchResult',
  z.object({
    market_id: z.string(),
    exchange: ExchangeCodeSchema,
    title: z.string(),
    category: z.string().openapi({ description: 'A word of the shared vocabulary (GET /api/v1/categories)' }),
    closed: z.boolean(),
    score: z.number().openapi({
      description:
        'Lower is more relevant (the opposite direction of keyword search, where higher is better): cosine distance of the query to the nearer of the title and rules embeddings, ' +
        `minus up to 0.2 for query keywords found in the title, plus ${CLOSED_PENALTY} for a closed or resolved market (open ones first among results of similar relevance)`,
    }),
    svc_id: z.string().optional().openapi({ description: 'Cross-exchange cluster id; present only when the market is in a cluster' }),
    ...resultFieldsShape,
    ...groupFieldsShape,
  }),
);

const SemanticSearchResponseSchema = openapi.register(
  'SemanticSearchResponse',
  z.object({
    query: z.string().openapi({ description: 'The query as sent' }),
    count: z.number().int().openapi({ description: 'Results on this page' }),
    results: z.array(SemanticResultItemSchema),
    next_cursor: z.string().nullable().openapi({ description: 'Pass as `cursor` for the next page; null on the last one' }),
  }),
);

/** A page's place in one request's ranking: the request (without its cursor) and the offset. */
function requestFingerprint(request: Omit<SemanticSearchRequest, 'offset'>): string {
  return createHash('sha256').update(semanticCacheKey({ ...request, offset: 0 })).digest('base64url').slice(0, 12);
}

function decodeOffset(cursor: string, fingerprint: string): number {
  let parsed: { f?: unknown; o?: unknown };
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { f?: unknown; o?: unknown };
  } catch {
    throw badRequest('cursor: cursor is not valid');
  }
  if (typeof parsed?.f !== 'string' || !Number.isInteger(parsed.o) || (parsed.o as number) < 1 || (parsed.o as number) >= MAX_DEPTH) {
    throw badRequest('cursor: cursor is not valid');
  }
  if (parsed.f !== fingerprint) throw badRequest('cursor: cursor belongs to a different query');
  return parsed.o as number;
}

export interface SemanticRouterDeps {
  requireFeature: RequireFeature;
  /** The search service, or undefined while the model is not (or could not be) loaded. */
  getService: () => SemanticSearchService | undefined;
  /** Recent answers (result-cache.ts); invalidated when the catalog or the embeddings change. */
  cache?: ResponseCache<SemanticAnswer>;
  /** Why getService() has nothing yet (model being fetched, loading, failed), for the 503. */
  unavailableReason?: () => string;
  /** The catalog, for each result's prices, volume and close time (without it they are null). */
  catalog?: CatalogReader;
}

const route = defineRoute({
  method: 'post',
  base: '/api/v1/search',
  path: '/semantic',
  tags: ['Search'],
  summary: 'Semantic (meaning-based) search over market titles and rules',
  description:
    'Plans: max, admin, enterprise. Relevance combines embedding similarity over titles and rules with a boost for exact keyword matches in titles; a lower `score` is more relevant (keyword search\'s `score` runs the other way: higher is better). ' +
    'Open and upcoming markets come before closed and resolved ones of similar relevance. The filters are keyword search\'s: `exchange` (one or many), `status` or `active_only`, `category`; an unknown field is a 400 naming it. ' +
    'Each result carries its price, bid/ask, volume and close time from the catalog (as of the last sync; an answer may be served from a cache of at most 60 s). ' +
    '`group` as in keyword search (default `none`): `event` one result per venue event, so that one event cannot fill a page (`more_in_event` counts its other markets among the ranked candidates; `event` ranks all of them), ' +
    '`cluster` one result per cross-venue cluster with its `venues` and `best` prices, `none` every market; `limit` and cursors count results as grouped. ' +
    'The response carries a Server-Timing header (embed, db; `cache;desc=hit` when the answer was served from the recent-answers cache, ' +
    'which is dropped when a title, category, status, cluster or stored embedding changes; price-only changes keep it). ' +
    'Such a change shows in every answer, cached or not, within about a second with a PostgreSQL server and within a few seconds on the embedded database.',
  body: { schema: SemanticSearchRequestSchema, required: true },
  responses: {
    200: { description: 'Ranked results', content: { 'application/json': { schema: SemanticSearchResponseSchema } } },
    ...keyedErrors,
    403: errorResponse('The key\'s plan is below Max.'),
    503: errorResponse('The embedding model is not loaded yet (being fetched or loading; /health shows the progress) or could not be loaded.'),
  },
  middleware: (deps: SemanticRouterDeps) => [deps.requireFeature('semantic_search')],
  handle: async (deps: SemanticRouterDeps, { body: parsed }, req, res) => {
    const { cursor, group = 'none', ...rest } = parsed;
    const base: SemanticSearchRequest = { ...rest, active_only: undefined, status: statusFilter(parsed, 'body field'), collapse: collapseFor(group, parsed.event) };
    const fingerprint = requestFingerprint(base);
    const offset = cursor === undefined ? 0 : decodeOffset(cursor, fingerprint);
    const request: SemanticSearchRequest = { ...base, offset };
    const service = deps.getService();
    if (!service) throw unavailable(`semantic search is unavailable: ${deps.unavailableReason?.() ?? 'the embedding model is not loaded'}`);
    const cache = deps.cache;
    const key = cache ? semanticCacheKey(request) : '';
    const hit = cache?.peek(key);
    const search = async (): Promise<SemanticAnswer> => {
      const found = await service.search(request);
      // the spec's svc_id: present only when the market is in a cluster
      const results = (await withResultFields(deps.catalog, found.results)).map(({ svc_id, event_id, collapsed, ...r }) => ({
        ...r,
        ...(svc_id ? { svc_id } : {}),
        event: eventOf({ exchange: r.exchange, event_id }),
        ...(request.collapse === 'event' ? { more_in_event: collapsed ?? 0 } : {}),
      }));
      return { ...found, results: group === 'cluster' ? await withClusterVenues(deps.catalog, results, request.exchange, Date.now()) : results };
    };
    const { timings, more, ...body } = hit ?? (cache ? await cache.get(key, search) : await search());
    const nextOffset = offset + body.count;
    const next_cursor = more && body.count > 0 && nextOffset < MAX_DEPTH ? Buffer.from(JSON.stringify({ f: fingerprint, o: nextOffset })).toString('base64url') : null;
    // a cached answer cost neither an embedding nor a database search
    res.setHeader('Server-Timing', hit ? 'cache;desc=hit, embed;dur=0, db;dur=0' : `embed;dur=${timings.embedMs.toFixed(1)}, db;dur=${timings.databaseMs.toFixed(1)}`);
    // The query as sent (the search itself used it trimmed). Written directly rather than through
    // res.json, which would also hash the body for an ETag that no POST answer is ever revalidated by.
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.end(JSON.stringify({ ...body, query: (req.body as { query: string }).query, next_cursor }));
  },
});

export function createSemanticRouter(deps: SemanticRouterDeps): Router {
  return mountRoutes(Router(), deps, [route]);
}
