// The accounts' settings: test and production keys, sessions, the plan table (see src/util/env-values.ts).
import { z } from 'zod';
import { defineSettings, intFromEnv } from '../util/env-values.js';

export type PlanFeatureOverrides = Record<string, string[]>;

const PlanFeaturesSchema = z.record(z.string(), z.array(z.string()));

export const accountsSettings = defineSettings({
  title: 'Accounts and keys',
  env: z.object({
    TEST_KEY_TTL_SECONDS: intFromEnv(1, 86_400).default(600).describe('Lifetime of a test key, in seconds.'),
    TEST_KEY_RATE_PER_MINUTE: intFromEnv(1, 100_000).default(60).describe('Rate limit of test keys, requests per minute.'),
    PRODUCTION_KEY_RATE_PER_MINUTE: intFromEnv(1, 100_000).default(300).describe('Rate limit of production keys, requests per minute.'),
    TEST_KEYS_PER_ADDRESS_PER_HOUR: intFromEnv(1, 100_000).default(20).describe('Test keys one client address may mint per hour (the route takes no key).'),
    SESSION_TTL_HOURS: intFromEnv(1, 24 * 365).default(24 * 7).describe('Lifetime of a session token, in hours.'),
    PLAN_FEATURES: z.string().optional().describe('JSON replacing the plan lists per feature, e.g. `{"semantic_search":["max","admin"]}`; features: `semantic_search`, `svc_lookup`, `admin`.'),
  }),
  read(e, problem) {
    let planFeatureOverrides: PlanFeatureOverrides = {};
    if (e.PLAN_FEATURES) {
      let json: unknown;
      try {
        json = JSON.parse(e.PLAN_FEATURES);
      } catch {
        problem('PLAN_FEATURES', 'is not valid JSON');
      }
      const table = PlanFeaturesSchema.safeParse(json);
      if (json !== undefined && !table.success) problem('PLAN_FEATURES', 'must map feature names to arrays of plans');
      if (table.success) planFeatureOverrides = table.data;
    }
    return {
      testKeyTtlSeconds: e.TEST_KEY_TTL_SECONDS,
      testKeyRatePerMinute: e.TEST_KEY_RATE_PER_MINUTE,
      productionKeyRatePerMinute: e.PRODUCTION_KEY_RATE_PER_MINUTE,
      testKeysPerAddressPerHour: e.TEST_KEYS_PER_ADDRESS_PER_HOUR,
      sessionTtlHours: e.SESSION_TTL_HOURS,
      planFeatureOverrides,
    };
  },
});
