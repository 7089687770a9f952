/**
 * The venues, in x1..x9 order: the one list a new venue is added to (one folder + one line here).
 * The exchange table (exchanges.ts), the adapter registry (registry.ts), the simulators
 * (simulators.ts), the configuration's per-venue keys and the OpenAPI enums are derived from it.
 */
import { kalshi } from './kalshi/index.js';
import { polymarket } from './polymarket/index.js';
import { limitless } from './limitless/index.js';
import { predictfun } from './predictfun/index.js';
import { opinion } from './opinion/index.js';
import { futuur } from './futuur/index.js';
import { probable } from './probable/index.js';
import { manifold } from './manifold/index.js';
import { predictit } from './predictit/index.js';

export const VENUES = [kalshi, polymarket, limitless, predictfun, opinion, futuur, probable, manifold, predictit] as const;

export type Venue = (typeof VENUES)[number];
export type { VenueDescriptor, ReadSupport, RouteRead, AdapterFactory, OrderSigning } from './descriptor.js';
export { urlEnvKey, urlEnvKeys } from './descriptor.js';
