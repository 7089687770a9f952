// GET /health (unversioned, no key): the service's own view of its parts. 503 when the database,
// the system of record, does not answer; `degraded` when any other part is down or degraded.
import { Router } from 'express';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import type { ComponentHealth, HealthCheck } from '../../health/component-health.js';
import { defineRoute, reply } from '../define-route.js';
import { openapi } from '../openapi.js';
import { EXCHANGE_CODES } from '../../venues/exchanges.js';
import { venueDrift, type DriftLog } from '../../venues/wire.js';

export type { ComponentHealth, ComponentState, HealthCheck } from '../../health/component-health.js';
export interface VenueHealth {
  status: string;
  last_sync_at: string | null;
  markets: number;
  /** The latest sync's refusal to remove markets (too large a share, or a catalog of another source); null when none. */
  sync_refused?: { reason: string; would_remove: number | null; at: string } | null;
}
/** The venues' sync state, by exchange code; a venue whose last sync failed, or refused removals, degrades the service. */
export type ExchangesCheck = () => Promise<Record<string, VenueHealth>>;

const DriftNotice = z.object({
  endpoint: z.string().openapi({ description: 'The endpoint or stream message, e.g. `GET /markets` or `ws price_change`' }),
  kind: z.enum(['missing_field', 'unknown_value', 'shape']),
  detail: z.string().openapi({ description: 'Which field and what was seen' }),
  at: z.string().openapi({ description: 'ISO time of the last sighting' }),
  count: z.number().int().openapi({ description: 'Sightings since the process started' }),
});
const SyncRefusedSchema = openapi.register(
  'SyncRefused',
  z
    .object({
      reason: z.string(),
      would_remove: z.number().int().nullable().openapi({ description: 'Markets the listing lacked; null when the sync was refused before listing (a catalog of another source)' }),
      catalog_markets: z.number().int(),
      source: z.string().nullable().openapi({ description: 'Where the refused sync listed from: simulator, or live and the base URLs' }),
      at: z.string().openapi({ format: 'date-time' }),
    })
    .openapi({ description: 'The latest sync of the venue removed nothing: its listing lacked more than SYNC_MAX_REMOVAL_SHARE of the catalog, or came from another source than the catalog. Cleared by the next sync that goes through; `npm run sync -- --allow-removals` overrides.' }),
);
const VenueHealthSchema = z
  .object({ status: z.string(), last_sync_at: z.string().nullable(), markets: z.number().int(), sync_refused: SyncRefusedSchema.nullable() })
  .catchall(z.unknown());
const Component = z.object({ status: z.enum(['ok', 'degraded', 'down', 'disabled', 'starting', 'fetching']) }).catchall(z.unknown());

/** The embedding backfill's backlog and lease (src/search/semantic/semantic-component.ts), once the model is loaded. */
const EmbeddingsHealth = Component.extend({
  titles_pending: z.number().int().optional().describe('live markets whose title has no vector yet (the real backlog)'),
  rules_pending: z.number().int().optional().describe('live markets whose rules have no vector yet'),
  open_titles_pending: z.number().int().optional().describe('of titles_pending, the open markets\' (embedded first)'),
  open_rules_pending: z.number().int().optional().describe('of rules_pending, the open markets\' (embedded before any closed market\'s rules)'),
  backlog_rate_per_s: z.number().optional().describe('texts leaving the backlog per second over about the last minute (run through the model, or reused by content hash)'),
  backlog_eta_s: z.number().int().nullable().optional().describe('seconds until the backlog is empty at that rate; null when it does not move'),
  titles_to_check: z.number().int().optional().describe('catalog rows changed since the title pass looked (most only in price or volume)'),
  rules_to_check: z.number().int().optional(),
  backfill_lease: z.object({ holder: z.string(), until: z.string() }).nullable().optional().describe('who runs the backfill now (host/pid/id) and until when its lease row says; null when nobody does'),
});
/** src/trading/credential-keys-health.ts */
const CredentialsHealth = Component.extend({
  key_id: z.string().describe('fingerprint of the key this instance encrypts with'),
  missing_key_ids: z.array(z.string()).optional().describe('keys stored credential sets are encrypted with that this instance lacks (a key rotation in progress); orders of those users answer 503'),
  error: z.string().optional().describe('what to do about the missing keys'),
});
/** A scheduled job's last run, whichever instance ran it (src/indexers/job-runs.ts); status `starting` before the first. */
const JobRunHealth = Component.extend({
  last_run_at: z.string().nullable(),
  duration_ms: z.number().int().optional(),
  last_ok_at: z.string().nullable().optional(),
  error: z.string().nullable().optional().describe('why the last run failed (then status is degraded)'),
});
const MatchingHealth = JobRunHealth.extend({
  mode: z.enum(['full', 'incremental']).optional(),
  links: z.object({ identical: z.number().int(), related: z.number().int() }).optional().describe('links the last successful run found'),
  clusters: z.number().int().optional(),
  markets_assigned: z.number().int().optional(),
});
const OrderSyncHealth = JobRunHealth.extend({
  synced: z.number().int().optional(),
  failed: z.number().int().optional().describe('orders the last run could not bring up to date (then status is degraded, error names the last failure)'),
});

const Health = openapi.register(
  'Health',
  z.object({
    status: z.enum(['ok', 'degraded', 'down']),
    version: z.string(),
    uptime_s: z.number(),
    components: z
      .object({
        database: Component,
        embeddings: EmbeddingsHealth.optional(),
        credentials: CredentialsHealth.optional(),
        matching: MatchingHealth.optional(),
        order_sync: OrderSyncHealth.optional(),
        exchanges: z.record(z.string(), VenueHealthSchema).optional(),
      })
      .catchall(z.unknown()),
    drift: z
      .record(z.string(), z.array(DriftNotice))
      .openapi({ description: 'Per venue, the differences from its published wire format this process noticed in live traffic (missing fields, unknown status words, shape changes), most recent first; empty when none' }),
  }),
);

const CHECK_TIMEOUT_MS = 2000;

async function runCheck(check: HealthCheck): Promise<ComponentHealth> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      check(),
      new Promise<ComponentHealth>((resolve) => {
        timer = setTimeout(() => resolve({ status: 'down', error: 'health check timed out' }), CHECK_TIMEOUT_MS);
      }),
    ]);
  } catch (err) {
    return { status: 'down', error: (err as Error).message };
  } finally {
    clearTimeout(timer);
  }
}

/** What GET /health reads. */
export interface HealthSources {
  db: Database;
  version: string;
  startedAt: number;
  now: () => number;
  checks: Record<string, HealthCheck>;
  exchanges?: ExchangesCheck;
  /** Where the adapters note wire drift (the process's log by default). */
  drift?: DriftLog;
}

const health = defineRoute<HealthSources>({
  method: 'get',
  path: '/',
  base: '/health',
  tags: ['Service'],
  summary: 'Service health',
  description:
    'components: database, search, embeddings (backlog and backfill lease), credentials (keys a rotation left this instance without), matching and order_sync (last run, duration, error), and exchanges{<code>: {status, last_sync_at, markets, sync_refused}} (markets counted as they arrive while a sync runs). ' +
    'sync_refused ({reason, would_remove, catalog_markets, source, at}, else null): the latest sync removed nothing because its listing lacked more than SYNC_MAX_REMOVAL_SHARE of the catalog, or came from another source than the catalog. ' +
    'status is degraded when a non-database component is down or degraded, or a sync was refused. ' +
    'drift{<code>: [{endpoint, kind, detail, at, count}]}: what the adapters noticed differ from each venue\'s published wire format in live traffic.',
  responses: {
    200: { description: 'Database reachable', content: { 'application/json': { schema: Health } } },
    503: { description: 'Database unreachable', content: { 'application/json': { schema: Health } } },
  },
  security: null,
  async handle(opts) {
    const drift = opts.drift ?? venueDrift;
    const dbUp = await opts.db.ping(CHECK_TIMEOUT_MS);
    const names = Object.keys(opts.checks);
    const results = dbUp ? await Promise.all(names.map((n) => runCheck(opts.checks[n]))) : names.map((): ComponentHealth => ({ status: 'down', error: 'database unreachable' }));
    const components: Record<string, ComponentHealth> = { database: { status: dbUp ? 'ok' : 'down', kind: opts.db.kind } };
    names.forEach((n, i) => (components[n] = results[i]));
    let degraded = results.some((r) => r.status === 'down' || r.status === 'degraded');
    const componentsBody: Record<string, unknown> = components;
    if (opts.exchanges && dbUp) {
      try {
        const venues = await opts.exchanges();
        componentsBody.exchanges = venues;
        if (Object.values(venues).some((v) => v.status === 'failed' || v.sync_refused)) degraded = true;
      } catch (err) {
        componentsBody.exchanges = { error: (err as Error).message };
        degraded = true;
      }
    }
    return reply(dbUp ? 200 : 503, {
      status: dbUp ? (degraded ? 'degraded' : 'ok') : 'down',
      version: opts.version,
      uptime_s: Math.round((opts.now() - opts.startedAt) / 1000),
      components: componentsBody,
      drift: Object.fromEntries(EXCHANGE_CODES.map((code) => [code, drift.of(code).map(({ exchange: _exchange, ...notice }) => notice)])),
    });
  },
});

/** The /health router, mounted at /health. */
export function createHealthRouter(sources: HealthSources): Router {
  const router = Router();
  health.mount(router, sources);
  return router;
}
