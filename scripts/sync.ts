/**
 * `npm run sync -- [--exchange kalshi[,polymarket]] [--sim] [--page-size 500] [--allow-removals]`: one catalog sync of
 * the chosen venues (default: every registered one) now, with a progress bar per venue and a
 * summary table. `--sim` runs against the in-process simulators (as EXCHANGE_MODE=sim does); the
 * database is the configured one (DATA_DIR / DATABASE_URL), so the service must not be running on
 * the same embedded data directory. Exit status 1 when any venue failed (its committed pages stay;
 * the next sync resumes after them).
 *
 * Removals are guarded (src/indexers/venue-sync.ts): a venue whose catalog was filled from another source
 * (the simulators vs the live venue) is not synced, and a listing lacking more than
 * SYNC_MAX_REMOVAL_SHARE of a venue's catalog removes nothing; both are reported (exit status 1).
 * `--allow-removals` lifts both: the listing replaces the catalog and becomes its source.
 */
import cliProgress from 'cli-progress';
import { ConfigError, loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { createLogger } from '../src/logger.js';
import { systemClock } from '../src/util/clock.js';
import { EXCHANGE_CODES, isExchangeCode, type ExchangeCode } from '../src/venues/exchanges.js';
import { startVenueRuntime } from '../src/venues/runtime.js';
import { VenueSync, type SyncResult } from '../src/indexers/venue-sync.js';
import { arg, exitOnHelp } from './lib/cli-args.js';
import { formatTable } from '../src/util/progress.js';

exitOnHelp(import.meta.url);

async function main(): Promise<number> {
  // Progress bars own the terminal: the log goes quiet unless LOG_LEVEL asks otherwise.
  const config = loadConfig(undefined, { LOG_LEVEL: 'warn' });
  const sim = process.argv.includes('--sim') || config.exchangeMode === 'sim';
  const only = arg('exchange')?.split(',').map((s) => s.trim()).filter(Boolean);
  for (const c of only ?? []) if (!isExchangeCode(c)) throw new ConfigError(`unknown exchange ${c}; known: ${EXCHANGE_CODES.join(', ')}`);
  const pageSize = Number(arg('page-size') ?? config.sync.pageSize);
  const allowRemovals = process.argv.includes('--allow-removals');
  const logger = createLogger(config.logLevel);

  const db = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, logger });
  const runtime = await startVenueRuntime({ mode: sim ? 'sim' : 'live', venues: config.venues, liveTimeoutMs: config.liveReads.timeoutMs, only: only as ExchangeCode[] | undefined, simulator: { tickMs: 0 }, logger });
  const bars = new cliProgress.MultiBar(
    { format: ' {venue} |{bar}| {pages} pages, {markets} markets, {changed} changed {state}', hideCursor: false, clearOnComplete: false, stopOnComplete: false },
    cliProgress.Presets.shades_classic,
  );
  const results: SyncResult[] = [];
  try {
    if (runtime.exchanges.length === 0) throw new ConfigError('no venue to sync (none registered, or none matches --exchange)');
    await Promise.all(
      runtime.exchanges.map(async (code) => {
        // The total is unknown until the listing ends: the bar grows with the pages seen.
        const bar = bars.create(1, 0, { venue: code.padEnd(10), pages: 0, markets: 0, changed: 0, state: '' });
        const sync = new VenueSync({
          pool: db.pool, adapter: runtime.syncAdapters[code]!, clock: systemClock, logger, pageSize, vacuumAfterWrites: db.kind === 'embedded',
          source: runtime.catalogSources[code], maxRemovalShare: config.sync.maxRemovalShare, allowRemovals,
        });
        const r = await sync.run({
          onProgress: (p) => {
            bar.setTotal(p.pages + 1);
            bar.update(p.pages, { venue: code.padEnd(10), pages: p.pages, markets: p.markets, changed: p.changed });
          },
        });
        bar.setTotal(Math.max(1, r.pages));
        bar.update(Math.max(1, r.pages), { venue: code.padEnd(10), pages: r.pages, markets: r.markets, changed: r.changed, state: r.refused ? 'REFUSED' : r.ok ? 'done' : 'FAILED' });
        results.push(r);
      }),
    );
  } finally {
    bars.stop();
    await runtime.close();
    await db.close();
  }

  results.sort((a, b) => EXCHANGE_CODES.indexOf(a.exchange) - EXCHANGE_CODES.indexOf(b.exchange));
  console.log(`\nsync summary (${sim ? 'simulators' : 'live venues'}):`);
  console.log(formatTable(
    results.map((r) => ({
      exchange: r.exchange,
      result: r.refused ? (r.ok ? 'ok, removals refused' : 'refused') : r.ok ? (r.resumed ? 'ok (resumed)' : 'ok') : 'failed',
      pages: r.pages,
      listed: r.markets,
      changed: r.changed,
      unchanged: r.unchanged,
      removed: r.removed,
      skipped: r.skipped,
      'in catalog': r.catalogMarkets,
      seconds: Number((r.durationMs / 1000).toFixed(2)),
      error: r.error ?? '',
    })),
  ));
  const refused = results.filter((r) => r.refused);
  for (const r of refused) console.log(`\n${r.exchange}: ${r.refused!.reason}`);
  return results.every((r) => r.ok && !r.refused) ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : `sync failed: ${(err as Error).stack ?? String(err)}`);
    process.exit(err instanceof ConfigError ? 2 : 1);
  },
);
