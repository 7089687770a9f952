// The CPU cost of the keyed HTTP frame on the PostgreSQL server, without any feature's work: closed
// loops of GET /api/v1/key (the key check, the shared rate limit, request logs, the JSON answer)
// through the real app (bench/support/keyed-app.ts) on a fresh local server, the clients sharing one
// key (as bench/db/semantic.ts's do) and then one key each. Reported per request: this process's CPU
// (process.cpuUsage: HTTP, Express, the pg client, the benchmark's own client) and the server's
// (/proc/<pid>/stat of every child of the postmaster). Linux only.
//
//   npx tsx bench/db/keyed-frame-cpu.ts [--clients 20] [--seconds 6]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/db/database.js';
import { startServer, stopServer } from '../../src/db/local-server.js';
import { startKeyedApp } from '../support/keyed-app.js';
import { RawHttpClient } from '../support/raw-http.js';
import { arg } from '../../scripts/lib/cli-args.js';

const clients = Number(arg('clients', '20'));
const seconds = Number(arg('seconds', '6'));

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-keyed-frame-'));
const server = await startServer(path.join(root, 'pg'));
const serverCpuMs = (): number => {
  let ticks = 0;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(f[1]) === server.pid) ticks += Number(f[11]) + Number(f[12]);
    } catch { /* ended */ }
  }
  return ticks * 10;
};
try {
  const db = await openDatabase({ dataDir: root, databaseUrl: server.url });
  const app = await startKeyedApp({ db, plan: 'max', routers: () => [] });
  const keys = [app.apiKey];
  console.log(`${os.availableParallelism()} cores, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}; ${clients} clients, ${seconds} s a row\n`);
  console.log('| clients\' keys | requests/s | this process: CPU ms a request | server: CPU ms a request |');
  console.log('|---|---:|---:|---:|');
  for (const shared of [true, false]) {
    // one key each: more keys of the same user, issued through the app's own key service
    while (!shared && keys.length < clients) {
      const other = await startKeyedApp({ db, plan: 'max', routers: () => [] });
      keys.push(other.apiKey);
      await other.close();
    }
    const http = (shared ? [app.apiKey] : keys).map((key) => new RawHttpClient(app.base, { 'X-API-Key': key }));
    const loop = async (s: number): Promise<number> => {
      let n = 0;
      const end = performance.now() + s * 1000;
      await Promise.all(Array.from({ length: clients }, async (_, c) => {
        while (performance.now() < end) {
          const r = await http[c % http.length].get('/api/v1/key');
          if (r.status !== 200) throw new Error(`status ${r.status}`);
          n++;
        }
      }));
      return n;
    };
    await loop(2); // warm-up
    const c0 = process.cpuUsage();
    const s0 = serverCpuMs();
    const t0 = performance.now();
    const n = await loop(seconds);
    const wall = (performance.now() - t0) / 1000;
    const c = process.cpuUsage(c0);
    console.log(`| ${shared ? 'one shared key' : 'one key each'} | ${(n / wall).toFixed(0)} | ${((c.user + c.system) / 1000 / n).toFixed(3)} | ${((serverCpuMs() - s0) / n).toFixed(3)} |`);
    for (const h of http) h.close();
  }
  await app.close();
  await db.close();
} finally {
  stopServer(path.join(root, 'pg'), 'immediate');
  fs.rmSync(root, { recursive: true, force: true });
}
