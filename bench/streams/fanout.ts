/**
 * Stream fan-out: the Kalshi simulator's WebSocket -> the gateway (one upstream connection, books kept
 * per market) -> N clients, each on 5 of 100 markets (50 clients per market at N = 1,000), message
 * mix: book updates and prices (`message_types` default), the venue driven at a fixed rate.
 * Reports messages/s delivered, p50/p99 latency from the venue's emission to client receipt (an upper
 * bound of the gateway's added latency: it includes the venue -> gateway hop on localhost), and the
 * gateway process' memory per idle connection.
 *
 * The gateway and the simulator run in this process (the real StreamGateway and VenueFeed on a plain
 * HTTP server, market lookups answered from the simulator: this measures fan-out, not the catalog);
 * the clients run in two child processes so that their work is not counted in the gateway's memory.
 *
 *   npx tsx --expose-gc bench/streams/fanout.ts [--clients 1000,5000] [--steps-per-s 400] [--seconds 10]
 */
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { StreamGateway } from '../../src/ws/gateway.js';
import { VenueFeed } from '../../src/ws/venue-feed.js';
import { STREAM_MAX_BYTES } from '../../src/ws/setup.js';
import { createKalshiStreamClient } from '../../src/venues/kalshi/stream.js';
import { createAdapter } from '../../src/venues/registry.js';
import { simulatorFor } from '../../src/venues/simulators.js';

const here = path.dirname(fileURLToPath(import.meta.url));
function arg(name: string, def: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : def;
}
const clientCounts = arg('clients', '1000,5000').split(',').map(Number);
const stepsPerSecond = Number(arg('steps-per-s', '400'));
const seconds = Number(arg('seconds', '10'));
const MARKETS = 100;
const PER_CLIENT = 5;
const WORKERS = 2;

const corpus = path.resolve(here, '../../../shared/data/markets/kalshi/markets.jsonl.gz');
const sim = await (await simulatorFor('kalshi'))({ tickMs: 0, seed: 1, corpusFile: fs.existsSync(corpus) ? corpus : undefined });
const active = sim.activity.marketIds.filter((id) => sim.activity.state(id)?.active);
const markets = active.slice(0, MARKETS);
if (markets.length < MARKETS) console.log(`note: only ${markets.length} active markets in the simulator`);

const logger = pino({ level: 'warn' });
const adapter = createAdapter('kalshi', { baseUrls: sim.baseUrls, http: { rateLimit: { perSecond: 100_000, burst: 100_000 } } });
const feed = new VenueFeed({
  // No adapter: Kalshi's socket carries prices itself, and the initial REST price reads would compete
  // with the fan-out for the one event loop (this measures the fan-out).
  exchange: 'kalshi', style: 'bare', maxBytes: STREAM_MAX_BYTES.kalshi, adapter: undefined, pollMs: 60_000, logger,
  createClient: (onEvent) => createKalshiStreamClient({ url: sim.baseUrls.ws, onEvent, logger, adapter }),
});
const known = new Set(sim.activity.marketIds);
const gateway = new StreamGateway({
  routes: [{ exchange: 'kalshi', path: '/ws/kalshi', idsField: 'kalshi_ids', maxBytes: STREAM_MAX_BYTES.kalshi, feed, resolve: async (id) => (known.has(id) ? { marketId: id, yesOutcomeId: 'yes' } : null) }],
  limits: { maxSubscriptions: 100, maxBufferedBytes: 4 * 1024 * 1024, pingIntervalMs: 54_000, pongTimeoutMs: 60_000 },
  logger,
});
const server = http.createServer((_req, res) => res.writeHead(404).end());
gateway.attach(server);
await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws/kalshi`;

type Reply = { type: string; [k: string]: unknown };
function ask(child: ChildProcess, msg: object): Promise<Reply> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve(m as Reply));
    child.send(msg);
  });
}
const gc = (): void => (globalThis as { gc?: () => void }).gc?.();
const mem = (): { heap: number; rss: number } => {
  gc();
  gc();
  const m = process.memoryUsage();
  return { heap: m.heapUsed + m.external + m.arrayBuffers, rss: m.rss };
};
const pct = (sorted: number[], p: number): number => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);

const rows: string[] = [];
for (const n of clientCounts) {
  const children = Array.from({ length: WORKERS }, () => fork(path.join(here, 'clients.ts'), [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' }));
  // 1. Memory per idle connection (connected, nothing subscribed).
  const before = mem();
  await Promise.all(children.map((c, w) => ask(c, { type: 'open', url, count: Math.floor(n / WORKERS) + (w < n % WORKERS ? 1 : 0) })));
  await new Promise((r) => setTimeout(r, 500));
  const idle = mem();
  const perConnHeap = (idle.heap - before.heap) / n;
  const perConnRss = (idle.rss - before.rss) / n;
  // 2. Subscribe: client i takes 5 markets starting at (i * 5) % 100, so every market has n * 5 / 100 clients.
  await Promise.all(children.map((c, w) => ask(c, { type: 'subscribe', markets, perClient: PER_CLIENT, offset: w })));
  await new Promise((r) => setTimeout(r, 1000));
  // 3. Drive the venue at a fixed rate and measure.
  await Promise.all(children.map((c) => ask(c, { type: 'reset' })));
  let steps = 0;
  const cpu0 = process.cpuUsage();
  const t0 = Date.now();
  const tickMs = 10;
  const driver = setInterval(() => {
    const due = Math.floor(((Date.now() - t0) / 1000) * stepsPerSecond);
    for (; steps < due; steps++) sim.activity.stepMarket(markets[steps % markets.length]);
  }, tickMs);
  await new Promise((r) => setTimeout(r, seconds * 1000));
  clearInterval(driver);
  const elapsed = (Date.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  await new Promise((r) => setTimeout(r, 300));
  const results = await Promise.all(children.map((c) => ask(c, { type: 'report' })));
  const delivered = results.reduce((s, r) => s + (r.count as number), 0);
  const lat = results.flatMap((r) => r.latencies as number[]).sort((a, b) => a - b);
  const health = gateway.health();
  // CPU of this process (gateway + simulator) per delivered message, and its share of one core.
  const cpuUs = cpu.user + cpu.system;
  const line = `| ${n} | ${markets.length} x ${(n * PER_CLIENT) / markets.length} | ${steps} steps (${(steps / elapsed).toFixed(0)}/s) | ${delivered} | ${(delivered / elapsed).toFixed(0)} | ${pct(lat, 50)} | ${pct(lat, 99)} | ${(perConnHeap / 1024).toFixed(1)} KB heap, ${(perConnRss / 1024).toFixed(1)} KB rss | ${health.dropped_slow} | ${(cpuUs / delivered).toFixed(1)} us/msg, ${((cpuUs / 1e6 / elapsed) * 100).toFixed(0)}% of a core |`;
  console.log(line);
  rows.push(line);
  for (const c of children) c.kill();
  await new Promise((r) => setTimeout(r, 1500));
}
console.log('\n| clients | markets x clients each | venue driven | messages delivered | messages/s | p50 ms | p99 ms | memory per idle connection | slow consumers dropped | CPU (gateway + simulator) |');
console.log('|---:|---|---|---:|---:|---:|---:|---|---:|---|');
for (const r of rows) console.log(r);
await gateway.close();
await new Promise<void>((r) => server.close(() => r()));
await sim.stop();
process.exit(0);
