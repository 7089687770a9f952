// A known path asked with a method it does not take is a 405 with an `Allow` header (RFC 9110),
// answered before any router, so the answer is the same with or without a key. "Known" is what the
// service documents: every operation of its OpenAPI document (which the route modules register next
// to their handlers) plus the operations listed as not built yet. OPTIONS on a known path answers
// 204 with the same `Allow`. Paths that match no operation go on (to the 404 of unknown routes).
import type { RequestHandler } from 'express';
import { HttpError } from '../errors.js';
import { compilePathTemplate, splitPath, type PathMatcher } from '../path-template.js';

export interface KnownOperation {
  method: string;
  /** OpenAPI-style template. */
  path: string;
  /** Allowed values of path parameters that have a fixed set (e.g. venue codes). */
  enums?: Record<string, readonly string[]>;
}

interface OpenApiParameter {
  in?: string;
  name?: string;
  schema?: { enum?: unknown[] };
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);

/** The operations of an OpenAPI document, with the enums of their path parameters. */
export function operationsOf(doc: { paths?: object }): KnownOperation[] {
  const ops: KnownOperation[] = [];
  const paths = (doc.paths ?? {}) as Record<string, Record<string, { parameters?: OpenApiParameter[] }>>;
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!HTTP_METHODS.has(method)) continue;
      const enums: Record<string, string[]> = {};
      for (const p of op.parameters ?? []) {
        if (p.in === 'path' && p.name && Array.isArray(p.schema?.enum)) enums[p.name] = p.schema.enum.map(String);
      }
      ops.push({ method: method.toUpperCase(), path, enums });
    }
  }
  return ops;
}

/** The methods a path takes (HEAD wherever GET is), or null when no known operation has the path. */
export function allowedMethodsOf(operations: readonly KnownOperation[]): (path: string) => string[] | null {
  // Grouped by segment count: a request path is split once and tried only against templates of its
  // length (this runs before every request).
  const byLength = new Map<number, { method: string; match: PathMatcher }[]>();
  for (const o of operations) {
    const match = compilePathTemplate(o.path, o.enums);
    byLength.set(match.segmentCount, [...(byLength.get(match.segmentCount) ?? []), { method: o.method.toUpperCase(), match }]);
  }
  return (path) => {
    const segs = splitPath(path);
    const methods = new Set<string>();
    // Concrete paths before templated ones (as OpenAPI matches): only the most literal templates that match count.
    let literal = -1;
    for (const c of byLength.get(segs.length) ?? []) {
      if (!c.match.segments(segs) || c.match.literalCount < literal) continue;
      if (c.match.literalCount > literal) methods.clear();
      literal = c.match.literalCount;
      methods.add(c.method);
    }
    if (methods.size === 0) return null;
    if (methods.has('GET')) methods.add('HEAD');
    methods.add('OPTIONS');
    return [...methods].sort();
  };
}

export function methodNotAllowed(operations: readonly KnownOperation[]): RequestHandler {
  const allowedFor = allowedMethodsOf(operations);
  return (req, res, next) => {
    const allowed = allowedFor(req.path);
    if (!allowed) return next();
    if (req.method === 'OPTIONS') {
      res.setHeader('Allow', allowed.join(', '));
      res.status(204).end();
      return;
    }
    if (allowed.includes(req.method)) return next();
    throw new HttpError(405, `${req.method} is not allowed on ${req.path}; allowed: ${allowed.join(', ')}`, { Allow: allowed.join(', ') });
  };
}
