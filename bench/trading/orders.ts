// The time the service adds to an order, measured the way production runs: three processes.
//   1. the venue simulators (kalshi and polymarket), as `npm run sim` runs them (dist/scripts/sim.js);
//   2. the service, as `npm start` runs it (node dist/src/main.js; real API-key middleware, the
//      embedded database or a PostgreSQL server), pointed at the simulators by the venues' URL
//      settings, RUN_JOBS=false (an API instance), SERVER_TIMING=true;
//   3. this process, the load generator: 1 and 10 concurrent users, each with its own key, stored
//      credentials (kalshi: an RSA key registered at the simulator; polymarket: L2 credentials derived
//      through the service) and resting orders (one order = one venue placement).
//
//   npx tsx bench/trading/orders.ts [--orders 200] [--server] [--instances 2] [--no-build] [--cpu-prof DIR] [--venues kalshi,polymarket]
//
// Per order: round trip here; Server-Timing from the service (its phases: key check, rate limit,
// credentials read + decryption, EIP-712 verification, signing, the two order writes, the venue call)
// and, passed on inside it, the simulator's own handling (`venue-sim`, Server-Timing of the simulator).
// Service-added = round trip - the simulator's handling of that order's calls (per order, same run).
// CPU per order: utime + stime of the service process (/proc, all its threads: the embedded
// database's worker included), of its main thread, of the simulator process and (--server) of the
// PostgreSQL server's processes, over each measured run, divided by the orders of the run.
// Baseline, same run: the same kalshi order signed here and sent straight to the simulator.
//
// --instances N (needs --server): N service processes on the one database (the scale path: API
// instances behind a balancer, rate limits shared through the database), users spread over them.
// --cpu-prof DIR: the service runs under `node --cpu-prof`; the profile lands in DIR when it stops
// (`npx tsx bench/trading/profile-top.ts DIR/<file>.cpuprofile` lists where the time went).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Wallet } from 'ethers';
import pg from 'pg';
import { AccountService } from '../../src/accounts/account-repository.js';
import { ApiKeyService } from '../../src/accounts/api-key-repository.js';
import { environmentForChild } from '../../src/config.js';
import { openDatabase } from '../../src/db/database.js';
import { serverUrl, startServer, stopServer } from '../../src/db/local-server.js';
import { systemClock } from '../../src/util/clock.js';
import { parseServerTiming } from '../../src/util/request-timings.js';
import { signKalshiRequest } from '../../src/venues/kalshi/signing.js';
import { polymarketOrderDomain, POLYMARKET_ORDER_TYPES } from '../../src/venues/polymarket/signing.js';
import { arg } from '../../scripts/lib/cli-args.js';

const flag = (name: string): boolean => process.argv.includes(`--${name}`);
const ORDERS = Number(arg('orders') ?? 200);
const SERVER = flag('server');
const INSTANCES = Number(arg('instances') ?? 1);
const CPU_PROF = arg('cpu-prof');
const VENUES = (arg('venues') ?? 'kalshi,polymarket').split(',') as ('kalshi' | 'polymarket')[];
const ROOT = path.resolve(import.meta.dirname, '../..');
const USERS = 10;
if (INSTANCES > 1 && !SERVER) throw new Error('--instances > 1 needs --server (the embedded database belongs to one process)');

const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN;
};
const f = (n: number): string => (Number.isFinite(n) ? n.toFixed(2) : '-');
const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);

// ---- CPU of other processes (/proc, clock ticks) -----------------------------------------------------
const TICK_MS = 1000 / Number(spawnSync('getconf', ['CLK_TCK']).stdout.toString().trim() || 100);
function cpuMsOf(statPath: string): number {
  try {
    const stat = fs.readFileSync(statPath, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS; // utime, stime
  } catch {
    return 0;
  }
}
const processCpuMs = (pid: number): number => cpuMsOf(`/proc/${pid}/stat`);
const mainThreadCpuMs = (pid: number): number => cpuMsOf(`/proc/${pid}/task/${pid}/stat`);
/** The PostgreSQL server's postmaster and its children (backends, writer, WAL...). */
function serverCpuMs(dataDir: string | null): number {
  if (!dataDir) return 0;
  let postmaster: number;
  try {
    postmaster = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return 0;
  }
  let total = processCpuMs(postmaster);
  for (const p of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(p)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster) total += cpuMsOf(`/proc/${p}/stat`);
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

// ---- processes ---------------------------------------------------------------------------------------
const children: ChildProcess[] = [];
/**
 * Starts a child whose output goes to `logFile` (as a service's to its log file or collector: a pipe
 * read by this busy process would fill up and block the child's synchronous log writes) and resolves
 * with the first line `match` accepts.
 */
async function startChild(name: string, args: string[], env: NodeJS.ProcessEnv, logFile: string, match: (line: string) => RegExpMatchArray | null): Promise<{ child: ChildProcess; m: RegExpMatchArray; lines: string[] }> {
  const fd = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', fd, fd] });
  fs.closeSync(fd);
  children.push(child);
  let exited: number | null | undefined;
  child.once('exit', (code) => (exited = code));
  for (;;) {
    const lines = fs.readFileSync(logFile, 'utf8').split('\n');
    for (const l of lines) {
      const m = match(l);
      if (m) return { child, m, lines };
    }
    if (exited !== undefined) throw new Error(`${name} exited with ${exited} before it was ready:\n${lines.slice(-30).join('\n')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

// ---- the load generator's HTTP client ----------------------------------------------------------------
// node:http on a keep-alive agent, bodies serialised before the clock starts: the same round trip as
// fetch (request written, whole answer read), at a fraction of the client's CPU (undici's Request and
// Response objects and web streams cost ~0.9 ms an order here, on the cores the service shares).
const agent = new http.Agent({ keepAlive: true, maxSockets: USERS + 2 });
interface Reply {
  status: number;
  text: string;
  headers: http.IncomingHttpHeaders;
}
function postOnce(url: string, headers: Record<string, string>, body: Buffer): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent, headers: { ...headers, 'content-type': 'application/json', 'content-length': String(body.length) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), headers: res.headers }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}
/** POST; a request reset on a keep-alive socket the server had just closed is sent once more (the peers close idle sockets after 5 s). */
async function postTimed(url: string, headers: Record<string, string>, body: Buffer): Promise<Reply> {
  try {
    return await postOnce(url, headers, body);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ECONNRESET') throw err;
    return postOnce(url, headers, body);
  }
}
const header = (r: Reply, name: string): string | undefined => {
  const v = r.headers[name];
  return Array.isArray(v) ? v.join(', ') : v;
};

// ---- the run -----------------------------------------------------------------------------------------
interface User {
  apiKey: string;
  base: string;
  keyId: string;
  pem: string;
  /** The parsed private key (the baseline signs with it, as the service signs with its cached one). */
  key: crypto.KeyObject;
  wallet: Wallet;
}

interface Sample {
  rtt: number;
  timing: Record<string, number>;
}

async function main(): Promise<void> {
  if (!flag('no-build')) {
    console.error('building (npm run build; --no-build reuses dist/)...');
    const b = spawnSync('npm', ['run', '-s', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (b.status !== 0) throw new Error('build failed');
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-trading-'));
  try {
    await run(work);
  } finally {
    for (const c of children) await stopChild(c);
    if (SERVER) stopServer(path.join(work, 'server'), 'immediate');
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function run(work: string): Promise<void> {
  // 1. the simulators
  const sim = await startChild('simulators', ['--enable-source-maps', 'dist/scripts/sim.js', '--only', VENUES.join(','), '--tick-ms', '0'], environmentForChild({}), path.join(work, 'simulators.log'), (l) => l.match(/^Ctrl-C to stop/));
  // It printed the settings that point the service at it (`VARIABLE=url` lines) before the ready line.
  const simEnv: Record<string, string> = {};
  for (const l of sim.lines) {
    const m = l.match(/^([A-Z0-9_]+_URL)=(\S+?)( \\)?$/);
    if (m) simEnv[m[1]] = m[2];
  }

  // 2. the database, the users and their keys (as `npm run create-key` makes them)
  const dataDir = path.join(work, 'data');
  let databaseUrl: string | undefined;
  const serverDir = SERVER ? path.join(work, 'server') : null;
  if (serverDir) {
    const server = await startServer(serverDir);
    const admin = new pg.Pool({ connectionString: server.url, max: 1 });
    await admin.query('CREATE DATABASE bench_trading');
    await admin.end();
    databaseUrl = serverUrl(new pg.Client({ connectionString: server.url }).host, 'bench_trading');
  }
  const db = await openDatabase({ dataDir, databaseUrl });
  const accounts = new AccountService(db.pool, systemClock, 3600_000);
  const keys = new ApiKeyService(db.pool, systemClock);
  const apiKeys: string[] = [];
  for (let u = 0; u < USERS; u++) {
    const user = await accounts.createAnonymousUser();
    apiKeys.push((await keys.issue({ userId: user.id, kind: 'production', plan: 'pro', ratePerMinute: 1_000_000 })).api_key);
  }
  await db.close();

  // 3. the service instance(s), as `npm start` runs them
  const serviceEnv = environmentForChild({
    ...simEnv,
    EXCHANGE_MODE: 'live',
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    HOST: '127.0.0.1',
    PORT: '0',
    RUN_JOBS: 'false',
    MODEL_SOURCE: 'off',
    MODEL_DIR: path.join(ROOT, 'models'),
    LOG_LEVEL: 'info',
    SERVER_TIMING: 'true',
    PRODUCTION_KEY_RATE_PER_MINUTE: '100000',
  });
  const services: { child: ChildProcess; base: string }[] = [];
  for (let i = 0; i < INSTANCES; i++) {
    const profArgs = CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(CPU_PROF)] : [];
    const s = await startChild(`service ${i + 1}`, [...profArgs, '--enable-source-maps', 'dist/src/main.js'], serviceEnv, path.join(work, `service-${i + 1}.log`), (l) => l.match(/ready: (http:\/\/[^/"]+)\/health/));
    services.push({ child: s.child, base: s.m[1] });
  }
  const simPid = sim.child.pid!;
  const servicePids = services.map((s) => s.child.pid!);

  // 4. the users' venue credentials, stored through the service
  const kalshiRest = simEnv.KALSHI_REST_URL;
  const kalshiRoot = kalshiRest ? new URL(kalshiRest).origin : '';
  const users: User[] = [];
  for (let u = 0; u < USERS; u++) {
    const base = services[u % services.length].base;
    const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const keyId = crypto.randomUUID();
    const wallet = Wallet.createRandom() as unknown as Wallet;
    const user: User = { apiKey: apiKeys[u], base, keyId, pem, key: privateKey, wallet };
    if (VENUES.includes('kalshi')) {
      await post(`${kalshiRoot}/_sim/api_keys`, { key_id: keyId, public_key: publicKey.export({ type: 'spki', format: 'pem' }) });
      await api(user, '/api/v1/users/_/credentials', { exchange: 'kalshi', key_id: keyId, private_key: pem }, [201, 200]);
    }
    if (VENUES.includes('polymarket')) await api(user, '/api/v1/polymarket/derive-credentials', { private_key: wallet.privateKey }, [200, 201]);
    users.push(user);
  }

  // The markets: a kalshi ticker, a polymarket token; resting buys at 0.01.
  const kalshiTicker = kalshiRest ? ((await (await fetch(`${kalshiRest}/markets?status=open&limit=1`)).json()) as { markets: { ticker: string }[] }).markets[0].ticker : '';
  let polyToken = '';
  let polyNegRisk = false;
  let polyMarket = '';
  if (VENUES.includes('polymarket')) {
    const list = (await (await fetch(`${simEnv.POLYMARKET_GAMMA_URL}/markets?limit=50&closed=false`)).json()) as { conditionId?: string; clobTokenIds?: string; negRisk?: boolean; acceptingOrders?: boolean; enableOrderBook?: boolean; closed?: boolean }[];
    const m = list.find((x) => x.clobTokenIds && x.acceptingOrders !== false && x.enableOrderBook !== false && !x.closed)!;
    polyToken = (JSON.parse(m.clobTokenIds!) as string[])[0];
    polyNegRisk = !!m.negRisk;
    polyMarket = m.conditionId ?? 'any';
  }
  const kalshiBody = Buffer.from(JSON.stringify({ exchange: 'kalshi', market_id: kalshiTicker, outcome: 'yes', side: 'buy', type: 'limit', price: 0.01, size: 1 }));
  // Polymarket orders are signed by the user's wallet before the clock starts (what a client does on its side).
  let salt = Date.now();
  const ZERO32 = `0x${'0'.repeat(64)}`;
  const polyBodies = async (u: User, n: number): Promise<Buffer[]> => {
    const out: Buffer[] = [];
    for (let i = 0; i < n; i++) {
      const order = { salt: String(++salt), maker: u.wallet.address, signer: u.wallet.address, tokenId: polyToken, makerAmount: '10000', takerAmount: '1000000', side: 0, signatureType: 0, timestamp: String(Date.now()), metadata: ZERO32, builder: ZERO32 };
      const signed = { ...order, negRisk: polyNegRisk, signature: await u.wallet.signTypedData(polymarketOrderDomain(polyNegRisk), POLYMARKET_ORDER_TYPES, order) };
      out.push(Buffer.from(JSON.stringify({ exchange: 'polymarket', market_id: polyMarket, outcome: polyToken, side: 'buy', type: 'limit', price: 0.01, size: 1, signed_order: signed })));
    }
    return out;
  };

  const order = async (u: User, body: Buffer): Promise<Sample> => {
    const t = performance.now();
    const res = await postTimed(`${u.base}/api/v1/orders`, { 'x-api-key': u.apiKey }, body);
    const rtt = performance.now() - t;
    if (res.status !== 201) throw new Error(`order failed: ${res.status} ${res.text}`);
    return { rtt, timing: parseServerTiming(header(res, 'server-timing')) };
  };
  const simPath = kalshiRest ? new URL(kalshiRest).pathname : '';
  let seq = 0;
  const direct = async (u: User): Promise<Sample> => {
    const t = performance.now();
    const headers = signKalshiRequest(u.keyId, u.key, 'POST', `${simPath}/portfolio/orders`, Date.now());
    const body = Buffer.from(JSON.stringify({ ticker: kalshiTicker, client_order_id: `direct-${++seq}`, side: 'yes', action: 'buy', count: 1, yes_price_dollars: '0.0100', time_in_force: 'good_till_canceled' }));
    const res = await postTimed(`${kalshiRest}/portfolio/orders`, { ...headers }, body);
    if (res.status !== 201) throw new Error(`direct order failed: ${res.status}`);
    return { rtt: performance.now() - t, timing: parseServerTiming(header(res, 'server-timing')) };
  };

  /** `concurrency` users, each sending its orders one after another; CPU of every process over the run. */
  const runLoad = async (concurrency: number, next: (u: User, i: number) => Promise<Sample>): Promise<{ samples: Sample[]; cpu: Record<string, number> }> => {
    const per = Math.ceil(ORDERS / concurrency);
    const before = { service: sum(servicePids.map(processCpuMs)), main: sum(servicePids.map(mainThreadCpuMs)), sim: processCpuMs(simPid), db: serverCpuMs(serverDir), load: process.cpuUsage() };
    const samples: Sample[] = [];
    await Promise.all(users.slice(0, concurrency).map(async (u) => {
      for (let i = 0; i < per; i++) samples.push(await next(u, i));
    }));
    const load = process.cpuUsage(before.load);
    const n = samples.length;
    return {
      samples,
      cpu: {
        service: (sum(servicePids.map(processCpuMs)) - before.service) / n,
        main: (sum(servicePids.map(mainThreadCpuMs)) - before.main) / n,
        sim: (processCpuMs(simPid) - before.sim) / n,
        db: (serverCpuMs(serverDir) - before.db) / n,
        load: (load.user + load.system) / 1000 / n,
      },
    };
  };

  const bodiesFor = async (venue: 'kalshi' | 'polymarket', concurrency: number): Promise<Buffer[][]> => {
    const per = Math.ceil(ORDERS / concurrency);
    return Promise.all(users.slice(0, concurrency).map(async (u) => (venue === 'kalshi' ? Array.from({ length: per }, () => kalshiBody) : polyBodies(u, per))));
  };

  // Warm-up (JIT, connection pools, caches), not counted.
  for (const venue of VENUES) {
    const bodies = await bodiesFor(venue, USERS);
    await runLoad(USERS, (u, i) => order(u, bodies[users.indexOf(u)][i]));
  }
  if (VENUES.includes('kalshi')) await runLoad(USERS, (u) => direct(u));

  const dbLabel = SERVER ? `PostgreSQL server (throw-away local, pool of 10 per instance${INSTANCES > 1 ? `, ${INSTANCES} instances` : ''})` : 'embedded (PGlite in a worker thread, one connection)';
  console.log(`database: ${dbLabel}; service: node dist/src/main.js (${INSTANCES} process${INSTANCES > 1 ? 'es' : ''}), simulators: dist/scripts/sim.js, load generator: this process`);
  console.log(`load before: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} (${os.cpus().length} cores), orders per row: ${ORDERS}`);
  const PHASES = ['key', 'rate-limit', 'credentials', 'decrypt', 'verify', 'sign', 'write-pending', 'write-final', 'venue', 'venue-sim', 'app'];
  const rows: string[] = [];
  const cpuRows: string[] = [];
  const summary: string[] = [];
  for (const c of [1, 10]) {
    if (VENUES.includes('kalshi')) {
      const base = await runLoad(c, (u) => direct(u));
      rows.push(`| ${c} | kalshi direct to the simulator (baseline) | ${f(pct(base.samples.map((s) => s.rtt), 50))} | ${f(pct(base.samples.map((s) => s.rtt), 95))} | simulator's own handling p50 ${f(pct(base.samples.map((s) => s.timing.sim ?? NaN), 50))} |`);
    }
    for (const venue of VENUES) {
      const bodies = await bodiesFor(venue, c);
      const r = await runLoad(c, (u, i) => order(u, bodies[users.indexOf(u)][i]));
      const rtt = r.samples.map((s) => s.rtt);
      const added = r.samples.map((s) => s.rtt - (s.timing['venue-sim'] ?? NaN));
      const phase = (name: string): string => {
        const xs = r.samples.map((s) => s.timing[name]).filter((x) => x !== undefined);
        return xs.length ? `${name} ${f(pct(xs, 50))}/${f(pct(xs, 95))}` : '';
      };
      rows.push(`| ${c} | ${venue} round trip through the service | ${f(pct(rtt, 50))} | ${f(pct(rtt, 95))} | ${PHASES.map(phase).filter(Boolean).join('; ')} |`);
      rows.push(`| ${c} | ${venue} **service-added** (round trip - simulator handling) | **${f(pct(added, 50))}** | **${f(pct(added, 95))}** | |`);
      cpuRows.push(`| ${c} | ${venue} | ${f(r.cpu.service)} | ${f(r.cpu.main)} | ${f(r.cpu.sim)} | ${SERVER ? f(r.cpu.db) : '-'} | ${f(r.cpu.load)} |`);
      summary.push(`${c} user(s), ${venue}: service-added p50/p95 ${f(pct(added, 50))}/${f(pct(added, 95))} ms (target p95 < 15); service CPU ${f(r.cpu.service)} ms/order`);
    }
  }
  console.log('\n| users | path | p50 ms | p95 ms | service phases p50/p95 ms (Server-Timing) |');
  console.log('|---:|---|---:|---:|---|');
  for (const r of rows) console.log(r);
  console.log('\n| users | venue | service process CPU ms/order | its main thread | simulators | PostgreSQL server | load generator |');
  console.log('|---:|---|---:|---:|---:|---:|---:|');
  for (const r of cpuRows) console.log(r);
  console.log(`\n${summary.join('\n')}`);
  console.log(`load after: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  for (const s of services) await stopChild(s.child);
  if (CPU_PROF) console.log(`CPU profile(s) in ${path.resolve(CPU_PROF)}`);
}

async function post(url: string, body: unknown): Promise<void> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
}

async function api(u: User, p: string, body: unknown, ok: number[]): Promise<unknown> {
  const res = await fetch(`${u.base}${p}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': u.apiKey }, body: JSON.stringify(body) });
  const text = await res.text();
  if (!ok.includes(res.status)) throw new Error(`${p}: ${res.status} ${text}`);
  return JSON.parse(text);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
