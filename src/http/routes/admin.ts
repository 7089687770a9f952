// Operator routes for production keys, for keys of plan admin (docs/api-contract.md §4).
import { Router } from 'express';
import { z } from 'zod';
import type { AccountService } from '../../accounts/account-repository.js';
import type { ApiKeyService } from '../../accounts/api-key-repository.js';
import { PLANS } from '../../accounts/plans.js';
import { badRequest, notFound } from '../errors.js';
import type { RequireFeature } from '../middleware/plan.js';
import { defineRoute, mountRoutes, reply, type RouteDefinition } from '../define-route.js';
import { errorResponse, keyedErrors, openapi } from '../openapi.js';

const CreateKeyBody = z
  .object({
    plan: z.enum(PLANS),
    email: z.string().trim().max(254).email().optional().openapi({ description: 'Owner; the user is created when the email is new' }),
    user_id: z.string().max(64).optional().openapi({ description: 'Owner by id (instead of email)' }),
    label: z.string().trim().min(1).max(100).optional(),
  })
  .strict();
const IssuedKey = openapi.register(
  'IssuedKey',
  z.object({
    id: z.string(),
    api_key: z.string().openapi({ description: 'Shown once' }),
    user_id: z.string(),
    plan: z.enum(PLANS),
    rate_limit_per_minute: z.number().int(),
    created_at: z.string(),
    expires_at: z.string().nullable(),
  }),
);
const KeySummary = openapi.register(
  'KeySummary',
  z.object({
    id: z.string(),
    key_prefix: z.string(),
    user_id: z.string(),
    kind: z.enum(['test', 'production']),
    plan: z.enum(PLANS),
    rate_limit_per_minute: z.number().int(),
    label: z.string().nullable(),
    created_at: z.string(),
    expires_at: z.string().nullable(),
    revoked_at: z.string().nullable(),
  }),
);
const KeyIdParams = z.object({ id: z.string().regex(/^key_[a-f0-9]{24}$/, 'must be a key id (key_...)') });
const ListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  cursor: z.string().regex(/^key_[a-f0-9]{24}$/, 'is not a valid cursor').optional(),
});

const forbiddenResponse = { 403: errorResponse('The key is not of plan admin') };
const base = '/api/v1/admin';

interface Ctx {
  accounts: AccountService;
  keys: ApiKeyService;
  productionRatePerMinute: number;
}

const routes: RouteDefinition<Ctx>[] = [
  defineRoute({
    method: 'post', base, path: '/keys', tags: ['Admin'], summary: 'Issue a production key (300 requests/minute, permanent until revoked)',
    body: { schema: CreateKeyBody },
    responses: { 201: { description: 'Issued', content: { 'application/json': { schema: IssuedKey } } }, ...keyedErrors, ...forbiddenResponse },
    handle: async ({ accounts, keys, productionRatePerMinute }: Ctx, { body }, req) => {
      if (body.email && body.user_id) throw badRequest('email: give either email or user_id, not both');
      let userId: string;
      if (body.user_id) {
        const user = await accounts.getUser(body.user_id);
        if (!user) throw badRequest(`user_id: no user ${body.user_id}`);
        userId = user.id;
      } else if (body.email) {
        userId = (await accounts.ensureUserByEmail(body.email)).id;
      } else {
        userId = req.auth!.userId;
      }
      const key = await keys.issue({ userId, kind: 'production', plan: body.plan, ratePerMinute: productionRatePerMinute, label: body.label });
      return reply(201, {
        id: key.id,
        api_key: key.api_key,
        user_id: key.user_id,
        plan: key.plan,
        rate_limit_per_minute: key.rate_limit_per_minute,
        created_at: key.created_at,
        expires_at: key.expires_at,
      });
    },
  }),
  defineRoute({
    method: 'get', base, path: '/keys', tags: ['Admin'], summary: 'List keys (never their values)',
    query: ListQuery,
    responses: {
      200: { description: 'Keys', content: { 'application/json': { schema: z.object({ keys: z.array(KeySummary), count: z.number().int(), next_cursor: z.string().nullable() }) } } },
      ...keyedErrors, ...forbiddenResponse,
    },
    handle: async ({ keys }: Ctx, { query: q }) => {
      const rows = await keys.list({ limit: q.limit + 1, afterId: q.cursor });
      const page = rows.slice(0, q.limit);
      return { keys: page, count: page.length, next_cursor: rows.length > q.limit ? page[page.length - 1].id : null };
    },
  }),
  defineRoute({
    method: 'delete', base, path: '/keys/:id', tags: ['Admin'], summary: 'Revoke a key',
    params: KeyIdParams,
    responses: {
      200: { description: 'Revoked', content: { 'application/json': { schema: z.object({ id: z.string(), revoked: z.literal(true) }) } } },
      ...keyedErrors, ...forbiddenResponse, 404: errorResponse('No such live key'),
    },
    handle: async ({ keys }: Ctx, { params: { id } }) => {
      if (!(await keys.revoke(id))) throw notFound(`no live key ${id}`);
      return { id, revoked: true };
    },
  }),
];

export function createAdminRouter(accounts: AccountService, keys: ApiKeyService, requireFeature: RequireFeature, productionRatePerMinute: number): Router {
  const router = Router();
  router.use(requireFeature('admin'));
  return mountRoutes(router, { accounts, keys, productionRatePerMinute }, routes);
}
