/**
 * /ws/svc: N WebSocket clients on C clusters (default 500 on 200, each client on 2 clusters, so 5
 * clients per cluster), the Kalshi simulator driven at a fixed rate. Measures the latency /ws/svc adds:
 * client receipt of a `quote` or `best` minus the gateway's receipt of the upstream venue message that
 * caused it (a probe subscriber of each cluster notes, per cluster and seq, when that upstream message
 * arrived; the chain upstream -> venue feed -> svc hub -> clients runs synchronously from it), on one
 * clock across processes. Target: p99 under 20 ms (issue 31).
 *
 * Processes: this one runs the real StreamGateway, VenueFeed (Kalshi) and SvcHub on a plain HTTP
 * server; the venue (bench/streams/venue.ts: the simulator and its driver) and the clients
 * (clients.ts, two processes) run apart so the gateway's own work is what is measured. Each cluster
 * is one Kalshi market (streamed) and one market of a venue without a stream (a held quote): cluster
 * membership and held quotes are answered from memory (this measures the stream, not the database).
 *
 *   npx tsx bench/svc-stream/run.ts [--clients 500] [--clusters 200] [--steps-per-s 200] [--seconds 10]
 */
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { createKalshiStreamClient } from '../../src/venues/kalshi/stream.js';
import { StreamGateway } from '../../src/ws/gateway.js';
import { STREAM_MAX_BYTES } from '../../src/ws/setup.js';
import { SvcHub } from '../../src/ws/svc/svc-hub.js';
import type { Membership } from '../../src/matching/cluster-membership-repository.js';
import type { MessageType } from '../../src/ws/protocol.js';
import { VenueFeed, type FeedMessage } from '../../src/ws/venue-feed.js';
import { arg } from '../../scripts/lib/cli-args.js';
import { ask } from '../support/child-ipc.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const CLIENTS = Number(arg('clients', '500'));
const CLUSTERS = Number(arg('clusters', '200'));
const stepsPerSecond = Number(arg('steps-per-s', '200'));
const seconds = Number(arg('seconds', '10'));
const PER_CLIENT = 2;
const WORKERS = 2;

const child = (file: string): ChildProcess => fork(file, [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });

const venue = child(path.join(here, '../streams/venue.ts'));
await new Promise((r) => venue.once('message', r));
const info = await ask(venue, { type: 'info', count: CLUSTERS }, 'info');
const markets = info.active as string[];
if (markets.length < CLUSTERS) console.log(`note: only ${markets.length} active markets in the simulator`);
const known = new Set(info.all as string[]);
// Distinct svc_ids: i in base 32 over the svc_id alphabet, padded.
const B32 = 'abcdefghijklmnopqrstuvwxyz234567';
const svcId = (i: number): string => `svc_${[...i.toString(32).padStart(12, '0')].map((d) => B32[parseInt(d, 32)]).join('')}`;
const clusters = markets.map((id, i) => ({ svc: svcId(i), members: [{ exchange: 'kalshi', market_id: id }, { exchange: 'manifold', market_id: `held-${i}` }] }));
const bySvc = new Map(clusters.map((c) => [c.svc, c]));
if (bySvc.size !== clusters.length) throw new Error('svc_ids collide');

const epochMs = (): number => performance.timeOrigin + performance.now();
const logger = pino({ level: 'warn' });
let upstreamAt = 0;
const feed = new VenueFeed({
  exchange: 'kalshi', style: 'bare', maxBytes: STREAM_MAX_BYTES.kalshi, adapter: undefined, pollMs: 60_000, logger,
  createClient: (onEvent) => createKalshiStreamClient({
    url: info.ws as string, logger,
    onEvent: (e) => {
      upstreamAt = epochMs();
      onEvent(e);
    },
  }),
});
const resolveKalshi = async (id: string) => (known.has(id) ? { marketId: id, yesOutcomeId: 'yes' } : null);
const hub = new SvcHub({
  membership: async (ids) => new Map(ids.flatMap((id): [string, Membership][] => (bySvc.has(id) ? [[id, { svc_id: id, members: bySvc.get(id)!.members }]] : []))),
  // The non-streamed member's quote as the catalog would hold it, fresh.
  heldQuotes: async (keys) => keys.map((k) => ({ exchange: k.exchange, market_id: k.marketId, price: 0.5, bid: 0.45, ask: 0.55, last: 0.5, volume: 100, updated_at: new Date().toISOString(), source: 'catalog' as const, status: 'open' })),
  venueStream: (exchange) => (exchange === 'kalshi' ? { feed, resolve: resolveKalshi } : undefined),
  pollMs: 5_000,
  logger,
});
const gateway = new StreamGateway({ routes: [], limits: { maxSubscriptions: 100, maxBufferedBytes: 4 * 1024 * 1024, pingIntervalMs: 54_000, pongTimeoutMs: 60_000 }, logger });
gateway.addRoute({ exchange: 'svc', path: '/ws/svc', idsField: 'svc_ids', kinds: false, noun: 'svc_id', maxBytes: STREAM_MAX_BYTES.other, feed: hub, resolve: (id) => hub.resolve(id) });
// The probe: one subscriber per cluster, first in line, noting when each message's upstream cause arrived.
const causedAt = new Map<string, number>();
for (const c of clusters) {
  await hub.resolve(c.svc);
  hub.add({ deliver: (m: FeedMessage) => void (!m.snapshot && m.type !== 'snapshot' && causedAt.set(`${c.svc}|${m.seq}`, upstreamAt)) }, { marketId: c.svc, yesOutcomeId: null }, new Set<MessageType>());
}
const server = http.createServer((_req, res) => res.writeHead(404).end());
gateway.attach(server);
await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws/svc`;

const pct = (sorted: number[], p: number): number => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);
const workers = Array.from({ length: WORKERS }, () => child(path.join(here, 'clients.ts')));
await Promise.all(workers.map((w) => new Promise((r) => w.once('message', r))));
await Promise.all(workers.map((w, i) => ask(w, { type: 'open', url, count: Math.floor(CLIENTS / WORKERS) + (i < CLIENTS % WORKERS ? 1 : 0) }, 'opened')));
await Promise.all(workers.map((w, i) => ask(w, { type: 'subscribe', clusters: clusters.map((c) => c.svc), perClient: PER_CLIENT, offset: i }, 'subscribed')));
await new Promise((r) => setTimeout(r, 2_000));
await Promise.all(workers.map((w) => ask(w, { type: 'reset' }, 'reset')));
const load = os.loadavg()[0];
const cpu0 = process.cpuUsage();
const driven = await ask(venue, { type: 'drive', markets, stepsPerSecond, seconds }, 'driven');
let total = -1;
for (let waited = 0; waited < 30_000; waited += 500) {
  const now = (await Promise.all(workers.map((w) => ask(w, { type: 'count' }, 'count')))).reduce((s, r) => s + (r.count as number), 0);
  if (now === total) break;
  total = now;
  await new Promise((r) => setTimeout(r, 500));
}
const cpu = process.cpuUsage(cpu0);
const reports = await Promise.all(workers.map((w) => ask(w, { type: 'report' }, 'report')));
const added: number[] = [];
let unmatched = 0;
for (const r of reports) {
  const s = r.samples as (string | number)[];
  for (let i = 0; i < s.length; i += 3) {
    const t = causedAt.get(`${s[i]}|${s[i + 1]}`);
    if (t === undefined) unmatched++;
    else added.push((s[i + 2] as number) - t);
  }
}
added.sort((x, y) => x - y);
const gaps = reports.reduce((n, r) => n + (r.gaps as number), 0);
const elapsed = driven.elapsed as number;
const f = (x: number): string => x.toFixed(1);
console.log(`/ws/svc: ${CLIENTS} clients on ${markets.length} clusters, venue ${stepsPerSecond} moves/s for ${seconds} s (load ${load.toFixed(1)} at start)`);
console.log(`messages delivered: ${added.length + unmatched} (${((added.length + unmatched) / elapsed).toFixed(0)}/s); seq gaps: ${gaps}; unmatched samples: ${unmatched}`);
console.log(`added latency ms: p50 ${f(pct(added, 50))}, p99 ${f(pct(added, 99))}, p99.9 ${f(pct(added, 99.9))}, max ${f(added.at(-1) ?? NaN)} (target p99 < 20 ms: ${pct(added, 99) < 20 ? 'met' : 'not met'})`);
console.log(`gateway CPU: ${(((cpu.user + cpu.system) / 1e6 / elapsed) * 100).toFixed(0)}% of a core; venue ${(((driven.cpuUs as number) / 1e6 / elapsed) * 100).toFixed(0)}%`);
for (const w of workers) w.kill();
await hub.close();
await gateway.close();
await new Promise<void>((r) => server.close(() => r()));
await ask(venue, { type: 'stop' }).catch(() => undefined);
process.exit(0);
