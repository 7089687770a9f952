// Runs PGlite (PostgreSQL compiled to WASM) on its own thread and serves it over a unix socket with
// the PostgreSQL wire protocol, so the application reaches it through `pg` exactly as it would reach
// an external server. PGlite executes on the thread that calls it; keeping it here keeps the API's
// event loop free while queries run.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

interface WorkerInput {
  dataDir: string;
  socketPath: string;
}

export type WorkerMessage = { type: 'ready' } | { type: 'error'; message: string; stack?: string } | { type: 'stopped' };

const { dataDir, socketPath } = workerData as WorkerInput;
const port = parentPort;
if (!port) throw new Error('pglite-worker must run as a worker thread');

async function start(): Promise<{ db: PGlite; server: PGLiteSocketServer }> {
  const db = await PGlite.create({ dataDir, extensions: { vector, pg_trgm, unaccent } });
  await db.exec('CREATE EXTENSION IF NOT EXISTS vector; CREATE EXTENSION IF NOT EXISTS pg_trgm; CREATE EXTENSION IF NOT EXISTS unaccent;');
  // The pool in front of this is sized 1 (the socket multiplexer has known bugs with concurrent
  // extended-protocol clients). The second slot is for the replacement of a client the pool has just
  // dropped: the new socket can arrive before this thread has seen the old one close, and a full
  // server would refuse it (ECONNRESET for the query that asked for it). The old socket sends
  // nothing more; the new session is reset when it connects (startFreshSession in database.ts).
  const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 2 });
  await server.start();
  return { db, server };
}

start().then(
  ({ db, server }) => {
    port.postMessage({ type: 'ready' } satisfies WorkerMessage);
    port.on('message', async (msg: unknown) => {
      if (msg !== 'stop') return;
      try {
        await server.stop();
      } finally {
        await db.close();
        port.postMessage({ type: 'stopped' } satisfies WorkerMessage);
      }
    });
  },
  (err: unknown) => {
    port.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err), stack: err instanceof Error ? err.stack : undefined } satisfies WorkerMessage);
  },
);
