// One short transaction on a pooled client: BEGIN, the callback, COMMIT; ROLLBACK when it throws.
// The embedded database has a single connection, so the callback must only run SQL: no HTTP calls,
// no model inference, nothing slow.
import type pg from 'pg';

export async function withTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const out = await fn(client);
    await client.query('COMMIT');
    return out;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
