// GET /health (unversioned, no key): the service's own view of its parts. 503 when the database,
// the system of record, does not answer; `degraded` when any other part is down or degraded.
import { Router } from 'express';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import type { ComponentHealth, HealthCheck } from '../../health/component-health.js';
import { openapi } from '../openapi.js';
import { EXCHANGE_CODES } from '../../venues/exchanges.js';
import { venueDrift, type DriftLog } from '../../venues/wire.js';

export type { ComponentHealth, ComponentState, HealthCheck } from '../../health/component-health.js';
export interface VenueHealth {
  status: string;
  last_sync_at: string | null;
  markets: number;
}
/** The venues' sync state, by exchange code; a venue whose last sync failed degrades the service. */
export type ExchangesCheck = () => Promise<Record<string, VenueHealth>>;

const DriftNotice = z.object({
  endpoint: z.string().openapi({ description: 'The endpoint or stream message, e.g. `GET /markets` or `ws price_change`' }),
  kind: z.enum(['missing_field', 'unknown_value', 'shape']),
  detail: z.string().openapi({ description: 'Which field and what was seen' }),
  at: z.string().openapi({ description: 'ISO time of the last sighting' }),
  count: z.number().int().openapi({ description: 'Sightings since the process started' }),
});
const Component = z.object({ status: z.enum(['ok', 'degraded', 'down', 'disabled', 'starting', 'fetching']) }).catchall(z.unknown());
const Health = openapi.register(
  'Health',
  z.object({
    status: z.enum(['ok', 'degraded', 'down']),
    version: z.string(),
    uptime_s: z.number(),
    components: z.object({ database: Component }).catchall(z.unknown()),
    drift: z
      .record(z.string(), z.array(DriftNotice))
      .openapi({ description: 'Per venue, the differences from its published wire format this process noticed in live traffic (missing fields, unknown status words, shape changes), most recent first; empty when none' }),
  }),
);
openapi.registerPath({
  method: 'get',
  path: '/health',
  tags: ['Service'],
  summary: 'Service health',
  description:
    'components: database, search, embeddings and exchanges{<code>: {status, last_sync_at, markets}}. status is degraded when a non-database component is down or degraded. ' +
    'drift{<code>: [{endpoint, kind, detail, at, count}]}: what the adapters noticed differ from each venue\'s published wire format in live traffic.',
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
  /** Where the adapters note wire drift (the process's log by default). */
  drift?: DriftLog;
}): Router {
  const drift = opts.drift ?? venueDrift;
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
        if (Object.values(venues).some((v) => v.status === 'failed')) degraded = true;
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
      drift: Object.fromEntries(EXCHANGE_CODES.map((code) => [code, drift.of(code).map(({ exchange: _exchange, ...notice }) => notice)])),
    });
  });
  return router;
}
