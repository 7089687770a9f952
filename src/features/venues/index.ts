// The venues' own features (see venue-extension.ts), set up as one feature after those they use
// (market data, trading). A venue with extensions is one module here and one entry in the list.
import type { FeatureModule } from '../feature-module.js';
import { kalshiExtension } from './kalshi.js';
import { polymarketExtension } from './polymarket.js';
import type { VenueExtension } from './venue-extension.js';

export const VENUE_EXTENSIONS: readonly VenueExtension[] = [kalshiExtension, polymarketExtension];

export const venueExtensionsFeature: FeatureModule = {
  name: 'venue extensions',
  async setup(ctx) {
    const parts = await Promise.all(VENUE_EXTENSIONS.map((x) => x.setup(ctx)));
    return {
      routes: (http) => parts.flatMap((p) => p.routes?.(http) ?? []),
      health: Object.assign({}, ...parts.map((p) => p.health)),
    };
  },
};
