// Every HTTP route is declared once, one way: its method, path, schemas, OpenAPI description and
// handler in one declaration. The declaration registers the OpenAPI operation (when the route module
// is loaded) and mounts the Express handler (when its router is built), so the documented path and
// the served path cannot drift apart. Handlers receive their parsed path, query and body (a failure
// is a 400 naming the field) and return the JSON body (or `reply(status, body)`); a handler that
// answers otherwise (a page, a file, Prometheus text, a redirect, or `next()` to let a later router
// answer) writes to `res` itself and returns undefined, and declares those answers in `responses`.
// The WebSocket paths, which Express never serves (the gateway takes their upgrades), are declared
// here too, with defineStreamPath. This is the one module that calls `openapi.registerPath` (the lint
// forbids it elsewhere).
import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';
import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { apiKeyScheme, errorResponse, keyedErrors, openapi } from './openapi.js';
import { parseWith } from './validate.js';

/** Routes mounted under this prefix unless a route says otherwise (the keyed /api/v1 router). */
const API_PREFIX = '/api/v1';

type Shape = z.ZodObject;
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Responses = RouteConfig['responses'];
/** The security of an operation as the document states it; the default is the API key. */
type Security = RouteConfig['security'];

/** The request body: its schema, and optionally named examples for the document. */
export interface BodySpec<B extends z.ZodType> {
  schema: B;
  /** Named examples of the body, as the document shows them. */
  examples?: Record<string, { summary?: string; description?: string; value: unknown }>;
}

/** A JSON answer with another status than 200 (201 Created, 202 Accepted...). */
export interface Reply {
  readonly [REPLY]: true;
  status: number;
  body: unknown;
}
const REPLY = Symbol('reply');
export const reply = (status: number, body: unknown): Reply => ({ [REPLY]: true, status, body });
const isReply = (v: unknown): v is Reply => typeof v === 'object' && v !== null && REPLY in v;

export interface RouteSpec<Ctx, P extends Shape, Q extends Shape, B extends z.ZodType> {
  method: Method;
  /** Express path relative to `base`, e.g. `/:exchange/markets` (documented as `/api/v1/{exchange}/markets`). */
  path: string;
  /** Where the route's router is mounted (default `/api/v1`); `''` for the root. */
  base?: string;
  tags: string[];
  summary: string;
  description?: string;
  /** Default: the API key. `null`: none stated (public routes, or ones the document leaves open). */
  security?: Security | null;
  params?: P;
  query?: Q;
  body?: BodySpec<B> & { required?: boolean };
  /** The 200 body (described 'OK'), with the keyed errors (400, 401, 429) and `errors`: the usual keyed GET. */
  response?: z.ZodType;
  /** Further documented answers besides 200 and the keyed errors, by status (with `response`). */
  errors?: Record<number, string>;
  /** Every documented answer, when `response` does not fit (other statuses, other content). */
  responses?: Responses;
  /**
   * A static file a documented page loads (the API reference's script): mounted like any route but
   * left out of the document, being no API operation (as the search page's /assets/ files are not).
   */
  pageAsset?: true;
  /**
   * Parts documented but left to the handler to check (it validates against something the schema
   * cannot say, e.g. the venue's own credential schema): their input is passed unparsed.
   */
  unparsed?: ('params' | 'body')[];
  /** Runs before the handler, e.g. a plan's feature gate. */
  middleware?: (ctx: Ctx) => RequestHandler[];
  /** Runs after the path is parsed and before the query is: e.g. a 404 for an operation the venue lacks. */
  guard?: (ctx: Ctx, params: z.output<P>) => void;
  handle: (
    ctx: Ctx,
    input: { params: z.output<P>; query: z.output<Q>; body: z.output<B> },
    req: Request,
    res: Response,
    next: NextFunction,
  ) => Promise<unknown> | unknown;
}

export interface RouteDefinition<Ctx> {
  method: Method;
  path: string;
  /** Adds the handler to `router`, bound to `ctx`. */
  mount(router: Router, ctx: Ctx): void;
}

/** `/:exchange/:market_id/market` -> `/api/v1/{exchange}/{market_id}/market` */
export function openApiPath(expressPath: string, base = API_PREFIX): string {
  const path = base + expressPath.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
  // a router's root ('/' under '/health') is documented without the trailing slash
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** The answers of the usual keyed route: 200 `response`, the keyed errors, and `errors`. */
function keyedResponses(response: z.ZodType, errors: Record<number, string> = {}): Responses {
  return {
    200: { description: 'OK', content: { 'application/json': { schema: response } } },
    ...keyedErrors,
    ...Object.fromEntries(Object.entries(errors).map(([status, description]) => [status, errorResponse(description)])),
  };
}

/** Registers the OpenAPI operation of a route: the document's view of the same declaration. */
function registerOperation<Ctx, P extends Shape, Q extends Shape, B extends z.ZodType>(spec: RouteSpec<Ctx, P, Q, B>): void {
  const responses = spec.responses ?? (spec.response ? keyedResponses(spec.response, spec.errors) : undefined);
  if (!responses) throw new Error(`route ${spec.method} ${spec.path}: declare \`response\` or \`responses\``);
  const request = {
    ...(spec.params ? { params: spec.params } : {}),
    ...(spec.query ? { query: spec.query } : {}),
    ...(spec.body
      ? { body: { ...(spec.body.required !== undefined ? { required: spec.body.required } : {}), content: { 'application/json': { schema: spec.body.schema, ...(spec.body.examples ? { examples: spec.body.examples } : {}) } } } }
      : {}),
  };
  const security = spec.security === undefined ? [{ [apiKeyScheme.name]: [] }] : spec.security;
  openapi.registerPath({
    method: spec.method,
    path: openApiPath(spec.path, spec.base),
    tags: spec.tags,
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    ...(security ? { security } : {}),
    ...(Object.keys(request).length ? { request } : {}),
    responses,
  });
}

export function defineRoute<Ctx, P extends Shape = z.ZodObject<Record<string, never>>, Q extends Shape = z.ZodObject<Record<string, never>>, B extends z.ZodType = z.ZodUndefined>(
  spec: RouteSpec<Ctx, P, Q, B>,
): RouteDefinition<Ctx> {
  if (!spec.pageAsset) registerOperation(spec);
  const emptyQuery = z.object({});
  return {
    method: spec.method,
    path: spec.path,
    mount(router, ctx) {
      const handler: RequestHandler = async (req, res, next) => {
        const params = (spec.params && !spec.unparsed?.includes('params') ? parseWith(spec.params, req.params, 'path') : req.params) as z.output<P>;
        spec.guard?.(ctx, params);
        const query = parseWith(spec.query ?? emptyQuery, req.query, 'query') as z.output<Q>;
        const body = (spec.body && !spec.unparsed?.includes('body') ? parseWith(spec.body.schema, req.body ?? {}, 'body') : req.body ?? {}) as z.output<B>;
        const out = await spec.handle(ctx, { params, query, body }, req, res, next);
        if (out === undefined) return;
        if (isReply(out)) res.status(out.status).json(out.body);
        else res.json(out);
      };
      router[spec.method](spec.path, ...(spec.middleware?.(ctx) ?? []), handler);
    },
  };
}

/** Mounts each route of `routes` on `router`, bound to `ctx`. */
export function mountRoutes<Ctx>(router: Router, ctx: Ctx, routes: readonly RouteDefinition<Ctx>[]): Router {
  for (const r of routes) r.mount(router, ctx);
  return router;
}

/** A WebSocket path: documented as the GET that upgrades, with its messages as named components. */
export interface StreamPathSpec {
  /** The full path, e.g. `/ws/kalshi`. */
  path: string;
  tags: string[];
  summary: string;
  description: string;
  /** What the upgrade request can answer, by status (101 Switching Protocols, the refusals). */
  responses: Record<number, string>;
  /**
   * The messages, by the names their zod schemas are registered under (`openapi.register`):
   * OpenAPI has no WebSocket vocabulary, so they are listed under the path's `x-websocket` extension.
   */
  messages: { client: string; server: string[]; errors: string; ack: string };
}

/**
 * Documents a WebSocket path. The gateway (src/ws) takes its upgrade requests from the server's
 * 'upgrade' event before Express sees them, so there is no handler to mount here; a plain HTTP
 * request at the path is told to upgrade (src/http/routes/stream-paths.ts).
 */
export function defineStreamPath(spec: StreamPathSpec): void {
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  const { client, server, errors, ack } = spec.messages;
  openapi.registerPath({
    method: 'get',
    path: spec.path,
    tags: spec.tags,
    summary: spec.summary,
    description: spec.description,
    responses: Object.fromEntries(Object.entries(spec.responses).map(([status, description]) => [status, { description }])),
    'x-websocket': { client: ref(client), server: server.map(ref), errors: ref(errors), ack: ref(ack) },
  } as RouteConfig);
}
