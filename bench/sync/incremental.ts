/**
 * Incremental sync against full listings, per venue, on the simulators at steady state: after a
 * first full sync, the venue changes as in one short interval (a share of its open markets move,
 * and on Kalshi a few new markets are listed), then
 *   before: a full listing (what every scheduled run did before the incremental sync), and, after the
 *   same amount of change again,
 *   after: the incremental run the descriptor's `sync.incremental` allows;
 * each with the requests the adapter sent (retries included) and the rows written.
 *   npx tsx bench/sync/incremental.ts [--scale 10000] [--change-share 0.02] [--only kalshi,polymarket]
 * `--scale N` serves N synthetic markets on the venues with a scale mode (src/sim/scale.ts), the
 * simulators' own listings elsewhere.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { VenueSync, type SyncResult } from '../../src/indexers/venue-sync.js';
import { arg } from '../../scripts/lib/cli-args.js';
import { openDatabase } from '../../src/db/database.js';
import { createRng } from '../../src/sim/rng.js';
import type { RunningSimulator } from '../../src/sim/types.js';
import { systemClock } from '../../src/util/clock.js';
import { isExchangeCode, type ExchangeCode } from '../../src/venues/exchanges.js';
import { VENUES } from '../../src/venues/index.js';
import { createAdapter } from '../../src/venues/registry.js';
import { RequestCounter } from '../../src/venues/request-counter.js';
import { simulatedExchanges, simulatorFor } from '../../src/venues/simulators.js';

const scale = arg('scale') ? Number(arg('scale')) : undefined;
const changeShare = Number(arg('change-share') ?? 0.02);
const only = (arg('only') as string | undefined)?.split(',').filter(Boolean);
for (const c of only ?? []) if (!isExchangeCode(c)) throw new Error(`unknown venue ${c}`);
const codes = (only as ExchangeCode[] | undefined) ?? simulatedExchanges();
const HTTP = { retries: 2, timeoutMs: 120_000, rateLimit: { perSecond: 100_000, burst: 100_000 } };
const PAGE = 500;

/** One short interval of venue activity: `changeShare` of the open markets move; Kalshi lists new ones. */
function change(sim: RunningSimulator, rng: ReturnType<typeof createRng>, round: number): number {
  const ids = sim.activity.marketIds;
  const open = ids.filter((id) => sim.activity.isActive(id));
  const moves = Math.max(1, Math.round(open.length * changeShare));
  for (let i = 0; i < moves; i++) sim.activity.stepMarket(rng.pick(open));
  const listing = sim as RunningSimulator & { listMarket?: (ticker: string, title: string) => unknown };
  const fresh = listing.listMarket ? Math.max(1, Math.round(open.length * changeShare * 0.05)) : 0;
  for (let i = 0; i < fresh; i++) listing.listMarket!(`KXBENCHNEW-${round}-${i}`, `Benchmark listing ${round}-${i}: will the new series settle above ${i}?`);
  return moves + fresh;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-incremental-'));
const db = await openDatabase({ dataDir });
const rows: string[] = [];
try {
  for (const code of codes) {
    const incremental = VENUES.find((v) => v.code === code)!.sync.incremental;
    const sim = await (await simulatorFor(code))({ tickMs: 0, seed: 1, scale });
    // Counted at the adapter (retries too): the simulators keep only their latest requests in their log.
    const counter = new RequestCounter();
    const adapter = createAdapter(code, { baseUrls: sim.baseUrls, http: { ...HTTP, fetch: counter.wrap() } });
    const rng = createRng(`bench-incremental:${code}`);
    try {
      const sync = new VenueSync({ pool: db.pool, adapter, clock: systemClock, pageSize: PAGE, vacuumAfterWrites: true, incremental });
      const measured = async (kind: 'full' | 'incremental'): Promise<{ r: SyncResult; requests: number }> => {
        const before = counter.count;
        const r = await sync.run({ kind });
        if (!r.ok) throw new Error(`${code} ${kind} sync failed: ${r.error}`);
        return { r, requests: counter.count - before };
      };
      const first = await measured('full');
      // the venues' clocks tick in seconds: changes land after the last run began
      await new Promise((r) => setTimeout(r, 1_100));
      const changedFull = change(sim, rng, 1);
      const full = await measured('full');
      await new Promise((r) => setTimeout(r, 1_100));
      const changedShort = change(sim, rng, 2);
      const short = await measured('incremental');
      const ratio = full.requests ? short.requests / full.requests : NaN;
      rows.push(`| ${code} | ${incremental} | ${sim.marketCount()} | ${first.requests} | ${changedFull} | ${full.requests} | ${full.r.changed} | ${(full.r.durationMs / 1000).toFixed(2)} | ${changedShort} | ${short.requests} | ${short.r.changed} | ${(short.r.durationMs / 1000).toFixed(2)} | ${(ratio * 100).toFixed(1)}% |`);
      console.error(rows[rows.length - 1]);
    } finally {
      await adapter.close?.();
      await sim.stop();
    }
  }
  console.log([
    `| venue | incremental | markets | first sync requests | changed | full: requests | full: rows written | full: s | changed | incremental: requests | incremental: rows written | incremental: s | requests vs full |`,
    `|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|`,
    ...rows,
  ].join('\n'));
  console.log(`\nscale ${scale ?? 'off (simulator listings)'}, change share ${changeShare} of open markets per interval, page size ${PAGE}, node ${process.version}, ${os.cpus().length} cpus, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
} finally {
  await db.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
