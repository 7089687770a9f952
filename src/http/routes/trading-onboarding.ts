// Polymarket onboarding (docs/api-contract.md §5): derive-credentials, verify-credentials, safe-address. On
// any other venue these paths are a 404 naming the operation.
import { Router } from 'express';
import { z } from 'zod';
import type { PolymarketOnboarding } from '../../trading/polymarket-onboarding.js';
import { defineRoute, mountRoutes } from '../define-route.js';
import { notFound } from '../errors.js';
import { errorResponse, keyedErrors, openapi } from '../openapi.js';
import { tradingErrors } from './trading-errors.js';

const tags = ['Polymarket onboarding'];
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

const venueDown = { 502: errorResponse('The venue is down or failed'), 504: errorResponse('The venue did not answer in time') };

const ONBOARDING_ROUTES = [
  defineRoute({
    method: 'post',
    path: '/polymarket/derive-credentials',
    tags,
    summary: 'Derive your Polymarket API credentials from your wallet key and store them',
    description: 'Signs Polymarket\'s L1 ClobAuth (EIP-712) with the key, asks the venue for the wallet\'s L2 credentials (creating them the first time) and stores those, encrypted. Use once before the first polymarket order.',
    body: { schema: DeriveBody },
    responses: { 200: json(Derived, 'Stored'), ...keyedErrors, ...venueDown },
    handle: (onboarding: PolymarketOnboarding, { body }, req) => tradingErrors(() => onboarding.deriveCredentials(req.auth!.userId, body)),
  }),
  defineRoute({
    method: 'post',
    path: '/polymarket/verify-credentials',
    tags,
    summary: 'Check your stored Polymarket credentials against the venue',
    responses: { 200: json(Verified, 'Whether the venue accepts them'), ...keyedErrors, ...venueDown },
    handle: (onboarding: PolymarketOnboarding, _input, req) => tradingErrors(() => onboarding.verifyCredentials(req.auth!.userId)),
  }),
  defineRoute({
    method: 'post',
    path: '/polymarket/safe-address',
    tags,
    summary: 'The Polymarket Gnosis Safe of a wallet (CREATE2, no network)',
    body: { schema: SafeBody },
    responses: { 200: json(Safe, 'The Safe address'), ...keyedErrors },
    handle: (onboarding: PolymarketOnboarding, { body }) => tradingErrors(async () => onboarding.safeAddress(body.address)),
  }),
];

const OPERATIONS = ['derive-credentials', 'verify-credentials', 'safe-address'];

export function createOnboardingRouter(onboarding: PolymarketOnboarding): Router {
  const router = mountRoutes(Router(), onboarding, ONBOARDING_ROUTES);
  // The same operations on another venue: no operation of theirs, a 404 that names them.
  router.post('/:exchange/:operation', (req, _res, next) => {
    if (!OPERATIONS.includes(req.params.operation) || req.params.exchange === 'polymarket') return next();
    throw notFound(`${req.params.exchange} has no ${req.params.operation} operation`);
  });
  return router;
}
