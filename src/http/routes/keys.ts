// POST /api/v1/test-key: anyone may mint a short-lived free key (docs/api-contract.md §4). The key
// belongs to the session user when a valid session token is sent, otherwise to a new anonymous user.
// The route itself is limited per client address, since it needs no key.
import { Router } from 'express';
import { z } from 'zod';
import type { AccountService } from '../../accounts/account-repository.js';
import type { ApiKeyService } from '../../accounts/api-key-repository.js';
import type { RateLimiter } from '../../accounts/rate-limiter.js';
import { tooManyRequests, unauthorized } from '../errors.js';
import { defineRoute, mountRoutes, reply } from '../define-route.js';
import { errorResponse, openapi, sessionScheme } from '../openapi.js';
import { bearerToken } from './auth.js';

const TestKeyBody = z
  .object({ label: z.string().trim().min(1).max(100).optional().openapi({ description: 'A name to recognise the key by' }) })
  .strict();
const TestKeyResponse = openapi.register(
  'TestKey',
  z.object({
    api_key: z.string().openapi({ description: 'Shown once; only its hash is stored' }),
    key_id: z.string(),
    plan: z.literal('free'),
    expires_at: z.string().openapi({ format: 'date-time' }),
    rate_limit_per_minute: z.number().int(),
  }),
);

export interface TestKeySettings {
  ttlSeconds: number;
  ratePerMinute: number;
  perAddressPerHour: number;
}

interface Ctx {
  accounts: AccountService;
  keys: ApiKeyService;
  addressLimiter: RateLimiter;
  settings: TestKeySettings;
}

const route = defineRoute({
  method: 'post',
  base: '/api/v1/test-key',
  path: '/',
  tags: ['Accounts'],
  summary: 'Mint a test key (10 minutes, 60 requests/minute, plan free)',
  description:
    'No API key needed. Send a session token (Authorization: Bearer) to own the key as that user; without one the key belongs to a new anonymous user. Limited per client address (429).',
  security: [{}, { [sessionScheme.name]: [] }],
  body: { schema: TestKeyBody, required: false },
  responses: {
    201: { description: 'Created', content: { 'application/json': { schema: TestKeyResponse } } },
    400: errorResponse('Malformed body'),
    401: errorResponse('A session token was sent but is not valid'),
    429: errorResponse('Too many test keys from this address; see Retry-After'),
  },
  handle: async ({ accounts, keys, addressLimiter, settings }: Ctx, { body }, req) => {
    const token = bearerToken(req);
    let userId: string | undefined;
    if (token) {
      const user = await accounts.userForSession(token);
      if (!user) throw unauthorized('invalid session token: unknown, expired or logged out');
      userId = user.id;
    }
    // Checked after validation so that rejected requests do not use up the address's allowance.
    const decision = await addressLimiter.take(`test-key:${req.ip ?? 'unknown'}`, settings.perAddressPerHour);
    if (!decision.allowed) throw tooManyRequests('too many test keys requested from this address; retry later', decision.retryAfterS);
    userId ??= (await accounts.createAnonymousUser()).id;
    const key = await keys.issue({
      userId,
      kind: 'test',
      plan: 'free',
      ratePerMinute: settings.ratePerMinute,
      ttlMs: settings.ttlSeconds * 1000,
      label: body.label,
    });
    return reply(201, {
      api_key: key.api_key,
      key_id: key.id,
      plan: 'free',
      expires_at: key.expires_at,
      rate_limit_per_minute: key.rate_limit_per_minute,
    });
  },
});

export function createTestKeyRouter(accounts: AccountService, keys: ApiKeyService, addressLimiter: RateLimiter, settings: TestKeySettings): Router {
  return mountRoutes(Router(), { accounts, keys, addressLimiter, settings }, [route]);
}
