/**
 * Manifold's wire formats, from its API docs (docs.manifold.markets/api: `LiteMarket`, `FullMarket`,
 * `Bet`) and the payloads recorded from `GET /v0/markets` (../shared/data/markets/manifold, from
 * BonelessWater/predict-ngin, 2026-01). Only the fields the adapter relies on are required.
 */
import { z } from 'zod';
import type { ConformanceCheck } from '../wire.js';

export const ManifoldLiteMarketSchema = z.looseObject({
  id: z.string(),
  question: z.string(),
  slug: z.string().optional(),
  url: z.string().optional(),
  outcomeType: z.string(),
  mechanism: z.string().optional(),
  createdTime: z.number(),
  closeTime: z.number().optional(),
  probability: z.number().optional(),
  volume: z.number().optional(),
  isResolved: z.boolean(),
  resolution: z.string().optional(),
});
export const ManifoldMarketsSchema = z.array(ManifoldLiteMarketSchema);
export const ManifoldBetSchema = z.looseObject({ id: z.string(), contractId: z.string(), createdTime: z.number(), amount: z.number(), shares: z.number(), outcome: z.string(), probBefore: z.number().optional(), probAfter: z.number().optional() });
export const ManifoldBetsSchema = z.array(ManifoldBetSchema);

export const conformanceChecks: readonly ConformanceCheck[] = [
  {
    endpoint: 'GET /markets',
    base: 'rest',
    authenticated: false,
    request: () => ({ method: 'GET', path: '/markets?limit=10&sort=updated-time&order=desc' }),
    schema: ManifoldMarketsSchema,
    remember(response, values) {
      const m = (response as z.infer<typeof ManifoldMarketsSchema>).find((x) => x.outcomeType === 'BINARY');
      if (m) values.set('id', m.id);
    },
  },
  { endpoint: 'GET /market/{id}', base: 'rest', authenticated: false, request: (v) => (v.get('id') ? { method: 'GET', path: `/market/${v.get('id')}` } : null), schema: ManifoldLiteMarketSchema },
  { endpoint: 'GET /bets', base: 'rest', authenticated: false, request: (v) => (v.get('id') ? { method: 'GET', path: `/bets?contractId=${v.get('id')}&limit=10` } : null), schema: ManifoldBetsSchema },
];
