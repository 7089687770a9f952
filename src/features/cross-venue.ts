// Cross-venue comparison: GET /api/v1/clusters (the matching catalog's clusters with their held quotes,
// best asks and gaps after fees) and GET /api/v1/svc/{svc_id}/prices (src/cross-venue/).
import { setupCrossVenue } from '../cross-venue/setup.js';
import type { FeatureModule } from './feature-module.js';

export const crossVenueFeature: FeatureModule = {
  name: 'cross-venue',
  async setup({ db, clock, use }) {
    const deps = { pool: db.pool, marketData: use('marketData'), recorded: use('recordedStore'), streams: use('streams'), now: () => clock.now() };
    return {
      routes: (http) => [{ path: '/', router: setupCrossVenue({ ...deps, requireFeature: http.requireFeature }).router }],
    };
  },
};
