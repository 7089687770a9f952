// The users' venue credentials at rest: one row per (user, venue), the JSON set sealed with
// AES-256-GCM (credential-cipher.ts) and bound to the row's user and venue. The plaintext exists only
// in memory (for the request that signs with it, and briefly in the cache of recent sets,
// credential-cache.ts); nothing here logs it or returns it to a route.
import type pg from 'pg';
import { withTransaction } from '../db/transaction.js';
import { timedSync } from '../util/request-timings.js';
import { MissingCredentialKeyError, missingCredentialKeyMessage, type CredentialCipher } from './credential-cipher.js';
import { CredentialCache, type SealedIdentity } from './credential-cache.js';
import { TradingError } from './errors.js';

export interface CredentialSetSummary {
  exchange: string;
  connected: true;
  created_at: string;
  updated_at: string;
}

interface Row {
  user_id: string;
  exchange: string;
  key_id: string;
  iv: Buffer;
  ciphertext: Buffer;
  auth_tag: Buffer;
  created_at: Date;
  updated_at: Date;
}

const associated = (userId: string, exchange: string): string => `trading-credentials:${userId}:${exchange}`;

const summary = (r: Pick<Row, 'exchange' | 'created_at' | 'updated_at'>): CredentialSetSummary => ({
  exchange: r.exchange,
  connected: true,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

/** The ids of the keys the stored credential sets are encrypted with. */
export async function storedCredentialKeyIds(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ key_id: string }>('SELECT DISTINCT key_id FROM trading_credentials');
  return rows.map((r) => r.key_id);
}

export class CredentialStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly cipher: CredentialCipher,
    /** True when this process is the database's only user (the embedded database): see credential-cache.ts. */
    private readonly exclusive = false,
    private readonly cache = new CredentialCache(),
  ) {}

  /** Stores (or replaces) a user's set for a venue; `created` tells a first set from a replacement. */
  async put(userId: string, exchange: string, values: Record<string, unknown>): Promise<{ summary: CredentialSetSummary; created: boolean }> {
    const sealed = this.cipher.seal(JSON.stringify(values), associated(userId, exchange));
    const { rows } = await this.pool.query<Row & { inserted: boolean }>(
      `INSERT INTO trading_credentials (user_id, exchange, key_id, iv, ciphertext, auth_tag)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (user_id, exchange) DO UPDATE
         SET key_id = EXCLUDED.key_id, iv = EXCLUDED.iv, ciphertext = EXCLUDED.ciphertext, auth_tag = EXCLUDED.auth_tag, updated_at = now()
       RETURNING exchange, created_at, updated_at, (xmax = 0) AS inserted`,
      [userId, exchange, sealed.keyId, sealed.iv, sealed.ciphertext, sealed.authTag],
    );
    this.cache.drop(userId, exchange);
    return { summary: summary(rows[0]), created: rows[0].inserted };
  }

  async list(userId: string): Promise<CredentialSetSummary[]> {
    const { rows } = await this.pool.query<Row>('SELECT exchange, created_at, updated_at FROM trading_credentials WHERE user_id = $1 ORDER BY exchange', [userId]);
    return rows.map(summary);
  }

  async remove(userId: string, exchange: string): Promise<boolean> {
    const res = await this.pool.query('DELETE FROM trading_credentials WHERE user_id = $1 AND exchange = $2', [userId, exchange]);
    this.cache.drop(userId, exchange);
    return (res.rowCount ?? 0) > 0;
  }

  /**
   * The decrypted set (frozen), or null when the user has none for the venue. On a server the row is
   * read every time (a set deleted or replaced by another instance is never used) and its decryption
   * reused while the row is the one it came from; on the embedded database (exclusive) a recent
   * decryption is used without reading the row.
   */
  async get(userId: string, exchange: string): Promise<Readonly<Record<string, unknown>> | null> {
    if (this.exclusive) {
      const known = this.cache.get(userId, exchange);
      if (known) return known;
    }
    return (await this.read(userId, exchange))?.value ?? null;
  }

  /**
   * The set to place an order with, and the stored row it came from. A recent decryption is used
   * without reading the row, on a server too: the order's pending insert is written only if the row
   * is still this one (`OrderRepository.insertPendingWithCredentials`'s guard), and when it is not, the caller
   * `forget`s the set and asks again, which reads the row. So a set another instance replaced or
   * deleted still never places an order, at one statement per order instead of two.
   */
  async getForOrder(userId: string, exchange: string): Promise<{ value: Readonly<Record<string, unknown>>; row: SealedIdentity } | null> {
    return this.cache.entry(userId, exchange) ?? this.read(userId, exchange);
  }

  /** Drops the cached set (its row turned out to have changed): the next use reads the row. */
  forget(userId: string, exchange: string): void {
    this.cache.drop(userId, exchange);
  }

  /** Reads the row; decrypts it unless the cached set came from this very row. */
  private async read(userId: string, exchange: string): Promise<{ value: Readonly<Record<string, unknown>>; row: SealedIdentity } | null> {
    const { rows } = await this.pool.query<Row>({ name: 'trading-credentials-get', text: 'SELECT key_id, iv, ciphertext, auth_tag FROM trading_credentials WHERE user_id = $1 AND exchange = $2', values: [userId, exchange] });
    const r = rows[0];
    if (!r) {
      this.cache.drop(userId, exchange);
      return null;
    }
    const row = { keyId: r.key_id, iv: r.iv, authTag: r.auth_tag };
    const cached = this.cache.get(userId, exchange, row);
    if (cached) return { value: cached, row };
    const plain = timedSync('decrypt', () => JSON.parse(this.open(r, userId, exchange)) as Record<string, unknown>);
    return { value: this.cache.put(userId, exchange, row, plain), row };
  }

  /** Decrypts a row; a key this instance lacks is a 503 saying what to do, not a 500. */
  private open(r: Row, userId: string, exchange: string): string {
    try {
      return this.cipher.open({ keyId: r.key_id, iv: r.iv, ciphertext: r.ciphertext, authTag: r.auth_tag }, associated(userId, exchange));
    } catch (err) {
      if (err instanceof MissingCredentialKeyError) throw new TradingError('unavailable', missingCredentialKeyMessage([err.keyId]));
      throw err;
    }
  }
}

/**
 * Re-encrypts every stored set under `next`'s current key, in one transaction (all or none), and
 * returns how many rows it rewrote. Rows already under the new key are skipped, so a rotation that
 * stopped half-way can be run again.
 */
export async function reencryptAll(pool: pg.Pool, from: CredentialCipher, next: CredentialCipher): Promise<{ rewritten: number; skipped: number }> {
  return withTransaction(pool, async (client) => {
    const { rows } = await client.query<Row>('SELECT user_id, exchange, key_id, iv, ciphertext, auth_tag FROM trading_credentials FOR UPDATE');
    let rewritten = 0;
    let skipped = 0;
    for (const r of rows) {
      if (r.key_id === next.currentKeyId) {
        skipped++;
        continue;
      }
      const aad = associated(r.user_id, r.exchange);
      const plain = from.open({ keyId: r.key_id, iv: r.iv, ciphertext: r.ciphertext, authTag: r.auth_tag }, aad);
      const s = next.seal(plain, aad);
      await client.query('UPDATE trading_credentials SET key_id = $3, iv = $4, ciphertext = $5, auth_tag = $6 WHERE user_id = $1 AND exchange = $2', [r.user_id, r.exchange, s.keyId, s.iv, s.ciphertext, s.authTag]);
      rewritten++;
    }
    return { rewritten, skipped };
  });
}
