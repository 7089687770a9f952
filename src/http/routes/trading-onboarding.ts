// Polymarket onboarding (docs/api-contract.md §5): derive-credentials, verify-credentials, safe-address. On
// any other venue these paths are a 404 naming the operation.
import { Router } from 'express';
import { z } from 'zod';
import type { PolymarketOnboarding } from '../../trading/polymarket-onboarding.js';
import { notFound } from '../errors.js';
import { apiKeyScheme, errorResponse, keyedErrors, openapi } from '../openapi.js';
import { parseBody } from '../validate.js';
import { tradingErrors } from './trading-errors.js';

const tags = ['Polymarket onboarding'];
const security = [{ [apiKeyScheme.name]: [] }];
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte hex address');

const DeriveBody = z
  .object({
    private_key: z.string().regex(/^(0x)?[0-9a-fA-F]{64}$/, 'must be a 32-byte hex private key').openapi({ description: 'Your wallet key: used once, in memory, to sign the L1 request; never stored or logged' }),
    signature_type: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]).optional().openapi({ description: '0 EOA, 1 proxy, 2 Gnosis Safe, 3 deposit wallet (ERC-1271; give it as funder): how your orders will be signed' }),
    funder: address.optional().openapi({ description: 'The proxy, Safe or deposit wallet holding your funds, when not the EOA' }),
  })
  .strict();
const Derived = openapi.register('DerivedCredentials', z.object({ exchange: z.literal('polymarket'), address: z.string(), api_key: z.string(), connected: z.literal(true) }));
const Verified = openapi.register('CredentialsCheck', z.object({ valid: z.boolean(), address: z.string(), checked_at: z.string() }));
const SafeBody = z.object({ address }).strict();
const Safe = openapi.register('SafeAddress', z.object({ address: z.string(), safe_address: z.string() }));
const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });

openapi.registerPath({
  method: 'post', path: '/api/v1/polymarket/derive-credentials', tags, security,
  summary: 'Derive your Polymarket API credentials from your wallet key and store them',
  description: 'Signs Polymarket\'s L1 ClobAuth (EIP-712) with the key, asks the venue for the wallet\'s L2 credentials (creating them the first time) and stores those, encrypted. Use once before the first polymarket order.',
  request: { body: { content: { 'application/json': { schema: DeriveBody } } } },
  responses: { 200: json(Derived, 'Stored'), ...keyedErrors, 502: errorResponse('The venue is down or failed'), 504: errorResponse('The venue did not answer in time') },
});
openapi.registerPath({
  method: 'post', path: '/api/v1/polymarket/verify-credentials', tags, security,
  summary: 'Check your stored Polymarket credentials against the venue',
  responses: { 200: json(Verified, 'Whether the venue accepts them'), ...keyedErrors, 502: errorResponse('The venue is down or failed'), 504: errorResponse('The venue did not answer in time') },
});
openapi.registerPath({
  method: 'post', path: '/api/v1/polymarket/safe-address', tags, security,
  summary: 'The Polymarket Gnosis Safe of a wallet (CREATE2, no network)',
  request: { body: { content: { 'application/json': { schema: SafeBody } } } },
  responses: { 200: json(Safe, 'The Safe address'), ...keyedErrors },
});

const OPERATIONS = ['derive-credentials', 'verify-credentials', 'safe-address'];

export function createOnboardingRouter(onboarding: PolymarketOnboarding): Router {
  const router = Router();
  router.post('/polymarket/derive-credentials', async (req, res) => {
    const body = parseBody(DeriveBody, req);
    res.json(await tradingErrors(() => onboarding.deriveCredentials(req.auth!.userId, body)));
  });
  router.post('/polymarket/verify-credentials', async (req, res) => {
    res.json(await tradingErrors(() => onboarding.verifyCredentials(req.auth!.userId)));
  });
  router.post('/polymarket/safe-address', async (req, res) => {
    const body = parseBody(SafeBody, req);
    res.json(await tradingErrors(async () => onboarding.safeAddress(body.address)));
  });
  // The same operations on another venue: a 404 that names them.
  router.post('/:exchange/:operation', (req, _res, next) => {
    if (!OPERATIONS.includes(req.params.operation) || req.params.exchange === 'polymarket') return next();
    throw notFound(`${req.params.exchange} has no ${req.params.operation} operation`);
  });
  return router;
}
