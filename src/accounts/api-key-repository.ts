// API keys: minted (test keys by anyone, production keys by the operator), shown once, stored as
// SHA-256 hashes, checked on every keyed request. Lookups are cached briefly so that a request
// does not wait on the database just to authenticate; revocation through this service clears it.
// A key in use is looked up again in the background once its entry is half its lifetime old, so a
// busy key's requests do not queue behind that lookup every few seconds (an entry is still never
// used beyond its lifetime, and a lookup that started before a clear does not refill the cache).
import type pg from 'pg';
import type { Clock } from '../util/clock.js';
import type { Plan } from './plans.js';
import { hashSecret, newId, newSecret } from './secrets.js';

export type KeyKind = 'test' | 'production';

export interface IssuedKey {
  id: string;
  api_key: string;
  user_id: string;
  kind: KeyKind;
  plan: Plan;
  rate_limit_per_minute: number;
  created_at: string;
  expires_at: string | null;
}

/** What a keyed request knows about its caller. */
export interface KeyIdentity {
  keyId: string;
  userId: string;
  plan: Plan;
  kind: KeyKind;
  rateLimitPerMinute: number;
}

export interface KeySummary {
  id: string;
  key_prefix: string;
  user_id: string;
  kind: KeyKind;
  plan: Plan;
  rate_limit_per_minute: number;
  label: string | null;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
}

interface KeyRow {
  id: string;
  user_id: string;
  key_prefix: string;
  kind: KeyKind;
  plan: Plan;
  rate_limit_per_minute: number;
  label: string | null;
  created_at: Date;
  expires_at: Date | null;
  revoked_at: Date | null;
}

const CACHE_TTL_MS = 5_000;
const REFRESH_AFTER_MS = CACHE_TTL_MS / 2;
const CACHE_MAX = 10_000;

export class ApiKeyService {
  private readonly cache = new Map<string, { row: KeyRow | null; fetchedAt: number }>();
  /** Bumped by every clear: a lookup that began before it must not write its (maybe revoked) row back. */
  private generation = 0;
  private readonly refreshing = new Set<string>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly clock: Clock,
  ) {}

  async issue(opts: { userId: string; kind: KeyKind; plan: Plan; ratePerMinute: number; ttlMs?: number; label?: string }): Promise<IssuedKey> {
    const apiKey = newSecret(opts.kind === 'test' ? 'pm_test_' : 'pm_live_');
    const now = this.clock.now();
    const expiresAt = opts.ttlMs ? new Date(now + opts.ttlMs) : null;
    const id = newId('key');
    await this.pool.query(
      `INSERT INTO api_keys (id, user_id, key_hash, key_prefix, kind, plan, rate_limit_per_minute, label, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [id, opts.userId, hashSecret(apiKey), apiKey.slice(0, 12), opts.kind, opts.plan, opts.ratePerMinute, opts.label ?? null, new Date(now), expiresAt],
    );
    return {
      id,
      api_key: apiKey,
      user_id: opts.userId,
      kind: opts.kind,
      plan: opts.plan,
      rate_limit_per_minute: opts.ratePerMinute,
      created_at: new Date(now).toISOString(),
      expires_at: expiresAt?.toISOString() ?? null,
    };
  }

  /** The identity behind a presented key, or null when it is unknown, revoked or expired. */
  async authenticate(apiKey: string): Promise<KeyIdentity | null> {
    const hash = hashSecret(apiKey);
    const now = this.clock.now();
    let entry = this.cache.get(hash);
    const age = entry ? now - entry.fetchedAt : Infinity;
    if (!entry || age > CACHE_TTL_MS || age < 0) {
      entry = await this.lookup(hash, now);
    } else if (age > REFRESH_AFTER_MS && !this.refreshing.has(hash)) {
      this.refreshing.add(hash);
      this.lookup(hash, now)
        .catch(() => undefined) // the next request past the lifetime looks it up itself
        .finally(() => this.refreshing.delete(hash));
    }
    const row = entry.row;
    if (!row || row.revoked_at || (row.expires_at && row.expires_at.getTime() <= now)) return null;
    return { keyId: row.id, userId: row.user_id, plan: row.plan, kind: row.kind, rateLimitPerMinute: row.rate_limit_per_minute };
  }

  private async lookup(hash: string, now: number): Promise<{ row: KeyRow | null; fetchedAt: number }> {
    const generation = this.generation;
    const res = await this.pool.query<KeyRow>({ name: 'api-key-by-hash', text: 'SELECT * FROM api_keys WHERE key_hash = $1', values: [hash] });
    const entry = { row: res.rows[0] ?? null, fetchedAt: now };
    if (generation === this.generation) {
      if (this.cache.size >= CACHE_MAX) this.clearCache();
      this.cache.set(hash, entry);
    }
    return entry;
  }

  private clearCache(): void {
    this.cache.clear();
    this.generation++;
  }

  /** Drops every cached key lookup (another instance revoked or changed a key). */
  forgetCached(): void {
    this.clearCache();
  }

  /** Revokes a key; false when there is no such live key. */
  async revoke(id: string): Promise<boolean> {
    const res = await this.pool.query('UPDATE api_keys SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL', [id, new Date(this.clock.now())]);
    this.clearCache();
    return (res.rowCount ?? 0) > 0;
  }

  async list(opts: { limit: number; afterId?: string }): Promise<KeySummary[]> {
    const res = await this.pool.query<KeyRow>(
      'SELECT * FROM api_keys WHERE ($1::text IS NULL OR id > $1) ORDER BY id LIMIT $2',
      [opts.afterId ?? null, opts.limit],
    );
    return res.rows.map((r) => ({
      id: r.id,
      key_prefix: r.key_prefix,
      user_id: r.user_id,
      kind: r.kind,
      plan: r.plan,
      rate_limit_per_minute: r.rate_limit_per_minute,
      label: r.label,
      created_at: r.created_at.toISOString(),
      expires_at: r.expires_at?.toISOString() ?? null,
      revoked_at: r.revoked_at?.toISOString() ?? null,
    }));
  }
}
