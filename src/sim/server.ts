/**
 * The base of every venue simulator: a node http server on 127.0.0.1 (random port) with a tiny router,
 * JSON helpers, an optional WebSocket endpoint, a request log (for tests that pin what an adapter
 * sent), and fault injection (5xx, 429 with Retry-After, slow answers, dropped sockets).
 */
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

export interface SimRequest {
  method: string;
  /** Path without the query string, as received. */
  path: string;
  query: URLSearchParams;
  /** Values of `:name` segments of the route pattern (URL-decoded). */
  params: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** Parsed JSON body (or the raw string when it is not JSON), undefined when empty. */
  body: unknown;
}

export interface SimResponse {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type SimHandler = (req: SimRequest) => SimResponse | Promise<SimResponse>;

export interface LoggedRequest {
  method: string;
  path: string;
  /** The query string exactly as sent (without `?`). */
  search: string;
  headers: IncomingHttpHeaders;
  at: number;
  /** The parsed body, once read (static request tests check what a client sent). */
  body?: unknown;
}

/** Which requests a fault applies to: all, those whose path starts with a prefix, or matches a RegExp. */
export type FaultMatch = string | RegExp | undefined;

type Fault =
  | { kind: 'status'; remaining: number; status: number; retryAfterS: number | null; match: FaultMatch }
  | { kind: 'drop'; remaining: number; match: FaultMatch };

interface Route {
  method: string;
  segments: string[];
  handler: SimHandler;
}

export const json = (body: unknown, status = 200, headers?: Record<string, string>): SimResponse => ({ status, body, headers });
export const notFound = (message = 'not found'): SimResponse => ({ status: 404, body: { error: message } });
export const badRequest = (message: string): SimResponse => ({ status: 400, body: { error: message } });

function matches(match: FaultMatch, path: string): boolean {
  if (match === undefined) return true;
  return typeof match === 'string' ? path.startsWith(match) : match.test(path);
}

export class SimServer {
  readonly requests: LoggedRequest[] = [];
  private readonly routes: Route[] = [];
  private readonly wsHandlers = new Map<string, (socket: WebSocket, req: IncomingMessage) => void>();
  private readonly wsClients = new Set<WebSocket>();
  private readonly sockets = new Set<Socket>();
  private faults: Fault[] = [];
  private slowMs = 0;
  private slowRemaining = 0;
  private slowMatch: FaultMatch = undefined;
  private server: http.Server | null = null;
  private wss: WebSocketServer | null = null;
  private _baseUrl: string | null = null;
  /** Request log cap, so a long-running `npm run sim` does not grow without bound. */
  maxLoggedRequests = 5_000;

  constructor(readonly name: string) {}

  get baseUrl(): string {
    if (!this._baseUrl) throw new Error(`${this.name} simulator is not started`);
    return this._baseUrl;
  }

  /** ws:// form of the base URL. */
  get wsBaseUrl(): string {
    return this.baseUrl.replace(/^http/, 'ws');
  }

  route(method: string, pattern: string, handler: SimHandler): this {
    this.routes.push({ method: method.toUpperCase(), segments: pattern.split('/').filter(Boolean), handler });
    return this;
  }

  get(pattern: string, handler: SimHandler): this {
    return this.route('GET', pattern, handler);
  }

  post(pattern: string, handler: SimHandler): this {
    return this.route('POST', pattern, handler);
  }

  /** Accepts WebSocket upgrades on exactly this path. */
  websocket(path: string, onConnection: (socket: WebSocket, req: IncomingMessage) => void): this {
    this.wsHandlers.set(path, onConnection);
    return this;
  }

  // ---- fault injection -------------------------------------------------------------------------

  /** The next `n` matching requests answer `status` (default 503). */
  fail(n: number, status = 503, match?: FaultMatch): this {
    this.faults.push({ kind: 'status', remaining: n, status, retryAfterS: null, match });
    return this;
  }

  /** The next `n` matching requests answer 429 with `Retry-After: retryAfterS`. */
  rateLimit(n: number, retryAfterS = 1, match?: FaultMatch): this {
    this.faults.push({ kind: 'status', remaining: n, status: 429, retryAfterS, match });
    return this;
  }

  /** Delays matching answers by `ms` (for the next `n` requests; default until `clearFaults`). */
  slow(ms: number, n = Number.POSITIVE_INFINITY, match?: FaultMatch): this {
    this.slowMs = ms;
    this.slowRemaining = n;
    this.slowMatch = match;
    return this;
  }

  /** The next `n` matching HTTP requests get their socket destroyed without an answer. */
  dropSockets(n: number, match?: FaultMatch): this {
    this.faults.push({ kind: 'drop', remaining: n, match });
    return this;
  }

  /** Abruptly terminates every open WebSocket (clients see an abnormal close). */
  dropWebSockets(): number {
    const n = this.wsClients.size;
    for (const c of this.wsClients) c.terminate();
    return n;
  }

  clearFaults(): this {
    this.faults = [];
    this.slowMs = 0;
    this.slowRemaining = 0;
    return this;
  }

  /** Number of open WebSocket clients. */
  get wsClientCount(): number {
    return this.wsClients.size;
  }

  /** Sends a JSON message to every open client of a WebSocket path that passes `filter`. */
  broadcast(message: unknown, filter?: (socket: WebSocket) => boolean): void {
    const text = typeof message === 'string' ? message : JSON.stringify(message);
    for (const c of this.wsClients) if (c.readyState === c.OPEN && (!filter || filter(c))) c.send(text);
  }

  // ---- lifecycle -------------------------------------------------------------------------------

  async start(port = 0, host = '127.0.0.1'): Promise<string> {
    if (this.server) return this.baseUrl;
    const server = http.createServer((req, res) => void this.handle(req, res));
    server.keepAliveTimeout = 5_000;
    server.on('connection', (s: Socket) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    if (this.wsHandlers.size > 0) {
      const wss = new WebSocketServer({ noServer: true });
      this.wss = wss;
      server.on('upgrade', (req, socket, head) => {
        const path = (req.url ?? '/').split('?')[0];
        const handler = this.wsHandlers.get(path);
        if (!handler) {
          socket.write('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
          socket.destroy();
          return;
        }
        wss.handleUpgrade(req, socket, head, (ws) => {
          this.wsClients.add(ws);
          ws.on('close', () => this.wsClients.delete(ws));
          ws.on('error', () => this.wsClients.delete(ws));
          handler(ws, req);
        });
      });
    }
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    this.server = server;
    const addr = server.address() as AddressInfo;
    this._baseUrl = `http://${host}:${addr.port}`;
    return this._baseUrl;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    for (const c of this.wsClients) c.terminate();
    this.wsClients.clear();
    this.wss?.close();
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  // ---- request handling ------------------------------------------------------------------------

  private takeFault(path: string): Fault | null {
    for (const f of this.faults) {
      if (f.remaining > 0 && matches(f.match, path)) {
        f.remaining -= 1;
        this.faults = this.faults.filter((x) => x.remaining > 0);
        return f;
      }
    }
    return null;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const t0 = performance.now();
    const url = new URL(req.url ?? '/', 'http://sim');
    const path = url.pathname;
    const logged: LoggedRequest = { method: req.method ?? 'GET', path, search: url.search.replace(/^\?/, ''), headers: req.headers, at: Date.now() };
    this.requests.push(logged);
    if (this.requests.length > this.maxLoggedRequests) this.requests.splice(0, this.requests.length - this.maxLoggedRequests);

    try {
      // Read first: a slow venue has received the request (and acts on it) even when its answer comes too late.
      const body = await readBody(req);
      logged.body = body;
      if (this.slowMs > 0 && this.slowRemaining > 0 && matches(this.slowMatch, path)) {
        this.slowRemaining -= 1;
        await new Promise((r) => setTimeout(r, this.slowMs));
      }
      const fault = this.takeFault(path);
      if (fault?.kind === 'drop') {
        req.socket.destroy();
        return;
      }
      if (fault?.kind === 'status') {
        const headers: Record<string, string> = fault.retryAfterS !== null ? { 'retry-after': String(fault.retryAfterS) } : {};
        return this.send(res, t0, { status: fault.status, body: { error: fault.status === 429 ? 'Too Many Requests' : 'injected failure' }, headers });
      }

      for (const r of this.routes) {
        if (r.method !== (req.method ?? 'GET').toUpperCase()) continue;
        const params = matchSegments(r.segments, path.split('/').filter(Boolean));
        if (!params) continue;
        const out = await r.handler({ method: r.method, path, query: url.searchParams, params, headers: req.headers, body });
        return this.send(res, t0, out);
      }
      this.send(res, t0, notFound(`no route ${req.method} ${path}`));
    } catch (err) {
      this.send(res, t0, { status: 500, body: { error: err instanceof Error ? err.message : String(err) } });
    }
  }

  /** Answers; `Server-Timing: sim;dur=` says how long the simulator took (benchmarks subtract it from round trips). */
  private send(res: ServerResponse, t0: number, out: SimResponse): void {
    if (res.destroyed || res.headersSent) return;
    const status = out.status ?? 200;
    const payload = out.body === undefined ? '' : typeof out.body === 'string' ? out.body : JSON.stringify(out.body);
    const handling = `sim;dur=${(performance.now() - t0).toFixed(3)}`;
    res.writeHead(status, { 'content-type': typeof out.body === 'string' ? 'text/plain' : 'application/json', 'server-timing': handling, ...out.headers });
    res.end(payload);
  }
}

function matchSegments(pattern: string[], actual: string[]): Record<string, string> | null {
  if (pattern.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i];
    if (p.startsWith(':')) {
      try {
        params[p.slice(1)] = decodeURIComponent(actual[i]);
      } catch {
        return null;
      }
    } else if (p !== actual[i]) return null;
  }
  return params;
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  if (req.method === 'GET' || req.method === 'HEAD') return undefined;
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  if (chunks.length === 0) return undefined;
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Parses a positive integer query parameter with a default and a maximum (simulators mirror venue limits). */
export function intParam(q: URLSearchParams, name: string, def: number, max: number): number {
  const v = q.get(name);
  if (v === null || v === '') return def;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) return def;
  return Math.min(n, max);
}
