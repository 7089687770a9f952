// The order sync job: brings every order that is not final (pending, open, partially filled) up to
// date with its venue: fills and status of resting orders, and pending orders (a crash or an outage
// in the middle of placing them) reconciled by their client id. It runs right after start-up too,
// so a restart in the middle of an order reconciles it. One runner at a time across instances (the
// scheduler's advisory lock).
import type { Logger } from 'pino';
import type { TradingService } from '../trading/trading-service.js';
import type { JobDefinition } from './scheduler.js';

export const ORDER_SYNC_JOB = 'order-sync';

export function createOrderSyncJob(opts: { trading: TradingService; schedule: string | null; logger?: Logger; batch?: number; staleMs?: number }): JobDefinition {
  const log = opts.logger?.child({ component: 'order-sync' });
  return {
    name: ORDER_SYNC_JOB,
    schedule: opts.schedule,
    async run() {
      const result = await opts.trading.syncLiveOrders(opts.batch ?? 500, opts.staleMs ?? 10_000);
      if (result.synced + result.failed > 0) log?.info(result, 'orders synced with their venues');
      return result;
    },
  };
}
