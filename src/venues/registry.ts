/**
 * The adapter registry: venue code -> adapter factory. A new venue is one folder under src/venues/
 * plus one line here. Base URLs come from the adapter's own live defaults, overridden by
 * configuration (`baseUrls`), by the simulators (`EXCHANGE_MODE=sim`) or by environment variables
 * named `<CODE>_<KEY>_URL` (e.g. the kalshi `rest` URL is `KALSHI_REST_URL`).
 */
import type { VenueAdapter } from './adapter.js';
import { EXCHANGE_CODES, type ExchangeCode } from './exchanges.js';
import type { AdapterConfig } from './adapter-config.js';
import { createKalshiAdapter } from './kalshi/client.js';
import { createPolymarketAdapter } from './polymarket/client.js';
import { createManifoldAdapter } from './manifold/client.js';
import { createPredictItAdapter } from './predictit/client.js';
import { createProbableAdapter } from './probable/client.js';
import { createLimitlessAdapter } from './limitless/client.js';
import { createPredictfunAdapter } from './predictfun/client.js';
import { createOpinionAdapter } from './opinion/client.js';
import { createFutuurAdapter } from './futuur/client.js';

export { resolveBaseUrls, type AdapterConfig, type AdapterHttpOptions } from './adapter-config.js';

export type AdapterFactory = (cfg?: AdapterConfig) => VenueAdapter;

export const ADAPTERS: Partial<Record<ExchangeCode, AdapterFactory>> = {
  kalshi: createKalshiAdapter,
  polymarket: createPolymarketAdapter,
  manifold: createManifoldAdapter,
  predictit: createPredictItAdapter,
  probable: createProbableAdapter,
  limitless: createLimitlessAdapter,
  predictfun: createPredictfunAdapter,
  opinion: createOpinionAdapter,
  futuur: createFutuurAdapter,
};

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

/** Base-URL overrides from the environment: `<CODE>_<KEY>_URL`, e.g. `POLYMARKET_GAMMA_URL`. */
export function baseUrlsFromEnv(code: ExchangeCode, env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const prefix = `${code.toUpperCase()}_`;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) {
    if (v && k.startsWith(prefix) && k.endsWith('_URL')) out[k.slice(prefix.length, -'_URL'.length).toLowerCase()] = v;
  }
  return out;
}
