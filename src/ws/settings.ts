// The streams' settings: keepalive, limits, polling, fan-out across instances, Kalshi's market-data key
// (see src/util/env-values.ts).
import { z } from 'zod';
import { defineSettings, intFromEnv, optionalText } from '../util/env-values.js';

export const streamsSettings = defineSettings({
  title: 'Streams (/ws)',
  env: z.object({
    WS_PING_INTERVAL_MS: intFromEnv(10, 600_000).default(54_000).describe('Streams: the server pings every stream client this often, in ms.'),
    WS_PONG_TIMEOUT_MS: intFromEnv(10, 600_000).default(60_000).describe('Streams: a client silent (no pong) this long is dropped, in ms.'),
    WS_MAX_SUBSCRIPTIONS: intFromEnv(1, 100_000).default(100).describe('Streams: markets one connection may follow at once (more: an `{"error"}` message).'),
    WS_MAX_BUFFERED_BYTES: intFromEnv(1024, 1024 * 1024 * 1024).default(1024 * 1024).describe('Streams: a client whose unsent data passes this many bytes is dropped as a slow consumer (counted in `/health`).'),
    WS_POLL_INTERVAL_MS: intFromEnv(100, 3_600_000).default(5_000).describe('Streams: how often what a venue\'s socket does not carry is polled for the markets followed, in ms (prices on polymarket, limitless, predictfun; trades on limitless, predictfun).'),
    WS_FANOUT: z.enum(['auto', 'off']).default('auto').describe('Streams across instances: `auto` = with `DATABASE_URL`, the instances share one venue connection (leader by advisory lock, messages over LISTEN/NOTIFY); `off` = each instance on its own.'),
    WS_FANOUT_HEARTBEAT_MS: intFromEnv(50, 60_000).default(1_000).describe('Streams across instances: how often followers try the leader lock and send heartbeats, and the leader announces itself, in ms (takeover time is about one heartbeat).'),
    KALSHI_WS_KEY_ID: optionalText.describe('The service\'s own Kalshi API key id, signing the market-data WebSocket and the RFQ reads (`/kalshi/rfqs...`) in live mode; set with `KALSHI_WS_PRIVATE_KEY` or not at all; never a user\'s trading key.'),
    KALSHI_WS_PRIVATE_KEY: optionalText.describe('The RSA private key (PEM) of `KALSHI_WS_KEY_ID`; literal `\\n` sequences are read as newlines.'),
  }),
  read(e, problem, all) {
    if (!!e.KALSHI_WS_KEY_ID !== !!e.KALSHI_WS_PRIVATE_KEY) {
      problem(e.KALSHI_WS_KEY_ID ? 'KALSHI_WS_PRIVATE_KEY' : 'KALSHI_WS_KEY_ID', 'KALSHI_WS_KEY_ID and KALSHI_WS_PRIVATE_KEY are set together or not at all');
    }
    return {
      /** Streams: keepalive, limits, the poll interval, and Kalshi's market-data key (secret: never logged). */
      streams: {
        pingIntervalMs: e.WS_PING_INTERVAL_MS,
        pongTimeoutMs: e.WS_PONG_TIMEOUT_MS,
        maxSubscriptions: e.WS_MAX_SUBSCRIPTIONS,
        maxBufferedBytes: e.WS_MAX_BUFFERED_BYTES,
        pollMs: e.WS_POLL_INTERVAL_MS,
        /** Fan-out across instances (null: this instance alone): only with an external database. */
        fanout: all.DATABASE_URL && e.WS_FANOUT === 'auto' ? { heartbeatMs: e.WS_FANOUT_HEARTBEAT_MS } : null,
        kalshiKey: e.KALSHI_WS_KEY_ID && e.KALSHI_WS_PRIVATE_KEY ? { key_id: e.KALSHI_WS_KEY_ID, private_key: e.KALSHI_WS_PRIVATE_KEY.replace(/\\n/g, '\n') } : null,
      },
    };
  },
});
