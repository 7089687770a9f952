// How long the service's requests wait for a database connection: every checkout of the `pg` pool
// (pool.query checks one out too) is timed from the call to the connection in hand, and counted as
// a wait when no connection was idle and the pool was at its size. On the embedded database the
// pool has one connection, so this is where a slow statement shows up as everybody's latency.
import type pg from 'pg';

export interface PoolCheckout {
  seconds: number;
  /** No idle connection and none could be opened: the checkout queued behind others. */
  waited: boolean;
}

type ConnectCallback = (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

/** Times every checkout of `pool` into `observe`; returns the function that stops it. */
export function observePoolCheckouts(pool: pg.Pool, observe: (checkout: PoolCheckout) => void): () => void {
  const original = pool.connect;
  const max = pool.options.max ?? 10;
  const patched = function (this: pg.Pool, callback?: ConnectCallback): unknown {
    const started = performance.now();
    const waited = pool.idleCount === 0 && pool.totalCount >= max;
    const report = () => observe({ seconds: (performance.now() - started) / 1000, waited });
    if (typeof callback === 'function') {
      return (original as (cb: ConnectCallback) => void).call(pool, (err, client, done) => {
        report();
        callback(err, client, done);
      });
    }
    return (original as () => Promise<pg.PoolClient>).call(pool).then((client) => {
      report();
      return client;
    });
  };
  pool.connect = patched as typeof pool.connect;
  return () => {
    if (pool.connect === (patched as typeof pool.connect)) pool.connect = original;
  };
}
