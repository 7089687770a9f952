/**
 * The adapter registry: venue code -> adapter factory. A new venue is one folder under src/venues/
 * plus one line here. Base URLs come from the adapter's own live defaults, overridden by
 * configuration (`baseUrls`), by the simulators (`EXCHANGE_MODE=sim`) or by environment variables
 * named `<CODE>_<KEY>_URL` (e.g. the kalshi `rest` URL is `KALSHI_REST_URL`).
 */
import type { VenueAdapter } from './adapter.js';
import { EXCHANGE_CODES, type ExchangeCode } from './exchanges.js';
import type { HttpClientOptions } from './http-client.js';

/** HTTP settings an adapter passes on to its `VenueHttpClient`s (all optional). */
export type AdapterHttpOptions = Partial<Omit<HttpClientOptions, 'exchange' | 'baseUrl'>>;

export interface AdapterConfig {
  /** Overrides of the adapter's base URLs, by key (`rest`, `gamma`, `clob`, `ws`...). */
  baseUrls?: Record<string, string>;
  http?: AdapterHttpOptions;
}

export type AdapterFactory = (cfg?: AdapterConfig) => VenueAdapter;

export const ADAPTERS: Partial<Record<ExchangeCode, AdapterFactory>> = {
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

/** Merges default base URLs with overrides; adapters call this with their live defaults. */
export function resolveBaseUrls<K extends string>(defaults: Record<K, string>, overrides: Record<string, string> = {}): Record<K, string> {
  const out = { ...defaults };
  for (const k of Object.keys(defaults) as K[]) if (overrides[k]) out[k] = overrides[k].replace(/\/+$/, '');
  return out;
}
