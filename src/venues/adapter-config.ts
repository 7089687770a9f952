/**
 * What an adapter factory receives. Kept apart from the registry so that adapters can import it
 * without importing the registry (which imports every adapter).
 */
import type { HttpClientOptions } from './http-client.js';

/** HTTP settings an adapter passes on to its `VenueHttpClient`s (all optional). */
export type AdapterHttpOptions = Partial<Omit<HttpClientOptions, 'exchange' | 'baseUrl'>>;

export interface AdapterConfig {
  /** Overrides of the adapter's base URLs, by key (`rest`, `gamma`, `clob`, `ws`...). */
  baseUrls?: Record<string, string>;
  http?: AdapterHttpOptions;
  /**
   * The venue's own market-data keys by field (its descriptor's `marketDataKeys`, e.g. `api_key`),
   * from the configuration. Never logged.
   */
  keys?: Record<string, string>;
}

/** Merges an adapter's live default base URLs with overrides (unknown keys are ignored). */
export function resolveBaseUrls<K extends string>(defaults: Record<K, string>, overrides: Record<string, string> = {}): Record<K, string> {
  const out = { ...defaults };
  for (const k of Object.keys(defaults) as K[]) if (overrides[k]) out[k] = overrides[k].replace(/\/+$/, '');
  return out;
}
