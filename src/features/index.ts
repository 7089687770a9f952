// The features of the service, in the order they are set up (a feature may use what one before it
// provides: the recorder reads the stream gateway's feeds) and, reversed, closed. Adding a feature is
// its module (feature-module.ts) and one entry here.
import { accountsFeature } from './accounts.js';
import { catalogFeature } from './catalog.js';
import { crossVenueFeature } from './cross-venue.js';
import type { FeatureModule } from './feature-module.js';
import { marketDataFeature } from './market-data.js';
import { matchingFeature } from './matching.js';
import { metricsFeature } from './metrics.js';
import { recorderFeature } from './recorder.js';
import { searchFeature } from './search.js';
import { semanticFeature } from './semantic.js';
import { streamsFeature } from './streams.js';
import { tradingFeature } from './trading.js';
import { venueExtensionsFeature } from './venues/index.js';

export { featureServices, type FeatureModule, type FeatureContext, type FeatureParts, type FeatureServices } from './feature-module.js';

export const FEATURES: readonly FeatureModule[] = [accountsFeature, searchFeature, semanticFeature, matchingFeature, marketDataFeature, tradingFeature, venueExtensionsFeature, streamsFeature, recorderFeature, crossVenueFeature, catalogFeature, metricsFeature];
