// GET /api/v1/key: what the service knows about the calling key (plan, limit, expiry). Lets a client
// check a key and its plan without spending a real request on a feature.
import { Router } from 'express';
import { z } from 'zod';
import { PLANS } from '../../accounts/plans.js';
import { defineRoute, mountRoutes } from '../define-route.js';
import { keyedErrors, openapi } from '../openapi.js';

const CurrentKey = openapi.register(
  'CurrentKey',
  z.object({
    key_id: z.string(),
    user_id: z.string(),
    kind: z.enum(['test', 'production']),
    plan: z.enum(PLANS),
    rate_limit_per_minute: z.number().int(),
  }),
);
const route = defineRoute({
  method: 'get',
  base: '/api/v1/key',
  path: '/',
  tags: ['Accounts'],
  summary: 'The calling API key: its plan and rate limit',
  responses: { 200: { description: 'The key', content: { 'application/json': { schema: CurrentKey } } }, ...keyedErrors },
  handle: (_ctx: null, _input, req) => {
    const a = req.auth!;
    return { key_id: a.keyId, user_id: a.userId, kind: a.kind, plan: a.plan, rate_limit_per_minute: a.rateLimitPerMinute };
  },
});

export function createWhoamiRouter(): Router {
  return mountRoutes(Router(), null, [route]);
}
