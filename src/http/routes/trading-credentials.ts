// Venue credentials (docs/api-contract.md §5 Credentials): register (validated against the venue's schema,
// 400 naming the field), list (which venues are connected; values never returned) and remove. The
// `{userID}` path segment is ignored: the user is always the API key's.
import { Router } from 'express';
import { z } from 'zod';
import type { CredentialsService } from '../../trading/credentials-service.js';
import { defineRoute, mountRoutes, reply, type RouteDefinition } from '../define-route.js';
import { errorResponse, keyedErrors } from '../openapi.js';
import { tradingErrors } from './trading-errors.js';
import { CredentialList, CredentialSet, CredentialsBody, TRADING_CODES, UserPath } from './trading-schemas.js';

const tags = ['Credentials'];
const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });

interface Ctx {
  credentials: CredentialsService;
}

const routes: RouteDefinition<Ctx>[] = [
  defineRoute({
    method: 'post',
    path: '/users/:userID/credentials',
    tags,
    summary: 'Store your credentials for a venue (one set per venue; posting again replaces it)',
    description: 'Encrypted at rest (AES-256-GCM); never returned or logged. A malformed set (an RSA key that does not parse, a secret that is not base64, an address that is not 0x hex) is a 400 naming the field.',
    params: UserPath,
    body: { schema: CredentialsBody },
    // the body is checked against the venue's own credential schema by the service
    unparsed: ['params', 'body'],
    responses: { 201: json(CredentialSet, 'Stored'), 200: json(CredentialSet, 'Replaced the previous set'), ...keyedErrors },
    handle: async ({ credentials }: Ctx, { body }, req) => {
      const { summary, created } = await tradingErrors(() => credentials.register(req.auth!.userId, body));
      return reply(created ? 201 : 200, summary);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/users/:userID/credentials',
    tags,
    summary: 'Which venues you have credentials for (values are never returned)',
    params: UserPath,
    unparsed: ['params'],
    responses: { 200: json(CredentialList, 'The connected venues'), ...keyedErrors },
    handle: async ({ credentials }: Ctx, _input, req) => {
      const list = await credentials.list(req.auth!.userId);
      return { credentials: list, count: list.length, next_cursor: null };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/users/:userID/credentials/:exchange',
    tags,
    summary: 'Remove your credentials for a venue',
    params: UserPath.extend({ exchange: z.enum(TRADING_CODES) }),
    // the service names an unknown or non-trading exchange in its own words
    unparsed: ['params'],
    responses: { 204: { description: 'Removed' }, ...keyedErrors, 404: errorResponse('No stored credentials for the venue') },
    handle: async ({ credentials }: Ctx, _input, req, res) => {
      await tradingErrors(() => credentials.remove(req.auth!.userId, String(req.params.exchange)));
      res.status(204).end();
    },
  }),
];

export function createCredentialsRouter(credentials: CredentialsService): Router {
  return mountRoutes(Router(), { credentials }, routes);
}
