// The decrypted credential sets of recent orders, so that an order does not decrypt (and the venue
// client does not re-parse, e.g. Kalshi's RSA key) what it decrypted a moment ago. Each entry is
// tied to the stored row it came from (key id, IV and GCM tag: a re-encryption by a key rotation, a
// replacement, anything that rewrote the row gives new ones), and every use compares the entry with
// the stored row (the store reads the row, or, for an order, the order's pending insert is written
// only while the row is still this one: `entry`), so a set replaced or deleted by any instance is
// never used again from here. Bounded
// (least recently used out first) and brief (an entry lives `ttlMs`, then the row is decrypted
// again). Values are frozen: the same object comes back while the row is unchanged, which lets the
// venue clients keep derived keys per object (a WeakMap) that vanish with the entry.
// Nothing here logs.

export interface SealedIdentity {
  keyId: string;
  iv: Buffer;
  authTag: Buffer;
}

interface Entry extends SealedIdentity {
  value: Readonly<Record<string, unknown>>;
  at: number;
}

export class CredentialCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly maxEntries = 10_000,
    private readonly ttlMs = 5 * 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  private static key(userId: string, exchange: string): string {
    return `${userId}\u0000${exchange}`;
  }

  /**
   * The cached set when it was decrypted from this very row (same key id, IV, tag) recently enough;
   * else null. Without `row` (a process that is the database's only writer, which sees every change
   * itself) only the age is checked.
   */
  get(userId: string, exchange: string, row?: SealedIdentity): Readonly<Record<string, unknown>> | null {
    const k = CredentialCache.key(userId, exchange);
    const e = this.entries.get(k);
    if (!e) return null;
    if ((row && (e.keyId !== row.keyId || !e.iv.equals(row.iv) || !e.authTag.equals(row.authTag))) || this.now() - e.at > this.ttlMs) {
      this.entries.delete(k);
      return null;
    }
    // Most recently used last (Map keeps insertion order).
    this.entries.delete(k);
    this.entries.set(k, e);
    return e.value;
  }

  /**
   * The cached set and the row it was decrypted from, if recent enough, without comparing it to the
   * stored row: for a caller that makes the comparison itself in its next statement (an order's
   * pending insert, order-repository.ts) and calls `drop` when that says the row changed.
   */
  entry(userId: string, exchange: string): { value: Readonly<Record<string, unknown>>; row: SealedIdentity } | null {
    const e = this.entries.get(CredentialCache.key(userId, exchange));
    const value = e && this.get(userId, exchange);
    return e && value ? { value, row: { keyId: e.keyId, iv: e.iv, authTag: e.authTag } } : null;
  }

  /** Remembers a set decrypted from `row`; returns the frozen value to use. */
  put(userId: string, exchange: string, row: SealedIdentity, value: Record<string, unknown>): Readonly<Record<string, unknown>> {
    const frozen = Object.freeze({ ...value });
    const k = CredentialCache.key(userId, exchange);
    this.entries.delete(k);
    this.entries.set(k, { keyId: row.keyId, iv: Buffer.from(row.iv), authTag: Buffer.from(row.authTag), value: frozen, at: this.now() });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return frozen;
  }

  /** Forgets a user's set (replaced or deleted through this process). */
  drop(userId: string, exchange: string): void {
    this.entries.delete(CredentialCache.key(userId, exchange));
  }

  get size(): number {
    return this.entries.size;
  }
}
