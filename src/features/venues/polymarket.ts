// Polymarket's own features beyond the unified reads (its descriptor's `extensions`): onboarding a
// trader (deriving and checking the CLOB's API credentials, the Safe address of a wallet).
import { createOnboardingRouter } from '../../http/routes/trading-onboarding.js';
import type { VenueExtension } from './venue-extension.js';

export const polymarketExtension: VenueExtension = {
  venue: 'polymarket',
  extensions: ['onboarding'],
  async setup({ use }) {
    const { onboarding } = use('trading');
    return { routes: () => [{ path: '/', router: createOnboardingRouter(onboarding) }] };
  },
};
