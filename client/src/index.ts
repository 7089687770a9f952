// The predmarkets API client: openapi-fetch over the types generated from the service's OpenAPI
// document (./schema.d.ts), so every path, parameter, body and answer is typed. Works in Node 20+
// and in browsers (it is fetch). Every call resolves to `{ data }` on success or `{ error }` (the
// API's `{ "error": message }` body) with `response` for the status and headers.
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, paths } from './schema.js';

export type { components, paths };
/** A named schema of the API, e.g. `Schema<'VenueMarket'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

export interface PredmarketsClientOptions {
  /** The service's address, e.g. `http://localhost:8080`. */
  baseUrl: string;
  /** An API key (X-API-Key); POST /api/v1/test-key mints a free one. */
  apiKey?: string;
  /** A fetch to use instead of the global one (tests, proxies). */
  fetch?: typeof globalThis.fetch;
}

export type PredmarketsClient = Client<paths>;

export function createPredmarketsClient(options: PredmarketsClientOptions): PredmarketsClient {
  const client = createClient<paths>({ baseUrl: options.baseUrl, ...(options.fetch ? { fetch: options.fetch } : {}) });
  if (options.apiKey) {
    const apiKey = options.apiKey;
    const withKey: Middleware = {
      onRequest({ request }) {
        request.headers.set('X-API-Key', apiKey);
        return request;
      },
    };
    client.use(withKey);
  }
  return client;
}
