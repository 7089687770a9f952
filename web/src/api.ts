// The API as the page calls it: typed by the client package's generated types (client/src/schema.d.ts,
// from the service's OpenAPI document), with the key from local storage. A 403 of a plan gate
// becomes a PlanError naming the plans that have the feature, so the page can say so.
import type { components, paths } from '../../client/src/schema.js';

export type Schemas = components['schemas'];
export type Suggestion = paths['/api/v1/search/autocomplete']['get']['responses'][200]['content']['application/json']['suggestions'][number];
export type KeywordResult = Schemas['KeywordSearchResponse']['results'][number];
export type SemanticResult = Schemas['SemanticSearchResult'];
export type Market = Schemas['VenueMarket'];
export type Cluster = Schemas['Cluster'];
export type CurrentKey = Schemas['CurrentKey'];
export type TestKey = Schemas['TestKey'];
export type Book = paths['/api/v1/{exchange}/{market_id}/orderbook']['get']['responses'][200]['content']['application/json'];
export type Trades = paths['/api/v1/{exchange}/{market_id}/tradehistory']['get']['responses'][200]['content']['application/json'];

const KEY_STORAGE = 'predmarkets.apiKey';

export const keyStore = {
  get(): string | null {
    try {
      return localStorage.getItem(KEY_STORAGE);
    } catch {
      return null;
    }
  },
  set(key: string): void {
    localStorage.setItem(KEY_STORAGE, key);
  },
  clear(): void {
    localStorage.removeItem(KEY_STORAGE);
  },
};

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A feature the key's plan lacks; `plans` are those that have it. */
export class PlanError extends ApiError {
  constructor(
    message: string,
    readonly plan: string | null,
    readonly plans: string[],
  ) {
    super(403, message);
  }
}

/** Listeners told when the key is refused (401), so the page asks for another. */
const keyRefused = new Set<(message: string) => void>();
export function onKeyRefused(fn: (message: string) => void): void {
  keyRefused.add(fn);
}

export async function api<T>(path: string, init: { method?: string; body?: unknown; signal?: AbortSignal; noKey?: boolean } = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const key = keyStore.get();
  if (key && !init.noKey) headers['x-api-key'] = key;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(path, { method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body), signal: init.signal });
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (res.ok) return body as T;
  const message = (body as { error?: string } | null)?.error ?? `${res.status} ${res.statusText}`;
  if (res.status === 401 && !init.noKey) for (const fn of keyRefused) fn(message);
  if (res.status === 403) {
    // "your plan (free) has no access to this operation; it needs one of: max, enterprise, admin"
    const plan = /your plan \(([^)]+)\)/.exec(message)?.[1] ?? null;
    const plans = /needs one of: (.+)$/.exec(message)?.[1]?.split(',').map((p) => p.trim()) ?? [];
    if (plans.length) throw new PlanError(message, plan, plans);
  }
  throw new ApiError(res.status, message);
}

export const enc = encodeURIComponent;

/** The ids field of a stream's subscribe message: Kalshi's own name, `market_ids` elsewhere. */
export const streamIdsField = (code: string): 'kalshi_ids' | 'market_ids' => (code === 'kalshi' ? 'kalshi_ids' : 'market_ids');

export type ClusterList = Schemas['ClusterList'];
export type ClusterItem = ClusterList['items'][number];
export type ClusterPrices = Schemas['ClusterPrices'];
