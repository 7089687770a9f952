/**
 * Builds the recorder from the configuration: the venues with an order book whose selection is not
 * `off`, each fed by its stream where the composition root hands one over (`feedOf`), polled
 * otherwise.
 */
import type { Logger } from 'pino';
import type pg from 'pg';
import type { Config } from '../config.js';
import type { VenueAdapter } from '../venues/adapter.js';
import { EXCHANGE_CODES, type ExchangeCode } from '../venues/exchanges.js';
import { PartitionManager } from './partition-repository.js';
import { RecordedStore } from './recorded-data-repository.js';
import { MarketRecorder, type RecordedVenue, type RecorderLease, type UpstreamFeed } from './recorder.js';
import { selectionFor } from './tracking.js';

export function createMarketRecorder(opts: {
  config: Config['recorder'];
  pool: pg.Pool;
  adapters: Partial<Record<ExchangeCode, VenueAdapter>>;
  feedOf: (code: ExchangeCode) => UpstreamFeed | undefined;
  logger: Logger;
  now?: () => number;
  /** One recorder at a time across job runners (src/indexers/recorder-lease.ts). */
  lease?: RecorderLease;
}): MarketRecorder {
  const c = opts.config;
  const partitions = new PartitionManager(opts.pool, { retentionDays: c.retentionDays, aheadDays: c.partitionsAheadDays });
  const venues: RecordedVenue[] = [];
  for (const code of EXCHANGE_CODES) {
    const adapter = opts.adapters[code];
    const selection = selectionFor(c.markets, code);
    if (!adapter || selection.kind === 'off' || !adapter.capabilities.reads.orderbook) continue;
    venues.push({ exchange: code, adapter, selection, feed: opts.feedOf(code) });
  }
  return new MarketRecorder({
    pool: opts.pool,
    store: new RecordedStore(opts.pool, partitions),
    partitions,
    venues,
    settings: {
      pollMs: c.pollMs,
      snapshotIntervalMs: c.snapshotIntervalMs,
      flushMs: c.flushMs,
      refreshMs: c.refreshMs,
      maxMarketsPerVenue: c.maxMarketsPerVenue,
      maintenanceMs: 3_600_000,
      maxBufferedRows: 500_000,
    },
    logger: opts.logger,
    now: opts.now,
    lease: opts.lease,
  });
}
