// The README's way to run things, tried as a process manager or a container runtime does it: start
// `npm start` (and `npm run sim`), send SIGTERM to the process that was started (npm itself), and
// check that the signal reached the service: its port closes, its data directory is unlocked, no
// node process is left behind, and npm exits 0.
import assert from 'node:assert/strict';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { listMigrations } from '../../src/db/migrate.js';
import { loadIndexDefinition } from '../../src/search/elastic/mapping.js';
import { VERSION } from '../../src/version.js';
import { processAlive } from '../../src/util/process-alive.js';

const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');
const GRACE_MS = 5_000;

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function startNpm(args: string[], env: Record<string, string>): Started {
  const child = spawn('npm', args, { cwd: PROJECT_ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return { child, output: () => out, exited };
}

async function waitFor<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs: number, output: () => string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; output:\n${output().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function portIsOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Direct children of a process (Linux /proc; these tests run on Linux like CI). */
function childrenOf(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' }).split('\n').map((s) => Number(s.trim())).filter((n) => n > 0);
  } catch {
    return []; // ps exits 1 when there is none
  }
}

describe('npm start and npm run sim, stopped with SIGTERM', function () {
  this.timeout(240_000);
  const leftovers: Started[] = [];
  after(() => {
    // A failed test still stops what it started (SIGTERM: the path under test forwards it to the child).
    for (const s of leftovers) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGTERM');
  });

  it('npm start: the service gets the signal, closes its port, unlocks the data directory and exits 0', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'npm-start-'));
    try {
      const started = startNpm(['start'], {
        DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', EXCHANGE_MODE: 'sim', SYNC_ON_START: 'false', LOG_LEVEL: 'info',
        SHUTDOWN_GRACE_MS: String(GRACE_MS),
      });
      leftovers.push(started);
      const port = await waitFor('the service to listen', () => {
        const line = started.output().split('\n').find((l) => l.includes('"service listening"'));
        return line ? (JSON.parse(line) as { port: number }).port : undefined;
      }, 180_000, started.output);
      const health = await fetch(`http://127.0.0.1:${port}/health`);
      assert.equal(health.status, 200);
      const lockFile = path.join(dataDir, 'service.lock');
      assert.ok(existsSync(lockFile), 'the running service holds the data directory lock');
      const servicePid = Number(readFileSync(lockFile, 'utf8').trim());
      assert.notEqual(servicePid, started.child.pid, 'the lock names the service process, which npm started');

      const signalledAt = Date.now();
      started.child.kill('SIGTERM');
      await waitFor('the port to close', async () => ((await portIsOpen(port)) ? undefined : true), GRACE_MS, started.output);
      await waitFor('the lock to be released', () => (existsSync(lockFile) ? undefined : true), GRACE_MS, started.output);
      const exit = await started.exited;
      assert.deepEqual(exit, { code: 0, signal: null }, 'npm exits with the service exit code');
      assert.ok(Date.now() - signalledAt < GRACE_MS + 2_000, `stopped ${Date.now() - signalledAt} ms after SIGTERM`);
      await waitFor('the service process to be gone', () => (processAlive(servicePid) ? undefined : true), 2_000, started.output);
      assert.match(started.output(), /"signal":"SIGTERM".*"shutting down"|"shutting down".*"signal":"SIGTERM"/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('the build npm start ran finds its run-time files from dist/: migrations, index mappings, version', async () => {
    const compiled = async (rel: string) => import(pathToFileURL(path.join(PROJECT_ROOT, 'dist', rel)).href);
    const migrate = await compiled('src/db/migrate.js');
    assert.deepEqual(migrate.listMigrations().map((m: { name: string }) => m.name), listMigrations().map((m) => m.name));
    assert.deepEqual((await compiled('src/search/elastic/mapping.js')).loadIndexDefinition(), loadIndexDefinition());
    assert.equal((await compiled('src/version.js')).VERSION, VERSION);
  });

  it('npm run sim: the simulators get the signal, close their ports and npm exits 0', async () => {
    const started = startNpm(['run', 'sim'], {});
    leftovers.push(started);
    const ports = await waitFor('the simulators to print their URLs', () => {
      const out = started.output();
      if (!out.includes('Ctrl-C to stop')) return undefined;
      return [...out.matchAll(/=http:\/\/127\.0\.0\.1:(\d+)/g)].map((m) => Number(m[1]));
    }, 180_000, started.output);
    assert.ok(ports.length >= 9, `one URL or more per venue, got ${ports.length}`);
    assert.ok(await portIsOpen(ports[0]));
    const simPids = childrenOf(started.child.pid!);
    assert.equal(simPids.length, 1, 'npm runs the simulators as its one child process');

    started.child.kill('SIGTERM');
    const exit = await started.exited;
    assert.deepEqual(exit, { code: 0, signal: null });
    for (const port of new Set(ports)) assert.equal(await portIsOpen(port), false, `port ${port} closed`);
    await waitFor('the simulator process to be gone', () => (processAlive(simPids[0]) ? undefined : true), 2_000, started.output);
  });
});
