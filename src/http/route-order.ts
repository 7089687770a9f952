// The keyed routers answer most specific first, whatever order the features list them in:
// `/search/markets` reaches the search router, not the venue router's `/:exchange/markets` taking
// `search` for a venue. For each request, the routers whose routes match its method and path are tried
// in the order of their best match (at the first position where two matching routes differ, a literal
// segment wins over a parameter), then the others in the given order. So adding a feature never means
// finding its place in a list.
import { Router, type NextFunction, type Request, type Response } from 'express';

export interface RouterMount {
  /** Where the router is mounted under /api/v1, e.g. `/search` or `/`. */
  path: string;
  router: Router;
}

type Segment = { kind: 'literal'; text: string } | { kind: 'param' } | { kind: 'rest' };

interface RoutePattern {
  segments: Segment[];
  /** Lower-case methods; null = every method (a nested router or `all`). */
  methods: Set<string> | null;
}

interface LayerLike {
  route?: { path: string | string[]; methods?: Record<string, boolean> };
  rawPath?: string | string[];
  handle?: { stack?: LayerLike[] };
}

function segments(path: string): Segment[] {
  return path
    .split('/')
    .filter(Boolean)
    .map((s): Segment => (s.startsWith('*') ? { kind: 'rest' } : s.includes(':') || s.includes('{') ? { kind: 'param' } : { kind: 'literal', text: s }));
}

const join = (a: string, b: string): string => `${a.replace(/\/+$/, '')}/${b.replace(/^\/+/, '')}`;

/** A router's routes (nested routers' included) under `prefix`. */
function routesOf(router: { stack?: LayerLike[] }, prefix: string): RoutePattern[] {
  const out: RoutePattern[] = [];
  for (const layer of router.stack ?? []) {
    if (layer.route) {
      const methods = layer.route.methods ?? {};
      const all = methods._all === true;
      for (const p of [layer.route.path].flat()) out.push({ segments: segments(join(prefix, p)), methods: all ? null : new Set(Object.keys(methods).filter((m) => methods[m])) });
    } else if (layer.handle?.stack && typeof layer.rawPath === 'string') {
      out.push(...routesOf(layer.handle, join(prefix, layer.rawPath)));
    }
  }
  return out;
}

function matches(route: RoutePattern, method: string, parts: readonly string[]): boolean {
  if (route.methods && !route.methods.has(method) && !(method === 'head' && route.methods.has('get'))) return false;
  for (let i = 0; i < route.segments.length; i++) {
    const s = route.segments[i];
    if (s.kind === 'rest') return parts.length > i;
    if (i >= parts.length) return false;
    if (s.kind === 'literal' && s.text !== parts[i]) return false;
  }
  return parts.length === route.segments.length;
}

/**
 * Of two routes that match one path: negative when `a` is the more specific (a literal where `b` has a
 * parameter at the first position their kinds differ), positive for `b`, 0 for neither.
 */
export function compareSpecificity(a: string, b: string): number {
  return compareSegments(segments(a), segments(b));
}

function compareSegments(a: readonly Segment[], b: readonly Segment[]): number {
  const rank = (s: Segment | undefined) => (s === undefined ? 3 : s.kind === 'literal' ? 0 : s.kind === 'param' ? 1 : 2);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = rank(a[i]) - rank(b[i]);
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * Mounts `mounts` on `parent` as one middleware that, for each request, runs the routers most specific
 * first (see the header); a router that does not answer passes the request on, as mounted routers do.
 */
export function mountMostSpecificFirst(parent: Router, mounts: readonly RouterMount[]): void {
  const entries = mounts.map((m, index) => {
    // Each router behind its own mount path, so it sees the path relative to it as when mounted alone.
    const mounted = Router();
    mounted.use(m.path, m.router);
    return { index, mounted, routes: routesOf(m.router as unknown as { stack?: LayerLike[] }, m.path) };
  });
  parent.use((req: Request, res: Response, next: NextFunction) => {
    const method = req.method.toLowerCase();
    const parts = req.path.split('/').filter(Boolean);
    const ranked = entries.map((e) => {
      let best: Segment[] | null = null;
      for (const r of e.routes) if (matches(r, method, parts) && (!best || compareSegments(r.segments, best) < 0)) best = r.segments;
      return { e, best };
    });
    ranked.sort((x, y) => (x.best && y.best ? compareSegments(x.best, y.best) : x.best ? -1 : y.best ? 1 : 0) || x.e.index - y.e.index);
    let k = 0;
    const step = (err?: unknown): void => {
      if (err !== undefined && err !== null && err !== 'router') return next(err);
      const entry = ranked[k++];
      if (!entry) return next();
      entry.e.mounted(req, res, step);
    };
    step();
  });
}
