// What a part of the service reports about itself for GET /health. Kept apart from the HTTP layer
// so that components (search, embeddings, venues) can describe their state without importing it.

export type ComponentState = 'ok' | 'degraded' | 'down' | 'disabled' | 'starting' | 'fetching';

export interface ComponentHealth {
  status: ComponentState;
  [detail: string]: unknown;
}

/** A part of the service that can report on itself, e.g. the search engine. */
export type HealthCheck = () => Promise<ComponentHealth>;
