/**
 * The venue codes, in x1..x9 order: a leaf that imports no venue code. The records, the adapters, the
 * HTTP client and the descriptors name a venue through `ExchangeCode` from here, so none of them
 * imports the list of descriptors (src/venues/index.ts), which imports every venue folder: that made
 * the venues one import circle. `defineVenue` accepts only these codes, and a test checks the
 * descriptors list them in this order; adding a venue adds its code here and its line in `VENUES`.
 */
import { z } from 'zod';

export const EXCHANGE_CODES = ['kalshi', 'polymarket', 'limitless', 'predictfun', 'opinion', 'futuur', 'probable', 'manifold', 'predictit'] as const;

export type ExchangeCode = (typeof EXCHANGE_CODES)[number];

export const ExchangeCodeSchema = z.enum(EXCHANGE_CODES);

const CODES = new Set<string>(EXCHANGE_CODES);

export function isExchangeCode(value: unknown): value is ExchangeCode {
  return typeof value === 'string' && CODES.has(value);
}
