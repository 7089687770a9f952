// The live venue reads' settings (see src/util/env-values.ts).
import { z } from 'zod';
import { defineSettings, intFromEnv } from '../util/env-values.js';

export const marketDataSettings = defineSettings({
  title: 'Market data (live venue reads)',
  env: z.object({
    LIVE_CACHE_TTL_MS: intFromEnv(0, 600_000).default(2_000).describe('How long a live venue answer (book, trades, prices) is reused, in ms; concurrent identical reads share one venue call.'),
    LIVE_READ_TIMEOUT_MS: intFromEnv(100, 120_000).default(8_000).describe('How long a live venue read (book, trades, prices, a market not synced yet) may take in all, retries included, in ms; a slower venue answers 504.'),
  }),
  read: (e) => ({
    /** Live venue reads of the per-venue routes. */
    liveReads: { cacheTtlMs: e.LIVE_CACHE_TTL_MS, timeoutMs: e.LIVE_READ_TIMEOUT_MS },
  }),
});
