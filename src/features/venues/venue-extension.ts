// A venue's own features beyond the unified reads (Kalshi's RFQs and parlays, Polymarket's
// onboarding): named by its descriptor's `extensions`, wired here at the composition root (they serve
// routes, which the venue layer below cannot import; and a descriptor importing them, even lazily,
// would close an import circle through the routes back to the list of venues). A test checks every
// descriptor's `extensions` is what its module here provides.
import type { ExchangeCode } from '../../venues/codes.js';
import type { FeatureContext, FeatureParts } from '../feature-module.js';

export interface VenueExtension {
  venue: ExchangeCode;
  /** The names its descriptor lists in `extensions`. */
  extensions: readonly string[];
  setup(ctx: FeatureContext): Promise<FeatureParts>;
}
