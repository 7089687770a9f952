// GET /api/v1/search/markets and GET /api/v1/search/autocomplete (docs/api-contract.md §5).
// Mounted under /api/v1/search by the composition root (src/service.ts). Answers 400 for bad parameters and 503 when
// the search engine is down; nothing else in the API depends on the engine.
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { CursorError, decodeCursor, encodeCursor, queryFingerprint } from '../../search/cursor.js';
import { SearchUnavailableError, type MarketSearchQuery, type SearchEngine, type Suggestion } from '../../search/engine.js';
import { MAX_QUERY_CHARS } from '../../search/query-text.js';
import type { ResponseCache } from '../../search/response-cache.js';
import { VOLUME_ORDERED } from '../../search/search-index-state-repository.js';
import { badRequest, unavailable } from '../errors.js';
import { defineRoute, mountRoutes } from '../define-route.js';
import { errorResponse, keyedErrors, openapi } from '../openapi.js';
import type { CatalogReader } from '../../catalog/catalog-repository.js';
import { withResultFields } from '../../search/result-fields.js';
import { withClusterVenues } from '../../search/grouped-results.js';
import { activeOnlyQueryParam, categoryParam, collapseFor, eventOf, eventParam, exchangeQueryParam, groupParam, statusFilter, statusParam } from './search-filters.js';

const queryText = z.string().max(MAX_QUERY_CHARS, `must be at most ${MAX_QUERY_CHARS} characters`);

export const SearchMarketsQuery = z
  .object({
    q: queryText.default('').openapi({ description: 'Keywords; empty browses with the filters and sort' }),
    exchange: exchangeQueryParam.optional(),
    category: categoryParam.optional(),
    status: statusParam.optional(),
    active_only: activeOnlyQueryParam.optional(),
    sort: z.enum(['relevance', 'volume', 'close_time']).default('relevance'),
    limit: z.coerce.number().int().min(1).max(100).default(20).openapi({ description: 'Results per page (groups, when grouped)' }),
    cursor: z.string().max(2000).optional().openapi({ description: 'next_cursor of the previous page (same query)' }),
    group: groupParam.default('none'),
    event: eventParam.optional(),
  })
  .strict();

export const AutocompleteQuerySchema = z
  .object({
    q: queryText.default(''),
    exchange: exchangeQueryParam.optional(),
    category: categoryParam.optional(),
    status: statusParam.optional(),
    active_only: activeOnlyQueryParam.optional(),
    limit: z.coerce.number().int().min(1).max(20).default(8),
  })
  .strict();

const BestLegSchema = z
  .object({
    exchange: z.string(),
    market_id: z.string(),
    price: z.number(),
    fee: z.number().openapi({ description: 'The venue\'s taker fee for one contract at that price' }),
  })
  .nullable();
const BestQuoteSchema = z.object({
  yes_ask: BestLegSchema.openapi({ description: 'The lowest YES ask over the venues that count' }),
  no_ask: BestLegSchema.openapi({ description: 'The lowest NO ask (1 - YES bid) over the same venues' }),
  gap: z.number().nullable().openapi({ description: '1 - best YES ask - best NO ask (above 0: YES on one venue and NO on another cost less than the 1 they pay)' }),
  gap_after_fees: z.number().nullable(),
  fees_complete: z.boolean().openapi({ description: 'false: a venue of the best legs publishes no fee model (counted as 0)' }),
});

/** What a result says of its event and, grouped, of its group (src/search/grouped-results.ts). */
export const groupFieldsShape = {
  event: z.string().nullable().openapi({ description: 'The venue event of the market (`<exchange>:<event id>`; pass as `event=` to list its markets); null when it has none' }),
  more_in_event: z.number().int().optional().openapi({ description: 'group=event: how many other markets of this event matched and are not shown (0 for a market alone)' }),
  venues: z
    .array(
      z.object({
        exchange: z.string(),
        market_id: z.string(),
        title: z.string(),
        status: z.string(),
        yes_price: z.number().nullable(),
        yes_bid: z.number().nullable(),
        yes_ask: z.number().nullable(),
        volume: z.number().nullable(),
        updated_at: z.string().openapi({ description: 'When the venue\'s data was last synced (ISO 8601 UTC)' }),
      }),
    )
    .optional()
    .openapi({ description: 'group=cluster: every venue\'s market of this cluster (this result\'s own alone when unclustered), with its catalog quote; only the venues of `exchange` when given' }),
  best: BestQuoteSchema.optional().openapi({
    description:
      'group=cluster: the best YES ask and NO ask (1 - YES bid) across `venues`, their gap and the gap after taker fees, as GET /api/v1/clusters computes them: ' +
      'a venue counts while its market is open and its catalog quote is within the venue\'s freshness bound',
  }),
};

/** The catalog's fields every result and suggestion carries (src/search/result-fields.ts). */
export const resultFieldsShape = {
  status: z.string().openapi({ description: 'open, upcoming, closed, resolved or halted' }),
  yes_price: z.number().nullable().openapi({ description: 'Price of Yes, 0..1, from the catalog (as of the last sync)' }),
  yes_bid: z.number().nullable(),
  yes_ask: z.number().nullable(),
  volume: z.number().nullable().openapi({ description: 'Traded volume in the venue\'s unit' }),
  close_time: z.string().nullable().openapi({ description: 'ISO 8601 UTC' }),
  venue_category: z.string().nullable().openapi({ description: 'The venue\'s own category label (`category` is the shared vocabulary\'s word)' }),
};

const SearchResult = z.object({
  exchange: z.string(),
  market_id: z.string(),
  title: z.string(),
  category: z.string().openapi({ description: 'A word of the shared vocabulary (GET /api/v1/categories)' }),
  closed: z.boolean(),
  score: z.number().openapi({
    description:
      'Higher is more relevant (the opposite direction of semantic search, where lower is better): the search engine\'s relevance ' +
      '(exact title, phrase, words, prefixes, typos, then open status and volume). Comparable only within one answer; ' +
      'with sort=volume or sort=close_time the results follow that order and score still says how well each matched.',
  }),
  svc_id: z.string().nullable(),
  ...resultFieldsShape,
  ...groupFieldsShape,
});
const SearchMarketsResponse = openapi.register(
  'KeywordSearchResponse',
  z.object({
    query: z.string(),
    count: z.number().int().openapi({ description: 'Results on this page' }),
    total: z.number().int().openapi({
      description:
        'Results over all pages, as grouped: markets (group=none, the default), events (group=event) or clusters (group=cluster) matching the query and filters. ' +
        'Exact; on Elasticsearch/OpenSearch a grouped total above 40,000 is an estimate within a few percent',
    }),
    results: z.array(SearchResult),
    next_cursor: z.string().nullable(),
  }),
);
const AutocompleteResponse = openapi.register(
  'AutocompleteResponse',
  z.object({
    query: z.string(),
    suggestions: z.array(
      z.object({
        text: z.string(),
        exchange: z.string(),
        market_id: z.string(),
        svc_id: z.string().nullable(),
        exchanges: z.array(z.string()),
        closed: z.boolean().openapi({ description: 'true for a closed or resolved market; open and upcoming ones come first' }),
        ...resultFieldsShape,
      }),
    ),
  }),
);

const down = { 503: errorResponse('The search engine is unavailable') };

/** Answers whose order follows volumes: sort=volume, and browsing without a query (by popularity). */
function ordersByVolume(p: { q: string; sort: string }): boolean {
  return p.sort === 'volume' || (p.sort === 'relevance' && p.q.trim() === '');
}

export interface SearchRouterDeps {
  engine: SearchEngine;
  /** hot-prefix cache; invalidated when answers can change (see src/search/setup.ts) */
  cache?: ResponseCache;
  /** the catalog, for each result's prices, volume and close time (without it they are null) */
  catalog?: CatalogReader;
}

type MarketsBody = z.infer<typeof SearchMarketsResponse>;
type AutocompleteBody = z.infer<typeof AutocompleteResponse>;

function firstPageOnly(req: Request): boolean {
  return req.query.cursor === undefined;
}

/** What the two routes share: the engine, its caches, and the way an answer is sent and remembered. */
interface SearchContext extends SearchRouterDeps {
  /** The answer of `key` from the cache, else `load()` (stored); engine failures become 503/400. */
  viaCache<T>(key: string | null, load: () => Promise<T>, group?: string): Promise<T>;
  /** Sends `{query, ...restJson}` and keeps it under the request's URL for the fast path (first pages). */
  sendAndRemember(req: Request, res: Response, query: string, restJson: string, generation: number, group?: string): void;
}

const SEARCH_ROUTES = [
  defineRoute<SearchContext, z.ZodObject<Record<string, never>>, typeof SearchMarketsQuery>({
    method: 'get',
    path: '/markets',
    base: '/api/v1/search',
    tags: ['Search'],
    summary: 'Keyword search over every venue',
    description:
      'Relevance: exact title first, then phrase, all words (stemmed), word prefixes, typos; within those, open and upcoming markets come before ' +
      'closed and resolved ones, then volume. Each result carries its price, bid/ask, volume and close time from the catalog (as of the last sync; ' +
      'a first page may be served from a cache of at most 30 s). An unknown query parameter is a 400 naming it. ' +
      'Accents, case and punctuation are ignored; query syntax characters are plain text. ' +
      'A higher `score` is more relevant (semantic search\'s `score` runs the other way: lower is better). ' +
      'Grouping (`group`, default `event`): one result per venue event, so that a ladder of strikes or brackets is one result (its best match, with `more_in_event`; ' +
      '`event=` lists its markets) and one event cannot fill a page; `group=none` gives every market its own result; `group=cluster` gives one result per cross-venue cluster with its `venues` and `best` prices (one more catalog read per page); ' +
      '`limit`, `total` and cursors count results as grouped.',
    query: SearchMarketsQuery,
    responses: {
      200: { description: 'One page of hits', content: { 'application/json': { schema: SearchMarketsResponse } } },
      ...keyedErrors,
      ...down,
    },
    async handle(ctx, { query: p }, req, res) {
      const { engine, cache, catalog } = ctx;
      const status = statusFilter(p, 'query parameter');
      const group = ordersByVolume(p) ? VOLUME_ORDERED : undefined;
      const generation = cache?.generationFor(group) ?? 0;
      const base: Omit<MarketSearchQuery, 'after'> = {
        q: p.q,
        exchanges: p.exchange,
        category: p.category,
        status,
        sort: p.sort,
        limit: p.limit,
        collapse: collapseFor(p.group, p.event),
        event: p.event,
      };
      const fingerprint = queryFingerprint(base, engine.kind);
      let after: MarketSearchQuery['after'];
      if (p.cursor !== undefined) {
        try {
          after = decodeCursor(p.cursor, fingerprint);
        } catch (err) {
          throw badRequest(`cursor: ${(err as Error).message}`);
        }
      }
      // later pages are cold by nature; only first pages go through the hot cache. The cache holds
      // serialized JSON, so a hit costs no serialization.
      const key = firstPageOnly(req) ? `m|${fingerprint}|${p.limit}` : null;
      const rest = await ctx.viaCache<string>(key, async () => {
        const found = await engine.searchMarkets({ ...base, after });
        const results = (await withResultFields(catalog, found.hits)).map(({ event_id, collapsed, ...hit }) => ({
          ...hit,
          event: eventOf({ exchange: hit.exchange, event_id }),
          ...(base.collapse === 'event' ? { more_in_event: collapsed } : {}),
        }));
        const page: Omit<MarketsBody, 'query'> = {
          count: found.hits.length,
          total: found.total,
          results: p.group === 'cluster' ? await withClusterVenues(catalog, results, p.exchange, Date.now()) : results,
          next_cursor: found.next ? encodeCursor(found.next, fingerprint) : null,
        };
        return JSON.stringify(page);
      }, group);
      ctx.sendAndRemember(req, res, p.q, rest, generation, group);
    },
  }),
  defineRoute<SearchContext, z.ZodObject<Record<string, never>>, typeof AutocompleteQuerySchema>({
    method: 'get',
    path: '/autocomplete',
    base: '/api/v1/search',
    tags: ['Search'],
    summary: 'Title suggestions as the user types (one per cluster)',
    description:
      'Open and upcoming markets come before closed and resolved ones of similar relevance; every suggestion says `closed` and `status`, ' +
      'and `status`/`active_only`, `exchange` and `category` filter as in keyword search.',
    query: AutocompleteQuerySchema,
    responses: {
      200: { description: 'Suggestions, best first', content: { 'application/json': { schema: AutocompleteResponse } } },
      ...keyedErrors,
      ...down,
    },
    async handle(ctx, { query: p }, req, res) {
      const { engine, cache, catalog } = ctx;
      const generation = cache?.currentGeneration ?? 0;
      const status = statusFilter(p, 'query parameter');
      const key = `a|${engine.kind}|${p.q.trim().toLowerCase()}|${(p.exchange ?? []).sort().join(',')}|${p.category ?? ''}|${status}|${p.limit}`;
      const rest = await ctx.viaCache<string>(key, async () => {
        const suggestions: Suggestion[] = await engine.autocomplete({ q: p.q, exchanges: p.exchange, category: p.category, status, limit: p.limit });
        const body: Omit<AutocompleteBody, 'query'> = { suggestions: await withResultFields(catalog, suggestions) };
        return JSON.stringify(body);
      });
      ctx.sendAndRemember(req, res, p.q, rest, generation);
    },
  }),
];

export function createSearchRouter(deps: SearchRouterDeps): Router {
  const { engine, cache } = deps;
  const router = Router();

  const viaCache = async <T>(key: string | null, load: () => Promise<T>, group?: string): Promise<T> => {
    try {
      if (cache && key !== null) return (await cache.get(key, load, group)) as T;
      return await load();
    } catch (err) {
      if (err instanceof SearchUnavailableError) throw unavailable('search engine unavailable, try again shortly');
      if (err instanceof CursorError || err instanceof RangeError) throw badRequest(`cursor: ${err.message}`);
      throw err;
    }
  };

  // Fast path for hot queries: the exact same URL (first pages only) answers from the cache
  // before any parsing. Misses fall through to the handlers, which fill both cache levels.
  const exactKey = (req: Request) => `u|${engine.kind}|${req.originalUrl}`;
  router.use((req, res, next) => {
    if (!cache || req.method !== 'GET' || req.query.cursor !== undefined) return next();
    const body = cache.peek(exactKey(req)) as string | undefined;
    if (body === undefined) return next();
    res.type('json').send(body);
  });
  const sendAndRemember = (req: Request, res: Response, query: string, restJson: string, generation: number, group?: string) => {
    const body = `{"query":${JSON.stringify(query)},${restJson.slice(1)}`;
    if (cache && req.query.cursor === undefined) cache.put(exactKey(req), body, generation, group);
    res.type('json').send(body);
  };

  return mountRoutes(router, { ...deps, viaCache, sendAndRemember }, SEARCH_ROUTES);
}
