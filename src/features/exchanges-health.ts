// /health's view of the venues: every code of the exchange table, with its sync state when it has one.
import type { SyncStatusStore } from '../catalog/sync-status-repository.js';
import type { ExchangesCheck } from '../http/routes/health.js';
import { EXCHANGE_CODES } from '../venues/codes.js';

export function exchangesHealth(statuses: SyncStatusStore): ExchangesCheck {
  return async () => {
    const byCode = new Map((await statuses.list()).map((r) => [r.exchange, r]));
    return Object.fromEntries(
      EXCHANGE_CODES.map((code) => {
        const r = byCode.get(code);
        return [code, { status: r?.status ?? 'never', last_sync_at: r?.last_sync_at ?? null, markets: r?.markets ?? 0, sync_refused: r?.sync_refused ?? null, last_full_at: r?.last_full_at ?? null, last_run: r?.last_run ?? null }];
      }),
    );
  };
}
