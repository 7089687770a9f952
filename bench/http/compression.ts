// What compression and conditional GETs cost and save on catalog reads: the service in sim mode
// (in-process venue simulators, a fresh embedded database filled by one sync), then for a few
// catalog answers, N sequential keep-alive GETs each with Accept-Encoding identity (the baseline),
// gzip and br, and with If-None-Match (304), in one process run. Prints bytes on the wire and
// latency per request (p50 / mean), and ratios against identity.
//   npx tsx bench/http/compression.ts [--requests 100]
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { startService } from '../../src/service.js';
import { arg } from '../../scripts/lib/cli-args.js';

const N = Number(arg('requests') ?? 100);

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
function get(url: string, headers: Record<string, string>): Promise<{ status: number; bytes: number; etag?: string; encoding?: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers }, (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => (bytes += c.length));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, etag: res.headers.etag, encoding: res.headers['content-encoding'] }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-http-'));
  const modelDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-http-model-'));
  const config = loadConfig({ DATA_DIR: dataDir, MODEL_DIR: modelDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', EXCHANGE_MODE: 'sim', RUN_JOBS: 'true', SYNC_ON_START: 'false', SYNC_SCHEDULE: '0 0 1 1 *' });
  const svc = await startService(config, { logger: createLogger('silent') });
  try {
    for (const r of await svc.venueSync!.syncAllNow()) if (!r.ok) throw new Error(`${r.exchange} sync: ${r.error}`);
    const user = await svc.accounts.createAnonymousUser();
    const key = (await svc.keys.issue({ userId: user.id, kind: 'production', plan: 'admin', ratePerMinute: 1_000_000 })).api_key;
    const paths = ['/api/v1/events?limit=1000', '/api/v1/polymarket/markets?limit=1000', '/api/v1/kalshi/markets?limit=10'];
    console.log(`${N} sequential GETs per row, one keep-alive connection; load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
    console.log('| answer | request | status | bytes on the wire | vs identity | p50 ms | mean ms | vs identity |');
    console.log('|---|---|---:|---:|---:|---:|---:|---:|');
    for (const p of paths) {
      const url = svc.url + p;
      const first = await get(url, { 'x-api-key': key, 'accept-encoding': 'identity' });
      const rows: [string, Record<string, string>][] = [
        ['identity', { 'accept-encoding': 'identity' }],
        ['gzip', { 'accept-encoding': 'gzip' }],
        ['br', { 'accept-encoding': 'br' }],
        ['If-None-Match (304)', { 'accept-encoding': 'br', 'if-none-match': first.etag ?? '' }],
      ];
      // Warm every variant first (JIT, caches, zlib state), so that the first row measured is no slower for it.
      for (const [, headers] of rows) for (let i = 0; i < Math.ceil(N / 5); i++) await get(url, { 'x-api-key': key, ...headers });
      let base: { bytes: number; mean: number } | undefined;
      for (const [label, headers] of rows) {
        const times: number[] = [];
        let last = { status: 0, bytes: 0 };
        for (let i = 0; i < N; i++) {
          const t0 = process.hrtime.bigint();
          last = await get(url, { 'x-api-key': key, ...headers });
          times.push(Number(process.hrtime.bigint() - t0) / 1e6);
        }
        times.sort((a, b) => a - b);
        const mean = times.reduce((a, b) => a + b, 0) / times.length;
        base ??= { bytes: last.bytes, mean };
        console.log(`| \`${p}\` | ${label} | ${last.status} | ${last.bytes} | ${(last.bytes / base.bytes).toFixed(3)}x | ${times[Math.floor(N / 2)].toFixed(2)} | ${mean.toFixed(2)} | ${(mean / base.mean).toFixed(2)}x |`);
      }
    }
  } finally {
    agent.destroy();
    await svc.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(modelDir, { recursive: true, force: true });
  }
}

await main();
