/**
 * /ws/svc, the cross-venue cluster stream, added to the stream gateway: one call from the composition
 * root. Its route has the venue streams' limits, keepalive, size limit (16 KB) and errors (the
 * gateway's), and the plan rule of the svc_id lookups: the upgrade request carries an API key
 * (`X-API-Key`, or `?api_key=` where a browser cannot set headers) whose plan has `svc_lookup`,
 * else 401 / 403 and no WebSocket.
 */
import type http from 'node:http';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { ApiKeyService } from '../../accounts/api-keys.js';
import { planAllows, type PlanTable } from '../../accounts/plans.js';
import type { MarketDataService } from '../../market-data/market-data-service.js';
import { QuoteService } from '../../market-data/quotes.js';
import { CatalogReader } from '../../catalog/catalog-reader.js';
import { ClusterMembershipRepository } from '../../matching/cluster-membership-repository.js';
import { EXCHANGE_CODES } from '../../venues/exchanges.js';
import type { StreamGateway } from '../gateway.js';
import { STREAM_MAX_BYTES } from '../setup.js';
import { SvcHub } from './svc-hub.js';
// The stream's entry in the API reference (/openapi.json).
import './api-doc.js';

export const SVC_STREAM_PATH = '/ws/svc';

export interface SvcStreamDeps {
  gateway: StreamGateway;
  pool: pg.Pool;
  marketData: MarketDataService;
  keys: ApiKeyService;
  plans: PlanTable;
  /** How often the clusters' members, merges and held quotes are read again, ms (WS_POLL_INTERVAL_MS). */
  pollMs: number;
  logger: Logger;
  now?: () => number;
}

/** The API key of an upgrade request: the header, else the `api_key` query parameter. */
function presentedKey(req: http.IncomingMessage): string | null {
  const header = req.headers['x-api-key'];
  if (typeof header === 'string' && header.trim()) return header.trim();
  const query = new URL(req.url ?? '/', 'http://stream.invalid').searchParams.get('api_key');
  return query?.trim() || null;
}

export function addSvcStream(deps: SvcStreamDeps): SvcHub {
  const logger = deps.logger.child({ component: 'ws-svc' });
  const quotes = new QuoteService(new CatalogReader(deps.pool), deps.marketData);
  const membership = new ClusterMembershipRepository(deps.pool);
  const streamed = EXCHANGE_CODES.filter((x) => deps.gateway.venueStream(x));
  const hub = new SvcHub(
    {
      membership: (ids) => membership.membership(ids),
      heldQuotes: async (keys) => (await quotes.quotes(keys)).quotes,
      venueStream: (exchange) => deps.gateway.venueStream(exchange),
      pollMs: deps.pollMs,
      logger,
      now: deps.now,
    },
    streamed,
  );
  deps.gateway.addRoute({
    exchange: 'svc',
    path: SVC_STREAM_PATH,
    idsField: 'svc_ids',
    kinds: false,
    noun: 'svc_id',
    maxBytes: STREAM_MAX_BYTES.other,
    feed: hub,
    resolve: (svcId) => hub.resolve(svcId),
    async authorize(req) {
      const key = presentedKey(req);
      if (!key) return { status: 401, error: `missing API key: send it in the X-API-Key header (or ?api_key= on ${SVC_STREAM_PATH})` };
      const identity = await deps.keys.authenticate(key);
      if (!identity) return { status: 401, error: 'invalid API key: unknown, revoked or expired' };
      if (!planAllows(deps.plans, 'svc_lookup', identity.plan)) {
        return { status: 403, error: `your plan (${identity.plan}) has no access to this operation; it needs one of: ${[...deps.plans.svc_lookup].join(', ')}` };
      }
      return null;
    },
  });
  return hub;
}
