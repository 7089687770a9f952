// Kalshi's own features beyond the unified reads (its descriptor's `extensions`): RFQs, read with the
// service's own key (the simulator takes its test key), and parlay trades, read through the Kalshi
// adapter's HTTP client (its rate limit and retries).
import { createParlayRouter } from '../../http/routes/kalshi-parlays.js';
import { createRfqRouter } from '../../http/routes/recorded-rfqs.js';
import { ParlayTradeService } from '../../market-data/parlays.js';
import { RfqService } from '../../market-data/rfqs.js';
import { KalshiAdapter } from '../../venues/kalshi/client.js';
import { kalshi } from '../../venues/kalshi/index.js';
import { KalshiParlayTrades } from '../../venues/kalshi/parlays.js';
import { KalshiRfqClient, lazySimTestKey } from '../../venues/kalshi/rfqs.js';
import type { VenueExtension } from './venue-extension.js';

export const kalshiExtension: VenueExtension = {
  venue: 'kalshi',
  extensions: ['rfqs', 'parlays'],
  async setup({ config, clock, venues, use }) {
    const marketData = use('marketData');
    const sim = venues.simBaseUrls?.kalshi;
    const rfqs = new RfqService(
      new KalshiRfqClient({
        restUrl: sim ? sim.rest : (config.venues.kalshi?.baseUrls.rest ?? kalshi.baseUrls.rest),
        key: sim ? lazySimTestKey() : config.streams.kalshiKey,
        timeoutMs: config.liveReads.timeoutMs,
      }),
      marketData,
    );
    const live = venues.liveAdapters.kalshi;
    const parlays = new ParlayTradeService(live instanceof KalshiAdapter ? new KalshiParlayTrades(live.http) : null, () => clock.now());
    return {
      routes: () => [
        { path: '/', router: createRfqRouter(rfqs) },
        { path: '/', router: createParlayRouter(parlays) },
      ],
    };
  },
};
