/**
 * PredictIt's wire formats. No published spec was found; the shapes are those of payloads recorded
 * from `GET /api/marketdata/all/` (../shared/data/markets/predictit, from BonelessWater/predict-ngin,
 * 2026-01: markets `{id, name, shortName, url, contracts[], timeStamp, status}`, contract prices as
 * numbers or null when no offer) and of the public chart endpoint our fixtures recorded.
 */
import { z } from 'zod';
import type { ConformanceCheck } from '../wire.js';

const price = z.number().nullable();
export const PredictItContractSchema = z.looseObject({ id: z.number().int(), name: z.string(), shortName: z.string().optional(), status: z.string(), lastTradePrice: price, bestBuyYesCost: price, bestBuyNoCost: price, bestSellYesCost: price, bestSellNoCost: price, lastClosePrice: price.optional() });
export const PredictItMarketSchema = z.looseObject({ id: z.number().int(), name: z.string(), shortName: z.string().optional(), url: z.string().optional(), contracts: z.array(PredictItContractSchema), timeStamp: z.string(), status: z.string() });
export const PredictItAllSchema = z.looseObject({ markets: z.array(PredictItMarketSchema) });
/** Chart rows come camelCase with number prices, or PascalCase with "$0.49" strings (both recorded). */
export const PredictItChartSchema = z
  .array(z.union([z.looseObject({ contractId: z.number().int(), date: z.string(), closeSharePrice: z.number() }), z.looseObject({ ContractName: z.string(), Date: z.string(), CloseSharePrice: z.string().regex(/^\$?\d+(\.\d+)?$/) })]))
  .nullable();

export const conformanceChecks: readonly ConformanceCheck[] = [
  {
    endpoint: 'GET /marketdata/all/',
    base: 'rest',
    authenticated: false,
    request: () => ({ method: 'GET', path: '/marketdata/all/' }),
    schema: PredictItAllSchema,
    remember(response, values) {
      const m = (response as z.infer<typeof PredictItAllSchema>).markets[0];
      if (m) values.set('id', String(m.id));
    },
  },
  { endpoint: 'GET /marketdata/markets/{id}', base: 'rest', authenticated: false, request: (v) => (v.get('id') ? { method: 'GET', path: `/marketdata/markets/${v.get('id')}` } : null), schema: PredictItMarketSchema },
];
