// The market-data recorder's settings (see src/util/env-values.ts).
import { z } from 'zod';
import { boolFromEnv, defineSettings, intFromEnv } from '../util/env-values.js';
import { EXCHANGE_CODES } from '../venues/codes.js';
import { parseTrackingSetting } from './tracking.js';

export const recorderSettings = defineSettings({
  title: 'The market-data recorder',
  env: z.object({
    RECORDER_ENABLED: boolFromEnv.default(true).describe('The market-data recorder (docs/recorded-data.md); it runs where the jobs run (`RUN_JOBS`).'),
    RECORDER_MARKETS: z
      .string()
      .trim()
      .default('*=top:20')
      .superRefine((v, ctx) => {
        try {
          parseTrackingSetting(v, EXCHANGE_CODES);
        } catch (err) {
          ctx.addIssue({ code: 'custom', message: (err as Error).message });
        }
      })
      .describe('Markets recorded per venue: `venue=all|top:N|list:id1|id2|off`, comma-separated, `*` for the venues not named, e.g. `*=top:20,kalshi=top:100,opinion=list:123|456,futuur=off`; `all` and `top:N` are the venue\'s open markets in the catalog by volume.'),
    RECORDER_MAX_MARKETS_PER_VENUE: intFromEnv(1, 100_000).default(500).describe('Cap on an `all` selection.'),
    RECORDER_POLL_MS: intFromEnv(100, 3_600_000).default(5_000).describe('Polling of venues without a stream (books and trades), and of trades where the stream lacks them, in ms.'),
    RECORDER_SNAPSHOT_INTERVAL_MS: intFromEnv(100, 86_400_000).default(60_000).describe('A full book snapshot of each streamed market at least this often, in ms (past books are rebuilt from it).'),
    RECORDER_FLUSH_MS: intFromEnv(10, 60_000).default(250).describe('Recorded rows are written in one transaction this often, in ms.'),
    RECORDER_REFRESH_MS: intFromEnv(1_000, 86_400_000).default(300_000).describe('How often the selection is re-read from the catalog, in ms (also after every sync that changed markets).'),
    RECORDER_RETENTION_DAYS: intFromEnv(1, 3_650).default(30).describe('Days of recorded data kept; older day partitions are dropped.'),
    RECORDER_PARTITIONS_AHEAD_DAYS: intFromEnv(1, 60).default(2).describe('Day partitions created ahead of time.'),
    RECORDER_LOCK_RETRY_MS: intFromEnv(50, 600_000).default(5_000).describe('How often a job runner that is not recording tries the recorder\'s lock, in ms (one recorder at a time; the takeover time when the recorder stops).'),
  }),
  read: (e) => ({
    /** The market-data recorder: what it tracks per venue, its timings, retention. */
    recorder: {
      enabled: e.RECORDER_ENABLED,
      markets: parseTrackingSetting(e.RECORDER_MARKETS, EXCHANGE_CODES),
      maxMarketsPerVenue: e.RECORDER_MAX_MARKETS_PER_VENUE,
      pollMs: e.RECORDER_POLL_MS,
      snapshotIntervalMs: e.RECORDER_SNAPSHOT_INTERVAL_MS,
      flushMs: e.RECORDER_FLUSH_MS,
      refreshMs: e.RECORDER_REFRESH_MS,
      retentionDays: e.RECORDER_RETENTION_DAYS,
      partitionsAheadDays: e.RECORDER_PARTITIONS_AHEAD_DAYS,
      lockRetryMs: e.RECORDER_LOCK_RETRY_MS,
    },
  }),
});
