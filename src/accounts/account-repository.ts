// Users and their sessions: sign-up, login (a random session token, stored hashed), current user, logout.
import type pg from 'pg';
import type { Clock } from '../util/clock.js';
import { decoyPasswordHash, hashPassword, hashSecret, newId, newSecret, verifyPassword } from './secrets.js';

export interface User {
  id: string;
  email: string | null;
  created_at: string;
}

export class EmailTakenError extends Error {}
export class InvalidCredentialsError extends Error {}

interface UserRow {
  id: string;
  email: string | null;
  password_hash: string | null;
  created_at: Date;
}

const toUser = (r: UserRow): User => ({ id: r.id, email: r.email, created_at: r.created_at.toISOString() });

export class AccountService {
  constructor(
    private readonly pool: pg.Pool,
    private readonly clock: Clock,
    private readonly sessionTtlMs: number,
  ) {}

  async signup(email: string, password: string): Promise<User> {
    const hash = await hashPassword(password);
    const res = await this.pool.query<UserRow>(
      `INSERT INTO users (id, email, password_hash, created_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (email) DO NOTHING RETURNING *`,
      [newId('usr'), email.toLowerCase(), hash, new Date(this.clock.now())],
    );
    if (res.rowCount === 0) throw new EmailTakenError('an account with this email already exists');
    return toUser(res.rows[0]);
  }

  /** Makes a user that has no email or password (the owner of an anonymous test key). */
  async createAnonymousUser(): Promise<User> {
    const res = await this.pool.query<UserRow>('INSERT INTO users (id, created_at) VALUES ($1, $2) RETURNING *', [
      newId('usr'),
      new Date(this.clock.now()),
    ]);
    return toUser(res.rows[0]);
  }

  /** Finds or creates the user with this email (operator tooling; no password is set). */
  async ensureUserByEmail(email: string): Promise<User> {
    const res = await this.pool.query<UserRow>(
      `INSERT INTO users (id, email, created_at) VALUES ($1, $2, $3)
       ON CONFLICT (email) DO UPDATE SET email = EXCLUDED.email RETURNING *`,
      [newId('usr'), email.toLowerCase(), new Date(this.clock.now())],
    );
    return toUser(res.rows[0]);
  }

  async getUser(id: string): Promise<User | null> {
    const res = await this.pool.query<UserRow>('SELECT * FROM users WHERE id = $1', [id]);
    return res.rows[0] ? toUser(res.rows[0]) : null;
  }

  /** A wrong email and a wrong password fail the same way, in about the same time. */
  async login(email: string, password: string): Promise<{ token: string; expires_at: string; user: User }> {
    const res = await this.pool.query<UserRow>('SELECT * FROM users WHERE email = $1', [email.toLowerCase()]);
    const row = res.rows[0];
    const ok = await verifyPassword(password, row?.password_hash ?? (await decoyPasswordHash()));
    if (!row || !row.password_hash || !ok) throw new InvalidCredentialsError('wrong email or password');
    const token = newSecret('pms_');
    const now = this.clock.now();
    const expires = new Date(now + this.sessionTtlMs);
    await this.pool.query(
      'INSERT INTO sessions (id, user_id, token_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)',
      [newId('ses'), row.id, hashSecret(token), new Date(now), expires],
    );
    return { token, expires_at: expires.toISOString(), user: toUser(row) };
  }

  /** The user of a live session token, or null (unknown, expired or logged out). */
  async userForSession(token: string): Promise<User | null> {
    const res = await this.pool.query<UserRow>(
      `SELECT u.* FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2`,
      [hashSecret(token), new Date(this.clock.now())],
    );
    return res.rows[0] ? toUser(res.rows[0]) : null;
  }

  /** Ends the session; true when a live session was ended. */
  async logout(token: string): Promise<boolean> {
    const res = await this.pool.query(
      'UPDATE sessions SET revoked_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > $2',
      [hashSecret(token), new Date(this.clock.now())],
    );
    return (res.rowCount ?? 0) > 0;
  }
}
