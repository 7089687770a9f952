// A benchmark's PostgreSQL database kept between runs (bench/scale's `--keep DIR`): the first sync
// of a large catalog takes minutes, the measurements after it can then be repeated on the same rows.
import pg from 'pg';
import { serverUrl, startServer, stopServer } from '../../src/db/local-server.js';

/**
 * The local PostgreSQL server of `dir` (started, initialised on first use) and its `bench_scale`
 * database (created and migrated on first use), tuned as the test servers are (fsync off: the data
 * is a benchmark's). `stop` stops the server and keeps its files.
 */
export async function openKeptServerDatabase(dir: string): Promise<{ url: string; stop(): Promise<void> }> {
  const server = await startServer(dir);
  const admin = new pg.Pool({ connectionString: server.url, max: 1 });
  try {
    for (const setting of ['fsync = off', 'synchronous_commit = off', 'full_page_writes = off']) await admin.query(`ALTER SYSTEM SET ${setting}`);
    await admin.query('SELECT pg_reload_conf()');
    const exists = (await admin.query("SELECT 1 FROM pg_database WHERE datname = 'bench_scale'")).rowCount;
    if (!exists) await admin.query('CREATE DATABASE bench_scale');
  } finally {
    await admin.end();
  }
  const socketDir = new pg.Client({ connectionString: server.url }).host;
  const port = new pg.Client({ connectionString: server.url }).port;
  return { url: serverUrl(socketDir, 'bench_scale', port), stop: async () => void stopServer(dir, 'fast') };
}
