// POST /api/v1/search/semantic (docs/interface-spec.md §4.3). Mounted under /api/v1/search behind the
// API-key middleware; the plan gate answers 403 below Max before the body is looked at.
import { Router } from 'express';
import { z } from 'zod';
import { MAX_QUERY_CHARS } from '../../search/query-text.js';
import type { ResponseCache } from '../../search/response-cache.js';
import { semanticCacheKey, type SemanticAnswer } from '../../search/semantic/result-cache.js';
import { DEFAULT_LIMIT, MAX_LIMIT, type SemanticSearchService } from '../../search/semantic/semantic-search.js';
import { ExchangeCodeSchema } from '../../venues/exchanges.js';
import { unavailable } from '../errors.js';
import type { RequireFeature } from '../middleware/plan.js';
import { apiKeyScheme, errorResponse, keyedErrors, openapi } from '../openapi.js';
import { parseBody } from '../validate.js';

export const SemanticSearchRequestSchema = z
  .object({
    query: z.string().trim().min(1, 'must not be empty').max(MAX_QUERY_CHARS).openapi({
      description: 'Natural-language query',
      example: 'will bitcoin be worth more than 100k at the end of the year',
    }),
    exchange: z.array(ExchangeCodeSchema).optional().openapi({
      description: 'Restricts the search to these exchanges (default, or an empty array: all nine)',
    }),
    active_only: z.boolean().default(false).openapi({ description: 'Only markets that are not closed' }),
    category: z.string().trim().min(1).max(100).optional().openapi({
      description: 'Restricts to one category (case-insensitive), e.g. politics, crypto, sports',
    }),
    limit: z.number().int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT).openapi({ description: `Results wanted, 1..${MAX_LIMIT}` }),
  })
  .openapi('SemanticSearchRequest');

const SemanticResultItemSchema = openapi.register(
  'SemanticSearchResult',
  z.object({
    market_id: z.string(),
    exchange: ExchangeCodeSchema,
    title: z.string(),
    category: z.string(),
    closed: z.boolean(),
    score: z.number().openapi({
      description: 'Lower is more relevant (the opposite direction of keyword search, where higher is better): cosine distance of the query to the nearer of the title and rules embeddings, minus up to 0.2 for query keywords found in the title',
    }),
    svc_id: z.string().optional().openapi({ description: 'Cross-exchange cluster id; present only when the market is in a cluster' }),
  }),
);

const SemanticSearchResponseSchema = openapi.register(
  'SemanticSearchResponse',
  z.object({
    query: z.string().openapi({ description: 'The query as sent' }),
    count: z.number().int(),
    results: z.array(SemanticResultItemSchema),
  }),
);

openapi.registerPath({
  method: 'post',
  path: '/api/v1/search/semantic',
  tags: ['Search'],
  summary: 'Semantic (meaning-based) search over market titles and rules',
  description:
    'Plans: max, admin, enterprise. Relevance combines embedding similarity over titles and rules with a boost for exact keyword matches in titles; a lower `score` is more relevant (keyword search\'s `score` runs the other way: higher is better). ' +
    'The response carries a Server-Timing header (embed, db; `cache;desc=hit` when the answer was served from the recent-answers cache, ' +
    'which is dropped when a title, category, status, cluster or stored embedding changes; price-only changes keep it). ' +
    'Such a change shows in every answer, cached or not, within about a second with a PostgreSQL server and within a few seconds on the embedded database.',
  security: [{ [apiKeyScheme.name]: [] }],
  request: { body: { required: true, content: { 'application/json': { schema: SemanticSearchRequestSchema } } } },
  responses: {
    200: { description: 'Ranked results', content: { 'application/json': { schema: SemanticSearchResponseSchema } } },
    ...keyedErrors,
    403: errorResponse('The key\'s plan is below Max.'),
    503: errorResponse('The embedding model is not loaded yet (being fetched or loading; /health shows the progress) or could not be loaded.'),
  },
});

export interface SemanticRouterDeps {
  requireFeature: RequireFeature;
  /** The search service, or undefined while the model is not (or could not be) loaded. */
  getService: () => SemanticSearchService | undefined;
  /** Recent answers (result-cache.ts); invalidated when the catalog or the embeddings change. */
  cache?: ResponseCache<SemanticAnswer>;
  /** Why getService() has nothing yet (model being fetched, loading, failed), for the 503. */
  unavailableReason?: () => string;
}

export function createSemanticRouter(deps: SemanticRouterDeps): Router {
  const router = Router();
  router.post('/semantic', deps.requireFeature('semantic_search'), async (req, res) => {
    const request = parseBody(SemanticSearchRequestSchema, req);
    const service = deps.getService();
    if (!service) throw unavailable(`semantic search is unavailable: ${deps.unavailableReason?.() ?? 'the embedding model is not loaded'}`);
    const cache = deps.cache;
    const key = cache ? semanticCacheKey(request) : '';
    const hit = cache?.peek(key);
    const { timings, ...body } = hit ?? (cache ? await cache.get(key, () => service.search(request)) : await service.search(request));
    // a cached answer cost neither an embedding nor a database search
    res.setHeader('Server-Timing', hit ? 'cache;desc=hit, embed;dur=0, db;dur=0' : `embed;dur=${timings.embedMs.toFixed(1)}, db;dur=${timings.databaseMs.toFixed(1)}`);
    // The query as sent (the search itself used it trimmed). Written directly rather than through
    // res.json, which would also hash the body for an ETag that no POST answer is ever revalidated by.
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.end(JSON.stringify({ ...body, query: (req.body as { query: string }).query }));
  });
  return router;
}
