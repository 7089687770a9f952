/**
 * The conformance run behind `npm run conformance`: for each venue, its adapter's endpoints (the
 * descriptor's `conformance` checks, ./<code>/wire.ts) are called in order against the live venue
 * or a simulator, and every answer is checked against the venue's wire schema. Each endpoint comes
 * out ok, drifted (the answer does not fit the schema: which field), failed (no usable answer, or not
 * the status a signed no-op expects) or skipped (needs credentials, credentials that do not say the
 * wallet, or a value an earlier check did not find). When every venue fails with a DNS or connection
 * error before any answer, the run says "no network" instead.
 */
import type { z } from 'zod';
import type { VenueDescriptor } from './descriptor.js';
import type { ExchangeCode } from './exchanges.js';
import { VENUES } from './index.js';
import { startSimulators } from './simulators.js';
import { venueHttpRequest, VenueHttpError } from './trading-http.js';
import { describeIssue, type ConformanceCheck, type ConformanceKeys, type ConformanceValues } from './wire.js';

export type ConformanceOutcome = 'ok' | 'drifted' | 'failed' | 'skipped';

export interface ConformanceResult {
  venue: string;
  endpoint: string;
  outcome: ConformanceOutcome;
  /** What drifted (field and issue), why it failed, or why it was skipped; empty when ok. */
  detail: string;
}

export interface ConformanceReport {
  results: ConformanceResult[];
  /** Every venue tried failed on DNS or connect before any answer: no network here. */
  noNetwork: boolean;
}

export interface ConformanceVenue {
  descriptor: VenueDescriptor;
  /** Base URLs by the descriptor's keys (its defaults, overrides, or a simulator's). */
  baseUrls: Record<string, string>;
  keys: ConformanceKeys;
}

/** Socket error codes that mean the host could not be resolved or reached at all. */
const NO_ROUTE = new Set(['ENOTFOUND', 'EAI_AGAIN', 'ECONNREFUSED', 'ENETUNREACH', 'EHOSTUNREACH', 'ENETDOWN', 'EAI_FAIL', 'EAI_NONAME']);

const issues = (error: z.ZodError): string =>
  error.issues
    .slice(0, 3)
    .map((i) => describeIssue(i).detail)
    .join('; ');

/** Runs one venue's checks in order; `unreachable` says whether every request failed before any answer for lack of a route. */
export async function runVenueConformance(venue: ConformanceVenue, opts: { timeoutMs: number; withCredentials: boolean; now?: () => number }): Promise<{ results: ConformanceResult[]; unreachable: boolean }> {
  const code = venue.descriptor.code;
  const checks: readonly ConformanceCheck[] = venue.descriptor.conformance ? await venue.descriptor.conformance() : [];
  const values: ConformanceValues = new Map();
  const results: ConformanceResult[] = [];
  let tried = 0;
  let noRoute = 0;
  const now = opts.now ?? Date.now;
  for (const check of checks) {
    const out = (outcome: ConformanceOutcome, detail = '') => results.push({ venue: code, endpoint: check.endpoint, outcome, detail });
    if (check.authenticated && !(opts.withCredentials && venue.keys.credentials)) {
      out('skipped', 'needs credentials');
      continue;
    }
    let request;
    try {
      request = check.request(values, venue.keys);
    } catch (err) {
      // The stored credentials do not say which wallet to ask about (e.g. a proxy wallet without its funder).
      out('skipped', err instanceof Error ? err.message : String(err));
      continue;
    }
    if (!request) {
      out('skipped', 'an earlier check found nothing to ask about');
      continue;
    }
    const base = venue.baseUrls[check.base];
    if (!base) {
      out('failed', `no base URL "${check.base}"`);
      continue;
    }
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    const url = base.replace(/\/$/, '') + request.path;
    let headers: Record<string, string>;
    try {
      headers = { accept: 'application/json', ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...check.headers?.(request, venue.keys, now(), new URL(url)) };
    } catch (err) {
      // Credentials that cannot sign (a key that does not parse): nothing was sent, so it says nothing about the network.
      out('failed', `could not sign the request with the credentials: ${err instanceof Error ? err.message : String(err)}`);
      continue;
    }
    tried++;
    let status: number;
    let text: string;
    try {
      ({ status, text } = await venueHttpRequest(url, { method: request.method, headers, body, timeoutMs: opts.timeoutMs }));
    } catch (err) {
      const e = err as VenueHttpError;
      if (e instanceof VenueHttpError && e.code && NO_ROUTE.has(e.code)) noRoute++;
      out('failed', e instanceof VenueHttpError ? `${e.code ?? e.kind}: ${e.message}` : String(err));
      continue;
    }
    const expected = check.expectStatus === undefined ? status >= 200 && status < 300 : status === check.expectStatus;
    if (!expected) {
      out('failed', `HTTP ${status}${check.expectStatus === undefined ? '' : ` (expected ${check.expectStatus})`}: ${text.slice(0, 160)}`);
      continue;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      out('failed', 'the answer is not JSON');
      continue;
    }
    const parsed = check.schema.safeParse(json);
    if (!parsed.success) {
      out('drifted', issues(parsed.error));
      continue;
    }
    check.remember?.(json, values, venue.keys);
    out('ok');
  }
  return { results, unreachable: tried > 0 && noRoute === tried };
}

/** Runs every venue (in parallel: they are different hosts) and decides whether there was a network at all. */
export async function runConformance(venues: ConformanceVenue[], opts: { timeoutMs: number; withCredentials: boolean; now?: () => number }): Promise<ConformanceReport> {
  const runs = await Promise.all(venues.map((v) => runVenueConformance(v, opts)));
  const tried = runs.filter((r) => r.results.some((x) => x.outcome !== 'skipped'));
  return { results: runs.flatMap((r) => r.results), noNetwork: tried.length > 0 && tried.every((r) => r.unreachable) };
}

/** The report as the command prints it: one line per venue and endpoint, then a count. */
export function formatConformance(report: ConformanceReport): string {
  if (report.noNetwork) return 'no network: every venue failed on DNS or connect before answering (nothing was checked)';
  const width = Math.max(10, ...report.results.map((r) => r.endpoint.length));
  const lines = report.results.map((r) => `${r.venue.padEnd(11)} ${r.endpoint.padEnd(width)}  ${r.outcome}${r.detail ? `  ${r.detail}` : ''}`);
  const count = (o: ConformanceOutcome) => report.results.filter((r) => r.outcome === o).length;
  lines.push('', `${count('ok')} ok, ${count('drifted')} drifted, ${count('failed')} failed, ${count('skipped')} skipped`);
  return lines.join('\n');
}

/** The command's exit status: 0 only when nothing drifted or failed and there was a network. */
export const conformanceExitCode = (report: ConformanceReport): number => (report.noNetwork || report.results.some((r) => r.outcome === 'drifted' || r.outcome === 'failed') ? 1 : 0);

/**
 * The same run against the simulators of `codes` (the venues that declare checks), started here and
 * stopped after: what `npm run conformance` does without `--live`, and what the tests hold green. A
 * simulator serves no key checks for public reads, so no keys are given.
 */
export async function runSimulatorConformance(codes: readonly ExchangeCode[], opts: { timeoutMs: number }): Promise<ConformanceReport> {
  const withChecks = codes.filter((c) => VENUES.find((v) => v.code === c)?.conformance);
  const sims = await startSimulators(withChecks, { tickMs: 0, seed: 1 });
  try {
    const venues = withChecks.map((code) => ({ descriptor: VENUES.find((v) => v.code === code)!, baseUrls: sims.baseUrls[code] ?? {}, keys: { marketData: {}, credentials: null } }));
    return await runConformance(venues, { timeoutMs: opts.timeoutMs, withCredentials: false });
  } finally {
    await sims.stop();
  }
}
