/**
 * A venue feed as the recorder sees it (src/recorder/recorder.ts `UpstreamFeed`): the recorder is one
 * more subscriber of the venue's market feed, a `raw` one with no message kinds (it keeps the market
 * followed; nothing is serialised for it), and hears the upstream events through the feed's observer
 * hook. The feed is the one the stream gateway uses: with fan-out across instances
 * (src/ws/cluster) the clustered feed, so a recorder on a follower instance gets the leader's upstream
 * events through PostgreSQL and never opens a venue socket of its own. A failure in the recorder never
 * reaches the feed.
 */
import type { Logger } from 'pino';
import type { UpstreamFeed } from '../recorder/recorder.js';
import type { MarketFeed, Subscriber } from './venue-feed.js';

export function recorderFeed(feed: MarketFeed, logger: Logger): UpstreamFeed {
  const self: Subscriber = { deliver: () => undefined, raw: true };
  const none = new Set<never>();
  return {
    follow: (m) => feed.add(self, m, none),
    unfollow: (id) => feed.remove(self, id),
    observe: (listener) =>
      feed.observe((e) => {
        try {
          listener(e);
        } catch (err) {
          logger.error({ err }, 'recorder failed on an upstream event');
        }
      }),
    channels: () => feed.upstreamStatus().channels,
    connected: () => feed.upstreamStatus().connected,
  };
}
