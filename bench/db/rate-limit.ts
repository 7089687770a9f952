// The cost of a rate-limit decision per keyed request: the in-memory sliding window (embedded
// database, one process) side by side with the window shared in the PostgreSQL server (DATABASE_URL,
// several instances; src/accounts/shared-rate-limit-repository.ts), in one run, on the project's local server
// (Unix socket). Each row: `requests` decisions from `clients` concurrent callers, over `keys` keys,
// each key allowed 1e6 per minute (so every decision inserts a row, the dearer case), then a row at
// the limit (every decision refused).
//
//   npx tsx bench/db/rate-limit.ts [--requests 4000]
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { SlidingWindowLimiter, type RateLimiter } from '../../src/accounts/rate-limiter.js';
import { DatabaseSlidingWindowLimiter } from '../../src/accounts/shared-rate-limit-repository.js';
import { openDatabase } from '../../src/db/database.js';
import { startServer, stopServer } from '../../src/db/local-server.js';
import { systemClock } from '../../src/util/clock.js';

const i = process.argv.indexOf('--requests');
const requests = i >= 0 ? Number(process.argv[i + 1]) : 4000;

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ratelimit-'));
const dataDir = path.join(root, 'pg');
const server = await startServer(dataDir);
try {
  const db = await openDatabase({ dataDir: root, databaseUrl: server.url });
  const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
  const rows: string[] = [];
  const run = async (label: string, limiter: RateLimiter, clients: number, keys: number, limit: number) => {
    const lat: number[] = [];
    let n = 0;
    let allowed = 0;
    const t0 = performance.now();
    await Promise.all(Array.from({ length: clients }, async () => {
      while (n < requests) {
        const k = `bench-key-${n++ % keys}`;
        const t = performance.now();
        const d = await limiter.take(k, limit);
        lat.push(performance.now() - t);
        if (d.allowed) allowed++;
      }
    }));
    const s = (performance.now() - t0) / 1000;
    rows.push(`| ${label} | ${clients} | ${keys} | ${lat.length} | ${allowed} | ${(lat.length / s).toFixed(0)} | ${(pct(lat, 0.5) * 1000).toFixed(0)} / ${(pct(lat, 0.95) * 1000).toFixed(0)} / ${(pct(lat, 0.99) * 1000).toFixed(0)} |`);
  };
  const memory = new SlidingWindowLimiter(systemClock, 60_000);
  const shared = new DatabaseSlidingWindowLimiter(db.pool, systemClock, 60_000);
  await run('warm-up (shared)', shared, 4, 50, 1e6);
  rows.length = 0;
  for (const clients of [1, 8]) {
    await run('in memory (baseline)', memory, clients, 50, 1e6);
    await run('shared in the server', shared, clients, 50, 1e6);
  }
  await run('shared, one hot key at its limit (refusals)', shared, 8, 1, 100);
  console.log([
    `Rate-limit decisions, ${requests} per row, load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')} at end (${os.availableParallelism()} shared cores), PostgreSQL 18.6 over a Unix socket, pool of 10.`,
    '',
    '| limiter | concurrent callers | keys | decisions | allowed | decisions/s | latency p50 / p95 / p99 (µs) |',
    '|---|---:|---:|---:|---:|---:|---|',
    ...rows,
  ].join('\n'));
  await db.close();
} finally {
  stopServer(dataDir, 'immediate');
  fs.rmSync(root, { recursive: true, force: true });
}
