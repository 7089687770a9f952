/**
 * The venues' wire formats as data, and what the service notices when a venue drifts from them.
 *
 * Each venue folder declares zod schemas of the payloads its adapter relies on (`<code>/wire.ts`),
 * taken from the venue's published spec, official SDK or recorded payloads, never from our own
 * adapter or simulator. They serve three readers:
 * - the adapters, which check live payloads with `checkWire` and keep going on a mismatch (the
 *   normaliser is tolerant), so a venue's change shows up in `/health` before users notice it;
 * - the simulator tests, which hold each simulator to the same schemas (a simulator cannot send what
 *   the venue never sends);
 * - the conformance command (`npm run conformance`), which calls the endpoints listed in a venue's
 *   `ConformanceCheck`s and reports ok / drifted / failed per endpoint.
 */
import type { z } from 'zod';

/** What kind of difference from the wire schema was seen. */
export type DriftKind = 'missing_field' | 'unknown_value' | 'shape';

export interface DriftNotice {
  readonly exchange: string;
  /** The endpoint or stream message, e.g. `GET /markets` or `ws orderbook_delta`. */
  readonly endpoint: string;
  readonly kind: DriftKind;
  /** Which field and what was seen, e.g. `markets[0].status: "frozen" is not a known status`. */
  readonly detail: string;
  /** ISO time of the last sighting. */
  readonly at: string;
  /** How many times this (endpoint, kind, detail) was seen since the process started. */
  readonly count: number;
}

/** The differences seen per venue, most recent first, bounded so a venue that drifts on every payload costs nothing. */
export class DriftLog {
  private readonly byExchange = new Map<string, Map<string, DriftNotice>>();

  constructor(private readonly perExchange = 20) {}

  note(exchange: string, endpoint: string, kind: DriftKind, detail: string, now = new Date()): DriftNotice {
    let notices = this.byExchange.get(exchange);
    if (!notices) this.byExchange.set(exchange, (notices = new Map()));
    const key = `${endpoint}\u0000${kind}\u0000${detail}`;
    const previous = notices.get(key);
    notices.delete(key);
    const notice: DriftNotice = { exchange, endpoint, kind, detail, at: now.toISOString(), count: (previous?.count ?? 0) + 1 };
    notices.set(key, notice);
    while (notices.size > this.perExchange) notices.delete(notices.keys().next().value as string);
    return notice;
  }

  /** The notices of one venue, the most recent first. */
  of(exchange: string): DriftNotice[] {
    return [...(this.byExchange.get(exchange)?.values() ?? [])].reverse();
  }

  clear(): void {
    this.byExchange.clear();
  }
}

/** The process's drift log: adapters write it, `/health` reads it. */
export const venueDrift = new DriftLog();

/** Turns a zod issue path into `a.b[0].c`. */
export function issuePath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, part) => (typeof part === 'number' ? `${out}[${part}]` : out ? `${out}.${String(part)}` : String(part)), '');
}

/**
 * The branch of a union that came nearest to matching (fewest issues, then the deepest): its first
 * issue, with the union's path in front. "Invalid input" at the union says nothing of what changed.
 */
function nearestUnionIssue(issue: z.core.$ZodIssue): z.core.$ZodIssue | null {
  if (issue.code !== 'invalid_union' || !issue.errors.length) return null;
  const depth = (branch: z.core.$ZodIssue[]) => Math.max(0, ...branch.map((i) => i.path.length));
  const best = [...issue.errors].filter((b) => b.length).sort((a, b) => a.length - b.length || depth(b) - depth(a))[0];
  return best ? { ...best[0], path: [...issue.path, ...best[0].path] } : null;
}

/** The drift kind and one-line detail of a zod issue. */
export function describeIssue(issue: z.core.$ZodIssue): { kind: DriftKind; detail: string } {
  const nearest = nearestUnionIssue(issue);
  if (nearest) return describeIssue(nearest);
  const where = issuePath(issue.path) || '(root)';
  // zod reports the input only when asked to: a wrong type must not read as a missing field.
  const absent = 'input' in issue ? issue.input === undefined : /received undefined$/.test(issue.message);
  if (issue.code === 'invalid_type' && absent) return { kind: 'missing_field', detail: `${where}: missing` };
  if (issue.code === 'invalid_value') return { kind: 'unknown_value', detail: `${where}: ${issue.message}` };
  return { kind: 'shape', detail: `${where}: ${issue.message}` };
}

/**
 * Checks a live payload against a venue's wire schema. A mismatch is noted in the drift log (the
 * first issue of each kind is enough to tell an operator what changed) and never thrown: the caller
 * keeps normalising what it can.
 */
export function checkWire(schema: z.ZodType, payload: unknown, where: { exchange: string; endpoint: string }, log = venueDrift): boolean {
  const result = schema.safeParse(payload);
  if (result.success) return true;
  for (const issue of result.error.issues.slice(0, 3)) {
    const { kind, detail } = describeIssue(issue);
    log.note(where.exchange, where.endpoint, kind, detail);
  }
  return false;
}

/** A request of the conformance command. */
export interface ConformanceRequest {
  readonly method: 'GET' | 'POST' | 'DELETE';
  /** Path under the base URL, with its query string. */
  readonly path: string;
  readonly body?: unknown;
}

/** Values an earlier check found (a market id from the listing) for the later ones to use. */
export type ConformanceValues = Map<string, string>;

/** One endpoint the adapter relies on, as the conformance command calls and checks it. */
export interface ConformanceCheck {
  /** Shown in the report, e.g. `GET /markets`. */
  readonly endpoint: string;
  /** The descriptor's base-URL key the request goes to (`rest`, `gamma`, `clob`...). */
  readonly base: string;
  /** Needs the venue's trading credentials (signed, or the account's wallet in the request); skipped without them. */
  readonly authenticated: boolean;
  /**
   * The request, or null when a value it needs was not found by an earlier check. An authenticated
   * check reads the account's wallet from `keys.credentials` where the venue wants it in the request
   * (a query parameter or path), and throws when the stored fields cannot say which wallet it is
   * (the run reports that check skipped, with the error's message).
   */
  request(values: ConformanceValues, keys: ConformanceKeys): ConformanceRequest | null;
  /**
   * The status the answer must have when it is not a 2xx: a signed no-op such as a cancel of an id no
   * order has expects the venue's not-found, whose error body `schema` then describes.
   */
  readonly expectStatus?: number;
  /** The schema the response must satisfy. */
  readonly schema: z.ZodType;
  /** Keeps what later checks need from the (valid) response (`keys`: to tell the account's own entries). */
  remember?(response: unknown, values: ConformanceValues, keys: ConformanceKeys): void;
  /**
   * Headers the request needs: a market-data key some venues want on public reads, or the signature
   * of an authenticated check (made from `keys.credentials`, which an authenticated check is only
   * run with). `url` is the whole address the request goes to, for venues that sign the base URL's
   * path too. Absent: no headers beyond `accept`.
   */
  headers?(request: ConformanceRequest, keys: ConformanceKeys, nowMs: number, url: URL): Record<string, string>;
}

/** What the conformance command holds of a venue's keys (secrets: never printed). */
export interface ConformanceKeys {
  /** The venue's market-data keys by field (its descriptor's `marketDataKeys`), where configured. */
  readonly marketData: Readonly<Record<string, string>>;
  /** The venue's trading credentials (the fields `/api/v1/credentials` stores), or null. */
  readonly credentials: Readonly<Record<string, unknown>> | null;
}
