// OpenAPI-style path templates (`/api/v1/{exchange}/{market_id}/market`) as matchers of request
// paths, for the checks that run outside Express's own routing: the 405 of a known path and the
// fallback of operations not built yet. Literal segments compare case-insensitively and a trailing
// slash is ignored, as Express routes do; a parameter matches one non-empty segment, restricted to a
// list of values when one is given (e.g. `{exchange}` to the venue codes).

/** The decoded path parameters when the path matches, else null. */
export type PathMatcher = ((path: string) => Record<string, string> | null) & {
  /** Number of segments the template has (a path of another length never matches). */
  readonly segmentCount: number;
  /** Number of its literal segments: of two templates matching a path, the more literal one names it (`/orders/prepare` over `/orders/{id}`). */
  readonly literalCount: number;
  /** The same match on a path already split with `splitPath`. */
  readonly segments: (segs: readonly string[]) => Record<string, string> | null;
};

type Part = { literal: string } | { param: string; allowed: Set<string> | null };

export function compilePathTemplate(template: string, enums: Record<string, readonly string[] | undefined> = {}): PathMatcher {
  const parts: Part[] = splitPath(template).map((seg) => {
    const param = /^\{([^}]+)\}$/.exec(seg)?.[1];
    return param ? { param, allowed: enums[param] ? new Set(enums[param]) : null } : { literal: seg.toLowerCase() };
  });
  const segments = (segs: readonly string[]): Record<string, string> | null => {
    if (segs.length !== parts.length) return null;
    const params: Record<string, string> = {};
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i];
      if ('literal' in part) {
        if (segs[i].toLowerCase() !== part.literal) return null;
        continue;
      }
      const value = decodeSegment(segs[i]);
      if (!value || (part.allowed && !part.allowed.has(value))) return null;
      params[part.param] = value;
    }
    return params;
  };
  return Object.assign((path: string) => segments(splitPath(path)), { segmentCount: parts.length, literalCount: parts.filter((p) => 'literal' in p).length, segments });
}

/** The segments of a path ('/a/b/' -> ['a', 'b']). */
export function splitPath(path: string): string[] {
  const trimmed = path.endsWith('/') && path.length > 1 ? path.slice(0, -1) : path;
  return trimmed.split('/').slice(1);
}

function decodeSegment(seg: string): string | null {
  if (!seg.includes('%')) return seg;
  try {
    return decodeURIComponent(seg);
  } catch {
    return null;
  }
}
