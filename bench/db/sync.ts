// Venue sync on the two databases side by side, in one run: the Polymarket simulator serving the real
// Gamma corpus (../shared/data/markets/polymarket/gamma-markets.jsonl.gz, ~22k markets), then
//   1. list + normalise only (baseline: HTTP pages from the simulator, no database);
//   2. first sync into a fresh embedded database (PGlite, one connection; vacuum after writes, as the
//      service runs it) and re-sync with nothing changed;
//   3. the same into a fresh database on the project's local PostgreSQL server (Unix socket).
// The order of 2 and 3 alternates with --server-first, to see what the machine's load did.
//
//   npx tsx bench/db/sync.ts [--corpus FILE] [--page-size 500] [--server-first]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/database.js';
import { serverUrl, startServer, stopServer } from '../../src/db/local-server.js';
import { systemClock } from '../../src/util/clock.js';
import { createAdapter } from '../../src/venues/registry.js';
import { simulatorFor } from '../../src/venues/simulators.js';
import { VenueSync } from '../../src/indexers/venue-sync.js';
import { arg } from '../../scripts/lib/cli-args.js';

const corpusArg = arg('corpus') ?? path.resolve(import.meta.dirname, '../../../shared/data/markets/polymarket/gamma-markets.jsonl.gz');
const corpusFile = fs.existsSync(corpusArg) ? corpusArg : undefined;
const pageSize = Number(arg('page-size') ?? 500);
const HTTP = { retries: 2, timeoutMs: 60_000, rateLimit: { perSecond: 100_000, burst: 100_000 } };

const sim = await (await simulatorFor('polymarket'))({ tickMs: 0, seed: 1, corpusFile });
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-dbsync-'));
const serverDir = path.join(root, 'server');
const rows: string[] = [];
try {
  console.error(`polymarket simulator: ${sim.marketCount()} markets ${corpusFile ? '(real corpus)' : '(seed only: corpus not found)'}; load ${os.loadavg()[0].toFixed(1)}`);
  const adapter = createAdapter('polymarket', { baseUrls: sim.baseUrls, http: HTTP });
  const t0 = performance.now();
  let listed = 0;
  for await (const page of adapter.listMarkets({ pageSize, status: 'all' })) listed += page.markets.length;
  const listMs = performance.now() - t0;
  const base = listed / (listMs / 1000);
  const row = (db: string, run: string, markets: number, written: number, ms: number) => {
    const rate = markets / (ms / 1000);
    rows.push(`| ${db} | ${run} | ${markets} | ${written} | ${(ms / 1000).toFixed(2)} | ${rate.toFixed(0)} | ${(rate / base).toFixed(2)}x |`);
  };
  row('none', 'list + normalise (baseline)', listed, 0, listMs);

  const server = await startServer(serverDir);
  const socketDir = new pg.Client({ connectionString: server.url }).host;
  const admin = new pg.Pool({ connectionString: server.url, max: 1 });
  await admin.query('CREATE DATABASE bench_sync');
  await admin.end();

  const runOn = async (label: string, open: () => Promise<Database>) => {
    const db = await open();
    try {
      const sync = new VenueSync({ pool: db.pool, adapter, clock: systemClock, pageSize, vacuumAfterWrites: db.kind === 'embedded' });
      const first = await sync.run();
      const second = await sync.run();
      if (!first.ok || !second.ok) throw new Error(`sync failed: ${first.error ?? second.error}`);
      row(label, 'first sync (every market new)', first.markets, first.changed, first.durationMs);
      row(label, 're-sync, nothing changed', second.markets, second.changed, second.durationMs);
      console.error(`${label}: first ${(first.durationMs / 1000).toFixed(1)} s, re-sync ${(second.durationMs / 1000).toFixed(1)} s; load ${os.loadavg()[0].toFixed(1)}`);
    } finally {
      await db.close();
    }
  };
  const embedded = () => runOn('embedded (PGlite)', () => openDatabase({ dataDir: path.join(root, 'embedded') }));
  const onServer = () => runOn('server (PostgreSQL 18.6)', () => openDatabase({ dataDir: root, databaseUrl: serverUrl(socketDir, 'bench_sync') }));
  if (process.argv.includes('--server-first')) {
    await onServer();
    await embedded();
  } else {
    await embedded();
    await onServer();
  }
  console.log([
    `Sync of ${listed} markets, page size ${pageSize}; ${os.availableParallelism()} shared cores, load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')} at end.`,
    '',
    '| database | run | markets | written | seconds | markets/s | vs baseline |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...rows,
  ].join('\n'));
} finally {
  await sim.stop();
  stopServer(serverDir, 'immediate');
  fs.rmSync(root, { recursive: true, force: true });
}
