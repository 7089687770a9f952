// The one way the application reaches PostgreSQL: a `pg` pool. By default the server is embedded
// (PGlite in a worker thread, data under DATA_DIR/pg); DATABASE_URL switches to any PostgreSQL >= 15
// with pgvector >= 0.8 and pg_trgm. Nothing above this module knows which one it got.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';
import { lockDataDir, type DataDirLock } from './data-dir-lock.js';
import { migrate } from './migrate.js';
import { startWorker } from '../util/worker-thread.js';
import type { WorkerMessage } from './pglite-worker.js';

// COUNT(*) and bigint ids arrive as strings by default; every bigint this service stores
// (counters, change sequences, epoch milliseconds) fits a double exactly.
pg.types.setTypeParser(20, (v) => Number(v));

export interface Database {
  pool: pg.Pool;
  /** 'embedded' (PGlite) or 'external' (DATABASE_URL) */
  kind: 'embedded' | 'external';
  /** The server's connection string (external only): for connections kept outside the pool, e.g. LISTEN. */
  connectionString?: string;
  /** Resolves true when a trivial query answers within the timeout. */
  ping(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  dataDir: string;
  databaseUrl?: string;
  logger?: Logger;
  /** Apply migrations at open (default true). */
  migrate?: boolean;
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  const logger = opts.logger?.child({ component: 'database' });
  const db = opts.databaseUrl ? openExternal(opts.databaseUrl, logger) : await openEmbedded(opts.dataDir, logger);
  if (opts.migrate !== false) {
    try {
      const run = await migrate(db.pool);
      if (run.migrations.length) logger?.info({ applied: run.migrations }, 'database migrations applied');
      if (run.functions.length) logger?.info({ functions: run.functions }, 'database functions applied');
    } catch (err) {
      await db.close();
      throw err;
    }
  }
  return db;
}

function withPing(pool: pg.Pool): Database['ping'] {
  return async (timeoutMs = 2000) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      return await Promise.race([pool.query('SELECT 1').then(() => true), timeout]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  };
}

function openExternal(url: string, logger?: Logger): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', (err) => logger?.error({ err }, 'idle database connection failed'));
  let closed = false;
  return {
    pool,
    kind: 'external',
    connectionString: url,
    ping: withPing(pool),
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/**
 * Makes a new connection to the embedded database a fresh session, as a new connection to a server
 * is. PGlite is one single-user backend: every socket connection reaches the same session, so a
 * connection that replaced a dropped one (after an error) would inherit the dropped one's state.
 * Two parts of that state break a new `pg` client: the named prepared statements (the client
 * believes it has prepared none, prepares `api-key-by-hash` again and gets "prepared statement
 * already exists"), and a transaction the dropped client left open (the worker rolls it back only
 * once it has seen the old socket close, which may come after the new one connected). The pool
 * holds one client at a time, so whatever another connection left behind belongs to nobody.
 * Advisory locks are left alone: on the embedded database they are the process's own (the
 * scheduler takes them through the pool, see src/indexers/scheduler.ts) and outlive any one connection.
 */
async function startFreshSession(client: pg.ClientBase): Promise<void> {
  // a WARNING (not an error) when no transaction is open
  await client.query('ROLLBACK');
  await client.query('DEALLOCATE ALL');
}

async function openEmbedded(dataDir: string, logger?: Logger): Promise<Database> {
  const lock: DataDirLock = lockDataDir(dataDir);
  const pgDir = path.join(dataDir, 'pg');
  // Unix socket paths are limited to ~107 bytes, so the socket lives in a short temporary folder.
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pgl-'));
  const socketPath = path.join(socketDir, '.s.PGSQL.5432');
  const worker = startWorker(new URL('./pglite-worker.ts', import.meta.url), { workerData: { dataDir: pgDir, socketPath } });
  try {
    await new Promise<void>((resolve, reject) => {
      const onMessage = (msg: WorkerMessage) => {
        if (msg.type === 'ready') resolve();
        else if (msg.type === 'error') {
          // the worker's stack, kept as the cause for the log
          const cause = Object.assign(new Error(msg.message), msg.stack ? { stack: msg.stack } : {});
          reject(new Error(`embedded PostgreSQL failed to start in ${pgDir}: ${msg.message}`, { cause }));
        }
      };
      worker.once('message', onMessage);
      worker.once('error', (err) => reject(new Error(`embedded PostgreSQL worker crashed: ${err.message}`)));
      worker.once('exit', (code) => reject(new Error(`embedded PostgreSQL worker exited with code ${code}`)));
    });
  } catch (err) {
    await worker.terminate();
    fs.rmSync(socketDir, { recursive: true, force: true });
    lock.release();
    throw err;
  }
  worker.removeAllListeners('exit');
  worker.removeAllListeners('error');
  worker.on('error', (err) => logger?.error({ err }, 'embedded PostgreSQL worker error'));

  const pool = new pg.Pool({
    host: socketDir,
    port: 5432,
    user: 'postgres',
    database: 'postgres',
    max: 1,
    // The one connection is a unix socket to this process's own worker: closing it when idle saves
    // nothing, and each reconnection is a moment in which the worker may still be closing the old one.
    idleTimeoutMillis: 0,
    onConnect: startFreshSession,
  });
  pool.on('error', (err) => logger?.error({ err }, 'embedded database connection failed'));
  let closing: Promise<void> | undefined;
  return {
    pool,
    kind: 'embedded',
    ping: withPing(pool),
    close() {
      closing ??= (async () => {
        await pool.end().catch(() => undefined);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 10_000);
          worker.on('message', (msg: WorkerMessage) => {
            if (msg.type === 'stopped') {
              clearTimeout(timer);
              resolve();
            }
          });
          worker.postMessage('stop');
        });
        await worker.terminate();
        fs.rmSync(socketDir, { recursive: true, force: true });
        lock.release();
      })();
      return closing;
    },
  };
}
