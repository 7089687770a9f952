/**
 * The adapter registry: venue code -> adapter factory, derived from the venue descriptors
 * (src/venues/index.ts). Base URLs come from the descriptor's live defaults, overridden by
 * `AdapterConfig.baseUrls` (the configuration's `<CODE>_<KEY>_URL` variables, or the simulators' URLs).
 */
import type { VenueAdapter } from './adapter.js';
import type { AdapterConfig } from './adapter-config.js';
import type { AdapterFactory } from './descriptor.js';
import { EXCHANGE_CODES, type ExchangeCode } from './exchanges.js';
import { VENUES } from './index.js';

export { resolveBaseUrls, type AdapterConfig, type AdapterHttpOptions } from './adapter-config.js';
export type { AdapterFactory } from './descriptor.js';

// The descriptors import their adapters lazily (see descriptor.ts); loading them all here, once, keeps
// `createAdapter` synchronous for its callers. Every importer of the registry builds adapters anyway.
const loaded = await Promise.all(VENUES.map(async (v) => [v.code, await v.adapter()] as const));

export const ADAPTERS: Partial<Record<ExchangeCode, AdapterFactory>> = Object.fromEntries(loaded);

/** Venue codes with a registered adapter, in x1..x9 order. */
export function registeredExchanges(): ExchangeCode[] {
  return EXCHANGE_CODES.filter((c) => ADAPTERS[c] !== undefined);
}

export function hasAdapter(code: ExchangeCode): boolean {
  return ADAPTERS[code] !== undefined;
}

export function createAdapter(code: ExchangeCode, cfg: AdapterConfig = {}): VenueAdapter {
  const factory = ADAPTERS[code];
  if (!factory) throw new Error(`no adapter registered for ${code}`);
  return factory(cfg);
}
