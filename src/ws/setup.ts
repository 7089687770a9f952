/**
 * Builds the stream gateway from the configuration and the venue runtime: one route and one feed per
 * venue whose descriptor declares a stream (`stream: '/ws/<code>'` and a `streamClient`), the upstream
 * URL from the simulator (sim mode) or the descriptor's `ws` base URL and its override (live mode),
 * and market lookup in the catalog first, then at the venue (a market listed since the last sync).
 */
import type { Logger } from 'pino';
import type { Pool } from 'pg';
import type { Config } from '../config.js';
import { CatalogReader } from '../catalog/catalog-repository.js';
import type { VenueAdapter } from '../venues/adapter.js';
import type { ExchangeCode } from '../venues/exchanges.js';
import { VENUES } from '../venues/index.js';
import type { Outcome } from '../venues/records.js';
import type { VenueRuntime } from '../venues/runtime.js';
import type { StreamMarketRef } from '../venues/stream.js';
import { FanoutCluster } from './cluster/fanout-cluster.js';
import { StreamGateway, type StreamRoute } from './gateway.js';
import { VenueFeed, type MarketFeed, type SeqStart } from './venue-feed.js';
// The streams' entries of the API reference (/openapi.json).
import './api-doc.js';

/** Message size limits: 512 KB on Kalshi's stream, 16 KB on the others (docs/interface-spec.md §6.1; docs/api-contract.md §5). */
export const STREAM_MAX_BYTES = { kalshi: 512 * 1024, other: 16 * 1024 } as const;

/** The YES outcome's venue id: the outcome labelled Yes, else the first. */
export function yesOutcomeId(outcomes: readonly Outcome[]): string | null {
  return (outcomes.find((o) => /^yes$/i.test(o.label)) ?? outcomes[0])?.id ?? null;
}

/** Market lookups of one venue, remembered (a market's id and YES token do not change). */
function marketResolver(exchange: ExchangeCode, catalog: CatalogReader, adapter: VenueAdapter | undefined, logger: Logger): (id: string) => Promise<StreamMarketRef | null> {
  const known = new Map<string, StreamMarketRef>();
  // Lookups in flight, so many clients subscribing to one new market cost one lookup.
  const inFlight = new Map<string, Promise<StreamMarketRef | null>>();
  const lookup = async (marketId: string): Promise<StreamMarketRef | null> => {
    let outcomes: readonly Outcome[] | null = null;
    try {
      outcomes = (await catalog.getMarket(exchange, marketId))?.outcomes ?? null;
    } catch (err) {
      logger.warn({ err, exchange }, 'catalog lookup for a stream subscription failed');
    }
    if (outcomes === null && adapter) {
      try {
        outcomes = (await adapter.getMarket(marketId))?.outcomes ?? null;
      } catch (err) {
        // A venue that does not know the id answers 404 (an error here); either way: unknown.
        logger.debug({ err, exchange, marketId }, 'venue lookup for a stream subscription failed');
      }
    }
    if (outcomes === null) return null;
    const ref: StreamMarketRef = { marketId, yesOutcomeId: yesOutcomeId(outcomes) };
    if (known.size < 100_000) known.set(marketId, ref);
    return ref;
  };
  return async (marketId) => {
    const hit = known.get(marketId);
    if (hit) return hit;
    let p = inFlight.get(marketId);
    if (!p) {
      p = lookup(marketId).finally(() => inFlight.delete(marketId));
      inFlight.set(marketId, p);
    }
    return p;
  };
}

export async function createStreamGateway(opts: { config: Config; venues: VenueRuntime; pool: Pool; logger: Logger; now?: () => number }): Promise<StreamGateway> {
  const { config, venues } = opts;
  const logger = opts.logger.child({ component: 'ws' });
  const catalog = new CatalogReader(opts.pool);
  const routes: StreamRoute[] = [];
  // Several instances on one database: one venue connection for all of them (src/ws/cluster).
  const fanout = config.streams.fanout && config.databaseUrl ? new FanoutCluster({ databaseUrl: config.databaseUrl, heartbeatMs: config.streams.fanout.heartbeatMs, logger }) : null;
  for (const v of VENUES) {
    const code = v.code as ExchangeCode;
    if (!v.stream || !('streamClient' in v) || !v.streamClient || !venues.exchanges.includes(code)) continue;
    const factory = await v.streamClient();
    const sim = venues.simBaseUrls?.[code];
    const own = config.venues[code];
    const url = sim ? sim.ws : (own?.baseUrls.ws ?? (v.baseUrls as Record<string, string>).ws);
    if (!url) continue;
    const keys = sim ? undefined : code === 'kalshi' ? (config.streams.kalshiKey ?? undefined) : own?.keys;
    if (!sim && code === 'kalshi' && !keys) logger.warn('KALSHI_WS_KEY_ID / KALSHI_WS_PRIVATE_KEY are not set: Kalshi\'s market-data WebSocket wants a signed connection and may refuse it');
    const adapter = venues.liveAdapters[code];
    const feedLogger = logger.child({ exchange: code });
    const maxBytes = code === 'kalshi' ? STREAM_MAX_BYTES.kalshi : STREAM_MAX_BYTES.other;
    const venueFeed = (seqStart?: SeqStart): VenueFeed => new VenueFeed({
      seqStart,
      exchange: code,
      style: code === 'kalshi' ? 'bare' : 'envelope',
      maxBytes,
      adapter,
      pollMs: config.streams.pollMs,
      logger: feedLogger,
      createClient: (onEvent) => factory({ url, onEvent, logger: feedLogger.child({ upstream: true }), adapter, keys }),
    });
    const feed: MarketFeed = fanout ? fanout.feed(code, venueFeed) : venueFeed();
    routes.push({ exchange: code, path: v.stream, idsField: code === 'kalshi' ? 'kalshi_ids' : 'market_ids', maxBytes, feed, resolve: marketResolver(code, catalog, adapter, feedLogger) });
  }
  // Before the first client: an instance that finds no leader leads at once.
  if (fanout) await fanout.start();
  return new StreamGateway({
    routes,
    fanout: fanout ?? undefined,
    limits: { maxSubscriptions: config.streams.maxSubscriptions, maxBufferedBytes: config.streams.maxBufferedBytes, pingIntervalMs: config.streams.pingIntervalMs, pongTimeoutMs: config.streams.pongTimeoutMs },
    logger: opts.logger,
    now: opts.now,
  });
}
