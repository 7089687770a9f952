// Start time and memory of the service run by tsx (TypeScript compiled in memory at every start)
// against plain node on the tsc build in dist/ (what `npm start` runs). Both variants start the
// same way, alternately, on a fresh data directory each: EXCHANGE_MODE=sim, no start-up sync.
// Measured per run: ms from spawn to "service listening" and to "embedding model loaded" (the
// embedding worker thread is up), and the resident memory of the whole process tree (tsx runs
// the service in a child node process) 2 s after the model loaded.
// Usage: npx tsx bench/startup/run.ts [--runs 3]    (run `npm run build` first)
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { environmentForChild } from '../../src/config.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg >= 0 ? Number(process.argv[runsArg + 1]) : 3;

const VARIANTS = {
  'tsx src/main.ts': [path.join(ROOT, 'node_modules/.bin/tsx'), ['src/main.ts']],
  'node dist/src/main.js': [process.execPath, ['--enable-source-maps', 'dist/src/main.js']],
} as const satisfies Record<string, readonly [string, readonly string[]]>;

interface Sample { listeningMs: number; modelMs: number; rssMb: number }

function treeRssMb(pid: number): number {
  const pids = [pid];
  for (let i = 0; i < pids.length; i++) {
    try {
      const kids = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pids[i])], { encoding: 'utf8' });
      pids.push(...kids.split('\n').map((s) => Number(s.trim())).filter((n) => n > 0));
    } catch { /* no children */ }
  }
  let kb = 0;
  for (const p of pids) {
    const status = readFileSync(`/proc/${p}/status`, 'utf8');
    kb += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  }
  return kb / 1024;
}

async function once(command: string, args: readonly string[]): Promise<Sample> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-startup-'));
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: ROOT,
    env: environmentForChild({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', EXCHANGE_MODE: 'sim', SYNC_ON_START: 'false', LOG_LEVEL: 'info' }),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const seen: Record<string, number> = {};
  const done = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      for (const marker of ['service listening', 'embedding model loaded']) {
        if (seen[marker] === undefined && out.includes(`"msg":"${marker}"`)) seen[marker] = performance.now() - started;
      }
      if (seen['embedding model loaded'] !== undefined) resolve();
    });
    child.once('exit', (code) => reject(new Error(`exited early (${code}):\n${out.slice(-2000)}`)));
  });
  await done;
  await new Promise((r) => setTimeout(r, 2000));
  const rssMb = treeRssMb(child.pid!);
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
  return { listeningMs: seen['service listening'], modelMs: seen['embedding model loaded'], rssMb };
}

if (!existsSync(path.join(ROOT, 'dist/src/main.js'))) throw new Error('no dist/: run `npm run build` first');
const samples: Record<string, Sample[]> = {};
for (let r = 0; r < RUNS; r++) {
  for (const [name, [command, args]] of Object.entries(VARIANTS)) {
    const s = await once(command, args);
    (samples[name] ??= []).push(s);
    console.error(`${name} run ${r + 1}: listening ${s.listeningMs.toFixed(0)} ms, model ${s.modelMs.toFixed(0)} ms, rss ${s.rssMb.toFixed(0)} MB`);
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`| variant | listening, median ms | model loaded, median ms | RSS after load, median MB | runs |`);
console.log(`|---|---|---|---|---|`);
for (const [name, xs] of Object.entries(samples)) {
  console.log(`| \`${name}\` | ${median(xs.map((x) => x.listeningMs)).toFixed(0)} | ${median(xs.map((x) => x.modelMs)).toFixed(0)} | ${median(xs.map((x) => x.rssMb)).toFixed(0)} | ${xs.length} |`);
}
