// A keyed GET route declared once: its path, parameters, response and handler. The same declaration
// registers the OpenAPI operation (when the route module is loaded) and mounts the Express handler
// (when its router is built), so the documented path and the served path cannot drift apart.
// Handlers receive their parsed path and query parameters (a failure is a 400 naming the field) and
// return the JSON body.
import type { Request, Response, Router } from 'express';
import { z } from 'zod';
import { apiKeyScheme, errorResponse, keyedErrors, openapi } from './openapi.js';
import { parseWith } from './validate.js';

/** Routes mounted under this prefix (the keyed /api/v1 router). */
const API_PREFIX = '/api/v1';

type Shape = z.ZodObject;

export interface RouteSpec<Ctx, P extends Shape, Q extends Shape> {
  /** Express path relative to /api/v1, e.g. `/:exchange/markets` (documented as `/api/v1/{exchange}/markets`). */
  path: string;
  tags: string[];
  summary: string;
  description?: string;
  params: P;
  query?: Q;
  /** The 200 body. */
  response: z.ZodType;
  /** Further documented answers besides 200 and the keyed errors (400, 401, 429), by status. */
  errors?: Record<number, string>;
  /** Runs after the path is parsed and before the query is: e.g. a 404 for an operation the venue lacks. */
  guard?: (ctx: Ctx, params: z.output<P>) => void;
  handle: (ctx: Ctx, input: { params: z.output<P>; query: z.output<Q> }, req: Request, res: Response) => Promise<unknown> | unknown;
}

export interface RouteDefinition<Ctx> {
  method: 'get';
  path: string;
  /** Adds the handler to `router`, bound to `ctx`. */
  mount(router: Router, ctx: Ctx): void;
}

/** `/:exchange/:market_id/market` -> `/api/v1/{exchange}/{market_id}/market` */
export function openApiPath(expressPath: string): string {
  return API_PREFIX + expressPath.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
}

export function defineGetRoute<Ctx, P extends Shape, Q extends Shape = z.ZodObject<Record<string, never>>>(spec: RouteSpec<Ctx, P, Q>): RouteDefinition<Ctx> {
  openapi.registerPath({
    method: 'get',
    path: openApiPath(spec.path),
    tags: spec.tags,
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    security: [{ [apiKeyScheme.name]: [] }],
    request: { params: spec.params, ...(spec.query ? { query: spec.query } : {}) },
    responses: {
      200: { description: 'OK', content: { 'application/json': { schema: spec.response } } },
      ...keyedErrors,
      ...Object.fromEntries(Object.entries(spec.errors ?? {}).map(([status, description]) => [status, errorResponse(description)])),
    },
  });
  const emptyQuery = z.object({});
  return {
    method: 'get',
    path: spec.path,
    mount(router, ctx) {
      router.get(spec.path, async (req, res) => {
        const params = parseWith(spec.params, req.params, 'path');
        spec.guard?.(ctx, params);
        const query = parseWith(spec.query ?? emptyQuery, req.query, 'query') as z.output<Q>;
        res.json(await spec.handle(ctx, { params, query }, req, res));
      });
    },
  };
}
