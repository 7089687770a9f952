// Registering, listing and removing a user's venue credentials. What a set must hold is the venue
// descriptor's credential schema (src/venues/<code>/index.ts: an RSA key that parses, base64
// secrets, hex addresses...); a malformed set is refused with a message naming the field, and never
// stored. Values never leave this module except to the order clients, in memory.
import type { z } from 'zod';
import { VENUES } from '../venues/index.js';
import type { SealedIdentity } from './credential-cache.js';
import type { CredentialSetSummary, CredentialStore } from './credential-repository.js';
import { invalid, orderNotFound } from './errors.js';

const TRADED = VENUES.filter((v) => v.trading && v.credentials);
const BY_CODE = new Map<string, (typeof VENUES)[number]>(TRADED.map((v) => [v.code, v]));

/** The venues a credential set can be stored for, in x1..x9 order. */
export const CREDENTIAL_EXCHANGES: readonly string[] = TRADED.map((v) => v.code);

function describe(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => {
      const field = issue.path.length ? issue.path.join('.') : 'body';
      return `${field}: ${issue.code === 'invalid_type' && /received undefined/.test(issue.message) ? 'is required' : issue.message}`;
    })
    .join('; ');
}

export class CredentialsService {
  constructor(private readonly store: CredentialStore) {}

  /** Validates and stores a set (replacing the user's previous one for the venue). */
  async register(userId: string, body: unknown): Promise<{ summary: CredentialSetSummary; created: boolean }> {
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw invalid('body: must be a JSON object with exchange and the venue\'s credential fields');
    const { exchange, ...values } = body as Record<string, unknown>;
    if (typeof exchange !== 'string' || !exchange) throw invalid(`exchange: is required (one of ${CREDENTIAL_EXCHANGES.join(', ')})`);
    const venue = BY_CODE.get(exchange);
    if (!venue?.credentials) throw invalid(`exchange: ${exchange} has no trading; credentials are stored for ${CREDENTIAL_EXCHANGES.join(', ')}`);
    const parsed = venue.credentials.safeParse(values);
    if (!parsed.success) throw invalid(describe(parsed.error));
    return this.store.put(userId, exchange, parsed.data);
  }

  /** Stores a set that was made here (Polymarket's derived L2 credentials), through the same schema. */
  async storeDerived(userId: string, exchange: string, values: Record<string, unknown>): Promise<CredentialSetSummary> {
    return (await this.register(userId, { ...values, exchange })).summary;
  }

  list(userId: string): Promise<CredentialSetSummary[]> {
    return this.store.list(userId);
  }

  async remove(userId: string, exchange: string): Promise<void> {
    if (!(await this.store.remove(userId, exchange))) throw orderNotFound(`no stored credentials for ${exchange}`);
  }

  /** The decrypted set and the row it came from, for placing an order (see CredentialStore.getForOrder), or null. */
  getForOrder(userId: string, exchange: string): Promise<{ value: Readonly<Record<string, unknown>>; row: SealedIdentity } | null> {
    return this.store.getForOrder(userId, exchange);
  }

  /** Forgets the cached set of a row that changed (the next use reads it again). */
  forget(userId: string, exchange: string): void {
    this.store.forget(userId, exchange);
  }

  /** The decrypted set, or null (for the order clients only). */
  get(userId: string, exchange: string): Promise<Record<string, unknown> | null> {
    return this.store.get(userId, exchange);
  }
}
