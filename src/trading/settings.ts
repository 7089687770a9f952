// Trading's settings: the credentials key, order-call timeout, the order sync job (see src/util/env-values.ts).
import { z } from 'zod';
import { defineSettings, intFromEnv, optionalText, scheduleOrOff } from '../util/env-values.js';

export const tradingSettings = defineSettings({
  title: 'Trading',
  env: z.object({
    CREDENTIALS_KEY: optionalText.describe('Trading: the 32-byte key (base64 or hex) encrypting stored venue credentials (AES-256-GCM); unset, `DATA_DIR/credentials.key`, created on first start with owner-only permissions (logged once: where, never the key). Back it up: stored credentials cannot be read without it.'),
    CREDENTIALS_PREVIOUS_KEYS: optionalText.describe('Trading: comma-separated keys that still decrypt (never encrypt), for a key rotation.'),
    TRADING_TIMEOUT_MS: intFromEnv(100, 120_000).default(10_000).describe('Trading: timeout of one order call to a venue, in ms (504 beyond it; the order stays `pending` until reconciled).'),
    ORDER_SYNC_SCHEDULE: z.string().trim().min(1).default('* * * * *').describe('Trading: cron of the job that brings open and pending orders up to date with their venues (also run once at start); `off` disables.'),
  }),
  read: (e) => ({
    /** Trading: the credentials key (secret: never logged), order-call timeout, the sync job's schedule (null = off). */
    trading: {
      credentialsKey: e.CREDENTIALS_KEY,
      credentialsPreviousKeys: e.CREDENTIALS_PREVIOUS_KEYS ? e.CREDENTIALS_PREVIOUS_KEYS.split(',').map((k) => k.trim()).filter(Boolean) : [],
      timeoutMs: e.TRADING_TIMEOUT_MS,
      syncSchedule: scheduleOrOff(e.ORDER_SYNC_SCHEDULE),
    },
  }),
});
