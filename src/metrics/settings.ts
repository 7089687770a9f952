// GET /metrics' settings (see src/util/env-values.ts).
import { z } from 'zod';
import { boolFromEnv, defineSettings, intFromEnv } from '../util/env-values.js';

export const metricsSettings = defineSettings({
  title: 'Metrics',
  env: z.object({
    METRICS_PUBLIC: boolFromEnv.default(false).describe('GET /metrics (Prometheus text format) without an API key on the API port; `false`: it answers only a key of plan admin (401 without a key, 403 for another plan).'),
    METRICS_PORT: intFromEnv(0, 65535).optional().describe('A second port (on `HOST`) serving only GET /metrics, without a key, for a scraper on a private network; unset: none (0 picks a free one).'),
  }),
  read: (e) => ({
    /** GET /metrics: without a key on the API port, and a separate port serving it (null: none). */
    metrics: { public: e.METRICS_PUBLIC, port: e.METRICS_PORT ?? null },
  }),
});
