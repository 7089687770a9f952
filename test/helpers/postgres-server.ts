// A fresh database on a real PostgreSQL server (the project's local server, src/db/local-server.ts)
// for a test: the first call of a test process starts one server in a temporary directory (stopped
// when the process exits), and migrates a template database with the project's migrator; each call
// then copies the template (CREATE DATABASE ... TEMPLATE, tens of milliseconds) and opens the copy
// once through openDatabase, whose migrator finds nothing left to apply.
//
// The server is tuned for throw-away data (fsync and synchronous commit off: a crash of the test
// machine loses nothing anyone keeps). A test process killed before its exit handler ran leaves its
// server behind: the next process that starts one stops and deletes it (it records its owner's pid).
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../src/db/database.js';
import { installServer, serverUrl, startServer, stopServer } from '../../src/db/local-server.js';
import { processAlive } from '../../src/util/process-alive.js';

const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER_HOME = path.join(PROJECT_ROOT, '.db-server');
const DIR_PREFIX = 'pm-pgserver-';
const TEMPLATE = 'pm_template';

interface TestServer {
  socketDir: string;
  admin: pg.Pool;
}

let server: Promise<TestServer> | undefined;
let databases = 0;

/** Stops and deletes the servers of test processes that died without their exit handler. */
function sweepOrphans(): void {
  for (const name of readdirSync(os.tmpdir())) {
    if (!name.startsWith(DIR_PREFIX)) continue;
    const dir = path.join(os.tmpdir(), name);
    let owner: number;
    try {
      owner = Number(readFileSync(path.join(dir, 'owner.pid'), 'utf8'));
    } catch {
      continue;
    }
    if (processAlive(owner)) continue;
    try {
      stopServer(path.join(dir, 'data'), 'immediate', SERVER_HOME);
    } catch {
      /* best effort: the directory goes anyway */
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

async function startTestServer(): Promise<TestServer> {
  installServer(SERVER_HOME);
  sweepOrphans();
  const root = mkdtempSync(path.join(os.tmpdir(), DIR_PREFIX));
  writeFileSync(path.join(root, 'owner.pid'), String(process.pid));
  const dataDir = path.join(root, 'data');
  process.on('exit', () => {
    try {
      stopServer(dataDir, 'immediate', SERVER_HOME);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
  const started = await startServer(dataDir, SERVER_HOME);
  const socketDir = new pg.Client({ connectionString: started.url }).host;
  const admin = new pg.Pool({ connectionString: serverUrl(socketDir, 'postgres'), max: 2 });
  for (const setting of ['fsync = off', 'synchronous_commit = off', 'full_page_writes = off']) await admin.query(`ALTER SYSTEM SET ${setting}`);
  await admin.query('SELECT pg_reload_conf()');
  await admin.query(`CREATE DATABASE ${TEMPLATE}`);
  const template = await openDatabase({ dataDir: root, databaseUrl: serverUrl(socketDir, TEMPLATE) });
  await template.close();
  return { socketDir, admin };
}

/**
 * A new, migrated database (vector, pg_trgm, unaccent) on the test process's PostgreSQL server: its
 * DATABASE_URL, and `drop()` to delete it (open pools on it are disconnected).
 */
export async function createServerDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  server ??= startTestServer();
  const { socketDir, admin } = await server;
  const name = `pm_test_${process.pid}_${++databases}`;
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE}`);
  const url = serverUrl(socketDir, name);
  const db = await openDatabase({ dataDir: os.tmpdir(), databaseUrl: url });
  await db.close();
  let dropped = false;
  return {
    url,
    async drop() {
      if (dropped) return;
      dropped = true;
      // pool.end() resolves before its sockets have closed; a DROP ... FORCE at once would terminate
      // them and their pools report it as an (unlistened) 'error' that fails the test run. So wait up
      // to 2 s for the database's sessions to go, then force what is left (a test that leaks a pool).
      for (const started = Date.now(); Date.now() - started < 2_000;) {
        const open = await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
        if (open.rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
