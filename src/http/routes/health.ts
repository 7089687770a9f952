// GET /health (unversioned, no key): the service's own view of its parts. 503 when the database,
// the system of record, does not answer; `degraded` when any other part is down or degraded.
import { Router } from 'express';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import type { ComponentHealth, HealthCheck } from '../../health/component-health.js';
import { openapi } from '../openapi.js';

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
const Health = openapi.register(
  'Health',
  z.object({
    status: z.enum(['ok', 'degraded', 'down']),
    version: z.string(),
    uptime_s: z.number(),
    components: z.object({ database: Component, exchanges: z.record(z.string(), VenueHealthSchema).optional() }).catchall(z.unknown()),
  }),
);
openapi.registerPath({
  method: 'get',
  path: '/health',
  tags: ['Service'],
  summary: 'Service health',
  description:
    'components: database, search, embeddings and exchanges{<code>: {status, last_sync_at, markets, sync_refused}}. sync_refused ({reason, would_remove, catalog_markets, source, at}, else null): the latest sync removed nothing because its listing lacked more than SYNC_MAX_REMOVAL_SHARE of the catalog, or came from another source than the catalog. status is degraded when a non-database component is down or degraded, a venue\'s sync failed, or a sync was refused.',
  responses: {
    200: { description: 'Database reachable', content: { 'application/json': { schema: Health } } },
    503: { description: 'Database unreachable', content: { 'application/json': { schema: Health } } },
  },
});

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

export function createHealthRouter(opts: {
  db: Database;
  version: string;
  startedAt: number;
  now: () => number;
  checks: Record<string, HealthCheck>;
  exchanges?: ExchangesCheck;
}): Router {
  const router = Router();
  router.get('/', async (_req, res) => {
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
    res.status(dbUp ? 200 : 503).json({
      status: dbUp ? (degraded ? 'degraded' : 'ok') : 'down',
      version: opts.version,
      uptime_s: Math.round((opts.now() - opts.startedAt) / 1000),
      components: componentsBody,
    });
  });
  return router;
}
