// Venue credentials (docs/api-contract.md §5 Credentials): register (validated against the venue's schema,
// 400 naming the field), list (which venues are connected; values never returned) and remove. The
// `{userID}` path segment is ignored: the user is always the API key's.
import { Router } from 'express';
import { z } from 'zod';
import type { CredentialsService } from '../../trading/credentials-service.js';
import { apiKeyScheme, errorResponse, keyedErrors, openapi } from '../openapi.js';
import { tradingErrors } from './trading-errors.js';
import { CredentialList, CredentialSet, CredentialsBody, TRADING_CODES, UserPath } from './trading-schemas.js';

const tags = ['Credentials'];
const security = [{ [apiKeyScheme.name]: [] }];
const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });

openapi.registerPath({
  method: 'post',
  path: '/api/v1/users/{userID}/credentials',
  tags,
  security,
  summary: 'Store your credentials for a venue (one set per venue; posting again replaces it)',
  description: 'Encrypted at rest (AES-256-GCM); never returned or logged. A malformed set (an RSA key that does not parse, a secret that is not base64, an address that is not 0x hex) is a 400 naming the field.',
  request: { params: UserPath, body: { content: { 'application/json': { schema: CredentialsBody } } } },
  responses: { 201: json(CredentialSet, 'Stored'), 200: json(CredentialSet, 'Replaced the previous set'), ...keyedErrors },
});
openapi.registerPath({
  method: 'get',
  path: '/api/v1/users/{userID}/credentials',
  tags,
  security,
  summary: 'Which venues you have credentials for (values are never returned)',
  request: { params: UserPath },
  responses: { 200: json(CredentialList, 'The connected venues'), ...keyedErrors },
});
openapi.registerPath({
  method: 'delete',
  path: '/api/v1/users/{userID}/credentials/{exchange}',
  tags,
  security,
  summary: 'Remove your credentials for a venue',
  request: { params: UserPath.extend({ exchange: z.enum(TRADING_CODES) }) },
  responses: { 204: { description: 'Removed' }, ...keyedErrors, 404: errorResponse('No stored credentials for the venue') },
});

export function createCredentialsRouter(credentials: CredentialsService): Router {
  const router = Router();
  router.post('/users/:userID/credentials', async (req, res) => {
    const { summary, created } = await tradingErrors(() => credentials.register(req.auth!.userId, req.body ?? {}));
    res.status(created ? 201 : 200).json(summary);
  });
  router.get('/users/:userID/credentials', async (req, res) => {
    const list = await credentials.list(req.auth!.userId);
    res.json({ credentials: list, count: list.length, next_cursor: null });
  });
  router.delete('/users/:userID/credentials/:exchange', async (req, res) => {
    await tradingErrors(() => credentials.remove(req.auth!.userId, req.params.exchange));
    res.status(204).end();
  });
  return router;
}
