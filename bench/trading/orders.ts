// The time the service adds to an order (issue 16): POST /api/v1/orders through the real HTTP frame
// (request id, API key, rate limit), the trading service and an embedded database, to the Kalshi
// simulator, at 1 and 10 concurrent users (each with its own key and stored credentials), side by
// side with the baseline: the same signed order sent straight to the simulator (what a client pays
// without the service).
//
//   npx tsx bench/trading/orders.ts [--orders 200] [--server]
// The database: the embedded one (a throw-away data directory) by default; DATABASE_URL (read through
// the config) for a PostgreSQL server; or --server, which starts a throw-away local server
// (src/db/local-server.ts, as `npm run db-server`) and stops it at the end. Run both for the side by
// side comparison (the embedded database has one connection; the server, the service's pool of 10).
//
// Per order it reports the round trip and its phases as the service measured them: credentials (read
// + AES-GCM decryption), writes (pending insert + venue-state update), venue (RSA-PSS signing + the
// call to the simulator + the simulator's own handling). Service-added time = round trip - (venue -
// signing), where signing is timed on its own below; so signing counts as the service's.
// Resting orders (price 0.01) are used, so each order is one venue call.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Wallet } from 'ethers';
import pino from 'pino';
import pg from 'pg';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/database.js';
import { serverUrl, startServer, stopServer } from '../../src/db/local-server.js';
import { buildApp } from '../../src/http/build-app.js';
import { createTradingRouter } from '../../src/http/routes/trading.js';
import { createLogger } from '../../src/logger.js';
import { startKalshiSimulator } from '../../src/venues/kalshi/simulator.js';
import { signKalshiRequest } from '../../src/venues/kalshi/signing.js';
import { polymarketOrderDomain, POLYMARKET_ORDER_TYPES, verifyPolymarketOrder } from '../../src/venues/polymarket/signing.js';
import { loadCredentialCipher } from '../../src/trading/credential-cipher.js';
import { setupTrading } from '../../src/trading/setup.js';
import type { TradingPhase } from '../../src/trading/trading-service.js';

const arg = (name: string, def: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : def;
};
const ORDERS = arg('orders', 200);

const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN;
};
const f = (n: number): string => n.toFixed(2);

function timeIt(n: number, fn: () => void): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    fn();
    out.push(performance.now() - t);
  }
  return out;
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-trading-'));
  const sim = await startKalshiSimulator({ tickMs: 0 });
  let databaseUrl = loadConfig().databaseUrl;
  const serverDir = process.argv.includes('--server') ? path.join(dataDir, 'server') : null;
  if (serverDir) {
    const server = await startServer(serverDir);
    const admin = new pg.Pool({ connectionString: server.url, max: 1 });
    await admin.query('CREATE DATABASE bench_trading');
    await admin.end();
    databaseUrl = serverUrl(new pg.Client({ connectionString: server.url }).host, 'bench_trading');
  }
  const db = await openDatabase({ dataDir, databaseUrl });
  const phases: Record<TradingPhase, number[]> = { credentials: [], verify: [], write: [], venue: [] };
  const trading = await setupTrading({ pool: db.pool, settings: { dataDir, timeoutMs: 10_000 }, baseUrls: { kalshi: sim.baseUrls }, service: { onTiming: (p, ms) => phases[p].push(ms) } });
  const logger = createLogger('info', pino.destination({ dest: '/dev/null', sync: false }));
  const { app, accounts, keys } = buildApp({ db, logger, settings: { version: 'bench', productionKeyRatePerMinute: 1e7 }, keyedRouters: () => [{ path: '/', router: createTradingRouter(trading.trading) }] });
  const server = http.createServer(app);
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const ticker = ((await (await fetch(`${sim.baseUrls.rest}/markets?status=open&limit=1`)).json()) as { markets: { ticker: string }[] }).markets[0].ticker;
  const simPath = new URL(sim.baseUrls.rest).pathname;

  // Ten users, each with a key pair registered at the venue and stored (encrypted) here.
  const users: { apiKey: string; keyId: string; pem: string }[] = [];
  for (let u = 0; u < 10; u++) {
    const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const keyId = crypto.randomUUID();
    await fetch(`${sim.server.baseUrl}/_sim/api_keys`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key_id: keyId, public_key: publicKey.export({ type: 'spki', format: 'pem' }) }) });
    const user = await accounts.createAnonymousUser();
    await trading.credentials.register(user.id, { exchange: 'kalshi', key_id: keyId, private_key: pem });
    users.push({ apiKey: (await keys.issue({ userId: user.id, kind: 'production', plan: 'pro', ratePerMinute: 1e9 })).api_key, keyId, pem });
  }

  const body = JSON.stringify({ exchange: 'kalshi', market_id: ticker, outcome: 'yes', side: 'buy', type: 'limit', price: 0.01, size: 1 });
  const viaService = async (u: (typeof users)[number]): Promise<number> => {
    const t = performance.now();
    const res = await fetch(`${base}/api/v1/orders`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': u.apiKey }, body });
    await res.text();
    if (res.status !== 201) throw new Error(`order failed: ${res.status}`);
    return performance.now() - t;
  };
  let seq = 0;
  const direct = async (u: (typeof users)[number], retry = true): Promise<number> => {
    const t = performance.now();
    try {
    const headers = signKalshiRequest(u.keyId, u.pem, 'POST', `${simPath}/portfolio/orders`, Date.now());
    const res = await fetch(`${sim.baseUrls.rest}/portfolio/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ ticker, client_order_id: `direct-${++seq}`, side: 'yes', action: 'buy', count: 1, yes_price_dollars: '0.0100', time_in_force: 'good_till_canceled' }),
    });
    await res.text();
    if (res.status !== 201) throw new Error(`direct order failed: ${res.status}`);
    } catch (err) {
      // The simulator closes idle keep-alive sockets after 5 s; a POST on one that just closed is reset.
      if (retry) return direct(u, false);
      throw err;
    }
    return performance.now() - t;
  };

  const run = async (concurrency: number, fn: (u: (typeof users)[number]) => Promise<number>): Promise<number[]> => {
    const out: number[] = [];
    const per = Math.ceil(ORDERS / concurrency);
    await Promise.all(users.slice(0, concurrency).map(async (u) => {
      for (let i = 0; i < per; i++) out.push(await fn(u));
    }));
    return out;
  };

  // Signing and verification on their own (the per-order cost inside the venue phase / verify phase).
  const pem = users[0].pem;
  const keyObject = crypto.createPrivateKey(pem);
  const signMs = timeIt(300, () => signKalshiRequest('k', crypto.createPrivateKey(pem), 'POST', '/trade-api/v2/portfolio/orders', Date.now()));
  const signOnlyMs = timeIt(300, () => signKalshiRequest('k', keyObject, 'POST', '/trade-api/v2/portfolio/orders', Date.now()));
  const cipher = loadCredentialCipher({ keyFile: path.join(dataDir, 'credentials.key') }).cipher;
  const sealed = cipher.seal(JSON.stringify({ key_id: 'k', private_key: pem }), 'aad');
  const decryptMs = timeIt(2000, () => cipher.open(sealed, 'aad'));
  const wallet = new Wallet(`0x${'11'.repeat(32)}`);
  const order = { salt: '1', maker: wallet.address, signer: wallet.address, tokenId: '1', makerAmount: '500000', takerAmount: '1000000', side: 0, signatureType: 0, timestamp: String(Date.now()), metadata: `0x${'0'.repeat(64)}`, builder: `0x${'0'.repeat(64)}` };
  const signed = { ...order, signature: await wallet.signTypedData(polymarketOrderDomain(false), POLYMARKET_ORDER_TYPES, order) };
  const verifyMs = timeIt(300, () => verifyPolymarketOrder(signed, { outcome: '1' }, null, Math.floor(Date.now() / 1000)));

  // Warm-up (JIT, connection pools), not counted.
  await run(10, viaService);
  await run(10, direct);

  console.log(`database: ${db.kind === 'embedded' ? 'embedded (PGlite, one connection)' : `server (${serverDir ? 'throw-away local PostgreSQL' : 'DATABASE_URL'}, pool of 10)`}`);
  console.log(`load before: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} (${os.cpus().length} cores), orders per run: ${ORDERS}`);
  console.log('\n| users | path | p50 ms | p95 ms |');
  console.log('|---:|---|---:|---:|');
  const summary: string[] = [];
  for (const c of [1, 10]) {
    for (const k of Object.keys(phases) as TradingPhase[]) phases[k] = [];
    const baseline = await run(c, direct);
    const svc = await run(c, viaService);
    const venue = phases.venue;
    const sign50 = pct(signMs, 50);
    // Per order: round trip minus what the venue took (venue phase minus the signing inside it).
    const added = svc.map((t, i) => t - (venue[i] ?? pct(venue, 50)) + sign50);
    console.log(`| ${c} | direct to the simulator (baseline) | ${f(pct(baseline, 50))} | ${f(pct(baseline, 95))} |`);
    console.log(`| ${c} | through the service | ${f(pct(svc, 50))} | ${f(pct(svc, 95))} |`);
    console.log(`| ${c} | - credentials read + decrypt | ${f(pct(phases.credentials, 50))} | ${f(pct(phases.credentials, 95))} |`);
    console.log(`| ${c} | - one order write (2 per order: pending insert, venue-state update) | ${f(pct(phases.write, 50))} | ${f(pct(phases.write, 95))} |`);
    console.log(`| ${c} | - venue phase (sign + simulator call) | ${f(pct(venue, 50))} | ${f(pct(venue, 95))} |`);
    console.log(`| ${c} | **service-added** | **${f(pct(added, 50))}** | **${f(pct(added, 95))}** |`);
    summary.push(`${c} user(s): service-added p95 ${f(pct(added, 95))} ms (target < 15), round trip ${f(pct(svc, 95))} vs direct ${f(pct(baseline, 95))} ms`);
  }
  console.log('\n| in-process step | p50 ms | p95 ms |');
  console.log('|---|---:|---:|');
  console.log(`| RSA-PSS sign (PEM parse + sign, as per order) | ${f(pct(signMs, 50))} | ${f(pct(signMs, 95))} |`);
  console.log(`| RSA-PSS sign (parsed key) | ${f(pct(signOnlyMs, 50))} | ${f(pct(signOnlyMs, 95))} |`);
  console.log(`| AES-256-GCM decrypt of a credential set | ${f(pct(decryptMs, 50))} | ${f(pct(decryptMs, 95))} |`);
  console.log(`| EIP-712 verify (polymarket order) | ${f(pct(verifyMs, 50))} | ${f(pct(verifyMs, 95))} |`);
  console.log(`\n${summary.join('\n')}`);
  console.log(`load after: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);

  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await db.close();
  await sim.stop();
  if (serverDir) stopServer(serverDir, 'immediate');
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
