// Operations of the interface (docs/interface-spec.md §4 + docs/api-contract.md §5) that this version does not serve yet. Each is
// one entry below; the branch that builds an operation mounts its real route and deletes the entry
// (a test fails while an entry names an operation the OpenAPI document already lists).
//
// What the fallback answers, after every real router had its chance:
// - an entry's method and path, on a venue that has the operation: 501 (never invented data);
// - anything else: 404 (a typo such as /kalshi/{id}/orderbok is no operation at all).
// A known path with a method it does not take is a 405, answered before the routers
// (middleware/method-not-allowed.ts); the entries here count as known paths for it.
import type { RequestHandler } from 'express';
import { EXCHANGE_CODES, type ExchangeCode } from '../../venues/exchanges.js';
import { HttpError, notFound, notImplemented } from '../errors.js';
import { compilePathTemplate, type PathMatcher } from '../path-template.js';

/** The capability whose arrival builds an operation. */
export type PendingCapability = 'recorded-data' | 'trading';

export interface NotBuiltOperation {
  method: 'GET' | 'POST' | 'DELETE';
  /** OpenAPI-style path template; `{exchange}` only matches the codes of `exchanges`. */
  path: string;
  capability: PendingCapability;
  /** The operation's public name, used in the 404 of a venue that lacks it. */
  operation: string;
  /** For paths with `{exchange}`: the venues that have the operation (docs/interface-spec.md §4.6-4.7 and docs/api-contract.md lists). */
  exchanges?: readonly ExchangeCode[];
}

const ALL: readonly ExchangeCode[] = EXCHANGE_CODES;
// Per-operation venue lists follow docs/interface-spec.md §4.7 (by name only) and docs/api-contract.md §1/§5 (typed: a renamed
// code fails to compile).

export const NOT_BUILT: readonly NotBuiltOperation[] = [
  // Every operation of the interface is built; an operation added to the interface before its
  // route goes here until the route lands.
];

interface CompiledEntry {
  entry: NotBuiltOperation;
  /** Matches the path on the venues that have the operation. */
  onVenue: PathMatcher;
  /** Matches the path on any venue code (to name the operation in a 404). */
  anyVenue: PathMatcher;
}

function compile(entries: readonly NotBuiltOperation[]): CompiledEntry[] {
  return entries.map((entry) => ({
    entry,
    onVenue: compilePathTemplate(entry.path, { exchange: entry.exchanges ?? ALL }),
    anyVenue: compilePathTemplate(entry.path, { exchange: ALL }),
  }));
}

/** The entries as (method, path, path-parameter values) for the 405 check's table of known paths. */
export function notBuiltRoutes(entries: readonly NotBuiltOperation[] = NOT_BUILT): { method: string; path: string; enums: Record<string, readonly string[]> }[] {
  return entries.map((e) => ({ method: e.method, path: e.path, enums: { exchange: e.exchanges ?? ALL } }));
}

/**
 * The last handler before the 404 of unknown routes: 501 for an operation listed as not built, 404
 * naming the operation for a venue that lacks it; anything else goes on to the plain 404.
 */
export function notBuiltFallback(entries: readonly NotBuiltOperation[] = NOT_BUILT): RequestHandler {
  const compiled = compile(entries);
  return (req, _res, next) => {
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    const path = req.path;
    for (const c of compiled) {
      if (c.entry.method === method && c.onVenue(path)) {
        throw notImplemented(`${req.method} ${path} (${c.entry.operation}) is not available in this version of the service yet`);
      }
    }
    for (const c of compiled) {
      const params = c.anyVenue(path);
      if (params && !c.onVenue(path)) throw lacks(params.exchange ?? 'this venue', c.entry.operation);
    }
    next();
  };
}

function lacks(exchange: string, operation: string): HttpError {
  return notFound(`${exchange} has no ${operation} operation`);
}
