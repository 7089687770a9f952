// Streams: the gateway (/ws/<venue>) on the service's HTTP server, one upstream connection per venue
// (with fan-out, shared by the instances on one database).
import { createStreamGateway } from '../ws/setup.js';
import { addSvcStream } from '../ws/svc/setup.js';
import type { FeatureModule } from './feature-module.js';

export const streamsFeature: FeatureModule = {
  name: 'streams',
  async setup({ config, db, logger, clock, venues, use }) {
    const streams = await createStreamGateway({ config, venues, pool: db.pool, logger, now: () => clock.now() });
    // /ws/svc: the cross-venue cluster stream on the gateway, keyed like the svc lookups.
    addSvcStream({ gateway: streams, pool: db.pool, marketData: use('marketData'), keys: use('keys'), plans: use('plans'), pollMs: config.streams.pollMs, logger, now: () => clock.now() });
    return {
      provides: { streams },
      health: { streams: async () => streams.health() },
      // WebSocket upgrades of /ws/... are answered here, before Express sees the request.
      attach: (server) => streams.attach(server),
      // Before the server stops: an open WebSocket would hold it until the grace ends.
      close: () => streams.close(),
    };
  },
};
