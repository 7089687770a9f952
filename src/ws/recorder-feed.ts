/**
 * A venue feed as the recorder sees it (src/recorder/recorder.ts `UpstreamFeed`): the recorder is one
 * more subscriber of the venue's upstream connection, with no message kinds (it keeps the market
 * followed; nothing is serialised for it), and hears the raw upstream events through the feed's
 * observer hook. A failure in the recorder never reaches the feed.
 */
import type { Logger } from 'pino';
import type { UpstreamFeed } from '../recorder/recorder.js';
import type { Subscriber, VenueFeed } from './venue-feed.js';

export function recorderFeed(feed: VenueFeed, logger: Logger): UpstreamFeed {
  const self: Subscriber = { deliver: () => undefined };
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
    channels: () => feed.upstream?.channels ?? null,
    connected: () => feed.upstream?.connected ?? false,
  };
}
