/**
 * Venue sync throughput: markets per second through the Polymarket simulator serving the real Gamma
 * corpus (../shared/data/markets/polymarket/gamma-markets.jsonl.gz, ~22k markets), side by side in
 * one process run:
 *   1. baseline: list + normalise only (HTTP pages from the simulator, no database);
 *   2. list + normalise + store: a full first sync into a fresh embedded database (every row new);
 *   3. re-sync unchanged: the same listing again (hash comparison, nothing rewritten).
 * Ratios against the baseline are what to compare across machines.
 *   npx tsx bench/sync/run.ts [--corpus FILE] [--page-size 500] [--exchange polymarket]
 * Without the corpus it runs on the simulator's own seed markets and says so.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../src/db/database.js';
import { systemClock } from '../../src/util/clock.js';
import { isExchangeCode, type ExchangeCode } from '../../src/venues/exchanges.js';
import { createAdapter } from '../../src/venues/registry.js';
import { simulatorFor } from '../../src/venues/simulators.js';
import { VenueSync } from '../../src/indexers/venue-sync.js';
import { arg } from '../../scripts/lib/cli-args.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const exchange = (arg('exchange') ?? 'polymarket') as ExchangeCode;
if (!isExchangeCode(exchange)) throw new Error(`no simulator for ${exchange}`);
const defaultCorpus = path.resolve(here, '../../../shared/data/markets/polymarket/gamma-markets.jsonl.gz');
const corpus = arg('corpus') ?? (exchange === 'polymarket' ? defaultCorpus : undefined);
const corpusFile = corpus && fs.existsSync(corpus) ? corpus : undefined;
const pageSize = Number(arg('page-size') ?? 500);
const HTTP = { retries: 2, timeoutMs: 60_000, rateLimit: { perSecond: 100_000, burst: 100_000 } };

const sim = await (await simulatorFor(exchange))({ tickMs: 0, seed: 1, corpusFile });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-sync-'));
const db = await openDatabase({ dataDir });
try {
  console.log(`${exchange} simulator: ${sim.marketCount()} markets ${corpusFile ? `(corpus ${path.basename(corpusFile)})` : '(seed only: corpus not found)'}, page size ${pageSize}, vacuum after writes ${!process.argv.includes('--no-vacuum')}`);
  const adapter = createAdapter(exchange, { baseUrls: sim.baseUrls, http: HTTP });

  const t0 = performance.now();
  let listed = 0;
  for await (const page of adapter.listMarkets({ pageSize, status: 'all' })) listed += page.markets.length;
  const listMs = performance.now() - t0;

  // as the service runs it: the embedded database never autovacuums, so the writer vacuums the
  // catalog tables after enough writes (--no-vacuum measures without, for comparison)
  const vacuumAfterWrites = db.kind === 'embedded' && !process.argv.includes('--no-vacuum');
  const sync = new VenueSync({ pool: db.pool, adapter, clock: systemClock, pageSize, vacuumAfterWrites });
  const first = await sync.run();
  const second = await sync.run();
  if (!first.ok || !second.ok) throw new Error(`sync failed: ${first.error ?? second.error}`);

  const rows = [
    { run: 'list + normalise (baseline)', markets: listed, ms: listMs, written: 0 },
    { run: 'list + normalise + store (first sync)', markets: first.markets, ms: first.durationMs, written: first.changed },
    { run: 're-sync, nothing changed', markets: second.markets, ms: second.durationMs, written: second.changed },
  ];
  const base = listed / (listMs / 1000);
  const lines = [
    `| run | markets | written | seconds | markets/s | vs baseline |`,
    `|---|---:|---:|---:|---:|---:|`,
    ...rows.map((r) => {
      const rate = r.markets / (r.ms / 1000);
      return `| ${r.run} | ${r.markets} | ${r.written} | ${(r.ms / 1000).toFixed(2)} | ${rate.toFixed(0)} | ${(rate / base).toFixed(2)}x |`;
    }),
  ];
  console.log(`\n${lines.join('\n')}\n`);
  console.log(`node ${process.version}, ${os.cpus().length} cpus, embedded database (PGlite, one connection)`);
} finally {
  await db.close();
  await sim.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
